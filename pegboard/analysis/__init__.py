"""Analysis for players (UI-free): review a whole game, analyse one position.

* :func:`review` (:mod:`pegboard.analysis.review`): every decision of a ``pegboard/1`` record set
  against the best the analysis knows, with accuracy figures per player;
* :class:`Assessor` (:mod:`pegboard.analysis.evaluate`): every legal choice of one seat's view,
  valued in expected points and, where the board table applies, in the chance to win;
* :func:`accuracy` (:mod:`pegboard.analysis.accuracy`): the accuracy figure;
* :mod:`pegboard.analysis.luck`: luck and skill apart (the cut, each deal, each starter), the
  luck-adjusted result and the Performance Rating;
* :func:`parse_position` (:mod:`pegboard.analysis.position`): the short text form of a position.

docs/review.md describes what the numbers mean.
"""

from __future__ import annotations

from pegboard.analysis.accuracy import accuracy
from pegboard.analysis.evaluate import Assessment, Assessor, Option
from pegboard.analysis.review import Decision, PlayerReview, Review, review

__all__ = ["accuracy", "Assessment", "Assessor", "Option", "Decision", "PlayerReview", "Review", "review"]
