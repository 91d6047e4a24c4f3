"""What a simulated match is: its configuration (:class:`MatchConfig`) and what each game reports
(:class:`GameSummary`). Plain data, pickled to worker processes and cluster nodes.

>>> MatchConfig("cribbage", ("expert", "greedy"), games=10).names
('expert', 'greedy')
>>> entrant_names(("greedy", "greedy"))
('greedy#1', 'greedy#2')
>>> entrant_names(("expert@game-points", "pegboard.bots.expert:ExpertBot@match:to=7"))
('expert@game-points', 'ExpertBot@match:to=7')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.bots import make_bot, split_objective
from pegboard.errors import PegboardError
from pegboard.objectives import Objective
from pegboard.rules import Rules

__all__ = ["MatchConfig", "GameSummary", "entrant_names"]


def entrant_names(bots: tuple[str, ...]) -> tuple[str, ...]:
    """Display names of the entrants: the bot names, numbered where one bot plays several seats."""
    names = []
    for index, bot in enumerate(bots):
        base, objective = split_objective(bot)
        short = base.rsplit(":", 1)[-1] + (f"@{objective}" if objective else "")
        names.append(f"{short}#{bots[:index + 1].count(bot)}" if bots.count(bot) > 1 else short)
    return tuple(names)


@dataclass(frozen=True)
class MatchConfig:
    """What to play: the game (preset and options), one bot per entrant, how many games, the seed.

    Entrants are the sides: one bot per player, or, in partnership games, one bot per team.
    """

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    records: str | None = None  # a folder (a file a game), or a ``.jsonl`` file (a line a game, in game order)
    duplicate: bool = False
    objective: str | None = None
    """What the match is played for (:mod:`pegboard.objectives`, by name): bots that take an objective
    play for it unless their name gives their own (``expert@win``), and the statistics report each
    entrant's mean value of it. None: bots play for ``win`` and nothing more is reported."""
    luck: bool = False
    """Whether each game's luck of the cards is reckoned (:mod:`pegboard.sim.luck`; two-player games
    with a crib), so that the statistics give the luck-adjusted margin (``"luck_adjusted"``) beside the
    raw one. Off by default: reckoning it costs about ten times what a game between two greedy bots
    does (little beside the expert's own play); ``pegboard sim`` turns it on unless given ``--no-luck``."""

    @cached_property
    def objective_value(self) -> Objective | None:
        """:attr:`objective`, parsed."""
        return None if self.objective is None else Objective.from_name(self.objective)

    @cached_property
    def payoffs(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None:
        """The objective's payoffs by the loser's score (:meth:`Objective.payoffs`) under these rules."""
        objective = self.objective_value
        if objective is None:
            return None
        rules = self.rules
        assert rules.target is not None
        outcomes = None
        if objective.needs_outcomes:
            from pegboard.bots.board import fresh_game_outcomes

            objective.check(rules)  # a match: two players to 121, or five-card to 61
            outcomes = fresh_game_outcomes(rules.skunk, rules.double_skunk, rules.target)
        return objective.payoffs(rules.target, rules.skunk, rules.double_skunk, outcomes=outcomes)

    @cached_property
    def rules(self) -> Rules:
        """The game's rules (made once per configuration: every game of a match asks)."""
        return Rules.preset(self.game, **dict(self.options))

    @cached_property
    def names(self) -> tuple[str, ...]:
        return entrant_names(self.bots)

    def check(self) -> None:
        rules = self.rules
        if len(self.bots) != rules.sides:
            what = "teams" if rules.partners else "players"
            raise PegboardError(f"{len(self.bots)} bots given ({','.join(self.bots)}): {rules.name} has "
                                f"{rules.sides} {what}; give one bot per {what[:-1]}")
        if self.games < 1:
            raise PegboardError(f"--games {self.games}: expected at least 1")
        if self.duplicate and self.games % rules.sides:
            raise PegboardError(f"--games {self.games} with --duplicate: expected a multiple of {rules.sides} "
                                f"(each sequence of deals is played once per seating)")
        if self.objective is not None:
            objective = self.objective_value
            assert objective is not None
            if objective.kind == "win" and (not rules.crib or rules.sides != 2):  # nothing to report either
                raise PegboardError(f"--objective {self.objective}: objectives are for two-sided cribbage games "
                                    f"(cribbage, five-card, cribbage-4), not {rules.name}")
            objective.check(rules)
            _ = self.payoffs
        for spec in dict.fromkeys(self.bots):  # a bot that cannot be built says so before any game
            make_bot(spec, rules, 0, 0, objective=self.objective_value)

    @property
    def records_in_one_file(self) -> bool:
        """Whether the records go to one JSON Lines file (a record a line, in game order) rather than a
        folder of one file a game (a file a game is slow: creating a file costs more than playing it)."""
        return self.records is not None and self.records.endswith(".jsonl")

    def deal_seed(self, index: int) -> int:
        """The seed of game ``index``'s cards: its own, or in a duplicate match its group's."""
        group = index - index % self.rules.sides if self.duplicate else index
        return self.seed * 1_000_003 + group


@dataclass
class GameSummary:
    """What the statistics need from one game (small, so batches travel cheaply)."""

    index: int
    entrant_of_seat: list[int]
    first_dealer_entrant: int
    winner: int | None  # entrant index; None for a draw or a lost solitaire deal
    scores: list[int]  # per entrant
    marks: dict[int, str] = field(default_factory=dict)  # entrant -> skunk / double-skunk
    deals: list[list[dict[str, Any]]] = field(default_factory=list)  # per complete deal, per seat
    actions: int = 0
    record: str = ""  # the game's record as one JSON line, when the match writes its records to a .jsonl file
    luck: float = 0.0  # two entrants: the first's luck of the cards in points, every deal (pegboard.sim.luck)
