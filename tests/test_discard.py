"""The discard advisor: exact expectations checked by brute force, and ``pegboard discard``."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations

import numpy as np
import pytest

from pegboard import Rules, full_deck, parse_cards, score_show
from pegboard.bots.discard import _exact_cribs, opponent_throw_model, rank_discards, throw_key
from pegboard.bots.expectations import expected_crib, expected_hand, unseen_counts


@pytest.mark.parametrize("cards", ["5H 5C 6D 7S", "JH 4H 7H KH", "2C 3D 4S", "AS 2S 3S"])
def test_expected_hand_is_the_exact_average_over_every_starter(cards: str) -> None:
    hand = parse_cards(cards)
    unseen = [card for card in full_deck() if card not in hand]
    brute = sum(score_show(hand, starter).total for starter in unseen) / len(unseen)
    assert expected_hand([c.code for c in hand], unseen_counts([c.code for c in unseen])) == pytest.approx(brute)


def test_expected_crib_is_the_exact_average_over_every_starter() -> None:
    crib = parse_cards("2H 4H 6H 8H")
    unseen = [card for card in full_deck() if card not in crib]
    brute = sum(score_show(crib, starter, crib=True).total for starter in unseen) / len(unseen)
    assert expected_crib([c.code for c in crib], unseen_counts([c.code for c in unseen])) == pytest.approx(brute)


def test_exact_crib_is_the_weighted_average_over_every_opponent_throw_and_starter() -> None:
    rules = Rules.preset("cribbage")
    hand = parse_cards("5H 5C 6D 7S JH KD")
    thrown = parse_cards("JH KD")
    unseen = [card for card in full_deck() if card not in hand]
    weights = opponent_throw_model(rules, role=0)
    total = weight_sum = 0.0
    for pair in combinations(unseen, 2):
        weight = weights[throw_key([c.code for c in pair])]
        rest = [card for card in unseen if card not in pair]
        crib = (*thrown, *pair)
        total += weight * sum(score_show(crib, s, crib=True).total for s in rest) / len(rest)
        weight_sum += weight
    exact = _exact_cribs([thrown], [c.code for c in unseen], rules, 0, __import__("pegboard.bots.discard",
                         fromlist=["CribTables"]).CribTables.load())[0]
    assert exact == pytest.approx(total / weight_sum)


def test_every_discard_is_ranked_best_first() -> None:
    rules = Rules.preset("cribbage")
    for role in (0, 1):
        options = rank_discards(parse_cards("5H 5C 6D 7S JH KD"), rules, role, method="exact")
        assert len(options) == 15
        assert [o.net for o in options] == sorted((o.net for o in options), reverse=True)
        assert all(o.own_crib == (role == 0) for o in options)
    five = rank_discards(parse_cards("5H 5C 6D 7S JH"), Rules.preset("five-card"), 1)
    assert len(five) == 10 and all(len(o.kept) == 3 for o in five)
    three = rank_discards(parse_cards("5H 5C 6D 7S JH"), Rules.preset("cribbage-3"), 2)
    assert len(three) == 5 and not three[0].own_crib


def test_table_and_exact_crib_values_agree_closely() -> None:
    rules = Rules.preset("cribbage")
    hand = parse_cards("2H 3C 8D 9S QH KD")
    table = {o.thrown: o.expected_crib for o in rank_discards(hand, rules, 0, method="table")}
    exact = {o.thrown: o.expected_crib for o in rank_discards(hand, rules, 0, method="exact")}
    assert max(abs(table[key] - exact[key]) for key in table) < 0.6
    assert np.corrcoef(list(table.values()), [exact[k] for k in table])[0, 1] > 0.95


def pegboard(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pegboard", *args], capture_output=True, text=True, timeout=60)


def test_discard_command_json() -> None:
    done = pegboard("discard", "5H", "5C", "6D", "7S", "JH", "KD", "--dealer", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["role"] == "dealer" and data["method"] == "exact" and len(data["options"]) == 15
    assert "opponent" in data["opponent_assumption"]
    first = data["options"][0]
    assert set(first) >= {"discard", "keep", "expected_hand", "expected_crib", "net"}
    assert first["net"] == pytest.approx(first["expected_hand"] + first["expected_crib"], abs=1e-3)


@pytest.mark.parametrize("args, needle", [
    (["5H", "5C", "6D", "7S", "JH", "--dealer"], "deals 6"),
    (["5H", "5C", "6D", "7S", "JH", "KD"], "--dealer or --pone"),
    (["5H", "5C", "6D", "7S", "JH", "5H", "--pone"], "duplicate"),
])  # fmt: skip
def test_discard_command_bad_input(args: list[str], needle: str) -> None:
    done = pegboard("discard", *args)
    assert done.returncode == 2 and needle in done.stderr and "Traceback" not in done.stderr
