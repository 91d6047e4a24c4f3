"""pegboard: the cribbage family of games, their rules engine, scorers, bots and interfaces.

The core (cards, rules, scoring, engines) needs only NumPy. Its hot modules may run compiled (see
:mod:`pegboard.accelerator`); they play exactly as the pure-Python source does.

>>> from pegboard import Card, parse_cards, score_show
>>> *hand, starter = parse_cards("5H 5C 5D JS 5S")
>>> score_show(hand, starter).total
29
"""

from __future__ import annotations

from pegboard.accelerator import install_source_only_finder, source_wanted

if source_wanted():  # PEGBOARD_PURE=1, or compiled modules built from a source changed since (said on stderr)
    install_source_only_finder()

from pegboard.cards import Card, format_cards, full_deck, parse_cards
from pegboard.errors import (
    CardError,
    DuplicateCardError,
    HandSizeError,
    IllegalActionError,
    PegboardError,
    RecordError,
    RulesError,
)
from pegboard.rules import PRESET_NAMES, Rules
from pegboard.scoring.items import Score, ScoreItem
from pegboard.scoring.play import score_play
from pegboard.scoring.show import score_show

__version__ = "0.1.0"

__all__ = [
    "Card", "format_cards", "full_deck", "parse_cards",
    "CardError", "DuplicateCardError", "HandSizeError", "IllegalActionError", "PegboardError",
    "RecordError", "RulesError",
    "PRESET_NAMES", "Rules", "Score", "ScoreItem", "score_play", "score_show",
    "__version__",
]  # fmt: skip
