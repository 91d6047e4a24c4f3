"""A puzzle's position as text ``pegboard analyse`` accepts, and its analysis exactly as ``analyse`` makes it.

Two forms (docs/train.md):

* cribbage discards and plays: the short text form of docs/review.md (``game``, ``target``, ``scores``,
  ``dealer``, ``hand``, ``thrown``, ``starter``, ``play``), the scores those at the deal's start (the
  play's points and his heels are scored again as the position is rebuilt);
* counts (muggins), Snailspace cells and solitaire placements, which the text form cannot say: the
  game's ``pegboard/1`` record, on one line, stopping at the decision (a count: its deal alone, from the
  scores at the deal's start). ``pegboard analyse`` takes such a line as its POSITION.

:func:`analyse_position` values a position as ``pegboard analyse POSITION --seed S`` does (the same
generator, the same draws), so a puzzle's answer is analyse's best by construction; :class:`DeepAssessor`
values it again with more samples (the re-check before a puzzle is accepted).

>>> text = "dealer them hand 5H 5C 6D 7S JH KD"
>>> game, seat, found = analyse_position(text)
>>> found.kind, found.best.action.text()
('discard', 'discard JH KD')
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, cast

from pegboard.analysis.evaluate import GRID_SAMPLES, REVIEW_SETTINGS, Assessment, Assessor
from pegboard.analysis.position import build_position, parse_position
from pegboard.bots.expert import ExpertBot
from pegboard.engine import GameState
from pegboard.engine.views import CribbageView, SeatView
from pegboard.errors import PegboardError, PuzzleError
from pegboard.records import read_record, record_of, replay

__all__ = ["position_text", "load_position", "analyse_position", "DeepAssessor", "is_record_text"]


def is_record_text(text: str) -> bool:
    """Whether a position is given as an inline ``pegboard/1`` record (a JSON object).

    >>> is_record_text(' {"format": "pegboard/1"}'), is_record_text("dealer you hand 5H")
    (True, False)
    """
    return text.lstrip().startswith("{")


def _seat_order(game: GameState, seat: int) -> list[int]:
    return [(seat + k) % game.rules.players for k in range(game.rules.players)]


def _sides(game: GameState, seat: int) -> list[int]:
    """The sides as the text form lists them: ``seat``'s first, then clockwise from its left."""
    sides: list[int] = []
    for other in _seat_order(game, seat):
        side = game.side_of(other)
        if side not in sides:
            sides.append(side)
    return sides


def _text_form(game: GameState, seat: int, start_scores: tuple[int, ...]) -> str | None:
    """The short text form of ``seat``'s discard or play in ``game``, or None where it cannot say it."""
    rules = game.rules
    if not rules.crib:
        return None
    view = cast(CribbageView, game.view(seat))  # a game with a crib
    if not rules.crib or getattr(view, "phase", "") not in ("discard", "play"):
        return None
    sides = _sides(game, seat)
    dealer = (view.dealer - seat) % rules.players
    words = [f"game {rules.name}"]
    words.append(f"target {rules.target}")
    words.append("scores " + " ".join(str(start_scores[side]) for side in sides))
    words.append("dealer " + ("you" if dealer == 0 else ("them" if rules.players == 2 else str(dealer))))
    words.append("hand " + " ".join(str(card) for card in view.hand))
    if view.phase == "play":
        words.append("thrown " + " ".join(str(card) for card in view.discarded))
        words.append(f"starter {view.starter}")
        tokens = []
        for event in view.events:
            if event.deal != view.deal:
                continue
            if event.type == "play" and event.cards:
                tokens.append(str(event.cards[0]))
            elif event.type == "go":
                tokens.append("go")
        if tokens:
            words.append("play " + " ".join(tokens))
    return " ".join(words)


def _one_deal_record(game: GameState, start_scores: tuple[int, ...]) -> dict[str, Any]:
    """The record of ``game``'s current deal alone, from the scores at its start."""
    record = record_of(game)
    dealer = getattr(game, "dealer", None)
    record.pop("seed", None)
    record.pop("cut_for_deal", None)
    if dealer is not None and not game.rules.solo:
        record["first_dealer"] = game.players[dealer]
    record["start_scores"] = dict(zip(game.side_names, start_scores))
    record["deals"] = record["deals"][-1:]
    return record


def _without_pone_bonus(game: GameState, start_scores: tuple[int, ...]) -> tuple[int, ...] | None:
    """The scores to start a position's game from: a game started from given scores still gives the pone
    its bonus (five-card's three for last), so it is taken off here; None if it cannot be."""
    bonus = game.rules.pone_bonus
    dealer = getattr(game, "dealer", None)
    if not bonus or dealer is None:
        return start_scores
    side = game.side_of((dealer + 1) % game.rules.players)
    if start_scores[side] < bonus:
        return None
    return tuple(score - bonus if at == side else score for at, score in enumerate(start_scores))


def position_text(game: GameState, seat: int, start_scores: tuple[int, ...]) -> str:
    """The position of ``seat``'s decision now in ``game`` in a form ``pegboard analyse`` accepts:
    the short text form where it can say it and it rebuilds the same choices, else an inline record
    (module docstring). ``start_scores``: every side's score at the deal's start.

    >>> from pegboard.engine import new_game
    >>> game = new_game("cribbage", ["Ann", "Bob"], seed=3, first_dealer=1)
    >>> position_text(game, 0, (0, 0))
    'game cribbage target 121 scores 0 0 dealer them hand 4S TD 9H 3C 6S TH'
    """
    legal = sorted(action.text() for action in game.legal_actions(seat))
    given = _without_pone_bonus(game, start_scores)
    if given is None:  # the scores cannot be given as a new game's start: the whole record
        return json.dumps(record_of(game), separators=(",", ":"))
    start_scores = given
    text = _text_form(game, seat, start_scores)
    if text is not None:
        try:
            rebuilt, mine = load_position(text, random.Random(0))
            if sorted(action.text() for action in rebuilt.legal_actions(mine)) == legal and \
                    rebuilt.rules == replace(game.rules, muggins=rebuilt.rules.muggins) and \
                    list(rebuilt.score_list) == [game.score_list[side] for side in _sides(game, seat)]:
                return text
        except PegboardError:
            pass
    if game.rules.pegging and getattr(game, "deal_number", 0) > 0 and game.rules.crib:
        record = _one_deal_record(game, start_scores)
    else:
        record = record_of(game)
    return json.dumps(record, separators=(",", ":"))


def load_position(text: str, rng: random.Random) -> tuple[GameState, int]:
    """The game and the deciding seat of a position (either form), as ``pegboard analyse`` builds it:
    the text form deals the unseen cards from ``rng``; a record is replayed to where it stops."""
    if is_record_text(text):
        try:
            json.loads(text)
        except ValueError:
            raise PuzzleError(f"position {text[:40]!r}...: expected a pegboard/1 record on one line") from None
        game = replay(read_record(text, "position"))
        acting = game.to_act()
        if not acting:
            raise PuzzleError("position: nobody has a decision to make where the record stops")
        return game, acting[0]
    return build_position(parse_position(text), rng)


def analyse_position(text: str, seed: int = 0, assessor: Assessor | None = None
                     ) -> tuple[GameState, int, Assessment]:
    """The position's game, the deciding seat and every choice valued, as ``pegboard analyse TEXT
    --seed SEED`` values them (the same draws); another ``assessor`` (:class:`DeepAssessor`) spends more."""
    rng = random.Random(seed)
    game, seat = load_position(text, rng)
    assessor = assessor if assessor is not None else Assessor(game.rules)
    found = assessor.assess(game.view(seat), random.Random(rng.getrandbits(64)), every_chance=True)
    return game, seat, found


class DeepAssessor(Assessor):
    """The review's assessor with ``factor`` times the samples (and search budget) in the play and the
    grid games: the re-check of a puzzle's answer. Discards and counts are exact either way."""

    def __init__(self, rules: Any, factor: int = 2) -> None:
        super().__init__(rules)
        self.factor = factor

    def expert(self, seat: int) -> ExpertBot:
        found = self._experts.get(seat)
        if found is None:
            settings = replace(REVIEW_SETTINGS, samples=self.factor * REVIEW_SETTINGS.samples,
                               node_budget=self.factor * REVIEW_SETTINGS.node_budget)
            found = self._experts[seat] = ExpertBot(self.rules, seat, seed=0, settings=settings)
        return found

    def assess(self, view: SeatView, rng: random.Random, *, every_chance: bool = False) -> Assessment:
        seat = view.seat
        if not self.rules.crib and seat is not None and seat not in self._grid:
            from pegboard.bots.grid import SnailspaceExpert, SolitaireExpert

            samples = self.factor * GRID_SAMPLES[self.rules.family]
            kind = SnailspaceExpert if self.rules.cells_in_order else SolitaireExpert
            self._grid[seat] = kind(self.rules, seat, 0, samples=samples)
        return super().assess(view, rng, every_chance=every_chance)
