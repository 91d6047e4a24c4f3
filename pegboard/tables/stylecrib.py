"""Build the style crib shifts (:mod:`pegboard.bots.stylecrib`): ``python -m pegboard.tables.stylecrib``.

For each style (the book's discards, :func:`pegboard.bots.hoyle.hoyle_discard`; the BSD program's,
:func:`pegboard.bots.classic.classic_discard`) and each role of the opponent, ``--hands`` random
six-card hands (seeded) are discarded by that style and the throws tallied by key; then, for every
throw key of mine, the exact expected crib (:func:`pegboard.bots.discard.exact_cribs`: every pair the
opponent may throw times every starter) with the pairs weighted by the style's tally, less the same
with the generic weights (:func:`pegboard.bots.discard.opponent_throw_model`). A key is computed on
one representative pair of cards (suits: different unless the key is suited). About 20 s on one core.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.bots.classic import classic_discard
from pegboard.bots.discard import PAIRS_PER_KEY, exact_cribs, key_count, opponent_throw_model, throw_key
from pegboard.bots.hoyle import hoyle_discard
from pegboard.bots.stylecrib import STYLE_CRIB_FILE, STYLES
from pegboard.cards import Card, full_deck
from pegboard.rules import Rules
from pegboard.tables.crib import write_table

__all__ = ["style_throws", "style_shifts", "representative", "main"]


def representative(key: int) -> tuple[int, int] | None:
    """Two card codes with throw key ``key`` (None for a key no pair has: a suited pair of one rank, or
    low above high).

    >>> representative(throw_key([0, 5])), representative(13 * 4 + 4 + 169)
    ((0, 5), None)
    """
    low, high, suited = _decode(key)
    if low > high or (low == high and suited):
        return None
    return (low * 4, high * 4) if suited else (low * 4, high * 4 + 1)


def _decode(key: int) -> tuple[int, int, bool]:
    """A two-card throw key's (low, high, suited) rank indices, as :func:`throw_key` made it."""
    suited = key >= 169
    low, high = divmod(key - 169 * suited, 13)
    return low, high, suited


def _throw(style: str, hand: list[Card], role: int, rules: Rules) -> tuple[Card, ...]:
    if style == "book":
        return hoyle_discard(hand, rules.discard_count, own=role == 0)[0][1]
    return classic_discard(hand, rules, role)


def style_throws(style: str, role: int, hands: int, seed: int, rules: Rules) -> npt.NDArray[np.float64]:
    """How often ``style`` throws each key from ``hands`` random hands in ``role`` (0: dealer).

    >>> counts = style_throws("book", 1, 200, 1, Rules.preset("cribbage"))
    >>> int(counts.sum()), int(counts[[throw_key([16, 17])]].sum())  # a book pone never throws 5-5
    (200, 0)
    """
    rng = random.Random(seed)
    deck = full_deck()
    counts = np.zeros(key_count(rules.discard_count))
    for _ in range(hands):
        thrown = _throw(style, rng.sample(deck, rules.deal_size), role, rules)
        counts[throw_key([card.code for card in thrown])] += 1
    return counts


def style_shifts(style: str, hands: int, seed: int, rules: Rules) -> npt.NDArray[np.float64]:
    """(my role, key): the style's expected crib less the generic one (see the module's docstring)."""
    shifts = np.zeros((2, key_count(2)))
    for role in (0, 1):
        tally = style_throws(style, 1 - role, hands, seed + role, rules)
        styled = np.where(PAIRS_PER_KEY > 0, tally / np.maximum(PAIRS_PER_KEY, 1), 0.0)
        generic = opponent_throw_model(rules, role)
        for key in range(key_count(2)):
            pair = representative(key)
            if pair is not None:
                unseen = [code for code in range(52) if code not in pair]
                mine, theirs = exact_cribs([pair], unseen, styled)[0], exact_cribs([pair], unseen, generic)[0]
                shifts[role, key] = mine - theirs
        for key in range(key_count(2)):  # low above high: the same pair written the other way round
            low, high, suited = _decode(key)
            if low > high:
                shifts[role, key] = shifts[role, 169 * suited + high * 13 + low]
    return shifts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the style crib shifts (pegboard.bots.stylecrib).")
    parser.add_argument("--hands", type=int, default=40_000, help="random hands discarded per style and role")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--output", type=Path, default=STYLE_CRIB_FILE)
    args = parser.parse_args(argv)
    rules = Rules.preset("cribbage")
    started = time.perf_counter()
    data: dict[str, Any] = {"format": 1, "hands": args.hands, "seed": args.seed, "shifts": {}}
    for style in STYLES:
        shifts = style_shifts(style, args.hands, args.seed, rules)
        data["shifts"][style] = np.round(shifts, 4).tolist()
        print(f"{style}: shift spread (sd) dealer {shifts[0].std():.3f}, pone {shifts[1].std():.3f}")
    write_table(args.output, data, "pegboard.tables.stylecrib", argv)
    print(f"wrote {args.output} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
