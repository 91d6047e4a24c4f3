"""The generic invariant suite, run over every preset (random legal games, Hypothesis-driven).

For every game (the cribbage family, Snailspace, solitaire): it always ends; whoever is to act has a
legal action; every card is in exactly one place (dead cards and the unturned stock are places too);
the count never passes 31 (cribbage); scores never decrease; a view contains no hidden card, shows
every card that is not hidden, and does not change when only cards hidden from its seat change; a
clone is independent of its original; record -> read -> replay gives the same state.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from pegboard.cards import full_deck
from pegboard.engine import GameState, new_game
from pegboard.records import parse_record, record_of, replay
from pegboard.rules import PRESET_NAMES, Rules

from .engine_helpers import play_randomly, view_json

GAMES = list(PRESET_NAMES)
GAMES_PER_PRESET = 24  # full invariant checks at every step (half with the variant on)
QUICK_GAMES_PER_PRESET = 150  # to the end, scores monotone
VIEW_CHECK_SHARE = 0.08  # share of steps at which every seat's view is checked for hidden cards
CLONE_CHECK_SHARE = 0.02  # share of steps at which a clone is checked


VARIANTS = {
    "cribbage": {"muggins": True},
    "snailspace": {"count_at_end": True, "fifteens": True, "deals": 4},
    "solitaire": {"discards": 1, "heels": "once"},
}
"""The options each family's variant runs of the suite turn on."""


def _variant(name: str, variant: bool) -> Rules:
    rules = Rules.preset(name)
    return rules.with_options(**VARIANTS[rules.family]) if variant else rules


def check_step_invariants(game: GameState, rng: random.Random, views: bool) -> None:
    acting = game.to_act()
    assert bool(acting) != game.finished
    for seat in acting:
        assert game.legal_actions(seat), f"seat {seat} must act but has no legal action"
    places = game.card_locations()
    cards = [card for where in places.values() for card in where]
    assert sorted(cards) == list(full_deck()), "every card must be in exactly one place"
    if game.rules.family == "cribbage":
        assert 0 <= game.view(None).count <= 31
    if views:
        check_views(game, rng)


def check_views(game: GameState, rng: random.Random) -> None:
    for seat in (None, *range(game.rules.players)):
        seen = view_json(game, seat)
        # the cut and earlier deals were separate shuffles: their cards say nothing about this deal
        seen["events"] = [event for event in seen["events"] if event["deal"] == game.deal_number]
        shown = json.dumps(seen)
        hidden = game.hidden_cards(seat)
        visible = {card for card in full_deck() if f'"{card}"' in shown}
        assert not visible & hidden, f"seat {seat} sees hidden cards {sorted(visible & hidden)}"
        # everything not hidden is somewhere in the view
        assert visible | hidden == set(full_deck()), f"seat {seat} cannot see {set(full_deck()) - visible - hidden}"
        assert view_json(game.resample(seat, rng), seat) == view_json(game, seat)


def check_clone(game: GameState, choices: random.Random) -> None:
    """A clone looks the same and moves on without touching its original."""
    before = view_json(game, None), game.events, game.score_list
    twin = game.clone()
    assert view_json(twin, None) == before[0]
    for _ in range(3):
        if twin.finished:
            break
        twin.apply(choices.choice(twin.legal_actions()))
    assert (view_json(game, None), game.events, game.score_list) == before


def play_checked(rules: Rules, seed: int, choices: random.Random) -> GameState:
    game = new_game(rules, seed=seed)
    scores = game.score_list
    rng = random.Random(seed)
    for _ in range(5000):
        check_step_invariants(game, rng, views=rng.random() < VIEW_CHECK_SHARE)
        if rng.random() < CLONE_CHECK_SHARE:
            check_clone(game, random.Random(rng.random()))
        if game.finished:
            break
        action = choices.choice(game.legal_actions())
        assert game.apply(action), "every applied action logs at least one event"
        assert all(new >= old for new, old in zip(game.score_list, scores)), "scores never decrease"
        scores = game.score_list
    assert game.finished, "a random legal game always ends"
    return game


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("variant", [False, True], ids=["preset", "variant"])
@settings(max_examples=GAMES_PER_PRESET // 2, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(seed=st.integers(0, 2**32 - 1), choices=st.randoms(use_true_random=False))
def test_invariants_hold_through_random_games(name: str, variant: bool, seed: int, choices: random.Random) -> None:
    rules = _variant(name, variant)
    game = play_checked(rules, seed, choices)
    check_result(game)


def check_result(game: GameState) -> None:
    """The end fits the family: a target reached, totals compared, or the deal's score against the line."""
    rules = game.rules
    scores = game.score_list
    if rules.family == "cribbage":
        assert game.winner is not None
        assert max(scores) >= (rules.target or 0)
        assert sorted(scores)[-2] < (rules.target or 0)  # only one side gets there
    elif rules.family == "snailspace":  # ruling 24: every deal is played; totals decide
        deals = record_of(game)["deals"]
        assert len(deals) == rules.deals and all(len(deal["actions"]) == 24 for deal in deals)
        assert game.winner == (None if scores[0] == scores[1] else game.players[scores.index(max(scores))])
    else:  # ruling 27: one deal, over when the starter is turned
        assert game.view(0).starter is not None and None not in game.view(0).grid
        assert game.winner == (game.players[0] if scores[0] >= (rules.target or 0) else None)


@pytest.mark.parametrize("name", GAMES)
def test_many_quick_random_games_end_as_their_rules_say(name: str) -> None:
    rules = Rules.preset(name)
    for seed in range(QUICK_GAMES_PER_PRESET):
        game = new_game(rules, seed=seed)
        play_randomly(game, random.Random(seed))
        check_result(game)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("stop_fraction", [0.3, 1.0])
def test_record_write_read_replay_gives_the_same_state(name: str, stop_fraction: float) -> None:
    for seed in range(10):
        rules = _variant(name, variant=seed % 3 == 0)
        game = new_game(rules, seed=seed)
        total = play_randomly(new_game(rules, seed=seed), random.Random(seed))
        rng = random.Random(seed)
        for _ in range(int(total * stop_fraction)):
            game.apply(rng.choice(game.legal_actions()))
        record = json.loads(json.dumps(record_of(game)))
        again = replay(parse_record(record))
        assert again.scores() == game.scores() and again.winner == game.winner
        # the record says the first dealer was cut for ("cut_for_deal"): the replay draws the same cut
        assert again.events == game.events
        for seat in (None, *range(rules.players)):
            assert view_json(again, seat) == view_json(game, seat)
        assert record_of(again) == record
