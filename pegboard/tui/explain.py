"""Counting the way players count (UI-free): each show of a deal itemised and spoken aloud.

Cribbage shows are recounted from the ``show`` event's cards and the deal's starter (so a muggins
declaration can be set against the true count); grid games' line counts come from their score
events, grouped by line. The counting itself is :mod:`pegboard.counts` (the web frames' too); this
module adds the app's words for it, the deal's points by source and the discard's review.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=3, first_dealer=1)
>>> while game.deal_number == 0:
...     _ = game.apply(game.legal_actions()[0])
>>> deal_line(game, 0)
'Ann +8 (4 pegging, 4 show) · Bob +18 (2 pegging, 16 show)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pegboard.counts import ShowCount, deal_counts, show_count, starter_of
from pegboard.engine.base import GameState
from pegboard.engine.events import Event
from pegboard.objectives import WIN, Objective
from pegboard.scoring.items import ScoreItem

if TYPE_CHECKING:
    from pegboard.analysis.evaluate import Option
    from pegboard.analysis.review import Decision

__all__ = ["ShowCount", "DiscardReview", "deal_counts", "deal_line", "deal_points", "deal_summary", "discard_review",
           "starter_of",
           "item_words", "show_count"]

_ITEM_WORDS = {"fifteen": "fifteen", "pair": "pair", "run": "run", "flush": "flush", "nobs": "nobs",
               "heels": "his heels", "count": "declared count", "muggins": "muggins"}


def item_words(item: ScoreItem) -> str:
    """A score item's kind in words, with its size for pairs, runs and flushes: ``run of 3``."""
    if item.kind == "pair":
        return {2: "pair", 3: "pair royal", 4: "double pair royal"}.get(len(item.cards), "pair")
    if item.kind in ("run", "flush"):
        return f"{item.kind} of {len(item.cards)}"
    return _ITEM_WORDS.get(item.kind, item.kind.replace("-", " "))


def deal_points(events: Sequence[Event], deal: int, seats: int) -> list[dict[str, int]]:
    """Points each seat scored in ``deal``, by where they came from (play, show, other)."""
    points: list[dict[str, int]] = [{} for _ in range(seats)]
    for event in events:
        if event.type == "score" and event.deal == deal and event.seat is not None:
            source = {"play": "pegging", "place": "placing", "show": "show"}.get(event.phase, "other")
            points[event.seat][source] = points[event.seat].get(source, 0) + event.points
    return points


def deal_line(game: GameState, deal: int) -> str:
    """What each player scored in ``deal`` and from where, in one line:
    ``Ann +11 (2 pegging, 9 show) · Ada +6 (1 pegging, 5 show)``."""
    points = deal_points(game.events, deal, game.rules.players)
    parts = []
    for seat, name in enumerate(game.players):
        total = sum(points[seat].values())
        where = ", ".join(f"{value} {source}" for source, value in points[seat].items())
        parts.append(f"{name} +{total}" + (f" ({where})" if len(points[seat]) > 1 else
                                           f" {where.split(' ', 1)[1]}" if where else ""))
    return " · ".join(parts)


def deal_summary(game: GameState, deal: int) -> list[str]:
    """What each player scored in ``deal`` and from where, then the scores: a deal's summary lines."""
    points = deal_points(game.events, deal, game.rules.players)
    lines = []
    for seat, name in enumerate(game.players):
        parts = " + ".join(f"{value} {source}" for source, value in points[seat].items()) or "nothing"
        lines.append(f"{name}: {parts}")
    lines.append("Scores: " + " · ".join(f"{side} {score}" for side, score in game.scores().items()))
    return lines


@dataclass(frozen=True)
class DiscardReview:
    """A player's throw to the crib set against the best, as the review judges it (and the hint, and
    ``pegboard analyse``: one verdict, :func:`pegboard.analysis.review.judge`): expected points in hand,
    crib and pegging, and the chance to win near the end."""

    decision: Decision

    @property
    def rank(self) -> int:
        """The throw's place among the distinct throws (1: the best, or within the analysis' noise)."""
        return self.decision.place

    @property
    def options(self) -> int:
        return self.decision.choices

    @property
    def short(self) -> float:
        """Expected points the throw gave away against the best (0: none measurable)."""
        return self.decision.loss

    def words(self) -> str:
        """The verdict in a sentence."""
        found = self.decision.assessment
        mine, best = found.option(self.decision.choice), found.option(self.decision.best)

        def cards(option: Option) -> str:
            return " ".join(card.symbol for card in option.action.cards)

        def worth(option: Option) -> str:
            parts = ", ".join(f"{name} {value:+.1f}" if name != "hand" else f"hand {value:.1f}"
                              for name, value in option.parts.items())
            chance = f", {100 * option.win:.0f}% to win" if option.win is not None and found.by_win else ""
            return f"{option.points:+.1f} expected ({parts}){chance}"

        said = f"Your throw {cards(mine)}: {worth(mine)}"
        if self.rank == 1:
            return f"{said}: the best throw."
        return (f"{said}, {_ordinal(self.rank)} best of {self.options}. The best, {cards(best)}: {worth(best)}; "
                f"{self.short:.1f} point{'s' if round(self.short, 1) != 1 else ''} lost.")


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def discard_review(game: GameState, deal: int, seat: int, objective: Objective = WIN) -> DiscardReview | None:
    """``seat``'s throw in ``deal`` of ``game`` judged as the review, the hint and ``pegboard analyse``
    judge it (:func:`pegboard.analysis.review.judge_past`); None if the seat threw nothing that deal
    (grid games, or the deal ended first) or had no choice.

    >>> from pegboard.engine import new_game
    >>> game = new_game("cribbage", ["Ann", "Bob"], seed=3)
    >>> _ = game.apply(game.legal_actions(0)[0])
    >>> review = discard_review(game, 0, 0)
    >>> review.options, review.rank >= 1, review.words().startswith("Your throw")
    (15, True, True)
    """
    from pegboard.analysis.review import judge_past

    if not game.rules.crib:
        return None
    decision = judge_past(game, deal, seat, "discard", objective)
    return DiscardReview(decision) if decision is not None else None
