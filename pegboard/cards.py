"""Playing cards: an immutable :class:`Card` with a text round-trip and a compact integer code.

Rulings 1-2: ranks A (low, 1) to K (13); pips A=1, 2-10 face value, J Q K = 10. Card text is rank
then suit, case-insensitive, ``10`` or ``T`` for ten, suit letters C D H S or the symbols ♣ ♦ ♥ ♠.
Output is canonical: ``5H``, ``TS``.

The integer :attr:`Card.code` is ``(rank - 1) * 4 + suit`` (0..51), so ``code >> 2`` is the rank
index and ``code & 3`` the suit; the fast scorers work on codes.

>>> Card.parse("10h")
Card.parse('TH')
>>> str(Card.parse("j♠")), Card.parse("AC").code, Card.parse("KS").code
('JS', 0, 51)
>>> parse_cards("5H 5C 5D JS")
(Card.parse('5H'), Card.parse('5C'), Card.parse('5D'), Card.parse('JS'))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from pegboard.errors import CardError, DuplicateCardError

__all__ = [
    "Card",
    "RANK_CHARS",
    "SUIT_CHARS",
    "SUIT_SYMBOLS",
    "RANK_NAMES",
    "CARD_IN_TEXT",
    "full_deck",
    "parse_cards",
    "format_cards",
]

RANK_CHARS: Final = "A23456789TJQK"
"""Canonical one-character rank names, index = rank - 1."""
SUIT_CHARS: Final = "CDHS"
"""Canonical suit letters, index = suit code (clubs 0, diamonds 1, hearts 2, spades 3)."""
SUIT_SYMBOLS: Final = "♣♦♥♠"
"""Suit symbols in suit-code order."""
CARD_IN_TEXT: Final = r"(?<![A-Za-z0-9])(?:10|[A2-9TJQK])[CDHS♣♦♥♠](?![A-Za-z0-9])"
"""A regular expression for a card written inside a sentence ("JC would make 35"): compile it with
the flags the use needs (case-blind to catch every spelling, case-true to avoid words like "as")."""
RANK_NAMES: Final = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)  # fmt: skip

_SUIT_INPUT: Final = {
    "C": 0, "D": 1, "H": 2, "S": 3,
    "♣": 0, "♦": 1, "♥": 2, "♠": 3,
    "♧": 0, "♢": 1, "♡": 2, "♤": 3,
}  # fmt: skip
_RANK_INPUT: Final = {ch: i + 1 for i, ch in enumerate(RANK_CHARS)} | {"10": 10, "1": 1}
_EXPECTED: Final = "expected a rank (A, 2-10, T, J, Q, K) followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠)"


def _clipped(value: object) -> str:
    """A bad token for a message: its repr, cut short (a record may hold a "card" of a megabyte)."""
    shown = repr(value)
    return shown if len(shown) <= 24 else shown[:20] + "..."


class Card:
    """One playing card; immutable, hashable, ordered by rank then suit.

    There is exactly one object per card, so ``is`` and ``==`` agree.

    >>> card = Card(11, "D")
    >>> card, card.rank, card.suit, card.pips, card.code
    (Card.parse('JD'), 11, 1, 10, 41)
    >>> Card.from_code(41) is card
    True
    """

    __slots__ = ("code",)
    code: int
    _cache: dict[int, Card] = {}

    def __new__(cls, rank: int, suit: int | str) -> Card:
        if isinstance(suit, str):
            suit_code = _SUIT_INPUT.get(suit.upper())
            if suit_code is None:
                raise CardError(f"invalid suit {suit!r}: expected one of C, D, H, S or ♣ ♦ ♥ ♠")
        else:
            suit_code = suit
        if not (isinstance(rank, int) and 1 <= rank <= 13):
            raise CardError(f"invalid rank {rank!r}: expected an integer from 1 (ace) to 13 (king)")
        if not (isinstance(suit_code, int) and 0 <= suit_code <= 3):
            raise CardError(f"invalid suit {suit!r}: expected 0-3 or one of C, D, H, S")
        return cls.from_code((rank - 1) * 4 + suit_code)

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with integer code ``code`` (0..51)."""
        if isinstance(code, int) and 0 <= code < 52:
            return _BY_CODE[code]
        raise CardError(f"invalid card code {code!r}: expected an integer from 0 to 51")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse card text such as ``5h``, ``10S``, ``ts``, ``J♦`` (ruling 2).

        >>> Card.parse(" qc ")
        Card.parse('QC')
        """
        if not isinstance(text, str):
            raise CardError(f"invalid card {_clipped(text)}: {_EXPECTED}")
        token = text.strip().upper()
        rank = _RANK_INPUT.get(token[:-1]) if len(token) >= 2 else None
        suit = _SUIT_INPUT.get(token[-1:]) if token else None
        if rank is None or suit is None:
            raise CardError(f"invalid card {_clipped(text)}: {_EXPECTED}")
        return _BY_CODE[(rank - 1) * 4 + suit]

    @property
    def rank(self) -> int:
        """Rank 1 (ace) .. 13 (king)."""
        return (self.code >> 2) + 1

    @property
    def suit(self) -> int:
        """Suit code: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self.code & 3

    @property
    def pips(self) -> int:
        """Value for fifteens and the count: A=1, 2-10 face value, J Q K = 10 (ruling 1)."""
        return _PIPS[self.code]

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.code >> 2]

    @property
    def suit_char(self) -> str:
        return SUIT_CHARS[self.code & 3]

    @property
    def symbol(self) -> str:
        """Display form with a suit symbol and ``10`` for ten, e.g. ``10♥``."""
        rank = "10" if self.rank == 10 else self.rank_char
        return rank + SUIT_SYMBOLS[self.code & 3]

    def __str__(self) -> str:
        return RANK_CHARS[self.code >> 2] + SUIT_CHARS[self.code & 3]

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    # Equality is object identity (inherited, at C speed): there is exactly one object per card.

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        return self.code >= other.code

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_code, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _make(code: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "code", code)
    return card


_BY_CODE: Final[tuple[Card, ...]] = tuple(_make(code) for code in range(52))
_PIPS: Final = tuple(min((code >> 2) + 1, 10) for code in range(52))


def full_deck() -> tuple[Card, ...]:
    """All 52 cards in code order (AC AD AH AS 2C ... KS).

    >>> len(full_deck()), str(full_deck()[0]), str(full_deck()[-1])
    (52, 'AC', 'KS')
    """
    return _BY_CODE


def _tokens(cards: str | Iterable[str | Card]) -> Iterator[str | Card]:
    if isinstance(cards, str):
        yield from cards.replace(",", " ").split()
    else:
        yield from cards


def parse_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse several distinct cards from a string (spaces or commas) or an iterable of tokens.

    >>> [str(card) for card in parse_cards("ah, 10♠ kd")]
    ['AH', 'TS', 'KD']
    >>> parse_cards("5H 5h")
    Traceback (most recent call last):
    ...
    pegboard.errors.DuplicateCardError: duplicate card '5h': 5H is already given
    """
    result: list[Card] = []
    seen: set[Card] = set()
    for token in _tokens(cards):
        card = token if isinstance(token, Card) else Card.parse(token)
        if card in seen:
            raise DuplicateCardError(f"duplicate card {str(token)!r}: {card} is already given")
        seen.add(card)
        result.append(card)
    return tuple(result)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in canonical text separated by spaces.

    >>> format_cards(parse_cards("10h js"))
    'TH JS'
    """
    return " ".join(str(card) for card in cards)
