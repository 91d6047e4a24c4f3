"""What plays itself, written once (PokerKit's Automation): the rules by which a move is made without
asking anyone. Three, each used where it applies:

* :func:`only_move`: a seat with one legal move makes it (the simulator, the board tables' and the
  analysis' playouts: a bot is not asked);
* :func:`forced_move`: what the tables (terminal, web) make for a person with no choice: a go, the one
  card that fits, the one cell left, or in the cribbage play cards of one rank only (the first of them,
  the pegging is the same whichever suit is laid). A count or a claim is never forced: saying the points
  is the player's part under muggins;
* :func:`claim_move`: a computer seat, or a hint, answers a count or a muggins claim honestly (ruling 16).

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=3)
>>> only_move(game.legal_actions(0)), forced_move(game, 0), claim_move(game.view(0), game.rules)
(None, None, None)
"""

from __future__ import annotations

from pegboard.engine.actions import Action, only_move
from pegboard.engine.base import GameState
from pegboard.engine.cribbage import honest_claim
from pegboard.engine.views import SeatView, cribbage_view
from pegboard.rules import Rules

__all__ = ["FORCED_VERBS", "CLAIM_VERBS", "only_move", "forced_move", "claim_move"]

FORCED_VERBS = ("go", "play", "place", "discard")
"""Verbs a seat is spared when it has only one legal move. A count or a claim is never forced: saying
the points is the player's part under muggins."""
CLAIM_VERBS = ("count", "muggins", "pass")
"""Verbs of the muggins show: declaring a count, claiming missed points, passing."""


def forced_move(game: GameState, seat: int | None) -> Action | None:
    """The move ``seat`` must make when it has no choice (a go, the one card that fits, the one cell
    left, or in the cribbage play cards of one rank only, whose suits score alike: the first of them),
    else None.

    >>> from pegboard.engine import new_game
    >>> forced_move(new_game("cribbage", seed=3), 0) is None  # fifteen ways to throw two cards
    True
    """
    if seat is None:
        return None
    legal = game.legal_actions(seat)
    if len(legal) == 1 and legal[0].verb in FORCED_VERBS:
        return legal[0]
    if game.rules.crib and legal and all(action.verb == "play" and action.cards for action in legal) and \
            len({action.cards[0].rank for action in legal}) == 1:
        return legal[0]  # cards of one rank in the play: the pegging is the same whichever suit is laid
    return None


def claim_move(view: SeatView, rules: Rules) -> Action | None:
    """The honest count or claim of ``view``'s seat when what it must do is count or claim (ruling 16:
    :func:`pegboard.engine.cribbage.honest_claim`), else None."""
    actions = view.legal_actions
    if actions and actions[0].verb in CLAIM_VERBS:
        return honest_claim(cribbage_view(view), rules)
    return None
