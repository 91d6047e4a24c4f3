"""The pegging search's exact minimax (:class:`Solver`), written for speed.

A position is every seat's ranks packed in one integer (:func:`pack_hands`: 3 bits of count per
rank, 40 bits per seat), the series as an interned id (:mod:`pegboard.bots.series`), the count,
whose turn it is, who has said go and who played last (and, with goals, the points each side has
pegged in the search). Its memo key is one integer made of all of these, so a look-up hashes one
int, and the memo (ints to floats) is nothing the cycle collector has to walk (memos of tuple keys
made its full passes stall the expert for a tenth of a second and more).

Written to compile with mypyc as well: typed locals and attributes, explicit dict caches, no
generators or closures in the hot loops. The series and hands are plain ints throughout.

>>> solver = Solver(2, (0, 1), 0)  # seat 0 leads from 4-10 against 5-6, both hands open
>>> solver.move_values(PlayPosition(((4, 10), (5, 6)), (), 0, 0, 0, -1))  # a ten gives fifteen, then a run
{4: -1.0, 10: -6.0}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from pegboard.bots.series import LENGTH, NEXT, POINTS, RANKS, SERIES, generation, intern, reset_if_full, step

__all__ = ["PlayPosition", "Solver", "ReplyModel", "pack_hands", "playable", "WIN", "PIP", "SEAT_BITS", "HAND_MASK"]

PIP: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Pip value by rank (index 1-13)."""

WIN: Final = 100.0
"""Value of a side reaching its goal (pegging out); quicker wins count a little more."""

SEAT_BITS: Final = 40
"""Bits per seat in a packed hand."""
HAND_MASK: Final = (1 << 39) - 1
"""One seat's bits of a packed hand (shifted down)."""

ReplyModel = Callable[[int, tuple[int, ...], int, tuple[int, ...]], Sequence[float]]
"""The chance of each playable rank (lowest first) being played from a hand (one seat's packed
ranks, :func:`pack_hands`) on a series at a count. It must be a function of its arguments alone:
the search keeps its answers."""

MEMO_LIMIT: Final = 1 << 19
"""A solver's memo is emptied when it holds this many positions (values never change, so this only
bounds memory)."""
_REPLY_LIMIT: Final = 1 << 17
_HALF_WIN: Final = WIN / 2


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


def pack_hands(hands: Sequence[Sequence[int]]) -> int:
    """Every seat's ranks as one integer: 3 bits of count per rank, 40 bits per seat. Searches key
    their memo on it: an int hashes at once, where nested tuples re-hash every element each time.

    >>> pack_hands([(1, 1), (13,)]) == 2 + (1 << 40 + 36)
    True
    """
    packed = 0
    for seat, hand in enumerate(hands):
        for rank in hand:
            packed += 1 << SEAT_BITS * seat + 3 * rank - 3
    return packed


_PLAYABLE: Final[dict[int, tuple[int, ...]]] = {}


def playable(hand: int, room: int) -> tuple[int, ...]:
    """Distinct ranks of a packed hand (one seat's 39 bits) that fit under 31 (``room`` pips left,
    0-31), lowest first.

    >>> playable(pack_hands([(2, 2, 9, 13)]), 9)
    (2, 9)
    """
    key = hand << 5 | room
    known = _PLAYABLE.get(key)
    if known is not None:
        return known
    result: list[int] = []
    for rank in range(1, 14):
        if PIP[rank] > room:
            break  # pips never fall as ranks rise
        if hand >> 3 * rank - 3 & 7:
            result.append(rank)
    found = tuple(result)
    if len(_PLAYABLE) >= 1 << 18:
        _PLAYABLE.clear()
    _PLAYABLE[key] = found
    return found


_REPLY_TABLES: Final[dict[ReplyModel, dict[int, tuple[float, ...]]]] = {}
_REPLY_GENERATION: Final = [0]  # the series tables' generation the reply tables' keys belong to


def _start_search() -> int:
    """Before a search: bound the series tables (:func:`pegboard.bots.series.reset_if_full`) and
    forget the replies kept by old series ids. The tables' generation."""
    reset_if_full()
    now = generation()
    if _REPLY_GENERATION[0] != now:
        for table in _REPLY_TABLES.values():
            table.clear()
        _REPLY_GENERATION[0] = now
    return now


def _reply_table(model: ReplyModel) -> dict[int, tuple[float, ...]]:
    """The process's kept answers of one reply model, by (series id, count, packed hand)."""
    table = _REPLY_TABLES.get(model)
    if table is None:
        if len(_REPLY_TABLES) >= 8:
            _REPLY_TABLES.clear()
        table = _REPLY_TABLES[model] = {}
    return table


class Solver:
    """Exact two-side minimax over the rest of the play, memoised. Values are ``me``'s side's points
    minus the other side's from here on; with ``goals`` (points each side still needs to win), a side
    reaching its goal ends the game: +-:data:`WIN`.

    A position's value does not depend on how it was reached, so one solver may serve many searches
    with the same settings (every sample of a decision, and later decisions of the deal)."""

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
        self.replies: dict[int, tuple[float, ...]] = _reply_table(reply_model) if reply_model and reply_weight \
            else {}
        self.carry_on = continue_after_go
        self.goals = goals
        self.has_goals = goals is not None
        self.goal_mine = goals[0] if goals is not None else 0
        self.goal_theirs = goals[1] if goals is not None else 0
        # Bits of each side's pegged points in a memo key (they stay below the goals).
        self.goal_bits = max(self.goal_mine, self.goal_theirs, 255).bit_length() + 1
        # With end_value (goals required) values are utilities: +-WIN for pegging out, and at the end of
        # the play end_value(points pegged by my side, by the other) -- e.g. a scaled win probability.
        self.end_value = end_value if goals is not None else None
        self.raw = self.end_value is not None
        # With series_horizon the search stops where the current series ends (big 3-4 player positions):
        # later series start afresh from a count of 0, so most of what a card does now is inside it.
        self.series_horizon = series_horizon
        self.memo: dict[int, float] = {}
        self.generation = generation()  # of the series ids in the memo's keys
        self.hand_bits = SEAT_BITS * seats
        self.ours = tuple(side == side_of[me] for side in side_of)  # by seat: on my side?
        self.after = tuple(tuple((seat + step_) % seats for step_ in range(1, seats + 1)) for seat in range(seats))

    def key(self, hands: int, series_id: int, count: int, turn: int, go: int, last: int, mine: int,
            theirs: int) -> int:
        """The memo key of a position: everything but the hands in the high bits, the hands below."""
        small = (series_id << 5 | count) << 9 | (turn << 7 | go << 3 | last + 1)
        if self.has_goals:
            bits = self.goal_bits
            small = (small << bits | mine) << bits | theirs
        return small << self.hand_bits | hands

    def _start(self) -> None:
        """A search starts: the memo (and kept replies) are forgotten if the series ids they were keyed
        by are."""
        now = _start_search()
        if len(self.memo) >= MEMO_LIMIT:  # checked as each search starts: a search adds far fewer
            self.memo.clear()
        if now != self.generation:
            self.memo.clear()
            self.replies.clear()
            self.generation = now

    def move_values(self, position: PlayPosition) -> dict[int, float]:
        """The value of each distinct rank the player to move may play (``position.turn``)."""
        self._start()
        hands, turn = pack_hands(position.hands), position.turn
        ranks = playable(hands >> SEAT_BITS * turn & HAND_MASK, 31 - position.count)
        values = self._children(hands, intern(position.series), position.count, turn, position.go, 0, 0, ranks)
        return dict(zip(ranks, values))

    def value(self, hands: int, series: tuple[int, ...], count: int, turn: int, go: int,
              last: int, mine: int, theirs: int) -> float:
        """Value of the position (``hands`` packed by :func:`pack_hands`) with ``turn`` to move."""
        self._start()
        return self._lookup(hands, intern(series), count, turn, go, last, mine, theirs)

    def _lookup(self, hands: int, series_id: int, count: int, turn: int, go: int, last: int, mine: int,
                theirs: int) -> float:
        small = (series_id << 5 | count) << 9 | (turn << 7 | go << 3 | last + 1)
        if self.has_goals:
            bits = self.goal_bits
            small = (small << bits | mine) << bits | theirs
        key = small << self.hand_bits | hands
        known = self.memo.get(key)
        if known is not None:
            return known
        return self._value(key, hands, series_id, count, turn, go, last, mine, theirs)

    def _value(self, key: int, hands: int, series_id: int, count: int, turn: int, go: int, last: int, mine: int,
               theirs: int) -> float:
        """The value of a position not in the memo, which it is put into."""
        hand = hands >> SEAT_BITS * turn & HAND_MASK
        found = _PLAYABLE.get(hand << 5 | 31 - count)
        ranks = playable(hand, 31 - count) if found is None else found
        best: float
        if ranks:
            values = self._children(hands, series_id, count, turn, go, mine, theirs, ranks)
            if self.ours[turn]:
                best = max(values)
            elif len(values) > 1:
                best = min(values)
                if self.blend:
                    best = (1 - self.blend) * best + self.blend * sum(values) / len(values)
                if self.reply_model is not None:
                    chances = self._reply_chances(hand, series_id, count, ranks)
                    expected = sum([chance * value for chance, value in zip(chances, values)])
                    best = (1 - self.reply_weight) * best + self.reply_weight * expected
            else:
                best = values[0]
        elif self.carry_on:  # a go
            best = self._pass(hands, series_id, count, turn, go | (1 << turn), last, mine, theirs)
        else:
            best = self._end(hands, last, False, mine, theirs)
        self.memo[key] = best
        return best

    def _reply_chances(self, hand: int, series_id: int, count: int, ranks: tuple[int, ...]) -> tuple[float, ...]:
        """The reply model's chances for ``hand`` (ranks: what it can play), kept by series id and count."""
        key = (series_id << 5 | count) << SEAT_BITS | hand
        known = self.replies.get(key)
        if known is None:
            assert self.reply_model is not None
            known = tuple(self.reply_model(hand, SERIES[series_id], count, ranks))
            if len(self.replies) >= _REPLY_LIMIT:
                self.replies.clear()
            self.replies[key] = known
        return known

    def _children(self, hands: int, series_id: int, count: int, turn: int, go: int, mine: int,
                  theirs: int, ranks: tuple[int, ...]) -> list[float]:
        """``turn`` plays each rank of ``ranks`` in turn: its points now plus the value of what
        follows. (One call per position, not per move: this loop is the expert's hottest.)"""
        values: list[float] = []
        ours = self.ours[turn]
        has_goals = self.has_goals
        raw = self.raw
        memo = self.memo
        shift = SEAT_BITS * turn - 3
        hand_bits = self.hand_bits
        goal_bits = self.goal_bits
        base = series_id * RANKS
        # Who moves next: the next player in turn who holds cards and has not said go (ruling 9). The
        # same after every rank: only the mover's hand changes, and it is empty after any of its cards
        # exactly when it held one. -2: not found yet (a card making 31 ends the series instead).
        following = -2
        tail = 0  # the key's bits for who moves, who said go and who played last
        for rank in ranks:
            new_hands = hands - (1 << shift + 3 * rank)
            new_id = NEXT[base + rank]
            if new_id < 0:
                new_id = step(series_id, rank)
            new_count = count + PIP[rank]
            points = POINTS[base + rank]
            if new_count == 15 or new_count == 31:
                points += 2
            now_mine = mine
            now_theirs = theirs
            if has_goals:
                if ours:
                    now_mine += points
                    if now_mine >= self.goal_mine:
                        values.append(WIN - 0.01 * LENGTH[new_id])
                        continue
                else:
                    now_theirs += points
                    if now_theirs >= self.goal_theirs:
                        values.append(-WIN + 0.01 * LENGTH[new_id])
                        continue
            rest: float
            if new_count == 31:
                rest = self._end(new_hands, turn, True, now_mine, now_theirs)
            else:
                if following == -2:
                    following = -1
                    for candidate in self.after[turn]:
                        if new_hands >> SEAT_BITS * candidate & HAND_MASK and not go >> candidate & 1:
                            following = candidate
                            break
                    tail = following << 7 | go << 3 | turn + 1
                if following < 0:
                    rest = self._end(new_hands, turn, False, now_mine, now_theirs)
                else:
                    small = (new_id << 5 | new_count) << 9 | tail
                    if has_goals:
                        small = (small << goal_bits | now_mine) << goal_bits | now_theirs
                    key = small << hand_bits | new_hands
                    known = memo.get(key)
                    if known is None:
                        rest = self._value(key, new_hands, new_id, new_count, following, go, turn, now_mine,
                                           now_theirs)
                    else:
                        rest = known
            if raw or not -_HALF_WIN < rest < _HALF_WIN:
                values.append(rest)
            elif ours:
                values.append(rest + points)
            else:
                values.append(rest - points)
        return values

    def _pass(self, hands: int, series_id: int, count: int, seat: int, go: int, last: int, mine: int,
              theirs: int) -> float:
        for candidate in self.after[seat]:
            if hands >> SEAT_BITS * candidate & HAND_MASK and not go >> candidate & 1:
                return self._lookup(hands, series_id, count, candidate, go, last, mine, theirs)
        return self._end(hands, last, False, mine, theirs)

    def _end(self, hands: int, last: int, thirty_one: bool, mine: int, theirs: int) -> float:
        bonus = 0.0
        if not thirty_one and last >= 0:
            if self.ours[last]:
                bonus, mine = 1.0, mine + 1
                if self.has_goals and mine >= self.goal_mine:
                    return WIN
            else:
                bonus, theirs = -1.0, theirs + 1
                if self.has_goals and theirs >= self.goal_theirs:
                    return -WIN
        if self.single or not hands or self.series_horizon:
            if self.end_value is not None:
                return self.end_value(mine, theirs)
            return bonus
        for candidate in self.after[last]:
            if hands >> SEAT_BITS * candidate & HAND_MASK:
                rest = self._lookup(hands, 0, 0, candidate, 0, -1, mine, theirs)
                return rest if self.raw or not -_HALF_WIN < rest < _HALF_WIN else rest + bonus
        return bonus  # pragma: no cover - hands != 0 guarantees a holder
