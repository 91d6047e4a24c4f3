"""The sparring partners: ``classic`` (the BSD cribbage program's strategy) and ``hoyle`` (book rules)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given

from pegboard import Rules, parse_cards
from pegboard.bots import make_bot
from pegboard.bots.classic import (
    CRIB_SUMS,
    CRIBS_PER_PAIR,
    bsd_order,
    classic_discard,
    classic_play,
    crib_value,
    quiet_play,
    single_card_crib,
)
from pegboard.bots.hoyle import HoyleBot, answer_score, answer_value, hoyle_discard, lead_preference, lead_score
from pegboard.cards import Card
from pegboard.engine import new_game
from pegboard.engine.cribbage import honest_claim
from pegboard.scoring.batch import score_hands
from pegboard.sim import MatchConfig, play_game

from .engine_helpers import deal, play_with_bots
from .strategies import distinct_cards

SPARRING = ("classic", "hoyle")
CRIBBAGE_PRESETS = ("cribbage", "cribbage-3", "cribbage-4", "cribbage-4-solo", "five-card")


def _cards(text: str) -> list[str]:
    return [str(card) for card in parse_cards(text)]


# ---------------------------------------------------------------------------------------- both bots
@pytest.mark.parametrize("name", SPARRING)
@pytest.mark.parametrize("game_name", [*CRIBBAGE_PRESETS, "snailspace"])
def test_sparring_bots_play_whole_games_in_every_preset_reproducibly(name: str, game_name: str) -> None:
    runs = []
    for _ in range(2):
        game = new_game(game_name, seed=21, target=61) if game_name != "snailspace" else new_game(game_name, seed=21)
        others = ["greedy", "expert", "random", name]
        bots = [make_bot(name if seat == 0 else others[seat % len(others)], game.rules, seat, seed=7 + seat)
                for seat in range(game.rules.players)]
        runs.append(play_with_bots(game, bots))  # the engine refuses any illegal action
        assert game.finished
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name", SPARRING)
def test_sparring_bots_play_solitaire(name: str) -> None:
    game = new_game("solitaire", seed=4)
    play_with_bots(game, [make_bot(name, game.rules, 0, seed=1)])
    assert game.finished


@pytest.mark.parametrize("game_name", CRIBBAGE_PRESETS)
def test_classic_against_hoyle_through_the_simulator(game_name: str) -> None:
    rules = Rules.preset(game_name)
    bots = ("classic", "hoyle", "classic", "hoyle")[:rules.sides]
    summary, game = play_game(MatchConfig(game_name, bots, games=1, seed=3, options=(("target", 31),)), 0)
    assert game.finished and summary.winner is not None


@pytest.mark.parametrize("name", SPARRING)
def test_sparring_bots_count_every_point_under_muggins(name: str) -> None:
    game = new_game("cribbage", seed=8, muggins=True, target=61)
    bots = [make_bot(name, game.rules, seat, seed=seat) for seat in range(2)]
    while not game.finished:
        for seat in game.to_act():
            view = game.view(seat)
            action = bots[seat].choose(view)
            if action.verb in ("count", "muggins"):
                assert action == honest_claim(view, game.rules)  # ruling 16: the true count, the exact miss
            game.apply(action)


# ---------------------------------------------------------------------------------------- classic
def test_classic_crib_table_is_the_exact_crib_total_with_the_programs_four_card_flush() -> None:
    """Spot checks: the table's sums are every crib a pair can make, scored as the program scored
    them (its suited entries count a four-card crib flush)."""
    for low, high, suited in ((5, 5, False), (1, 13, False), (7, 8, True)):
        first, second = Card(low, 0), Card(high, 0 if suited else 1)
        rest = [code for code in range(52) if code not in (first.code, second.code)]
        rows, starters = [], []
        for a, b in itertools.combinations(rest, 2):
            for starter in rest:
                if starter not in (a, b):
                    rows.append((first.code, second.code, a, b))
                    starters.append(starter)
        total = int(score_hands(np.array(rows), np.array(starters), crib=True, crib_four_flush=True)
                    .astype(np.int64).sum())
        assert len(rows) == CRIBS_PER_PAIR
        assert total == CRIB_SUMS[suited][low - 1][high - low - suited]


def test_classic_crib_values_round_the_table_to_whole_points() -> None:
    assert crib_value(Card(5, "H"), Card(5, "C")) == 9
    assert crib_value(Card(13, "S"), Card(1, "D")) == crib_value(Card(1, "D"), Card(13, "S")) == 4
    assert crib_value(Card(7, "S"), Card(8, "S")) == 7
    assert single_card_crib(5) > single_card_crib(4) > single_card_crib(13)


def test_classic_orders_cards_as_the_program_does() -> None:
    assert [str(card) for card in sorted(parse_cards("KC AS 5C 5S 5D 5H"), key=bsd_order)] == \
        ["AS", "5S", "5H", "5D", "5C", "KC"]


def test_classic_throws_a_pair_of_fives_into_its_own_crib_but_not_the_pones() -> None:
    rules = Rules.preset("cribbage")
    hand = parse_cards("5S 5H 8C 8D 7C 2H")
    assert [str(card) for card in classic_discard(hand, rules, role=0)] == ["5S", "5H"]
    assert [str(card) for card in classic_discard(hand, rules, role=1)] == ["2H", "8D"]


def test_classic_values_a_four_card_flush_in_hand_only_with_the_starter() -> None:
    """The program scores its kept cards with the crib's flush rule, so as dealer it breaks up the
    hearts (the exact expectation keeps them and throws J-K)."""
    rules = Rules.preset("cribbage")
    assert [str(card) for card in classic_discard(parse_cards("AH 2H 7H 9H JC KD"), rules, role=0)] == ["7H", "9H"]


def test_classic_discards_in_three_and_four_player_games() -> None:
    hand = parse_cards("5S 6H 7C KD 2H")
    assert [str(card) for card in classic_discard(hand, Rules.preset("cribbage-3"), role=1)] == ["KD"]  # balks
    assert [str(card) for card in classic_discard(hand, Rules.preset("cribbage-4"), role=2)] != ["5S"]


def test_classic_pegs_the_most_points_first_card_in_its_order_on_ties() -> None:
    assert str(classic_play(parse_cards("5C 5S 9D"), parse_cards("KH"), 10)) == "5S"  # both make 15: spades first
    assert str(classic_play(parse_cards("7C 8S 6D"), parse_cards("6H 7D"), 13)) == "8S"  # a run (3) over a pair
    assert str(classic_play(parse_cards("4C 6S"), parse_cards("5H 6H"), 11)) == "4C"  # a run of three, 15: 5


@pytest.mark.parametrize(("hand", "series", "count", "expected", "rule"), [
    ("2C 4H 9S KD", "", 0, "4H", "below 4: make it 4"),
    ("3C 9S KD QH", "", 0, "3C", "a lead of 3 when no 4"),
    ("AS 9S KD", "2H", 2, "KD", "retaliation to 31: 12 keeping a 9 for 22 + 9"),
    ("2S 9D KC", "QH", 10, "9D", "retaliation to 31: 19 keeping a 2 for 29 + 2"),
    ("KS 6H", "TH AC", 11, "6H", "the highest card that avoids 21"),
    ("6S 9H KD", "", 0, "9H", "retaliation after 15: lead 9 keeping a 6"),
])
def test_classic_quiet_plays_follow_the_programs_rules(hand: str, series: str, count: int, expected: str,
                                                       rule: str) -> None:
    assert str(classic_play(parse_cards(hand), parse_cards(series), count)) == expected, rule


def test_classic_quiet_play_falls_back_to_a_count_of_five_or_ten_only_when_forced() -> None:
    assert str(quiet_play(sorted(parse_cards("AS 6C"), key=bsd_order), 4)) == "6C"  # 5 is avoided: 10
    assert str(quiet_play(sorted(parse_cards("AS"), key=bsd_order), 4)) == "AS"


# ---------------------------------------------------------------------------------------- hoyle
@given(distinct_cards(6))
def test_hoyle_never_throws_a_five_into_the_other_sides_crib(hand: list[Card]) -> None:
    _, thrown = hoyle_discard(sorted(hand), 2, own=False)[0]
    assert all(card.rank != 5 for card in thrown)


@given(distinct_cards(4))
def test_hoyle_leads_a_card_of_four_or_less_when_it_holds_one(hand: list[Card]) -> None:
    best = max(hand, key=lambda card: lead_preference(card, hand))
    if any(card.pips <= 4 for card in hand):
        assert best.pips <= 4
    if any(card.rank != 5 for card in hand):
        assert best.rank != 5


@given(distinct_cards(9))
def test_hoyle_book_values_by_ranks_are_the_values_by_cards(cards: list[Card]) -> None:
    """The play model reads book players with the rank versions: they must be the bot's own values."""
    hand, series, unseen = cards[:4], cards[4:6], cards[6:]
    count = sum(card.pips for card in series)
    ranks = [card.rank for card in hand]
    for card in hand:
        assert lead_score(card.rank, ranks) == lead_preference(card, hand)
        if count + card.pips <= 31:
            for lead in (-20, 0, 20):
                series_ranks, unseen_ranks = tuple(c.rank for c in series), {c.rank for c in unseen}
                by_ranks = answer_score(card.rank, ranks, series_ranks, count, unseen_ranks, lead)
                assert by_ranks == answer_value(card, hand, series, count, unseen, lead)


def test_hoyle_bot_leads_the_four_and_never_a_five() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=1,
                    dealt=[deal("4C 5H 9D KS 2C AH", "6D 7D 8D 2D AS 3H", starter="QC")])
    game.apply_text("Ann discard 2C AH")
    game.apply_text("Bob discard AS 3H")
    assert str(HoyleBot(game.rules, 0, seed=1).choose(game.view(0))) == "play 4C"


def test_hoyle_throws_touching_fifteen_makers_as_dealer_but_not_as_pone() -> None:
    hand = sorted(parse_cards("KS QH JD 2C 7S 8H"))
    _, thrown = hoyle_discard(hand, 2, own=True)[0]
    assert sorted(card.rank for card in thrown) == [7, 8]
    for _, thrown in hoyle_discard(hand, 2, own=False)[:2]:
        assert sorted(card.rank for card in thrown) != [7, 8]


def test_hoyle_keeps_fives_and_throws_wide_cards_as_pone() -> None:
    hand = sorted(parse_cards("5H 5C 6D JS 2C KD"))
    _, thrown = hoyle_discard(hand, 2, own=False)[0]
    assert sorted(map(str, thrown)) == ["2C", "6D"]


def test_hoyle_pairs_only_when_safe_or_holding_the_third() -> None:
    series = parse_cards("6S")
    hand = parse_cards("6C 9D KH")
    unseen_sixes = parse_cards("6D 6H")
    assert answer_value(hand[0], hand, series, 6, unseen_sixes) < answer_value(hand[2], hand, series, 6, unseen_sixes)
    assert answer_value(hand[0], hand, series, 6, ()) > answer_value(hand[2], hand, series, 6, ())
    holding_third = parse_cards("6C 6D KH")
    assert answer_value(holding_third[0], holding_third, series, 6, parse_cards("6H")) > \
        answer_value(holding_third[2], holding_third, series, 6, parse_cards("6H"))


def test_hoyle_avoids_making_twenty_one() -> None:
    hand = parse_cards("KD 3C")
    series = parse_cards("9H 2S")
    assert answer_value(hand[1], hand, series, 11, ()) > answer_value(hand[0], hand, series, 11, ())


def test_hoyle_ties_are_broken_by_its_seed() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=1,
                    dealt=[deal("9C 9D 3H 4S KC QD", "6D 7D 8D 2D AS 3C", starter="5C")])
    choices = {str(HoyleBot(game.rules, 0, seed=seed).choose(game.view(0))) for seed in range(20)}
    assert len(choices) > 1
    assert len({str(HoyleBot(game.rules, 0, seed=3).choose(game.view(0))) for _ in range(3)}) == 1
