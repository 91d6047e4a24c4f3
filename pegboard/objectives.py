"""What a two-sided game is played for: objectives as data.

An :class:`Objective` says what a finished game is worth to a side, as a function of who won and the
loser's final score (the game ends the moment a side reaches the target: ruling 15). Four kinds, the
four conditions of the published board analyses:

* ``win`` (the default): 1 for a win, 0 for a loss. Its expected value is the chance of winning.
* ``game-points``: the tournament scale, my game points minus theirs. The winner scores
  ``points = (win, skunk, double skunk)`` game points (2, 3 and 4 unless given) by the loser's final
  score against the rules' skunk lines (ruling 15: 90 or fewer is a skunk, 60 or fewer a double skunk);
  the loser scores none. Rules without skunk lines pay every win alike.
* ``spread``: the final point difference, the winner's margin to the target (the target less the
  loser's score, as a tournament scorecard records it: points scored past the target do not count),
  capped at ``cap`` points if given.
* ``match``: the chance of winning a match to ``to`` match points, standing at ``mine`` to ``theirs``
  before this game; each game pays ``points`` match points by its mark (1, 2 and 3 unless given, as
  :mod:`pegboard.engine.match` counts them) and its loser deals first in the next.

Objectives are frozen, hashable and round-trip through text:

>>> Objective.from_name("game-points") == Objective("game-points", points=(2, 3, 4))
True
>>> Objective.from_name("spread:cap=31").name
'spread:cap=31'
>>> Objective.from_name("Match:to=7,mine=2").name
'match:to=7,mine=2'
>>> won, lost = GAME_POINTS.payoffs(121, skunk=90, double_skunk=60)
>>> float(won[100]), float(won[90]), float(won[60]), float(lost[95])
(2.0, 3.0, 4.0, -2.0)
>>> Objective.from_name("points")
Traceback (most recent call last):
...
pegboard.errors.ObjectiveError: objective 'points': expected win, game-points, spread or match (e.g. \
game-points, spread:cap=31, match:to=7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from pegboard.errors import ObjectiveError

if TYPE_CHECKING:
    from pegboard.rules import Rules

__all__ = ["Objective", "ObjectiveError", "KINDS", "WIN", "GAME_POINTS", "SPREAD", "MATCH", "mark_of",
           "match_chances", "OUTCOMES",
           "MATCH_GAMES"]

Array = npt.NDArray[np.float64]

KINDS: Final = ("win", "game-points", "spread", "match")
"""The kinds of objective, the first the default."""

_DEFAULT_POINTS: Final = {"game-points": (2, 3, 4), "match": (1, 2, 3)}
_PARAMETERS: Final = {"win": (), "game-points": ("win", "skunk", "double"), "spread": ("cap",),
                      "match": ("to", "mine", "theirs", "win", "skunk", "double")}
_UNITS: Final = {"game-points": ("game points", 2), "spread": ("points of spread", 1)}
"""The objectives valued in points: their unit in words and the decimals shown (the others are chances)."""
_MAX: Final = 999  # the largest number any parameter takes (a match to 999 is already absurdly long)

MATCH_GAMES: Final = ((6, 121), (5, 61))
"""The games whose outcomes a match's objective is modelled on, by cards dealt and target (two players):
cribbage to 121 and five-card to 61, the games of the board's histograms."""

OUTCOMES: Final = ("won", "won-skunk", "won-double-skunk", "lost", "lost-skunk", "lost-double-skunk")
"""The order of a game's outcome chances (:func:`match_chances`): my win by its mark, then my loss."""


def mark_of(loser_score: int, skunk: int | None, double_skunk: int | None) -> int:
    """0 for a plain win, 1 for a skunk, 2 for a double skunk, by the loser's final score (ruling 15).

    >>> mark_of(91, 90, 60), mark_of(90, 90, 60), mark_of(60, 90, 60), mark_of(10, None, None)
    (0, 1, 2, 0)
    """
    if double_skunk is not None and loser_score <= double_skunk:
        return 2
    if skunk is not None and loser_score <= skunk:
        return 1
    return 0


@dataclass(frozen=True)
class Objective:
    """What a game is played for (see the module's text); build by name with :meth:`from_name`.

    >>> Objective().name, Objective("game-points").points, Objective("match").points
    ('win', (2, 3, 4), (1, 2, 3))
    """

    kind: str = "win"
    points: tuple[int, int, int] | None = None
    """Game points (``game-points``) or match points (``match``) of a win, a skunk and a double skunk."""
    cap: int | None = None
    """``spread``: the most a game's margin counts (None: uncapped)."""
    to: int = 3
    """``match``: the match points that win the match."""
    mine: int = 0
    """``match``: my match points before this game."""
    theirs: int = 0
    """``match``: their match points before this game."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ObjectiveError(f"objective kind {self.kind!r}: expected {_kinds_text()}")
        if self.points is None and self.kind in _DEFAULT_POINTS:
            object.__setattr__(self, "points", _DEFAULT_POINTS[self.kind])
        if self.points is not None:
            if self.kind not in _DEFAULT_POINTS:
                raise ObjectiveError(f"objective {self.kind!r} takes no points (only game-points and match)")
            points = tuple(self.points)
            lowest = 1 if self.kind == "match" else 0
            if len(points) != 3 or not all(_whole(p) and lowest <= p <= _MAX for p in points):
                raise ObjectiveError(f"objective {self.kind!r}: points {self.points!r}: expected three whole "
                                     f"numbers from {lowest} to {_MAX} (win, skunk, double skunk)")
            if self.kind == "game-points" and max(points) == 0:
                raise ObjectiveError(f"objective 'game-points': points {points!r}: every outcome pays 0; expected "
                                     "a win, a skunk or a double skunk worth more than 0")
            object.__setattr__(self, "points", points)
        if self.cap is not None and (self.kind != "spread" or not _whole(self.cap) or not 1 <= self.cap <= _MAX):
            raise ObjectiveError(f"objective {self.kind!r}: cap {self.cap!r}: only spread takes a cap, a whole "
                                 f"number from 1 to {_MAX}")
        if self.kind == "match":
            if not (_whole(self.to) and 1 <= self.to <= _MAX):
                raise ObjectiveError(f"objective 'match': to={self.to!r}: expected a whole number from 1 to {_MAX}")
            for label, value in (("mine", self.mine), ("theirs", self.theirs)):
                if not (_whole(value) and 0 <= value < self.to):
                    raise ObjectiveError(f"objective 'match': {label}={value!r}: expected a whole number from 0 "
                                         f"to {self.to - 1} (below to={self.to})")
        elif (self.to, self.mine, self.theirs) != (3, 0, 0):
            raise ObjectiveError(f"objective {self.kind!r} takes no match standing (to, mine, theirs)")

    # ------------------------------------------------------------------ text
    @staticmethod
    def from_name(text: str) -> Objective:
        """The objective named ``text``: a kind, then optionally ``:key=value,...`` (game-points: win,
        skunk, double; spread: cap; match: to, mine, theirs, win, skunk, double). Case and ``_`` for
        ``-`` do not matter. A bad name is an :class:`ObjectiveError` naming it."""
        if not isinstance(text, str):
            raise ObjectiveError(f"objective {text!r}: expected a name such as win or game-points")
        kind, _, rest = text.strip().partition(":")
        kind = kind.strip().lower().replace("_", "-")
        if kind not in KINDS:
            raise ObjectiveError(f"objective {text!r}: expected {_kinds_text()} "
                                 "(e.g. game-points, spread:cap=31, match:to=7)")
        values: dict[str, int] = {}
        for part in rest.split(",") if rest.strip() else ():
            key, sep, value = part.partition("=")
            key = key.strip().lower()
            if key not in _PARAMETERS[kind]:
                takes = ", ".join(_PARAMETERS[kind]) or "nothing"
                raise ObjectiveError(f"objective {text!r}: {kind} takes {takes}, not {key or part!r}")
            number = value.strip()
            if not sep or not (number.isascii() and number.isdigit()) or len(number) > 3:
                raise ObjectiveError(f"objective {text!r}: {key}={number}: expected a whole number "
                                     f"from {_lowest(kind, key)} to {_MAX}")
            if key in values:
                raise ObjectiveError(f"objective {text!r}: {key} given twice")
            values[key] = int(number)
        fields: dict[str, object] = {key: values[key] for key in ("cap", "to", "mine", "theirs") if key in values}
        if kind in _DEFAULT_POINTS:
            default = _DEFAULT_POINTS[kind]
            fields["points"] = tuple(values.get(key, default[i]) for i, key in enumerate(("win", "skunk", "double")))
        try:
            return Objective(kind, **fields)  # type: ignore[arg-type]
        except ObjectiveError as error:
            raise ObjectiveError(f"objective {text!r}: {str(error).split(': ', 1)[-1]}") from None

    @property
    def name(self) -> str:
        """The shortest text :meth:`from_name` reads back as this objective (defaults left out)."""
        parts: list[str] = []
        if self.kind == "match":
            parts.append(f"to={self.to}")
            parts.extend(f"{key}={value}" for key, value in (("mine", self.mine), ("theirs", self.theirs)) if value)
        if self.points is not None and self.points != _DEFAULT_POINTS[self.kind]:
            parts.extend(f"{key}={value}" for key, value in zip(("win", "skunk", "double"), self.points))
        if self.cap is not None:
            parts.append(f"cap={self.cap}")
        if self.kind == "match" and parts == ["to=3"]:
            parts = []
        return self.kind + (":" + ",".join(parts) if parts else "")

    def __str__(self) -> str:
        return self.name

    @property
    def words(self) -> str:
        """What the objective plays for, in words for a screen.

        >>> WIN.words, GAME_POINTS.words, Objective.from_name("spread:cap=31").words
        ('to win', 'for game points (2 a win, 3 a skunk, 4 a double)', 'for the spread (capped at 31)')
        >>> Objective.from_name("match:to=7,mine=2").words
        'for a match to 7 (2-0 before this game)'
        """
        if self.kind == "game-points":
            assert self.points is not None
            win, skunk, double = self.points
            return f"for game points ({win} a win, {skunk} a skunk, {double} a double)"
        if self.kind == "spread":
            return "for the spread" + (f" (capped at {self.cap})" if self.cap is not None else "")
        if self.kind == "match":
            standing = f" ({self.mine}-{self.theirs} before this game)" if self.mine or self.theirs else ""
            return f"for a match to {self.to}{standing}"
        return "to win"

    def value_words(self, value: float) -> str:
        """An expected value of this objective in words for a hint or an analysis.

        >>> WIN.value_words(0.63), GAME_POINTS.value_words(1.234), SPREAD.value_words(-3.21)
        ('63% to win', '+1.23 game points expected', '-3.2 points of spread expected')
        >>> Objective.from_name("match:to=7").value_words(0.5)
        '50% to win the match'
        """
        unit = _UNITS.get(self.kind)
        if unit is not None:
            return f"{self.amount(value)} {unit[0]} expected"
        return f"{100 * value:.0f}% to win" + (" the match" if self.kind == "match" else "")

    def amount(self, value: float) -> str:
        """An expected value of this objective as a number for a table or a ranking line: a chance in
        percent (``win``, a match), points signed.

        >>> WIN.amount(0.5423), GAME_POINTS.amount(1.234), SPREAD.amount(-3.21)
        ('54.2%', '+1.23', '-3.2')
        """
        unit = _UNITS.get(self.kind)
        return f"{100 * value:.1f}%" if unit is None else f"{value:+.{unit[1]}f}"

    def gap_words(self, gap: float) -> str:
        """How much more one choice is worth than another by this objective, in words.

        >>> GAME_POINTS.gap_words(0.031), SPREAD.gap_words(1.26), MATCH.gap_words(0.012)
        ('0.03 game points', '1.3 points of spread', '1.2 percentage points')
        """
        unit = _UNITS.get(self.kind)
        return f"{100 * gap:.1f} percentage points" if unit is None else f"{gap:.{unit[1]}f} {unit[0]}"

    def check(self, rules: Rules) -> None:
        """Refuse (:class:`ObjectiveError`, saying why) rules this objective cannot be played under:
        any objective but ``win`` is for two-sided cribbage games (cribbage, five-card, cribbage-4),
        and a match for two players to 121, or at five-card to 61, only (:data:`MATCH_GAMES`: the games
        whose outcomes are modelled).

        >>> from pegboard.rules import Rules
        >>> GAME_POINTS.check(Rules.preset("cribbage-3"))
        Traceback (most recent call last):
        ...
        pegboard.errors.ObjectiveError: objective 'game-points': objectives are for two-sided cribbage games \
(cribbage, five-card, cribbage-4), not cribbage-3
        """
        if self.kind == "win":
            return
        if not rules.crib or rules.sides != 2:
            raise ObjectiveError(f"objective {self.name!r}: objectives are for two-sided cribbage games "
                                 f"(cribbage, five-card, cribbage-4), not {rules.name}")
        if self.needs_outcomes and (rules.players != 2 or (rules.deal_size, rules.target) not in MATCH_GAMES):
            raise ObjectiveError(f"objective {self.name!r}: a match is modelled for two players to 121 or "
                                 f"five-card to 61 only, not {rules.name} to {rules.target}")

    # ------------------------------------------------------------------ values
    @property
    def needs_outcomes(self) -> bool:
        """Whether :meth:`payoffs` needs the chances of a fresh game's outcomes (a match does)."""
        return self.kind == "match"

    def payoffs(self, target: int, skunk: int | None = None, double_skunk: int | None = None, *,
                outcomes: Sequence[Sequence[float]] | None = None) -> tuple[Array, Array]:
        """``(won, lost)``: my value when I win and they end on score ``s`` (``won[s]``), and when they
        win and I end on ``s`` (``lost[s]``), for ``s`` from 0 to ``target - 1``. A match also needs
        ``outcomes``: for a fresh game that they (index 0) or I (index 1) deal first, the chances of
        its outcomes in the order of :data:`OUTCOMES`."""
        scores = np.arange(target)
        marks = np.array([mark_of(int(s), skunk, double_skunk) for s in scores], dtype=np.int64)
        if self.kind == "win":
            return np.ones(target), np.zeros(target)
        if self.kind == "game-points":
            assert self.points is not None
            paid = np.asarray(self.points, dtype=np.float64)[marks]
            return paid, -paid
        if self.kind == "spread":
            margin = (target - scores).astype(np.float64)
            if self.cap is not None:
                margin = np.minimum(margin, float(self.cap))
            return margin, -margin
        assert self.points is not None
        if outcomes is None:
            raise ObjectiveError(f"objective {self.name!r}: a match's payoffs need a fresh game's outcome chances")
        chances = match_chances(self.to, self.points, outcomes)
        x, y = self.to - self.mine, self.to - self.theirs
        pay = np.asarray(self.points, dtype=np.int64)[marks]
        won = chances[0, np.maximum(x - pay, 0), y]  # they lost: they deal first in the next game
        lost = chances[1, x, np.maximum(y - pay, 0)]
        return won.astype(np.float64), lost.astype(np.float64)

    def bounds(self, target: int) -> tuple[float, float]:
        """The least and the most a game can be worth (the spread's margin is at most the target).

        >>> GAME_POINTS.bounds(121), SPREAD.bounds(121), WIN.bounds(121)
        ((-4.0, 4.0), (-121.0, 121.0), (0.0, 1.0))
        """
        if self.kind == "game-points":
            assert self.points is not None
            most = float(max(self.points))
            return -most, most
        if self.kind == "spread":
            most = float(target if self.cap is None else min(self.cap, target))
            return -most, most
        return 0.0, 1.0

    def value(self, my_score: int, their_score: int, rules: Rules, *,
              outcomes: Sequence[Sequence[float]] | None = None) -> float:
        """What a finished two-sided game with these final scores is worth to me.

        >>> from pegboard.rules import Rules
        >>> GAME_POINTS.value(121, 85, Rules.preset("cribbage")), SPREAD.value(97, 123, Rules.preset("cribbage"))
        (3.0, -24.0)
        """
        target = rules.target
        if target is None:
            raise ObjectiveError(f"objective {self.name!r}: {rules.name} has no target")
        if (my_score >= target) == (their_score >= target):
            raise ObjectiveError(f"scores {my_score} and {their_score}: exactly one side reaches {target} in a "
                                 "finished game")
        won, lost = self.payoffs(target, rules.skunk, rules.double_skunk, outcomes=outcomes)
        return float(won[their_score] if my_score >= target else lost[my_score])


def match_chances(to: int, points: Sequence[int], outcomes: Sequence[Sequence[float]]) -> Array:
    """``chances[f, x, y]``: my chance of winning a match when I need ``x`` more match points and they
    need ``y`` (0..to; 0 means reached), at the start of a game that I (f = 1) or they (f = 0) deal
    first. ``outcomes[f]``: the chances of a game's outcomes (:data:`OUTCOMES`) by who deals first;
    a game's loser deals first in the next, and its winner scores ``points`` by its mark.

    >>> fair = [[0.25, 0.0, 0.0, 0.75, 0.0, 0.0], [0.75, 0.0, 0.0, 0.25, 0.0, 0.0]]
    >>> chances = match_chances(1, (1, 2, 3), fair)
    >>> float(chances[1, 1, 1]), float(chances[0, 1, 1])
    (0.75, 0.25)
    """
    chances = np.zeros((2, to + 1, to + 1))
    chances[:, 0, 1:] = 1.0  # my need reached: the match is mine
    pay = [int(p) for p in points]
    for total in range(2, 2 * to + 1):
        for x in range(max(1, total - to), min(to, total - 1) + 1):
            y = total - x
            for first in (0, 1):
                odds = outcomes[first]
                value = 0.0
                for mark in range(3):
                    value += odds[mark] * chances[0, max(x - pay[mark], 0), y]  # I won: they deal next
                    value += odds[3 + mark] * chances[1, x, max(y - pay[mark], 0)]  # they won: I deal next
                chances[first, x, y] = value
    return chances


def _lowest(kind: str, key: str) -> int:
    """The least value ``key`` takes in an objective of ``kind`` (a count of match points, a cap and a
    match's length start at 1; a standing and game points at 0)."""
    return 0 if key in ("mine", "theirs") or kind == "game-points" else 1


def _whole(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def _kinds_text() -> str:
    return ", ".join(KINDS[:-1]) + " or " + KINDS[-1]


WIN: Final = Objective()
"""Play to win (the default)."""
GAME_POINTS: Final = Objective("game-points")
"""The tournament scale: 2 a win, 3 a skunk, 4 a double skunk (my game points minus theirs)."""
SPREAD: Final = Objective("spread")
"""The final point difference (the winner's margin to the target), uncapped."""
MATCH: Final = Objective("match")
"""The chance of winning a match to 3 match points (1 a win, 2 a skunk, 3 a double skunk), from 0-0."""
