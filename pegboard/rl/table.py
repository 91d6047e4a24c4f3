"""The game driver every environment shares: one engine game, turns in a fixed order, ids, rewards.

Discards are simultaneous in the engine; environments take turns, so the lowest seat still to
discard acts first (a discard is private, so the order tells nobody anything). Rewards:

* ``"win"``: +1 to every seat of the winning side, -1 to the others, when the game ends (a draw,
  possible in Snailspace, gives 0; solitaire: +1 for reaching the target, -1 below it).
* ``"points"``: at the end of each deal (or when the game ends within one), each seat's side's
  points in that deal minus the mean of the other sides' (solitaire: the points scored).

>>> table = Table("five-card", reward="points")
>>> table.reset(seed=3)
>>> seat = table.seat_to_act()
>>> obs = table.observe(seat)
>>> int(obs["action_mask"].sum())    # 10 ways to throw two of five cards
10
>>> rewards = table.step(int(obs["action_mask"].argmax()))
>>> rewards
[0.0, 0.0]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from pegboard.engine import GameState, new_game
from pegboard.engine.snailspace import snailspace_view
from pegboard.engine.solitaire import solitaire_view
from pegboard.engine.views import SeatView, cribbage_view
from pegboard.errors import PegboardError
from pegboard.kinds import kind_named
from pegboard.rl.actions import ActionCodec, InvalidActionIdError
from pegboard.rl.observation import ObservationEncoder
from pegboard.rules import Rules

__all__ = ["Table", "RewardMode", "REWARD_MODES", "render_text", "TEXT"]

TEXT = "text"
"""The role under which a kind registers its lines of text for :func:`render_text`:
``(game, view) -> list[str]`` (:meth:`~pegboard.kinds.GameKind.renderer`)."""

RewardMode = Literal["win", "points"]
REWARD_MODES = ("win", "points")


def _rules(game: str | Rules, options: dict[str, Any]) -> Rules:
    rules = game if isinstance(game, Rules) else Rules.preset(game)
    return rules.with_options(**options) if options else rules


class Table:
    """One game of any preset driven by action ids; ``reset`` deals a new game from a seed."""

    def __init__(self, game: str | Rules = "cribbage", *, reward: RewardMode = "win", **options: Any) -> None:
        if reward not in REWARD_MODES:
            raise PegboardError(f"reward={reward!r}: expected one of {', '.join(REWARD_MODES)}")
        self.rules = _rules(game, options)
        self.reward_mode = reward
        self.codec = ActionCodec.for_rules(self.rules)
        self.encoder = ObservationEncoder.for_rules(self.rules)
        self.players = self.rules.players
        self._game: GameState | None = None
        self._deal = 0
        self._deal_start: tuple[int, ...] = ()

    @property
    def game(self) -> GameState:
        """The engine game (full information: for the environment's bookkeeping, never for observations)."""
        if self._game is None:
            raise PegboardError("no game yet: call reset() first")
        return self._game

    def reset(self, seed: int | None = None) -> None:
        """A new game; the same seed deals the same cards and decides the same first dealer."""
        self._game = new_game(self.rules, seed=seed if seed is not None else random.getrandbits(63))
        self._deal = self._game.deal_number
        self._deal_start = (0,) * self.rules.sides  # five-card's 3 for last, pegged before any move, counts too

    def seat_to_act(self) -> int | None:
        """The seat whose turn it is (the lowest of several discarding), None when the game is over."""
        acting = self.game.to_act()
        return acting[0] if acting else None

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """``{"observation": ..., "action_mask": ...}`` for ``seat``, both from its view alone. The mask is all
        zero when the seat is not the one to act."""
        view = self.game.view(seat)
        acting = self.seat_to_act() == seat
        mask = self.codec.mask(view.legal_actions) if acting else np.zeros(self.codec.size, dtype=np.int8)
        return {"observation": self.encoder.encode(view), "action_mask": mask}

    def legal_ids(self) -> list[int]:
        """The ids the seat to act may choose, ascending."""
        seat = self.seat_to_act()
        if seat is None:
            return []
        return sorted(self.codec.encode(action) for action in self.game.legal_actions(seat))

    def step(self, action_id: int) -> list[float]:
        """Apply the seat to act's action ``action_id``; each seat's reward for it."""
        game = self.game
        seat = self.seat_to_act()
        if seat is None:
            raise InvalidActionIdError(f"action id {action_id!r}: the game is over")
        action_id = self.codec.check(action_id)
        current = getattr(game, "current", None)
        action = self.codec.decode(action_id, seat, current)
        if action not in game.legal_actions(seat):
            legal = self.legal_ids()
            raise InvalidActionIdError(f"action id {action_id} ({self.codec.label(int(action_id))}) is not legal "
                                       f"for seat {seat} now: expected one of {legal}")
        game.apply(action)
        return self._rewards()

    def _rewards(self) -> list[float]:
        game = self.game
        rewards = [0.0] * self.players
        if self.reward_mode == "win":
            if game.finished:
                won = game.winner_side
                if self.rules.solo:
                    rewards[0] = 1.0 if won == 0 else -1.0
                elif won is not None:
                    rewards = [1.0 if game.side_of(seat) == won else -1.0 for seat in range(self.players)]
            return rewards
        if not game.finished and game.deal_number == self._deal:
            return rewards
        scores = game.score_list
        gained = [now - before for now, before in zip(scores, self._deal_start)]
        self._deal = game.deal_number
        self._deal_start = scores
        sides = len(gained)
        for seat in range(self.players):
            side = game.side_of(seat)
            others = [gained[other] for other in range(sides) if other != side]
            rewards[seat] = float(gained[side] - (sum(others) / len(others) if others else 0.0))
        return rewards

    def render(self) -> str:
        """The table in text, as the seat to act sees it (or everyone, once the game is over)."""
        return render_text(self.game)

    def render_as(self, mode: str | None) -> str | None:
        """An environment's ``render()`` in ``mode``: None (nothing), ``ansi`` (the text, returned) or
        ``human`` (printed, None returned)."""
        if mode is None:
            return None
        text = self.render()
        if mode == "human":
            print(text)
            return None
        return text


def render_text(game: GameState) -> str:
    """A few lines of text about a game: the scores, then what the seat to act sees.

    >>> print(render_text(new_game("solitaire", seed=1)).splitlines()[0])
    solitaire: Solo 0
    """
    scores = ", ".join(f"{side} {score}" for side, score in game.scores().items())
    lines = [f"{game.rules.name}: {scores}" + (f" - over, winner {game.winner}" if game.finished else "")]
    acting = game.to_act()
    if not acting:
        return "\n".join(lines)
    seat = acting[0]
    view = game.view(seat)
    name = game.players[seat]
    draw: Callable[[GameState, SeatView], list[str]] = game.rules.kind.renderer(TEXT)
    lines += draw(game, view)
    hand = getattr(view, "hand", ())
    if hand:
        lines.append(f"{name} holds " + " ".join(str(card) for card in sorted(hand)))
    lines.append(f"{name} to act: " + ", ".join(str(action) for action in view.legal_actions))
    return "\n".join(lines)


def _cribbage_text(game: GameState, seat_view: SeatView) -> list[str]:
    view = cribbage_view(seat_view)
    return [f"deal {view.deal + 1}, dealer {game.players[view.dealer]}, phase {view.phase}, "
            f"starter {view.starter or '-'}, count {view.count}",
            "series: " + (" ".join(str(card) for _, card in view.series) or "-")]


def _snailspace_text(game: GameState, seat_view: SeatView) -> list[str]:
    view = snailspace_view(seat_view)
    return [f"deal {view.deal + 1}, next cell {view.next_cell}",
            *(" ".join(str(card) if card else ".." for card in view.grid[row * 5:row * 5 + 5]) for row in range(5))]


def _solitaire_text(game: GameState, seat_view: SeatView) -> list[str]:
    solo = solitaire_view(seat_view)
    return [*(" ".join(str(card) if card else ".." for card in solo.grid[row * 4:row * 4 + 4]) for row in range(4)),
            f"turned {solo.current}, {solo.stock_left} in the stock, discards "
            f"{' '.join(str(card) for card in solo.discards) or '-'}"]


kind_named("cribbage").register_renderer(TEXT, _cribbage_text)
kind_named("snailspace").register_renderer(TEXT, _snailspace_text)
kind_named("solitaire").register_renderer(TEXT, _solitaire_text)
