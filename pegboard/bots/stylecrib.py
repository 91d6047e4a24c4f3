"""What the crib is worth when the other player throws to it by a known style of play.

The crib tables (:class:`pegboard.bots.discard.CribTables`) value a throw against the expert's own
throws from the other hand. A player who discards by the book's rules of thumb (the ``hoyle`` bot:
as pone, wide cards, kings and aces, never a five; as dealer, fives, pairs and touching cards) or by
the BSD program's crib table (``classic``) fills the crib otherwise: against a book pone a pair of
fives thrown to one's own crib is worth about half a point less than the tables say, ace-two about a
third of a point more. :class:`StyleCribs` holds, for each style, each role (0: I deal, 1: I am the
pone) and each throw key, that style's expected crib less the generic one (two players, six cards
dealt); the expert moves its crib values by them in proportion to the chance that the opponent plays
that way (:meth:`pegboard.bots.expert.ExpertBot._discard`). ``python -m pegboard.tables.stylecrib``
builds ``pegboard/data/style_cribs.json``.

>>> shifts = StyleCribs.load().shifts
>>> sorted(shifts), shifts["book"].shape
(['book', 'program'], (2, 338))
>>> from pegboard.bots.discard import throw_key
>>> from pegboard.cards import parse_cards
>>> float(shifts["book"][0, throw_key([c.code for c in parse_cards("5H 5C")])]) < -0.3
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

__all__ = ["StyleCribs", "STYLE_CRIB_FILE", "STYLES"]

STYLE_CRIB_FILE = Path(__file__).resolve().parent.parent / "data" / "style_cribs.json"
"""The style crib shifts pegboard ships (built by ``python -m pegboard.tables.stylecrib``)."""
STYLES = ("book", "program")
"""The styles of discarding that have a shift: the book's (hoyle) and the BSD program's (classic)."""


@dataclass(frozen=True)
class StyleCribs:
    """Each style's expected crib less the generic one, by role (0: I deal) and throw key."""

    shifts: dict[str, npt.NDArray[np.float64]]

    @staticmethod
    @cache
    def load() -> StyleCribs:
        """The shifts shipped with pegboard (all zero if the data file is missing)."""
        try:
            data = json.loads(STYLE_CRIB_FILE.read_text())
        except FileNotFoundError:  # pragma: no cover - only in a broken install
            return StyleCribs({style: np.zeros((2, 338)) for style in STYLES})
        return StyleCribs({style: np.asarray(data["shifts"][style], dtype=np.float64) for style in STYLES})

    def shift(self, book: float, program: float) -> npt.NDArray[np.float64]:
        """The crib values' move (roles x keys) against an opponent who discards by the book with chance
        ``book`` and by the program with chance ``program`` (the rest: as the tables assume).

        >>> float(abs(StyleCribs.load().shift(0.0, 0.0)).max())
        0.0
        """
        moved: npt.NDArray[np.float64] = book * self.shifts["book"] + program * self.shifts["program"]
        return moved
