"""A puzzle as plain data: the position, the answer, every option's value, why, a theme and a rating.

>>> p = Puzzle("ab12", "play", "cribbage", "dealer you hand 5H", "play 5H",
...            (("play 5H", 1.5), ("play 9C", 0.2)), "take the points", 1500.0, 1.3, "why")
>>> Puzzle.from_json(p.to_json()) == p
True
>>> p.matches("5h"), p.matches("play 5D"), p.matches("9C")
(True, True, False)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from pegboard.cards import Card
from pegboard.errors import CardError, PuzzleError

__all__ = ["Puzzle", "KINDS", "puzzle_id", "normalise_choice"]

KINDS = ("discard", "play", "count", "cell", "place")
"""The kinds of puzzle: a discard, a play, a count or muggins claim, a Snailspace cell, a solitaire placement."""


def puzzle_id(position: str) -> str:
    """A stable id of a position: the first 12 hex digits of its SHA-256.

    >>> puzzle_id("dealer you hand 5H 5C 6D 7S JH KD")
    '8a0e77711375'
    """
    return hashlib.sha256(position.encode()).hexdigest()[:12]


def _cards(words: list[str], text: str, expected: str) -> list[Card]:
    try:
        return [Card.parse(word) for word in words]
    except CardError as error:
        raise PuzzleError(f"answer {text!r}: {error}; expected {expected}") from None


def normalise_choice(text: str, options: list[str]) -> str:
    """The option ``text`` names: the option's own words, cards in any order and case, the verb may be
    left out (``5h`` for ``play 5H``, ``9 QS`` for ``discard 9C QS`` is refused: cards are whole cards).
    A play of another card of the same rank is that option (cards of one rank play alike).
    Raises :class:`PuzzleError` naming the input and what was expected.

    >>> normalise_choice("qs 9c", ["discard 9C QS", "discard 5H 5C"])
    'discard 9C QS'
    >>> normalise_choice("12", ["count 11", "count 12"])
    'count 12'
    >>> normalise_choice("XX", ["play 5H"])
    Traceback (most recent call last):
    ...
    pegboard.errors.PuzzleError: answer 'XX': invalid card 'XX': expected a rank (A, 2-10, T, J, Q, K) \
followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠); expected one of: play 5H
    """
    words = text.replace(",", " ").split()
    ordered = sorted(options)  # never best first: the message must not give the answer away
    listing = ", ".join(ordered[:12]) + (", ..." if len(ordered) > 12 else "")
    if not words:
        raise PuzzleError(f"answer {text!r}: empty; expected one of: {listing}")
    for option in options:
        if option.lower() == " ".join(words).lower():
            return option
    verbs = {option.split()[0] for option in options}
    verb = words[0].lower() if words[0].lower() in verbs else None
    given = words[1:] if verb else words
    rest = [word.lower() for word in given]
    for option in options:  # the options without cards: count 12, muggins 3, pass
        parts = option.lower().split()
        if (verb is None or parts[0] == verb) and parts[1:] == rest and \
                not any(_looks_like_card(word) for word in parts[1:]):
            return option
    if not rest or not any(_looks_like_card(option.split()[-1]) for option in options):
        raise PuzzleError(f"answer {text!r}: not among this puzzle's choices; expected one of: {listing}")
    if any(not _looks_like_card(word) and (word.isdigit() or len(word) > 3) for word in given if not _is_cell(word)):
        raise PuzzleError(f"answer {text!r}: not among this puzzle's choices; expected one of: {listing}")
    cells = [word for word in rest if _is_cell(word)]
    chosen = set(_cards([word for word in given if not _is_cell(word)], text, f"one of: {listing}"))
    for option in options:
        parts = option.split()
        if verb is not None and parts[0] != verb:
            continue
        cards = {Card.parse(word) for word in parts[1:] if not _is_cell(word)}
        where = [word.lower() for word in parts[1:] if _is_cell(word)]
        if cards == chosen and (not cells or cells == where):
            return option
    if len(chosen) == 1:
        card = next(iter(chosen))
        for option in options:
            parts = option.split()
            if parts[0] == "play" and len(parts) == 2 and Card.parse(parts[1]).rank == card.rank:
                return option
    raise PuzzleError(f"answer {text!r}: not among this puzzle's choices; expected one of: {listing}")


def _is_cell(word: str) -> bool:
    return len(word) == 2 and word[0].lower() in "abcd" and word[1] in "1234"


def _looks_like_card(word: str) -> bool:
    try:
        Card.parse(word)
    except CardError:
        return False
    return True


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (its JSON in docs/train.md). ``options``: every distinct choice and its value, best
    first (expected points; the chance to win, 0-1, when ``measure`` is ``"win"``); ``margin``: the
    best's lead over the next; ``choice``/``loss``: what the player chose and lost, for one mined from
    a mistake."""

    id: str
    kind: str
    game: str
    position: str
    answer: str
    options: tuple[tuple[str, float], ...]
    theme: str
    rating: float
    margin: float
    why: str
    measure: str = "points"
    player: str | None = None
    seat: int | None = None
    choice: str | None = None
    loss: float | None = None
    index: int | None = None
    deal: int | None = None
    solve_share: float | None = None
    reasons: dict[str, str] = field(default_factory=dict, compare=False)

    def value(self, choice: str) -> float:
        """The value of option ``choice`` (one of :attr:`choices`)."""
        return dict(self.options)[choice]

    @property
    def choices(self) -> list[str]:
        return [choice for choice, _ in self.options]

    def resolve(self, text: str) -> str:
        """The option ``text`` names (:func:`normalise_choice`)."""
        return normalise_choice(text, self.choices)

    def matches(self, text: str) -> bool:
        """Whether ``text`` is the answer (a card of the same rank for a play); :class:`PuzzleError` for
        a choice that is not among the options."""
        return self.resolve(text) == self.answer

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id, "kind": self.kind, "game": self.game, "position": self.position, "answer": self.answer,
            "options": [{"choice": choice, "value": round(value, 4)} for choice, value in self.options],
            "theme": self.theme, "rating": round(self.rating), "margin": round(self.margin, 4), "why": self.why,
            "measure": self.measure,
        }
        for name in ("player", "seat", "choice", "loss", "index", "deal", "solve_share"):
            value = getattr(self, name)
            if value is not None:
                data[name] = round(value, 4) if isinstance(value, float) else value
        if self.reasons:
            data["reasons"] = dict(self.reasons)
        return data

    @staticmethod
    def from_json(data: Any) -> Puzzle:
        """A puzzle from :meth:`to_json`'s object; :class:`PuzzleError` for anything else."""
        try:
            if not data["options"] or data["answer"] not in [option["choice"] for option in data["options"]]:
                raise ValueError("the answer must be one of the options")
            return Puzzle(str(data["id"]), str(data["kind"]), str(data["game"]), str(data["position"]),
                          str(data["answer"]),
                          tuple((str(option["choice"]), float(option["value"])) for option in data["options"]),
                          str(data["theme"]), float(data["rating"]), float(data["margin"]), str(data["why"]),
                          str(data.get("measure", "points")), data.get("player"), data.get("seat"),
                          data.get("choice"), data.get("loss"), data.get("index"), data.get("deal"),
                          data.get("solve_share"), dict(data.get("reasons", {})))
        except (KeyError, TypeError, ValueError) as error:
            raise PuzzleError(f"puzzle: expected an object with id, kind, game, position, answer, options, "
                              f"theme, rating, margin and why ({error})") from None
