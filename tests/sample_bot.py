"""A user bot for the plug-in tests: always the first legal action."""

from __future__ import annotations

from typing import Any


class FirstBot:
    def __init__(self, rules: Any, seat: int, seed: int | None = None) -> None:
        self.seat = seat

    def choose(self, view: Any) -> Any:
        return view.legal_actions[0]


class NoSeatBot:
    """A bot whose constructor takes the rules only: it cannot be built as Class(rules, seat, seed)."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def choose(self, view: Any) -> Any:
        return view.legal_actions[0]
