"""The cycle collector in a process that plays many games: the long-lived tables out of its passes.

The searches keep large, growing tables for the whole process (series and hand ids, the answers of
reply models, cached scores: hundreds of thousands of entries). Python's cycle collector walks every
container it tracks at each full pass; over those tables a pass costs tens of milliseconds, and an
expert-vs-greedy match ran about 7% of its time in the collector. A process that only plays games (a
simulator's worker, ``pegboard sim``) moves everything alive after its first game into the permanent
generation (:func:`gc.freeze`): the tables are not walked again, even as they grow, and what is
allocated later is collected as usual. Nothing a game does depends on the collector: the games are the
same to the byte.

The web server's thinking workers settle once warm (:func:`settle`).

A process that plays games for someone else's program (``run_match`` called from a notebook, say)
is left alone unless it asks (:func:`own_process`).

>>> settle_after_first_game()  # in a process that did not ask: nothing happens
False
"""

from __future__ import annotations

import gc
import multiprocessing

__all__ = ["own_process", "settle_after_first_game", "settle", "SETTLED_THRESHOLDS"]

SETTLED_THRESHOLDS = (50_000, 20, 20)
"""The collector's thresholds once settled (Python's are 700, 10, 10): the search allocates and frees
containers by the million, nearly all freed at once by their reference counts, and a young pass every
700 of them walked what was alive for nothing."""

_STATE = {"allowed": multiprocessing.parent_process() is not None, "settled": False}


def own_process() -> None:
    """Declare that this process only plays games (a worker, the ``sim`` command): the collector may
    be settled here."""
    _STATE["allowed"] = True


def settle_after_first_game() -> bool:
    """Once per process that may (:func:`own_process`, or any worker process): collect, then freeze
    everything alive out of the collector's later passes. Returns whether it did so now."""
    if _STATE["settled"] or not _STATE["allowed"]:
        return False
    settle()
    return True


def settle() -> None:
    """Collect, then freeze everything alive out of the collector's later passes, in a process that
    plays or thinks for the rest of its life (a web server's thinking worker, once warm): its long
    full passes over the tables would otherwise land inside decisions (20-50 ms each)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SETTLED_THRESHOLDS)
    _STATE["settled"] = True
