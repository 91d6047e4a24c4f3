"""Rating convergence (issue 36): do the server's Glicko-2 ratings find accounts' true strengths?

``--accounts`` simulated accounts of known, hidden strength play rated cribbage (to 121, two players)
until each has played ``--games`` games. An account's bot plays, at every decision with a choice, a
uniformly random legal action with probability ``p`` and the greedy bot's action otherwise; ``p`` is
spread evenly over [0, 1] (strength ``1 - p``), the strengths dealt to accounts in a seeded order.

Each round, every account still short of its games joins the queue at the same moment; the server's
matchmaking (:func:`pegboard.web.matchmaking.groups`) is run on their current ratings every
``--tick`` seconds of (simulated) waiting, so its window widens as on the server, until everyone is
paired or the window is at its widest (the rest sit the round out). Every game is rated as the server
rates it (:func:`pegboard.web.ratings.glicko`: the game is its own period, win 1, loss 0, both players
from their ratings before the game). The table: the Spearman rank correlation of true strength and
rating after every ``--every`` rounds, the mean deviation and the share still provisional.

    python -m benchmarks.rating_convergence --accounts 200 --games 50 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pegboard.bots.quick import greedy_choice
from pegboard.engine import new_game
from pegboard.engine.views import CribbageView
from pegboard.rules import Rules
from pegboard.web.matchmaking import WINDOW_GROWTH, WINDOW_MOST, WINDOW_START, Waiting, groups
from pegboard.web.ratings import PROVISIONAL, START, Rating, glicko

__all__ = ["play", "spearman", "simulate", "Checkpoint", "main"]


def play(rules: Rules, randomness: tuple[float, float], seed: int) -> int:
    """Play one game of ``rules`` between two mixed bots (seat ``i`` plays at random with probability
    ``randomness[i]``, else greedily); the winning seat.

    >>> play(Rules.preset("cribbage"), (0.0, 1.0), seed=3) in (0, 1)
    True
    """
    rng = random.Random(seed)
    game = new_game(rules, ["A", "B"], seed=rng.getrandbits(62), first_dealer=rng.randrange(2))
    while not game.finished:
        for seat in game.to_act():
            legal = game.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            elif rng.random() < randomness[seat]:
                action = rng.choice(legal)
            else:
                view = game.view(seat)
                assert isinstance(view, CribbageView)
                action = greedy_choice(view, rules, rng)
            game.apply(action)
    winner = game.winner_side
    if winner is None:
        raise RuntimeError("a finished two-player cribbage game without a winner")
    return winner


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        stop = start
        while stop + 1 < len(order) and values[order[stop + 1]] == values[order[start]]:
            stop += 1
        for k in range(start, stop + 1):
            ranks[order[k]] = (start + stop) / 2 + 1
        start = stop + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties share their mean rank): scipy's if it is installed.

    >>> round(spearman([1, 2, 3, 4], [10, 30, 20, 40]), 2)
    0.8
    """
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError(f"spearman of {len(xs)} and {len(ys)} values: expected two equal lists of 2 or more")
    try:
        from scipy.stats import spearmanr  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        a, b = _ranks(xs), _ranks(ys)
        ma, mb = statistics.fmean(a), statistics.fmean(b)
        num = sum((x - ma) * (y - mb) for x, y in zip(a, b))
        den = (sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b)) ** 0.5
        return num / den if den else 0.0
    return float(spearmanr(xs, ys).statistic)


@dataclass
class Checkpoint:
    """The ratings after some rounds: games played (mean), Spearman, mean deviation, share provisional."""

    rounds: int
    games: float
    spearman: float
    deviation: float
    provisional: float
    spread: float  # standard deviation of the ratings


@dataclass
class Outcome:
    checkpoints: list[Checkpoint] = field(default_factory=list)
    games: int = 0
    sat_out: int = 0
    waited: list[float] = field(default_factory=list)  # simulated seconds each pairing waited
    gaps: list[float] = field(default_factory=list)  # rating gap of each pairing
    upsets: int = 0  # games the weaker account won
    seconds: float = 0.0
    final: list[Rating] = field(default_factory=list)
    randomness: list[float] = field(default_factory=list)


def _checkpoint(rounds: int, ratings: list[Rating], randomness: list[float]) -> Checkpoint:
    return Checkpoint(rounds, statistics.fmean(r.games for r in ratings),
                      spearman([1 - p for p in randomness], [r.rating for r in ratings]),
                      statistics.fmean(r.deviation for r in ratings),
                      sum(r.deviation > PROVISIONAL for r in ratings) / len(ratings),
                      statistics.pstdev(r.rating for r in ratings))


def simulate(accounts: int = 200, games: int = 50, seed: int = 1, tick: float = 1.0,
             every: int = 10) -> Outcome:
    """Run the simulation (see the module's docstring); checkpoints after every ``every`` rounds and at the end.

    >>> out = simulate(accounts=4, games=2, seed=1)
    >>> out.games, -1.0 <= out.checkpoints[-1].spearman <= 1.0
    (4, True)
    """
    if accounts < 2 or games < 1 or tick <= 0 or every < 1:
        raise ValueError(f"accounts {accounts}, games {games}, tick {tick}, every {every}: expected at least 2 "
                         "accounts, 1 game, a positive tick and checkpoints every 1 round or more")
    rules = Rules.preset("cribbage")
    master = random.Random(seed)
    randomness = [i / (accounts - 1) for i in range(accounts)]
    master.shuffle(randomness)  # account i plays at random with probability randomness[i]
    ratings = [START] * accounts
    out = Outcome(randomness=randomness)
    started = time.perf_counter()
    widest = (WINDOW_MOST - WINDOW_START) / WINDOW_GROWTH
    rounds = 0
    while True:
        queue = [Waiting(i, f"p{i}", ratings[i].rating, 0.0) for i in range(accounts) if ratings[i].games < games]
        pairs: list[tuple[list[Waiting], float]] = []
        waited = 0.0
        while len(queue) >= 2:
            for group in groups(queue, 2, waited, set()):
                pairs.append((group, waited))
                queue = [w for w in queue if w not in group]
            if waited >= widest:
                break
            waited += tick
        if not pairs:
            break
        rounds += 1
        out.sat_out += len(queue)
        before = list(ratings)
        for group, when in pairs:
            seats = [w.account for w in group]
            master.shuffle(seats)  # who sits where is chance
            winner = play(rules, (randomness[seats[0]], randomness[seats[1]]), master.getrandbits(62))
            for seat, account in enumerate(seats):
                other = seats[1 - seat]
                ratings[account] = glicko(before[account], [(before[other], 1.0 if seat == winner else 0.0)])
            stronger = min(seats, key=lambda a: randomness[a])
            out.upsets += seats[winner] != stronger
            out.games += 1
            out.waited.append(when)
            out.gaps.append(abs(before[seats[0]].rating - before[seats[1]].rating))
        if rounds % every == 0:
            out.checkpoints.append(_checkpoint(rounds, ratings, randomness))
    if not out.checkpoints or out.checkpoints[-1].rounds != rounds:
        out.checkpoints.append(_checkpoint(rounds, ratings, randomness))
    out.seconds = time.perf_counter() - started
    out.final = ratings
    return out


def report(out: Outcome, accounts: int, games: int, seed: int) -> str:
    """The table of a simulation, as text."""
    lines = [f"rating convergence: {accounts} accounts, {games} rated cribbage games each, seed {seed} "
             f"({out.games} games in {out.seconds:.1f} s, {1000 * out.seconds / max(1, out.games):.1f} ms a game)",
             "",
             f"{'rounds':>6} {'games/acct':>10} {'spearman':>9} {'mean dev':>9} {'provisional':>12} {'rating sd':>10}"]
    for c in out.checkpoints:
        lines.append(f"{c.rounds:>6} {c.games:>10.1f} {c.spearman:>9.3f} {c.deviation:>9.1f} "
                     f"{100 * c.provisional:>11.1f}% {c.spread:>10.1f}")
    waited = sorted(out.waited)
    lines += ["",
              f"pairings: rating gap mean {statistics.fmean(out.gaps):.0f}, "
              f"simulated wait p50 {waited[len(waited) // 2]:.0f} s, max {waited[-1]:.0f} s; "
              f"{out.sat_out} account-rounds sat out; weaker account won {100 * out.upsets / out.games:.1f}%"]
    by_tenth: dict[int, list[float]] = {}
    for p, rating in zip(out.randomness, out.final):
        by_tenth.setdefault(min(9, int(p * 10)), []).append(rating.rating)
    lines.append("final mean rating by random-move probability p: " + ", ".join(
        f"{tenth / 10:.1f}-{(tenth + 1) / 10:.1f}: {statistics.fmean(values):.0f}"
        for tenth, values in sorted(by_tenth.items())))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--accounts", type=int, default=200, help="simulated accounts (default 200)")
    parser.add_argument("--games", type=int, default=50, help="rated games each account plays (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of strengths, pairings and deals")
    parser.add_argument("--tick", type=float, default=1.0,
                        help="simulated seconds between rounds of matchmaking (the server's match_every)")
    parser.add_argument("--every", type=int, default=10, help="a row of the table every this many rounds")
    parser.add_argument("--json", action="store_true", help="print the checkpoints as JSON")
    args = parser.parse_args(argv)
    try:
        out = simulate(args.accounts, args.games, args.seed, args.tick, args.every)
    except ValueError as error:
        parser.error(str(error))
    if args.json:
        data: dict[str, Any] = {"accounts": args.accounts, "games": args.games, "seed": args.seed,
                                "played": out.games, "seconds": out.seconds,
                                "checkpoints": [vars(c) for c in out.checkpoints]}
        print(json.dumps(data))
    else:
        print(report(out, args.accounts, args.games, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
