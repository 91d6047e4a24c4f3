"""A deal against the BSD program, mirrored in a pegboard engine game so that our bot gets its view.

:class:`DealRecord` holds what the driver has read off the screen: the dealer, the scores at the
start, our six cards and throw, the starter, and every card played, in order. :func:`mirror` replays
it in a fresh :class:`~pegboard.engine.cribbage.CribbageState` for seat 0 (us) against seat 1 (the
program). Until the show the program's cards are unknown: its hand holds the cards it has played and
stand-ins for the rest: unseen ten-cards for the cards it still holds (a ten fits wherever the program
could play, and its go's always come at counts of 22 or more, where no ten fits), any unseen cards
for its throw and the starter. Our seat's view never shows them, so the view is exactly the one a
pegboard game would give (the go's, the counts and the scores come from the same engine rules).

Once the show has revealed the program's hand and crib, :func:`mirror` replays the deal with the
real cards: :func:`deal_sources` then gives each side's points by source, and
:func:`classic_agreement` asks our ``classic`` bot for each decision the program made.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pegboard.bots.classic import classic_discard, classic_play
from pegboard.cards import Card, full_deck
from pegboard.engine import Action, Deal, new_game
from pegboard.engine.cribbage import CribbageState
from pegboard.rules import Rules

__all__ = ["DealRecord", "MirrorError", "mirror", "deal_sources", "classic_agreement", "US", "BSD"]

US, BSD = 0, 1
RULES = Rules.preset("cribbage")


class MirrorError(RuntimeError):
    """What was read off the screen cannot be replayed by the rules (a reading error)."""


@dataclass
class DealRecord:
    """One deal as read off the program's screen (cards in the order they were played)."""

    bsd_deals: bool
    start_scores: tuple[int, int]  # ours, the program's
    ours: tuple[Card, ...]
    our_throw: tuple[Card, ...] = ()
    starter: Card | None = None
    plays: list[Card] = field(default_factory=list)
    bsd_kept: tuple[Card, ...] = ()
    crib: tuple[Card, ...] = ()
    bsd_claims: dict[str, int] = field(default_factory=dict)  # what the program said its hand/crib scored
    end_scores: tuple[int, int] | None = None  # the board when the next deal began (or the game ended)

    @property
    def bsd_throw(self) -> tuple[Card, ...]:
        return tuple(sorted(card for card in self.crib if card not in self.our_throw))

    @property
    def revealed(self) -> bool:
        """Whether the program's six cards are known (its hand and the crib were shown)."""
        return len(self.bsd_kept) == 4 and len(self.crib) == 4

    def to_json(self) -> dict[str, Any]:
        def text(cards: Iterable[Card]) -> str:
            return " ".join(map(str, cards))

        return {"bsd_deals": self.bsd_deals, "start_scores": list(self.start_scores), "ours": text(self.ours),
                "our_throw": text(self.our_throw), "starter": str(self.starter) if self.starter else None,
                "plays": text(self.plays), "bsd_kept": text(self.bsd_kept), "bsd_throw": text(self.bsd_throw),
                "bsd_claims": self.bsd_claims,
                "end_scores": list(self.end_scores) if self.end_scores else None}


def _stand_ins(record: DealRecord) -> tuple[tuple[Card, ...], Card]:
    """The program's six cards (played ones real, stand-ins for the rest) and a starter."""
    if record.revealed:
        assert record.starter is not None
        return tuple(record.bsd_kept) + record.bsd_throw, record.starter
    known = set(record.ours) | set(record.plays) | ({record.starter} if record.starter else set())
    played = [card for card in record.plays if card not in record.ours]
    tens = [card for card in full_deck() if card.pips == 10 and card not in known]
    kept = played + tens[:4 - len(played)]
    others = [card for card in full_deck() if card not in known and card not in kept]
    starter = record.starter or next(card for card in others[2:] if card.rank != 11)  # no heels from a stand-in
    return tuple(kept) + tuple(others[:2]), starter


def mirror(record: DealRecord, *, stop_at_our_turn: bool = True,
           on_bsd_play: Any = None) -> CribbageState:
    """The deal replayed in a pegboard game: both throws (when ours is known) and every card played,
    the go's the rules force in between; then, with ``stop_at_our_turn``, the forced go's up to our
    next decision. ``on_bsd_play(game, card)`` is called before each of the program's plays."""
    hand, starter = _stand_ins(record)
    game = new_game(RULES, ["pegboard", "bsd"], seed=0, first_dealer=BSD if record.bsd_deals else US,
                    dealt=[Deal(hands=(record.ours, hand), starter=starter)], start_scores=record.start_scores)
    assert isinstance(game, CribbageState)
    if not record.our_throw:
        return game
    game.apply(Action(US, "discard", tuple(sorted(record.our_throw))))
    game.apply(Action(BSD, "discard", tuple(sorted(hand[4:]))))
    for card in record.plays:
        seat = US if card in record.ours else BSD
        _forced_goes(game, until=seat)
        if game.finished:
            return game
        if on_bsd_play is not None and seat == BSD:
            on_bsd_play(game, card)
        try:
            game.apply(Action(seat, "play", (card,)))
        except ValueError as error:
            raise MirrorError(f"replaying {record.to_json()}: {error}") from None
    if stop_at_our_turn:
        _forced_goes(game, until=US)
    return game


def _forced_goes(game: CribbageState, until: int) -> None:
    """Say every forced go until ``until`` has a card to play (or the play is over)."""
    while not game.finished and game.phase == "play":
        (seat,) = game.to_act()
        legal = game.legal_actions(seat)
        if seat == until and legal[0].verb == "play":
            return
        if len(legal) != 1 or legal[0].verb != "go":
            raise MirrorError(f"seat {seat} could play {', '.join(map(str, legal))} where the program's "
                              f"screen shows the next card played by seat {until}")
        game.apply(legal[0])


def deal_sources(game: CribbageState) -> list[dict[str, int]]:
    """Each seat's points in the (replayed, complete) deal: pegging, hand, crib, heels."""
    sources = [{"pegging": 0, "hand": 0, "crib": 0, "heels": 0} for _ in range(2)]
    showing = "hand"
    for event in game.events:
        if event.type == "show":
            showing = event.kind
        elif event.type == "score" and event.seat is not None:
            source = {"play": "pegging", "starter": "heels"}.get(event.phase, showing)
            sources[event.seat][source] += event.points
    return sources


@dataclass
class Agreement:
    """How often ``classic`` chose as the program did."""

    discards: int = 0
    same_discards: int = 0
    same_discard_ranks: int = 0
    plays: int = 0
    same_plays: int = 0
    choices: int = 0  # plays where the program had two or more different ranks to play
    same_choices: int = 0
    differences: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Agreement) -> None:
        for name in ("discards", "same_discards", "same_discard_ranks", "plays", "same_plays", "choices",
                     "same_choices"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.differences.extend(other.differences)


def classic_agreement(record: DealRecord) -> Agreement:
    """Our ``classic`` bot's choices against the program's, for a deal whose cards were revealed."""
    result = Agreement()
    if not record.revealed:
        return result
    six = tuple(record.bsd_kept) + record.bsd_throw
    predicted = tuple(sorted(classic_discard(six, RULES, role=0 if record.bsd_deals else 1)))
    result.discards = 1
    result.same_discards = predicted == record.bsd_throw
    result.same_discard_ranks = sorted(c.rank for c in predicted) == sorted(c.rank for c in record.bsd_throw)
    if not result.same_discards:
        result.differences.append({"decision": "discard", "hand": " ".join(map(str, sorted(six))),
                                   "dealer": record.bsd_deals, "bsd": " ".join(map(str, record.bsd_throw)),
                                   "classic": " ".join(map(str, predicted))})

    def compare(game: CribbageState, card: Card) -> None:
        view = game.view(BSD)
        playable = {action.cards[0].rank for action in view.legal_actions if action.verb == "play"}
        choice = classic_play(view.hand, [played for _, played in view.series], view.count)
        result.plays += 1
        result.same_plays += choice == card
        if len(playable) > 1:
            result.choices += 1
            result.same_choices += choice == card
        if choice != card:
            result.differences.append({"decision": "play", "hand": " ".join(map(str, sorted(view.hand))),
                                       "series": " ".join(str(played) for _, played in view.series),
                                       "count": view.count, "bsd": str(card), "classic": str(choice)})

    mirror(record, stop_at_our_turn=False, on_bsd_play=compare)
    return result
