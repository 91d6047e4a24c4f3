"""Chance, made explicit: where each deal's cards come from.

A :class:`DealSource` hands out the cards of deal ``i``: the explicit :class:`Deal` given for it
(tests, puzzles, records), completed from the seeded generator where parts are missing, or a
fresh shuffle. The same seed always gives the same game.

>>> import random
>>> from pegboard.rules import Rules
>>> source = DealSource(random.Random(7))
>>> deal = source.deal(0, Rules.preset("cribbage"))
>>> [len(hand) for hand in deal.hands], deal.starter is not None
([6, 6], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pegboard.cards import Card, full_deck
from pegboard.engine import chance
from pegboard.engine.actions import Action
from pegboard.errors import RecordError
from pegboard.rules import Rules

__all__ = ["Deal", "DealLog", "DealSource", "cut_for_deal"]

_DECK = full_deck()


@dataclass(frozen=True)
class Deal:
    """The cards of one deal. Cribbage games and snailspace use ``hands``, ``crib`` (cards dealt
    straight to the crib) and ``starter``; solitaire uses ``stock`` (the order cards are turned).
    ``rest`` is the undealt pack (never shown to anyone; left empty when it is simply every other
    card, see :meth:`undealt`)."""

    hands: tuple[tuple[Card, ...], ...] = ()
    crib: tuple[Card, ...] = ()
    starter: Card | None = None
    stock: tuple[Card, ...] = ()
    rest: tuple[Card, ...] = field(default=(), compare=False)

    def undealt(self) -> tuple[Card, ...]:
        """The cards the deal does not name (the pack left after dealing, or the dead cards)."""
        if self.rest:
            return self.rest
        named = set(self.cards())
        return tuple(card for card in _DECK if card not in named)

    def cards(self) -> tuple[Card, ...]:
        """Every card named by the deal (not ``rest``)."""
        return (*(card for hand in self.hands for card in hand), *self.crib,
                *([self.starter] if self.starter else []), *self.stock)


@dataclass
class DealLog:
    """One deal's cards and every action applied in it (what records are made of)."""

    deal: Deal
    moves: list[Action] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # record text of moves[:len(texts)], filled lazily


def _check_distinct(deal: Deal, where: str) -> None:
    seen: set[Card] = set()
    for card in deal.cards():
        if card in seen:
            raise RecordError(f"{where}: card {card} is dealt twice")
        seen.add(card)


class DealSource:
    """Supplies each deal: explicit deals where given (completed from ``rng``), else shuffles."""

    def __init__(self, rng: random.Random, explicit: Sequence[Deal | None] = ()) -> None:
        self.rng = rng
        self.explicit = list(explicit)

    def deal(self, index: int, rules: Rules) -> Deal:
        """The cards of deal ``index`` under ``rules``."""
        given = self.explicit[index] if index < len(self.explicit) else None
        if given is None and rules.family != "solitaire":
            return _fresh_deal(rules, self.rng)  # what complete_deal does with nothing given, without the checks
        return complete_deal(given or Deal(), rules, self.rng, f"deals[{index}]")


def complete_deal(given: Deal, rules: Rules, rng: random.Random, where: str) -> Deal:
    """Check an explicit (possibly partial) deal against ``rules`` and fill in what is missing."""
    _check_distinct(given, where)
    if rules.family == "solitaire":
        if given.stock:
            if len(given.stock) < 17:
                raise RecordError(f"{where}: a stock of {len(given.stock)} cards: expected at least 17 "
                                  "(16 cells and the starter)")
            used = set(given.stock)
            return Deal(stock=given.stock, rest=tuple(c for c in full_deck() if c not in used))
        pack = list(full_deck())
        rng.shuffle(pack)
        return Deal(stock=tuple(pack))
    seats = rules.players
    if given.hands and len(given.hands) != seats:
        raise RecordError(f"{where}: {len(given.hands)} hands: expected {seats}")
    for seat, hand in enumerate(given.hands):
        if len(hand) != rules.deal_size:
            raise RecordError(f"{where}: hand {seat + 1} has {len(hand)} cards: expected {rules.deal_size}")
    if given.crib and len(given.crib) != rules.crib_from_pack:
        raise RecordError(f"{where}: crib has {len(given.crib)} cards: expected {rules.crib_from_pack}")
    if not given.hands and not given.crib and given.starter is None:
        return _fresh_deal(rules, rng)
    used = set(given.cards())
    pack = [card for card in full_deck() if card not in used]
    needs_shuffle = not given.hands or (rules.crib_from_pack and not given.crib) or given.starter is None
    if needs_shuffle:
        rng.shuffle(pack)
    hands = given.hands
    if not hands:
        hands = tuple(tuple(pack[i * rules.deal_size:(i + 1) * rules.deal_size]) for i in range(seats))
        del pack[: seats * rules.deal_size]
    crib = given.crib
    if rules.crib_from_pack and not crib:
        crib, pack = tuple(pack[: rules.crib_from_pack]), pack[rules.crib_from_pack:]
    starter = given.starter
    if starter is None:
        starter, pack = pack[0], pack[1:]
    return Deal(hands=hands, crib=crib, starter=starter, rest=tuple(pack))


def _fresh_deal(rules: Rules, rng: random.Random) -> Deal:
    """A random deal: only the cards dealt and the starter are drawn; the rest of the pack stays
    unordered (nobody ever sees it)."""
    seats, size = rules.players, rules.deal_size
    drawn = chance.sample(rng, _DECK, seats * size + rules.crib_from_pack + 1)  # rng.sample's very draw
    hands = tuple(tuple(drawn[i * size:(i + 1) * size]) for i in range(seats))
    crib = tuple(drawn[seats * size:-1])
    return Deal(hands=hands, crib=crib, starter=drawn[-1])


def cut_for_deal(rng: random.Random, seats: int) -> tuple[int, list[list[tuple[int, Card]]]]:
    """Ruling 13: each player cuts a card; the lowest rank deals; ties among the lowest re-cut.

    Returns the first dealer's seat and each round of cuts as (seat, card) pairs.

    >>> dealer, rounds = cut_for_deal(random.Random(1), 2)
    >>> dealer in (0, 1) and min(rounds[-1], key=lambda cut: cut[1].rank)[0] == dealer
    True
    """
    cutting = list(range(seats))
    rounds: list[list[tuple[int, Card]]] = []
    while True:
        pack = list(full_deck())
        rng.shuffle(pack)
        cuts = list(zip(cutting, pack))
        rounds.append(cuts)
        low = min(card.rank for _, card in cuts)
        tied = [seat for seat, card in cuts if card.rank == low]
        if len(tied) == 1:
            return tied[0], rounds
        cutting = tied
