"""Reading the opponent's hand from their discard (two-player six-card cribbage).

A player keeps the four cards worth most to them, so the four an opponent kept are not any four: a
pone rarely throws a five into the dealer's crib, a dealer happily does. The model of how the
opponent discards is the sensible policy -- the expected hand over the starters, plus (their own
crib) or minus (ours) the crib table's value of the throw -- softened into probabilities: each
of the 15 ways to discard a six-card hand is chosen with probability proportional to
``exp(value / temperature)``. Suits are left out (flushes are rare); nobs is counted on average.

The chance that an opponent ends up keeping ranks ``K`` is then, up to a constant, the mean over
the pairs ``T`` they may have thrown (drawn from the cards we cannot see) of the probability that
the policy keeps ``K`` from ``K + T``. :meth:`DiscardModel.likelihood` computes it for many
sampled hands at once from a precomputed (kept hand x thrown pair) matrix, so the pegging search
can weight its samples of the opponent's hand by it.

The cards they have played tell more (:class:`PlayModel`): a sensible player takes the points on
offer, avoids leaving a fifteen or thirty-one for the reply and leads low. Each play is modelled
as chosen among the ranks the hand could play with probability proportional to
``exp(score / temperature)``, the score being the points it makes less the points a random reply
could make on it, plus a point for a lead under five. A hand that would have taken two points it
left is unlikely; one whose every card was worse than the card played is likelier.

Many players play by the book instead (:class:`BookPlayModel`): they lead a card under five, answer
to score and to stay off 5 and 21, and so on, as :mod:`pegboard.bots.hoyle` does. The book is sharper
evidence where it applies: a book player who leads a king holds nothing under five, no pair, no six
or nine. Others play by a program's fixed rules (:class:`ProgramPlayModel`: the BSD program's, as
:mod:`pegboard.bots.classic` does), sharper still: a hand that would have made the count 4 did not
lead a nine. The expert weighs each hypothesis by a mixture of the three models, each model's share
learnt during the game from how well it foretold the plays of the deals already shown.

>>> model = DiscardModel.for_role(1)  # an opponent who is the pone (throwing into our crib)
>>> unseen = [4] * 13
>>> bool(model.likelihood([(5, 5, 10, 11)], [unseen])[0] > model.likelihood([(1, 3, 8, 13)], [unseen])[0])
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from pegboard.bots.discard import CRIB_FILE
from pegboard.bots.hoyle import answer_score, lead_score
from pegboard.bots.pegging import PIP, compress, play_points
from pegboard.bots.pegtable import KEPT, kept_index
from pegboard.bots.replies import BookReplies, StyleReplies, read_book_play, read_play, read_program_play
from pegboard.scoring.tables import RANK_WEIGHTS, points_table, rank_multisets

__all__ = ["DiscardModel", "PlayModel", "BookPlayModel", "ProgramPlayModel", "PastPlay", "PROGRAM_SLIP",
           "PAIRS", "pair_index", "reply_risk", "DEFAULT_TEMPERATURE", "hand_rows"]

Array = npt.NDArray[Any]
DEFAULT_TEMPERATURE = 1.0
"""Points of expected value that make one discard e (2.7) times likelier than another."""

PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(13) for b in range(a, 13))
"""Every thrown pair of rank indices (low, high): 91 pairs."""
_PAIR_INDEX = {pair: index for index, pair in enumerate(PAIRS)}
_PAIR_LOW = np.array([a for a, _ in PAIRS])
_PAIR_HIGH = np.array([b for _, b in PAIRS])


def pair_index(low: int, high: int) -> int:
    """The column of a thrown pair of rank indices (0 = ace .. 12 = king), in either order."""
    return _PAIR_INDEX[(min(low, high), max(low, high))]


def _crib_by_ranks(role: int) -> Array:
    """The crib table's value of each thrown rank pair for the thrower in ``role``, suits averaged
    (two cards of different ranks are of one suit a quarter of the time)."""
    values = np.asarray(json.loads(CRIB_FILE.read_text())["presets"]["cribbage"]["crib_value"][role])
    low, high = _PAIR_LOW, _PAIR_HIGH
    unsuited = values[low * 13 + high]
    suited = values[169 + low * 13 + high]
    result: Array = np.where(low == high, unsuited, 0.75 * unsuited + 0.25 * suited)
    return result


def _kept_values(six: Array, keeps: Array) -> Array:
    """Rank-level expected hand of each kept four of each six-card rank multiset, over the 46
    starters (fifteens, pairs, runs and nobs on average): (hands, splits)."""
    counts = np.zeros((len(six), 13), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(len(six)), 6), six.ravel()), 1)
    unseen = 4 - counts  # (hands, 13): the possible starters by rank
    table = points_table(5).astype(np.float64)
    weights = np.asarray(RANK_WEIGHTS, dtype=np.int64)
    kept = six[:, keeps]  # (hands, splits, 4)
    key = weights[kept].sum(axis=2)  # (hands, splits)
    totals = (table[key[:, :, None] + weights[None, None, :]] * unseen[:, None, :]).sum(axis=2)
    nobs = (kept == 10).sum(axis=2) * 12 / 46  # a jack scores when the starter shares its suit
    result: Array = totals / 46 + nobs
    return result


class DiscardModel:
    """The soft discard policy of an opponent in one role (0 dealer, 1 pone), as a matrix:
    ``matrix[kept hand row, thrown pair column]`` = chance the policy keeps those four ranks when
    dealt them with that pair."""

    def __init__(self, role: int, temperature: float = DEFAULT_TEMPERATURE) -> None:
        self.role = role
        self.temperature = temperature
        six = rank_multisets(6)
        splits = list(combinations(range(6), 2))
        keeps = np.array([[i for i in range(6) if i not in split] for split in splits], dtype=np.int64)
        sign = 1.0 if role == 0 else -1.0
        low, high = six[:, [a for a, _ in splits]], six[:, [b for _, b in splits]]  # sorted rows: low <= high
        pair_columns = low * 13 - low * (low - 1) // 2 + high - low  # (hands, splits): pair_index(low, high)
        values = _kept_values(six, keeps) + sign * _crib_by_ranks(role)[pair_columns]
        chance = np.exp((values - values.max(axis=1, keepdims=True)) / temperature)
        chance /= chance.sum(axis=1, keepdims=True)
        weights = np.asarray(RANK_WEIGHTS, dtype=np.int64)
        key_to_row = np.zeros(4 * RANK_WEIGHTS[-1] + 1, dtype=np.int64)
        key_to_row[weights[KEPT].sum(axis=1)] = np.arange(len(KEPT))
        self.key_to_row = key_to_row  # kept ranks' key (their RANK_WEIGHTS summed) -> table row
        rows = key_to_row[weights[six[:, keeps]].sum(axis=2)]  # (hands, splits): kept hands as table rows
        self.matrix = np.zeros((len(KEPT), len(PAIRS)))
        np.add.at(self.matrix, (rows.ravel(), pair_columns.ravel()), chance.ravel())

    @staticmethod
    @cache
    def for_role(role: int, temperature: float = DEFAULT_TEMPERATURE) -> DiscardModel:
        """The model for an opponent in ``role``, built once per process (about a tenth of a second)."""
        return DiscardModel(role, temperature)

    def likelihood(self, kept: Sequence[Sequence[int]], unseen: Sequence[Sequence[int]] | Array) -> Array:
        """For each hypothesis of the four ranks the opponent kept (1-13) and the unseen cards by rank
        that could be in their throw (13 counts: everything we cannot see, less that hypothesis):
        how likely the policy was to keep exactly that, up to one constant factor."""
        return self._likelihood(np.array([kept_index(hand) for hand in kept]), unseen)

    def likelihood_by_keys(self, keys: Array, unseen: Sequence[Sequence[int]] | Array) -> Array:
        """:meth:`likelihood` with each kept hand given by its key: the sum of its ranks'
        :data:`pegboard.scoring.tables.RANK_WEIGHTS` (four ranks)."""
        return self._likelihood(self.key_to_row[keys], unseen)

    def _likelihood(self, rows: Array, unseen: Sequence[Sequence[int]] | Array) -> Array:
        counts = np.asarray(unseen, dtype=np.float64)
        low, high = counts[:, _PAIR_LOW], counts[:, _PAIR_HIGH]
        ways = np.where(_PAIR_LOW == _PAIR_HIGH, low * (low - 1) / 2, low * high)  # thrown pairs by ranks
        result: Array = (self.matrix[rows] * ways).sum(axis=1) / np.maximum(ways.sum(axis=1), 1)
        return result


@lru_cache(maxsize=1 << 14)
def reply_risk(series: tuple[int, ...], count: int) -> float:
    """The points a reply drawn at random from a full pack (4 of each rank) makes on ``series`` at
    ``count``, on average (0 when the count is 31: nothing follows)."""
    if count >= 31:
        return 0.0
    total = 0
    for rank in range(1, 14):
        if count + PIP[rank] <= 31 and series.count(rank) < 4:  # no fifth card of a rank
            total += play_points((*series, rank), count + PIP[rank])
    return 4 * total / 52


def hand_rows(hands: Sequence[Sequence[int]]) -> tuple[list[int], int]:
    """Hands of ranks as one list of rows of equal width (0 pads the shorter ones; at least 1) and
    that width: how the play models' compiled loops take them.

    >>> hand_rows([(9, 10), (5,)]), hand_rows([()])
    (([9, 10, 5, 0], 2), ([0], 1))
    """
    width = max(1, max((len(hand) for hand in hands), default=0))
    ranks: list[int] = []
    for hand in hands:
        ranks.extend(hand)
        ranks.extend([0] * (width - len(hand)))
    return ranks, width


class PastPlay(NamedTuple):
    """One card the opponent played this deal: the series (ranks since the count was reset) and the
    running count before it, the rank played, and every rank they played from this card on, this one
    included (all in their hand then)."""

    series: tuple[int, ...]
    running: int
    rank: int
    later: tuple[int, ...]


LEAD_BONUS = 1.0
"""The play model's extra score for leading a card under five (the book lead)."""


class PlayModel:
    """How likely an opponent's plays were for each hypothesised hand (see the module's text)."""

    def __init__(self, temperature: float = DEFAULT_TEMPERATURE) -> None:
        self.temperature = temperature
        self._known: dict[tuple[tuple[int, ...], int], list[float]] = {}  # _weights by series and count

    @staticmethod
    @cache
    def cached(temperature: float = DEFAULT_TEMPERATURE) -> PlayModel:
        """One model per temperature and process."""
        return PlayModel(temperature)

    def scores(self, series: tuple[int, ...], count: int) -> list[float]:
        """The model's score of playing each rank (index 0 unused) on ``series`` at ``count``."""
        result = [0.0] * 14
        for rank in range(1, 14):
            new_count = count + PIP[rank]
            if new_count > 31 or series.count(rank) >= 4:
                continue
            after = compress((*series, rank))
            value = play_points((*series, rank), new_count) - reply_risk(after, new_count)
            if not series and rank < 5:
                value += LEAD_BONUS
            result[rank] = value
        return result

    def likelihood(self, plays: Sequence[PastPlay], hands: Sequence[Sequence[int]]) -> Array:
        """For each hypothesis of the ranks the opponent still holds (1-13): the chance that the
        model plays every card of ``plays``, each from the hand held then."""
        return self.likelihood_of_rows(plays, *hand_rows(hands))

    def likelihood_of_rows(self, plays: Sequence[PastPlay], ranks: list[int], width: int) -> Array:
        """:meth:`likelihood` of the hands ``ranks`` cut in rows of ``width`` (:func:`hand_rows`)."""
        result = [1.0] * (len(ranks) // width)  # Python floats: float64's products, without NumPy scalars
        for play in plays:
            read_play(result, self._weights(play.series, play.running), play.running, play.rank, play.later,
                      ranks, width)  # compiled: every hand at once
        return np.array(result, dtype=np.float64)

    def _weights(self, series: tuple[int, ...], count: int) -> list[float]:
        """``exp(score / temperature)`` of each rank's :meth:`scores`, worked out once per series and count."""
        known = self._known.get((series, count))
        if known is None:
            if len(self._known) >= 1 << 12:
                self._known.clear()
            known = self._known[(series, count)] = [math.exp(value / self.temperature)
                                                    for value in self.scores(series, count)]
        return known


BOOK_TEMPERATURE = 0.3
"""Points of the book's value (:func:`pegboard.bots.hoyle.answer_score`) that make one play e times
likelier than another: a book player nearly always plays the book's card."""


class BookPlayModel:
    """How likely an opponent's plays were for each hypothesised hand if they play by the book: each
    play chosen among the ranks the hand could play with probability proportional to
    ``exp(book value / temperature)``, the book value being :func:`pegboard.bots.hoyle.lead_score`
    for a lead and :func:`pegboard.bots.hoyle.answer_score` for an answer (level scores assumed).

    >>> model = BookPlayModel.cached()
    >>> lead_king = [PastPlay((), 0, 13, (13,))]
    >>> [round(float(p), 3) for p in model.likelihood(lead_king, [(9, 10, 11), (2, 10, 11)])]
    [0.0, 0.0]
    >>> bool(model.likelihood(lead_king, [(10, 11, 12)])[0] > 0.2)
    True
    """

    def __init__(self, temperature: float = BOOK_TEMPERATURE) -> None:
        self.temperature = temperature
        self._played: dict[PastPlay, dict[int, float]] = {}  # chance of a play, by the hand held (packed)
        self.book = BookReplies(temperature)  # reply_chances, compiled: what the search calls

    @staticmethod
    @cache
    def cached(temperature: float = BOOK_TEMPERATURE) -> BookPlayModel:
        """One model per temperature and process."""
        return BookPlayModel(temperature)

    def likelihood(self, plays: Sequence[PastPlay], hands: Sequence[Sequence[int]]) -> Array:
        """For each hypothesis of the ranks the opponent still holds (1-13): the chance that a book
        player plays every card of ``plays``, each from the hand held then."""
        return self.likelihood_of_rows(plays, *hand_rows(hands))

    def likelihood_of_rows(self, plays: Sequence[PastPlay], ranks: list[int], width: int) -> Array:
        """:meth:`likelihood` of the hands ``ranks`` cut in rows of ``width`` (:func:`hand_rows`)."""
        result = [1.0] * (len(ranks) // width)  # Python floats: float64's products, without NumPy scalars
        if len(self._played) >= 64:  # a deal has a few plays to read; older ones are not asked again
            self._played.clear()
        for play in plays:  # compiled: every hand at once, by reply_chances' numbers
            read_book_play(self.book, self._played.setdefault(play, {}), result, play.series, play.running, play.rank,
                           play.later, ranks, width)
        return np.array(result, dtype=np.float64)

    def chance(self, hand: tuple[int, ...], series: tuple[int, ...], running: int, rank: int) -> float:
        """The chance that a book player holding ``hand`` plays ``rank`` on ``series`` at ``running``."""
        options = tuple(sorted({card for card in hand if PIP[card] <= 31 - running}))
        if len(options) <= 1:
            return 1.0
        return self.chances(hand, series, running, options)[options.index(rank)]

    @lru_cache(maxsize=1 << 15)  # noqa: B019 - one model per temperature lives for the process
    def chances(self, hand: tuple[int, ...], series: tuple[int, ...], running: int, options: tuple[int, ...]
                ) -> tuple[float, ...]:
        """The chance that a book player holding ``hand`` plays each rank of ``options`` (those it
        can play) on ``series`` at ``running``."""
        if series:
            unseen = {card for card in range(1, 14) if hand.count(card) + series.count(card) < 4}
            values = [answer_score(card, hand, series, running, unseen) for card in options]
        else:
            values = [lead_score(card, hand) for card in options]
        top = max(values)
        weights = [math.exp((value - top) / self.temperature) for value in values]
        total = sum(weights)
        return tuple(weight / total for weight in weights)

    def reply_chances(self, packed: int, series: tuple[int, ...], count: int, playable: tuple[int, ...]
                      ) -> tuple[float, ...]:
        """:meth:`chances` for a hand packed as the pegging search keeps it (a
        :data:`pegboard.bots.pegging.ReplyModel`): the search's opponent answering by the book.

        The same numbers as :meth:`chances` (and the same operations on them), worked out from the
        packed counts directly (:func:`pegboard.bots.replies.book_chances`, compiled with the search):
        the search asks this at every node where the opponent has a choice.

        >>> from pegboard.bots.pegging import pack_hands
        >>> model = BookPlayModel.cached()
        >>> model.reply_chances(pack_hands([(4, 10, 10)]), (5,), 5, (4, 10)) == model.chances((4, 10, 10), (5,), 5,
        ...                                                                                    (4, 10))
        True
        """
        if len(playable) <= 1:
            return self.chances(_unpack(packed), series, count, playable)
        return self.book(packed, series, count, playable)


PROGRAM_SLIP = 0.05
"""The chance that a player of a program's rules plays another card than the rules' (shared by the
others): the program itself never does, but a player who mostly plays like it may."""


class ProgramPlayModel:
    """How likely an opponent's plays were for each hypothesised hand if they play by the BSD
    program's rules (:func:`pegboard.bots.programplay.program_rank`): its card with chance
    ``1 - slip``, each other card it could play with an equal share of ``slip``.

    >>> model = ProgramPlayModel.cached()
    >>> lead_nine = [PastPlay((), 0, 9, (9,))]
    >>> [round(float(p), 3) for p in model.likelihood(lead_nine, [(2, 13), (4, 13)])]  # a 4 makes the count 4
    [0.95, 0.025]
    """

    def __init__(self, slip: float = PROGRAM_SLIP) -> None:
        self.slip = slip
        self._played: dict[PastPlay, dict[int, float]] = {}  # chance of a play, by the hand held (packed)
        self._replies: dict[float, StyleReplies] = {}

    @staticmethod
    @cache
    def cached(slip: float = PROGRAM_SLIP) -> ProgramPlayModel:
        """One model per slip and process."""
        return ProgramPlayModel(slip)

    def likelihood(self, plays: Sequence[PastPlay], hands: Sequence[Sequence[int]]) -> Array:
        """For each hypothesis of the ranks the opponent still holds (1-13): the chance that a player
        of the program's rules plays every card of ``plays``, each from the hand held then."""
        return self.likelihood_of_rows(plays, *hand_rows(hands))

    def likelihood_of_rows(self, plays: Sequence[PastPlay], ranks: list[int], width: int) -> Array:
        """:meth:`likelihood` of the hands ``ranks`` cut in rows of ``width`` (:func:`hand_rows`)."""
        result = [1.0] * (len(ranks) // width)
        if len(self._played) >= 64:  # a deal has a few plays to read; older ones are not asked again
            self._played.clear()
        for play in plays:  # compiled: every hand at once
            read_program_play(self.slip, self._played.setdefault(play, {}), result, play.series, play.running,
                              play.rank, play.later, ranks, width)
        return np.array(result, dtype=np.float64)

    def replies(self, book_part: float) -> StyleReplies:
        """The search's model of an opponent who answers by the book with chance ``book_part`` (rounded
        to a twentieth: one model, and so one table of answers, per share) and else by the program's
        rules.

        >>> ProgramPlayModel.cached().replies(0.31) is ProgramPlayModel.cached().replies(0.3)
        True
        """
        part = round(book_part * 20) / 20
        found = self._replies.get(part)
        if found is None:
            found = self._replies[part] = StyleReplies(BookPlayModel.cached().book, part, self.slip)
        return found


def _unpack(packed: int) -> tuple[int, ...]:
    """A packed hand's ranks, lowest first."""
    hand: list[int] = []
    for rank in range(1, 14):
        for _ in range(packed >> 3 * rank - 3 & 7):
            hand.append(rank)
    return tuple(hand)
