"""Bot-vs-bot simulation: seeded batches of games, run anywhere, folded into match statistics."""

from __future__ import annotations

from pegboard.sim.match import GameSummary, MatchConfig, play_batch, play_game
from pegboard.sim.runner import batches, run_match
from pegboard.sim.stats import MatchStats, wilson_interval

__all__ = ["GameSummary", "MatchConfig", "MatchStats", "batches", "play_batch", "play_game", "run_match",
           "wilson_interval"]
