"""Review a whole game: every decision of every seat, set against the best the analysis knows.

:func:`review` walks a ``pegboard/1`` record through the engine. Before each action it rebuilds the
acting seat's view (what that seat could see at that moment, and nothing else), values every legal
choice (:class:`pegboard.analysis.evaluate.Assessor`) and compares the choice made with the best:
the expected points it lost, the chance to win it lost where the board table applies, and a reason
in words. A game played for another objective than winning (the record's ``objective``: game points,
spread, a match; :mod:`pegboard.objectives`) has its decisions near the end judged by that objective,
as the expert playing for it decides there. Each player gets an accuracy figure
(:mod:`pegboard.analysis.accuracy`), the points lost in discards, in the play and in counting (grid
games: in placing), and their costliest decisions; with two players and a board table, also their
luck, skill, luck-adjusted result and Performance Rating (:mod:`pegboard.analysis.luck`).

Every random draw of a decision comes from a generator seeded by its information set (what the
deciding seat knew) and the analysis budget alone (:meth:`Assessor.rng_for`), never by a hidden card,
the record's seed or the decision's place in the record; every option is valued on the same samples.
So a review is reproducible, and identical information gets an identical verdict in any record. A
sampled choice is called a loss only when it exceeds its noise: ``loss > max(NOISE, 2 x SE)``, the SE
of the difference between the best and the choice, paired sample by sample (:data:`SE_FACTOR`).

>>> from pegboard.engine import new_game
>>> from pegboard.records import parse_record, record_of
>>> game = new_game("five-card", ["Ann", "Bob"], seed=3, first_dealer=1)
>>> while game.deal_number == 0:
...     seat = game.to_act()[0]
...     _ = game.apply(game.legal_actions(seat)[-1])
>>> found = review(parse_record(record_of(game)))
>>> sorted(found.players), found.decisions[0].kind, all(d.loss >= 0 for d in found.decisions)
(['Ann', 'Bob'], 'discard', True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from typing import Any, cast

from pegboard.analysis.accuracy import accuracy
from pegboard.analysis.evaluate import Assessment, Assessor, Option
from pegboard.analysis.luck import LuckEvent, PlayerLuck, cut_luck, deal_luck, performance_rating, starter_luck
from pegboard.analysis.reasons import reason
from pegboard.bots.board import BoardTable
from pegboard.cards import Card, full_deck
from pegboard.engine import Action, GameState
from pegboard.engine.views import CribbageView, SeatView
from pegboard.errors import RecordError
from pegboard.kinds import kind_named, kinds
from pegboard.objectives import WIN, Objective
from pegboard.records import GameRecord, replay, start_game
from pegboard.scoring.fast import hand_score

__all__ = ["Decision", "PlayerReview", "DealMark", "Review", "review", "is_decision", "KINDS",
           "assess_now", "judge", "judge_past",
           "NOISE", "WIN_NOISE", "SE_FACTOR", "COSTLIEST", "FORMAT"]

FORMAT = "pegboard-review/1"
KINDS = {kind.family: kind.decisions for kind in kinds()}
"""The kinds of decision of each family, in the order they are reported."""
NOISE = {"discard": 0.05, "play": 0.05, "count": 0.0, "place": 0.15}
"""Losses of at most this many points are no measurable loss: the analysis' own margin. Discards are
exact but for the model of the other crib cards and the pegging table (0.05); the play is searched
over samples of the unseen cards, and the expert itself calls plays within 0.05 points alike; the
grid games' values come from samples of the cards to come (0.15). Counts are exact."""
SE_FACTOR = 2.0
"""A sampled loss (the play, the grid games) counts only when it is more than this many standard errors
of the difference between the best option and the choice (and more than :data:`NOISE`): a loss the
samples cannot tell from zero is no mistake."""
WIN_NOISE = 0.03
"""Near the end, where decisions are judged by the chance to win: a loss of at most three percentage
points is no measurable loss (there a few samples that peg out, or not, move the chance that much)."""
MIN_POINT_WORTH = 0.01
"""Near the end a loss in the chance to win is turned into points at what a point is worth there,
but never at less than this (a game all but decided would turn a sliver into many points)."""
COSTLIEST = 5
"""How many of each player's costliest decisions the review lists."""

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Decision:
    """One reviewed decision. ``index``: the action's place among all the record's actions (0-based);
    ``loss``: expected points lost against ``best`` (0: none measurable); ``win_loss``: the chance to
    win lost (None where no table applies); ``scores``: every side's score before it."""

    index: int
    deal: int
    seat: int
    player: str
    kind: str
    choice: Action
    best: Action
    loss: float
    win_loss: float | None
    points: float
    best_points: float
    win: float | None
    reason: str
    scores: tuple[int, ...]
    assessment: Assessment = field(repr=False, compare=False)
    worth_loss: float | None = None
    """What it lost in the review's objective (game points, spread, a match) where it was judged by it."""
    se: float | None = None
    """The standard error of the points between the best option and the choice (None: exact values)."""

    @property
    def place(self) -> int:
        """The choice's place among the distinct choices, best first as the review ranks them: 1 when
        it lost nothing measurable, never 1 when it did."""
        if self.loss <= 0:
            return 1
        options = self.assessment.distinct()
        chosen = self.assessment.option(self.choice)
        def alike(option: Option) -> bool:  # a play of the same rank is the same choice
            action, mine = option.action, chosen.action
            return option is chosen or (action.verb == mine.verb == "play" and bool(action.cards) and
                                        bool(mine.cards) and action.cards[0].rank == mine.cards[0].rank)

        at = next((i for i, option in enumerate(options) if alike(option)), len(options) - 1) + 1
        return max(2, at)

    @property
    def choices(self) -> int:
        """How many distinct choices there were."""
        return len(self.assessment.distinct())

    def to_json(self, game: GameState | None = None) -> dict[str, Any]:
        """The decision as the ``--json`` output lists it (docs/review.md)."""
        data: dict[str, Any] = {
            "index": self.index, "deal": self.deal, "seat": self.seat, "player": self.player, "kind": self.kind,
            "choice": self.choice.text(), "best": self.best.text(), "loss": round(self.loss, 3),
            "win_loss": None if self.win_loss is None else round(self.win_loss, 4),
            "points": round(self.points, 3), "best_points": round(self.best_points, 3),
            "win": None if self.win is None else round(self.win, 4),
            "se": None if self.se is None else round(self.se, 3), "reason": self.reason,
            "scores": list(self.scores),
        }
        if self.assessment.objective != WIN:
            data["worth_loss"] = None if self.worth_loss is None else round(self.worth_loss, 4)
        data["options"] = [option.to_json() for option in self.assessment.distinct()]
        return data


@dataclass(frozen=True)
class PlayerReview:
    """One player's game: ``accuracy`` 0-100, ``points_lost`` in all, ``lost`` by kind of decision,
    how many real ``decisions`` they made, how many cost something (``mistakes``), and the indices in
    :attr:`Review.decisions` of their costliest decisions, costliest first."""

    name: str
    seat: int
    side: str
    accuracy: float
    points_lost: float
    lost: dict[str, float]
    decisions: int
    mistakes: int
    costliest: tuple[int, ...]
    luck: PlayerLuck = PlayerLuck(0.0, 0.0, 0.0, 0.0, None, False)
    """What the cards gave them, the rest (skill), the luck-adjusted result and the Performance Rating
    (:mod:`pegboard.analysis.luck`)."""

    def to_json(self, decisions: list[Decision]) -> dict[str, Any]:
        luck = self.luck
        return {"seat": self.seat, "side": self.side, "accuracy": self.accuracy,
                "points_lost": round(self.points_lost, 3),
                "luck": round(luck.luck, 4), "skill": round(luck.skill, 4), "result": round(luck.result, 4),
                "luck_adjusted": round(luck.luck_adjusted, 4),
                "rating": None if luck.rating is None else round(luck.rating, 2), "luck_measured": luck.measured,
                "lost": {k: round(v, 3) for k, v in self.lost.items()},
                "decisions": self.decisions, "mistakes": self.mistakes,
                "costliest": [_brief(decisions[i]) for i in self.costliest]}


def _brief(decision: Decision) -> dict[str, Any]:
    return {"index": decision.index, "deal": decision.deal, "kind": decision.kind, "choice": decision.choice.text(),
            "best": decision.best.text(), "loss": round(decision.loss, 3), "reason": decision.reason}


@dataclass(frozen=True)
class DealMark:
    """The game at the start of a deal (and, ``deal`` = -1, at its end): the index of the next action,
    every side's score, and (games with a board table) each side's chance to win from it."""

    deal: int
    index: int
    dealer: int | None
    scores: tuple[int, ...]
    win: tuple[float, ...] | None

    def to_json(self, sides: tuple[str, ...]) -> dict[str, Any]:
        return {"deal": self.deal, "index": self.index, "scores": dict(zip(sides, self.scores)),
                "win": None if self.win is None else {side: round(p, 4) for side, p in zip(sides, self.win)}}


@dataclass(frozen=True)
class Review:
    """A reviewed game: ``players`` by name, every ``decisions``, the ``marks`` of each deal's start
    (the score race and the line of the chance to win), and ``scores_after`` every action."""

    game: str
    family: str
    players: dict[str, PlayerReview]
    sides: tuple[str, ...]
    decisions: list[Decision]
    marks: list[DealMark]
    scores_after: list[tuple[int, ...]]
    actions: int
    finished: bool
    winner: str | None
    seconds: float
    objective: Objective = WIN
    """What the decisions near the end were judged by (the record's, unless the review was told)."""
    luck_events: list[LuckEvent] = field(default_factory=list)
    """The chance events (the cut, each deal, each starter) and each side's luck in them."""

    @property
    def judged(self) -> str:
        """How the decisions near the end were judged, in words for a screen ("" when to win).

        >>> from pegboard.objectives import SPREAD
        >>> Review("cribbage", "cribbage", {}, (), [], [], [], 0, False, None, 0.0, SPREAD).judged
        'Near the end, decisions are judged for the spread, their cost turned into points.'
        """
        if self.objective == WIN:
            return ""
        return f"Near the end, decisions are judged {self.objective.words}, their cost turned into points."

    @property
    def luck_line(self) -> str:
        """Each player's luck (what the cards gave them, in the chance to win), luck-adjusted result and
        Performance Rating in a line for a screen; "" where no luck was measured.

        >>> Review("cribbage", "cribbage", {}, (), [], [], [], 0, False, None, 0.0).luck_line
        ''
        """
        parts = [f"{name} {player.luck.luck * 100:+.0f}% (adjusted {player.luck.luck_adjusted:.2f}, "
                 f"PR {player.luck.rating if player.luck.rating is not None else 0:.1f})"
                 for name, player in self.players.items() if player.luck.measured]
        return "Luck (the cards, in the chance to win): " + ", ".join(parts) if parts else ""

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of decision this game has, in the order they are reported."""
        return kind_named(self.family).decisions

    def to_json(self) -> dict[str, Any]:
        """The ``pegboard review --json`` object (its shape is documented in docs/review.md)."""
        return {
            "format": FORMAT, "game": self.game, "objective": self.objective.name, "judged": self.judged,
            "sides": list(self.sides), "finished": self.finished, "winner": self.winner, "actions": self.actions,
            "players": {name: player.to_json(self.decisions) for name, player in self.players.items()},
            "decisions": [decision.to_json() for decision in self.decisions],
            "timeline": [mark.to_json(self.sides) for mark in self.marks],
            "luck_events": [event.to_json(self.sides) for event in self.luck_events],
            "seconds": round(self.seconds, 2),
        }


def assess_now(game: GameState, seat: int, objective: Objective = WIN, assessor: Assessor | None = None
               ) -> Assessment:
    """Every choice ``seat`` has now in ``game``, valued as the review of the game will value it: the
    same assessor, the same samples (seeded by the seat's information set). The hint's numbers."""
    assessor = assessor if assessor is not None else Assessor(game.rules, objective)
    view = game.view(seat)
    return assessor.assess(view, assessor.rng_for(view))


def judge(game: GameState, action: Action, objective: Objective = WIN) -> Decision:
    """The review's verdict on ``action`` about to be made in ``game``: the one verdict the hint, the
    show panel, the review and ``pegboard analyse`` give (the same assessment, best and loss).

    >>> from pegboard.engine import new_game
    >>> game = new_game("cribbage", ["Ann", "Bob"], seed=3)
    >>> best = assess_now(game, 0).best.action
    >>> judge(game, best).loss, judge(game, best).place
    (0.0, 1)
    """
    assessor = Assessor(game.rules, objective)
    found = assess_now(game, action.seat, objective, assessor)
    index = sum(len(log.moves) for log in game.deal_logs)
    return _verdict(found, game.view(action.seat), game, action, index, game.deal_number, assessor)


def judge_past(game: GameState, deal: int, seat: int, verb: str = "discard", objective: Objective = WIN
               ) -> Decision | None:
    """:func:`judge` of ``seat``'s first ``verb`` move in deal ``deal`` (0-based) of ``game``, on the game
    rebuilt from its seed as it stood just before; None if there was no such move, it was no real choice
    or the game has no seed to rebuild it from."""
    if game.seed is None or not 0 <= deal < len(game.deal_logs):
        return None
    earlier = [action for log in game.deal_logs[:deal] for action in log.moves]
    moves = game.deal_logs[deal].moves
    at = next((i for i, action in enumerate(moves) if action.seat == seat and action.verb == verb), None)
    if at is None:
        return None
    from pegboard.engine import new_game

    before = new_game(game.rules, list(game.players), seed=game.seed, rng=random.Random(game.seed))
    for action in (*earlier, *moves[:at]):
        before.apply(action)
    if not is_decision(before.legal_actions(seat)):
        return None
    return judge(before, moves[at], objective)


def is_decision(actions: tuple[Action, ...]) -> bool:
    """Whether a seat had a real choice: two or more actions, and (the play) two or more ranks."""
    if len(actions) < 2:
        return False
    if actions[0].verb == "play":
        return len({action.cards[0].rank for action in actions if action.cards}) > 1
    return True


def review(record: GameRecord, *, seats: Collection[int] | None = None, progress: Progress | None = None,
           objective: Objective | None = None) -> Review:
    """Review every decision of ``seats`` (default: every seat) in ``record``, judged near the end by
    ``objective`` (default: the record's); ``progress(done, total)`` is called after each action.
    Raises :class:`~pegboard.errors.RecordError` for a record that breaks the rules (named as
    ``pegboard replay`` names it), :class:`~pegboard.errors.ObjectiveError` for an objective its
    rules cannot have."""
    started = time.perf_counter()
    final = replay(record)  # the record checked once, with replay's messages
    players = record.players
    if seats is not None:
        for seat in seats:
            if not 0 <= seat < len(players):
                raise RecordError(f"seat {seat}: expected 0 to {len(players) - 1}")
    objective = record.objective if objective is None else objective
    objective.check(record.rules)
    game = start_game(record)
    assessor = Assessor(record.rules, objective)
    texts = [(deal_index, number, text) for deal_index, deal in enumerate(record.deals)
             for number, text in enumerate(deal.actions)]
    decisions: list[Decision] = []
    marks: list[DealMark] = []
    scores_after: list[tuple[int, ...]] = []
    lucky = assessor.win_model is not None and record.rules.players == 2 and bool(record.rules.crib)
    luck = _Luck(record, assessor) if lucky else None
    for index, (deal_index, number, text) in enumerate(texts):
        if number == 0 or not marks:
            marks.append(_mark(game, assessor, deal_index, index))
            if luck is not None:
                luck.deal_start(game, marks[-1], index)
        action = game.parse_action(text)
        seat = action.seat
        view = game.view(seat)
        if (seats is None or seat in seats) and is_decision(view.legal_actions):
            known = luck.throws.get((deal_index, seat)) if luck is not None and action.verb == "discard" else None
            found = known if known is not None else assessor.assess(view, assessor.rng_for(view))
            decisions.append(_verdict(found, view, game, action, index, deal_index, assessor))
        before = game.score_list
        starter = getattr(game, "starter", None)
        game.apply(action)
        if luck is not None and starter is None and getattr(game, "starter", None) is not None \
                and game.deal_number == deal_index:
            luck.starter_turned(deal_index, index + 1, before)
        scores_after.append(game.score_list)
        if progress is not None:
            progress(index + 1, len(texts))
    if not texts:
        marks.append(_mark(game, assessor, 0, 0))
    marks.append(DealMark(-1, len(texts), None, game.score_list, _final_chances(game, assessor)))
    summaries = _summaries(record, decisions, seats, game)
    events: list[LuckEvent] = []
    if luck is not None:
        events = luck.finish(game, marks)
        summaries = {name: replace(player, luck=luck.player(player.seat, events, decisions))
                     for name, player in summaries.items()}
    return Review(record.rules.name, record.rules.family, summaries, game.side_names, decisions, marks,
                  scores_after, len(texts), final.finished, final.winner, time.perf_counter() - started,
                  objective, events)


class _Luck:
    """Gathers a two-player game's chance events as the review walks it (:mod:`pegboard.analysis.luck`)."""

    def __init__(self, record: GameRecord, assessor: Assessor) -> None:
        self.record = record
        self.assessor = assessor
        assert assessor.win_model is not None
        self.model = assessor.win_model
        self.throws: dict[tuple[int, int], Assessment] = {}
        self.events: list[LuckEvent] = []
        self.initial: float | None = None
        self.starters: list[tuple[int, int, tuple[int, ...]]] = []

    def chance(self, mine: int, theirs: int, dealing: bool) -> float:
        return self.model.chance(my_score=mine, their_score=theirs, dealing=dealing)

    def deal_start(self, game: GameState, mark: DealMark, index: int) -> None:
        dealer = getattr(game, "dealer", None)
        if mark.win is None or dealer is None or game.finished:
            return
        scores = game.score_list
        if self.initial is None:
            if self.record.cut_for_deal and mark.deal == 0:
                as_dealer, as_pone = self.chance(scores[0], scores[1], True), self.chance(scores[0], scores[1], False)
                self.initial = (as_dealer + as_pone) / 2
                self.events.append(LuckEvent("cut", -1, index, cut_luck(as_dealer, as_pone, dealer)))
            else:
                self.initial = mark.win[0]
        best = []
        for seat in (0, 1):
            view = game.view(seat)
            if not view.legal_actions or view.legal_actions[0].verb != "discard":
                return
            found = self.assessor.assess(view, self.assessor.rng_for(view))
            self.throws[(mark.deal, seat)] = found
            best.append(max(option.win or 0.0 for option in found.options))
        self.events.append(LuckEvent("deal", mark.deal, index, deal_luck((mark.win[0], mark.win[1]),
                                                                          (best[0], best[1]))))

    def starter_turned(self, deal: int, index: int, before: tuple[int, ...]) -> None:
        self.starters.append((deal, index, before))

    def finish(self, game: GameState, marks: list[DealMark]) -> list[LuckEvent]:
        rules = self.record.rules
        pegged: dict[int, list[int]] = {}
        shown: set[int] = set()
        for event in game.view(None).events:
            if event.type == "score" and event.phase == "play" and event.seat is not None:
                pegged.setdefault(event.deal, [0, 0])[event.seat] += event.points or 0
            if event.phase == "show":
                shown.add(event.deal)
        four = rules.crib_four_flush
        for deal, index, base in self.starters:
            if deal not in shown:
                continue  # won in the play (or not yet shown): the starter decided nothing measurable
            entry = self.record.deals[deal]
            cards = entry.deal
            hands = [list(hand) for hand in cards.hands]
            thrown: list[Card] = list(cards.crib)
            for text in entry.actions:
                parts = text.split()
                if len(parts) > 2 and parts[1] == "discard":
                    seat = self.record.players.index(parts[0])
                    for code in parts[2:]:
                        card = Card.parse(code)
                        hands[seat].remove(card)
                        thrown.append(card)
            dealt = {card for hand in cards.hands for card in hand} | set(cards.crib)
            starters = [card for card in full_deck() if card not in dealt]
            if cards.starter is None or len(hands) != 2:
                continue
            dealer = next(mark.dealer for mark in marks if mark.deal == deal)
            if dealer is None:
                continue
            pone = 1 - dealer
            pone_codes = [card.code for card in hands[pone]]
            dealer_codes = [card.code for card in hands[dealer]]
            crib_codes = [card.code for card in thrown]

            def counts(card: Card, pone_codes: list[int] = pone_codes, dealer_codes: list[int] = dealer_codes,
                       crib_codes: list[int] = crib_codes) -> tuple[int, int]:
                return (hand_score(pone_codes, card.code),
                        hand_score(dealer_codes, card.code) + hand_score(crib_codes, card.code, True, four))

            target = rules.target or 0
            self.events.append(LuckEvent("starter", deal, index, starter_luck(
                self.chance, target, dealer, base, pegged.get(deal, [0, 0]), counts, rules.heels_points,
                starters, cards.starter)))
        self.events.sort(key=lambda event: (event.index, event.kind != "cut"))
        last = [mark for mark in marks if mark.win is not None]
        if game.finished:
            self.outcome = 1.0 if game.winner_side == 0 else 0.0
        else:
            self.outcome = last[-1].win[0] if last and last[-1].win is not None else 0.5
        return self.events

    def player(self, seat: int, events: list[LuckEvent], decisions: list[Decision]) -> PlayerLuck:
        luck = sum(event.luck[seat] for event in events)
        outcome = self.outcome if seat == 0 else 1 - self.outcome
        initial = self.initial if self.initial is not None else 0.5
        initial = initial if seat == 0 else 1 - initial
        result = outcome - initial
        mine = [decision for decision in decisions if decision.seat == seat]
        lost = sum(decision.win_loss or 0.0 for decision in mine)
        return PlayerLuck(round(luck, 10), round(result - luck, 10), round(result, 10), round(outcome - luck, 10),
                          performance_rating(lost, len(mine)), True)


def _mark(game: GameState, assessor: Assessor, deal: int, index: int) -> DealMark:
    model = assessor.win_model
    dealer = getattr(game, "dealer", None)
    chances = None
    if model is not None and dealer is not None and not game.finished:
        scores = game.score_list
        first = model.chance(my_score=scores[0], their_score=scores[1], dealing=dealer == 0)
        chances = (first, 1 - first)
    return DealMark(deal, index, dealer, game.score_list, chances)


def _final_chances(game: GameState, assessor: Assessor) -> tuple[float, ...] | None:
    """At the end of a game whose chances the board table tells: 1 for the winner, 0 for the other."""
    if not game.finished or assessor.win_model is None or game.rules.sides != 2:
        return None
    return tuple(1.0 if side == game.winner_side else 0.0 for side in range(2))


def _verdict(found: Assessment, view: SeatView, game: GameState, action: Action, index: int, deal: int,
             assessor: Assessor) -> Decision:
    chosen = found.option(action)
    options = found.options
    seat = found.seat
    top_points = max(option.points for option in options)
    best = next(option for option in options if option.points == top_points)
    loss = _measured_loss(options, chosen, lambda option: option.points, lambda option: option.halves)
    se = chosen.se_against(best)
    threshold = max(NOISE[found.kind], SE_FACTOR * se if se is not None else 0.0)
    win_table = assessor.win_model.table if assessor.win_model is not None else None
    win_loss: float | None = None
    worth_loss: float | None = None
    judged = _judged_by(found, chosen, assessor)
    if judged is not None:  # near the end: by the chance to win, or by the objective, in its own units
        table, value, halves = judged
        best = found.best
        lost = _measured_loss(options, chosen, value, halves)
        swing = table.plain_swing()  # WIN_NOISE of the objective's scale is what it is of a chance
        worth = max(_point_worth(table, view, seat), MIN_POINT_WORTH * swing)
        loss = 0.0 if lost <= WIN_NOISE * swing else lost / worth
        threshold = NOISE[found.kind]
        if table is win_table:
            win_loss = lost
        else:
            worth_loss = lost
    if win_loss is None and win_table is not None:
        win_loss = (max(0.0, max(option.win or 0.0 for option in options) - chosen.win) if chosen.win is not None
                    else loss * _point_worth(win_table, view, seat))
    if loss <= threshold + 1e-9:
        loss, best = 0.0, chosen
        win_loss = 0.0 if win_loss is not None else None
        worth_loss = 0.0 if worth_loss is not None else None
    words = reason(found, chosen, best, loss, view, game.rules)
    return Decision(index, deal, seat, game.players[seat], found.kind, chosen.action, best.action, loss, win_loss,
                    chosen.points, best.points, chosen.win, words, game.score_list, found, worth_loss, se)


Value = Callable[[Option], float]
Halves = Callable[[Option], "tuple[float, float] | None"]


def _judged_by(found: Assessment, chosen: Option, assessor: Assessor) -> tuple[BoardTable, Value, Halves] | None:
    """What a decision near the end is judged by: the objective's table and values where the assessment
    ranks by them, the chance to win where it ranks by that, else None (judged by points)."""
    if found.by_worth and assessor.board is not None and chosen.worth is not None and found.best.worth is not None:
        return assessor.board, lambda option: option.worth or 0.0, lambda option: option.worth_halves
    if found.by_win and assessor.win_model is not None and chosen.win is not None and found.best.win is not None:
        return assessor.win_model.table, lambda option: option.win or 0.0, lambda option: option.win_halves
    return None


def _measured_loss(options: tuple[Option, ...], chosen: Option, value: Callable[[Option], float],
                   halves: Callable[[Option], tuple[float, float] | None]) -> float:
    """What ``chosen`` lost against the best option, >= 0. Exact values: the best's value less the
    choice's. Sampled values (two independent halves): each half picks its best, and the other half
    measures what the choice lost against it; the mean of the two. So noise that makes some option
    look best in one half is not counted as a loss; a choice that is best in either half lost nothing
    measurable."""
    split = [halves(option) for option in options]
    mine = halves(chosen)
    if mine is None or any(pair is None for pair in split):
        return max(0.0, max(value(option) for option in options) - value(chosen))
    pairs = [pair for pair in split if pair is not None]
    first = max(pairs, key=lambda pair: pair[0])
    second = max(pairs, key=lambda pair: pair[1])
    return max(0.0, ((first[1] - mine[1]) + (second[0] - mine[0])) / 2)


def _point_worth(board: BoardTable, game_view: SeatView, seat: int) -> float:
    """What a point is worth to ``seat``'s side by ``board``'s objective as the game goes on (the next
    deal's dealer is this deal's pone)."""
    view = cast(CribbageView, game_view)  # the board tables are cribbage games'
    mine = view.side_of_seat[seat]
    return board.point_worth(view.target - view.scores[mine], view.target - view.scores[1 - mine],
                             dealing=view.dealer != seat)


def _summaries(record: GameRecord, decisions: list[Decision], seats: Collection[int] | None, game: GameState
               ) -> dict[str, PlayerReview]:
    kinds = record.rules.kind.decisions
    result = {}
    for seat, name in enumerate(record.players):
        if seats is not None and seat not in seats:
            continue
        mine = [i for i, decision in enumerate(decisions) if decision.seat == seat]
        lost = dict.fromkeys(kinds, 0.0)
        for i in mine:
            lost[decisions[i].kind] += decisions[i].loss
        total = sum(lost.values())
        costly = sorted((i for i in mine if decisions[i].loss > 0), key=lambda i: (-decisions[i].loss, i))
        result[name] = PlayerReview(name, seat, game.side_names[game.side_of(seat)], accuracy(total, len(mine)),
                                    total, lost, len(mine), len(costly), tuple(costly[:COSTLIEST]))
    return result
