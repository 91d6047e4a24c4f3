"""A fixed discrete action space for each game: every engine :class:`~pegboard.engine.Action` as one integer.

The numbering names cards, never hand positions, so an id means the same move whatever order a hand
is in. Cribbage games: ``0-51`` play the card with that code, ``52`` go, then the discards (one id
per card, or one per pair of cards in code order when two are thrown), then, with muggins only, the
counts ``0-29``, the claims ``1-29`` and pass. Snailspace: ``0-51`` play that card. Solitaire:
``0-15`` place the card turned on cell a1, b1, ... d4 (row-major), ``16`` discard it.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=1)
>>> codec = ActionCodec.for_rules(game.rules)
>>> codec.size
1379
>>> first = game.legal_actions(0)[0]
>>> codec.encode(first), codec.decode(codec.encode(first), seat=0) == first
(392, True)
>>> codec.label(52), codec.label(53)
('go', 'discard AC AD')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from pegboard.cards import Card
from pegboard.engine.actions import Action
from pegboard.engine.cribbage import MOST_IN_A_SHOW
from pegboard.errors import PegboardError
from pegboard.kinds import kind_named
from pegboard.rules import Rules

__all__ = ["ActionCodec", "InvalidActionIdError", "ACTIONS"]

ACTIONS = "actions"
"""The role under which a kind registers its codec maker, ``Rules -> ActionCodec``
(:meth:`~pegboard.kinds.GameKind.renderer`)."""

_PAIRS = tuple(combinations(range(52), 2))
_PAIR_ID = {pair: index for index, pair in enumerate(_PAIRS)}
_CELLS = tuple(f"{col}{row}" for row in "1234" for col in "abcd")


class InvalidActionIdError(PegboardError):
    """An action id outside the action space, or not legal now."""


@dataclass(frozen=True)
class ActionCodec:
    """The action space of one game's rules: ids ``0`` to ``size - 1``, each one engine action."""

    family: str
    size: int
    discard_base: int = 0
    discard_count: int = 0
    count_base: int = -1
    _labels: tuple[str, ...] = field(default=(), repr=False, compare=False)
    cells: bool = False  # the ids are cells of the grid (and a discard) for the card turned, not cards

    @staticmethod
    @cache
    def for_rules(rules: Rules) -> ActionCodec:
        """The codec of ``rules`` (cached: one per distinct rules object), made by its kind's codec maker."""
        codec: ActionCodec = rules.kind.renderer(ACTIONS)(rules)
        return codec

    @staticmethod
    def cells_of_grid(rules: Rules) -> ActionCodec:
        """Solitaire's: place the card turned on one of the 16 cells, or discard it."""
        return ActionCodec(rules.family, 17, _labels=tuple(f"place {cell}" for cell in _CELLS) + ("discard",),
                           cells=True)

    @staticmethod
    def plays(rules: Rules) -> ActionCodec:
        """A game whose only move is to play a card of the hand: ``0-51`` play the card of that code.

        >>> ActionCodec.plays(Rules.preset("snailspace")).label(51)
        'play KS'
        """
        return ActionCodec(rules.family, 52, _labels=tuple(f"play {Card.from_code(c)}" for c in range(52)))

    @staticmethod
    def cribbage(rules: Rules) -> ActionCodec:
        """The cribbage games': plays, go, discards and (muggins) counts and claims."""
        labels = [f"play {Card.from_code(c)}" for c in range(52)] + ["go"]
        if rules.discard_count == 1:
            labels += [f"discard {Card.from_code(c)}" for c in range(52)]
        elif rules.discard_count == 2:
            labels += [f"discard {Card.from_code(a)} {Card.from_code(b)}" for a, b in _PAIRS]
        else:  # pragma: no cover - the rules allow only one or two (a crib of four)
            raise PegboardError(f"discards of {rules.discard_count} cards have no action space")
        count_base = -1
        if rules.muggins:
            count_base = len(labels)
            labels += [f"count {n}" for n in range(MOST_IN_A_SHOW + 1)]
            labels += [f"muggins {n}" for n in range(1, MOST_IN_A_SHOW + 1)] + ["pass"]
        return ActionCodec("cribbage", len(labels), 53, rules.discard_count, count_base, tuple(labels))

    def label(self, action_id: int) -> str:
        """The action an id stands for, as text (the card turned is implied in solitaire)."""
        self._check_range(action_id)
        return self._labels[action_id]

    def _check_range(self, action_id: object) -> None:
        if isinstance(action_id, (bool, np.bool_)) or not isinstance(action_id, (int, np.integer)) \
                or not 0 <= int(action_id) < self.size:
            raise InvalidActionIdError(f"action id {action_id!r}: expected an integer from 0 to {self.size - 1}")

    def check(self, action_id: object) -> int:
        """``action_id`` as an int if it is a whole number in the space (a Python or NumPy integer, or a
        NumPy array of one integer, as some learners pass), else :class:`InvalidActionIdError`: ``2.9``,
        ``"3"`` and ``True`` are not ids.

        >>> codec = ActionCodec.for_rules(Rules.preset("solitaire"))
        >>> codec.check(np.int64(3)), codec.check(np.array(4))
        (3, 4)
        >>> codec.check(2.9)
        Traceback (most recent call last):
        ...
        pegboard.rl.actions.InvalidActionIdError: action id 2.9: expected an integer from 0 to 16
        """
        if isinstance(action_id, np.ndarray) and action_id.shape == () and action_id.dtype.kind in "iu":
            action_id = action_id.item()
        self._check_range(action_id)
        assert isinstance(action_id, (int, np.integer))
        return int(action_id)

    def encode(self, action: Action) -> int:
        """The id of an engine action."""
        verb = action.verb
        if self.cells:
            return 16 if verb == "discard" else _CELLS.index(str(action.target))
        if verb == "play":
            return action.cards[0].code
        if verb == "go":
            return 52
        if verb == "discard":
            if self.discard_count == 1:
                return self.discard_base + action.cards[0].code
            first, second = sorted(card.code for card in action.cards)
            return self.discard_base + _PAIR_ID[first, second]
        if verb == "count":
            return self.count_base + int(action.target or 0)
        if verb == "muggins":
            return self.count_base + MOST_IN_A_SHOW + int(action.target or 0)
        if verb == "pass":
            return self.count_base + 2 * MOST_IN_A_SHOW + 1
        raise InvalidActionIdError(f"action {action}: it has no id in the {self.family} action space")

    def decode(self, action_id: int, seat: int, current: Card | None = None) -> Action:
        """The engine action an id stands for, for ``seat`` (solitaire: ``current`` is the card turned)."""
        self._check_range(action_id)
        index = int(action_id)
        if self.cells:
            if current is None:
                raise InvalidActionIdError(f"action id {index}: no card is turned (the deal is over)")
            return Action(seat, "discard", (current,)) if index == 16 else Action(seat, "place", (current,),
                                                                                     _CELLS[index])
        if index < 52:
            return Action(seat, "play", (Card.from_code(index),))
        if index == 52:
            return Action(seat, "go")
        if self.count_base < 0 or index < self.count_base:
            offset = index - self.discard_base
            codes = (offset,) if self.discard_count == 1 else _PAIRS[offset]
            return Action(seat, "discard", tuple(Card.from_code(code) for code in codes))
        offset = index - self.count_base
        if offset <= MOST_IN_A_SHOW:
            return Action(seat, "count", (), offset)
        if offset <= 2 * MOST_IN_A_SHOW:
            return Action(seat, "muggins", (), offset - MOST_IN_A_SHOW)
        return Action(seat, "pass")

    def mask(self, legal: Iterable[Action]) -> npt.NDArray[np.int8]:
        """The action mask of a list of legal actions: 1 where legal, 0 elsewhere (int8)."""
        mask = np.zeros(self.size, dtype=np.int8)
        ids = [self.encode(action) for action in legal]
        if ids:
            mask[ids] = 1
        return mask


kind_named("cribbage").register_renderer(ACTIONS, ActionCodec.cribbage)
kind_named("snailspace").register_renderer(ACTIONS, ActionCodec.plays)
kind_named("solitaire").register_renderer(ACTIONS, ActionCodec.cells_of_grid)
