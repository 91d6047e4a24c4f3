"""Rules as data: presets, aliases, options and validation."""

from __future__ import annotations

import dataclasses

import pytest

from pegboard import PRESET_NAMES, Rules, RulesError
from pegboard.rules import ALIASES


def test_every_preset_builds_and_is_frozen() -> None:
    assert PRESET_NAMES == ("cribbage", "cribbage-3", "cribbage-4", "cribbage-4-solo", "five-card",
                            "snailspace", "solitaire")
    for name in PRESET_NAMES:
        rules = Rules.preset(name)
        assert rules.name == name
        with pytest.raises(dataclasses.FrozenInstanceError):
            rules.target = 5  # type: ignore[misc]


def test_every_field_is_documented() -> None:
    for field in dataclasses.fields(Rules):
        assert len(field.metadata.get("doc", "")) > 20, field.name


def test_ruling_12_deal_sizes() -> None:
    shapes = {name: (r.players, r.deal_size, r.discard_count, r.crib_from_pack, r.kept_size, r.crib_size)
              for name in PRESET_NAMES if (r := Rules.preset(name)).family == "cribbage"}
    assert shapes == {
        "cribbage": (2, 6, 2, 0, 4, 4),
        "cribbage-3": (3, 5, 1, 1, 4, 4),
        "cribbage-4": (4, 5, 1, 0, 4, 4),
        "cribbage-4-solo": (4, 5, 1, 0, 4, 4),
        "five-card": (2, 5, 2, 0, 3, 4),
    }
    assert Rules.preset("cribbage-4").partners and not Rules.preset("cribbage-4-solo").partners
    assert Rules.preset("cribbage-4").sides == 2 and Rules.preset("cribbage-4-solo").sides == 4


def test_ruling_15_targets_and_skunk_lines() -> None:
    rules = Rules.preset("cribbage")
    assert (rules.target, rules.skunk, rules.double_skunk) == (121, 90, 60)
    short = rules.with_options(target=61)
    assert (short.target, short.skunk, short.double_skunk) == (61, 30, 0)
    assert rules.with_options(target=61, skunk=20).skunk == 20


def test_ruling_16_muggins_is_an_option_off_by_default() -> None:
    assert not Rules.preset("cribbage").muggins
    assert Rules.preset("cribbage", muggins=True).muggins


def test_ruling_17_to_19_five_card() -> None:
    rules = Rules.preset("five-card")
    assert (rules.target, rules.pone_bonus, rules.single_series) == (61, 3, True)


def test_ruling_24_to_27_grid_game_options() -> None:
    snail = Rules.preset("snailspace")
    assert (snail.deals, snail.count_at_end, snail.fifteens, snail.target) == (2, False, False, None)
    solo = Rules.preset("solitaire")
    assert (solo.discard_spaces, solo.heels, solo.target) == (4, "per_hand", 60)
    assert Rules.preset("solitaire", discards=0).discard_spaces == 0


def test_aliases_reach_presets() -> None:
    for alias, name in ALIASES.items():
        assert Rules.preset(alias).name == name
    assert Rules.preset(" Five-Card ").name == "five-card"


def test_record_options_round_trip() -> None:
    for name, options in [("solitaire", {"discards": 2, "heels": "once"}),
                          ("snailspace", {"deals": 4, "count_at_end": True, "fifteens": True}),
                          ("cribbage", {"target": 61, "muggins": True})]:
        rules = Rules.preset(name, **options)
        assert {k: rules.options()[k] for k in options} == options
        assert Rules.preset(name, **rules.options()) == rules


@pytest.mark.parametrize("name, options, message", [
    ("cribbage", {"players": 5}, "players=5"),
    ("cribbage", {"partners": True}, "partners need exactly 4 players"),
    ("cribbage", {"target": 0}, "target"),
    ("cribbage", {"discard_count": 3}, "crib must hold 4 cards"),
    ("cribbage", {"deal_size": 7}, "keep 3 or 4"),
    ("cribbage", {"muggins": "yes"}, "muggins"),
    ("cribbage", {"deals": -1}, "deals=-1"),
    ("five-card", {"deals": 101}, "deals=101"),
    ("solitaire", {"deals": 4}, "does not apply to solitaire"),
    ("snailspace", {"deals": 3}, "deals=3"),
    ("solitaire", {"discards": 5}, "discards=5"),
    ("solitaire", {"heels": "twice"}, "heels='twice'"),
    ("cribbage", {"colour": "red"}, "unknown option 'colour'"),
    ("cribbage", {"skunk": 130}, "skunk line 130"),
])  # fmt: skip
def test_invalid_combinations_raise_at_construction(name: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Rules.preset(name, **options)


def test_unknown_preset_lists_the_choices() -> None:
    with pytest.raises(RulesError, match="unknown game 'chess'.*cribbage"):
        Rules.preset("chess")


@pytest.mark.parametrize("name, target", [("cribbage", 1000), ("cribbage", 10**20), ("five-card", 0),
                                          ("solitaire", 1000), ("solitaire", -1)])
def test_the_target_is_bounded_so_every_game_ends(name: str, target: int) -> None:
    with pytest.raises(RulesError, match="target must be a whole number from [01] to 999"):
        Rules.preset(name, target=target)
    assert Rules.preset(name, target=999).target == 999


@pytest.mark.parametrize("option", ["deal_size", "heels_points", "pone_bonus", "players", "partners",
                                    "discard_spaces", "single_series", "play_continues_after_go", "name", "family"])
def test_only_the_documented_option_names_are_options_of_a_record_or_the_command_line(option: str) -> None:
    with pytest.raises(RulesError, match=f"unknown option '{option}' for cribbage: expected target, muggins"):
        Rules.from_options("cribbage", {option: 1})


def test_an_option_of_another_game_says_which_game_it_belongs_to() -> None:
    with pytest.raises(RulesError, match="option 'discards' does not apply to cribbage; it applies to solitaire"):
        Rules.from_options("cribbage", {"discards": 2})
    with pytest.raises(RulesError, match="snailspace has no target"):
        Rules.from_options("snailspace", {"target": 61})


def test_an_option_called_name_is_refused_not_a_crash() -> None:
    with pytest.raises(RulesError, match="unknown option 'name'"):
        Rules.preset("cribbage", name="five-card")
