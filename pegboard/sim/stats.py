"""Match statistics: wins with 95% intervals, skunks, points per deal by source, the net points per
deal between two entrants (the low-variance measure of strength), each entrant's mean value of the
match's objective with its 95% interval (:mod:`pegboard.objectives`, when the match has one), games
per second.

>>> low, high = wilson_interval(60, 100)
>>> round(low, 3), round(high, 3)
(0.502, 0.691)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import sqrt
from typing import Any

from pegboard.engine.tally import SOURCES as _SOURCES
from pegboard.sim.match import GameSummary, MatchConfig

__all__ = ["MatchStats", "wilson_interval", "mean_interval", "ratio_interval"]

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(total: float, squares: float, count: int, z: float = Z95) -> tuple[float, float]:
    """A normal 95% interval for a mean from its sum and sum of squares."""
    if count < 2:
        return (float("nan"), float("nan"))
    mean = total / count
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))
    half = z * sqrt(variance / count)
    return (mean - half, mean + half)


@dataclass
class RatioSums:
    """Running sums for a ratio of sums over independent units ``(numerator, denominator)`` (e.g. net
    points and deals per game), so its 95% interval needs no list of units however long the match.

    >>> sums = RatioSums()
    >>> for unit in [(3, 2), (1, 2), (2, 2)]:
    ...     sums.add(*unit)
    >>> [round(x, 3) for x in sums.interval()]
    [1.0, 0.434, 1.566]
    """

    units: int = 0
    top: float = 0.0
    bottom: float = 0.0
    top_squares: float = 0.0
    bottom_squares: float = 0.0
    products: float = 0.0

    def add(self, numerator: float, denominator: float) -> None:
        self.units += 1
        self.top += numerator
        self.bottom += denominator
        self.top_squares += numerator * numerator
        self.bottom_squares += denominator * denominator
        self.products += numerator * denominator

    def plus(self, numerator: float, denominator: float) -> RatioSums:
        """A copy with one more unit (for a report while a unit is still open)."""
        copy = replace(self)
        copy.add(numerator, denominator)
        return copy

    def interval(self, z: float = Z95) -> tuple[float, float, float]:
        """The estimate, low, high (the delta method); low and high are NaN with fewer than 2 units."""
        if self.bottom <= 0:
            return (float("nan"), float("nan"), float("nan"))
        ratio = self.top / self.bottom
        if self.units < 2:
            return (ratio, float("nan"), float("nan"))
        squares = max(0.0, self.top_squares - 2 * ratio * self.products + ratio * ratio * self.bottom_squares)
        half = z * sqrt(squares * self.units / (self.units - 1)) / self.bottom
        return (ratio, ratio - half, ratio + half)


def ratio_interval(units: list[tuple[float, float]], z: float = Z95) -> tuple[float, float, float]:
    """A ratio of sums with its 95% interval, from independent units ``(numerator, denominator)``.

    >>> [round(x, 3) for x in ratio_interval([(3, 2), (1, 2), (2, 2)])]
    [1.0, 0.434, 1.566]
    """
    sums = RatioSums()
    for numerator, denominator in units:
        sums.add(numerator, denominator)
    return sums.interval(z)


def _rounded(values: tuple[float, ...]) -> list[float | None]:
    """Rounded for JSON; None where undefined (too few samples)."""
    return [None if value != value else round(value, 4) for value in values]


@dataclass
class _Unit:
    """The games of one unit so far (a game, or a duplicate match's group on the same deals)."""

    key: int
    net: float = 0.0  # the first entrant's points minus the second's, over complete deals
    luck: float = 0.0  # the first entrant's luck of the cards in points over them (pegboard.sim.luck)
    deals: int = 0
    wins: int = 0  # the first entrant's
    games: int = 0
    values: list[float] = field(default_factory=lambda: [0.0, 0.0])  # each entrant's objective values, summed


@dataclass
class MatchStats:
    """Running totals over the games of a match, folded in game order."""

    config: MatchConfig
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    skunks: list[int] = field(default_factory=list)  # skunks suffered, per entrant
    double_skunks: list[int] = field(default_factory=list)
    first_dealer_wins: int = 0
    pairs_ahead: dict[tuple[int, int], float] = field(default_factory=dict)
    score_sum: float = 0.0
    score_squares: float = 0.0
    reached_target: int = 0
    sources: dict[tuple[int, str, str], list[float]] = field(default_factory=dict)  # (entrant, role, source)
    actions: int = 0
    seconds: float = 0.0
    # Two entrants: per unit (a game, or a duplicate match's group of games on the same deals), the first
    # entrant's points minus the second's over complete deals per deal, and its wins per game. Games come
    # in order, so only the open unit is kept.
    unit: _Unit = field(default_factory=lambda: _Unit(-1))
    net_sums: RatioSums = field(default_factory=RatioSums)
    adjusted_sums: RatioSums = field(default_factory=RatioSums)  # the net less the luck, per deal
    win_sums: RatioSums = field(default_factory=RatioSums)
    # With an objective: each entrant's value of it per game, per unit (a game, or a duplicate group).
    objective_sums: list[RatioSums] = field(default_factory=lambda: [RatioSums(), RatioSums()])

    def __post_init__(self) -> None:
        entrants = len(self.config.bots)
        self.wins = [0] * entrants
        self.skunks = [0] * entrants
        self.double_skunks = [0] * entrants

    def add(self, game: GameSummary) -> None:
        rules = self.config.rules
        self.games += 1
        self.actions += game.actions
        if rules.solo:
            score = game.scores[0]
            self.score_sum += score
            self.score_squares += score * score
            self.reached_target += game.winner is not None
            return
        if game.winner is None:
            self.draws += 1
        else:
            self.wins[game.winner] += 1
            self.first_dealer_wins += game.winner == game.first_dealer_entrant
        for entrant, mark in game.marks.items():
            (self.double_skunks if mark == "double-skunk" else self.skunks)[entrant] += 1
        for a in range(len(game.scores)):
            for b in range(len(game.scores)):
                if a != b:
                    ahead = 1.0 if (game.winner == a or (game.winner != b and game.scores[a] > game.scores[b])) \
                        else 0.5 if game.scores[a] == game.scores[b] and game.winner not in (a, b) else 0.0
                    self.pairs_ahead[(a, b)] = self.pairs_ahead.get((a, b), 0.0) + ahead
        game_sums: dict[tuple[int, int], list[int]] = {}  # (entrant, role): points by source, then deals
        net = 0  # two entrants: entrant 0's points less entrant 1's, over every deal (whole points: exact)
        entrant_of_seat = game.entrant_of_seat
        for deal in game.deals:
            for seat, points in enumerate(deal):
                entrant = entrant_of_seat[seat]
                sums = game_sums.get((entrant, points["role"]))
                if sums is None:
                    sums = game_sums[(entrant, points["role"])] = [0] * (len(_SOURCES) + 1)
                seat_total = 0
                for index, source in enumerate(_SOURCES):
                    got = points[source]
                    sums[index] += got
                    seat_total += got
                sums[-1] += 1
                net += seat_total if entrant == 0 else -seat_total
        if len(game.scores) == 2:
            key = game.index // rules.sides if self.config.duplicate else game.index
            if key != self.unit.key:
                self._close_unit()
                self.unit = _Unit(key)
            unit = self.unit
            unit.net += net
            unit.luck += game.luck
            unit.deals += len(game.deals)
            unit.wins += game.winner == 0
            unit.games += 1
            payoffs = self.config.payoffs
            if payoffs is not None and game.winner is not None:
                won, lost = payoffs
                loser_score = game.scores[1 - game.winner]
                for entrant in (0, 1):
                    unit.values[entrant] += float(won[loser_score] if entrant == game.winner else lost[loser_score])
        for (entrant, role_number), sums in game_sums.items():  # whole points: the sums are exact in any order
            role = "dealer" if role_number == 0 else "pone" if role_number == 1 else f"seat+{role_number}"
            for index, source in enumerate(_SOURCES):
                totals = self.sources.setdefault((entrant, role, source), [0.0, 0.0])
                totals[0] += sums[index]
                totals[1] += sums[-1]

    def _close_unit(self) -> None:
        if self.unit.games:
            self.net_sums.add(self.unit.net, self.unit.deals)
            self.adjusted_sums.add(self.unit.net - self.unit.luck, self.unit.deals)
            self.win_sums.add(self.unit.wins, self.unit.games)
            for entrant, sums in enumerate(self.objective_sums):
                sums.add(self.unit.values[entrant], self.unit.games)

    def _sums_so_far(self) -> tuple[RatioSums, RatioSums]:
        """The net-points and win sums with the open unit counted (without closing it)."""
        if not self.unit.games:
            return self.net_sums, self.win_sums
        return (self.net_sums.plus(self.unit.net, self.unit.deals), self.win_sums.plus(self.unit.wins, self.unit.games))

    def _objective_so_far(self, entrant: int) -> RatioSums:
        """An entrant's objective sums with the open unit counted."""
        sums = self.objective_sums[entrant]
        return sums.plus(self.unit.values[entrant], self.unit.games) if self.unit.games else sums

    def per_deal(self, entrant: int, role: str, source: str) -> float | None:
        totals = self.sources.get((entrant, role, source))
        return totals[0] / totals[1] if totals and totals[1] else None

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        """The statistics as JSON-ready data; ``timing=False`` leaves out the wall-clock fields, so the
        result depends only on the match (the same bytes for the same seed on any backend)."""
        names = self.config.names
        rules = self.config.rules
        result: dict[str, Any] = {"game": rules.name, "games": self.games, "players": list(names),
                                  "bots": list(self.config.bots), "seed": self.config.seed}
        if rules.solo:
            mean = self.score_sum / max(1, self.games)
            result |= {"mean_score": round(mean, 4),
                       "ci95_mean": [round(x, 4) for x in
                                     mean_interval(self.score_sum, self.score_squares, self.games)],
                       "win_rate": round(self.reached_target / max(1, self.games), 4),
                       "ci95": {names[0]: [round(x, 4) for x in wilson_interval(self.reached_target, self.games)]},
                       "wins": {names[0]: self.reached_target}}
        else:
            result |= {
                "wins": dict(zip(names, self.wins)),
                "draws": self.draws,
                "win_rate": {name: round(wins / max(1, self.games), 4) for name, wins in zip(names, self.wins)},
                "ci95": {name: [round(x, 4) for x in wilson_interval(wins, self.games)]
                         for name, wins in zip(names, self.wins)},
                "skunked": dict(zip(names, self.skunks)),
                "double_skunked": dict(zip(names, self.double_skunks)),
                "first_dealer_win_rate": round(self.first_dealer_wins / max(1, self.games - self.draws), 4),
            }
            if len(names) > 2:
                result["ahead_of"] = {
                    f"{names[a]} > {names[b]}": round(total / self.games, 4)
                    for (a, b), total in self.pairs_ahead.items()}
            if self.config.duplicate:
                result["duplicate"] = True
                if len(names) == 2:  # each group of games on the same deals is one sample
                    rate, low, high = self._sums_so_far()[1].interval()
                    result["ci95_duplicate"] = {names[0]: _rounded((low, high)),
                                                names[1]: _rounded((1 - high, 1 - low))}
            if self.config.objective_value is not None and len(names) == 2 and self.games:
                result["objective"] = self.config.objective_value.name
                means: dict[str, Any] = {}
                for entrant, name in enumerate(names):  # each game (duplicate: each group) one sample
                    mean, low, high = self._objective_so_far(entrant).interval()
                    means[name] = {"mean": _rounded((mean,))[0], "ci95": _rounded((low, high))}
                result["objective_mean"] = means
            if rules.crib and len(names) == 2 and self.games:
                net, low, high = self._sums_so_far()[0].interval()
                result["net_per_deal"] = {"entrant": names[0], "mean": _rounded((net,))[0],
                                          "ci95": _rounded((low, high))}
                result["raw"] = {"mean": _rounded((net,))[0], "ci95": _rounded((low, high))}
            if rules.crib and len(names) == 2 and self.games and self.config.luck:
                adjusted = self.adjusted_sums.plus(self.unit.net - self.unit.luck, self.unit.deals) \
                    if self.unit.games else self.adjusted_sums
                mean, low, high = adjusted.interval()
                result["luck_adjusted"] = {"mean": _rounded((mean,))[0], "ci95": _rounded((low, high))}
            if rules.crib:
                result["points_per_deal"] = {
                    name: {role: {source: round(value, 3) for source in _SOURCES
                                  if (value := self.per_deal(entrant, role, source)) is not None and
                                  (source != "crib" or role == "dealer")}
                           for role in self._roles()}
                    for entrant, name in enumerate(names)}
        if timing:
            result["games_per_second"] = round(self.games / self.seconds, 2) if self.seconds else None
            result["seconds"] = round(self.seconds, 2)
        return result

    def _roles(self) -> list[str]:
        roles = sorted({role for (_, role, _) in self.sources}, key=lambda r: (r != "dealer", r != "pone", r))
        return roles
