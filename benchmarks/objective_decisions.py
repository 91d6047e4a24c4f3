"""Where the objective changes the expert's decision: a search over seeded positions.

Two questions, two searches over the same kind of positions (two players to 121, scores drawn at random
from a band, a fresh deal):

* ``examples`` (the default): for each position, the expert's discard and its first play of the deal
  under each objective (bots built with the same seed, so only the objective differs); every position
  where they differ is printed with each option's value under each objective (discards: the board
  model's expected objective value, :func:`pegboard.bots.endgame.discard_values`; plays: the pegging
  search's values). docs/objectives.md shows what it printed.
* ``--zone``: should the expert play for game points further from the end than it plays to win
  (:data:`pegboard.bots.endgame.ENDGAME`, 45 points)? For positions whose nearer side needs more than
  45, it compares the points discard (what the expert throws there now) with the discard the
  game-points table prefers, by the table's own estimate of each, and reports by band how often
  they differ and the mean gain in game points per discard (an upper bound: it is the model's own
  valuation of its own choice); ``--play-zone`` likewise for the plays 26-45 points from the end
  (:data:`pegboard.bots.endgame.ENDGAME_PLAY` is 25): how often scoring the end of the play by the
  game-points table would change them, and how often game points and win would then differ.

Run: ``python -m benchmarks.objective_decisions [--positions 300] [--seed 1] [--zone | --play-zone]``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np

from pegboard.bots.board import BoardTable
from pegboard.bots.discard import CribTables, DiscardOption, rank_discards
from pegboard.bots.endgame import ENDGAME, discard_values
from pegboard.bots.expert import ExpertBot, ExpertSettings
from pegboard.cards import full_deck
from pegboard.engine import new_game
from pegboard.objectives import GAME_POINTS, SPREAD, WIN, Objective
from pegboard.rules import Rules
from pegboard.scoring.fast import hand_score

OBJECTIVES = (WIN, GAME_POINTS, SPREAD)
_RANKS = " A23456789TJQK"


def _option_values(view: Any, seat: int, options: list[DiscardOption], objective: Objective) -> list[float]:
    """Each discard option's expected objective value by the board model (as the expert scores them)."""
    hand = set(view.hand)
    starters = [card.code for card in full_deck() if card not in hand]
    hands = [np.array([hand_score([c.code for c in option.kept], starter) for starter in starters])
             for option in options]
    mine = view.side_of_seat[seat]
    needs = view.target - view.scores[mine], view.target - view.scores[1 - mine]
    return discard_values(hands, [option.expected_crib for option in options], *needs, dealer=view.dealer == seat,
                          board=BoardTable.for_objective(objective))


def _positions(count: int, seed: int, low: int, high: int) -> Iterator[tuple[int, int, int, int]]:
    """(game seed, first dealer, dealer's score, pone's score) drawn from the band [low, high]."""
    rng = random.Random(seed)
    for _ in range(count):
        yield rng.randrange(1 << 30), rng.randrange(2), rng.randint(low, high), rng.randint(low, high)


def _cards(cards: Any) -> str:
    return " ".join(str(card) for card in cards)


def examples(count: int, seed: int, low: int, high: int, objectives: tuple[Objective, ...] = OBJECTIVES) -> int:
    """Print every position where the objectives' experts decide differently; returns how many."""
    import pegboard.bots.expert as expert_module

    found: list[dict[int, float]] = []
    original = expert_module.best_plays  # type: ignore[attr-defined]

    def recording(*args: Any, **kwargs: Any) -> dict[int, float]:
        values: dict[int, float] = original(*args, **kwargs)
        found.append(values)
        return values

    expert_module.best_plays = recording  # type: ignore[attr-defined]
    differing = 0
    tables = CribTables.load()
    try:
        for game_seed, first, dealer_score, pone_score in _positions(count, seed, low, high):
            scores = [dealer_score, pone_score] if first == 0 else [pone_score, dealer_score]
            game = new_game("cribbage", seed=game_seed, first_dealer=first, start_scores=scores)
            seat = 1 - first  # the pone: its discard, then it leads
            view = game.view(seat)
            choices = {objective: ExpertBot(game.rules, seat, game_seed, objective=objective).choose(view)
                       for objective in objectives}
            where = f"you {view.scores[view.side_of_seat[seat]]}, they {view.scores[1 - view.side_of_seat[seat]]}"
            if len(set(map(str, choices.values()))) > 1:
                differing += 1
                options = rank_discards(view.hand, game.rules, 1, tables=tables, pegging_weight=0.7)[:6]
                picked = [set(action.cards) for action in choices.values()]
                shown = [option for option in options if set(option.thrown) in picked]
                print(f"- pone, {where} (they deal), hand {_cards(view.hand)}:")
                for option in shown:
                    chosen = [o.name for o, action in choices.items() if set(action.cards) == set(option.thrown)]
                    values = {o.name: _option_values(view, seat, [option], o)[0] for o in objectives}
                    text = ", ".join(f"{name} {100 * value:.2f}%" if name == "win" else f"{name} {value:+.3f}"
                                     for name, value in values.items())
                    print(f"  - throw {_cards(option.thrown)}, keep {_cards(option.kept)} ({option.net:.2f} points), "
                          f"chosen by {' and '.join(chosen)}: {text}")
            # then the lead: everyone discards as the win expert would, and the pone leads
            for other in (0, 1):
                game.apply(ExpertBot(game.rules, other, game_seed + other).choose(game.view(other)))
            while not game.finished and (seat not in game.to_act() or game.legal_actions(seat)[0].verb != "play"):
                actor = game.to_act()[0]
                game.apply(game.legal_actions(actor)[0])
            if game.finished:
                continue
            view = game.view(seat)
            if len({action.cards[0].rank for action in view.legal_actions}) < 2:
                continue
            leads: dict[Objective, tuple[str, dict[int, float]]] = {}
            for objective in objectives:
                found.clear()
                action = ExpertBot(game.rules, seat, game_seed, objective=objective).choose(view)
                leads[objective] = (str(action.cards[0]), found[-1] if found else {})
            if len({card[:-1] for card, _ in leads.values()}) > 1:
                differing += 1
                print(f"- pone leads, {where}, hand {_cards(view.hand)}, starter {view.starter}:")
                for objective, (card, searched) in leads.items():
                    ranked = ", ".join(f"{_RANKS[rank]} {value:+.2f}" for rank, value in sorted(searched.items()))
                    print(f"  - {objective.name} leads {card} (search values: {ranked})")
    finally:
        expert_module.best_plays = original  # type: ignore[attr-defined]
    return differing


def zone(count: int, seed: int) -> None:
    """Outside the endgame zone: the points discard against the game-points table's (and the win
    table's), by band, valued by the game-points table."""
    tables = CribTables.load()
    bands = [(46, 55), (56, 65), (66, 80)]
    rows: dict[tuple[int, int], list[tuple[float, float, bool]]] = {band: [] for band in bands}
    for game_seed, first, dealer_score, pone_score in _positions(count, seed, 121 - 80, 121 - 46):
        scores = [dealer_score, pone_score] if first == 0 else [pone_score, dealer_score]
        game = new_game("cribbage", seed=game_seed, first_dealer=first, start_scores=scores)
        for seat in (0, 1):
            view = game.view(seat)
            mine = view.side_of_seat[seat]
            nearer = min(121 - view.scores[mine], 121 - view.scores[1 - mine])
            band = next((b for b in bands if b[0] <= nearer <= b[1]), None)
            if band is None:
                continue
            role = (seat - view.dealer) % 2
            options = rank_discards(view.hand, game.rules, role, tables=tables,
                                    pegging_weight=ExpertSettings().pegging_weight)[:6]
            points = _option_values(view, seat, options, GAME_POINTS)
            chances = _option_values(view, seat, options, WIN)
            by_points = max(range(len(options)), key=lambda i: (round(points[i], 6), -i))
            by_win = max(range(len(options)), key=lambda i: (round(chances[i], 6), -i))
            rows[band].append((points[by_points] - points[0], points[by_win] - points[0], by_points != by_win))
    print("| nearer side needs | discards | game-points table's choice: gain | win table's choice: gain "
          "| game-points and win tables differ |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for band, found in rows.items():
        if found:
            own, win, differ = (np.array(column) for column in zip(*found))
            print(f"| {band[0]}-{band[1]} | {len(found)} | {own.mean():+.4f} ({100 * (own > 1e-9).mean():.0f}% differ "
                  f"from the points discard) | {win.mean():+.4f} | {100 * differ.mean():.1f}% |")
    print(f"Gains: expected game points per discard over the points discard, by the game-points table's own "
          f"estimate. Inside the zone (1-{ENDGAME}) the expert already uses its objective's table.")


def _pick(view: Any, seat: int, seed: int, objective: Objective, settings: ExpertSettings | None = None) -> int:
    """The rank an expert with this objective and these settings plays."""
    bot = ExpertBot(Rules.preset("cribbage"), seat, seed, objective=objective, settings=settings)
    rank: int = bot.choose(view).cards[0].rank
    return rank


def play_zone(count: int, seed: int) -> None:
    """Plays 26-45 points from the end: would scoring the end of the play by the game-points table
    (from 45 points rather than 25) change the expert's plays, and would it play differently from the
    win table there?"""
    import dataclasses

    wider = dataclasses.replace(ExpertSettings(), endgame_play=ENDGAME)
    plays = extended = by_objective = 0
    for game_seed, first, dealer_score, pone_score in _positions(count, seed, 121 - 45, 121 - 26):
        scores = [dealer_score, pone_score] if first == 0 else [pone_score, dealer_score]
        game = new_game("cribbage", seed=game_seed, first_dealer=first, start_scores=scores)
        deal = game.deal_number
        while not game.finished and game.deal_number == deal:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            if legal[0].verb == "play" and len({action.cards[0].rank for action in legal}) > 1:
                bot_seed = game_seed + len(view.events)
                game_points_wide = _pick(view, seat, bot_seed, GAME_POINTS, wider)
                plays += 1
                extended += game_points_wide != _pick(view, seat, bot_seed, GAME_POINTS)
                by_objective += game_points_wide != _pick(view, seat, bot_seed, WIN, wider)
            action = legal[0] if len(legal) == 1 else ExpertBot(game.rules, seat, game_seed).choose(view)
            game.apply(action)
    print(f"{plays} plays 26-45 points from the end: scoring the end of the play by the game-points table "
          f"changes {100 * extended / max(1, plays):.1f}% of them; with the end of the play scored from 45 points "
          f"on, game points and win play differently in {100 * by_objective / max(1, plays):.1f}%.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--low", type=int, default=70, help="lowest score drawn (examples)")
    parser.add_argument("--high", type=int, default=118, help="highest score drawn (examples)")
    parser.add_argument("--zone", action="store_true", help="instead: the game-points table outside the zone")
    parser.add_argument("--play-zone", action="store_true",
                        help="instead: the game-points end of the play 26-45 points from the end")
    args = parser.parse_args(argv)
    if args.zone:
        zone(args.positions, args.seed)
        return 0
    if args.play_zone:
        play_zone(args.positions, args.seed)
        return 0
    differing = examples(args.positions, args.seed, args.low, args.high)
    print(f"{differing} decisions of {2 * args.positions} positions' pone discards and leads differ", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
