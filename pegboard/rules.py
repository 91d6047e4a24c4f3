"""Rules as data: one frozen :class:`Rules` object per game, named presets, validated options.

Every rule that varies between games or house rules is a field; the engines read fields and never
branch on a game's name. Records and the command line name options only by the documented names of
:data:`OPTION_NAMES` (``target``, ``muggins``, ``deals``, ``discards``...; see :meth:`Rules.from_options`);
:meth:`Rules.with_options` takes any field, for analysis in Python.

>>> rules = Rules.preset("cribbage")
>>> rules.players, rules.deal_size, rules.discard_count, rules.kept_size, rules.target
(2, 6, 2, 4, 121)
>>> Rules.preset("crib5").name
'five-card'
>>> Rules.preset("cribbage", target=61).skunk
30
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final, Literal

from pegboard.errors import RulesError
from pegboard.families import BUILT_IN
from pegboard.kinds import MAX_DEALS, MAX_TARGET, GameKind, add_kind, kind_named, kinds

__all__ = ["Rules", "PRESET_NAMES", "ALIASES", "OPTION_NAMES", "MAX_TARGET", "MAX_DEALS", "Family", "HeelsMode",
           "GameKind", "register_kind"]

Family = str
"""A family of games' name: one of the registered kinds' (``cribbage``, ``snailspace``, ``solitaire``...)."""
HeelsMode = Literal["per_hand", "once"]


def _doc(text: str) -> Any:
    return field(metadata={"doc": text})


@dataclass(frozen=True, kw_only=True)
class Rules:
    """The complete rules of one game. Build with :meth:`preset`; change with :meth:`with_options`.

    Construction validates the combination and raises :class:`~pegboard.errors.RulesError`.

    >>> Rules.preset("snailspace", count_at_end=True).count_at_end
    True
    >>> Rules.preset("cribbage", count_at_end=True)
    Traceback (most recent call last):
    ...
    pegboard.errors.RulesError: option 'count_at_end' does not apply to cribbage; it applies to snailspace
    """

    name: str = _doc("Preset name the rules were built from (records are written with it).")
    family: Family = _doc(
        "Which kind of game (:class:`~pegboard.kinds.GameKind`) it is: 'cribbage' (six- and five-card), "
        "'snailspace', 'solitaire', or a family registered with :func:`register_kind`."
    )
    players: int = _doc("Number of players at the table (1 for solitaire).")
    partners: bool = _doc(
        "Four players in two partnerships, seats 1+3 against 2+4, pooling scores (ruling 12)."
    )
    deal_size: int = _doc(
        "Cards dealt to each player: 6 (two-player), 5 (three/four-player, five-card), "
        "13 (snailspace), 0 (solitaire)."
    )
    discard_count: int = _doc("Cards each player throws to the crib (ruling 12, 17).")
    crib_from_pack: int = _doc("Cards dealt from the pack straight to the crib (1 in three-player).")
    target: int | None = _doc(
        "Points that win: the game ends the moment a side reaches it (ruling 15); for solitaire "
        "the win line of a deal (ruling 27); None in snailspace, where totals decide (ruling 24)."
    )
    skunk: int | None = _doc(
        "A loser with this many points or fewer is skunked (ruling 15: 90 of 121); None: no skunks."
    )
    double_skunk: int | None = _doc(
        "A loser with this many points or fewer is double-skunked (ruling 15: 60 of 121)."
    )
    muggins: bool = _doc(
        "Players claim their own show counts and opponents may claim missed points (ruling 16)."
    )
    play_continues_after_go: bool = _doc(
        "After a go the other players keep playing while they can (ruling 9). When False, the "
        "series ends at the first go and the last player to have played scores the point."
    )
    single_series: bool = _doc(
        "The play is one series only; cards left after it are not played (five-card, ruling 19)."
    )
    pone_bonus: int = _doc(
        "Points pegged once per game, before the first deal, by the player who lost the cut for "
        "deal: five-card's '3 for last' (ruling 18)."
    )
    heels_points: int = _doc("Points for a jack turned as starter (ruling 6; 0 in snailspace).")
    crib_four_flush: bool = _doc(
        "House rule: four crib cards of one suit score 4 without the starter. Off: only a "
        "five-card crib flush scores (ruling 4)."
    )
    deals: int = _doc(
        "Deals in a game whose totals decide. Snailspace: 2 or 4, dealer alternating (ruling 24). "
        "Cribbage games: 0 (the default: play to the target), or a number of deals after which the "
        "highest total wins, unless a side reaches the target first (duplicate play)."
    )
    count_at_end: bool = _doc(
        "Snailspace variant: no scores while placing; the dealer scores the columns and the "
        "non-dealer the rows at the end (ruling 25)."
    )
    fifteens: bool = _doc("Snailspace: fifteens score 2 each (ruling 23 option, default off).")
    discard_spaces: int = _doc("Solitaire: discard spaces of one card each, 0-4 (ruling 26).")
    heels: HeelsMode = _doc(
        "Solitaire: a jack starter scores 2 in each of the 8 hands ('per_hand') or 2 in all "
        "('once') (ruling 27)."
    )

    # ------------------------------------------------------------------ derived facts
    @property
    def kept_size(self) -> int:
        """Cards each player keeps for the show (4, or 3 in five-card)."""
        return self.deal_size - self.discard_count

    @property
    def crib_size(self) -> int:
        """Cards in the crib after the discards (4 in every cribbage game)."""
        return self.players * self.discard_count + self.crib_from_pack

    @property
    def sides(self) -> int:
        """Scoring sides: players, or 2 for partnerships."""
        return 2 if self.partners else self.players

    # What an interface lays out and asks for, so that none of them tests the family by name: the kind's facts.
    @property
    def kind(self) -> GameKind:
        """The family's :class:`~pegboard.kinds.GameKind`: its classes, facts and tables.

        >>> Rules.preset("five-card").kind.family
        'cribbage'
        """
        return kind_named(self.family)

    @cached_property  # asked on every move (a bot's, the simulator's): read from the kind once
    def crib(self) -> bool:
        """Players throw cards to a crib, play them out with a running count (go, 31) and show their
        hands: the cribbage games."""
        return kind_named(self.family).crib

    @cached_property
    def pegging(self) -> bool:
        """Scores are pegged on a cribbage board to a target (the cribbage games)."""
        return kind_named(self.family).pegging

    @cached_property
    def grid_side(self) -> int:
        """The side of the grid cards are placed on: 5 (Snailspace), 4 (solitaire), 0 (no grid).

        >>> [Rules.preset(name).grid_side for name in ("cribbage", "snailspace", "solitaire")]
        [0, 5, 4]
        """
        return kind_named(self.family).grid_side

    @cached_property
    def cells_in_order(self) -> bool:
        """Cards go on the grid's cells in a fixed order (Snailspace's spiral, ruling 22): the player
        chooses the card, not the cell."""
        return kind_named(self.family).cells_in_order

    @cached_property
    def holds_hand(self) -> bool:
        """Each player holds a hand of cards (not solitaire, where the stock turns one at a time)."""
        return kind_named(self.family).holds_hand

    @cached_property
    def fixed_deals(self) -> bool:
        """The game is a fixed number of deals (``deals``) whose totals decide (Snailspace, ruling 24),
        not a race to a target.

        >>> [Rules.preset(name).fixed_deals for name in ("cribbage", "snailspace", "solitaire")]
        [False, True, False]
        """
        return kind_named(self.family).fixed_deals

    @property
    def solo(self) -> bool:
        """One player against the target: a game below it is lost, never drawn (ruling 27)."""
        return self.players == 1

    def side_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """Scoring sides' names: the players', or partners' names joined by '+' (ruling 12).

        >>> Rules.preset("cribbage-4").side_names(["Ann", "Bob", "Cat", "Dan"])
        ('Ann+Cat', 'Bob+Dan')
        """
        if self.partners:
            return tuple("+".join(players[seat] for seat in range(side, self.players, 2)) for side in range(2))
        return tuple(players)

    @staticmethod
    def preset(name: str, /, **options: Any) -> Rules:
        """The rules of a named preset (or alias), with options applied.

        >>> Rules.preset("4-player").partners
        True
        """
        if not isinstance(name, str):
            raise RulesError(f"game {name!r}: expected a preset name ({', '.join(PRESET_NAMES)})")
        key = name.strip().lower()
        canonical = ALIASES.get(key, key)
        if canonical not in _PRESETS:
            raise RulesError(
                f"unknown game {name!r}: expected one of {', '.join(PRESET_NAMES)}"
            )
        rules = _PRESETS[canonical]
        return rules.with_options(**options) if options else rules

    @staticmethod
    def from_options(name: str, options: Mapping[str, Any]) -> Rules:
        """The rules of a preset with options named as records and the command line name them: only
        the documented names of :data:`OPTION_NAMES` (never an internal field such as ``deal_size``).

        >>> Rules.from_options("solitaire", {"discards": 2}).discard_spaces
        2
        >>> Rules.from_options("cribbage", {"heels_points": 5})
        Traceback (most recent call last):
        ...
        pegboard.errors.RulesError: unknown option 'heels_points' for cribbage: expected target, muggins, \
crib_four_flush, skunk, double_skunk, deals
        """
        rules = Rules.preset(name)
        own = rules.kind.options
        for key in options:
            if key in own:
                continue
            elsewhere = [kind.family for kind in kinds() if key in kind.options]
            if elsewhere:
                raise RulesError(f"option {key!r} does not apply to {rules.name}; it applies to {', '.join(elsewhere)}")
            allowed = ", ".join(own)
            raise RulesError(f"unknown option {key!r} for {rules.name}: expected {allowed}")
        return rules.with_options(**options) if options else rules

    def with_options(self, **options: Any) -> Rules:
        """A copy with options changed; record option names (``discards``) are accepted.

        A new ``target`` moves the skunk lines with it unless they are given too (121 -> 61 puts
        the skunk line at 30).

        >>> Rules.preset("solitaire").with_options(discards=0, heels="once").discard_spaces
        0
        """
        changes: dict[str, Any] = {}
        for key, value in options.items():
            field_name = kind_named(self.family).option_fields.get(key, key)
            if field_name not in _FIELD_NAMES or field_name in ("name", "family"):
                raise RulesError(f"unknown option {key!r}: expected one of {', '.join(_OPTION_NAMES)}")
            scope = _option_scope(field_name)
            if scope and self.family not in scope:
                raise RulesError(
                    f"option {key!r} does not apply to {self.name}; it applies to {', '.join(scope)}"
                )
            changes[field_name] = value
        new_target = changes.get("target", self.target)
        if new_target != self.target and _is_int(new_target) and self.target is not None:
            # Skunk lines sit a fixed distance below the target (121: 90 and 60); keep it.
            for line in ("skunk", "double_skunk"):
                old = getattr(self, line)
                if line not in changes and old is not None:
                    shifted = old + new_target - self.target
                    changes[line] = shifted if shifted >= 0 else None
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """Record options (by their record names) where these rules differ from the preset. Skunk
        lines that simply follow a new target are left out (the target moves them again on reading).

        >>> Rules.preset("solitaire", discards=2).options()
        {'discards': 2}
        >>> Rules.preset("cribbage", target=61).options()
        {'target': 61}
        """
        preset = _PRESETS[self.name]
        base = preset if self.target == preset.target else preset.with_options(target=self.target)
        result: dict[str, Any] = {} if self.target == preset.target else {"target": self.target}
        record_names = {field_name: option for option, field_name in self.kind.option_fields.items()}
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            if value != getattr(base, name):
                result[record_names.get(name, name)] = value
        return result

    def __post_init__(self) -> None:
        _validate(self)


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise RulesError(message)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate(rules: Rules) -> None:
    for name in _BOOL_FIELDS:
        value = getattr(rules, name)
        _check(isinstance(value, bool), f"option {name!r} must be true or false, not {value!r}")
    for name in _INT_FIELDS:
        value = getattr(rules, name)
        _check(_is_int(value), f"option {name!r} must be an integer, not {value!r}")
    for name in ("target", "skunk", "double_skunk"):
        value = getattr(rules, name)
        _check(value is None or _is_int(value), f"option {name!r} must be an integer, not {value!r}")
    _check(rules.name in _PRESETS or rules.name in _PRESET_SOURCES, f"unknown preset {rules.name!r}")
    game_kind = next((kind for kind in kinds() if kind.family == rules.family), None)
    _check(game_kind is not None, f"unknown family {rules.family!r}")
    assert game_kind is not None
    if game_kind.check is not None:
        game_kind.check(rules)


OPTION_NAMES: Final[dict[str, tuple[str, ...]]] = {kind.family: kind.options for kind in BUILT_IN}
"""The option names records and the command line may use, per built-in family (``docs/record-format.md``;
each kind's :attr:`~pegboard.kinds.GameKind.options`)."""

_COMMON: Final[dict[str, Any]] = dict(
    partners=False, crib_from_pack=0, skunk=None, double_skunk=None, muggins=False,
    play_continues_after_go=True, single_series=False, pone_bonus=0, heels_points=2,
    crib_four_flush=False, deals=2, count_at_end=False, fifteens=False, discard_spaces=4,
    heels="per_hand",
)

_PRESET_SOURCES: Final[dict[str, dict[str, Any]]] = {
    name: _COMMON | {"family": kind.family} | dict(values) for kind in BUILT_IN for name, values in kind.presets.items()
}
PRESET_NAMES: Final = tuple(_PRESET_SOURCES)
"""The canonical preset names, as written in records."""

ALIASES: Final[dict[str, str]] = {alias: name for kind in BUILT_IN for alias, name in kind.aliases.items()}
"""Other names the presets answer to."""

_FIELD_NAMES: Final = tuple(f.name for f in dataclasses.fields(Rules))
_BOOL_FIELDS: Final = tuple(
    name for name, value in _PRESET_SOURCES["cribbage"].items() if isinstance(value, bool)
)
_INT_FIELDS: Final = ("players", "deal_size", "discard_count", "crib_from_pack", "pone_bonus",
                      "heels_points", "deals", "discard_spaces")


def _option_scope(field_name: str) -> tuple[str, ...]:
    """The families a rules field applies to (empty: every family)."""
    return tuple(kind.family for kind in kinds() if field_name in kind.own_fields)


_OPTION_NAMES: Final = tuple(
    name for name in _FIELD_NAMES if name not in ("name", "family")
) + ("discards",)
_PRESETS: dict[str, Rules] = {}


def register_kind(kind: GameKind) -> None:
    """Register a family of games: its kind, then its presets (and their aliases), which
    :meth:`Rules.preset`, :func:`pegboard.engine.new_game`, records, the simulator and the learning
    environments then take like the built-in ones. A family is registered once.

    >>> from pegboard.families import BUILT_IN
    >>> register_kind(BUILT_IN[0])  # already there: the same object is accepted
    """
    add_kind(kind)
    for name, values in kind.presets.items():
        if name in _PRESETS and _PRESETS[name].family != kind.family:
            raise RulesError(f"preset {name!r} of {kind.family} is a preset of {_PRESETS[name].family} already")
        _PRESET_SOURCES[name] = _COMMON | {"family": kind.family} | dict(values)
    for name in kind.presets:
        _PRESETS[name] = Rules(name=name, **_PRESET_SOURCES[name])
    for alias, name in kind.aliases.items():
        ALIASES.setdefault(alias, name)


for _kind in BUILT_IN:
    register_kind(_kind)
