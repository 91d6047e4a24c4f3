"""Playing a position out: the expert on every seat, many times, from deals of the unseen cards.

Each playout deals the cards the analysed seat cannot see again, consistently with everything it
saw (:meth:`pegboard.engine.GameState.resample`), lets the expert play every seat (the analysed
seat's first move may be fixed) to the end of the deal, or of the game, and records what the seat's
side scored less the others' (their mean), and whether it won: at the end of the game, or in
two-player games to 121 by the board table from the scores the deal ends on.

>>> import random
>>> from pegboard.engine import new_game
>>> game = new_game("five-card", ["Ann", "Bob"], seed=2, first_dealer=1)
>>> result = play_out(game, 0, 3, random.Random(5))
>>> result.games, len(result.net), sorted(result.first)[0].startswith("discard")
(3, 3, True)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pegboard.analysis.winning import WinModel
from pegboard.bots.expert import ExpertBot
from pegboard.engine import Action, GameState
from pegboard.engine.automation import only_move
from pegboard.errors import PositionError

__all__ = ["Playout", "play_out"]


@dataclass
class Playout:
    """What ``games`` playouts gave: each one's ``net`` points (the seat's side less the others'
    mean), its ``wins`` (1 or 0 at the end of a game, the table's chance otherwise; empty where
    neither is known), and how often the expert chose each ``first`` move for the seat."""

    games: int
    net: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    first: Counter[str] = field(default_factory=Counter)

    @property
    def mean(self) -> float:
        return sum(self.net) / len(self.net) if self.net else 0.0

    @property
    def stdev(self) -> float:
        if len(self.net) < 2:
            return 0.0
        mean = self.mean
        return math.sqrt(sum((value - mean) ** 2 for value in self.net) / (len(self.net) - 1))

    def interval(self) -> tuple[float, float]:
        """The mean's 95% interval (normal approximation)."""
        half = 1.96 * self.stdev / math.sqrt(len(self.net)) if self.net else 0.0
        return self.mean - half, self.mean + half

    def histogram(self) -> dict[int, int]:
        """How many playouts netted each whole number of points (rounded)."""
        counts = Counter(round(value) for value in self.net)
        return dict(sorted(counts.items()))

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"games": self.games, "mean": round(self.mean, 3), "stdev": round(self.stdev, 3),
                "ci95": [round(low, 3), round(high, 3)], "histogram": {str(k): v for k, v in self.histogram().items()},
                "win": round(sum(self.wins) / len(self.wins), 4) if self.wins else None,
                "first": dict(self.first.most_common())}


def play_out(game: GameState, seat: int, games: int, rng: random.Random, *, first: Action | None = None,
             to_end: bool = False) -> Playout:
    """Play ``game`` out ``games`` times from ``seat``'s knowledge (see the module); ``first``: the
    seat's move now (default: the expert's); ``to_end``: to the end of the game, not of the deal."""
    if seat not in game.to_act():
        raise PositionError(f"{game.players[seat]} has nothing to decide now")
    if first is not None and first not in game.legal_actions(seat):
        raise PositionError(f"{game.describe(first)}: not a legal move now")
    model = WinModel.for_rules(game.rules)
    result = Playout(games)
    side = game.side_of(seat)
    sides = game.rules.sides
    for _ in range(games):
        twin = game.resample(seat, rng)
        bots = [ExpertBot(game.rules, other, rng.getrandbits(32)) for other in range(game.rules.players)]
        before = twin.score_list
        deal = twin.deal_number
        moved = False
        while not twin.finished and (to_end or twin.deal_number == deal):
            for acting in twin.to_act():
                legal = twin.legal_actions(acting)
                if acting == seat and not moved:
                    action = first if first is not None else bots[acting].choose(twin.view(acting))
                    result.first[action.text()] += 1
                    moved = True
                else:
                    only = only_move(legal)
                    action = only if only is not None else bots[acting].choose(twin.view(acting))
                twin.apply(action)
                if twin.finished or (not to_end and twin.deal_number != deal):
                    break
        gained = [after - then for after, then in zip(twin.score_list, before)]
        others = [gained[other] for other in range(sides) if other != side]
        result.net.append(gained[side] - (sum(others) / len(others) if others else 0.0))
        if twin.finished and game.rules.holds_hand:
            result.wins.append(1.0 if twin.winner_side == side else 0.0)
        elif not game.rules.holds_hand and twin.finished:
            result.wins.append(1.0 if twin.winner is not None else 0.0)
        elif model is not None:
            scores = twin.score_list
            dealer = getattr(twin, "dealer", None)
            result.wins.append(model.chance(my_score=scores[side], their_score=scores[1 - side],
                                            dealing=dealer is not None and twin.side_of(dealer) == side))
    return result
