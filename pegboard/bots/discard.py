"""Discard analysis: every possible discard, ranked by expected hand plus or minus expected crib
(and, when asked, plus the kept cards' expected pegging).

The expected hand is exact: averaged over every starter the player cannot see. The expected crib
comes from the expert's crib tables (:class:`CribTables`, built by :mod:`pegboard.tables.crib`),
or, for two-player games with ``method="exact"``, from enumerating every pair of cards the opponent
could throw (weighted by how often the expert throws that kind of pair in that seat) and every
starter left. The expected pegging (two-player six-card cribbage, ``pegging_weight`` > 0) is the
pegging table's value of the kept ranks in the player's role (:mod:`pegboard.bots.pegtable`).

>>> from pegboard.cards import parse_cards
>>> from pegboard.rules import Rules
>>> best = rank_discards(parse_cards("5H 5C 6D 7S JH KD"), Rules.preset("cribbage"), role=0)[0]
>>> [str(card) for card in best.thrown], round(best.net, 2) > 10
(['6D', '7S'], True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from pegboard.bots.expectations import batch_expected, expected_hand, unseen_counts
from pegboard.bots.pegtable import PegTable
from pegboard.cards import RANK_CHARS, Card, full_deck
from pegboard.errors import HandSizeError, PegboardError
from pegboard.rules import Rules

__all__ = ["DiscardOption", "CribTables", "rank_discards", "counts_pegging", "own_crib", "opponent_throw_model",
           "exact_cribs", "PAIRS_PER_KEY",
           "describe_throw_key", "throw_key", "key_count", "CRIB_FILE"]

Method = Literal["table", "exact"]
CRIB_FILE = Path(__file__).resolve().parent.parent / "data" / "crib_tables.json"
"""The crib tables pegboard ships (built by ``python -m pegboard.tables.crib``)."""


def key_count(discards: int) -> int:
    """Number of distinct throw keys: 13 ranks for one card; 13 x 13 x suited for two."""
    return 13 if discards == 1 else 338


def throw_key(codes: Sequence[int]) -> int:
    """The table key of thrown cards: the rank (one card) or low*13+high (+169 if suited)."""
    if len(codes) == 1:
        return codes[0] >> 2
    low, high = sorted(code >> 2 for code in codes)
    suited = low != high and (codes[0] & 3) == (codes[1] & 3)
    return low * 13 + high + 169 * suited


@dataclass(frozen=True)
class DiscardOption:
    """One way to discard: the cards thrown and kept, the expected hand and crib, and the net."""

    thrown: tuple[Card, ...]
    kept: tuple[Card, ...]
    expected_hand: float
    expected_crib: float
    own_crib: bool
    expected_pegging: float | None = None  # None: the play not counted

    @property
    def net(self) -> float:
        """Expected hand plus the crib if it is the player's side's, minus it if not, plus the
        expected pegging (points pegged minus the opponent's) when it is counted."""
        return self.expected_hand + (self.expected_crib if self.own_crib else -self.expected_crib) + \
            (self.expected_pegging or 0.0)

    def to_json(self) -> dict[str, Any]:
        data = {"discard": [str(c) for c in self.thrown], "keep": [str(c) for c in self.kept],
                "expected_hand": round(self.expected_hand, 4), "expected_crib": round(self.expected_crib, 4)}
        if self.expected_pegging is not None:
            data["expected_pegging"] = round(self.expected_pegging, 4)
        return data | {"crib": "own" if self.own_crib else "opponent's", "net": round(self.net, 4)}


class CribTables:
    """The shipped crib tables: expected crib per role (seat after the dealer) and throw key."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.presets: dict[str, dict[str, Any]] = data.get("presets", {})
        self._values = {name: np.asarray(entry["crib_value"]) for name, entry in self.presets.items()}

    @staticmethod
    @cache
    def load() -> CribTables:
        """The tables shipped with pegboard (empty tables, all zero, if the data file is missing)."""
        try:
            return CribTables(json.loads(CRIB_FILE.read_text()))
        except FileNotFoundError:  # pragma: no cover - only in a broken install
            return CribTables({})

    def values(self, rules: Rules) -> npt.NDArray[np.float64]:
        """(roles, keys) expected crib values for a game's preset (zeros if none are shipped)."""
        table = self._values.get(rules.name)
        if table is None:
            return np.zeros((rules.players, key_count(rules.discard_count)))
        return table

    def shifted(self, rules: Rules, shift: npt.NDArray[np.float64]) -> CribTables:
        """These tables with ``rules``' values (roles x keys) moved by ``shift``: a crib filled
        otherwise than the tables assume (:mod:`pegboard.bots.stylecrib`).

        >>> from pegboard.rules import Rules
        >>> rules = Rules.preset("cribbage")
        >>> tables = CribTables.load()
        >>> moved = tables.shifted(rules, np.ones((2, 338)))
        >>> float(moved.values(rules)[0, 0] - tables.values(rules)[0, 0])
        1.0
        """
        moved = CribTables({"presets": self.presets})
        moved._values = dict(self._values)
        moved._values[rules.name] = self.values(rules) + shift
        return moved

    def chosen(self, rules: Rules) -> npt.NDArray[np.float64]:
        """(roles, keys) how often the expert chose each throw in the fixed point's last iteration."""
        entry = self.presets.get(rules.name)
        if entry is None or "chosen" not in entry:
            return np.ones((rules.players, key_count(rules.discard_count)))
        return np.asarray(entry["chosen"], dtype=np.float64)


def own_crib(rules: Rules, role: int) -> bool:
    """Whether the crib belongs to the side of the seat ``role`` places after the dealer."""
    return role == 0 or (rules.partners and role == 2)


def _check_hand(hand: Sequence[Card], rules: Rules) -> None:
    if not rules.crib:
        raise PegboardError(f"discards are for cribbage games, not {rules.name}")
    if len(hand) != rules.deal_size:
        raise HandSizeError(f"a hand of {len(hand)} cards: {rules.name} deals {rules.deal_size}")
    if len(set(hand)) != len(hand):
        raise PegboardError("a hand with the same card twice")


def counts_pegging(rules: Rules) -> bool:
    """Whether the pegging table covers a game: two players keeping four of six cards."""
    return (rules.players == 2 and rules.deal_size == 6 and rules.kept_size == 4 and not rules.single_series
            and rules.play_continues_after_go)


def rank_discards(hand: Sequence[Card], rules: Rules, role: int, *, method: Method = "table",
                  tables: CribTables | None = None, pegging_weight: float = 0.0) -> list[DiscardOption]:
    """Every discard from a dealt hand, best first, for the seat ``role`` places after the dealer
    (0: the dealer, 1: the dealer's left, the pone in two-player games). With ``pegging_weight``,
    games the pegging table covers (:func:`counts_pegging`) add that multiple of the kept ranks'
    expected pegging to each option."""
    _check_hand(hand, rules)
    if not 0 <= role < rules.players:
        raise PegboardError(f"role {role}: expected 0 (dealer) to {rules.players - 1}")
    tables = tables or CribTables.load()
    unseen_codes = [card.code for card in full_deck() if card not in hand]
    unseen = unseen_counts(unseen_codes)
    mine = own_crib(rules, role)
    throws = list(combinations(sorted(hand), rules.discard_count))
    if method == "exact" and rules.players == 2:
        cribs = _exact_cribs(throws, unseen_codes, rules, role, tables)
    else:
        values = tables.values(rules)[role]
        cribs = [float(values[throw_key([card.code for card in thrown])]) for thrown in throws]
    peg_table = PegTable.load() if pegging_weight and counts_pegging(rules) else None
    options = []
    for thrown, crib in zip(throws, cribs):
        kept = tuple(card for card in sorted(hand) if card not in thrown)
        pegging = pegging_weight * peg_table.value(role, [card.rank for card in kept]) if peg_table else None
        options.append(DiscardOption(thrown, kept, expected_hand([c.code for c in kept], unseen), crib, mine,
                                     pegging))
    options.sort(key=lambda option: -option.net)
    return options


def _pairs_per_key() -> npt.NDArray[np.float64]:
    counts = np.zeros(338)
    for a, b in combinations(range(52), 2):
        counts[throw_key([a, b])] += 1
    return counts


PAIRS_PER_KEY = _pairs_per_key()
"""How many pairs of the 52 cards have each two-card throw key (:func:`throw_key`)."""


def opponent_throw_model(rules: Rules, role: int, tables: CribTables | None = None) -> npt.NDArray[np.float64]:
    """Relative probability of each particular pair of cards (by key) the opponent of ``role``
    throws: how often the expert chooses that kind of pair, spread over the pairs of that kind."""
    tables = tables or CribTables.load()
    chosen = tables.chosen(rules)[1 - role]
    result: npt.NDArray[np.float64] = np.where(PAIRS_PER_KEY > 0, chosen / np.maximum(PAIRS_PER_KEY, 1), 0.0)
    return result


def _exact_cribs(throws: list[tuple[Card, ...]], unseen_codes: list[int], rules: Rules, role: int,
                 tables: CribTables) -> list[float]:
    """Exact expected crib for each throw: every opponent pair (weighted) x every starter left."""
    return exact_cribs([[card.code for card in thrown] for thrown in throws], unseen_codes,
                       opponent_throw_model(rules, role, tables))


def exact_cribs(throws: Sequence[Sequence[int]], unseen_codes: Sequence[int],
                weights_by_key: npt.NDArray[np.float64]) -> list[float]:
    """The expected two-player crib of each throw (card codes): every pair of ``unseen_codes`` the
    other player may throw, weighted by ``weights_by_key`` (a pair's relative chance, by its throw
    key), times every starter left.

    >>> from pegboard.cards import parse_cards
    >>> codes = [card.code for card in parse_cards("5H 5C")]  # a pair of fives, the other two at random
    >>> unseen = [code for code in range(52) if code not in codes]
    >>> round(exact_cribs([codes], unseen, np.ones(338))[0], 2)
    8.99
    """
    pairs = np.array(list(combinations(unseen_codes, 2)), dtype=np.int64)
    keys = np.array([throw_key(pair) for pair in pairs.tolist()])
    weights = weights_by_key[keys]
    weights = weights / weights.sum()
    base = unseen_counts(list(unseen_codes))
    rank_counts = np.tile(np.asarray(base.ranks, dtype=np.int64), (len(pairs), 1))
    suit_counts = np.tile(np.asarray(base.suits, dtype=np.int64), (len(pairs), 1))
    rows = np.arange(len(pairs))
    for column in range(2):
        np.subtract.at(rank_counts, (rows, pairs[:, column] >> 2), 1)
        np.subtract.at(suit_counts, (rows, pairs[:, column] & 3), 1)
    results = []
    for thrown in throws:
        mine = np.tile(np.array(thrown, dtype=np.int64), (len(pairs), 1))
        crib = np.concatenate([mine, pairs], axis=1)
        values = batch_expected(crib, rank_counts, suit_counts, crib=True)
        results.append(float(values @ weights))
    return results


def describe_throw_key(key: int, throw: int) -> str:
    """A throw key in words: ``J`` (one card), ``5-5``, ``7-8 suited``."""
    if throw == 1:
        return RANK_CHARS[key]
    suited, rest = divmod(key, 169)
    low, high = divmod(rest, 13)
    return f"{RANK_CHARS[low]}-{RANK_CHARS[high]}" + (" suited" if suited else "")
