"""OpenSpiel's information-set MCTS (IS-MCTS) against pegboard's expert, in five-card cribbage to 61.

The search runs on ``python_pegboard_five_card`` with pegboard's re-dealing of the cards it cannot
see (:func:`pegboard.rl.openspiel.resampler`) and random rollouts; the expert sees the
same game through its seat's view. Seats alternate from game to game.

Run: ``python examples/openspiel_ismcts_vs_expert.py [games] [simulations]``; docs/rl.md gives the result.
"""

from __future__ import annotations

import math
import random
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from pegboard.bots import make_bot
from pegboard.rl.openspiel import resampler


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play(game: pyspiel.Game, seed: int, search_seat: int, simulations: int) -> float:
    rng = random.Random(seed)
    search = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)), 2.0, simulations,
                              random_state=np.random.RandomState(seed + 1))
    search.set_resampler(resampler(rng))
    expert = make_bot("expert", game.rules, 1 - search_seat, seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.current_player() == search_seat:
            state.apply_action(search.step(state))
        else:
            view = state.seat_view(state.current_player())
            state.apply_action(game.codec.encode(expert.choose(view)))
    return float(state.returns()[search_seat])


def main(games: int = 40, simulations: int = 50) -> None:
    import pegboard.rl.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_pegboard_five_card")
    wins, started = 0, time.perf_counter()
    for number in range(games):
        wins += play(game, 1000 + number, number % 2, simulations) > 0
        print(f"game {number + 1}: IS-MCTS has won {wins}", flush=True)
    low, high = wilson(wins, games)
    print(f"IS-MCTS ({simulations} simulations a move) against the expert, five-card cribbage: won {wins} of "
          f"{games}, {wins / games:.1%} (95% interval {low:.1%}-{high:.1%}), {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:]))
