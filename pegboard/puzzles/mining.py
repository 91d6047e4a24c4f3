"""Mining puzzles from a game record: positions whose best choice beats the next by a clear margin.

:func:`mine` reviews the record (:func:`pegboard.analysis.review.review`: every decision valued from what
its player could see), keeps the candidates, writes each one's position in a form ``pegboard analyse``
accepts (:mod:`pegboard.puzzles.positions`), values that position exactly as ``analyse`` does (the
puzzle's answer is analyse's best), and accepts it when

* the best beats the next distinct choice by more than the analysis noise: ``margin > max(NOISE, 2 x SE)``
  (the review's :data:`~pegboard.analysis.review.NOISE` per kind, and the paired standard error of the
  two; near the end, in the chance to win, more than three percentage points and twice the halves' SE);
* valued again with twice the samples (:class:`~pegboard.puzzles.positions.DeepAssessor`, other draws),
  the best is the same choice and its margin still clear (discards and counts are exact: the same);
* ``mistakes`` (the default): the choice made was a measurable mistake in the review (a loss of at least
  ``min_loss`` points) and not the answer, and the expert bot, playing the position, plays the answer
  (where the expert and the analysis disagree the position shows a difference of models, not a
  mistake to learn from: the expert's own discards never qualify, its plays hardly ever). Otherwise
  every decision with a clear margin of at least ``min_margin`` (the bank).

Everything is seeded (the review by each decision's information set, the analysis by ``seed``), so the
same record gives the same puzzles.

>>> from pegboard.puzzles.positions import analyse_position
>>> _, _, found = analyse_position("dealer them hand 5H 9C 6D 7S JH KD")
>>> margin = margin_of(found)
>>> margin.clear, margin.measure, margin.best.action.text()
(True, 'points', 'discard 9C KD')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from pegboard.analysis.evaluate import Assessment, Option
from pegboard.analysis.reasons import reason
from pegboard.analysis.review import NOISE, SE_FACTOR, WIN_NOISE, Decision, review
from pegboard.bots import make_bot
from pegboard.engine import Action, GameState
from pegboard.errors import PegboardError, PuzzleError
from pegboard.puzzles.positions import DeepAssessor, analyse_position, position_text
from pegboard.puzzles.puzzle import Puzzle, puzzle_id
from pegboard.puzzles.rating import initial_rating
from pegboard.puzzles.themes import theme_of
from pegboard.records import GameRecord, start_game

__all__ = ["mine", "Margin", "margin_of", "kind_of", "MIN_LOSS", "RECHECK_FACTOR"]

MIN_LOSS = 0.5
"""By default a puzzle comes from a choice that lost at least this many points in the review: a real
mistake, not a hair's breadth the samples can barely see."""
RECHECK_FACTOR = 2
"""The re-check values a puzzle again with this many times the samples."""
REASONS = 4
"""How many of the other options get their reason kept in the puzzle (besides the choice made)."""


@dataclass(frozen=True)
class Margin:
    """The best option's lead over the next distinct one: in ``measure`` (points or win), its noise
    threshold, and whether it is clear of it."""

    best: Option
    runner_up: Option
    margin: float
    threshold: float
    measure: str

    @property
    def clear(self) -> bool:
        return self.margin > self.threshold + 1e-9


def margin_of(found: Assessment) -> Margin | None:
    """The best's lead over the next distinct choice of ``found``; None with fewer than two choices."""
    options = found.distinct()
    if len(options) < 2:
        return None
    best, second = options[0], options[1]
    if found.by_win and best.win is not None and second.win is not None:
        spread = [abs(h[0] - h[1]) / 2 for h in (best.win_halves, second.win_halves) if h is not None]
        se = sum(s * s for s in spread) ** 0.5
        return Margin(best, second, best.win - second.win, max(WIN_NOISE, SE_FACTOR * se), "win")
    se = second.se_against(best)
    noise = NOISE.get(found.kind, 0.05)
    return Margin(best, second, best.points - second.points, max(noise, SE_FACTOR * se if se else 0.0), "points")


def kind_of(found: Assessment, game: GameState) -> str:
    """The puzzle kind of a decision: the review's kind, a grid game's ``place`` called ``cell`` in
    Snailspace (where the card is chosen and its cell follows)."""
    if found.kind == "place" and game.rules.cells_in_order:
        return "cell"
    return found.kind


def _alike(one: Action, other: Action) -> bool:
    if one.verb == other.verb == "play" and one.cards and other.cards:
        return one.cards[0].rank == other.cards[0].rank
    if one.verb == other.verb == "discard":
        return set(one.cards) == set(other.cards) and one.target == other.target
    return one == other


def _value(option: Option, measure: str) -> float:
    return (option.win or 0.0) if measure == "win" else option.points


def _games_at(record: GameRecord, indices: set[int]) -> dict[int, tuple[GameState, tuple[int, ...]]]:
    """The game just before each action in ``indices``, with every side's score at its deal's start."""
    game = start_game(record)
    found: dict[int, tuple[GameState, tuple[int, ...]]] = {}
    index = 0
    for deal in record.deals:
        start = game.score_list
        for text in deal.actions:
            if index in indices:
                found[index] = (game.clone(), start)
            game.apply(game.parse_action(text))
            index += 1
    return found


def mine(record: GameRecord, player: str | None = None, *, mistakes: bool = True, min_loss: float = MIN_LOSS,
         min_margin: float | Mapping[str, float] = 0.0, seed: int = 0, recheck: bool = True,
         limit: int | None = None, rng: random.Random | None = None,
         progress: Callable[[int, int], None] | None = None) -> list[Puzzle]:
    """The puzzles ``record`` yields (module docstring), in the order of the game: ``player``'s decisions
    only if named (a :class:`PuzzleError` if no player is called that), every player's otherwise.
    ``min_margin``: the least lead in points of the best (per puzzle kind if a mapping; near the end,
    judged by the chance to win, only the noise applies); ``limit``: at most this many candidates of
    each kind and verb of the review's best (a count, a muggins claim, a pass; a placement, a solitaire
    discard) are analysed, chosen with ``rng`` (default seeded by ``seed``)."""
    seats = None
    if player is not None:
        if player not in record.players:
            raise PuzzleError(f"--player {player!r}: not a player of this game ({', '.join(record.players)})")
        seats = [record.players.index(player)]
    reviewed = review(record, seats=seats)
    candidates = []
    rules = record.rules
    def least(kind: str) -> float:
        kind = "cell" if kind == "place" and rules.cells_in_order else kind
        return min_margin.get(kind, 0.0) if isinstance(min_margin, Mapping) else min_margin

    for decision in reviewed.decisions:
        if len(decision.assessment.distinct()) < 2:
            continue
        if mistakes and decision.loss < min_loss:
            continue
        if not mistakes:
            margin = margin_of(decision.assessment)
            if margin is None or not margin.clear or (margin.measure == "points" and
                                                       margin.margin < least(decision.kind)):
                continue
        candidates.append(decision)
    if limit is not None:  # at most ``limit`` of each kind and verb of the review's best (a claim, a pass...)
        chooser = rng if rng is not None else random.Random(seed)
        kept = []
        def group(decision: Decision) -> tuple[str, str]:
            return decision.kind, decision.assessment.best.action.verb

        for key in sorted({group(decision) for decision in candidates}):
            alike = [decision for decision in candidates if group(decision) == key]
            kept.extend(chooser.sample(alike, limit) if len(alike) > limit else alike)
        candidates = sorted(kept, key=lambda decision: decision.index)
    games = _games_at(record, {decision.index for decision in candidates})
    puzzles = []
    for done, decision in enumerate(candidates):
        game, start = games[decision.index]
        try:
            found_puzzle = _puzzle(game, decision.seat, start, seed, recheck, least(decision.kind),
                                   decision.choice if mistakes else None, decision.loss if mistakes else None)
        except PegboardError:  # a position that cannot be rebuilt: no puzzle (never seen; a guard for the bank)
            found_puzzle = None
        if found_puzzle is not None:
            puzzles.append(replace(found_puzzle, index=decision.index, deal=decision.deal))
        if progress is not None:
            progress(done + 1, len(candidates))
    return puzzles


def _puzzle(original: GameState, seat: int, start: tuple[int, ...], seed: int, recheck: bool, min_margin: float,
            choice: Action | None, loss: float | None) -> Puzzle | None:
    position = position_text(original, seat, start)
    game, mine_seat, found = analyse_position(position, seed)
    margin = margin_of(found)
    if margin is None or not margin.clear or (margin.measure == "points" and margin.margin < min_margin):
        return None
    best = margin.best.action
    chosen_text = None
    if choice is not None:
        choice = Action(mine_seat, choice.verb, choice.cards, choice.target)
        if _alike(choice, best):
            return None
        chosen_text = next((option.action.text() for option in found.distinct() if _alike(option.action, choice)),
                           found.option(choice).action.text())
        expert = make_bot("expert", game.rules, mine_seat, seed)
        if not _alike(expert.choose(game.view(mine_seat)), best):
            return None  # the engines disagree: a matter of models, not a mistake to learn from
    if recheck:
        _, _, deeper = analyse_position(position, seed + 1, DeepAssessor(game.rules, RECHECK_FACTOR))
        again = margin_of(deeper)
        if again is None or not again.clear or not _alike(again.best.action, best) or \
                (again.measure == "points" and again.margin < min_margin):
            return None
    view = game.view(mine_seat)
    options = found.distinct()
    values = [_value(option, margin.measure) for option in options]
    rating, missed = initial_rating(values, margin.measure)
    points_gap = max(0.0, margin.best.points - margin.runner_up.points)
    why = reason(found, margin.runner_up, margin.best, points_gap, view, game.rules)
    reasons = {}
    for option in options[1:1 + REASONS]:
        reasons[option.action.text()] = reason(found, option, margin.best, max(0.0, margin.best.points -
                                                                                option.points), view, game.rules)
    if chosen_text is not None and chosen_text not in reasons:
        option = found.option(Action.parse(chosen_text, mine_seat))
        reasons[chosen_text] = reason(found, option, margin.best, max(0.0, margin.best.points - option.points),
                                      view, game.rules)
    return Puzzle(puzzle_id(position), kind_of(found, game), game.rules.name, position, best.text(),
                  tuple((option.action.text(), value) for option, value in zip(options, values)),
                  theme_of(game, mine_seat, found, best), rating, margin.margin, why, margin.measure,
                  original.players[seat], seat, chosen_text, None if loss is None else round(loss, 4),
                  solve_share=round(1.0 - missed, 4), reasons=reasons)
