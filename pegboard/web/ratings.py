"""Ratings: Glicko-2 for the two-player kinds, OpenSkill for three and four players, and the computer
levels as rated players of fixed, published strength.

* Glicko-2 (the ``glicko2`` package, system constant :data:`TAU`): a new player starts at 1500 with a
  deviation of 350; every game is its own rating period, and a deviation grows back with the days
  since the player's last rated game (one period a day, by the volatility, capped at 350).
* OpenSkill (``openskill``'s Plackett-Luce model) for cutthroat (three players) and partners (two teams
  of two), shown on the same scale: ``1500 + (mu - 25) * 48``, deviation ``sigma * 48``.
* A rating is **provisional** while its deviation is above :data:`PROVISIONAL`; it is shown with a
  ``?`` and stays off the leaderboards.
* The computer levels play under their own names at the ratings of :mod:`pegboard.levels` (measured
  from bot matches, greedy anchored at 1500): their ratings never move, and a person's game against
  one is rated as against a player of that rating and deviation.

>>> ann = START
>>> after = glicko(ann, [(Rating(1500.0, 60.0, 0.06, 0), 1.0)])
>>> round(after.rating), round(after.deviation), after.games, after.provisional
(1675, 249, 1, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import glicko2
from openskill.models import PlackettLuce

from pegboard.rules import Rules

__all__ = ["RatedKind", "KINDS", "Rating", "START", "TAU", "PROVISIONAL", "SCALE", "glicko", "grown", "openskill",
           "level_rating", "kind_of", "RATED_LEVELS", "shown"]

TAU = 0.5
"""Glicko-2's system constant: how fast a volatility may change (Glickman suggests 0.3 to 1.2)."""
PROVISIONAL = 110.0
"""A rating whose deviation is above this is provisional (lichess uses 110 too)."""
START_DEVIATION = 350.0
SCALE = 48.0
"""OpenSkill's mu and sigma to the shown scale: 25 +- 25/3 becomes 1500 +- 400."""
RATED_LEVELS = ("random", "greedy", "expert")
"""The computer levels a rated game may be played against."""


@dataclass(frozen=True)
class RatedKind:
    """A kind of rated game: its name, the preset it plays, how many seats, and the rating system."""

    name: str
    game: str
    players: int
    system: str  # "glicko2" or "openskill"

    @property
    def partners(self) -> bool:
        """Whether seats play in two partnerships (0 and 2 against 1 and 3), as the preset's rules say.

        >>> kind_of("cribbage-4").partners, kind_of("cribbage-3").partners
        (True, False)
        """
        return Rules.preset(self.game).partners

    @property
    def against_computer(self) -> bool:
        """Whether the computer levels are rated opponents here (the two-player kinds)."""
        return self.players == 2


KINDS: dict[str, RatedKind] = {
    "cribbage": RatedKind("cribbage", "cribbage", 2, "glicko2"),
    "five-card": RatedKind("five-card", "five-card", 2, "glicko2"),
    "cribbage-3": RatedKind("cribbage-3", "cribbage-3", 3, "openskill"),
    "cribbage-4": RatedKind("cribbage-4", "cribbage-4", 4, "openskill"),
}


def kind_of(name: object) -> RatedKind:
    """The rated kind called ``name``; a :class:`ValueError` naming the choices otherwise.

    >>> kind_of("five-card").players
    2
    """
    if not isinstance(name, str) or name not in KINDS:
        raise ValueError(f"rated game {str(name)[:40]!r}: choose one of {', '.join(KINDS)}")
    return KINDS[name]


@dataclass(frozen=True)
class Rating:
    """A rating on the shown scale: its value, deviation, Glicko-2 volatility and games played."""

    rating: float
    deviation: float
    volatility: float
    games: int

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL

    def to_json(self) -> dict[str, object]:
        return {"rating": round(self.rating), "deviation": round(self.deviation), "provisional": self.provisional,
                "games": self.games}


START = Rating(1500.0, START_DEVIATION, 0.06, 0)


def shown(rating: Rating) -> str:
    """A rating as players read it: provisional ones end in ``?``.

    >>> shown(START), shown(Rating(1612.4, 60, 0.06, 40))
    ('1500?', '1612')
    """
    return f"{round(rating.rating)}{'?' if rating.provisional else ''}"


def grown(rating: Rating, days: float) -> Rating:
    """The deviation after ``days`` without a rated game (Glicko-2's step for periods without games).

    >>> round(grown(Rating(1500, 50, 0.06, 9), 365).deviation)
    205
    """
    if days <= 0 or rating.games == 0:
        return rating
    phi = rating.deviation / 173.7178
    grown_phi = math.sqrt(phi * phi + days * rating.volatility * rating.volatility)
    return replace(rating, deviation=min(START_DEVIATION, grown_phi * 173.7178))


def glicko(player: Rating, results: Sequence[tuple[Rating, float]]) -> Rating:
    """``player``'s Glicko-2 rating after one period with ``results`` (opponent, score 1/0.5/0)."""
    rated = glicko2.Player(rating=player.rating, rd=player.deviation, vol=player.volatility)
    rated._tau = TAU
    rated.update_player([opponent.rating for opponent, _ in results],
                        [opponent.deviation for opponent, _ in results], [score for _, score in results])
    return Rating(rated.getRating(), rated.getRd(), rated.vol, player.games + len(results))


_MODEL = PlackettLuce()


def openskill(teams: Sequence[Sequence[Rating]], ranks: Sequence[int]) -> list[list[Rating]]:
    """Every player's rating after a game of ``teams`` finishing in ``ranks`` (0 first; ties share a
    rank), with OpenSkill's Plackett-Luce model on the shown scale.

    >>> [[round(r.rating) for r in team] for team in openskill([[START], [START], [START]], [0, 1, 2])]
    [[1617], [1529], [1354]]
    """
    rated = [[_MODEL.rating(mu=25 + (r.rating - 1500) / SCALE, sigma=r.deviation / SCALE) for r in team]
             for team in teams]
    after = _MODEL.rate(rated, ranks=list(ranks))
    return [[Rating(1500 + (new.mu - 25) * SCALE, new.sigma * SCALE, old.volatility, old.games + 1)
             for new, old in zip(team, olds)] for team, olds in zip(after, teams)]


def level_rating(kind: str, level: str) -> Rating:
    """A computer level's fixed rating for ``kind`` (:mod:`pegboard.levels`), as a rated opponent.

    >>> level_rating("cribbage", "greedy").rating
    1500.0
    """
    from pegboard.levels import level_rating as measured

    found = measured(kind, level)
    return Rating(float(found.rating), max(30.0, float(found.deviation)), 0.06, 1000)
