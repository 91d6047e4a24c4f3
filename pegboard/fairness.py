"""A shuffle anyone can check: commit, contribute, deal, reveal, verify (``docs/fairness.md``).

1. The server draws a secret ``server_seed`` (:func:`new_server_seed`) and publishes its
   :func:`commitment` before the first deal.
2. Each player's browser sends a random ``contribution`` (:func:`check_contribution`).
3. The game is dealt from :func:`game_seed` of the server seed and every contribution, in seat order.
4. At game end the server seed is revealed (:meth:`Fairness.revealed`) and written into the record's
   ``fair`` field next to its ``seed``.
5. Anyone recomputes every deal from the record (:func:`verify_record`, ``pegboard verify``).

The server commits before it sees any contribution and the players contribute before the seed is
revealed, so neither the server nor any one player can choose the cards.

>>> server = "00" * 32
>>> commitment(server)
'sha256:60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55'
>>> seed = game_seed(server, ["ab" * 16, "cd" * 16])
>>> 0 <= seed < 2**128, seed == game_seed(server, ["cd" * 16, "ab" * 16])
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pegboard.engine import Deal, GameState, new_game
from pegboard.errors import FairnessError, VerifyError
from pegboard.records import DealRecord, GameRecord, parse_record, replay

__all__ = ["DOMAIN", "COMMITMENT_PREFIX", "Fairness", "new_server_seed", "commitment", "check_contribution",
           "check_server_seed", "game_seed", "verify_record"]

DOMAIN = b"pegboard/fair/1\x00"
"""The domain tag that opens the game seed's hash input (so the hash means nothing anywhere else)."""
COMMITMENT_PREFIX = "sha256:"
"""A commitment is written ``sha256:`` and 64 lowercase hex digits (the hash named, so it can change)."""

_SERVER_SEED = re.compile(r"[0-9a-f]{64}")
_CONTRIBUTION = re.compile(r"(?:[0-9a-f]{2}){16,64}")
_COMMITMENT = re.compile(r"sha256:[0-9a-f]{64}")


class _TokenSource(Protocol):
    def token_bytes(self, nbytes: int) -> bytes: ...


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def new_server_seed(rng: _TokenSource | None = None) -> str:
    """A new secret server seed: 32 random bytes as 64 lowercase hex digits.

    ``rng`` is anything with ``token_bytes(n)`` (default: the :mod:`secrets` module; tests pass a
    seeded stand-in).

    >>> seed = new_server_seed()
    >>> len(seed), check_server_seed(seed) == seed
    (64, True)
    """
    raw = (rng if rng is not None else secrets).token_bytes(32)
    return raw.hex()


def check_server_seed(value: object) -> str:
    """``value`` if it is a server seed (64 lowercase hex digits), else :class:`FairnessError`.

    >>> check_server_seed("AB" * 32)
    Traceback (most recent call last):
    ...
    pegboard.errors.FairnessError: server seed 'ABABABABABABABABABAB...: expected 64 lowercase hex digits (32 bytes)
    """
    if not isinstance(value, str) or not _SERVER_SEED.fullmatch(value):
        raise FairnessError(f"server seed {_shown(value)}: expected 64 lowercase hex digits (32 bytes)")
    return value


def commitment(server_seed: str) -> str:
    """The public commitment to a server seed: ``"sha256:"`` and the SHA-256 hex digest of the seed's
    text (its 64 hex digits as ASCII).

    >>> commitment("00" * 32) == "sha256:" + hashlib.sha256(b"0" * 64).hexdigest()
    True
    """
    seed = check_server_seed(server_seed)
    return COMMITMENT_PREFIX + hashlib.sha256(seed.encode("ascii")).hexdigest()


def check_contribution(value: object) -> str:
    """``value`` if it is a player's contribution (16-64 bytes as 32-128 lowercase hex digits), else
    :class:`FairnessError`.

    >>> check_contribution("0f" * 16)
    '0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f'
    >>> check_contribution("xyz")
    Traceback (most recent call last):
    ...
    pegboard.errors.FairnessError: contribution 'xyz': expected 16-64 random bytes as 32-128 lowercase hex digits
    """
    if not isinstance(value, str) or not _CONTRIBUTION.fullmatch(value):
        raise FairnessError(f"contribution {_shown(value)}: expected 16-64 random bytes as 32-128 lowercase hex digits")
    return value


def _framed(part: bytes) -> bytes:
    return len(part).to_bytes(4, "big") + part


def game_seed(server_seed: str, contributions: Sequence[str]) -> int:
    """The seed the game is dealt from: the first 16 bytes (big-endian) of the SHA-256 of

    ``DOMAIN``, the number of contributions as 4 bytes big-endian, then the server seed's 32 bytes
    and each contribution's bytes in seat order, each preceded by its length as 4 bytes big-endian.

    >>> game_seed("00" * 32, ["11" * 16]) == int.from_bytes(hashlib.sha256(
    ...     DOMAIN + (1).to_bytes(4, "big") + (32).to_bytes(4, "big") + bytes(32)
    ...     + (16).to_bytes(4, "big") + bytes([0x11] * 16)).digest()[:16], "big")
    True
    >>> game_seed("00" * 32, [])
    Traceback (most recent call last):
    ...
    pegboard.errors.FairnessError: contributions []: expected at least one player's contribution
    """
    seed = bytes.fromhex(check_server_seed(server_seed))
    if isinstance(contributions, str) or not contributions:
        raise FairnessError(f"contributions {_shown(contributions)}: expected at least one player's contribution")
    parts = [bytes.fromhex(check_contribution(value)) for value in contributions]
    message = DOMAIN + len(parts).to_bytes(4, "big") + _framed(seed) + b"".join(_framed(part) for part in parts)
    return int.from_bytes(hashlib.sha256(message).digest()[:16], "big")


@dataclass(frozen=True)
class Fairness:
    """A game's fairness data, the record's ``fair`` field: the commitment published before the
    first deal, the players' contributions in seat order, and the server seed (``None`` until it is
    revealed at game end).

    >>> server = "ab" * 32
    >>> fair = Fairness(commitment(server), ("01" * 16,))
    >>> fair.to_json()["server_seed"] is None, Fairness.from_json(fair.revealed(server).to_json()).server_seed == server
    (True, True)
    """

    commitment: str
    contributions: tuple[str, ...]
    server_seed: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.commitment, str) or not _COMMITMENT.fullmatch(self.commitment):
            raise FairnessError(f"commitment {_shown(self.commitment)}: expected 'sha256:' and 64 lowercase hex digits")
        if not isinstance(self.contributions, tuple) or not self.contributions:
            raise FairnessError(f"contributions {_shown(self.contributions)}: expected at least one player's "
                                "contribution")
        for value in self.contributions:
            check_contribution(value)
        if self.server_seed is not None:
            check_server_seed(self.server_seed)

    def revealed(self, server_seed: str) -> Fairness:
        """The same data with the server seed revealed; refused if it does not match the commitment.

        >>> Fairness(commitment("ab" * 32), ("01" * 16,)).revealed("cd" * 32)
        Traceback (most recent call last):
        ...
        pegboard.errors.FairnessError: server seed 'cdcdcdcdcdcdcdcdcdcd...: does not match sha256:271a...
        """
        if not hmac.compare_digest(commitment(server_seed), self.commitment):
            raise FairnessError(f"server seed {_shown(server_seed)}: does not match "
                                f"{self.commitment[:11]}...")
        return Fairness(self.commitment, self.contributions, server_seed)

    def seed(self) -> int:
        """The game seed (:func:`game_seed`); refused before the server seed is revealed."""
        if self.server_seed is None:
            raise FairnessError("server seed: not revealed yet (it is revealed at game end)")
        return game_seed(self.server_seed, self.contributions)

    def to_json(self) -> dict[str, Any]:
        """The record's ``fair`` object."""
        return {"commitment": self.commitment, "contributions": list(self.contributions),
                "server_seed": self.server_seed}

    @classmethod
    def from_json(cls, data: object) -> Fairness:
        """Read a record's ``fair`` object (:class:`FairnessError` naming what is wrong)."""
        if not isinstance(data, Mapping) or not {"commitment", "contributions"} <= set(data):
            raise FairnessError(f"fair {_shown(data)}: expected an object with commitment, contributions "
                                "and server_seed")
        contributions = data["contributions"]
        if not isinstance(contributions, list):
            raise FairnessError(f"fair.contributions {_shown(contributions)}: expected a list of hex strings")
        return cls(data["commitment"], tuple(contributions), data.get("server_seed"))


def verify_record(record: object) -> str:
    """Check a record's shuffle: the one-line ``ok: ...`` summary, or :class:`VerifyError` saying why not.

    The record (the parsed JSON object) must hold ``fair`` data with the server seed revealed; the seed
    must match the commitment; the record's ``seed`` must be the one the server seed and the
    contributions give; and every deal's cards (hands, crib, starter or stock, and the cut for the
    first dealer when the record says it was cut for) must be what that seed deals when the record's
    actions are replayed. A record that is not a readable ``pegboard/1`` record raises
    :class:`~pegboard.errors.RecordError` instead.
    """
    game_record = parse_record(record)
    if game_record.fair is None:
        raise VerifyError("no fairness data: the record has no 'fair' field (not a game dealt from a checked seed)")
    try:
        fair = Fairness.from_json(game_record.fair)
    except FairnessError as error:
        raise VerifyError(f"bad fairness data: {error}") from None
    if fair.server_seed is None:
        raise VerifyError("seed not revealed: the record's fair.server_seed is null")
    if not hmac.compare_digest(commitment(fair.server_seed), fair.commitment):
        raise VerifyError(f"the commitment {fair.commitment[:15]}... does not match the revealed server seed "
                          f"{fair.server_seed[:8]}...")
    seed = fair.seed()
    if game_record.seed is None:
        raise VerifyError(f"the record has no seed; the commitment and contributions give {seed}")
    if game_record.seed != seed:
        raise VerifyError(f"the record's seed {game_record.seed} is not the one the commitment and contributions "
                          f"give ({seed})")
    checked = _check_deals(game_record)
    players = len(fair.contributions)
    return (f"ok: {checked} deal{'s' if checked != 1 else ''} checked, dealt from seed {seed} = server seed "
            f"{fair.server_seed[:8]}... (matches {fair.commitment[:15]}...) + {players} "
            f"contribution{'s' if players != 1 else ''}")


def _check_deals(game_record: GameRecord) -> int:
    """Replay the record's actions on a game dealt from its seed alone, comparing each deal's cards
    with the record's before its actions; how many deals were checked."""
    if game_record.cut_for_deal and game_record.first_dealer is not None:
        cut = new_game(game_record.rules, game_record.players, seed=game_record.seed).first_dealer
        if cut != game_record.first_dealer:
            said, cut_name = game_record.players[game_record.first_dealer], game_record.players[cut or 0]
            raise VerifyError(f"first_dealer: the record says {said!r}, but the cut for deal drawn from the seed "
                              f"makes {cut_name!r} deal first")

    def compare(index: int, game: GameState) -> None:
        _compare_deal(index, game.deal_logs[index].deal, game_record.deals[index].deal, game_record.players)

    bare = tuple(DealRecord(Deal(), deal.actions) for deal in game_record.deals)
    replay(GameRecord(game_record.rules, game_record.players, game_record.first_dealer, game_record.seed, bare,
                      game_record.start_scores, game_record.cut_for_deal, game_record.objective), before_deal=compare)
    return len(game_record.deals)


def _compare_deal(index: int, dealt: Deal, given: Deal, players: Sequence[str]) -> None:
    """:class:`VerifyError` naming the first part of deal ``index`` the record gives differently."""
    where = f"deal {index + 1} (deals[{index}])"
    for seat, name in enumerate(players):
        mine = given.hands[seat] if seat < len(given.hands) else ()
        theirs = dealt.hands[seat] if seat < len(dealt.hands) else ()
        if theirs and not mine:
            raise VerifyError(f"{where}: the record gives no hand for {name}; a checked record gives every card dealt")
        if tuple(mine) != tuple(theirs):
            raise VerifyError(f"{where}: {name}'s hand {_cards(mine)} is not what the seed deals ({_cards(theirs)})")
    if tuple(given.crib) != tuple(dealt.crib):
        raise VerifyError(f"{where}: the crib's dealt cards {_cards(given.crib)} are not what the seed deals "
                          f"({_cards(dealt.crib)})")
    if given.starter is None and dealt.starter is not None:
        raise VerifyError(f"{where}: the record gives no starter; a checked record gives every card dealt")
    if given.starter != dealt.starter:
        raise VerifyError(f"{where}: the starter {given.starter or 'none'} is not what the seed deals "
                          f"({dealt.starter or 'none'})")
    if tuple(given.stock) != tuple(dealt.stock):
        raise VerifyError(f"{where}: the stock {_cards(given.stock[:17])} is not what the seed deals "
                          f"({_cards(dealt.stock[:17])})")


def _cards(cards: Sequence[object]) -> str:
    return " ".join(str(card) for card in cards) or "none"
