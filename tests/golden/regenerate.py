"""Regenerate the golden records: ``python -m tests.golden.regenerate [preset ...]``.

Each golden is a whole game (``<name>.record.json``) and its replay summary with every scoring event
(``<name>.summary.json``). Regenerate only on purpose, and read the diff: a changed golden is a changed
rule.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from pegboard.engine import new_game
from pegboard.records import record_of, replay_summary

HERE = Path(__file__).parent
GOLDENS = {
    "cribbage": ("cribbage", ["Ann", "Bob"], {}),
    "cribbage-muggins": ("cribbage", ["Ann", "Bob"], {"muggins": True}),
    "cribbage-3": ("cribbage-3", ["Ann", "Bob", "Cat"], {}),
    "cribbage-4": ("cribbage-4", ["Ann", "Bob", "Cat", "Dan"], {}),
    "cribbage-4-solo": ("cribbage-4-solo", ["Ann", "Bob", "Cat", "Dan"], {}),
    "five-card": ("five-card", ["Ann", "Bob"], {}),
}


def play_seeded(game, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Seeded random legal moves; under muggins, count right 80% of the time so claims happen too."""
    while not game.finished:
        actions = game.legal_actions()
        counts = [a for a in actions if a.verb in ("count", "muggins")]
        if counts:  # muggins: count a little short now and then so claims happen too
            best = max(counts, key=lambda a: a.target)
            game.apply(best if rng.random() < 0.8 or len(counts) < 2 else counts[-2])
            continue
        game.apply(rng.choice(actions))


def regenerate(names: list[str]) -> None:
    for name in names:
        game_name, players, options = GOLDENS[name]
        game = new_game(game_name, players, seed=2026, **options)
        play_seeded(game, random.Random(2026))
        (HERE / f"{name}.record.json").write_text(json.dumps(record_of(game), indent=1) + "\n")
        (HERE / f"{name}.summary.json").write_text(json.dumps(replay_summary(game), indent=1) + "\n")
        print(f"{name}: {game.scores()} winner {game.winner}")


if __name__ == "__main__":
    regenerate(sys.argv[1:] or list(GOLDENS))
