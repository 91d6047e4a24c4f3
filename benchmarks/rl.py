"""Environment speed: steps per second of a random agent that reads the action mask at every step.

One core, one process. PettingZoo: every multi-player game (the issue's target: 50,000 steps/s for
cribbage); Gymnasium: solitaire, and cribbage against the random bot (a step is the agent's move and the
bot's replies); OpenSpiel: chance and player actions of a random playout.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import numpy as np

Row = tuple[str, float, str, str]
SECONDS = 2.0


def pettingzoo_rate(game: str, seconds: float = SECONDS) -> float:
    from pegboard.rl import pettingzoo_env

    env = pettingzoo_env(game)
    rng = random.Random(0)
    steps, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
    return steps / (time.perf_counter() - started)


def gymnasium_rate(env_id: str, seconds: float = SECONDS, **kwargs: str) -> float:
    import gymnasium

    import pegboard.rl  # noqa: F401

    env = gymnasium.make(env_id, **kwargs)
    rng = random.Random(0)
    steps, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        observation, _ = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            observation, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            steps += 1
    return steps / (time.perf_counter() - started)


def openspiel_rate(name: str, seconds: float = SECONDS) -> float:
    import pyspiel

    import pegboard.rl.openspiel  # noqa: F401

    game = pyspiel.load_game(name)
    rng = random.Random(0)
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - started)


def run() -> Iterator[Row]:
    for game in ("cribbage", "cribbage-3", "cribbage-4", "cribbage-4-solo", "five-card", "snailspace"):
        yield (f"PettingZoo {game}, random agent with masks", pettingzoo_rate(game), "steps/s",
               ">= 50,000" if game == "cribbage" else "")
    yield ("Gymnasium pegboard/Solitaire-v0", gymnasium_rate("pegboard/Solitaire-v0"), "steps/s", "")
    yield ("Gymnasium pegboard/Cribbage-v0 vs random", gymnasium_rate("pegboard/Cribbage-v0", opponent="random"),
           "steps/s", "")
    for name in ("python_pegboard_cribbage", "python_pegboard_solitaire"):
        yield (f"OpenSpiel {name}, random playout", openspiel_rate(name), "steps/s", "")


if __name__ == "__main__":
    for row in run():
        print(f"{row[0]:<55} {row[1]:>10,.0f} {row[2]} {row[3]}")
