"""Puzzles (issue 39): mining time per game, the bank's size per theme, and calibration.

``python -m benchmarks.puzzles`` prints:

* the shipped bank (``pegboard/data/puzzles.json``, or ``--bank FILE``): its puzzles per kind and theme,
  its size in bytes, and the mining time per game it recorded;
* ``--mine N``: mines N more games afresh (the bank's sources in turn) and times them;
* calibration (:mod:`pegboard.puzzles.calibration`): the softmax solvers of the ladder and the bots
  (greedy, hoyle, classic, expert) solving puzzles chosen near their Glicko ratings; expected against
  observed solve rate per bucket, the Brier score and the baseline's (always the overall rate).
  ``--attempts N`` per solver (default 300, bots 150); ``--seed S``.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from importlib import resources
from typing import Any


def _table(figures: dict[str, Any], title: str) -> None:
    print(f"\n{title}: {figures['attempts']} attempts after warm-up, solve rate {figures.get('solve_rate')}, "
          f"Brier {figures['brier']} (baseline {figures['baseline']})")
    print(f"  {'expected':10} {'mean exp':>9} {'observed':>9} {'attempts':>9}")
    for bucket in figures["buckets"]:
        print(f"  {bucket['expected']:10} {bucket['mean_expected']:9.3f} {bucket['observed']:9.3f} "
              f"{bucket['attempts']:9d}")
    for name, solver in figures["solvers"].items():
        print(f"  {name:28} rating {solver['rating']:5} ±{solver['deviation']:<4} solved {solver['solved']:.3f} "
              f"of {solver['attempts']}")


def main(argv: list[str] | None = None) -> None:
    from pegboard.puzzles.bank import load_bank, mine_bank
    from pegboard.puzzles.calibration import bot_calibration, softmax_calibration

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bank", help="A bank file (default: the shipped one).")
    parser.add_argument("--mine", type=int, default=0, help="Also mine this many games afresh and time them.")
    parser.add_argument("--attempts", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-bots", action="store_true")
    args = parser.parse_args(argv)
    bank = load_bank(args.bank)
    if args.bank:
        text = open(args.bank, encoding="utf-8").read()
    else:
        text = resources.files("pegboard").joinpath("data/puzzles.json").read_text(encoding="utf-8")
    about = json.loads(text).get("about", {})
    print(f"bank: {len(bank)} puzzles, {len(text.encode()):,} bytes; made by: {about.get('command')}; "
          f"mining {about.get('seconds')} s for {about.get('games')} games in {about.get('jobs', 1)} processes "
          f"({about.get('seconds_per_game')} s a game in one process)")
    kinds = Counter(puzzle.kind for puzzle in bank)
    themes = Counter((puzzle.kind, puzzle.theme) for puzzle in bank)
    for (kind, theme), count in sorted(themes.items()):
        print(f"  {kind:8} {theme:45} {count:4}")
    print("  by kind: " + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())))
    ratings = sorted(puzzle.rating for puzzle in bank)
    if ratings:
        print(f"  ratings: min {ratings[0]:.0f}, median {ratings[len(ratings) // 2]:.0f}, max {ratings[-1]:.0f}")
    if args.mine:
        found, figures = mine_bank(args.mine, seed=args.seed + 1000)
        print(f"mined {args.mine} games afresh: {len(found)} puzzles in {figures['seconds']:.1f} s "
              f"({figures['per_game']:.1f} s a game)")
    _table(softmax_calibration(bank, random.Random(args.seed), attempts=args.attempts), "softmax solvers")
    if not args.no_bots:
        _table(bot_calibration(bank, random.Random(args.seed), attempts=args.attempts // 2), "bots")


if __name__ == "__main__":
    main()
