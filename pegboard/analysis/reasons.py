"""A decision's verdict in plain words, from what the seat could see.

Discards say which part of the expectation the choice gave up (the hand, the crib, the pegging);
plays say what the card scores and what it leaves the next player (how many of the unseen cards
answer it with fifteen, thirty-one, a pair or a run); counts say how many points were missed or
given away; the grid games say how much the expert's look-ahead prefers the best move.

>>> from pegboard.cards import parse_cards
>>> answers((5,), 5, parse_cards("TS JD QH KC 5C 2D"))
{'fifteen': 4, 'a pair': 1}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from pegboard.analysis.evaluate import Assessment, Option
from pegboard.cards import RANK_CHARS, Card, full_deck
from pegboard.engine.actions import Action
from pegboard.engine.views import CribbageView, SeatView
from pegboard.rules import Rules
from pegboard.scoring.play import PAIR_POINTS

__all__ = ["reason", "answers", "unseen_cards"]

_TEN_CARDS = "ten-card"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.symbol for card in cards)


def _ranks(cards: Iterable[Card]) -> str:
    return "-".join(RANK_CHARS[card.rank - 1].replace("T", "10") for card in sorted(cards))


def _points(value: float) -> str:
    shown = f"{value:.2f}" if abs(value) < 0.1 else f"{value:.1f}"
    return f"{shown} point{'' if shown == '1.0' else 's'}"


def reason(found: Assessment, chosen: Option, best: Option, loss: float, view: SeatView, rules: Rules) -> str:
    """The verdict of one decision in words: what the choice did, and what it cost (``loss`` expected
    points) against ``best``."""
    if found.kind == "discard":  # a discard and a card played are a cribbage game's
        text = _discard_reason(chosen, best, loss, cast(CribbageView, view), rules)
    elif found.kind == "play":
        text = _play_reason(chosen, best, loss, cast(CribbageView, view), rules)
    elif found.kind == "count":
        text = _count_reason(chosen, best, view)
    else:
        text = _grid_reason(chosen, best, loss, rules)
    if found.by_worth and chosen.worth is not None and best.worth is not None:
        objective = found.objective
        if chosen.action == best.action:
            text += f"; the best from here for {objective.kind} ({objective.value_words(chosen.worth)})"
        else:
            text += f"; {objective.value_words(chosen.worth)} against {objective.amount(best.worth)}"
    elif found.by_win and chosen.win is not None and best.win is not None:
        if chosen.action == best.action:
            text += f"; the best chance to win from here ({100 * chosen.win:.0f}%)"
        else:
            text += f"; chance to win {100 * chosen.win:.0f}% against {100 * best.win:.0f}%"
    return text


# ---------------------------------------------------------------------------- discards
def _whose(view: CribbageView, rules: Rules) -> str:
    seat = view.seat
    assert seat is not None, "a reason is given to a seat"
    own = view.side_of_seat[seat] == view.side_of_seat[view.dealer]
    if own:
        return "your own crib" if view.dealer == seat else "your partner's crib"
    return "the opponent's crib" if rules.players == 2 else "an opponent's crib"


def _discard_reason(chosen: Option, best: Option, loss: float, view: CribbageView, rules: Rules) -> str:
    thrown = chosen.action.cards
    kept = tuple(card for card in view.hand if card not in thrown)
    parts = chosen.parts
    whose = _whose(view, rules)
    summary = f"hand {parts.get('hand', 0.0):.1f}, crib {parts.get('crib', 0.0):+.1f}"
    if "pegging" in parts:
        summary += f", pegging {parts['pegging']:+.1f}"
    if chosen.action == best.action or loss <= 0:
        return f"kept {_ranks(kept)}, threw {_ranks(thrown)} to {whose}: the best discard ({summary})"
    gaps = {name: best.parts.get(name, 0.0) - parts.get(name, 0.0) for name in ("hand", "crib", "pegging")}
    worst = max(gaps, key=lambda name: gaps[name])
    best_kept = tuple(card for card in view.hand if card not in best.action.cards)
    if worst == "crib":
        what = f"threw {_ranks(thrown)} to {whose}"
        why = f"the crib is {gaps['crib']:.1f} worse for you"
    elif worst == "hand":
        what = f"kept {_ranks(kept)}"
        why = f"the hand holds {gaps['hand']:.1f} fewer on average"
    else:
        what = f"kept {_ranks(kept)}"
        why = f"it pegs {gaps['pegging']:.1f} less"
    return (f"{what}: -{_points(loss)} on average ({why}); better: keep {_ranks(best_kept)}, "
            f"throw {_ranks(best.action.cards)}")


# ---------------------------------------------------------------------------- the play
def unseen_cards(view: CribbageView) -> list[Card]:
    """The cards a cribbage seat has not seen: not in its hand, its discards, the play, the starter,
    a shown hand or crib."""
    seen: set[Card] = set(view.hand) | set(view.kept) | set(view.discarded) | set(view.crib)
    seen.update(card for _, card in view.played)
    seen.update(card for _, _, cards in view.shown for card in cards)
    if view.starter is not None:
        seen.add(view.starter)
    return [card for card in full_deck() if card not in seen]


def answers(series: tuple[int, ...], count: int, unseen: Iterable[Card]) -> dict[str, int]:
    """How many of the ``unseen`` cards would score at once on ``series`` (ranks) at ``count``, by what
    they would make: ``fifteen``, ``thirty-one``, ``a pair`` (or more), ``a run``."""
    found: dict[str, int] = {}
    for card in unseen:
        total = count + card.pips
        if total > 31:
            continue
        ranks = (*series, card.rank)
        what = ""
        if total == 15:
            what = "fifteen"
        elif total == 31:
            what = "thirty-one"
        elif _pairs(ranks):
            what = "a pair"
        elif _run(ranks):
            what = "a run"
        if what:
            found[what] = found.get(what, 0) + 1
    return found


def _pairs(ranks: tuple[int, ...]) -> bool:
    same = 1
    while same < len(ranks) and ranks[-same - 1] == ranks[-1]:
        same += 1
    return same in PAIR_POINTS


def _run(ranks: tuple[int, ...]) -> bool:
    for length in range(len(ranks), 2, -1):
        tail = sorted(ranks[-length:])
        if all(b - a == 1 for a, b in zip(tail, tail[1:])):
            return True
    return False


def _exposure(series: tuple[int, ...], count: int, unseen: list[Card], who: str) -> str:
    """What the next player can answer with, in words."""
    found = answers(series, count, unseen)
    if not found:
        return "no unseen card scores on it at once"
    total = sum(found.values())
    main = max(found, key=lambda what: found[what])
    extra = "" if len(found) == 1 else f" ({total} score in all)"
    if main == "fifteen" and count == 5:
        return f"{who} makes fifteen with any {_TEN_CARDS}, {found[main]} of the {len(unseen)} unseen{extra}"
    return f"{who} makes {main} with {found[main]} of the {len(unseen)} unseen{extra}"


def _card_play(action: Action, view: CribbageView) -> tuple[str, tuple[int, ...], int]:
    """A play as ``5♥ (count 15, pegging 2)``, with the series and count it leaves."""
    series = tuple(c.rank for _, c in view.series)
    if action.verb != "play":
        return "go", series, view.count
    card = action.cards[0]
    count = view.count + card.pips
    from pegboard.scoring.play import play_points

    scored = play_points((*series, card.rank), count)
    now = f", pegging {scored}" if scored else ""
    return f"{card.symbol} (count {count}{now})", (*series, card.rank), count


def _play_reason(chosen: Option, best: Option, loss: float, view: CribbageView, rules: Rules) -> str:
    unseen = unseen_cards(view)
    words, series, count = _card_play(chosen.action, view)
    verb = "said go" if chosen.action.verb != "play" else ("led" if not view.series else "played")
    who = "the opponent" if rules.players == 2 else "the next player"
    exposure = _exposure(series, count, unseen, who) if count < 31 else "the count starts again"
    text = f"{verb} {words}: {exposure}" if chosen.action.verb == "play" else verb
    if chosen.action == best.action or loss <= 0:
        return text
    best_words, _, _ = _card_play(best.action, view)
    return f"{text}; {best_words} was {_points(loss)} better on average"


# ---------------------------------------------------------------------------- counting
def _count_reason(chosen: Option, best: Option, view: SeatView | None = None) -> str:
    counted = getattr(view, "counting", None)
    unit = "crib" if counted and counted[1] == "crib" else "hand"
    right = best.action.target if isinstance(best.action.target, int) else 0
    said = chosen.action.target if isinstance(chosen.action.target, int) else 0
    counting = chosen.action.verb == "count"
    if said == right:
        return f"counted every point ({right})" if counting else \
            ("claimed every point missed" if right else "nothing was missed")
    if said < right:
        missed = right - said
        return (f"counted {said} of {right}: {_points(missed)} missed, left for muggins" if counting
                else f"claimed {said} of the {right} missed: {_points(missed)} left")
    return (f"counted {said}, but the {unit} holds {right}: {_points(said - right)} given away" if counting
            else f"claimed {said}, but only {right} were missed: {_points(said - right)} given away")


# ---------------------------------------------------------------------------- grid games
def _grid_move(action: Action, in_order: bool) -> str:
    card = action.cards[0].symbol if action.cards else "?"
    if action.verb == "place":
        return f"{card} at {action.target}"
    if action.verb == "discard":
        return f"{card} to a discard space"
    return card if in_order else f"{action.verb} {card}"


def _grid_reason(chosen: Option, best: Option, loss: float, rules: Rules) -> str:
    in_order = rules.cells_in_order  # Snailspace: the card is chosen, its cell follows the spiral
    move = _grid_move(chosen.action, in_order)
    verb = "played" if in_order else ("discarded" if chosen.action.verb == "discard" else "placed")
    horizon = "over the next moves" if in_order else "in the lines' final scores"
    if chosen.action == best.action or loss <= 0:
        return f"{verb} {move}: the best move ({chosen.points:+.1f} expected {horizon})"
    return f"{verb} {move}: {_grid_move(best.action, in_order)} was {_points(loss)} better on average {horizon}"
