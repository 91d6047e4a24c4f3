"""Build the expert's crib tables: what thrown cards are worth in the crib, by iterating the
expert's own discards to a fixed point. ``python -m pegboard.tables.crib`` regenerates
``pegboard/data/crib_tables.json`` (read by :class:`pegboard.bots.discard.CribTables`).

For each seat (its role is its place after the dealer: 0 dealer, 1 the dealer's left, ...) and each
throw it could make (two cards: ranks and whether suited; one card: its rank), the table holds the
expected crib score given that throw, when every other seat discards by the current policy:
maximise the exact expected hand over every starter, plus (own side's crib) or minus (the other
side's) the table value of the throw. Each simulated deal scores the crib exactly over every
starter left in the pack, for every throw each seat could have made (so every table entry is well
sampled, not only the throws a policy favours); the policy is then re-derived from the new tables,
until they stop moving (from the third iteration on, each update is averaged with the previous
tables, which damps the oscillation of three- and four-player tables). Work is split into seeded
chunks (:func:`simulate_chunk`), so the result for a seed is the same however the chunks are spread
over processes or machines.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.bots.discard import CRIB_FILE, key_count
from pegboard.bots.expectations import batch_expected
from pegboard.cluster.choice import add_backend_arguments, backend_from_arguments
from pegboard.rules import Rules
from pegboard.sim.backends import Backend, LocalBackend, map_ordered

__all__ = ["TABLE_PRESETS", "ChunkTask", "simulate_chunk", "build_tables", "write_table", "main",
           "discard_options", "discard_values"]

TABLE_PRESETS = ("cribbage", "five-card", "cribbage-3", "cribbage-4", "cribbage-4-solo")
"""Every preset the expert ships crib tables for."""
Array = npt.NDArray[Any]


def _batch_throw_keys(thrown: Array) -> Array:
    if thrown.shape[-1] == 1:
        return (thrown[..., 0] >> 2).astype(np.int64)
    ranks = np.sort(thrown >> 2, axis=-1).astype(np.int64)
    suited = (ranks[..., 0] != ranks[..., 1]) & ((thrown[..., 0] & 3) == (thrown[..., 1] & 3))
    keys: Array = ranks[..., 0] * 13 + ranks[..., 1] + 169 * suited
    return keys


@dataclass(frozen=True)
class ChunkTask:
    """One seeded batch of simulated deals under the given tables."""

    preset: str
    tables: tuple[tuple[float, ...], ...]
    seed: int
    deals: int


def _counts(cards: Array) -> tuple[Array, Array]:
    """Per row, how many of the given cards there are by rank (N, 13) and by suit (N, 4)."""
    rows = np.repeat(np.arange(cards.shape[0]), cards.shape[1])
    ranks = np.zeros((cards.shape[0], 13), dtype=np.int64)
    suits = np.zeros((cards.shape[0], 4), dtype=np.int64)
    np.add.at(ranks, (rows, (cards >> 2).ravel()), 1)
    np.add.at(suits, (rows, (cards & 3).ravel()), 1)
    return ranks, suits


def discard_options(size: int, throws: int) -> tuple[Array, Array]:
    """Every way to discard ``throws`` of ``size`` cards: positions thrown (options, throws) and kept."""
    options = np.array(list(combinations(range(size), throws)), dtype=np.int64)
    keeps = np.array([[i for i in range(size) if i not in option] for option in options], dtype=np.int64)
    return options, keeps


def discard_values(hands: Array, options: Array, keeps: Array, crib_row: Array, sign: float) -> Array:
    """The policy's value of every discard of every hand (N, options): the exact expected hand over
    the starters plus ``sign`` (+1 own crib, -1 the other side's) times the crib table's throw value."""
    own_ranks, own_suits = _counts(hands)
    kept = hands[:, keeps]  # (count, options, kept)
    flat = kept.reshape(-1, kept.shape[-1])
    expected = batch_expected(flat, np.repeat(4 - own_ranks, len(options), axis=0),
                              np.repeat(13 - own_suits, len(options), axis=0), crib=False)
    values: Array = expected.reshape(len(hands), len(options)) + sign * crib_row[_batch_throw_keys(hands[:, options])]
    return values


def simulate_chunk(task: ChunkTask) -> tuple[Array, Array, Array]:
    """Simulate ``task.deals`` deals; returns the sum of crib expectations and the number of samples
    per role and key (over every throw each seat could make), and how often each key was chosen."""
    rules = Rules.preset(task.preset)
    seats, size, throws = rules.players, rules.deal_size, rules.discard_count
    tables = np.asarray(task.tables, dtype=np.float64)
    keys = key_count(throws)
    rng = np.random.default_rng(task.seed)
    count = task.deals
    order = np.argsort(rng.random((count, 52), dtype=np.float32), axis=1).astype(np.uint8)
    hands = order[:, : seats * size].reshape(count, seats, size)
    from_pack = order[:, seats * size : seats * size + rules.crib_from_pack]
    options, keeps = discard_options(size, throws)
    side = [seat % 2 if rules.partners else seat for seat in range(seats)]

    chosen_throws = []
    option_throws = []
    for seat in range(seats):
        hand = hands[:, seat, :]
        thrown = hand[:, options]  # (count, options, throws)
        sign = 1.0 if side[seat] == side[0] else -1.0
        value = discard_values(hand, options, keeps, tables[seat], sign)
        best = value.argmax(axis=1)
        chosen_throws.append(thrown[np.arange(count), best])
        option_throws.append(thrown)

    chosen = np.zeros((seats, keys))
    for seat in range(seats):
        np.add.at(chosen[seat], _batch_throw_keys(chosen_throws[seat]), 1)
    dealt = order[:, : seats * size + rules.crib_from_pack]
    dealt_ranks, dealt_suits = _counts(dealt)
    pack_ranks, pack_suits = 4 - dealt_ranks, 13 - dealt_suits
    sums = np.zeros((seats, keys))
    samples = np.zeros((seats, keys))
    for seat in range(seats):
        others = [chosen_throws[other] for other in range(seats) if other != seat]
        for option in range(len(options)):
            crib = np.concatenate([option_throws[seat][:, option], *others, from_pack], axis=1)
            value = batch_expected(crib, pack_ranks, pack_suits, crib=True)
            key = _batch_throw_keys(option_throws[seat][:, option])
            np.add.at(sums[seat], key, value)
            np.add.at(samples[seat], key, 1)
    return sums, samples, chosen


def build_tables(
    preset: str,
    *,
    deals: int = 400_000,
    iterations: int = 5,
    seed: int = 2026,
    chunk: int = 20_000,
    backend: Backend | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Iterate tables to a fixed point; ``deals`` per iteration, split in seeded chunks run on
    ``backend`` (default: this process) and summed in chunk order, so the result is the same bytes
    on any backend."""
    backend = backend or LocalBackend(1)
    rules = Rules.preset(preset)
    keys = key_count(rules.discard_count)
    tables = np.zeros((rules.players, keys))
    history = []
    samples = chosen = np.zeros((rules.players, keys))
    for iteration in range(iterations):
        tasks = [ChunkTask(preset, tuple(map(tuple, tables.tolist())), seed * 1_000_003 + iteration * 10_007 + i,
                           min(chunk, deals - i * chunk)) for i in range((deals + chunk - 1) // chunk)]
        sums = np.zeros((rules.players, keys))
        samples = np.zeros((rules.players, keys))
        chosen = np.zeros((rules.players, keys))
        for chunk_sums, chunk_samples, chunk_chosen in map_ordered(backend, simulate_chunk,
                                                                   [(task,) for task in tasks]):
            sums += chunk_sums
            samples += chunk_samples
            chosen += chunk_chosen
        new = np.where(samples > 0, sums / np.maximum(samples, 1), tables)
        if iteration >= 2:  # damping: policies react to the tables, so undamped updates can oscillate
            new = (new + tables) / 2
        change = float(np.abs(new - tables)[samples > 0].max())
        tables = new
        history.append(round(change, 4))
        if progress:
            progress(f"{preset}: iteration {iteration + 1}/{iterations}, largest change {change:.4f}")
    return {
        "preset": preset,
        "throw": rules.discard_count,
        "roles": rules.players,
        "deals_per_iteration": deals,
        "iterations": iterations,
        "seed": seed,
        "changes": history,
        "crib_value": np.round(tables, 4).tolist(),
        "samples": samples.astype(int).tolist(),
        "chosen": chosen.astype(int).tolist(),
    }


def write_table(path: Path, data: dict[str, Any], command: str, argv: list[str] | None) -> None:
    """Write a built table as compact JSON, noting the command line that built it."""
    data["generated_by"] = " ".join([f"python -m {command}", *(argv or [])])
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the expert's crib tables.")
    parser.add_argument("presets", nargs="*", default=list(TABLE_PRESETS))
    parser.add_argument("--deals", type=int, default=400_000, help="simulated deals per iteration")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    add_backend_arguments(parser)
    parser.add_argument("--output", type=Path, default=CRIB_FILE)
    args = parser.parse_args(argv)
    existing: dict[str, Any] = json.loads(args.output.read_text()) if args.output.exists() else {"format": 1}
    presets: dict[str, Any] = existing.setdefault("presets", {})
    started = time.perf_counter()
    backend = backend_from_arguments(args)
    for preset in args.presets:
        presets[preset] = build_tables(preset, deals=args.deals, iterations=args.iterations, seed=args.seed,
                                       backend=backend, progress=print)
    write_table(args.output, existing, "pegboard.tables.crib", argv)
    print(f"wrote {args.output} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
