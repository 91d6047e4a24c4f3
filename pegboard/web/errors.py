"""The web server's refusal: an HTTP status and a message for people (the app answers it as JSON)."""

from __future__ import annotations

__all__ = ["HubError"]


class HubError(Exception):
    """A refused request (HTTP side): ``status`` and a message for people.

    >>> HubError(409, "name taken").status
    409
    """

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers or {}
