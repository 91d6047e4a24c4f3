"""Decision-by-decision trace of the expert bot, to prove that a faster expert decides the same.

Plays seeded games (two-player cribbage against greedy, hoyle and itself, near-the-end positions where
the search is board-aware, three and four players, five-card, and :class:`BaselineExpert`) and writes,
for every expert decision, one line: the game, the decision's number, the action chosen, every value
the pegging search gave (``repr`` of each float, so bit for bit) and a digest of the bot's random
generator after the decision (the same calls in the same order). Each line also carries the decision's
CPU time, which is left out of the comparison.

Run it on two trees and compare (from outside the work tree, so that ``PYTHONPATH`` wins)::

    cd /tmp && PYTHONPATH=/path/to/old python -m benchmarks.expert_trace --out old.jsonl
    cd /tmp && PYTHONPATH=/path/to/new python -m benchmarks.expert_trace --out new.jsonl --compare old.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator
from typing import Any

GAMES: list[tuple[str, str, tuple[str, ...], tuple[int, ...] | None, int]] = [
    # (label, preset, bots, start scores, games)
    ("vs-greedy", "cribbage", ("expert", "greedy"), None, 6),
    ("vs-hoyle", "cribbage", ("hoyle", "expert"), None, 4),
    ("self", "cribbage", ("expert", "expert"), None, 2),
    ("end-95-100", "cribbage", ("expert", "hoyle"), (95, 100), 6),
    ("end-108-112", "cribbage", ("greedy", "expert"), (108, 112), 8),
    ("end-114-103", "cribbage", ("expert", "classic"), (114, 103), 8),
    ("end-100-118", "cribbage", ("expert", "expert"), (100, 118), 6),
    ("three", "cribbage-3", ("expert", "greedy", "random"), None, 2),
    ("four", "cribbage-4", ("expert", "greedy", "expert", "greedy"), None, 2),
    ("five-card", "five-card", ("expert", "classic"), None, 4),
    ("baseline", "cribbage", ("pegboard.bots.expert:BaselineExpert", "greedy"), None, 3),
    ("baseline-end", "cribbage", ("greedy", "pegboard.bots.expert:BaselineExpert"), (104, 109), 6),
]


def _rng_digest(rng: Any) -> str:
    return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:16]


def trace(scale: float = 1.0) -> Iterator[dict[str, Any]]:
    """One dict per expert decision of the fixed games (``scale`` times as many games of each kind)."""
    import pegboard.bots.expert as expert_module
    from pegboard.bots import make_bot
    from pegboard.engine import new_game
    from pegboard.rules import Rules

    found: list[dict[int, float]] = []
    original = expert_module.best_plays

    def recording(*args: Any, **kwargs: Any) -> dict[int, float]:
        values: dict[int, float] = original(*args, **kwargs)
        found.append(values)
        return values

    expert_module.best_plays = recording  # type: ignore[assignment]
    try:
        for label, preset, names, start, games in GAMES:
            rules = Rules.preset(preset)
            for game_index in range(max(1, round(games * scale))):
                seed = 7919 * game_index + len(label)
                game = new_game(rules, seed=seed, first_dealer=game_index % rules.players,
                                start_scores=list(start) if start else None)
                bots = [make_bot(names[seat % len(names)], rules, seat, seed * 16 + seat)
                        for seat in range(rules.players)]
                decision = 0
                while not game.finished:
                    for seat in game.to_act():
                        legal = game.legal_actions(seat)
                        if len(legal) == 1:
                            game.apply(legal[0])
                            continue
                        bot = bots[seat]
                        found.clear()
                        started = time.process_time()
                        action = bot.choose(game.view(seat))
                        seconds = time.process_time() - started
                        if isinstance(bot, expert_module.ExpertBot):
                            yield {"game": f"{label}/{game_index}", "n": decision, "seat": seat,
                                   "kind": legal[0].verb, "cards": len(game.view(seat).hand),
                                   "action": str(action),
                                   "values": [sorted((rank, repr(value)) for rank, value in values.items())
                                              for values in found],
                                   "rng": _rng_digest(bot.rng), "seconds": seconds}
                            decision += 1
                        game.apply(action)
    finally:
        expert_module.best_plays = original  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--compare", help="an earlier trace: report the first decision that differs")
    parser.add_argument("--scale", type=float, default=1.0, help="games of each kind, times this")
    args = parser.parse_args(argv)
    total = 0.0
    rows = []
    with open(args.out, "w") as out:
        for row in trace(args.scale):
            line = json.dumps(row)
            rows.append(json.loads(line))
            total += row["seconds"]
            out.write(line + "\n")
    print(f"{len(rows)} expert decisions, {total:.1f} CPU s thinking", file=sys.stderr)
    if args.compare:
        with open(args.compare) as before_file:
            before = [json.loads(line) for line in before_file]
        if len(before) != len(rows):
            print(f"DIFFERENT: {len(before)} decisions before, {len(rows)} now", file=sys.stderr)
        for old, new in zip(before, rows):
            old_core = {k: v for k, v in old.items() if k != "seconds"}
            new_core = {k: v for k, v in new.items() if k != "seconds"}
            if old_core != new_core:
                print(f"DIFFERENT at {old['game']} #{old['n']}:\n  before {old_core}\n  now    {new_core}",
                      file=sys.stderr)
                return 1
        if len(before) != len(rows):
            return 1
        old_time = sum(row["seconds"] for row in before)
        print(f"SAME: every decision, value and generator state; thinking {old_time:.1f} s before, "
              f"{total:.1f} s now", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
