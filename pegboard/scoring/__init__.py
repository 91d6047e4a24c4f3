"""Scoring for every game: the explaining scorers and the fast table-driven paths."""

from __future__ import annotations

from pegboard.scoring.items import Score, ScoreItem
from pegboard.scoring.play import score_play
from pegboard.scoring.show import score_show
from pegboard.scoring.spoken import spoken_count, spoken_play

__all__ = ["Score", "ScoreItem", "score_play", "score_show", "spoken_count", "spoken_play"]
