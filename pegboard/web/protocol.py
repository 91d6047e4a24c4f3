"""The WebSocket protocol: what a browser may send, checked before anything else looks at it.

Client messages are JSON objects of at most :data:`MAX_MESSAGE` bytes::

    {"type": "hello", "token": "..."}                      first; no token (or a wrong one): a spectator
    {"type": "act", "token": "...", "action": "play 5H", "id": 7}
    {"type": "hint", "token": "...", "id": 8}

The server answers with ``state`` frames (after every change, to every connection, each from its
own seat's view; the one acknowledging your action carries ``"ack": id``), ``hint`` frames,
``seats`` frames (who is here) and ``error`` frames (``{"code", "message", "id"}``). Every answer to a
message that carried an ``id`` carries it back, a refusal for sending too fast (``rate-limited``)
included, so a client waiting for its reply never waits in vain.

>>> parse_message('{"type": "act", "token": "x", "action": "go", "id": 3}')["action"]
'go'
>>> parse_message('[1, 2]')
Traceback (most recent call last):
...
pegboard.web.protocol.ProtocolError: a message must be a JSON object with a "type"
"""

from __future__ import annotations

import time
from typing import Any

from pegboard.files import JSONProblem, decode_json

__all__ = ["MAX_MESSAGE", "ProtocolError", "RateLimit", "parse_message", "TYPES"]

MAX_MESSAGE = 4096
"""Largest client message, in bytes; the server's WebSocket layer refuses anything over 64 KiB outright."""
TYPES = {"hello": (), "act": ("token", "action"), "hint": ("token",)}
"""Message types and the string fields each must carry."""


class ProtocolError(ValueError):
    """A message the server will not act on; ``code`` names the kind of problem."""

    def __init__(self, message: str, code: str = "malformed", request: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.request = request


def parse_message(text: str | bytes | None) -> dict[str, Any]:
    """Check one client message and return it as a dict, or raise :class:`ProtocolError`."""
    if not isinstance(text, str):
        raise ProtocolError("send text frames holding JSON, not binary")
    if len(text.encode()) > MAX_MESSAGE:
        raise ProtocolError(f"message too large: at most {MAX_MESSAGE} bytes", "too-big")
    try:
        message = decode_json(text, "a message")
    except JSONProblem as problem:  # not JSON, or a number of thousands of digits
        raise ProtocolError(f"a message must be JSON ({problem})") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError('a message must be a JSON object with a "type"')
    request = message.get("id")
    if request is not None and (not isinstance(request, (int, str)) or isinstance(request, bool)
                                or len(str(request)) > 40):
        raise ProtocolError('"id" must be a number or a short string')
    kind = message["type"]
    if kind not in TYPES:
        raise ProtocolError(f"unknown message type {kind[:20]!r}: expected {', '.join(TYPES)}", request=request)
    for name in TYPES[kind]:
        if not isinstance(message.get(name), str) or not message[name].strip():
            raise ProtocolError(f'a "{kind}" message needs "{name}" (a string)', request=request)
    token = message.get("token")
    if token is not None and not isinstance(token, str):
        raise ProtocolError('"token" must be a string', request=request)
    return message


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False
