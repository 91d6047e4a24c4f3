"""The computer levels' published ratings (issue 36): every bot plays every other, in each rated
two-player game kind, and one Bradley-Terry fit puts them all on the Elo/Glicko scale, anchored at
greedy = 1500.

``python -m benchmarks.levels [--games N] [--seed S] [--out pegboard/data/levels.json]`` plays the
round robin, prints the table and writes the ratings that :mod:`pegboard.levels` publishes
(docs/levels.md gives the method and the figures).

* Who: the web's levels (random, greedy, expert) and the other named bots (classic, hoyle), which
  sit between them and so connect the scale.
* How: every pairing is a duplicate match (:class:`pegboard.sim.MatchConfig` ``duplicate=True``):
  each sequence of deals is played twice with the seats swapped, so the luck of the cards largely
  cancels. Pairings with the expert play ``--expert-games`` (its moves are slow), the others ``--games``.
* The fit: maximum likelihood of P(a beats b) = 1 / (1 + 10^(-(Ra - Rb) / 400)) over every game,
  greedy fixed at 1500, with a very weak normal prior (sd 1,000 points about 1500) so a level that never
  won a game still gets a finite rating (its effect on any other rating is far below a point).
* The intervals: a seeded bootstrap over games (each pairing's duplicate pairs resampled with
  replacement, the fit redone); 95% = its 2.5th to 97.5th percentiles. The deviation published for a
  level is the bootstrap's standard error, but never below :data:`MIN_DEVIATION`.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

BOTS = ("random", "greedy", "classic", "hoyle", "expert")
"""Who is rated: the web's levels and the other named bots, weakest first (as the table prints)."""
KINDS = ("cribbage", "five-card")
"""The rated two-player game kinds: six-card cribbage to 121, five-card to 61."""
ANCHOR = "greedy"
ANCHOR_RATING = 1500.0
SCALE = 400 / math.log(10)
"""Rating points per natural unit of the logistic: P(win) = 1 / (1 + 10^(-difference / 400))."""
PRIOR_SD = 1000.0
"""The weak prior's standard deviation, in rating points (keeps a level that never won finite)."""
MIN_DEVIATION = 30.0
"""The smallest deviation published: no measured rating is known better than this."""
DEFAULT_GAMES = 4000
DEFAULT_EXPERT_GAMES = {"cribbage": 800, "five-card": 2400}
"""Games a pairing with the expert, by kind: its moves are slow (about 0.3 s a game of cribbage on
one core, compiled, and 0.05 s a game of five-card, against some 0.003 s for the others)."""
DEFAULT_SEED = 36
DEFAULT_BOOTSTRAP = 1000
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "pegboard" / "data" / "levels.json"
BATCH = 10
"""Games per task handed to a worker (even: a duplicate pair stays in one task)."""


@dataclass(frozen=True)
class Pairing:
    """One pairing's games: per duplicate pair of games (the same deals, seats swapped), how many
    each bot won (0, 1 or 2; a drawn or unfinished game counts for neither)."""

    kind: str
    first: str
    second: str
    first_wins: tuple[int, ...]
    second_wins: tuple[int, ...]
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return 2 * len(self.first_wins)


def fit(bots: Sequence[str], wins: npt.NDArray[np.float64], anchor: str = ANCHOR,
        anchor_rating: float = ANCHOR_RATING, prior_sd: float = PRIOR_SD) -> npt.NDArray[np.float64]:
    """Maximum-likelihood Bradley-Terry ratings, in Elo points, from ``wins[i, j]`` = games bot ``i``
    won against bot ``j``; the anchor fixed at ``anchor_rating`` and every other rating held by a normal
    prior of ``prior_sd`` points about it (Newton's method on the log posterior, which is concave).

    >>> wins = np.array([[0.0, 64.0], [36.0, 0.0]])  # a beats b 64 times in 100: about 100 points
    >>> [round(r) for r in fit(["a", "b"], wins, anchor="b", prior_sd=1e9)]
    [1600, 1500]
    """
    count = len(bots)
    fixed = list(bots).index(anchor)
    free = [i for i in range(count) if i != fixed]
    games = wins + wins.T
    theta = np.zeros(count)
    precision = (SCALE / prior_sd) ** 2
    for _ in range(100):
        p = 1 / (1 + np.exp(-(theta[:, None] - theta[None, :])))
        gradient = wins.sum(axis=1) - (games * p).sum(axis=1) - precision * theta
        weight = games * p * (1 - p)
        hessian = weight - np.diag(weight.sum(axis=1)) - precision * np.eye(count)
        step = np.linalg.solve(hessian[np.ix_(free, free)], -gradient[free])
        step = np.clip(step, -2.0, 2.0)  # damped: a level far from the rest moves a few units a step
        theta[free] += step
        if float(np.abs(step).max()) < 1e-9:
            break
    return anchor_rating + SCALE * theta


def wins_matrix(bots: Sequence[str], pairings: Sequence[Pairing], draws: Sequence[npt.NDArray[np.int64]] | None = None
                ) -> npt.NDArray[np.float64]:
    """Games won by each bot against each other, summed over ``pairings`` (one kind's); ``draws`` (a
    bootstrap's) gives how many times each duplicate pair of each pairing counts."""
    index = {bot: i for i, bot in enumerate(bots)}
    wins = np.zeros((len(bots), len(bots)))
    for number, pairing in enumerate(pairings):
        a, b = index[pairing.first], index[pairing.second]
        first, second = np.array(pairing.first_wins), np.array(pairing.second_wins)
        if draws is None:
            wins[a, b] += first.sum()
            wins[b, a] += second.sum()
        else:
            wins[a, b] += draws[number] @ first
            wins[b, a] += draws[number] @ second
    return wins


@dataclass(frozen=True)
class Rated:
    """One bot's rating in one kind."""

    bot: str
    rating: float
    deviation: float
    low: float
    high: float
    games: int
    standard_error: float


def rate(bots: Sequence[str], pairings: Sequence[Pairing], *, resamples: int = DEFAULT_BOOTSTRAP,
         seed: int = DEFAULT_SEED, anchor: str = ANCHOR) -> list[Rated]:
    """Ratings of ``bots`` from one kind's pairings, with bootstrap intervals (``resamples`` seeded
    resamples of each pairing's duplicate pairs).

    >>> pairings = [Pairing("cribbage", "a", "b", (2, 1, 1, 2, 0), (0, 1, 1, 0, 2))]
    >>> [(r.bot, round(r.rating), r.games) for r in rate(["a", "b"], pairings, resamples=50, anchor="b")]
    [('a', 1570, 10), ('b', 1500, 10)]
    """
    point = fit(bots, wins_matrix(bots, pairings), anchor)
    rng = np.random.default_rng(seed)
    samples = np.empty((resamples, len(bots)))
    for number in range(resamples):
        draws = [rng.multinomial(len(p.first_wins), np.full(len(p.first_wins), 1 / len(p.first_wins)))
                 for p in pairings]
        samples[number] = fit(bots, wins_matrix(bots, pairings, draws), anchor)
    played = {bot: sum(p.games for p in pairings if bot in (p.first, p.second)) for bot in bots}
    rated = []
    for i, bot in enumerate(bots):
        error = float(samples[:, i].std(ddof=1)) if resamples > 1 else 0.0
        low, high = (float(x) for x in np.percentile(samples[:, i], [2.5, 97.5]))
        rated.append(Rated(bot, float(point[i]), max(error, MIN_DEVIATION), min(low, float(point[i])),
                           max(high, float(point[i])), played[bot], error))
    return rated


def play(kind: str, pairs: Sequence[tuple[str, str]], games: Mapping[tuple[str, str], int], seed: int, jobs: int,
         progress: bool = True) -> list[Pairing]:
    """Play every pairing of one kind as a duplicate match, all of them on one pool of ``jobs`` workers."""
    from pegboard.sim import MatchConfig
    from pegboard.sim.backends import LocalBackend

    configs = [MatchConfig(kind, pair, games[pair] + games[pair] % 2, seed, duplicate=True) for pair in pairs]
    for config in configs:
        config.check()
    tasks = [(number, config, start, min(start + BATCH, config.games))
             for number, config in enumerate(configs) for start in range(0, config.games, BATCH)]
    results: dict[int, list[Any]] = {number: [] for number in range(len(configs))}
    started = time.perf_counter()
    seconds = [0.0] * len(configs)
    done, total, shown = 0, sum(c.games for c in configs), 0
    for number, summaries, took in LocalBackend(jobs).map_unordered(_timed_batch, tasks):
        results[number].extend(summaries)
        seconds[number] += took
        done += len(summaries)
        if progress and (10 * done // total > shown or done == total):
            shown = 10 * done // total
            print(f"    {done:,}/{total:,} games, {time.perf_counter() - started:.0f} s", flush=True)
    pairings = []
    for number, config in enumerate(configs):
        winners = {s.index: s.winner for s in results[number]}
        first = tuple(int(winners[g] == 0) + int(winners[g + 1] == 0) for g in range(0, config.games, 2))
        second = tuple(int(winners[g] == 1) + int(winners[g + 1] == 1) for g in range(0, config.games, 2))
        pairings.append(Pairing(kind, config.bots[0], config.bots[1], first, second, seconds[number]))
    return pairings


def _timed_batch(number: int, config: Any, start: int, stop: int) -> tuple[int, list[Any], float]:
    from pegboard.sim.match import play_batch

    started = time.perf_counter()
    summaries = play_batch(config, start, stop)
    return number, summaries, time.perf_counter() - started


def round_robin(bots: Sequence[str]) -> list[tuple[str, str]]:
    """Every pairing of ``bots`` once, in the order given.

    >>> round_robin(["random", "greedy", "expert"])
    [('random', 'greedy'), ('random', 'expert'), ('greedy', 'expert')]
    """
    return [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]


def document(rated: Mapping[str, Sequence[Rated]], pairings: Mapping[str, Sequence[Pairing]], seed: int,
             resamples: int, measured: str) -> dict[str, Any]:
    """The published file: ``{kind: {level: {rating, deviation, low, high, games}}, "anchor", "measured",
    "games", ...}`` (ratings rounded to a point)."""
    data: dict[str, Any] = {}
    for kind, rows in rated.items():
        data[kind] = {r.bot: {"rating": round(r.rating), "deviation": round(r.deviation), "low": round(r.low),
                              "high": round(r.high), "games": r.games} for r in rows}
    data.update({
        "kinds": list(rated),
        "anchor": ANCHOR,
        "anchor_rating": ANCHOR_RATING,
        "measured": measured,
        "games": {kind: sum(p.games for p in rows) for kind, rows in pairings.items()},
        "seed": seed,
        "bootstrap": resamples,
        "min_deviation": MIN_DEVIATION,
        "pairings": {kind: [{"first": p.first, "second": p.second, "games": p.games, "first_wins": sum(p.first_wins),
                             "second_wins": sum(p.second_wins)} for p in rows] for kind, rows in pairings.items()},
        "method": "duplicate round robin; Bradley-Terry maximum likelihood on the Elo scale "
                  "(P = 1/(1+10^(-d/400))), anchored greedy = 1500; 95% bootstrap percentile intervals over "
                  "duplicate pairs of games; deviation = max(bootstrap standard error, 30). See docs/levels.md.",
    })
    return data


def table_text(rated: Mapping[str, Sequence[Rated]], markdown: bool = False) -> str:
    """The ratings as a plain (or markdown) table, a row per kind and bot."""
    rows = [(kind, r.bot, f"{r.rating:.0f}", f"{r.low:.0f}-{r.high:.0f}", f"{r.standard_error:.0f}",
             f"{r.deviation:.0f}", f"{r.games:,}") for kind, items in rated.items() for r in items]
    head = ("kind", "level", "rating", "95% interval", "s.e.", "deviation", "games")
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
        return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])
    widths = [max(len(str(x[i])) for x in [head, *rows]) for i in range(len(head))]
    return "\n".join("  ".join(str(x[i]).ljust(widths[i]) if i < 2 else str(x[i]).rjust(widths[i])
                               for i in range(len(head))) for x in [head, *rows])


def pairings_text(data: Mapping[str, Any]) -> str:
    """From a written file: each pairing's score, the first bot's win rate, and the rate the fitted
    ratings predict (how well one number a level describes every match), as a markdown table.

    >>> data = {"kinds": ["cribbage"], "cribbage": {"a": {"rating": 1600}, "b": {"rating": 1500}},
    ...         "pairings": {"cribbage": [{"first": "a", "second": "b", "games": 100, "first_wins": 60,
    ...                                    "second_wins": 40}]}}
    >>> print(pairings_text(data).splitlines()[-1])
    | cribbage | a | b | 100 | 60-40 | 60.0% | 64.0% |
    """
    lines = ["| kind | bot | against | games | score | won | predicted |",
             "| --- | --- | --- | ---: | ---: | ---: | ---: |"]
    for kind in data["kinds"]:
        for p in data["pairings"][kind]:
            difference = data[kind][p["first"]]["rating"] - data[kind][p["second"]]["rating"]
            predicted = 1 / (1 + 10 ** (-difference / 400))
            decided = p["first_wins"] + p["second_wins"]
            lines.append(f"| {kind} | {p['first']} | {p['second']} | {p['games']:,} | {p['first_wins']}-"
                         f"{p['second_wins']} | {100 * p['first_wins'] / max(decided, 1):.1f}% | "
                         f"{100 * predicted:.1f}% |")
    return "\n".join(lines)


def expert_games_option(text: str) -> dict[str, int]:
    """``--expert-games``: one number for every kind (under the key ``""``), or ``kind=N`` pairs.

    >>> expert_games_option("300"), expert_games_option("cribbage=100,five-card=400")
    ({'': 300}, {'cribbage': 100, 'five-card': 400})
    """
    try:
        if "=" not in text:
            return {"": int(text)}
        return {kind.strip(): int(n) for kind, _, n in (item.partition("=") for item in text.split(","))}
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of games, or kind=N pairs "
                                         f"(cribbage=800,five-card=2400)") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games a pairing without the expert")
    parser.add_argument("--expert-games", type=expert_games_option, default={},
                        help="games a pairing with the expert: N, or by kind as cribbage=N,five-card=M (default: "
                        + ", ".join(f"{k}={v}" for k, v in DEFAULT_EXPERT_GAMES.items()) + ", or --games when smaller)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--bots", default=",".join(BOTS), help="the bots to rate, comma-separated (must hold greedy)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="the game kinds, comma-separated")
    parser.add_argument("--bootstrap", type=int, default=DEFAULT_BOOTSTRAP, help="bootstrap resamples")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the ratings (JSON)")
    parser.add_argument("--markdown", action="store_true", help="print the table as markdown (docs/levels.md's)")
    parser.add_argument("--report", type=Path, metavar="FILE", help="play nothing: print the pairings of a written "
                        "file with the win rates its ratings predict")
    args = parser.parse_args(argv)
    if args.report:
        print(pairings_text(json.loads(args.report.read_text(encoding="utf-8"))))
        return 0
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    if ANCHOR not in bots:
        parser.error(f"--bots {args.bots}: expected the anchor, {ANCHOR}, among them")
    pairs = round_robin(bots)
    measured = datetime.date.today().isoformat()
    print(f"Levels: {len(pairs)} pairings a kind, seed {args.seed}", flush=True)
    rated: dict[str, list[Rated]] = {}
    played: dict[str, list[Pairing]] = {}
    for kind in (name.strip() for name in args.kinds.split(",") if name.strip()):
        expert = args.expert_games.get(kind, args.expert_games.get("", min(DEFAULT_EXPERT_GAMES.get(kind, args.games),
                                                                           args.games)))
        games = {pair: expert if "expert" in pair else args.games for pair in pairs}
        print(f"  {kind}: {args.games} games a pairing, {expert} with the expert", flush=True)
        played[kind] = play(kind, pairs, games, args.seed, args.jobs)
        for p in played[kind]:
            print(f"    {p.first} vs {p.second}: {sum(p.first_wins)}-{sum(p.second_wins)} of {p.games} "
                  f"({p.seconds:.0f} s of play)", flush=True)
        rated[kind] = rate(bots, played[kind], resamples=args.bootstrap, seed=args.seed)
    print(table_text(rated, args.markdown))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(document(rated, played, args.seed, args.bootstrap, measured), indent=1) + "\n",
                        encoding="utf-8")
    print(f"written: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
