"""Cribbage Square Solitaire (rulings 26-27).

The stock turns one card at a time; each goes to an empty cell of the 4x4 grid (``place 5H a1``:
column a-d from the left, row 1-4 from the top) or an empty discard space (``discard 5H``) and
never moves. When the 16th cell is filled the next card is the starter: the 4 rows and 4 columns
are counted as hands with it (heels per hand or once), and the deal is over; ``target`` or more
wins. Record actions carry no player name.

>>> from pegboard.engine import new_game
>>> game = new_game("solitaire", seed=1)
>>> view = game.view(0)
>>> view.current, view.stock_left, len(game.legal_actions())
(Card.parse('KD'), 51, 17)
>>> _ = game.apply_text("place KD b2")
>>> game.view(0).grid[5], game.record_text(game.legal_actions()[-1])
(Card.parse('KD'), 'discard 3D')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.cards import Card
from pegboard.engine.actions import VERBS, Action
from pegboard.engine.base import GameState
from pegboard.engine.deals import Deal
from pegboard.engine.events import Event, Phase, make_event
from pegboard.engine.gridkit import cards_left_out
from pegboard.engine.views import SeatView, view_to_json
from pegboard.rules import Rules
from pegboard.scoring.square import LINE_NAMES, score_square

__all__ = ["SolitaireState", "SolitaireView", "CELL_NAMES", "cell_index"]

CELLS = 16
CELL_NAMES = tuple(f"{col}{row}" for row in "1234" for col in "abcd")
"""Cell names in row-major order (the order of :func:`pegboard.scoring.square.line_cells`)."""
_CELL_INDEX = {name: index for index, name in enumerate(CELL_NAMES)}


def cell_index(name: str) -> int | None:
    """The row-major index of a cell name (column a-d, row 1-4), None if it names no cell.

    >>> cell_index("a1"), cell_index("D4"), cell_index("e5")
    (0, 15, None)
    """
    return _CELL_INDEX.get(name.strip().lower())


@dataclass(frozen=True)
class SolitaireView:
    """What the player sees: the grid (16 cells, row-major), the discards, the card turned and how
    many cards are left in the stock; never the order of the stock."""

    game: str
    players: tuple[str, ...]
    seat: int | None
    scores: tuple[int, ...]
    previous_scores: tuple[int, ...]
    target: int
    phase: Phase
    to_act: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    grid: tuple[Card | None, ...]
    discards: tuple[Card, ...]
    discard_spaces: int
    current: Card | None
    stock_left: int
    starter: Card | None
    score: int
    finished: bool
    winner: str | None
    events: Sequence[Event]

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act

    def to_json(self) -> dict[str, Any]:
        return view_to_json(self)


def solitaire_view(view: SeatView) -> SolitaireView:
    """``view`` as a solitaire view (a :class:`TypeError` if it is another game's)."""
    if not isinstance(view, SolitaireView):
        raise TypeError(f"a view of {view.game}, not of solitaire")
    return view


class SolitaireState(GameState):
    """A deal of Cribbage Square Solitaire. Build it with :func:`pegboard.engine.new_game`.

    ``first_dealer`` is accepted for the common constructor and ignored.
    """

    family = "solitaire"
    default_players = ("Solo",)

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str] | None = None,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
        dealt: Sequence[Deal | None] = (),
    ) -> None:
        super().__init__(rules, players, rng=rng, seed=seed, dealt=dealt)
        self._view_cache: dict[int | None, tuple[int, SolitaireView]] = {}
        deal = self._source.deal(0, rules)
        self._start_deal_log(deal)
        self._stock = deal.stock
        self._rest = deal.rest or cards_left_out(deal.stock)  # cards not in an explicit stock
        self._grid: list[Card | None] = [None] * CELLS
        self._discards: list[Card] = []
        self._turned = 0  # index in the stock of the card now turned
        self._starter: Card | None = None
        self._log(make_event("deal", 0, phase="deal"))
        self._turn_card()

    # ------------------------------------------------------------------ state
    @property
    def phase(self) -> Phase:
        """``place`` while cards are turned, ``over`` once the starter is turned (ruling 27)."""
        return "over" if self._over else "place"

    @property
    def current(self) -> Card | None:
        """The card now turned, which must be placed or discarded; None at the end."""
        return None if self._over else self._stock[self._turned]

    @property
    def starter(self) -> Card | None:
        return self._starter

    @property
    def stock_left(self) -> int:
        """Cards still face down in the stock."""
        return len(self._stock) - self._turned - 1

    @property
    def grid(self) -> tuple[Card | None, ...]:
        """The 16 cells, row-major (a1 b1 c1 d1 a2 ...)."""
        return tuple(self._grid)

    def _empty_cells(self) -> int:
        return self._grid.count(None)

    def _can_discard(self) -> bool:
        """A discard space is free, and the stock still holds a card for each empty cell and the
        starter (only a short explicit stock can run out)."""
        return len(self._discards) < self.rules.discard_spaces and self.stock_left > self._empty_cells()

    # ------------------------------------------------------------------ the API
    def to_act(self) -> tuple[int, ...]:
        return () if self._over else (0,)

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self._over or seat != 0:
            return ()
        card = self._stock[self._turned]
        actions = [Action(0, "place", (card,), CELL_NAMES[cell]) for cell in range(CELLS) if self._grid[cell] is None]
        if self._can_discard():
            actions.append(Action(0, "discard", (card,)))
        return tuple(actions)

    def _why_illegal(self, action: Action) -> str:
        if action.verb not in ("place", "discard"):
            return "solitaire takes 'place C a1' or 'discard C' (ruling 26)"
        current = self._stock[self._turned]
        if len(action.cards) != 1:
            return f"name one card, the card turned ({current})"
        card = action.cards[0]
        if card != current:
            return f"{card} is not the card turned: the card turned is {current}"
        if action.verb == "discard":
            if action.target is not None:
                return "a discard names no cell"
            spaces = self.rules.discard_spaces
            if spaces == 0:
                return "this game has no discard spaces (option discards=0)"
            if len(self._discards) >= spaces:
                return f"the {spaces} discard spaces are full (ruling 26)"
            return (f"the stock has {self.stock_left} cards left: discarding would leave too few for the "
                    f"{self._empty_cells()} empty cells and the starter")
        cell = cell_index(str(action.target)) if action.target is not None else None
        if cell is None:
            return f"bad cell name {action.target!r}: expected a column a-d and a row 1-4, e.g. 'a1'"
        return f"cell {CELL_NAMES[cell]} is taken by {self._grid[cell]}: a placed card never moves (ruling 26)"

    def _apply(self, action: Action) -> None:
        card = action.cards[0]
        if action.verb == "place":
            cell = _CELL_INDEX[str(action.target)]
            self._grid[cell] = card
            self._log(make_event("place", 0, 0, (card,), phase="place", where=CELL_NAMES[cell]))
        else:
            self._discards.append(card)
            self._log(make_event("discard", 0, 0, (card,), phase="place", where=f"discard {len(self._discards)}"))
        self._turned += 1
        if self._empty_cells():
            self._turn_card()
        else:
            self._count()

    def _turn_card(self) -> None:
        self._log(make_event("dealt", 0, 0, (self._stock[self._turned],), kind="turned", phase="place"))

    def _count(self) -> None:
        """Ruling 27: the next card is the starter; the eight hands are counted; the deal is over."""
        starter = self._starter = self._stock[self._turned]
        self._log(make_event("starter", 0, 0, (starter,), phase="starter"))
        grid: list[Card] = self._grid  # type: ignore[assignment]
        result = score_square(grid, starter, heels=self.rules.heels)
        before = self._scores[0]
        for name, hand in zip(LINE_NAMES, result.hands):
            self._credit(0, hand.items, "show", where=name)
        self._credit(0, result.heels.items, "show", where="starter")
        if self._scores[0] != before:
            self._previous[0] = before
        target = self.rules.target or 0
        self._finish(0 if self._scores[0] >= target else None)

    def _finish(self, side: int | None) -> None:
        """The deal is over: won (side 0) at or over the target, else lost; never a draw."""
        self._over = True
        self._winner = side
        self._legal.clear()
        self._log(make_event("end", 0, kind=self.players[0] if side == 0 else "lost", phase="end"))

    # ------------------------------------------------------------------ records: no player name
    def parse_action(self, text: str) -> Action:
        """Parse record text ``"place 5H a1"`` or ``"discard 5H"`` (a leading player name is allowed)."""
        name, _, rest = text.strip().partition(" ")
        if name == self.players[0] and name.lower() not in VERBS:
            text = rest
        return Action.parse(text, 0)

    def record_text(self, action: Action) -> str:
        return action.text()

    def describe(self, action: Action) -> str:
        return action.text()

    # ------------------------------------------------------------------ cards
    def _unturned(self) -> tuple[Card, ...]:
        return self._stock[self._turned + 1:]

    def hidden_cards(self, seat: int | None) -> frozenset[Card]:
        return frozenset((*self._unturned(), *self._rest))

    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        turned = self._stock[self._turned]
        return {
            "grid": tuple(card for card in self._grid if card is not None),
            "discards": tuple(self._discards),
            "starter" if self._over else "turned": (turned,),
            "stock": self._unturned(),
            "out of play": self._rest,
        }

    def view(self, seat: int | None) -> SolitaireView:
        """What the player (or a spectator, ``None``) sees. Made once per change of the game: asking
        again before the next action returns the same view."""
        cached = self._view_cache.get(seat)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        view = SolitaireView(
            game=self.rules.name,
            players=self.players,
            seat=seat,
            scores=tuple(self._scores),
            previous_scores=tuple(self._previous),
            target=self.rules.target or 0,
            phase=self.phase,
            to_act=self.to_act(),
            legal_actions=self.legal_actions(seat) if seat is not None else (),
            grid=tuple(self._grid),
            discards=tuple(self._discards),
            discard_spaces=self.rules.discard_spaces,
            current=self.current,
            stock_left=self.stock_left,
            starter=self._starter,
            score=self._scores[0],
            finished=self._over,
            winner=self.winner,
            events=self.events_for(seat),
        )
        self._view_cache[seat] = (self._version, view)
        return view
