"""A player's own statistics, UI-free: from the records of the games they finished (the terminal app's
log, a server's tables) to won and lost, skunks, points per deal by source as dealer and as pone beside
the published expert averages, accuracy per game (:mod:`pegboard.analysis.accuracy`, worked out by a
review when asked for, and cached by the caller), duplicate sets (:mod:`pegboard.duplicate`), and the
net points per deal (the player's less the opponent's) month by month, raw and luck-adjusted: less the
luck of the cards in points (:func:`pegboard.sim.luck.deal_lucks`, two players), so the trend shows
the play more than the cards.

Points come from the engine's own tally of each deal (:func:`pegboard.engine.tally.deal_sources`), over
the deals whose crib was counted, of the games with a crib only. Won and lost count whole games, not
the halves of duplicate sets (those are counted as sets).

>>> from pegboard.engine import new_game
>>> from pegboard.records import record_of
>>> game = new_game("cribbage", ["Ann", "Ada"], seed=3, target=31)
>>> while not game.finished:
...     seat = game.to_act()[0]
...     _ = game.apply(game.legal_actions(seat)[0])
>>> stats = player_stats([PlayedGame(record_of(game), seat=0, opponent="expert")])
>>> stats.results[0].played, stats.figures[0].game
(1, 'cribbage')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pegboard.duplicate import DuplicateResult, compare
from pegboard.engine import GameState
from pegboard.engine.tally import SOURCES, deal_sources
from pegboard.errors import PegboardError
from pegboard.records import parse_record, replay
from pegboard.rules import Rules

__all__ = ["EXPERT", "ROWS", "PlayedGame", "Figure", "KindFigures", "Results", "GameLine", "SetLine", "TrendPoint",
           "PlayerStats", "player_stats", "game_accuracy", "with_accuracy", "has_expert_figures"]

EXPERT: dict[tuple[str, str], tuple[float, float]] = {
    ("dealer", "hand"): (8.0, 8.0), ("dealer", "crib"): (4.7, 5.0), ("dealer", "pegging"): (3.5, 3.5),
    ("pone", "hand"): (8.1, 8.1), ("pone", "pegging"): (2.0, 2.0),
}
"""Published averages of expert players, points per deal, in two-player six-card cribbage (low, high)."""
ROWS = (("dealer", "hand"), ("dealer", "crib"), ("dealer", "pegging"), ("dealer", "heels"), ("dealer", "all"),
        ("pone", "hand"), ("pone", "pegging"), ("pone", "all"))
"""The figures shown, in order: each role's points by source and in all (``all``)."""


def has_expert_figures(rules: Rules) -> bool:
    """Whether the expert averages apply: two players, six cards dealt, a crib.

    >>> [has_expert_figures(Rules.preset(name)) for name in ("cribbage", "five-card", "cribbage-3")]
    [True, False, False]
    """
    return rules.crib and rules.players == 2 and rules.deal_size == 6


@dataclass(frozen=True)
class PlayedGame:
    """One finished game from the player's side: its ``pegboard/1`` record, their seat, who they
    played (a computer level, ``people``...), when it ended, its accuracy if worked out already, and
    for half of a duplicate set ``(set key, half)``; ``key`` is the caller's (a row id, to cache)."""

    record: dict[str, Any]
    seat: int
    opponent: str = ""
    when: str = ""
    accuracy: float | None = None
    duplicate: tuple[str, int] | None = None
    key: Any = None

    def __post_init__(self) -> None:
        # an accuracy is a figure from 0 to 100 (pegboard.analysis.accuracy): anything else kept for it (a
        # damaged cache: 1e308, nan) is not worked out, and a review works it out again
        accuracy = self.accuracy
        if accuracy is not None and not (isinstance(accuracy, (int, float)) and 0.0 <= accuracy <= 100.0):
            object.__setattr__(self, "accuracy", None)


@dataclass(frozen=True)
class Figure:
    """Points per deal from one source in one role (``all``: every source), with the expert's."""

    role: str
    source: str
    points: int
    deals: int
    expert: tuple[float, float] | None

    @property
    def mean(self) -> float | None:
        return self.points / self.deals if self.deals else None

    def to_json(self) -> dict[str, Any]:
        mean = self.mean
        return {"role": self.role, "source": self.source, "points": self.points, "deals": self.deals,
                "mean": None if mean is None else round(mean, 3), "expert": None if self.expert is None
                else list(self.expert)}


@dataclass(frozen=True)
class KindFigures:
    """The figures of one kind of game (a preset with a crib): deals counted per role, and :data:`ROWS`."""

    game: str
    deals: dict[str, int]
    figures: tuple[Figure, ...]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "deals": self.deals, "figures": [figure.to_json() for figure in self.figures]}


@dataclass
class Results:
    """Whole games of one kind against one opponent: won, lost, drawn, skunks taken and given."""

    game: str
    opponent: str
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    skunked: int = 0
    double_skunked: int = 0
    skunks: int = 0
    double_skunks: int = 0

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class GameLine:
    """One game in the list: when, what, against whom, the result from the player's side, the scores
    (theirs first), the accuracy (None: not worked out yet), and (two players) the complete deals, the
    net points over them (the player's less the opponent's) and the luck of the cards in points."""

    when: str
    game: str
    opponent: str
    result: str
    scores: tuple[int, int]
    accuracy: float | None
    deals: int = 0
    net: int = 0
    luck: float | None = None

    def to_json(self) -> dict[str, Any]:
        per_deal = self.deals or 1
        return {"when": self.when, "game": self.game, "opponent": self.opponent, "result": self.result,
                "scores": list(self.scores), "accuracy": self.accuracy,
                "net_per_deal": round(self.net / per_deal, 3) if self.luck is not None and self.deals else None,
                "luck_adjusted_per_deal": round((self.net - self.luck) / per_deal, 3)
                if self.luck is not None and self.deals else None}


@dataclass(frozen=True)
class TrendPoint:
    """One month's two-player games (``period``: YYYY-MM, or "" undated): the net points per deal,
    raw and luck-adjusted (the luck of the cards taken out)."""

    period: str
    games: int
    deals: int
    raw: float
    luck_adjusted: float

    def to_json(self) -> dict[str, Any]:
        return {"period": self.period, "games": self.games, "deals": self.deals, "raw": round(self.raw, 3),
                "luck_adjusted": round(self.luck_adjusted, 3)}


def luck_trend(lines: Sequence[GameLine]) -> tuple[TrendPoint, ...]:
    """The net points per deal month by month, raw and luck-adjusted, oldest first (games with luck).

    >>> lines = [GameLine("2026-01-05", "cribbage", "expert", "won", (121, 100), None, 9, 18, 9.0),
    ...          GameLine("2026-01-09", "cribbage", "expert", "lost", (90, 121), None, 9, -27, -18.0)]
    >>> luck_trend(lines)[0].to_json()
    {'period': '2026-01', 'games': 2, 'deals': 18, 'raw': -0.5, 'luck_adjusted': 0.0}
    """
    months: dict[str, list[float]] = {}
    for line in lines:
        if line.luck is None or not line.deals:
            continue
        sums = months.setdefault(line.when[:7], [0, 0, 0.0, 0.0])
        sums[0] += 1
        sums[1] += line.deals
        sums[2] += line.net
        sums[3] += line.net - line.luck
    return tuple(TrendPoint(period, int(games), int(deals), raw / deals, adjusted / deals)
                 for period, (games, deals, raw, adjusted) in sorted(months.items()))


@dataclass(frozen=True)
class SetLine:
    """One duplicate set: when it ended, its game and its comparison."""

    when: str
    game: str
    opponent: str
    result: DuplicateResult

    def to_json(self) -> dict[str, Any]:
        return {"when": self.when, "game": self.game, "opponent": self.opponent, **self.result.to_json()}


@dataclass(frozen=True)
class PlayerStats:
    """Everything :func:`player_stats` works out (see the module)."""

    results: tuple[Results, ...]
    figures: tuple[KindFigures, ...]
    games: tuple[GameLine, ...]
    """Newest first."""
    sets: tuple[SetLine, ...]
    """Newest first."""
    unreadable: int = 0
    """Logged games whose record could not be replayed (left out)."""
    pending: int = field(default=0)
    """Games whose accuracy is not worked out yet."""
    trend: tuple[TrendPoint, ...] = ()
    """Net points per deal month by month, raw and luck-adjusted (:func:`luck_trend`), oldest first."""

    @property
    def accuracy(self) -> float | None:
        """The mean accuracy of the games reviewed, None if none is."""
        values = [line.accuracy for line in self.games if line.accuracy is not None]
        return round(sum(values) / len(values), 1) if values else None

    def to_json(self) -> dict[str, Any]:
        """The ``pegboard stats me --json`` object (docs/review.md)."""
        return {"format": "pegboard-player-stats/1", "results": [row.to_json() for row in self.results],
                "figures": [kind.to_json() for kind in self.figures], "accuracy": self.accuracy,
                "games": [line.to_json() for line in self.games], "sets": [line.to_json() for line in self.sets],
                "unreadable": self.unreadable, "pending": self.pending,
                "luck_trend": [point.to_json() for point in self.trend]}


def game_accuracy(record: dict[str, Any], seat: int) -> float:
    """The accuracy of ``seat`` in a finished game's record (a review of that seat's decisions: about
    two seconds for a game of cribbage to 121)."""
    from pegboard.analysis.review import review

    parsed = parse_record(record)
    return review(parsed, seats={seat}).players[parsed.players[seat]].accuracy


def with_accuracy(games: Sequence[PlayedGame], keep: Callable[[Any, float], None] | None = None,
                  progress: Callable[[int, int], None] | None = None, limit: int | None = None
                  ) -> list[PlayedGame]:
    """``games`` with the missing accuracies worked out (at most ``limit`` of them): ``keep(key,
    accuracy)`` caches each as it comes (``key``: the game's), ``progress(done, total)`` follows. A
    record that cannot be reviewed keeps no accuracy."""
    missing = [index for index, game in enumerate(games) if game.accuracy is None][:limit]
    done = list(games)
    for number, index in enumerate(missing):
        try:
            value = game_accuracy(games[index].record, games[index].seat)
        except PegboardError:
            continue
        done[index] = replace(games[index], accuracy=value)
        if keep is not None:
            keep(games[index].key, value)
        if progress is not None:
            progress(number + 1, len(missing))
    return done


def player_stats(games: Sequence[PlayedGame]) -> PlayerStats:
    """The statistics of a player's finished ``games`` (see the module)."""
    results: dict[tuple[str, str], Results] = {}
    tallies: dict[str, dict[tuple[str, str], list[int]]] = {}
    lines: list[tuple[str, int, GameLine]] = []
    halves: list[tuple[PlayedGame, GameState]] = []
    unreadable = 0
    for played in games:
        try:
            game = replay(parse_record(played.record))
        except PegboardError:
            unreadable += 1
            continue
        if not game.finished or not 0 <= played.seat < game.rules.players:
            unreadable += 1
            continue
        _tally(game, played.seat, tallies.setdefault(game.game, {}))
        result = _result(game, played.seat)
        if played.duplicate is not None:
            halves.append((played, game))
            result = f"half {played.duplicate[1]}"
        else:
            _count(results.setdefault((game.game, played.opponent), Results(game.game, played.opponent)), game,
                   played.seat, result)
        deals, net, luck = _net_and_luck(game, played.seat)
        lines.append((played.when, len(lines), GameLine(played.when, game.game, played.opponent, result,
                                                        _scores(game, played.seat), played.accuracy, deals, net,
                                                        luck)))
    figures = tuple(_figures(name, tally) for name, tally in tallies.items() if tally)
    pending = sum(1 for game in games if game.accuracy is None)
    newest = tuple(line for *_, line in sorted(lines, reverse=True, key=lambda entry: entry[:2]))
    return PlayerStats(tuple(sorted(results.values(), key=lambda row: (row.game, row.opponent))), figures,
                       newest, _sets(halves), unreadable, pending, luck_trend(newest))


def _net_and_luck(game: GameState, seat: int) -> tuple[int, int, float | None]:
    """Two players with a crib: the complete deals, the seat's net points over them, and its luck of the
    cards in points over every deal (None: no luck measured)."""
    rules = game.rules
    if rules.players != 2 or not rules.crib:
        return 0, 0, None
    from pegboard.sim.luck import deal_lucks

    deals = deal_sources(game)
    net = sum(sum(deal[seat][source] for source in SOURCES) - sum(deal[1 - seat][source] for source in SOURCES)
              for deal in deals)
    luck = sum(deal_lucks(game, len(game.deal_logs)))
    return len(deals), net, luck if seat == 0 else -luck


def _result(game: GameState, seat: int) -> str:
    if game.winner_side is None:
        return "lost" if game.rules.solo else "draw"
    return "won" if game.winner_side == game.side_of(seat) else "lost"


def _scores(game: GameState, seat: int) -> tuple[int, int]:
    scores = game.score_list
    mine = game.side_of(seat)
    others = [score for side, score in enumerate(scores) if side != mine]
    return scores[mine], max(others) if others else game.rules.target or 0


def _count(row: Results, game: GameState, seat: int, result: str) -> None:
    row.played += 1
    row.won += result == "won"
    row.lost += result == "lost"
    row.drawn += result == "draw"
    marks = game.losers_marks()
    mine = game.side_names[game.side_of(seat)]
    taken = marks.get(mine)
    row.skunked += taken == "skunk"
    row.double_skunked += taken == "double-skunk"
    given = [mark for name, mark in marks.items() if name != mine] if result == "won" else []
    row.skunks += given.count("skunk")
    row.double_skunks += given.count("double-skunk")


def _tally(game: GameState, seat: int, tally: dict[tuple[str, str], list[int]]) -> None:
    """Add the seat's points of each complete deal, by role and source, to ``tally`` (points, deals)."""
    for deal in deal_sources(game):
        points = deal[seat]
        role = "dealer" if points["role"] == 0 else "pone"
        for source in (*SOURCES, "all"):
            value = sum(points[s] for s in SOURCES) if source == "all" else points[source]
            sums = tally.setdefault((role, source), [0, 0])
            sums[0] += value
            sums[1] += 1


def _figures(name: str, tally: dict[tuple[str, str], list[int]]) -> KindFigures:
    expert = has_expert_figures(Rules.preset(name))
    rows = []
    for role, source in ROWS:
        points, count = tally.get((role, source), (0, 0))
        rows.append(Figure(role, source, points, count, EXPERT.get((role, source)) if expert else None))
    deals = {role: tally.get((role, "all"), [0, 0])[1] for role in ("dealer", "pone")}
    return KindFigures(name, deals, tuple(rows))


def _sets(halves: list[tuple[PlayedGame, GameState]]) -> tuple[SetLine, ...]:
    """Each second half with the latest first half of its set before it."""
    sets = []
    firsts: dict[str, tuple[PlayedGame, GameState]] = {}
    for played, game in sorted(halves, key=lambda pair: pair[0].when):
        assert played.duplicate is not None
        key, half = played.duplicate
        if half == 1:
            firsts[key] = (played, game)
            continue
        first = firsts.pop(key, None)
        if first is None:
            continue
        try:
            result = compare(first[1], game)
        except PegboardError:
            continue
        sets.append(SetLine(played.when, game.game, played.opponent, result))
    return tuple(reversed(sets))
