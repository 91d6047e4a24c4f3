"""Actions: immutable values with a text round-trip, like ``"play 5H"`` or ``"discard 5H 6C"``.

The seat is part of an action (discards are simultaneous, so the turn alone cannot say who acts);
the text form leaves it out, and records prefix it with the player's name.

>>> action = Action.parse("discard 5h 6C", seat=1)
>>> action
Action.parse('discard 5H 6C', seat=1)
>>> str(action), action.cards
('discard 5H 6C', (Card.parse('5H'), Card.parse('6C')))
>>> Action.parse("place JD b3", seat=0).target
'b3'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from pegboard.cards import Card, parse_cards
from pegboard.errors import CardError, IllegalActionError

__all__ = ["Action", "Verb", "VERBS", "MAX_DIGITS", "small_number", "only_move"]

Verb = Literal["discard", "play", "go", "place", "count", "muggins", "pass"]
"""An action's verb: mypy refuses a verb no game knows (a misspelt comparison, a made-up action)."""

VERBS: dict[Verb, str] = {
    "discard": "cards to the crib (cribbage) or to a discard space (solitaire)",
    "play": "a card to the play (cribbage) or to the next cell of the spiral (snailspace)",
    "go": "no card fits under 31 (ruling 9)",
    "place": "a card on a grid cell, e.g. 'place 5H a1' (solitaire)",
    "count": "declare your own show count, e.g. 'count 12' (muggins, ruling 16)",
    "muggins": "claim the points an opponent missed in their count (ruling 16)",
    "pass": "make no muggins claim",
}
"""Every verb and what it does."""
MAX_DIGITS = 4
"""The most digits a number typed or written in an action may have (no show holds more than 29)."""


def small_number(word: str) -> int | None:
    """``word`` as a number if it is 1 to :data:`MAX_DIGITS` ASCII digits, else None (``²`` and a
    number of 5,000 digits are not numbers of points).

    >>> small_number("12"), small_number("²"), small_number("9" * 5000)
    (12, None, None)
    """
    return int(word) if word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS else None


class Action(NamedTuple):
    """One player's move: the seat, a verb, the cards it names, and a target (cell or points)."""

    seat: int
    verb: Verb
    cards: tuple[Card, ...] = ()
    target: str | int | None = None

    @classmethod
    def parse(cls, text: str, seat: int) -> Action:
        """Parse action text (without the player's name) for ``seat``.

        >>> Action.parse("count 12", seat=0).target
        12
        """
        if not isinstance(text, str) or not text.split():
            why = f"expected a verb ({', '.join(VERBS)})"
            raise IllegalActionError(f"empty action {text!r}: {why}", f"empty: {why}")
        word, *args = text.split()
        word = word.lower()
        if word not in VERBS:
            why = f"expected a verb ({', '.join(VERBS)})"
            raise IllegalActionError(f"unknown action {text!r}: {why}", f"unknown verb {word!r}: {why}")
        verb: Verb = word
        target: str | int | None = None
        if verb in ("count", "muggins") and args:
            points = small_number(args[0]) if len(args) == 1 else None
            if points is None:
                why = f"expected '{verb} N' with N a number of points (digits 0-9, at most {MAX_DIGITS})"
                raise IllegalActionError(f"action {text!r}: {why}", why)
            return cls(seat, verb, (), points)
        if verb == "place":
            if len(args) != 2:
                why = "expected 'place CARD CELL', e.g. 'place 5H a1'"
                raise IllegalActionError(f"action {text!r}: {why}", why)
            target = args[1].lower()
            args = args[:1]
        try:
            cards = parse_cards(args)
        except CardError as error:
            raise IllegalActionError(f"action {text!r}: {error}", str(error)) from None
        return cls(seat, verb, cards, target)

    def text(self) -> str:
        """The action as record text, without the player's name."""
        parts = [self.verb, *(str(card) for card in self.cards)]
        if self.target is not None:
            parts.append(str(self.target))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Action.parse({self.text()!r}, seat={self.seat})"


def only_move(legal: Sequence[Action]) -> Action | None:
    """The one legal move, if there is only one: the first rule of what plays itself
    (:mod:`pegboard.engine.automation`, which gives it; here so that the compiled simulator calls it
    natively, on every move).

    >>> only_move([Action(0, "go")]), only_move([])
    (Action.parse('go', seat=0), None)
    """
    return legal[0] if len(legal) == 1 else None
