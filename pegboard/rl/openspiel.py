"""Every pegboard game as a Python OpenSpiel game (needs the ``rl`` extra); importing this module registers them.

``pyspiel.load_game("python_pegboard_five_card")``, and likewise ``python_pegboard_cribbage``,
``_cribbage_3``, ``_cribbage_4``, ``_cribbage_4_solo``, ``_snailspace`` and ``_solitaire``. Parameters:
``reward`` (``"win"``: +1 to the winning side, the losers share -1 per winner seat so returns sum to
0; ``"points"``: each side's final score minus the mean of the others', solitaire its score) and
``target`` (cribbage games and solitaire: the points that win).

Chance is explicit: a first chance node cuts for the first dealer (one outcome per seat), then every
card dealt is a chance node over the cards left (hands seat by seat, a crib card from the pack, the
starter). Solitaire turns each stock card at a chance node when it is needed, so the player never
faces a known future. Observation and information-state tensors and strings are built from the
seat's view only (:mod:`pegboard.rl.observation`; docs/rl.md). The information-state string recalls
every event the seat has seen; its tensor is the observation and the order of this deal's plays.

>>> import pyspiel
>>> import pegboard.rl.openspiel
>>> game = pyspiel.load_game("python_pegboard_five_card")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())   # the cut for the first dealer
(True, 2)
>>> game.num_distinct_actions(), game.observation_tensor_size()
(1379, 574)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from pegboard.cards import Card, full_deck
from pegboard.engine import Deal, GameState, new_game
from pegboard.engine.actions import Action
from pegboard.engine.snailspace import snailspace_view
from pegboard.engine.solitaire import solitaire_view
from pegboard.engine.views import SeatView, cribbage_view
from pegboard.errors import IllegalActionError, PegboardError
from pegboard.kinds import kind_named
from pegboard.rl.actions import ActionCodec
from pegboard.rl.observation import ObservationEncoder
from pegboard.rules import Rules

__all__ = ["GAME_NAMES", "PegboardGame", "PegboardState", "register", "resample_from_infostate", "resampler"]

PRESETS = ("cribbage", "cribbage-3", "cribbage-4", "cribbage-4-solo", "five-card", "snailspace", "solitaire")
GAME_NAMES = {preset: "python_pegboard_" + preset.replace("-", "_") for preset in PRESETS}
"""The OpenSpiel short name of each preset."""
_DECK = full_deck()
_PLACEHOLDER_SEED = 0  # the engine deals the next deal from this while its real cards are still to be drawn


def _game_type(preset: str, rules: Rules) -> Any:
    solo = rules.players == 1
    params: dict[str, Any] = {"reward": "win"}
    if rules.target is not None:
        params["target"] = rules.target
    return pyspiel.GameType(
        short_name=GAME_NAMES[preset],
        long_name=f"pegboard {preset}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if solo
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM if solo else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.players,
        min_num_players=rules.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _max_length(rules: Rules) -> int:
    """An upper bound on the player actions of a game."""
    if not rules.holds_hand:  # a card turned at a time: one placement or discard each
        return 52
    if rules.fixed_deals:
        return rules.deals * 24
    players, kept = rules.players, rules.kept_size
    per_deal = players + 2 * players * kept + players + (2 * (players + 1) * players if rules.muggins else 0)
    return (rules.target or 121) * per_deal  # every deal scores at least the point for last


def _utility(rules: Rules, reward: str) -> tuple[float, float]:
    if reward == "win":
        return -1.0, 1.0
    if rules.solo:
        return 0.0, 29.0 * 8 + 2 * 8
    bound = float((rules.target or 0) + 60) if rules.pegging else 400.0 * rules.deals
    return -bound, bound


class PegboardGame(pyspiel.Game):  # type: ignore[misc]
    """One pegboard preset as an OpenSpiel game."""

    def __init__(self, preset: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        base = Rules.preset(preset)
        reward = params.get("reward", "win")
        if reward not in ("win", "points"):
            raise PegboardError(f"reward={reward!r}: expected 'win' or 'points'")
        options = {"target": int(params["target"])} if "target" in params and base.target is not None else {}
        self.rules = base.with_options(**options) if options else base
        self.reward: str = reward
        self.codec = ActionCodec.for_rules(self.rules)
        self.encoder = ObservationEncoder.for_rules(self.rules)
        low, high = _utility(self.rules, reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=52,
            num_players=self.rules.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if self.rules.players == 1 else 0.0,
            max_game_length=_max_length(self.rules),
        )
        super().__init__(_game_type(preset, base), info, {"reward": reward, **options})

    def new_initial_state(self) -> PegboardState:
        return PegboardState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PegboardObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return PegboardObserver(self, perfect_recall)


class _Shallow(list):  # type: ignore[type-arg]
    """A list of immutable things: its deep copy is a shallow one."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shallow:
        return _Shallow(self)


class _Fixed:
    """What never changes during a game (rules, codec, encoder): shared by every clone."""

    def __init__(self, game: PegboardGame) -> None:
        self.rules = game.rules
        self.codec = game.codec
        self.encoder = game.encoder
        self.reward: str = game.reward

    def __deepcopy__(self, memo: dict[int, Any]) -> _Fixed:
        return self


class _Engine:
    """Holds a state's engine game. OpenSpiel clones a Python state by deep-copying its attributes; a copy
    of this shares the game (copy on write: whichever state moves first rebuilds its own), which is far
    cheaper than copying the engine's state for search algorithms."""

    def __init__(self, game: GameState | None) -> None:
        self.game = game
        self.owned = True

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        twin = _Engine(self.game)
        twin.owned = self.owned = False
        return twin


class PegboardState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the engine plays each deal; chance deals its cards first."""

    def __init__(self, game: PegboardGame) -> None:
        super().__init__(game)
        self.fixed = _Fixed(game)
        rules = game.rules
        self._players = rules.players
        self._dealer: int | None = 0 if rules.players == 1 else None
        self._deal_index = 0
        self._drawn: list[Card] = _Shallow()  # this deal's cards so far (solitaire: the stock turned so far)
        self._actions: list[Action] = _Shallow()  # this deal's actions (the engine replays them after a rebuild)
        self._totals = [0] * rules.sides      # scores before this deal
        self._past: list[tuple[str, ...]] = _Shallow(() for _ in range(self._players))  # finished deals' events
        self._engine = _Engine(None)          # the engine game of this deal (shared with clones until a move)
        self._pending = True                  # chance has cards to deal before anyone acts
        self._over = False
        self._final: tuple[int, ...] = ()
        self._winner: int | None = None

    @property
    def rules(self) -> Rules:
        return self.fixed.rules

    @property
    def codec(self) -> ActionCodec:
        return self.fixed.codec

    @property
    def encoder(self) -> ObservationEncoder:
        return self.fixed.encoder

    @property
    def reward(self) -> str:
        return self.fixed.reward

    @property
    def _game(self) -> GameState | None:
        return self._engine.game

    @_game.setter
    def _game(self, game: GameState | None) -> None:
        self._engine = _Engine(game)

    # ------------------------------------------------------------------ chance
    def _cards_per_deal(self) -> int:
        rules = self.rules
        if not rules.holds_hand:
            return 52 - (solitaire_view(self._game.view(0)).stock_left if self._game is not None else 51)
        return rules.players * rules.deal_size + rules.crib_from_pack + 1

    def current_player(self) -> int:
        if self._over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._pending:
            return int(pyspiel.PlayerId.CHANCE)
        assert self._game is not None
        return self._game.to_act()[0]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._dealer is None:
            return [(seat, 1.0 / self._players) for seat in range(self._players)]
        used = set(self._drawn)
        left = [card.code for card in _DECK if card not in used]
        return [(code, 1.0 / len(left)) for code in left]

    def _legal_actions(self, player: int) -> list[int]:
        assert self._game is not None
        return sorted(self.codec.encode(action) for action in self._game.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        if self._pending:
            self._chance(_whole(action, "chance outcome"))
            return
        if not self._engine.owned:
            self._build()
        assert self._game is not None
        seat = self._game.to_act()[0]
        move = self.codec.decode(int(action), seat, getattr(self._game, "current", None))
        self._game.apply(move)
        self._actions.append(move)
        self._after_move()

    def _chance(self, outcome: int) -> None:
        if outcome not in {code for code, _ in self.chance_outcomes()}:  # checked now, not on a later move
            what = f"a seat from 0 to {self._players - 1} (the cut for the first dealer)" if self._dealer is None \
                else "the code of a card not dealt yet"
            raise IllegalActionError(f"chance outcome {outcome}: expected {what}; see chance_outcomes()")
        if self._dealer is None:
            self._dealer = outcome
            return
        self._drawn.append(Card.from_code(outcome))
        if len(self._drawn) == self._cards_per_deal():
            self._pending = False
            self._build()
            self._after_move()

    def _deal_of(self, cards: Sequence[Card]) -> Deal:
        rules = self.rules
        if not rules.holds_hand:
            used = set(cards)
            return Deal(stock=(*cards, *(card for card in _DECK if card not in used)))
        size = rules.deal_size
        hands = tuple(tuple(cards[seat * size:(seat + 1) * size]) for seat in range(rules.players))
        dealt = rules.players * size
        return Deal(hands=hands, crib=tuple(cards[dealt:dealt + rules.crib_from_pack]), starter=cards[-1])

    def _build(self) -> None:
        """The engine game of this deal: its cards, its dealer and the scores so far; then its actions."""
        rules = self.rules
        deal = self._deal_of(self._drawn)
        if rules.pegging:  # each deal starts from the scores so far
            deal_rules = rules.with_options(pone_bonus=0) if self._deal_index and rules.pone_bonus else rules
            start = None if not self._deal_index else self._totals
            game = new_game(deal_rules, seed=_PLACEHOLDER_SEED, first_dealer=self._dealer, dealt=[deal],
                            start_scores=start if start and max(start) else None)
        else:
            game = new_game(rules, seed=_PLACEHOLDER_SEED, first_dealer=self._dealer, dealt=[deal])
        for action in self._actions:
            game.apply(action)
        self._game = game

    def _after_move(self) -> None:
        """After an action or a deal's last card: the deal or the game may be over, or chance may be due."""
        game = self._game
        assert game is not None
        rules = self.rules
        if not rules.holds_hand:
            if self._cards_per_deal() > len(self._drawn):
                self._pending = True  # the engine turned a card not yet drawn: chance must draw it
            elif game.finished:
                self._end(game.score_list, game.winner_side)
            return
        if not game.finished and game.deal_number == 0:
            return
        scores = game.score_list
        if rules.fixed_deals:
            scores = tuple(total + now for total, now in zip(self._totals, scores))
        for seat in range(self._players):
            self._past[seat] = self._past[seat] + tuple(_event_texts(game, seat))
        last_deal = rules.fixed_deals and self._deal_index + 1 >= rules.deals
        if rules.pegging and game.finished:
            self._end(scores, game.winner_side)
        elif last_deal:
            first, second = scores
            self._end(scores, None if first == second else 0 if first > second else 1)
        else:
            self._totals = list(scores)
            self._deal_index += 1
            assert self._dealer is not None
            self._dealer = (self._dealer + 1) % self._players
            self._drawn = _Shallow()
            self._actions = _Shallow()
            self._pending = True

    def _end(self, scores: Sequence[int], winner: int | None) -> None:
        self._over = True
        self._final = tuple(scores)
        self._winner = winner

    # ------------------------------------------------------------------ results
    def is_terminal(self) -> bool:
        return self._over

    def returns(self) -> list[float]:
        if not self._over:
            return [0.0] * self._players
        rules = self.rules
        side_of = [seat % 2 if rules.partners else seat for seat in range(self._players)]
        if self.reward == "points":
            if self._players == 1:
                return [float(self._final[0])]
            sides = len(self._final)
            return [float(self._final[side_of[seat]] - (sum(self._final) - self._final[side_of[seat]]) / (sides - 1))
                    for seat in range(self._players)]
        if self._players == 1:
            return [1.0 if self._winner == 0 else -1.0]
        if self._winner is None:
            return [0.0] * self._players
        winners = sum(1 for seat in range(self._players) if side_of[seat] == self._winner)
        share = winners / (self._players - winners)
        return [1.0 if side_of[seat] == self._winner else -share for seat in range(self._players)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"first dealer seat {action}" if self._dealer is None else f"deal {Card.from_code(action)}"
        return self.codec.label(action)

    def __str__(self) -> str:
        if self._game is None:
            return f"{self.rules.name}: dealing"
        from pegboard.rl.table import render_text

        return render_text(self._game) + (" (dealing)" if self._pending else "")

    # ------------------------------------------------------------------ what a seat sees
    def seat_view(self, seat: int) -> Any:
        """The view of ``seat``, with this game's running totals; while chance deals, only what is public."""
        game = self._game
        if game is None:
            return None
        view = game.view(seat)
        pending = self._pending  # the engine holds made-up cards for what chance has not dealt yet: hide them
        seen: Callable[[PegboardState, SeatView, bool], SeatView] = self.rules.kind.renderer(OPENSPIEL_VIEW)
        return seen(self, view, pending)

    def event_texts(self, seat: int) -> list[str]:
        """Every event ``seat`` has seen, as text (its perfect recall)."""
        if self._game is None or (self._pending and self.rules.holds_hand):
            return list(self._past[seat])  # a deal just ended (its events are in the past) or none began
        return list(self._past[seat]) + _event_texts(self._game, seat)

    def play_order(self) -> list[int]:
        """Codes of this deal's cards played (or placed), in order (public)."""
        if self._game is None or self._pending:
            return []
        return [action.cards[0].code for action in self._actions if action.verb in ("play", "place")]


def _event_texts(game: GameState, seat: int) -> list[str]:
    """The first deal's events of an engine game as ``seat`` sees them (a later deal is a placeholder)."""
    texts = []
    for event in game.events_for(seat):
        if event.deal > 0:
            break
        cards = " ".join(str(card) for card in event.cards) or (f"{event.hidden} hidden" if event.hidden else "")
        texts.append(f"{event.type} {event.seat} {cards} {event.points or ''} {event.kind} {event.where}".strip())
    return texts


class PegboardObserver:
    """OpenSpiel's observer for pegboard games: observations, or information states (perfect recall)."""

    def __init__(self, game: PegboardGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = game.encoder.size
        plays = game.rules.grid_side ** 2 or game.rules.players * game.rules.kept_size
        self._plays = plays
        total = size + (plays * 52 if perfect_recall else 0)
        self.tensor: npt.NDArray[np.float32] = np.zeros(total, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["play_order"] = self.tensor[size:].reshape(plays, 52)

    def set_from(self, state: PegboardState, player: int) -> None:
        self.tensor.fill(0.0)
        view = state.seat_view(player)
        if view is None:
            return
        self.dict["observation"][:] = state.encoder.encode(view)
        if self.perfect_recall:
            for index, code in enumerate(state.play_order()[: self._plays]):
                self.dict["play_order"][index, code] = 1.0

    def string_from(self, state: PegboardState, player: int) -> str:
        if self.perfect_recall:
            return f"seat {player}\n" + "\n".join(state.event_texts(player))
        view = state.seat_view(player)
        if view is None:
            return f"seat {player}: dealing"
        return _view_text(view, player)


def _view_text(view: SeatView, seat: int) -> str:
    cards = " ".join(str(card) for card in sorted(getattr(view, "hand", ())))
    parts = [f"seat {seat}", f"scores {' '.join(str(score) for score in view.scores)}", f"hand {cards}"]
    details: Callable[[SeatView], list[str]] = Rules.preset(view.game).kind.renderer(OPENSPIEL_TEXT)
    return "; ".join(parts + details(view))


def _cribbage_text(seat_view: SeatView) -> list[str]:
    view = cribbage_view(seat_view)
    return [f"dealer {view.dealer}", f"phase {view.phase}", f"starter {view.starter or '-'}",
            f"count {view.count}", "series " + " ".join(str(card) for _, card in view.series),
            "played " + " ".join(f"{s}:{card}" for s, card in view.played),
            "discarded " + " ".join(str(card) for card in view.discarded),
            "crib " + " ".join(str(card) for card in view.crib),
            "go " + " ".join(str(s) for s in view.said_go)]


def _snailspace_text(seat_view: SeatView) -> list[str]:
    view = snailspace_view(seat_view)
    return [f"dealer {view.dealer}", f"deal {view.deal}",
            "grid " + " ".join(str(card) if card else ".." for card in view.grid)]


def _solitaire_text(seat_view: SeatView) -> list[str]:
    view = solitaire_view(seat_view)
    return [f"turned {view.current or '-'}", f"stock {view.stock_left}",
            "grid " + " ".join(str(card) if card else ".." for card in view.grid),
            "discards " + " ".join(str(card) for card in view.discards)]


def _whole(value: object, what: str) -> int:
    """``value`` as an int if it is a whole number (Python's or NumPy's), else an :class:`IllegalActionError`."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise IllegalActionError(f"{what} {value!r}: expected a whole number")
    return int(value)  # type: ignore[call-overload]


def resampler(rng: random.Random) -> Callable[[PegboardState, int], PegboardState]:
    """The resampler OpenSpiel's ``ISMCTSBot.set_resampler`` takes: called with ``(state, player)``, it
    returns :func:`resample_from_infostate` of them, drawing from ``rng``.

    >>> import random
    >>> game = pyspiel.load_game("python_pegboard_five_card")
    >>> state = game.new_initial_state()
    >>> resampler(random.Random(3))(state, 0).history() == state.history()
    True
    """
    return lambda state, player: resample_from_infostate(state, player, rng)


def resample_from_infostate(state: PegboardState, player: int, rng: random.Random) -> PegboardState:
    """A state ``player`` cannot tell from ``state``: the current deal's cards it may not see are dealt
    again at random, consistently with everything it saw (a go, say, proves cards too high to play).

    For information-set search: OpenSpiel's ``ISMCTSBot.set_resampler`` calls its resampler with
    ``(state, player)`` only, so pass it :func:`resampler` (``resampler(rng)``). The deal is the engine's
    (:meth:`pegboard.engine.GameState.resample_swap`); tries up to 20 deals and falls back
    to ``state`` itself (a copy) if none fits.
    """
    game = state._game
    if game is None or state._pending or state._over:
        return state.clone()  # type: ignore[no-any-return]
    for _ in range(20):
        swap = game.resample_swap(player, rng)  # the engine's sampler: go's honoured, every fitting deal alike
        twin: PegboardState = state.clone()
        twin._drawn = _Shallow(swap.get(card, card) for card in state._drawn)
        twin._actions = _Shallow(Action(a.seat, a.verb, tuple(swap.get(card, card) for card in a.cards), a.target)
                                 for a in state._actions)
        try:
            twin._build()
        except PegboardError:  # pragma: no cover - a constraint the engine's sampler does not know
            continue
        return twin
    return state.clone()  # type: ignore[no-any-return]


def _game_class(preset: str) -> type[PegboardGame]:
    def __init__(self: PegboardGame, params: dict[str, Any] | None = None) -> None:
        PegboardGame.__init__(self, preset, params)

    name = "PegboardGame_" + preset.replace("-", "_")
    return type(name, (PegboardGame,), {"__init__": __init__, "__doc__": f"pegboard {preset} for OpenSpiel."})


GAME_CLASSES = {preset: _game_class(preset) for preset in PRESETS}
"""One class per preset, registered as the game's factory (as OpenSpiel's own Python games register)."""


def register() -> None:
    """Register every preset with OpenSpiel (done on import; registering twice is harmless)."""
    registered = set(pyspiel.registered_names())
    for preset, name in GAME_NAMES.items():
        if name not in registered:
            pyspiel.register_game(_game_type(preset, Rules.preset(preset)), GAME_CLASSES[preset])


register()


OPENSPIEL_VIEW = "openspiel view"
"""The role under which a kind registers how a seat's view is shown in an OpenSpiel game of several deals:
``(state, view, pending) -> view``, with the running totals and, while chance deals, only what is public."""


def _snailspace_seen(state: PegboardState, seat_view: SeatView, pending: bool) -> SeatView:
    view = snailspace_view(seat_view)
    totals = tuple(total + now for total, now in zip(state._totals, view.scores)) if not state._over \
        else state._final
    view = dataclasses.replace(view, scores=totals, deal=state._deal_index)
    if pending:
        view = dataclasses.replace(view, hand=(), grid=(None,) * 25, legal_actions=(), to_act=())
    return view


def _cribbage_seen(state: PegboardState, seat_view: SeatView, pending: bool) -> SeatView:
    view = cribbage_view(seat_view)._replace(deal=state._deal_index)
    if pending:
        view = view._replace(hand=(), kept=(), discarded=(), legal_actions=(), to_act=())
    return view


def _solitaire_seen(state: PegboardState, seat_view: SeatView, pending: bool) -> SeatView:
    if not pending:
        return seat_view
    return dataclasses.replace(solitaire_view(seat_view), current=None, starter=None, legal_actions=(), to_act=())


OPENSPIEL_TEXT = "openspiel text"
"""The role under which a kind registers the game-specific parts of a seat's observation string:
``view -> list[str]``."""

kind_named("cribbage").register_renderer(OPENSPIEL_TEXT, _cribbage_text)
kind_named("snailspace").register_renderer(OPENSPIEL_TEXT, _snailspace_text)
kind_named("solitaire").register_renderer(OPENSPIEL_TEXT, _solitaire_text)
kind_named("cribbage").register_renderer(OPENSPIEL_VIEW, _cribbage_seen)
kind_named("snailspace").register_renderer(OPENSPIEL_VIEW, _snailspace_seen)
kind_named("solitaire").register_renderer(OPENSPIEL_VIEW, _solitaire_seen)
