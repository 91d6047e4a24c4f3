"""Playing the games of a simulated match: one game, or one seeded batch of games.

Game ``i`` of a match is fully determined by the match seed and ``i`` (its deals, its seating,
its bots' seeds), so a match gives the same results however its batches are spread over processes
or machines. Seats rotate from game to game, so every entrant deals first in turn.

A *duplicate* match plays each sequence of deals once per seating: games ``k * sides`` to
``k * sides + sides - 1`` share their deals (the same cards, deal after deal, while both games last)
and differ only in who sits where, so the luck of the cards largely cancels out of the comparison.

>>> config = MatchConfig("cribbage", ("greedy", "random"), games=2, seed=1)
>>> [summary.index for summary in play_batch(config, 0, 2)]
[0, 1]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from pegboard.bots import Bot, make_bot
from pegboard.engine import GameState, new_game
from pegboard.engine.actions import only_move  # the rule of pegboard.engine.automation, compiled
from pegboard.engine.tally import deal_sources
from pegboard.objectives import WIN
from pegboard.records import record_of
from pegboard.rules import Rules
from pegboard.sim.collector import settle_after_first_game
from pegboard.sim.config import GameSummary, MatchConfig, entrant_names
from pegboard.sim.luck import deal_lucks, uniform_choice_terms

__all__ = ["MatchConfig", "GameSummary", "play_game", "seat_game", "finish_game", "play_batch", "entrant_names"]


def _seating(config: MatchConfig, index: int, rules: Rules) -> list[int]:
    """Entrant of each seat in game ``index``: seats rotate so every entrant deals first in turn."""
    sides = rules.sides
    shift = index % sides
    return [((seat % sides) + shift) % sides for seat in range(rules.players)]


def seat_game(config: MatchConfig, index: int) -> tuple[GameState, list[int], list[Bot]]:
    """Game ``index`` of the match dealt and seated, before its first move: the game, the entrant of
    each seat, and each seat's bot (a harness may swap one before :func:`finish_game`)."""
    rules = config.rules
    seating = _seating(config, index, rules)
    seed = config.seed * 1_000_003 + index
    names = [f"{config.names[entrant].replace('#', '')}-{seat + 1}" for seat, entrant in enumerate(seating)]
    game = new_game(rules, names, seed=config.deal_seed(index), first_dealer=0)
    objective = config.objective_value
    bots = [make_bot(config.bots[entrant], rules, seat, seed * 16 + seat, objective=objective)
            for seat, entrant in enumerate(seating)]
    return game, seating, bots


def finish_game(config: MatchConfig, index: int, game: GameState, seating: list[int], bots: list[Bot]
                ) -> tuple[GameSummary, GameState]:
    """Play a seated game (:func:`seat_game`) to its end, each seat by its bot, and summarise it (its
    record written where the match asks)."""
    actions = 0
    while not game.finished:
        for seat in game.to_act():
            move = only_move(game.legal_actions(seat))  # what plays itself: pegboard.engine.automation
            game.apply(move if move is not None else bots[seat].choose(game.view(seat)))
            actions += 1
    uniform = [seat for seat, entrant in enumerate(seating) if config.bots[entrant] == "random"]
    greedy = [seat for seat, entrant in enumerate(seating) if config.bots[entrant] == "greedy"]
    summary = _summarise(game, index, seating, actions, uniform, greedy, luck=config.luck)
    if config.records:
        text = json.dumps(record_of(game, config.objective_value or WIN)) + "\n"
        if config.records_in_one_file:
            summary.record = text  # written by the runner, in game order
        else:
            (Path(config.records) / f"game-{index + 1:06d}.json").write_text(text)
    return summary, game


def play_game(config: MatchConfig, index: int) -> tuple[GameSummary, GameState]:
    """Play game ``index`` of the match."""
    game, seating, bots = seat_game(config, index)
    return finish_game(config, index, game, seating, bots)


def play_batch(config: MatchConfig, start: int, stop: int) -> list[GameSummary]:
    """Play games ``start`` .. ``stop - 1``; what a worker runs."""
    summaries = []
    for index in range(start, stop):
        summaries.append(play_game(config, index)[0])
        settle_after_first_game()  # the process's tables out of the cycle collector's passes
    return summaries


def _summarise(game: GameState, index: int, seating: list[int], actions: int, uniform: Sequence[int] = (),
               greedy: Sequence[int] = (), *, luck: bool) -> GameSummary:
    """What the statistics need of a finished game; with ``luck``, its luck of the cards too
    (:mod:`pegboard.sim.luck`), ``uniform`` and ``greedy`` being the seats of the random and the greedy
    bots, whose random choices' luck is taken out as well."""
    rules = game.rules
    side_entrant = {game.side_of(seat): entrant for seat, entrant in enumerate(seating)}
    scores = [0] * rules.sides
    for side, points in enumerate(game.score_list):
        scores[side_entrant[side]] = points
    winner = None if game.winner_side is None else side_entrant[game.winner_side]
    marks = {side_entrant[game.side_names.index(name)]: mark for name, mark in game.losers_marks().items()}
    sources = deal_sources(game)
    cards_luck = 0.0
    if luck and rules.sides == 2 and rules.players == 2 and rules.crib:
        cards_luck = sum(deal_lucks(game, len(game.deal_logs)))  # every deal, the last too (pegboard.sim.luck)
        cards_luck += uniform_choice_terms(game, uniform, greedy)
        cards_luck = cards_luck if seating[0] == 0 else -cards_luck
    return GameSummary(index, seating, seating[0], winner, scores, marks, sources, actions, luck=cards_luck)
