"""The score history and the game's summary, UI-free: per deal and side, the points of each source
(pegging, hand, crib... or placing and lines in the grid games), and at the end who won, the skunk,
the points by source, the deal with the most points and the time played. Only scores are read:
they are public.

>>> from pegboard.engine import new_game
>>> from pegboard.session import Session
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=2, target=31)
>>> session = Session(game, ("greedy", "greedy"), seed=2)
>>> while not game.finished:
...     _ = game.apply(session.decide(game.to_act()[0]))
>>> rows = score_history(game)
>>> sum(sum(row.points[0].values()) + sum(row.points[1].values()) for row in rows) == sum(game.score_list)
True
>>> summary = game_summary(game, seconds=95).headline
>>> summary.endswith("wins.")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from pegboard.engine import GameState
from pegboard.rules import Rules

__all__ = ["DealRow", "score_history", "sources", "GameSummary", "game_summary", "duration_words"]


def sources(rules: Rules) -> tuple[str, ...]:
    """The columns of the history for these rules, in order."""
    if rules.crib:
        return ("pegging", "hand", "crib", "other")
    return ("placing", "lines") if rules.grid_side else ("lines",)


@dataclass(frozen=True)
class DealRow:
    """One deal: per side, its points by source."""

    deal: int
    points: tuple[dict[str, int], ...]

    def total(self, side: int) -> int:
        return sum(self.points[side].values())


def _source(phase: str, kind: str, unit: str, rules: Rules) -> str:
    if not rules.crib:
        return "placing" if phase == "place" and rules.grid_side else "lines"
    if phase == "play":
        return "pegging"
    if phase == "show" and kind in ("hand", "crib", "count"):
        return unit if kind == "count" else kind
    return "other"  # his heels, three for last, muggins claims, over-claims


def score_history(game: GameState) -> list[DealRow]:
    """Every deal so far (the one in play included), per side and source."""
    rules = game.rules
    rows: dict[int, list[dict[str, int]]] = {}
    unit = "hand"
    for event in game.unit_events():
        if event.type == "show":
            unit = "crib" if event.kind == "crib" else "hand"
        if event.type != "score" or event.seat is None or event.deal < 0:
            continue
        sides = rows.setdefault(event.deal, [{} for _ in range(rules.sides)])
        source = _source(event.phase, event.kind, unit, rules)
        side = sides[game.side_of(event.seat)]
        side[source] = side.get(source, 0) + event.points
    return [DealRow(deal, tuple(rows.get(deal, [{} for _ in range(rules.sides)])))
            for deal in range(game.deal_number + 1)]


def duration_words(seconds: float) -> str:
    """``1 h 02 min``, ``12 min``, ``40 s``.

    >>> duration_words(3725), duration_words(95), duration_words(40)
    ('1 h 02 min', '1 min', '40 s')
    """
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


@dataclass(frozen=True)
class GameSummary:
    """A finished game in a few lines."""

    headline: str
    lines: tuple[str, ...]
    rows: tuple[DealRow, ...]


def game_summary(game: GameState, seconds: float | None = None) -> GameSummary:
    """Winner, skunk, points by source per side, the deal with the most points, time played."""
    rules = game.rules
    rows = score_history(game)
    scores = game.scores()
    if game.winner is not None:
        headline = f"{game.winner} wins."
    elif rules.solo:
        headline = f"{game.score_list[0]} points: {rules.target} were needed."
    else:
        headline = "A draw."
    lines = ["Final scores: " + " · ".join(f"{side} {score}" for side, score in scores.items())]
    lines.extend(f"{side} is {mark.replace('-', ' ')}ed." for side, mark in game.losers_marks().items())
    for side, name in enumerate(game.side_names):
        parts = [f"{sum(row.points[side].get(source, 0) for row in rows)} {source}" for source in sources(rules)]
        lines.append(f"{name}: " + ", ".join(parts))
    if rows:
        best = max(rows, key=lambda row: (sum(row.total(side) for side in range(rules.sides)), -row.deal))
        points = " · ".join(f"{name} {best.total(side)}" for side, name in enumerate(game.side_names))
        lines.append(f"The deal with the most points: deal {best.deal + 1} ({points}).")
    if seconds is not None:
        lines.append(f"Time played: {duration_words(seconds)}.")
    return GameSummary(headline, tuple(lines), tuple(rows))
