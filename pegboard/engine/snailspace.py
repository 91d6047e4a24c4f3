"""Snailspace: David Parlett's two-player Cribbage Square (rulings 21-25).

25 dead cards nobody sees, the starter face up at the centre (2,2) of a 5x5 grid, 13 cards to each
player. Players place alternately, non-dealer first, each card on the next cell of the spiral
(ruling 22), and score what the card makes in its row and, separately, its column (ruling 23).
With ``count_at_end`` nothing scores while placing; at the end the non-dealer scores the five rows
and the dealer the five columns (ruling 25). A game is 2 or 4 deals; totals decide (ruling 24).

Cells are ``(row, col)`` from the top left, 0 to 4, as in ruling 22; score events say where the
points were made (``"row 2"``, ``"column 3"``).

>>> from pegboard.engine import new_game
>>> game = new_game("snailspace", ["Ann", "Bob"], seed=4, first_dealer=1)
>>> game.to_act(), len(game.legal_actions(0)), game.view(0).next_cell
((0,), 13, (2, 3))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.cards import Card
from pegboard.engine.actions import Action
from pegboard.engine.base import GameState
from pegboard.engine.deals import Deal
from pegboard.engine.events import Event, Phase, make_event
from pegboard.engine.gridkit import cards_left_out
from pegboard.engine.views import SeatView, view_to_json
from pegboard.rules import Rules
from pegboard.scoring.lines import score_line_at_end, score_placement

__all__ = ["SnailspaceState", "SnailspaceView", "SPIRAL", "CENTRE", "SIZE"]

SIZE = 5
CENTRE = (2, 2)
SPIRAL: tuple[tuple[int, int], ...] = (
    (2, 3), (3, 3), (3, 2), (3, 1), (2, 1), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4), (4, 4),
    (4, 3), (4, 2), (4, 1), (4, 0), (3, 0), (2, 0), (1, 0), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4),
)  # fmt: skip
"""Ruling 22: the cells in placement order, non-dealer first, alternating."""


def cell_name(row: int, col: int) -> str:
    """A cell as the events name it.

    >>> cell_name(*CENTRE)
    '(2,2)'
    """
    return f"({row},{col})"


@dataclass(frozen=True)
class SnailspaceView:
    """What one seat of a Snailspace game may see: never the dead cards or the opponent's hand.

    ``grid`` is the 25 cells row-major (None: empty); ``next_cell`` the cell the next card goes to.
    """

    game: str
    players: tuple[str, ...]
    seat: int | None
    scores: tuple[int, ...]
    previous_scores: tuple[int, ...]
    deal: int
    deals: int
    dealer: int
    phase: Phase
    to_act: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    grid: tuple[Card | None, ...]
    starter: Card
    next_cell: tuple[int, int] | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    count_at_end: bool
    finished: bool
    winner: str | None
    events: Sequence[Event]

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act

    def to_json(self) -> dict[str, Any]:
        return view_to_json(self)


def snailspace_view(view: SeatView) -> SnailspaceView:
    """``view`` as a Snailspace view (a :class:`TypeError` if it is another game's)."""
    if not isinstance(view, SnailspaceView):
        raise TypeError(f"a view of {view.game}, not of Snailspace")
    return view


class SnailspaceState(GameState):
    """A game of Snailspace. Build it with :func:`pegboard.engine.new_game`."""

    family = "snailspace"
    default_players = ("North", "South")

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
        self._view_cache: dict[int | None, tuple[int, SnailspaceView]] = {}
        self._settle_first_dealer(first_dealer)
        self._start_deal()

    # ------------------------------------------------------------------ the deal
    def _start_deal(self) -> None:
        """Ruling 21: dead cards, the starter at the centre, 13 cards each; the deal alternates."""
        index = len(self._deal_logs)
        deal = self._source.deal(index, self.rules)
        self._start_deal_log(deal)
        self.dealer = self.first_dealer if index == 0 else 1 - self.dealer
        self._hands: list[list[Card]] = [list(hand) for hand in deal.hands]
        self._starter: Card = deal.starter  # type: ignore[assignment]
        self._rest = deal.rest or cards_left_out(deal.cards())  # the 25 dead cards
        self._grid: list[Card | None] = [None] * (SIZE * SIZE)
        self._grid[CENTRE[0] * SIZE + CENTRE[1]] = self._starter
        self._step = 0
        self._log(make_event("deal", index, self.dealer, phase="deal"))
        for seat, hand in enumerate(deal.hands):
            self._log(make_event("dealt", index, seat, tuple(hand), phase="deal", private_to=seat))
        # ruling 24: a jack starter scores nothing
        self._log(make_event("starter", index, self.dealer, (self._starter,), phase="deal", where=cell_name(*CENTRE)))

    @property
    def pone(self) -> int:
        """The non-dealer, who places first (ruling 22)."""
        return 1 - self.dealer

    @property
    def phase(self) -> Phase:
        """``place`` while cards are being placed, ``over`` at the end."""
        return "over" if self._over else "place"

    @property
    def starter(self) -> Card:
        return self._starter

    @property
    def next_cell(self) -> tuple[int, int] | None:
        """The cell the next card goes to (ruling 22), None when the game is over."""
        return None if self._over else SPIRAL[self._step]

    @property
    def grid(self) -> tuple[Card | None, ...]:
        """The 25 cells, row-major."""
        return tuple(self._grid)

    # ------------------------------------------------------------------ whose turn, what is legal
    def _turn(self) -> int:
        return self.pone if self._step % 2 == 0 else self.dealer

    def to_act(self) -> tuple[int, ...]:
        return () if self._over else (self._turn(),)

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self._over or seat != self._turn():
            return ()
        return tuple(Action(seat, "play", (card,)) for card in self._hands[seat])

    def _why_illegal(self, action: Action) -> str:
        name = self.players[action.seat]
        turn = self._turn()
        if action.seat != turn:
            return f"it is {self.players[turn]}'s turn, not {name}'s (ruling 22)"
        if action.verb != "play":
            return f"in snailspace {name} must play a card: 'play C' (the next cell of the spiral)"
        if len(action.cards) != 1:
            return "play exactly one card"
        if action.target is not None:
            return "a card goes to the next cell of the spiral: name no cell (ruling 22)"
        card = action.cards[0]
        if card in self._grid:
            return f"{card} is already on the grid"
        return f"{name} does not hold {card}"

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action: Action) -> None:
        seat, card = action.seat, action.cards[0]
        row, col = SPIRAL[self._step]
        self._hands[seat].remove(card)
        self._grid[row * SIZE + col] = card
        self._step += 1
        self._log(make_event("place", self.deal_number, seat, (card,), phase="place", where=cell_name(row, col)))
        if not self.rules.count_at_end:
            self._score_placement(seat, row, col)
        if self._step == len(SPIRAL):
            self._end_deal()

    def _line(self, row: int | None = None, col: int | None = None) -> list[Card | None]:
        if row is not None:
            return self._grid[row * SIZE:(row + 1) * SIZE]
        return self._grid[col::SIZE]

    def _score_placement(self, seat: int, row: int, col: int) -> None:
        """Ruling 23: what the card makes in its row, then in its column; one scoring unit."""
        fifteens = self.rules.fifteens
        before = self._scores[seat]
        row_score = score_placement(self._line(row=row), col, with_fifteens=fifteens)
        self._credit(seat, row_score.items, "place", where=f"row {row}")
        col_score = score_placement(self._line(col=col), row, with_fifteens=fifteens)
        self._credit(seat, col_score.items, "place", where=f"column {col}")
        if self._scores[seat] != before:
            self._previous[seat] = before

    def _end_deal(self) -> None:
        if self.rules.count_at_end:  # ruling 25: the non-dealer's rows, then the dealer's columns
            fifteens = self.rules.fifteens
            for row in range(SIZE):
                line: list[Card] = self._line(row=row)  # type: ignore[assignment]
                self._credit(self.pone, score_line_at_end(line, with_fifteens=fifteens).items, "show",
                             where=f"row {row}")
            for col in range(SIZE):
                line = self._line(col=col)  # type: ignore[assignment]
                self._credit(self.dealer, score_line_at_end(line, with_fifteens=fifteens).items, "show",
                             where=f"column {col}")
        if self.deal_number + 1 < self.rules.deals:
            self._start_deal()
            return
        first, second = self._scores  # ruling 24: totals decide; equal totals are a draw
        self._finish(None if first == second else 0 if first > second else 1)

    # ------------------------------------------------------------------ cards
    def hidden_cards(self, seat: int | None) -> frozenset[Card]:
        hidden = set(self._rest)
        for other in (0, 1):
            if other != seat:
                hidden.update(self._hands[other])
        return frozenset(hidden)

    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        places = {f"hand {self.players[seat]}": tuple(hand) for seat, hand in enumerate(self._hands)}
        places["grid"] = tuple(card for card in self._grid if card is not None)
        places["dead"] = self._rest
        return places

    def view(self, seat: int | None) -> SnailspaceView:
        """What ``seat`` may see (None: a spectator). Made once per change of the game: asking again
        before the next action returns the same view."""
        cached = self._view_cache.get(seat)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        view = SnailspaceView(
            game=self.rules.name,
            players=self.players,
            seat=seat,
            scores=tuple(self._scores),
            previous_scores=tuple(self._previous),
            deal=self.deal_number,
            deals=self.rules.deals,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act(),
            legal_actions=self.legal_actions(seat) if seat is not None else (),
            grid=tuple(self._grid),
            starter=self._starter,
            next_cell=self.next_cell,
            hand=tuple(self._hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            count_at_end=self.rules.count_at_end,
            finished=self._over,
            winner=self.winner,
            events=self.events_for(seat),
        )
        self._view_cache[seat] = (self._version, view)
        return view
