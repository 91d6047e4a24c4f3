"""Puzzles: mined from game records, rated with Glicko-2, trained on (docs/train.md)."""
