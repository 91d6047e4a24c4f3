"""What every legal choice of one seat is worth, from that seat's view alone.

:meth:`Assessor.assess` takes a per-player view (never the full state: the cards the seat could not
see are not in it) and values every legal action for the seat's side, in expected points (its side's
less the other sides') and, where a board table applies (:mod:`pegboard.analysis.winning`), in the
chance to win:

* a discard: the kept hand over every starter, plus or minus the crib (two players: the discard
  advisor's exact expectation, :func:`pegboard.bots.discard.rank_discards` with ``method="exact"``;
  three or four: the crib tables), plus (two-player six-card) the expert's weight of the kept cards'
  pegging; the chance to win as the expert's endgame reckons it, for every option;
* a play: the expert's search from here to the end of the play over the hands the others may hold
  (:meth:`pegboard.bots.expert.ExpertBot.evaluate`), in points; near the end of a game to 121 (the
  expert's own endgame zone) also in the chance to win;
* a muggins count or claim (ruling 16): the points it scores, less those it misses or gives away;
* Snailspace and solitaire: the grid expert's evaluation (:mod:`pegboard.bots.gridsearch`).

An assessor for another objective than ``win`` (:mod:`pegboard.objectives`: game points, spread, a
match; two players to 121, the games with its board table) also values discards and, near the end,
plays in that objective (:attr:`Option.worth`), and there ranks them by it, as the expert playing for
it decides: a hint at a table played for game points advises what wins the most game points.

Sampled values (the play, the grid games) are estimated twice, from two independent halves of the
samples, each with more samples than the expert plays with (:attr:`Option.halves`). Every random draw
comes from the generator passed in, so an assessment is reproducible.

>>> import random
>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=4, first_dealer=1)
>>> found = Assessor(game.rules).assess(game.view(0), random.Random(1))
>>> found.kind, len(found.options), found.options[0].points >= found.options[-1].points
('discard', 15, True)
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from pegboard.analysis.winning import WinModel
from pegboard.bots.board import BoardTable
from pegboard.bots.discard import counts_pegging, rank_discards
from pegboard.bots.endgame import ENDGAME, ENDGAME_PLAY, discard_values, discard_win_probabilities
from pegboard.bots.expert import ExpertBot, ExpertSettings
from pegboard.cards import full_deck
from pegboard.engine.actions import Action
from pegboard.engine.gameview import GridView
from pegboard.engine.views import CribbageView, SeatView
from pegboard.errors import PegboardError
from pegboard.kinds import kinds
from pegboard.objectives import WIN, Objective
from pegboard.rules import Rules
from pegboard.scoring.fast import hand_score

__all__ = ["Option", "Assessment", "Assessor", "decision_kind", "information_key", "REVIEW_SETTINGS", "MULTI_ROUNDS",
           "GRID_SAMPLES"]

REVIEW_SETTINGS = replace(ExpertSettings(), samples=2 * ExpertSettings.samples,
                          node_budget=2 * ExpertSettings.node_budget)
"""The expert's reckoning of the play, with twice the samples of the unseen hands it plays with in
each of two independent halves (192 in all, not 48): its own choices are made with some sampling
noise, which the review must not share."""
MULTI_ROUNDS = 4
"""Three or four players: the expert's search (6-12 samples) is run this many times for each half."""
GRID_SAMPLES = {kind.family: kind.grid_samples for kind in kinds() if kind.grid_samples}
"""Samples of the unseen cards behind a grid game's values in each half: eight and four times the grid
experts' own in all (24 and 96)."""


@dataclass(frozen=True)
class Option:
    """One legal choice and its worth to the seat's side: expected ``points`` (its side's less the
    others'), the chance to ``win`` (None where no table applies), and for discards the parts of the
    points (``hand``, ``crib`` signed: + for one's own crib, - for another's; ``pegging``)."""

    action: Action
    points: float
    win: float | None = None
    parts: dict[str, float] = field(default_factory=dict)
    halves: tuple[float, float] | None = None
    """Sampled values (the play, the grid games): the points by each of two independent halves of the
    samples (``points`` is their mean), so that a loss can be measured without the bias of picking the
    best of noisy estimates (:mod:`pegboard.analysis.review`)."""
    win_halves: tuple[float, float] | None = None
    """Likewise for ``win``."""
    worth: float | None = None
    """The expected value of the assessor's objective when it is not ``win`` (game points, spread, a
    match; :mod:`pegboard.objectives`), where its board table applies; else None."""
    worth_halves: tuple[float, float] | None = None
    """Likewise for ``worth``."""
    draws: tuple[float, ...] = field(default=(), repr=False, compare=False)
    """Sampled points (the play): the value sample by sample, both halves, on the same samples as every
    other option of the decision (common random numbers); empty where none are kept."""

    @property
    def se(self) -> float | None:
        """The standard error of ``points``: from the samples where kept, else from the two halves
        (their difference over 2), None for an exact value (discards, counts).

        >>> Option(Action.parse("play 5H", 0), 1.0, halves=(0.8, 1.2)).se
        0.2
        """
        if len(self.draws) >= 2:
            return _standard_error(self.draws)
        if self.halves is not None:
            return round(abs(self.halves[0] - self.halves[1]) / 2, 12)
        return None

    def se_against(self, other: Option) -> float | None:
        """The standard error of ``other.points - self.points``: paired sample by sample where both keep
        their samples (common random numbers: the shared luck of the samples cancels), else the two
        errors combined as if independent; None when both are exact.

        >>> a = Option(Action.parse("play 5H", 0), 1.0, draws=(1.0, 2.0, 3.0))
        >>> b = Option(Action.parse("play 6H", 0), 2.0, draws=(2.0, 3.0, 4.0))
        >>> a.se_against(b)
        0.0
        """
        if len(self.draws) >= 2 and len(other.draws) == len(self.draws):
            return _standard_error([b - a for a, b in zip(self.draws, other.draws)])
        mine, theirs = self.se, other.se
        if mine is None and theirs is None:
            return None
        return float(np.hypot(mine or 0.0, theirs or 0.0))

    def to_json(self) -> dict[str, Any]:
        """``{"action", "points", "win"}``, ``"worth"`` when valued by another objective and, for
        discards, ``"parts"``, rounded."""
        data: dict[str, Any] = {"action": self.action.text(), "points": round(self.points, 3),
                                "win": None if self.win is None else round(self.win, 4)}
        se = self.se
        if se is not None:
            data["se"] = round(se, 3)
        if self.worth is not None:
            data["worth"] = round(self.worth, 4)
        if self.parts:
            data["parts"] = {name: round(value, 3) for name, value in self.parts.items()}
        return data


@dataclass(frozen=True)
class Assessment:
    """Every choice of one decision, best first. ``by_win``: the best is the one most likely to win
    (near the end of a game with a board table, where the expert plays to win), not the most points;
    ``by_worth``: the one worth the most by ``objective`` (another objective than ``win``, near the end)."""

    seat: int
    kind: str
    options: tuple[Option, ...]
    by_win: bool = False
    by_worth: bool = False
    objective: Objective = WIN

    @property
    def best(self) -> Option:
        return self.options[0]

    def distinct(self) -> list[Option]:
        """The options, best first, each play of a rank once (cards of one rank play alike)."""
        seen: set[int] = set()
        kept = []
        for option in self.options:
            action = option.action
            if action.verb == "play" and self.kind == "play" and action.cards:
                if action.cards[0].rank in seen:
                    continue
                seen.add(action.cards[0].rank)
            kept.append(option)
        return kept

    def option(self, action: Action) -> Option:
        """The option of ``action`` (discards in any card order)."""
        for option in self.options:
            if option.action == action or (option.action.verb == action.verb == "discard"
                                           and set(option.action.cards) == set(action.cards)):
                return option
        raise PegboardError(f"{action.text()}: not one of the legal choices ({len(self.options)} of them)")


def _with_pegging(counts: list[npt.NDArray[np.int64]], pegging: Sequence[float | None]
                  ) -> list[npt.NDArray[np.int64]]:
    """Each throw's hand counts moved by what its kept cards peg beyond the average throw's (the board
    model pegs a typical deal), so that the chance to win ranks throws by the same parts as the points
    do: hand, crib and pegging. A shift between whole points is kept as a mix of the two around it
    (a shift of 0.25: a quarter of the counts one point up), so no small difference is rounded away.
    No pegging counted (None): the counts as they are.

    >>> [sorted(set(c.tolist())) for c in _with_pegging([np.array([4, 6]), np.array([4, 6])], [1.0, -1.0])]
    [[5, 7], [3, 5]]
    >>> moved = _with_pegging([np.array([4]), np.array([4])], [0.25, -0.25])[0]
    >>> float(moved.mean())
    4.25
    """
    known = [value for value in pegging if value is not None]
    if not known:
        return counts
    mean = sum(known) / len(known)
    moved = []
    for count, value in zip(counts, pegging):
        if value is None:
            moved.append(count)
            continue
        shift = value - mean
        low = int(np.floor(shift))
        up = int(round((shift - low) * _MIX))  # of every _MIX copies, how many go one point higher
        parts = [count + low] * (_MIX - up) + [count + low + 1] * up
        moved.append(np.clip(np.concatenate(parts), 0, None).astype(np.int64))
    return moved


_MIX = 20
"""Copies of a throw's counts in :func:`_with_pegging`'s mix: shifts are kept to a twentieth of a point."""


def _standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (two or more).

    >>> _standard_error([1.0, 3.0])
    1.0
    """
    n = len(values)
    mean = sum(values) / n
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    return round(float(np.sqrt(variance / n)), 12)


def information_key(view: SeatView, budget: str = "") -> str:
    """A stable hash of what ``view``'s seat knew (every field of its view: its own cards, the scores,
    the public history of the game but the cards cut for first deal, with seats for names) and of
    ``budget`` (what the analysis spends): the seed of that decision's samples, so that identical
    information gets an identical verdict in any record, whatever the players are called.

    >>> from pegboard.engine import new_game
    >>> ann = new_game("cribbage", ["Ann", "Bob"], seed=3).view(0)
    >>> cid = new_game("cribbage", ["Cid", "Dee"], seed=3).view(0)
    >>> information_key(ann) == information_key(cid), information_key(ann) == information_key(ann, "more")
    (True, False)
    """
    data = view.to_json()
    for name in ("players", "sides", "winner"):
        data.pop(name, None)
    events = []
    for event in data.pop("events", []):
        if event.get("type") == "cut":  # the cut for first deal: only who deals, which the view shows
            continue
        event = dict(event)
        event.pop("player", None)
        events.append(event)
    text = json.dumps([data, events, budget], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def decision_kind(rules: Rules, action: Action) -> str:
    """What kind of decision an action is: ``discard``, ``play``, ``count`` (muggins counts and claims)
    or ``place`` (every move of the grid games).

    >>> from pegboard.rules import Rules
    >>> decision_kind(Rules.preset("solitaire"), Action.parse("discard 5H", 0))
    'place'
    """
    if not rules.crib:
        return "place"
    if action.verb in ("count", "muggins", "pass"):
        return "count"
    return "play" if action.verb == "go" else action.verb


class Assessor:
    """Values decisions of one game, for any seat (an expert per seat, kept for its memo), and by
    ``objective`` where it has a board table for these rules."""

    def __init__(self, rules: Rules, objective: Objective = WIN) -> None:
        self.rules = rules
        self.objective = objective
        self.win_model = WinModel.for_rules(rules)
        self.board = BoardTable.for_rules(rules, objective) if objective != WIN and self.win_model else None
        """The objective's board table (None for ``win``, whose chance is :attr:`win_model`'s, and
        where the analysis has no chance to win either (partners: the expert's table alone): then
        decisions are assessed as for ``win``)."""
        self._experts: dict[int, ExpertBot] = {}
        self._grid: dict[int, Any] = {}

    @property
    def budget(self) -> str:
        """What the analysis spends on a decision, in words that change when it does (part of each
        decision's seed: :func:`information_key`)."""
        return f"{REVIEW_SETTINGS}/{MULTI_ROUNDS}/{sorted(GRID_SAMPLES.items())}/{self.objective.name}"

    def rng_for(self, view: SeatView, *, every_chance: bool = False) -> random.Random:
        """The generator of the samples behind ``view``'s decision: seeded by the information set and
        the budget alone (:func:`information_key`)."""
        return random.Random(information_key(view, f"{self.budget}/{every_chance}"))

    def expert(self, seat: int) -> ExpertBot:
        found = self._experts.get(seat)
        if found is None:
            found = self._experts[seat] = ExpertBot(self.rules, seat, seed=0, settings=REVIEW_SETTINGS)
        return found

    def assess(self, view: SeatView, rng: random.Random, *, every_chance: bool = False) -> Assessment:
        """Every legal action of ``view``'s seat valued, best first (ties: the order the engine lists).
        The chance to win of a play is searched near the end of the game (where the best play is the
        one most likely to win), or everywhere with ``every_chance`` (where a table applies)."""
        seat = view.seat
        actions: tuple[Action, ...] = view.legal_actions
        if seat is None or not actions:
            raise PegboardError("nothing to assess: a spectator's view, or no choice to make")
        kind = decision_kind(self.rules, actions[0])
        by_worth = False
        if not self.rules.crib:
            options = self._grid_options(cast(GridView, view), seat, rng)  # a game without a crib is a grid game
            by_win = False
        elif kind == "discard":
            options, by_win, by_worth = self._discard_options(cast(CribbageView, view), seat, actions)
        elif kind == "play":
            options, by_win, by_worth = self._play_options(cast(CribbageView, view), seat, actions, rng, every_chance)
        else:
            values = self.expert(seat).evaluate(view)
            options, by_win = [Option(action, values[action]) for action in actions], False
        order = sorted(range(len(options)), key=lambda i: (-(options[i].worth or 0.0) if by_worth else 0.0,
                                                           -(options[i].win or 0.0) if by_win and not by_worth else 0.0,
                                                           -options[i].points, i))
        return Assessment(seat, kind, tuple(options[i] for i in order), by_win, by_worth, self.objective)

    # ------------------------------------------------------------------ the pieces
    def _needs(self, view: CribbageView, seat: int) -> tuple[int, int]:
        mine = view.side_of_seat[seat]
        return view.target - view.scores[mine], view.target - view.scores[1 - mine]

    def _discard_options(self, view: CribbageView, seat: int, actions: Sequence[Action]
                         ) -> tuple[list[Option], bool, bool]:
        rules = self.rules
        role = (seat - view.dealer) % rules.players
        expert = self.expert(seat)
        weight = expert.settings.pegging_weight if counts_pegging(rules) else 0.0
        ranked = rank_discards(view.hand, rules, role, method="exact" if rules.players == 2 else "table",
                               pegging_weight=weight)
        chances: list[float | None] = [None] * len(ranked)
        worths: list[float | None] = [None] * len(ranked)
        by_win = by_worth = False
        if self.win_model is not None:
            hand = set(view.hand)
            starters = [card.code for card in full_deck() if card not in hand]
            counts = [np.array([hand_score([c.code for c in option.kept], starter) for starter in starters])
                      for option in ranked]
            counts = _with_pegging(counts, [option.expected_pegging for option in ranked])
            my_need, their_need = self._needs(view, seat)
            cribs = [option.expected_crib for option in ranked]
            dealer = view.dealer == seat
            chances = list(discard_win_probabilities(counts, cribs, my_need, their_need, dealer=dealer,
                                                     board=self.win_model.table))
            by_win = min(my_need, their_need) <= ENDGAME  # the expert's own zone (five-card to 61 too)
            if self.board is not None:
                worths = list(discard_values(counts, cribs, my_need, their_need, dealer=dealer, board=self.board))
                by_worth = by_win
        by_throw = {frozenset(option.thrown): (option, chance, worth)
                    for option, chance, worth in zip(ranked, chances, worths)}
        options = []
        for action in actions:
            option, chance, worth = by_throw[frozenset(action.cards)]
            crib = option.expected_crib if option.own_crib else -option.expected_crib
            parts = {"hand": option.expected_hand, "crib": crib}
            if option.expected_pegging is not None:
                parts["pegging"] = option.expected_pegging
            options.append(Option(action, option.net, chance, parts, worth=worth))
        return options, by_win, by_worth

    def _play_options(self, view: CribbageView, seat: int, actions: Sequence[Action], rng: random.Random,
                      every_chance: bool) -> tuple[list[Option], bool, bool]:
        expert = self.expert(seat)
        rounds = 1 if self.rules.players == 2 else MULTI_ROUNDS
        draws: dict[Action, list[float]] = {}
        points = self._halves(lambda: expert.evaluate(view), expert, rng, rounds, draws)
        chances: dict[Action, tuple[float, float]] = {}
        worths: dict[Action, tuple[float, float]] = {}
        by_win = by_worth = False
        if self.win_model is not None and any(a.verb == "play" for a in actions):
            near = min(self._needs(view, seat)) <= ENDGAME_PLAY
            by_worth = near and self.board is not None
            by_win = near and not by_worth
            if by_win or every_chance:
                chances = self._halves(lambda: expert.evaluate(view, to_win=True), expert, rng, 1)
            if self.board is not None and (by_worth or every_chance):
                objective = self.objective
                worths = self._halves(lambda: expert.evaluate(view, objective=objective), expert, rng, 1)
        options = []
        for action in actions:
            win, worth = chances.get(action), worths.get(action)
            options.append(Option(action, sum(points[action]) / 2, None if win is None else sum(win) / 2,
                                  halves=points[action], win_halves=win,
                                  worth=None if worth is None else sum(worth) / 2, worth_halves=worth,
                                  draws=tuple(draws.get(action, ()))))
        return options, by_win, by_worth

    @staticmethod
    def _halves(evaluate: Callable[[], dict[Action, float]], bot: Any, rng: random.Random, rounds: int,
                draws: dict[Action, list[float]] | None = None) -> dict[Action, tuple[float, float]]:
        """Two independent estimates of every action's value: ``rounds`` evaluations each, the bot's
        generator seeded afresh from ``rng`` for each; every action of one evaluation valued on the same
        samples. ``draws`` gathers the values sample by sample where the bot keeps them (all or none)."""
        halves: list[dict[Action, float]] = []
        complete = draws is not None
        for _ in range(2):
            total: dict[Action, float] = {}
            for _ in range(rounds):
                bot.rng = random.Random(rng.getrandbits(64))
                for action, value in evaluate().items():
                    total[action] = total.get(action, 0.0) + value / rounds
                kept = getattr(bot, "draws", None)
                if draws is not None and complete and kept and all(kept.get(a) for a in total):
                    for action in total:
                        draws.setdefault(action, []).extend(kept[action])
                else:
                    complete = False
            halves.append(total)
        if draws is not None and not complete:
            draws.clear()
        return {action: (halves[0][action], halves[1][action]) for action in halves[0]}

    def _grid_options(self, view: GridView, seat: int, rng: random.Random) -> list[Option]:
        from pegboard.bots.grid import SnailspaceExpert, SolitaireExpert

        bot = self._grid.get(seat)
        if bot is None:
            samples = self.rules.kind.grid_samples
            bot = SnailspaceExpert(self.rules, seat, 0, samples=samples) if self.rules.cells_in_order \
                else SolitaireExpert(self.rules, seat, 0, samples=samples)
            self._grid[seat] = bot
        values = self._halves(lambda: dict(bot.evaluate(view)), bot, rng, 1)
        return [Option(action, sum(values[action]) / 2, halves=values[action]) for action in view.legal_actions]
