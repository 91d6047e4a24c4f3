"""Presentation shared by every interface (terminal app, web page, command line): events in plain
words and hints with their reasons. UI-free: plain strings and values only.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=3, first_dealer=1)
>>> describe_event(game.events[0], game.players)
'Bob deals (deal 1).'
>>> hint(game, 0).action in game.legal_actions(0)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import cast

from pegboard.cards import Card
from pegboard.engine.actions import Action
from pegboard.engine.automation import claim_move
from pegboard.engine.base import GameState
from pegboard.engine.events import Event
from pegboard.engine.views import CribbageView, SeatView
from pegboard.errors import PegboardError
from pegboard.objectives import WIN, Objective
from pegboard.rules import Rules
from pegboard.scoring.spoken import number_words

__all__ = ["describe_event", "Hint", "hint", "card_words", "board_length"]

_KIND_WORDS = {
    "fifteen": "fifteen", "thirty-one": "thirty-one", "pair": "a pair", "run": "a run", "flush": "a flush",
    "nobs": "his nobs", "heels": "his heels", "go": "the go", "last": "last card", "count": "their count",
    "muggins": "muggins", "over-claim": "an over-claim",
}  # fmt: skip
_SET_WORDS = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}


def board_length(rules: Rules) -> int:
    """The length of the board's track: the target; 121 holes for every six deals in a game of a set
    number of deals (whose target is out of reach: a duplicate set's half); 60 a deal for Snailspace.

    >>> [board_length(Rules.preset("cribbage", deals=n, target=999)) for n in (4, 6, 8)]
    [121, 121, 242]
    """
    if rules.target is None:
        return 60 * rules.deals + 1
    if rules.pegging and rules.deals:
        return min(rules.target, 121 * math.ceil(rules.deals / 6))
    return rules.target


def card_words(cards: tuple[Card, ...]) -> str:
    """Cards as display text: ``5♥ J♠``."""
    return " ".join(card.symbol for card in cards)


def _score_words(event: Event) -> str:
    if event.kind == "pair":
        what = _SET_WORDS.get(len(event.cards), "a pair")
    elif event.kind == "run":
        what = f"a run of {number_words(len(event.cards))}"
    elif event.kind == "flush":
        what = f"a flush of {number_words(len(event.cards))}"
    elif event.kind == "last" and event.phase == "deal":
        what = "three for last (five-card)"
    else:
        what = _KIND_WORDS.get(event.kind, event.kind.replace("-", " "))
    where = f" in {event.where}" if event.where else ""
    cards = f" ({card_words(event.cards)})" if event.cards and event.kind not in ("go", "last", "count") else ""
    return f"{what}{where}{cards}"


def describe_event(event: Event, players: tuple[str, ...]) -> str:
    """One event in plain words, as an interface's game log shows it."""
    who = players[event.seat] if event.seat is not None and event.seat < len(players) else ""
    cards = card_words(event.cards)
    kind = event.type
    if kind == "cut":
        return f"{who} cuts {cards}."
    if kind == "deal":
        return f"{who} deals (deal {event.deal + 1})." if who else f"Deal {event.deal + 1}."
    if kind == "dealt":
        if event.kind == "crib":
            return "One card goes from the pack to the crib."
        if event.kind == "turned":
            return f"The stock turns {cards}." if cards else "The stock turns a card."
        return f"{who} is dealt {cards}." if cards else f"{who} is dealt {event.hidden} cards."
    if kind == "discard":
        if event.where.startswith("discard"):
            return f"{who} puts {cards} on a discard space." if who else f"To a discard space: {cards}."
        return f"{who} discards {cards} to the crib." if cards else \
            f"{who} discards {number_words(event.hidden)} card{'s' if event.hidden != 1 else ''} to the crib."
    if kind == "starter":
        return f"The starter is {cards}."
    if kind == "play":
        return f"{who} plays {cards}: {number_words(event.count or 0)}."
    if kind == "place":
        return f"{who} places {cards} at {event.where}." if who else f"Placed at {event.where}: {cards}."
    if kind == "go":
        return f"{who} says go."
    if kind == "reset":
        return "The count goes back to zero."
    if kind == "show":
        return f"{who} shows the {event.kind}: {cards} ({event.points})."
    if kind == "claim":
        if event.kind == "pass":
            return f"{who} makes no claim."
        if event.kind == "muggins":
            return f"{who} calls muggins for {event.points}."  # what is scored, and by whom, follows
        return f"{who} counts {event.points}."
    if kind == "score":
        points = f"{event.points} point{'s' if event.points != 1 else ''}"
        return f"{who} scores {points} for {_score_words(event)}." if who else f"{points} for {_score_words(event)}."
    if kind == "end":
        if event.kind == "draw":
            return "The game is a draw."
        if event.kind == "lost":
            return "The deal is over: below the target."
        return f"{event.kind} wins!"
    return f"{kind} {who} {cards}".strip()


@dataclass(frozen=True)
class Hint:
    """A suggested action and why, plus (for discards) the advisor's ranking as text lines."""

    action: Action
    reason: str
    ranking: tuple[str, ...] = ()


def hint(game: GameState, seat: int, objective: Objective = WIN) -> Hint:
    """What pegboard would do now from ``seat``'s view, and the reason in words. A real choice (a
    discard, a play between ranks, a placement) is valued as a review of the game will value it
    (:mod:`pegboard.analysis`: the same numbers, the same samples); at a table played for another
    ``objective`` than ``win`` (game points, spread, a match), near the end as the expert playing for
    it values it (:class:`pegboard.analysis.evaluate.Assessor` with that objective)."""
    from pegboard.analysis.review import is_decision

    view = game.view(seat)
    actions: tuple[Action, ...] = view.legal_actions
    if not actions:
        raise ValueError(f"seat {seat} has nothing to do now")
    best = claim_move(view, game.rules)
    if best is not None:
        reason = {"count": "count every point you hold", "muggins": "claim the points missed"}.get(
            best.verb, "nothing was missed")
        return Hint(best, reason)
    if is_decision(actions):
        return _assessed_hint(game, view, objective)
    return Hint(actions[0], _reason(game, view, actions[0]))


def _assessed_hint(game: GameState, view: SeatView, objective: Objective) -> Hint:
    from pegboard.analysis.review import assess_now

    seat = view.seat
    if seat is None:
        raise PegboardError("a hint is for a seat, not a spectator")
    found = assess_now(game, seat, objective)  # the numbers the show panel and the review give
    options = found.distinct()
    best = options[0]
    chance = f", {100 * best.win:.0f}% to win" if best.win is not None else ""
    if found.by_worth and best.worth is not None:
        chance = f", {objective.value_words(best.worth)}"
    if found.kind == "discard":
        hand = cast(CribbageView, view).hand  # a discard is a cribbage game's
        kept = tuple(sorted(card for card in hand if card not in best.action.cards))
        crib = best.parts.get("crib", 0.0)
        whose = "your" if crib >= 0 else "the opponent's"
        pegging = f", {best.parts['pegging']:+.1f} pegging" if "pegging" in best.parts else ""
        reason = (f"keep {card_words(kept)}: {best.parts.get('hand', 0.0):.1f} expected in hand, {crib:+.1f} for "
                  f"{whose} crib{pegging}: {best.points:+.2f} in all{chance}")
        ranking = tuple(f"{card_words(o.action.cards)}  hand {o.parts.get('hand', 0.0):.2f}  crib "
                        f"{o.parts.get('crib', 0.0):+.2f}  net {o.points:+.2f}"
                        + (f"  win {100 * o.win:.0f}%" if o.win is not None else "")
                        + (f"  {objective.kind} {objective.amount(o.worth)}" if found.by_worth and o.worth is not None
                           else "")
                        for o in options[:5])
        return Hint(best.action, reason, ranking)
    second = options[1] if len(options) > 1 else None
    if found.kind == "play":
        card = best.action.cards[0]
        play = cast(CribbageView, view)  # the play is a cribbage game's
        series = [c for _, c in play.series]
        from pegboard.scoring.play import score_play

        now = score_play([*series, card], play.count + card.pips).total
        what = (f"scores {now} now; " if now else "") + f"{best.points:+.2f} expected points to the end of the play"
        what += chance
    else:
        what = f"{best.points:+.2f} expected points{chance} (the expert's look-ahead over the cards to come)"
    if second is not None:
        other = card_words(second.action.cards) if second.action.cards else second.action.text()
        where = f" at {second.action.target}" if isinstance(second.action.target, str) else ""
        if found.by_worth and best.worth is not None and second.worth is not None:
            less = f"{objective.gap_words(best.worth - second.worth)} less"
        else:
            less = f"{best.points - second.points:.2f} less"
        what += f"; next best {other}{where}, {less}"
    return Hint(best.action, what)


def _reason(game: GameState, view: SeatView, action: Action) -> str:
    if action.verb == "go":
        return "no card fits under 31"
    if game.rules.crib and action.verb == "play":
        from pegboard.scoring.play import score_play

        card = action.cards[0]
        play = cast(CribbageView, view)  # a game with a crib is a cribbage game
        series = [c for _, c in play.series]
        now = score_play([*series, card], play.count + card.pips).total
        gained = f"scores {now} now" if now else "scores nothing now"
        return f"{gained}; best over every hand the opponent may hold (the expert's look-ahead)"
    if action.verb in ("place", "play"):
        return "the expert's choice over the cards still unseen"
    if action.verb == "discard":
        return "no cell is worth this card: keep the cell for a better one"
    return "the expert's choice"
