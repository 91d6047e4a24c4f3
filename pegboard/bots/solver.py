"""The pegging search's exact minimax (:class:`Solver`), written for speed.

A position is every seat's hand as a small id (:func:`hand_id`: each rank multiset gets one the first
time it is met, with its hands less each rank and its playable ranks kept in tables), the series as an
interned id (:mod:`pegboard.bots.series`), the count, whose turn it is, who has said go and who played
last (and, with goals, the points each side has pegged in the search). Its memo key is one integer
made of all of these: with two players it fits in 63 bits (compiled, a native integer: no big-int
arithmetic anywhere in the search), a look-up hashes one int, and the memo (ints to floats) is
nothing the cycle collector has to walk (memos of tuple keys made its full passes stall the expert
for a tenth of a second and more).

Written to compile with mypyc as well: typed locals and attributes, explicit caches, no generators or
closures in the hot loops. The series and hands are plain ints throughout.

>>> solver = Solver(2, (0, 1), 0)  # seat 0 leads from 4-10 against 5-6, both hands open
>>> solver.move_values(PlayPosition(((4, 10), (5, 6)), (), 0, 0, 0, -1))  # a ten gives fifteen, then a run
{4: -1.0, 10: -6.0}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Final

from pegboard.bots.replies import BookReplies, StyleReplies
from pegboard.bots.series import (
    LENGTH,
    MOVES,
    POINTS_BITS,
    POINTS_MASK,
    RANKS,
    SERIES,
    generation,
    intern,
    reset_if_full,
    step,
)

__all__ = ["PlayPosition", "Solver", "clear_leader", "ReplyModel", "pack_hands", "playable", "hand_id", "WIN", "PIP",
           "SEAT_BITS", "HAND_MASK", "HAND_BITS", "positions_of"]

PIP: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Pip value by rank (index 1-13)."""

WIN: Final = 100.0
"""Value of a side reaching its goal (pegging out); quicker wins count a little more."""

SEAT_BITS: Final = 40
"""Bits per seat in a packed hand (:func:`pack_hands`)."""
HAND_MASK: Final = (1 << 39) - 1
"""One seat's bits of a packed hand (shifted down)."""

HAND_BITS: Final = 12
"""Bits per seat of a hand id in a position (every hand of up to four cards has an id below 2,380)."""
_ID_MASK: Final = (1 << HAND_BITS) - 1
_HAND_LIMIT: Final = 1 << HAND_BITS

ReplyModel = Callable[[int, tuple[int, ...], int, tuple[int, ...]], Sequence[float]]
"""The chance of each playable rank (lowest first) being played from a hand (one seat's packed
ranks, :func:`pack_hands`) on a series at a count. It must be a function of its arguments alone:
the search keeps its answers."""

MEMO_LIMIT: Final = 1 << 17
"""A solver's memo is emptied when it holds this many positions (values never change, so this only
bounds memory: a worker's pool holds two solvers; 2^17 searched as fast as 2^19 and holds a quarter)."""
_REPLY_LIMIT: Final = 1 << 16
"""Kept reply-model answers per table before it is emptied (2^17 held ~15 MB more of a long-running worker at
its peak, for no measurable speed)."""
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


def positions_of(dealt: Sequence[Sequence[Sequence[int]]], others: Sequence[int], me: int, mine: tuple[int, ...],
                 series: tuple[int, ...], count: int, go: int, last: int, single_series: bool = False,
                 continue_after_go: bool = True) -> list[PlayPosition]:
    """One position per deal of ``dealt`` (card codes for each seat of ``others``; ``me`` holds the
    ranks ``mine``): every hand as sorted ranks, the rest as given, ``me`` to play.

    >>> [p.hands for p in positions_of([((0, 37),)], [1], 0, (5,), (), 0, 0, -1)]
    [((5,), (1, 10))]
    """
    seats = len(others) + 1
    positions: list[PlayPosition] = []
    for deal in dealt:
        hands: list[tuple[int, ...]] = [()] * seats
        hands[me] = mine
        for index in range(len(others)):
            ranks: list[int] = []
            for code in deal[index]:
                ranks.append((code >> 2) + 1)
            ranks.sort()
            hands[others[index]] = tuple(ranks)
        positions.append(PlayPosition(tuple(hands), series, count, me, go, last, single_series, continue_after_go))
    return positions


def pack_hands(hands: Sequence[Sequence[int]]) -> int:
    """Every seat's ranks as one integer: 3 bits of count per rank, 40 bits per seat.

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


# The hand ids: every rank multiset met gets one (the empty hand 0), with the ids of its hands less
# each rank it holds (all of them interned with it, so a search never meets a hand without an id) and
# its playable ranks at each room (31 - count), filled when first asked.
_HAND_IDS: Final[dict[int, int]] = {0: 0}
HAND_PACKED: Final[list[int]] = [0]
"""Each hand id's ranks, packed (3 bits of count per rank, as one seat of :func:`pack_hands`)."""
_LESS: Final[list[int]] = [-1] * RANKS
"""``_LESS[id * RANKS + rank]``: the id of the hand less one ``rank`` (-1 if it holds none)."""
_PLAYS: Final[list[tuple[int, ...] | None]] = [None] * 32
"""``_PLAYS[id * 32 + room]``: :func:`playable` of the hand, None until first asked."""
_NO_LESS: Final = [-1] * RANKS
_NO_PLAYS: Final[list[tuple[int, ...] | None]] = [None] * 32
_HAND_GENERATION: Final = [0]


def hand_id(packed: int) -> int:
    """The id of a packed hand (one seat's 39 bits), interning it and every hand it contains.

    >>> HAND_PACKED[hand_id(pack_hands([(5, 5, 10)]))] == pack_hands([(5, 5, 10)])
    True
    """
    known = _HAND_IDS.get(packed)
    if known is not None:
        return known
    index = len(HAND_PACKED)
    _HAND_IDS[packed] = index
    HAND_PACKED.append(packed)
    _LESS.extend(_NO_LESS)
    _PLAYS.extend(_NO_PLAYS)
    for rank in range(1, 14):
        if packed >> 3 * rank - 3 & 7:
            _LESS[index * RANKS + rank] = hand_id(packed - (1 << 3 * rank - 3))
    return index


def _reset_hands() -> None:
    del HAND_PACKED[1:]
    del _LESS[RANKS:]
    del _PLAYS[32:]
    _HAND_IDS.clear()
    _HAND_IDS[0] = 0
    for room in range(32):
        _PLAYS[room] = None
    _HAND_GENERATION[0] += 1


def _position_hands(packed_hands: int, seats: int) -> int:
    """Every seat's hand id, :data:`HAND_BITS` bits each, from hands packed by :func:`pack_hands`.
    Only as a search starts: if the ids outgrow their bits, the tables start again (a new generation)."""
    for _ in range(2):
        hands = 0
        for seat in range(seats):
            hands |= hand_id(packed_hands >> SEAT_BITS * seat & HAND_MASK) << HAND_BITS * seat
        if len(HAND_PACKED) <= _HAND_LIMIT:
            return hands
        _reset_hands()
    raise ValueError("hands too large for the pegging search")


def _playable_id(hand: int, room: int) -> tuple[int, ...]:
    """:func:`playable` of hand id ``hand``, kept in the id tables."""
    found = _PLAYS[hand * 32 + room]
    if found is None:
        found = playable(HAND_PACKED[hand], room)
        _PLAYS[hand * 32 + room] = found
    return found


_REPLY_TABLES: Final[dict[ReplyModel, dict[int, tuple[float, ...]]]] = {}
_REPLY_GENERATION: Final = [0, 0]  # the series and hand tables' generations the reply tables' keys belong to


def _start_search() -> None:
    """Before a search: bound the series tables (:func:`pegboard.bots.series.reset_if_full`) and
    forget the replies kept by old series or hand ids."""
    reset_if_full()
    now = generation()
    hands_now = _HAND_GENERATION[0]
    if _REPLY_GENERATION[0] != now or _REPLY_GENERATION[1] != hands_now:
        for table in _REPLY_TABLES.values():
            table.clear()
        _REPLY_GENERATION[0] = now
        _REPLY_GENERATION[1] = hands_now


def _reply_table(model: ReplyModel) -> dict[int, tuple[float, ...]]:
    """The process's kept answers of one reply model, by (series id, count, hand id)."""
    table = _REPLY_TABLES.get(model)
    if table is None:
        if len(_REPLY_TABLES) >= 8:
            _REPLY_TABLES.clear()
        table = _REPLY_TABLES[model] = {}
    return table


class Solver:
    """Exact two-side minimax over the rest of the play, memoised. Values are ``me``'s side's points
    minus the other side's from here on; with ``goals`` (points each side still needs to win), a side
    reaching its goal ends the game: +-:data:`WIN` (with ``end_value`` and ``pegged_out``, what the
    objective pays for that loser's score).

    A position's value does not depend on how it was reached, so one solver may serve many searches
    with the same settings (every sample of a decision, and later decisions of the deal)."""

    def __init__(self, seats: int, side_of: Sequence[int], me: int, *, single_series: bool = False,
                 continue_after_go: bool = True, goals: tuple[int, int] | None = None,
                 end_value: Callable[[int, int], float] | None = None, series_horizon: bool = False,
                 opponent_blend: float = 0.0, reply_model: ReplyModel | None = None, reply_weight: float = 0.0,
                 pegged_out: tuple[Sequence[float], Sequence[float]] | None = None) -> None:
        self.seats = seats
        self.single = single_series
        # The other side's choice: the worst for me (0), or that blended with the average of their moves
        # (they cannot see my cards, so they do not always find my worst).
        self.blend = opponent_blend
        # A model of how the other side answers (chances of each playable rank from their hand), mixed
        # in by reply_weight: a player who plays by a known book is predictable.
        self.reply_model = reply_model if reply_weight else None
        self.book: BookReplies | StyleReplies | None = \
            reply_model if reply_weight and isinstance(reply_model, (BookReplies, StyleReplies)) else None
        self.reply_weight = reply_weight
        self.replies: dict[int, tuple[float, ...]] = _reply_table(reply_model) if reply_model and reply_weight \
            else {}
        self.carry_on = continue_after_go
        self.goals = goals
        self.has_goals = goals is not None
        self.goal_mine = goals[0] if goals is not None else 0
        self.goal_theirs = goals[1] if goals is not None else 0
        # Bits of each side's pegged points in a memo key (below the goals, but for a caller's start).
        self.mine_bits = max(1, self.goal_mine.bit_length())
        self.theirs_bits = max(1, self.goal_theirs.bit_length())
        # With end_value (goals required) values are utilities: +-WIN for pegging out, and at the end of
        # the play end_value(points pegged by my side, by the other) -- e.g. a scaled win probability.
        self.end_value = end_value if goals is not None else None
        self.raw = self.end_value is not None
        self.ends: dict[int, float] = {}  # end_value's answers by (mine, theirs): a pure function, asked often
        # With end_value, what pegging out is worth may depend on the loser's score (an objective such as
        # game points): pegged_out = (mine, theirs), mine[t] my side's value for pegging out once the
        # other side has pegged t in the search, theirs[m] for theirs once mine has pegged m. None: +-WIN.
        raw_out = pegged_out if self.raw else None
        self.out_mine: tuple[float, ...] | None = tuple(raw_out[0]) if raw_out is not None else None
        self.out_theirs: tuple[float, ...] | None = tuple(raw_out[1]) if raw_out is not None else None
        # With series_horizon the search stops where the current series ends (big 3-4 player positions):
        # later series start afresh from a count of 0, so most of what a card does now is inside it.
        self.series_horizon = series_horizon
        self.memo: dict[int, float] = {}
        self.generation = generation()  # of the series ids in the memo's keys
        self.hand_generation = _HAND_GENERATION[0]  # of the hand ids in them
        self.hand_bits = HAND_BITS * seats
        # A memo key's bits for who moves, who said go and who played last: (turn, go, last + 1).
        self.last_bits = seats.bit_length()
        self.go_bits = seats + self.last_bits
        self.tail_bits = (seats - 1).bit_length() + self.go_bits
        self.ours = tuple(side == side_of[me] for side in side_of)  # by seat: on my side?
        self.after = tuple(tuple((seat + step_) % seats for step_ in range(1, seats + 1)) for seat in range(seats))

    def key(self, hands: int, series_id: int, count: int, turn: int, go: int, last: int, mine: int,
            theirs: int) -> int:
        """The memo key of a position (``hands``: the seats' hand ids, :data:`HAND_BITS` bits each):
        everything but the hands in the high bits, the hands below."""
        small = (series_id << 5 | count) << self.tail_bits | (turn << self.go_bits | go << self.last_bits | last + 1)
        if self.has_goals:
            small = (small << self.mine_bits | mine) << self.theirs_bits | theirs
        return small << self.hand_bits | hands

    def _start(self) -> None:
        """A search starts (its hands interned): the memo (and kept replies) are forgotten if the
        series or hand ids they were keyed by are."""
        _start_search()
        now = generation()
        hands_now = _HAND_GENERATION[0]
        if len(self.memo) >= MEMO_LIMIT:  # checked as each search starts: a search adds far fewer
            self.memo.clear()
        if now != self.generation or hands_now != self.hand_generation:
            self.memo.clear()
            self.replies.clear()
            self.generation = now
            self.hand_generation = hands_now

    def move_values(self, position: PlayPosition) -> dict[int, float]:
        """The value of each distinct rank the player to move may play (``position.turn``)."""
        hands = _position_hands(pack_hands(position.hands), self.seats)
        self._start()
        turn = position.turn
        ranks = _playable_id(hands >> HAND_BITS * turn & _ID_MASK, 31 - position.count)
        values: list[float] = []
        self._node(hands, intern(position.series), position.count, turn, position.go, 0, 0, ranks, values)
        return dict(zip(ranks, values))

    def value(self, hands: int, series: tuple[int, ...], count: int, turn: int, go: int,
              last: int, mine: int, theirs: int) -> float:
        """Value of the position (``hands`` packed by :func:`pack_hands`) with ``turn`` to move."""
        if self.has_goals and not (0 <= mine < 1 << self.mine_bits and 0 <= theirs < 1 << self.theirs_bits):
            raise ValueError("points pegged must be below the goals")
        ids = _position_hands(hands, self.seats)
        self._start()
        return self._lookup(ids, intern(series), count, turn, go, last, mine, theirs)

    def _lookup(self, hands: int, series_id: int, count: int, turn: int, go: int, last: int, mine: int,
                theirs: int) -> float:
        small = (series_id << 5 | count) << self.tail_bits | (turn << self.go_bits | go << self.last_bits | last + 1)
        if self.has_goals:
            small = (small << self.mine_bits | mine) << self.theirs_bits | theirs
        key = small << self.hand_bits | hands
        known = self.memo.get(key)
        if known is not None:
            return known
        return self._value(key, hands, series_id, count, turn, go, last, mine, theirs)

    def _value(self, key: int, hands: int, series_id: int, count: int, turn: int, go: int, last: int, mine: int,
               theirs: int) -> float:
        """The value of a position not in the memo, which it is put into."""
        hand = hands >> HAND_BITS * turn & _ID_MASK
        room = 31 - count
        ranks = _PLAYS[hand * 32 + room]
        if ranks is None:
            ranks = _playable_id(hand, room)
        best: float
        if ranks:
            best = self._node(hands, series_id, count, turn, go, mine, theirs, ranks, None)
        elif self.carry_on:  # a go
            best = self._pass(hands, series_id, count, turn, go | (1 << turn), last, mine, theirs)
        else:
            best = self._end(hands, last, False, mine, theirs)
        self.memo[key] = best
        return best

    def _reply_chances(self, hand: int, series_id: int, count: int, ranks: tuple[int, ...]) -> tuple[float, ...]:
        """The reply model's chances for hand id ``hand`` (ranks: what it can play), kept by series id
        and count."""
        key = (series_id << 5 | count) << HAND_BITS | hand
        known = self.replies.get(key)
        if known is None:
            if self.book is not None:
                known = self.book.by_id(HAND_PACKED[hand], series_id, count, ranks)
            else:
                assert self.reply_model is not None
                known = tuple(self.reply_model(HAND_PACKED[hand], SERIES[series_id], count, ranks))
            if len(self.replies) >= _REPLY_LIMIT:
                self.replies.clear()
            self.replies[key] = known
        return known

    def _node(self, hands: int, series_id: int, count: int, turn: int, go: int, mine: int, theirs: int,
              ranks: tuple[int, ...], out: list[float] | None) -> float:
        """The value of ``turn`` to play one of ``ranks`` (two sides' minimax, as :class:`Solver` says),
        from each rank's points now plus the value of what follows (kept in ``out`` when given, in the
        order of ``ranks``). One call per position, not per move: this loop is the expert's hottest."""
        ours = self.ours[turn]
        has_goals = self.has_goals
        raw = self.raw
        memo = self.memo
        hand = hands >> HAND_BITS * turn & _ID_MASK
        shift = HAND_BITS * turn
        less = hand * RANKS
        hand_bits = self.hand_bits
        mine_bits = self.mine_bits
        theirs_bits = self.theirs_bits
        tail_bits = self.tail_bits
        base = series_id * RANKS
        choices = len(ranks)
        # The opponent's answer mixes in their model's expectation (choices of two or more only).
        replying = not ours and choices > 1 and self.reply_model is not None
        chances: tuple[float, ...] = self._reply_chances(hand, series_id, count, ranks) if replying else ()
        # Who moves next: the next player in turn who holds cards and has not said go (ruling 9). The
        # same after every rank: only the mover's hand changes, and it is empty after any of its cards
        # exactly when it held one. -2: not found yet (a card making 31 ends the series instead).
        following = -2
        tail = 0  # the key's bits for who moves, who said go and who played last
        best = 0.0
        total = 0.0  # the values summed in order (the blend's average), as sum() does
        expected = 0.0  # and weighted by the reply model's chances
        index = 0
        for rank in ranks:
            new_hands = hands + (_LESS[less + rank] - hand << shift)
            entry = MOVES[base + rank]
            if entry < 0:
                entry = step(series_id, rank)
            new_id = entry >> POINTS_BITS
            new_count = count + PIP[rank]
            points = entry & POINTS_MASK
            if new_count == 15 or new_count == 31:
                points += 2
            now_mine = mine
            now_theirs = theirs
            value = 0.0
            won = False
            if has_goals:
                if ours:
                    now_mine += points
                    if now_mine >= self.goal_mine:
                        paid = self.out_mine
                        value = (WIN if paid is None else paid[now_theirs]) - 0.01 * LENGTH[new_id]
                        won = True
                else:
                    now_theirs += points
                    if now_theirs >= self.goal_theirs:
                        paid = self.out_theirs
                        value = (-WIN if paid is None else paid[now_mine]) + 0.01 * LENGTH[new_id]
                        won = True
            if not won:
                rest: float
                if new_count == 31:
                    rest = self._end(new_hands, turn, True, now_mine, now_theirs)
                else:
                    if following == -2:
                        following = -1
                        for candidate in self.after[turn]:
                            if new_hands >> HAND_BITS * candidate & _ID_MASK and not go >> candidate & 1:
                                following = candidate
                                break
                        tail = following << self.go_bits | go << self.last_bits | turn + 1
                    if following < 0:
                        rest = self._end(new_hands, turn, False, now_mine, now_theirs)
                    else:
                        small = (new_id << 5 | new_count) << tail_bits | tail
                        if has_goals:
                            small = (small << mine_bits | now_mine) << theirs_bits | now_theirs
                        key = small << hand_bits | new_hands
                        known = memo.get(key)
                        if known is None:
                            rest = self._value(key, new_hands, new_id, new_count, following, go, turn, now_mine,
                                               now_theirs)
                        else:
                            rest = known
                if raw or not -_HALF_WIN < rest < _HALF_WIN:
                    value = rest
                elif ours:
                    value = rest + points
                else:
                    value = rest - points
            if out is not None:
                out.append(value)
            # max() and min() keep the first of equal values; sum() adds left to right.
            if index == 0 or (value > best if ours else value < best):
                best = value
            total += value
            if replying:
                expected += chances[index] * value
            index += 1
        if not ours and choices > 1:
            if self.blend:
                best = (1 - self.blend) * best + self.blend * total / choices
            if replying:
                best = (1 - self.reply_weight) * best + self.reply_weight * expected
        return best

    def _pass(self, hands: int, series_id: int, count: int, seat: int, go: int, last: int, mine: int,
              theirs: int) -> float:
        for candidate in self.after[seat]:
            if hands >> HAND_BITS * candidate & _ID_MASK and not go >> candidate & 1:
                return self._lookup(hands, series_id, count, candidate, go, last, mine, theirs)
        return self._end(hands, last, False, mine, theirs)

    def _end(self, hands: int, last: int, thirty_one: bool, mine: int, theirs: int) -> float:
        bonus = 0.0
        if not thirty_one and last >= 0:
            if self.ours[last]:
                bonus, mine = 1.0, mine + 1
                if self.has_goals and mine >= self.goal_mine:
                    return WIN if self.out_mine is None else self.out_mine[theirs]
            else:
                bonus, theirs = -1.0, theirs + 1
                if self.has_goals and theirs >= self.goal_theirs:
                    return -WIN if self.out_theirs is None else self.out_theirs[mine]
        if self.single or not hands or self.series_horizon:
            if self.end_value is not None:
                key = mine << 16 | theirs
                known = self.ends.get(key)
                if known is None:
                    known = self.ends[key] = self.end_value(mine, theirs)
                return known
            return bonus
        for candidate in self.after[last]:
            if hands >> HAND_BITS * candidate & _ID_MASK:
                rest = self._lookup(hands, 0, 0, candidate, 0, -1, mine, theirs)
                return rest if self.raw or not -_HALF_WIN < rest < _HALF_WIN else rest + bonus
        return bonus  # pragma: no cover - hands != 0 guarantees a holder


def clear_leader(columns: dict[int, list[float]], sums: dict[int, float], candidates: Sequence[int]) -> bool:
    """Whether the best candidate beats the runner-up by more than three standard errors of their
    paired difference (``columns``: each candidate's values so far, ``sums``: their sums): the
    sampling's stopping test.

    >>> clear_leader({5: [3.0, 3.1, 2.9], 10: [0.0, 0.2, 0.1]}, {5: 9.0, 10: 0.3}, (5, 10))
    True
    """
    count = len(columns[candidates[0]])
    means = {rank: sums[rank] / count for rank in candidates}
    ordered = sorted(candidates, key=lambda rank: -means[rank])
    best = columns[ordered[0]]
    second = columns[ordered[1]]
    differences = [best[index] - second[index] for index in range(count)]
    total = 0.0  # left to right, as sum() adds floats
    for difference in differences:
        total += difference
    mean = total / count
    spread = 0.0
    for difference in differences:
        spread += (difference - mean) ** 2
    variance = spread / (count - 1)
    return mean > 3 * math.sqrt(variance / count) + 1e-9
