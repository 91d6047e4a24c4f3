"""Observations for learning agents: one seat's view as a flat vector of numbers in [0, 1].

Written once, used by every framework (PettingZoo, Gymnasium, OpenSpiel). An observation is built
from ``game.view(seat)`` alone, never from the game state, so it can hold nothing the seat may not
see (the privacy rule of the views). Seats are relative: "me" first, then the seats to my left in
turn; sides likewise (my side first). ``docs/rl.md`` explains every field.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=1)
>>> encoder = ObservationEncoder.for_rules(game.rules)
>>> vector = encoder.encode(game.view(0))
>>> vector.shape, vector.dtype, int(vector[encoder.slice("hand")].sum())
((574,), dtype('float32'), 6)
>>> [name for name, _, _ in encoder.fields][:4]
['hand', 'discarded', 'crib', 'starter']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from pegboard.cards import Card
from pegboard.engine.snailspace import SnailspaceView, snailspace_view
from pegboard.engine.solitaire import SolitaireView, solitaire_view
from pegboard.engine.views import CribbageView, SeatView, cribbage_view
from pegboard.errors import PegboardError
from pegboard.kinds import kind_named
from pegboard.rules import Rules

__all__ = ["ObservationEncoder", "Observation", "FIELD_DOCS", "OBSERVATION"]

OBSERVATION = "observation"
"""The role under which a kind's :class:`Observation` is registered (:meth:`~pegboard.kinds.GameKind.renderer`)."""

PHASES = ("discard", "play", "show", "count", "muggins", "over")
SNAIL_SCORE_SCALE = 200
"""Snailspace scores are divided by this (and capped at 1): a deal rarely brings 100 points."""
SNAIL_SPIRAL_CELLS = 24

FIELD_DOCS: dict[str, dict[str, str]] = {
    "cribbage": {
        "hand": "the cards I hold now (six, five or four, fewer as I play them)",
        "discarded": "the cards I threw to the crib this deal",
        "crib": "the crib's cards, once it is turned up to be counted (empty before)",
        "starter": "the starter, once turned",
        "played": "the cards played this deal, one block of 52 per seat (me first, then to my left)",
        "series": "the cards of the current series (played since the count was last reset)",
        "last_cards": "the ranks of the last four cards of the series, most recent first (13 each)",
        "count": "the running count, one-hot from 0 to 31",
        "shown": "the hands shown in this deal's show, one block of 52 per seat",
        "scores": "each side's score divided by the target, capped at 1 (my side first)",
        "dealer": "the dealer's seat, one-hot",
        "to_act": "the seats that may act now",
        "said_go": "the seats that said go in this series",
        "hand_sizes": "cards in each seat's hand, divided by the cards dealt",
        "has_discarded": "the seats that have thrown to the crib",
        "phase": "discard, play, show, count, muggins or over, one-hot",
        "counting": "whose hand is being counted (muggins: one-hot seat) and 1 if it is the crib",
        "claim": "the count declared in the count being claimed on, divided by 29 (muggins)",
    },
    "snailspace": {
        "grid": "the 25 cells row-major, each as 13 ranks then 4 suits (all zero: empty)",
        "hand": "the cards I hold",
        "next_cell": "the next cell of the spiral, as its step 0-23",
        "scores": "each player's total divided by 200, capped at 1 (me first)",
        "dealer": "the dealer, one-hot (me first)",
        "to_act": "the player to act, one-hot (me first)",
        "hand_sizes": "cards in each hand divided by 13 (me first)",
        "deal": "the deal, one-hot 0-3",
    },
    "solitaire": {
        "grid": "the 16 cells row-major (a1 b1 c1 d1 a2 ...), each as 13 ranks then 4 suits",
        "current": "the card turned, to be placed or discarded",
        "discards": "the cards in the discard spaces",
        "discards_left": "free discard spaces, one-hot 0-4",
        "stock_left": "cards still face down in the stock, divided by 51",
        "starter": "the starter, once turned (the deal is then over)",
    },
}
"""What each field of each family's observation holds: the source of docs/rl.md's tables."""


@dataclass(frozen=True)
class Observation:
    """How one kind of game's views become vectors: its fields and their sizes for given rules, and the
    encoding of a view (the indices of the ones; other values written into ``out`` directly)."""

    sizes: Callable[[Rules], list[tuple[str, int]]]
    encode: Callable[[ObservationEncoder, SeatView, int, npt.NDArray[np.float32]], list[int]]
    docs: dict[str, str]


def _cribbage_sizes(rules: Rules) -> list[tuple[str, int]]:
    players, sides = rules.players, rules.sides
    return [("hand", 52), ("discarded", 52), ("crib", 52), ("starter", 52), ("played", players * 52),
            ("series", 52), ("last_cards", 4 * 13), ("count", 32), ("shown", players * 52),
            ("scores", sides), ("dealer", players), ("to_act", players), ("said_go", players),
            ("hand_sizes", players), ("has_discarded", players), ("phase", len(PHASES)),
            ("counting", players + 1), ("claim", 1)]


def _snailspace_sizes(rules: Rules) -> list[tuple[str, int]]:
    return [("grid", 25 * 17), ("hand", 52), ("next_cell", SNAIL_SPIRAL_CELLS), ("scores", 2), ("dealer", 2),
            ("to_act", 2), ("hand_sizes", 2), ("deal", 4)]


def _solitaire_sizes(rules: Rules) -> list[tuple[str, int]]:
    return [("grid", 16 * 17), ("current", 52), ("discards", 52), ("discards_left", 5), ("stock_left", 1),
            ("starter", 52)]


@dataclass(frozen=True)
class ObservationEncoder:
    """Encodes views of one game's rules; ``fields`` lists (name, start, size) in vector order."""

    rules: Rules
    fields: tuple[tuple[str, int, int], ...]
    size: int
    _start: dict[str, int] = field(repr=False, compare=False)
    _kind: Observation = field(repr=False, compare=False)

    @staticmethod
    @cache
    def for_rules(rules: Rules) -> ObservationEncoder:
        """The encoder of ``rules`` (cached)."""
        kind: Observation = rules.kind.renderer(OBSERVATION)
        start, fields = 0, []
        for name, size in kind.sizes(rules):
            fields.append((name, start, size))
            start += size
        return ObservationEncoder(rules, tuple(fields), start, {name: begin for name, begin, _ in fields}, kind)

    @property
    def start(self) -> dict[str, int]:
        """Where each field begins in the vector (for a kind's :attr:`Observation.encode`)."""
        return self._start

    def slice(self, name: str) -> slice:
        """Where field ``name`` lies in the vector.

        >>> ObservationEncoder.for_rules(Rules.preset("solitaire")).slice("current")
        slice(272, 324, None)
        """
        for field_name, begin, size in self.fields:
            if field_name == name:
                return slice(begin, begin + size)
        raise PegboardError(f"observation field {name!r}: expected one of {', '.join(f[0] for f in self.fields)}")

    def encode(self, view: SeatView) -> npt.NDArray[np.float32]:
        """The observation of one seat's view (a view with ``seat`` None is refused: it is no seat's)."""
        me = view.seat
        if me is None:
            raise PegboardError("a spectator's view has no observation: expected a seat's view")
        out = np.zeros(self.size, dtype=np.float32)
        ones = self._kind.encode(self, view, me, out)
        out[ones] = 1.0
        return out

    # ------------------------------------------------------------------ the families
    def _cribbage(self, view: CribbageView, me: int, out: npt.NDArray[np.float32]) -> list[int]:
        at = self._start
        players = self.rules.players
        ones = [at["hand"] + card.code for card in view.hand]
        ones += [at["discarded"] + card.code for card in view.discarded]
        ones += [at["crib"] + card.code for card in view.crib]
        if view.starter is not None:
            ones.append(at["starter"] + view.starter.code)
        played, series, shown = at["played"], at["series"], at["shown"]
        ones += [played + 52 * ((seat - me) % players) + card.code for seat, card in view.played]
        ones += [series + card.code for _, card in view.series]
        last = at["last_cards"]
        ones += [last + 13 * back + card.rank - 1 for back, (_, card) in enumerate(reversed(view.series[-4:]))]
        ones.append(at["count"] + view.count)
        ones += [shown + 52 * ((seat - me) % players) + card.code
                 for seat, what, cards in view.shown if what == "hand" for card in cards]
        mine = view.side_of_seat[me]
        sides = len(view.scores)
        target = max(view.target, 1)
        scores = at["scores"]
        for side, score in enumerate(view.scores):
            out[scores + (side - mine) % sides] = min(score / target, 1.0)
        ones.append(at["dealer"] + (view.dealer - me) % players)
        ones += [at["to_act"] + (seat - me) % players for seat in view.to_act]
        ones += [at["said_go"] + (seat - me) % players for seat in view.said_go]
        sizes = at["hand_sizes"]
        dealt = self.rules.deal_size
        for seat, size in enumerate(view.hand_sizes):
            out[sizes + (seat - me) % players] = size / dealt
        ones += [at["has_discarded"] + (seat - me) % players for seat, done in enumerate(view.has_discarded) if done]
        ones.append(at["phase"] + PHASES.index(view.phase))
        if view.counting is not None:
            seat, what = view.counting
            ones.append(at["counting"] + (seat - me) % players)
            if what == "crib":
                ones.append(at["counting"] + players)
        if view.claim is not None:
            out[at["claim"]] = view.claim[1] / 29
        return ones

    def _grid(self, start: int, grid: tuple[Card | None, ...]) -> list[int]:
        ones: list[int] = []
        for cell, card in enumerate(grid):
            if card is not None:
                ones += (start + 17 * cell + card.rank - 1, start + 17 * cell + 13 + card.suit)
        return ones

    def _snailspace(self, view: SnailspaceView, me: int, out: npt.NDArray[np.float32]) -> list[int]:
        at = self._start
        ones = self._grid(at["grid"], view.grid)
        ones += [at["hand"] + card.code for card in view.hand]
        if view.next_cell is not None:
            ones.append(at["next_cell"] + _SPIRAL_STEP[view.next_cell])
        for seat, score in enumerate(view.scores):
            out[at["scores"] + (seat - me) % 2] = min(score / SNAIL_SCORE_SCALE, 1.0)
        ones.append(at["dealer"] + (view.dealer - me) % 2)
        ones += [at["to_act"] + (seat - me) % 2 for seat in view.to_act]
        for seat, size in enumerate(view.hand_sizes):
            out[at["hand_sizes"] + (seat - me) % 2] = size / 13
        ones.append(at["deal"] + min(view.deal, 3))
        return ones

    def _solitaire(self, view: SolitaireView, out: npt.NDArray[np.float32]) -> list[int]:
        at = self._start
        ones = self._grid(at["grid"], view.grid)
        if view.current is not None:
            ones.append(at["current"] + view.current.code)
        ones += [at["discards"] + card.code for card in view.discards]
        ones.append(at["discards_left"] + max(view.discard_spaces - len(view.discards), 0))
        out[at["stock_left"]] = view.stock_left / 51
        if view.starter is not None:
            ones.append(at["starter"] + view.starter.code)
        return ones


def _spiral_steps() -> dict[tuple[int, int], int]:
    from pegboard.engine.snailspace import SPIRAL

    return {cell: step for step, cell in enumerate(SPIRAL)}


_SPIRAL_STEP = _spiral_steps()

def _encode_cribbage(encoder: ObservationEncoder, view: SeatView, me: int, out: npt.NDArray[np.float32]) -> list[int]:
    return encoder._cribbage(cribbage_view(view), me, out)


def _encode_snailspace(encoder: ObservationEncoder, view: SeatView, me: int, out: npt.NDArray[np.float32]) -> list[int]:
    return encoder._snailspace(snailspace_view(view), me, out)


def _encode_solitaire(encoder: ObservationEncoder, view: SeatView, me: int, out: npt.NDArray[np.float32]) -> list[int]:
    return encoder._solitaire(solitaire_view(view), out)


kind_named("cribbage").register_renderer(OBSERVATION, Observation(_cribbage_sizes, _encode_cribbage,
                                                                  FIELD_DOCS["cribbage"]))
kind_named("snailspace").register_renderer(OBSERVATION, Observation(_snailspace_sizes, _encode_snailspace,
                                                                    FIELD_DOCS["snailspace"]))
kind_named("solitaire").register_renderer(OBSERVATION, Observation(_solitaire_sizes, _encode_solitaire,
                                                                   FIELD_DOCS["solitaire"]))
