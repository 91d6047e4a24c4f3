"""Pegging search: the play of the cards, looked at ahead over what the opponents may hold.

Ranks are all that matter in the play, so a position is: each player's remaining ranks, the ranks of
the current series, the count, whose turn it is, who has said go, and who played last. The rules
are those of the engine (rulings 8-9, 19): :func:`solve` plays them out exactly.

* Two players: the opponent's unseen cards are sampled consistently with the view (after a go at
  count c, every card they still hold has more than 31 - c pips) and each sample is solved exactly by
  memoised minimax over the rest of the play; the play with the best average wins.
* Three or four players: each sample is played out with a one-move-deep policy for everyone after
  the candidate card (a Monte Carlo rollout).

>>> from pegboard.scoring.play import score_play
>>> play_points((5, 10), 15)  # a ten on a five: fifteen two
2
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from pegboard.scoring.play import play_points

__all__ = ["play_points", "PlayPosition", "Solver", "solve", "best_plays", "compress", "sample_hands", "pack_hands",
           "WIN", "ReplyModel"]

PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Pip value by rank (index 1-13)."""


class PlayPosition:
    """A position in the play: hands as sorted rank tuples per seat, the series, count, turn..."""

    __slots__ = ("hands", "series", "count", "turn", "go", "last", "single_series", "continue_after_go")

    def __init__(self, hands: tuple[tuple[int, ...], ...], series: tuple[int, ...], count: int, turn: int,
                 go: int, last: int, single_series: bool = False, continue_after_go: bool = True) -> None:
        self.hands = hands
        self.series = series
        self.count = count
        self.turn = turn
        self.go = go  # bitmask of seats that said go in this series
        self.last = last  # seat that played last in this series, -1 if none
        self.single_series = single_series
        self.continue_after_go = continue_after_go


ReplyModel = Callable[[int, tuple[int, ...], int, tuple[int, ...]], Sequence[float]]
"""The chance of each playable rank (lowest first) being played from a hand (one seat's packed
ranks, :func:`pack_hands`) on a series at a count."""

WIN = 100.0
"""Value of a side reaching its goal (pegging out); quicker wins count a little more."""


@lru_cache(maxsize=1 << 16)
def compress(series: tuple[int, ...]) -> tuple[int, ...]:
    """The part of a series that can still score: the trailing pair/royal, or else the longest tail
    of distinct ranks (a run cannot reach past a repeated rank)."""
    size = len(series)
    if size < 2:
        return series
    last = series[-1]
    if series[-2] == last:
        same = 2
        while same < size and series[-same - 1] == last:
            same += 1
        return series[-same:]
    seen = 0
    for length in range(1, size + 1):
        rank = series[-length]
        if seen >> rank & 1:
            return series[-length + 1:]
        seen |= 1 << rank
    return series


class Solver:
    """Exact two-side minimax over the rest of the play, memoised. Values are ``me``'s side's points
    minus the other side's from here on; with ``goals`` (points each side still needs to win), a side
    reaching its goal ends the game: +-:data:`WIN`."""

    def __init__(self, seats: int, side_of: Sequence[int], me: int, *, single_series: bool = False,
                 continue_after_go: bool = True, goals: tuple[int, int] | None = None,
                 end_value: Callable[[int, int], float] | None = None, series_horizon: bool = False,
                 opponent_blend: float = 0.0, reply_model: ReplyModel | None = None, reply_weight: float = 0.0
                 ) -> None:
        self.single = single_series
        # The other side's choice: the worst for me (0), or that blended with the average of their moves
        # (they cannot see my cards, so they do not always find my worst).
        self.blend = opponent_blend
        # A model of how the other side answers (chances of each playable rank from their hand), mixed
        # in by reply_weight: a player who plays by a known book is predictable.
        self.reply_model = reply_model if reply_weight else None
        self.reply_weight = reply_weight
        self.carry_on = continue_after_go
        self.goals = goals
        # With end_value (goals required) values are utilities: +-WIN for pegging out, and at the end of
        # the play end_value(points pegged by my side, by the other) -- e.g. a scaled win probability.
        self.end_value = end_value if goals is not None else None
        # With series_horizon the search stops where the current series ends (big 3-4 player positions):
        # later series start afresh from a count of 0, so most of what a card does now is inside it.
        self.series_horizon = series_horizon
        self.memo: dict[tuple[object, ...], float] = {}
        self.ours = tuple(side == side_of[me] for side in side_of)  # by seat: on my side?
        self.after = tuple(tuple((seat + step) % seats for step in range(1, seats + 1)) for seat in range(seats))

    def move_values(self, position: PlayPosition) -> dict[int, float]:
        """The value of each distinct rank the player to move may play (``position.turn``)."""
        hands, turn = pack_hands(position.hands), position.turn
        playable = _playable(hands >> _SEAT_BITS * turn & _HAND_MASK, 31 - position.count)
        return dict(zip(playable, self._children(hands, position.series, position.count, turn, position.go, 0, 0,
                                                 playable)))

    def value(self, hands: int, series: tuple[int, ...], count: int, turn: int, go: int,
              last: int, mine: int, theirs: int) -> float:
        """Value of the position (``hands`` packed by :func:`pack_hands`) with ``turn`` to move."""
        key = (hands, series, count, turn, go, last) if self.goals is None else \
            (hands, series, count, turn, go, last, mine, theirs)
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        playable = _playable(hands >> _SEAT_BITS * turn & _HAND_MASK, 31 - count)
        if playable:
            values = self._children(hands, series, count, turn, go, mine, theirs, playable)
            if self.ours[turn]:
                best = max(values)
            elif len(values) > 1:
                best = min(values)
                if self.blend:
                    best = (1 - self.blend) * best + self.blend * sum(values) / len(values)
                if self.reply_model is not None:
                    chances = self.reply_model(hands >> _SEAT_BITS * turn & _HAND_MASK, series, count, playable)
                    expected = sum(chance * value for chance, value in zip(chances, values))
                    best = (1 - self.reply_weight) * best + self.reply_weight * expected
            else:
                best = values[0]
        elif self.carry_on:  # a go
            best = self._pass(hands, series, count, turn, go | (1 << turn), last, mine, theirs)
        else:
            best = self._end(hands, last, False, mine, theirs)
        self.memo[key] = best
        return best

    def _children(self, hands: int, series: tuple[int, ...], count: int, turn: int, go: int, mine: int,
                  theirs: int, playable: tuple[int, ...]) -> list[float]:
        """``turn`` plays each rank of ``playable`` in turn: its points now plus the value of what
        follows. (One call per position, not per move: this loop is the expert's hottest.)"""
        values: list[float] = []
        ours = self.ours[turn]
        goals = self.goals
        raw = self.end_value is not None
        shift = _SEAT_BITS * turn - 3
        for rank in playable:
            new_hands = hands - (1 << shift + 3 * rank)
            new_count, points, new_series = _lay(series, count, rank)
            now_mine, now_theirs = mine, theirs
            if goals is not None:
                if ours:
                    now_mine += points
                    if now_mine >= goals[0]:
                        values.append(WIN - 0.01 * len(new_series))
                        continue
                else:
                    now_theirs += points
                    if now_theirs >= goals[1]:
                        values.append(-WIN + 0.01 * len(new_series))
                        continue
            if new_count == 31:
                rest = self._end(new_hands, turn, True, now_mine, now_theirs)
            else:  # the next player in turn who holds cards and has not said go (ruling 9)
                for candidate in self.after[turn]:
                    if new_hands >> _SEAT_BITS * candidate & _HAND_MASK and not go >> candidate & 1:
                        rest = self.value(new_hands, new_series, new_count, candidate, go, turn, now_mine,
                                          now_theirs)
                        break
                else:
                    rest = self._end(new_hands, turn, False, now_mine, now_theirs)
            if raw or abs(rest) >= WIN / 2:
                values.append(rest)
            else:
                values.append(rest + points if ours else rest - points)
        return values

    def _pass(self, hands: int, series: tuple[int, ...], count: int, seat: int, go: int,
              last: int, mine: int, theirs: int) -> float:
        for candidate in self.after[seat]:
            if hands >> _SEAT_BITS * candidate & _HAND_MASK and not go >> candidate & 1:
                return self.value(hands, series, count, candidate, go, last, mine, theirs)
        return self._end(hands, last, False, mine, theirs)

    def _end(self, hands: int, last: int, thirty_one: bool, mine: int, theirs: int) -> float:
        bonus = 0.0
        if not thirty_one and last >= 0:
            if self.ours[last]:
                bonus, mine = 1.0, mine + 1
                if self.goals is not None and mine >= self.goals[0]:
                    return WIN
            else:
                bonus, theirs = -1.0, theirs + 1
                if self.goals is not None and theirs >= self.goals[1]:
                    return -WIN
        if self.single or not hands or self.series_horizon:
            return self.end_value(mine, theirs) if self.end_value is not None else bonus
        for candidate in self.after[last]:
            if hands >> _SEAT_BITS * candidate & _HAND_MASK:
                rest = self.value(hands, (), 0, candidate, 0, -1, mine, theirs)
                return rest if self.end_value is not None or abs(rest) >= WIN / 2 else rest + bonus
        return bonus  # pragma: no cover - hands != 0 guarantees a holder


_SEAT_BITS = 40
_HAND_MASK = (1 << 39) - 1


def pack_hands(hands: Sequence[Sequence[int]]) -> int:
    """Every seat's ranks as one integer: 3 bits of count per rank, 40 bits per seat. Searches key
    their memo on it: an int hashes at once, where nested tuples re-hash every element each time.

    >>> pack_hands([(1, 1), (13,)]) == 2 + (1 << 40 + 36)
    True
    """
    packed = 0
    for seat, hand in enumerate(hands):
        for rank in hand:
            packed += 1 << _SEAT_BITS * seat + 3 * rank - 3
    return packed


@lru_cache(maxsize=1 << 17)
def _playable(hand: int, room: int) -> tuple[int, ...]:
    """Distinct ranks of a packed hand (one seat's 39 bits) that fit under 31, lowest first."""
    result: list[int] = []
    for rank in range(1, 14):
        if PIP[rank] > room:
            break  # pips never fall as ranks rise
        if hand >> 3 * rank - 3 & 7:
            result.append(rank)
    return tuple(result)


@lru_cache(maxsize=1 << 17)
def _lay(series: tuple[int, ...], count: int, rank: int) -> tuple[int, int, tuple[int, ...]]:
    """Laying ``rank``: the new count, the points it scores, and the series that can still score."""
    new_series = series + (rank,)
    new_count = count + PIP[rank]
    return new_count, play_points(new_series, new_count), compress(new_series)


def solve(position: PlayPosition, me: int, side_of: Sequence[int], need: Sequence[int] | None = None) -> float:
    """Exact value for ``me``'s side of the rest of the play from ``position`` (both sides at their
    best): points minus the other side's, or +-WIN when a side reaches ``need`` (points still needed)."""
    solver = Solver(len(position.hands), side_of, me, single_series=position.single_series,
                    continue_after_go=position.continue_after_go,
                    goals=(need[0], need[1]) if need is not None else None)
    return solver.value(pack_hands(position.hands), compress(position.series), position.count, position.turn,
                        position.go, position.last, 0, 0)


def best_plays(candidates: Sequence[int], positions: Sequence[PlayPosition], me: int, side_of: Sequence[int],
               need: Sequence[int] | None = None,
               end_values: Sequence[Callable[[int, int], float] | None] | None = None,
               decided_after: int = 8, series_horizon: bool = False, opponent_blend: float = 0.0,
               reply_model: ReplyModel | None = None, reply_weight: float = 0.0) -> dict[int, float]:
    """Average value of playing each candidate rank over sampled positions (``me`` to play), each
    sample solved exactly with one memo for all the candidates. With ``end_values`` (one per sample)
    and ``need``, values are utilities scored at the end of the play (see :class:`Solver`).

    Samples dealing the opponents the same ranks are one position: solved once, counted as often as
    drawn; without ``end_values`` every sample shares one memo, since positions deeper in the play
    recur across samples. After ``decided_after`` samples, sampling stops early when one candidate leads every other
    by more than three standard errors. With three or four players the other sides all play against
    ``me``'s side (a "paranoid" search); ``series_horizon`` stops each search at the end of the current
    series."""
    goals = (need[0], need[1]) if need is not None and (end_values or min(need) <= 40) else None
    seen: dict[tuple[tuple[int, ...], ...], dict[int, float]] = {}
    samples: list[dict[int, float]] = []
    shared: Solver | None = None  # without end values, one memo serves every sample (their subtrees meet)
    for index, position in enumerate(positions):
        cached = seen.get(position.hands) if end_values is None else None
        if cached is None:
            solver = shared or Solver(len(position.hands), side_of, me, single_series=position.single_series,
                                      continue_after_go=position.continue_after_go, goals=goals,
                                      end_value=end_values[index] if end_values else None,
                                      series_horizon=series_horizon, opponent_blend=opponent_blend,
                                      reply_model=reply_model, reply_weight=reply_weight)
            if end_values is None:
                shared = solver
            root = PlayPosition(position.hands, compress(position.series), position.count, me, position.go,
                                position.last, position.single_series, position.continue_after_go)
            cached = solver.move_values(root)
            seen[position.hands] = cached
        samples.append(cached)
        if len(samples) >= decided_after and len(candidates) > 1 and _clear_leader(samples, candidates):
            break
    return {rank: sum(values[rank] for values in samples) / len(samples) for rank in candidates}


def _clear_leader(samples: Sequence[dict[int, float]], candidates: Sequence[int]) -> bool:
    """Whether the best candidate beats the runner-up by more than three standard errors of their
    paired difference."""
    count = len(samples)
    means = {rank: sum(values[rank] for values in samples) / count for rank in candidates}
    ordered = sorted(candidates, key=lambda rank: -means[rank])
    best, second = ordered[0], ordered[1]
    differences = [values[best] - values[second] for values in samples]
    mean = sum(differences) / count
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1)
    return mean > 3 * math.sqrt(variance / count) + 1e-9


def sample_hands(unseen: Sequence[int], sizes: Sequence[int], min_pips: Sequence[int], rng: random.Random
                 ) -> tuple[tuple[int, ...], ...] | None:
    """Deal each other seat ``sizes[i]`` unseen card codes whose pips all exceed ``min_pips[i]``."""
    if not any(min_pips):
        drawn = rng.sample(unseen, sum(sizes))
        hands = []
        start = 0
        for size in sizes:
            hands.append(tuple(drawn[start:start + size]))
            start += size
        return tuple(hands)
    pool = list(unseen)
    result: list[tuple[int, ...]] = []
    for size, floor in sorted(zip(sizes, min_pips), key=lambda pair: -pair[1]):  # most constrained first
        allowed = [code for code in pool if PIP[(code >> 2) + 1] > floor]
        if len(allowed) < size:
            return None
        chosen = rng.sample(allowed, size)
        for code in chosen:
            pool.remove(code)
        result.append(tuple(chosen))
    order = sorted(range(len(sizes)), key=lambda i: -min_pips[i])
    hands_in_order: list[tuple[int, ...]] = [()] * len(sizes)
    for position, index in enumerate(order):
        hands_in_order[index] = result[position]
    return tuple(hands_in_order)
