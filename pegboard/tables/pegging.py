"""Build the pegging table (:class:`pegboard.bots.pegtable.PegTable`): for two-player cribbage, what
each kept hand of four ranks is worth in the play, for the dealer and for the pone.

How it is built (``python -m pegboard.tables.pegging``; shipped as ``pegboard/data/peg_tables.json``):

1. *What opponents keep*: many simulated deals, both seats discarding by the expert's hand-and-crib
   policy (:func:`pegboard.tables.crib.discard_values`), give each role's distribution over kept
   rank multisets.
2. *Every pairing, solved*: for each pone hand and each dealer hand the two can hold together, the
   play is solved exactly by minimax (:class:`pegboard.bots.pegging.Solver`, both hands open, the
   pone leading): 3.3 million positions, about a quarter of a millisecond each with one memo per
   pone hand.
3. *Averaged*: a hand's entry is the mean of its solved values over the opponent's kept hands,
   weighted by how often the policy keeps each and by the card removal of the holder's own ranks.

Open hands are an approximation (each side plays as if it saw the other's cards), but the same for
every kept hand, so the differences between hands -- all a discard needs -- are what it measures.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.bots.discard import CRIB_FILE
from pegboard.bots.pegging import Solver, pack_hands
from pegboard.bots.pegtable import KEPT, PEG_FILE
from pegboard.cluster.choice import add_backend_arguments, backend_from_arguments
from pegboard.scoring.tables import RANK_WEIGHTS
from pegboard.sim.backends import Backend, LocalBackend, map_ordered
from pegboard.tables.crib import discard_options, discard_values, write_table

__all__ = ["keep_histogram", "solve_pone_hands", "combine", "build", "main"]

Array = npt.NDArray[Any]


def _rank_counts(rows: Array) -> Array:
    counts = np.zeros((len(rows), 13), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(len(rows)), rows.shape[1]), rows.ravel()), 1)
    return counts


_KEPT_COUNTS = _rank_counts(KEPT)


def keep_histogram(deals: int, seed: int) -> Array:
    """How often the hand-and-crib policy keeps each rank multiset: (2 roles, 1,820) counts over
    ``deals`` simulated deals (role 0 the dealer, 1 the pone), crib tables as shipped."""
    crib = np.asarray(json.loads(CRIB_FILE.read_text())["presets"]["cribbage"]["crib_value"], dtype=np.float64)
    rng = np.random.default_rng(seed)
    options, keeps = discard_options(6, 2)
    counts = np.zeros((2, len(KEPT)))
    weights = np.asarray(RANK_WEIGHTS, dtype=np.int64)
    key_to_index = np.zeros(4 * RANK_WEIGHTS[-1] + 1, dtype=np.int64)
    key_to_index[weights[KEPT].sum(axis=1)] = np.arange(len(KEPT))
    for start in range(0, deals, 50_000):
        size = min(50_000, deals - start)
        order = np.argsort(rng.random((size, 52), dtype=np.float32), axis=1)[:, :12].astype(np.int64)
        for role in (0, 1):
            hands = order[:, 6 * role: 6 * role + 6]
            best = discard_values(hands, options, keeps, crib[role], 1.0 if role == 0 else -1.0).argmax(axis=1)
            kept = hands[np.arange(size)[:, None], keeps[best]] >> 2
            np.add.at(counts[role], key_to_index[weights[kept].sum(axis=1)], 1)
    return counts


def solve_pone_hands(rows: Sequence[int]) -> Array:
    """For each pone hand (table row) in ``rows``, its exact pegging value (pone's points minus the
    dealer's, the pone leading, both hands open) against every dealer hand: (len(rows), 1,820),
    NaN where the two hands would need a fifth card of a rank."""
    result = np.full((len(rows), len(KEPT)), np.nan, dtype=np.float32)
    dealer_hands = [tuple(int(rank) + 1 for rank in row) for row in KEPT]
    for out, row in enumerate(rows):
        pone = tuple(int(rank) + 1 for rank in KEPT[row])
        fits = (_KEPT_COUNTS + _KEPT_COUNTS[row] <= 4).all(axis=1)
        solver = Solver(2, (0, 1), 1)  # seat 0 deals, seat 1 (the pone) leads; one memo for every dealer hand
        for column in np.flatnonzero(fits):
            result[out, column] = solver.value(pack_hands([dealer_hands[column], pone]), (), 0, 1, 0, -1, 0, 0)
    return result


def _removal(holder: Array, others: Array) -> Array:
    """Card removal: how much likelier (or less likely) each of ``others`` (rank counts) is to be
    dealt to the opponent of a player holding ``holder`` (rank counts), than with no cards known."""
    table = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.float64)
    left = 4 - holder  # (13,)
    ratio: Array = (table[left[None, :], others] / table[4, others]).prod(axis=1)
    return ratio


def combine(values: Array, histogram: Array, smoothing: float = 0.5) -> Array:
    """The table from the solved pairings ``values`` (pone rows x dealer columns, the pone's points)
    and the kept-hand ``histogram`` (2 x 1,820): per role, each hand's value averaged over the
    opponent's hands, weighted by the policy and by card removal."""
    kept = histogram + smoothing
    table = np.zeros((2, len(KEPT)))
    solved = ~np.isnan(values)
    for row in range(len(KEPT)):
        weights = kept[0] * _removal(_KEPT_COUNTS[row], _KEPT_COUNTS) * solved[row]
        table[1, row] = np.nansum(values[row] * weights) / weights.sum()  # as pone against dealers
        weights = kept[1] * _removal(_KEPT_COUNTS[row], _KEPT_COUNTS) * solved[:, row]
        table[0, row] = -np.nansum(values[:, row] * weights) / weights.sum()  # as dealer against pones
    return table


@dataclass(frozen=True)
class _Chunk:
    rows: tuple[int, ...]


def _solve_chunk(chunk: _Chunk) -> Array:
    return solve_pone_hands(chunk.rows)


def build(*, deals: int = 2_000_000, seed: int = 2026, chunks: int = 40, backend: Backend | None = None,
          progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The table's data file contents (deterministic for a seed, on any backend)."""
    backend = backend or LocalBackend(1)
    started = time.perf_counter()
    histogram = keep_histogram(deals, seed)
    if progress:
        progress(f"kept-hand histogram from {deals:,} deals in {time.perf_counter() - started:.0f} s")
    tasks = [(_Chunk(tuple(range(start, len(KEPT), chunks))),) for start in range(chunks)]
    values = np.full((len(KEPT), len(KEPT)), np.nan, dtype=np.float32)
    for (chunk,), solved in zip(tasks, map_ordered(backend, _solve_chunk, tasks)):
        values[list(chunk.rows)] = solved
    if progress:
        progress(f"solved every pairing in {time.perf_counter() - started:.0f} s")
    table = combine(values, histogram)
    return {"format": 1, "generated_by": "python -m pegboard.tables.pegging", "deals": deals, "seed": seed,
            "rows": "sorted rank indices (0 = ace .. 12 = king) of the 1,820 kept hands, as "
                    "pegboard.scoring.tables.rank_multisets(4)",
            "cribbage": {"roles": ["dealer", "pone"], "pegging": np.round(table, 4).tolist(),
                         "kept": histogram.astype(int).tolist(),
                         "mean": [round(float(np.average(table[role], weights=histogram[role] + 0.5)), 4)
                                  for role in (0, 1)]}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the expert's pegging table (two-player cribbage).")
    parser.add_argument("--deals", type=int, default=2_000_000, help="simulated deals for the kept-hand histogram")
    parser.add_argument("--seed", type=int, default=2026)
    add_backend_arguments(parser)
    parser.add_argument("--output", type=Path, default=PEG_FILE)
    args = parser.parse_args(argv)
    backend = backend_from_arguments(args)
    data = build(deals=args.deals, seed=args.seed, backend=backend, progress=print)
    write_table(args.output, data, "pegboard.tables.pegging", argv)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
