"""Reading what a user controls: files read only up to a bound, JSON with bounded numbers.

Every reader of a record, a save or the settings goes through :func:`read_limited` and
:func:`decode_json`, so ``/dev/zero`` cannot hang a command and a number of 5,000 digits is an error
that says so, not a crash inside the JSON decoder.

>>> decode_json(b'{"seed": 7}', "a record")
{'seed': 7}
>>> decode_json("[" + "9" * 200 + "]", "a record")
Traceback (most recent call last):
...
pegboard.files.JSONProblem: a number of 200 digits: a record holds none over 100
>>> decode_json("[NaN]", "a record")
Traceback (most recent call last):
...
pegboard.files.JSONProblem: not JSON (NaN is not a JSON number)
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import IO, Any, Final

__all__ = ["JSONProblem", "MAX_DIGITS", "read_limited", "read_stream", "decode_json", "size_text"]

MAX_DIGITS: Final = 100
"""The most digits a JSON number may have (a 128-bit seed has 39)."""


class JSONProblem(ValueError):
    """Data that is not the JSON expected; the message says what is wrong, without naming the source."""


def size_text(limit: int) -> str:
    """A byte count in words: ``8 MiB``, ``64 KiB``."""
    return f"{limit // 2**20} MiB" if limit % 2**20 == 0 else f"{limit // 2**10} KiB"


def read_stream(stream: IO[bytes], limit: int, what: str) -> bytes:
    """At most ``limit`` bytes of a stream; :class:`JSONProblem` if it holds more."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise JSONProblem(f"larger than {size_text(limit)}: {what} is never that large")
    return data


def read_limited(path: str | Path, limit: int, what: str) -> bytes:
    """A file's bytes, refusing one of more than ``limit`` bytes (``/dev/zero`` included) with
    :class:`JSONProblem`; :class:`OSError` if it cannot be read (missing, a folder...)."""
    with open(path, "rb") as stream:
        return read_stream(stream, limit, what)


def decode_json(data: bytes | str, what: str) -> Any:
    """Parse JSON text (UTF-8 bytes, an optional byte-order mark, or a string); ``what`` names what it
    should be (``"a pegboard/1 record"``) in the :class:`JSONProblem` messages."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")  # a byte-order mark, as some editors write, is harmless
        except UnicodeDecodeError as error:
            bad = data[error.start]
            raise JSONProblem(f"not UTF-8 text (byte {bad:#04x} at offset {error.start}); {what} is UTF-8 JSON") \
                from None
    if not data.strip():
        raise JSONProblem(f"empty: expected {what} (a JSON object)")

    def whole(text: str) -> int:
        digits = len(text.lstrip("-"))
        if digits > MAX_DIGITS:
            raise JSONProblem(f"a number of {digits} digits: {what} holds none over {MAX_DIGITS}")
        return int(text)

    def real(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            raise JSONProblem(f"the number {text[:20]}{'...' if len(text) > 20 else ''} is too large")
        return value

    def constant(name: str) -> Any:
        raise JSONProblem(f"not JSON ({name} is not a JSON number)")

    try:
        return json.loads(data, parse_int=whole, parse_float=real, parse_constant=constant)
    except json.JSONDecodeError as error:
        message = error.msg.removesuffix(" at")  # "Unterminated string starting at": the place follows
        raise JSONProblem(f"not JSON ({message} at line {error.lineno} column {error.colno})") from None
    except RecursionError:
        raise JSONProblem(f"not {what} (JSON nested too deeply)") from None
