"""The exceptions pegboard raises for bad input.

Every error is a :class:`ValueError` subclass whose message names the offending input and what
was expected, so callers can catch ``ValueError`` broadly or a specific subclass narrowly.

>>> from pegboard import Card
>>> try:
...     Card.parse("1X")
... except CardError as error:
...     print(error)
invalid card '1X': expected a rank (A, 2-10, T, J, Q, K) followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠)
"""

from __future__ import annotations

__all__ = [
    "PegboardError",
    "CardError",
    "DuplicateCardError",
    "HandSizeError",
    "RulesError",
    "IllegalActionError",
    "RecordError",
    "StoreError",
    "ObjectiveError",
    "PositionError",
    "DuplicateError",
    "FairnessError",
    "VerifyError",
    "ResampleError",
    "PuzzleError",
]


class PegboardError(ValueError):
    """Base class of every input error pegboard raises."""


class CardError(PegboardError):
    """A card token could not be parsed (ruling 2)."""


class DuplicateCardError(CardError):
    """The same card appears twice where cards must be distinct (ruling 2)."""


class HandSizeError(PegboardError):
    """A hand has the wrong number of cards for what was asked."""


class RulesError(PegboardError):
    """A rules object was built with an unknown preset or an invalid combination of options."""


class IllegalActionError(PegboardError):
    """An action is not legal in the current game state; the state is left unchanged.

    The message names the action and says why; ``reason`` says only why, for callers that name
    the action themselves (a record's replay: ``deals[0].actions[2] "Ann play 2H": <reason>``).

    >>> error = IllegalActionError("Ann play 2H: Ann does not hold 2H", reason="Ann does not hold 2H")
    >>> str(error), error.reason
    ('Ann play 2H: Ann does not hold 2H', 'Ann does not hold 2H')
    """

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = message if reason is None else reason


class RecordError(PegboardError):
    """A game record is malformed or describes an impossible game."""


class StoreError(PegboardError):
    """A database of tables cannot be opened, or is not one of pegboard's."""


class PositionError(PegboardError):
    """A position to analyse (docs/review.md's short text form) is malformed or impossible."""


class DuplicateError(PegboardError):
    """A duplicate set that cannot be played or compared: the game, the number of deals or the halves."""


class ObjectiveError(PegboardError):
    """An objective (what a game is played for: :mod:`pegboard.objectives`) has an unknown name or bad
    parameters."""


class FairnessError(PegboardError):
    """A fairness value (a server seed, its commitment, a player's contribution: :mod:`pegboard.fairness`)
    is malformed, or a revealed seed does not match its commitment."""


class VerifyError(PegboardError):
    """A record's shuffle does not check out (``pegboard verify``): no fairness data, the seed not
    revealed or not matching the commitment, or a deal that is not what the seed deals."""


class ResampleError(PegboardError):
    """No deal of the hidden cards fits what a seat saw (a game state that contradicts itself)."""


class PuzzleError(PegboardError):
    """A puzzle, an answer to one or a trainer's saved state (:mod:`pegboard.puzzles`) is malformed: a
    card that is no card, a choice that is not among the puzzle's options, a state of another format."""
