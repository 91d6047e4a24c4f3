"""One way to run a table, for every interface (the terminal app and the web server alike): who sits
where (a person or a computer level), whose turn it is, the moves nobody has to choose (forced), the
computer's decisions, what a muggins claim may say, when a hint may be given, what a seat must do
now, undo, and how a game resumes. UI-free: the engine's API and per-seat views only.

Every computer decision is made by a fresh bot seeded from the table's seed, the seat and the moment
(how many events the game has logged), never by a bot that remembers earlier decisions: so a game
that is saved, stopped and resumed (a terminal save, a server restart) goes on exactly as it would
have without the interruption. The table's objective (:mod:`pegboard.objectives`: ``win`` unless it
says game points, spread or a match) is handed to every bot built: the expert plays for it.

>>> from pegboard.engine import new_game
>>> session = Session(new_game("cribbage", ["Ann", "Bob"], seed=3), ("human", "random"), seed=3)
>>> session.human_to_act(), session.computer_to_act(), session.mode(0)
(0, 1, 'discard')
>>> session.decide(1) == session.decide(1)  # the same moment decides the same way
True
"""

from __future__ import annotations

import logging
import pickle
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.bots import make_bot
from pegboard.bots.board import BoardTable
from pegboard.cards import Card
from pegboard.engine import GameState, new_game
from pegboard.engine.actions import Action
from pegboard.engine.automation import FORCED_VERBS, claim_move, forced_move
from pegboard.engine.cribbage import MOST_IN_A_SHOW
from pegboard.engine.views import SeatView
from pegboard.errors import ObjectiveError, PegboardError
from pegboard.objectives import WIN, Objective
from pegboard.records import record_of
from pegboard.rules import Rules

__all__ = ["HUMAN", "LEVELS", "Session", "SeatKindError", "check_computer_objective", "decision_seed",
           "computer_move", "forced_move", "FORCED_VERBS",
           "seat_mode", "stock_seen", "hint_refusal", "claim_range", "replay_game", "Undone", "think"]

HUMAN = "human"
LEVELS = ("expert", "greedy", "random")
"""Computer levels, strongest first."""
FALLBACK = {"expert": "greedy", "classic": "greedy", "hoyle": "greedy", "greedy": "random"}
"""The level that decides when a level's bot fails (any other level, a plug-in: random)."""
_LOG = logging.getLogger("pegboard.session")


class SeatKindError(PegboardError, ValueError):
    """A seat kind that is neither ``human`` nor a computer level."""


def check_computer_objective(rules: Rules, objective: Objective) -> None:
    """Refuse (:class:`~pegboard.errors.ObjectiveError`, saying why) an objective the computer seats
    cannot play for under ``rules``: what :meth:`Objective.check` refuses, and any but ``win`` where the
    expert has no board model of the game (two players or partners to 121 and five-card to 61 have one;
    other targets not), so that no table says the computer plays for what it does not.

    >>> from pegboard.objectives import GAME_POINTS
    >>> check_computer_objective(Rules.preset("five-card"), GAME_POINTS)
    >>> check_computer_objective(Rules.preset("cribbage-4"), GAME_POINTS)
    >>> check_computer_objective(Rules.preset("cribbage-4", target=61), GAME_POINTS)
    Traceback (most recent call last):
    ...
    pegboard.errors.ObjectiveError: objective 'game-points': the computer plays for it only where it has a \
board model of the game (two players or partners to 121, five-card to 61), not cribbage-4 to 61
    """
    objective.check(rules)
    if objective != WIN and BoardTable.game_of(rules) is None:  # asked without solving a table
        raise ObjectiveError(f"objective {objective.name!r}: the computer plays for it only where it has a board "
                             f"model of the game (two players or partners to 121, five-card to 61), not "
                             f"{rules.name} to {rules.target}")


def decision_seed(base: int, seat: int, moment: int) -> int:
    """The seed of one computer decision: the table's seed, the seat and the moment (events logged).

    >>> decision_seed(3, 1, 10) == decision_seed(3, 1, 10) != decision_seed(3, 1, 11)
    True
    """
    return (base * 7919 + moment * 31 + seat) % (1 << 31)


def computer_move(view: SeatView, rules: Rules, level: str, base_seed: int, objective: Objective = WIN) -> Action:
    """A computer seat's move from its view alone (safe in a thread or another process).

    Counts and muggins claims are answered honestly at every level (ruling 16): the full count, the
    points still missed, or a pass. Any other choice is the level's bot, built fresh, seeded by
    :func:`decision_seed` and playing for ``objective``. If that bot fails (raises), the failure is
    logged (logger ``pegboard.session``) and the next level down decides (:data:`FALLBACK`: the expert,
    then greedy, then random), so a table always gets a legal move.

    >>> from pegboard.engine import new_game
    >>> game = new_game("cribbage", ["Ann", "Bob"], seed=1)
    >>> computer_move(game.view(1), game.rules, "greedy", 5) in game.legal_actions(1)
    True
    """
    seat = view.seat
    if seat is None:
        raise PegboardError("a spectator makes no move")
    actions = view.legal_actions
    if not actions:
        raise PegboardError(f"{view.players[seat]} has nothing to do now")
    claim = claim_move(view, rules)  # what plays itself: pegboard.engine.automation
    if claim is not None:
        return claim
    seed = decision_seed(base_seed, seat, len(view.events))
    tried = level
    while True:
        try:
            return make_bot(tried, rules, seat, seed=seed, objective=objective).choose(view)
        except Exception:  # a failing bot must never wedge a table: a lower level decides instead
            if tried == "random":
                raise
            lower = FALLBACK.get(tried, "random")
            _LOG.exception("the %s bot failed to decide for %s (seat %d); the %s bot decides instead", tried,
                           view.players[seat], seat, lower)
            tried = lower


def seat_mode(game: GameState, seat: int | None) -> str:
    """What ``seat`` must do now: ``discard`` (to a crib), ``play``, ``place`` (a turned card),
    ``count``, ``muggins`` (claim or pass), or ``wait``.

    >>> from pegboard.engine import new_game
    >>> seat_mode(new_game("cribbage", seed=3), 0), seat_mode(new_game("solitaire", seed=3), 0)
    ('discard', 'place')
    """
    if seat is None:
        return "wait"
    verbs = {action.verb for action in game.legal_actions(seat)}
    if not verbs:
        return "wait"
    if "count" in verbs:
        return "count"
    if "muggins" in verbs or "pass" in verbs:
        return "muggins"
    if "place" in verbs:
        return "place"
    if "discard" in verbs and game.rules.crib:
        return "discard"
    return "play"


def hint_refusal(game: GameState, seat: int | None) -> str | None:
    """Why no hint may be given to ``seat`` now, or None if one may. Under muggins there is none while
    counting or claiming: the hint would say the true count (ruling 16).

    >>> from pegboard.engine import new_game
    >>> hint_refusal(new_game("cribbage", seed=3), 0) is None
    True
    """
    if seat is None or game.finished or seat not in game.to_act():
        return "hints are for when it is your turn"
    if game.rules.muggins and seat_mode(game, seat) in ("count", "muggins"):
        return "no hints while counting under muggins: the hint would give the count away"
    return None


def claim_range(verb: str) -> range:
    """The points a muggins count (0-29) or claim (1-29) may say: never anything that depends on the
    cards, so neither the legal moves nor a refusal gives the true count away (ruling 16).

    >>> claim_range("count"), claim_range("muggins")
    (range(0, 30), range(1, 30))
    """
    return range(0 if verb == "count" else 1, MOST_IN_A_SHOW + 1)


STOCK_EVENTS = ("starter", "dealt")
"""Events that show a player cards from the stock (not cards another player chose to show)."""


def stock_seen(game: GameState, seat: int) -> tuple[Card, ...]:
    """The cards from the stock ``seat`` has seen so far: the starters turned, the hands dealt to it,
    and the card turned now (solitaire), in the order seen.

    >>> from pegboard.engine import new_game
    >>> game = new_game("cribbage", ["Ann", "Bob"], seed=3)
    >>> len(stock_seen(game, 0))  # the six cards dealt to Ann
    6
    """
    seen = [card for event in game.events_for(seat) if event.type in STOCK_EVENTS for card in event.cards]
    current = getattr(game.view(seat), "current", None)
    if isinstance(current, Card):
        seen.append(current)
    return tuple(seen)


def replay_game(rules: Rules, players: Sequence[str], seed: int, actions: Sequence[Action],
                rng: random.Random | None = None) -> GameState:
    """A game rebuilt from its seed and its actions so far: exactly the game it was (the deals to
    come included, as its generator ``rng``, seeded afresh, ends in the same state)."""
    game = new_game(rules, list(players), seed=seed, rng=rng if rng is not None else random.Random(seed))
    for action in actions:
        game.apply(action)
    return game


@dataclass(frozen=True)
class Undone:
    """What an undo took back: the actions removed (the person's decision and every move after it)."""

    actions: tuple[Action, ...]


class Session:
    """A game and who plays each seat: ``kinds`` holds ``human`` or a computer level per seat, ``seed``
    is the base of every computer decision's seed, and ``objective`` what the computer seats play for
    (refused, as an :class:`~pegboard.errors.ObjectiveError`, where the rules cannot have it).
    ``duplicate``: the game is half of a duplicate set (:mod:`pegboard.duplicate`), which compares the
    person's play with the computer's on the same cards: no hints and no undo."""

    def __init__(self, game: GameState, kinds: Sequence[str], *, seed: int = 0, objective: Objective = WIN,
                 duplicate: bool = False, rated: bool = False) -> None:
        if len(kinds) != game.rules.players:
            raise SeatKindError(f"{len(kinds)} seat kinds for {game.rules.players} seats")
        for kind in kinds:
            if kind != HUMAN and kind not in LEVELS:
                raise SeatKindError(f"seat kind {kind!r}: expected human or one of {', '.join(LEVELS)}")
        check_computer_objective(game.rules, objective)
        self.game = game
        self.kinds = tuple(kinds)
        self.bot_seed = seed
        self.objective = objective
        self.rng: random.Random | None = None  # the game's own generator, when the session made it
        self.humans = tuple(seat for seat, kind in enumerate(self.kinds) if kind == HUMAN)
        self.duplicate = duplicate
        self.rated = rated  # a rated game: no hints, no undo, no takebacks

    # ------------------------------------------------------------------ seats and turns
    def is_human(self, seat: int) -> bool:
        return self.kinds[seat] == HUMAN

    def human_to_act(self, prefer: int | None = None) -> int | None:
        """A person who may act now (``prefer`` first: the one at the keyboard), None if none may."""
        acting = self.game.to_act()
        if prefer in acting and self.is_human(prefer):  # type: ignore[arg-type]
            return prefer
        return next((seat for seat in acting if self.is_human(seat)), None)

    def computer_to_act(self) -> int | None:
        """A computer seat that may act now, None if none may."""
        return next((seat for seat in self.game.to_act() if not self.is_human(seat)), None)

    def forced(self, seat: int | None) -> Action | None:
        """See :func:`forced_move`."""
        return forced_move(self.game, seat)

    def next_auto(self, auto: bool = True) -> int | None:
        """A seat whose move is made without asking anyone: a computer's, or (with ``auto``) a person's
        forced move."""
        seat = self.computer_to_act()
        if seat is not None or not auto:
            return seat
        return next((s for s in self.game.to_act() if self.is_human(s) and self.forced(s) is not None), None)

    def decide(self, seat: int, view: SeatView | None = None) -> Action:
        """The move the session makes for ``seat``: a person's forced move, or the computer's choice
        (from ``view`` if given, else the seat's view now)."""
        if self.is_human(seat):
            forced = self.forced(seat)
            if forced is None:
                raise PegboardError(f"{self.game.players[seat]} has a choice to make: ask them")
            return forced
        return computer_move(view if view is not None else self.game.view(seat), self.game.rules,
                             self.kinds[seat], self.bot_seed, self.objective)

    def record(self) -> dict[str, Any]:
        """The game's ``pegboard/1`` record so far, with what it is played for (:func:`record_of`): what
        either face saves, offers for download or reviews."""
        return record_of(self.game, self.objective)

    def mode(self, seat: int | None) -> str:
        """See :func:`seat_mode`."""
        return seat_mode(self.game, seat)

    def hint_refusal(self, seat: int | None) -> str | None:
        """See :func:`hint_refusal`; and none in a duplicate set (the hint is the computer's own play)."""
        if self.duplicate:
            return "no hints in a duplicate set: it sets your play against the computer's"
        if self.rated:
            return "no hints in a rated game"
        return hint_refusal(self.game, seat)

    # ------------------------------------------------------------------ undo
    def undo_refusal(self, seat: int, *, rated: bool = False) -> str | None:
        """Why ``seat`` may not undo now, or None. Undo is for casual games against the computer: one
        person at the table, no muggins, not rated (``rated``) nor half of a duplicate set, and a decision of
        theirs to take back that was made before every card from the stock they have seen since (a starter,
        a new hand, a card turned): no decision is made again knowing the card it was blind to."""
        if rated or self.rated or self.duplicate:
            return "no undo in a rated or duplicate game"
        if self.game.rules.muggins:
            return "no undo under muggins"
        if len(self.humans) != 1:
            return "undo is for one person against the computer"
        if self.game.seed is None:
            return "this game cannot be rebuilt from a seed"
        last = self._last_decision(seat)
        if last is None:
            return "nothing of yours to undo yet"
        seen = self._stock_seen_since(seat, last)
        if seen:
            return (f"you have seen {' '.join(card.symbol for card in seen)} since that decision: taking it back "
                    f"would let you choose again knowing {'it' if len(seen) == 1 else 'them'}")
        return None

    def _twin(self, moves: Sequence[Action]) -> GameState:
        assert self.game.seed is not None
        return replay_game(self.game.rules, self.game.players, self.game.seed, moves)

    def _stock_seen_since(self, seat: int, index: int) -> tuple[Card, ...]:
        """The cards from the stock (a starter, a new deal's hand, a card turned) that ``seat`` has seen
        since the game's ``index``-th action: an undo past them would be a choice made again knowing them."""
        before = stock_seen(self._twin(self._moves()[:index]), seat)
        return tuple(card for card in stock_seen(self.game, seat) if card not in before)

    def _moves(self) -> list[Action]:
        return [action for log in self.game.deal_logs for action in log.moves]

    def _last_decision(self, seat: int) -> int | None:
        """The index of ``seat``'s last real choice (not a forced move) among the game's actions."""
        moves = self._moves()
        assert self.game.seed is not None
        twin = new_game(self.game.rules, list(self.game.players), seed=self.game.seed,
                        rng=random.Random(self.game.seed))
        last = None
        for index, action in enumerate(moves):
            if action.seat == seat and forced_move(twin, seat) is None:
                last = index
            twin.apply(action)
        return last

    def undo(self, seat: int, *, rated: bool = False) -> Undone:
        """Take back ``seat``'s last decision and every move after it: the game is rebuilt from its
        seed without them (the computer will decide the same way again at the same moment)."""
        problem = self.undo_refusal(seat, rated=rated)
        if problem is not None:
            raise PegboardError(f"cannot undo: {problem}")
        moves = self._moves()
        last = self._last_decision(seat)
        assert last is not None and self.game.seed is not None
        self.rng = random.Random(self.game.seed)
        self.game = replay_game(self.game.rules, self.game.players, self.game.seed, moves[:last], self.rng)
        return Undone(tuple(moves[last:]))


def think(state: bytes, seat: int, level: str, base_seed: int, objective: Objective = WIN) -> Action:
    """:func:`computer_move` for a pickled game (what a worker process is sent: the game as it stood
    when the decision was asked for, whatever happens to the live game meanwhile)."""
    game: GameState = pickle.loads(state)
    return computer_move(game.view(seat), game.rules, level, base_seed, objective)
