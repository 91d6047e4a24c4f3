"""How much narrower the luck-adjusted margin's interval is than the raw one (issue 38).

``python -m benchmarks.luck_variance --players greedy,random --games 2000 --seed 3`` plays a match and
prints the raw and the luck-adjusted margin per deal with their 95% intervals and the ratio of the
intervals' widths (what :mod:`pegboard.sim.luck` saves: the ratio squared is how many times fewer games
give the same precision). ``--records FILE.jsonl --first expert`` does the same for the games a
``pegboard sim --records FILE.jsonl`` match saved (replayed; ``--first`` names the first entrant's
bot), so a slow match is played once and measured as often as wanted. docs/strength.md has the table.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

__all__ = ["measure_match", "measure_records", "ratio_row"]


def ratio_row(label: str, data: dict[str, Any]) -> str:
    """A markdown row: the pair, games, raw and luck-adjusted margins with intervals, the ratio."""
    raw, adjusted = data["raw"], data["luck_adjusted"]
    width = (raw["ci95"][1] - raw["ci95"][0]) / (adjusted["ci95"][1] - adjusted["ci95"][0])
    return (f"| {label} | {data['games']:,} | {raw['mean']:+.3f} ({raw['ci95'][0]:+.3f} to {raw['ci95'][1]:+.3f}) | "
            f"{adjusted['mean']:+.3f} ({adjusted['ci95'][0]:+.3f} to {adjusted['ci95'][1]:+.3f}) | {width:.2f}x |")


def measure_match(first: str, second: str, games: int, seed: int, jobs: int = 1) -> dict[str, Any]:
    """Play a match and return its statistics (``raw`` and ``luck_adjusted`` among them)."""
    from pegboard.sim import MatchConfig, run_match

    return run_match(MatchConfig("cribbage", (first, second), games, seed, luck=True), jobs=jobs).to_json(timing=False)


def measure_records(path: Path, first: str, limit: int | None = None) -> dict[str, Any]:
    """The statistics of the saved games of a two-player match (``first``: the first entrant's bot)."""
    from pegboard.records import read_record, replay
    from pegboard.sim.match import MatchConfig, _summarise
    from pegboard.sim.stats import MatchStats

    stats: MatchStats | None = None
    with path.open() as lines:
        for index, line in enumerate(lines):
            if limit is not None and index >= limit:
                break
            record = read_record(line)
            if stats is None:
                second = next(name for name in record.players if not name.startswith(first)).rsplit("-", 1)[0]
                stats = MatchStats(MatchConfig("cribbage", (first, second), 1, 0, luck=True))
            game = replay(record)
            seating = [0 if name.startswith(first) else 1 for name in record.players]
            uniform = [seat for seat, name in enumerate(record.players) if name.startswith("random")]
            greedy = [seat for seat, name in enumerate(record.players) if name.startswith("greedy")]
            stats.add(_summarise(game, index, seating, 0, uniform, greedy, luck=True))
    if stats is None:
        raise ValueError(f"{path}: no games; expected a .jsonl file of game records")
    return stats.to_json(timing=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", help="two bots, A,B")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--records", type=Path, help="a .jsonl file of a match's saved games")
    parser.add_argument("--first", help="with --records: the first entrant's bot")
    parser.add_argument("--limit", type=int, help="with --records: only the first N games")
    args = parser.parse_args(argv)
    if args.records:
        data = measure_records(args.records, args.first or "expert", args.limit)
        label = " vs ".join(data["players"])
    else:
        first, second = args.players.split(",")
        data = measure_match(first, second, args.games, args.seed, args.jobs)
        label = f"{first} vs {second}"
    print(json.dumps({"raw": data["raw"], "luck_adjusted": data["luck_adjusted"], "games": data["games"]}))
    print(ratio_row(label, data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
