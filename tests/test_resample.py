"""The one sampler of hidden cards (:meth:`GameState.resample`, :func:`pegboard.engine.chance.deal_hidden`):
a resampled game looks the same to its seat at every step of every kind of game, a go's floor holds,
and the expert's draws are those it always made."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pegboard.analysis.position import build_position, parse_position
from pegboard.cards import parse_cards
from pegboard.engine import GameState, new_game
from pegboard.engine.chance import PIPS_BY_RANK, deal_hidden, deals_hidden, sample
from pegboard.engine.views import cribbage_view
from pegboard.errors import PositionError

from .engine_helpers import view_json

KINDS = ["cribbage", "cribbage-3", "cribbage-4", "cribbage-4-solo", "five-card", "snailspace", "solitaire"]


def _walk(name: str, seed: int, every: int) -> int:
    """Play a seeded random game, resampling for every seat every ``every`` moves: each twin shows its
    seat the same view and the same legal moves. Returns how many twins were checked."""
    game = new_game(name, seed=seed)
    rng = random.Random(seed)
    checked = 0
    step = 0
    while not game.finished:
        if step % every == 0:
            for seat in (None, *range(game.rules.players)):
                twin = game.resample(seat, rng)
                assert view_json(twin, seat) == view_json(game, seat), (name, seed, step, seat)
                if seat is not None:
                    assert twin.legal_actions(seat) == game.legal_actions(seat)
                checked += 1
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    return checked


@pytest.mark.parametrize("name", KINDS)
def test_a_resampled_game_looks_the_same_to_its_seat(name: str) -> None:
    assert _walk(name, 1, {"solitaire": 2, "snailspace": 5, "cribbage-4-solo": 31}.get(name, 11)) > 10


@pytest.mark.slow
@pytest.mark.parametrize("name", KINDS)
def test_a_resampled_game_looks_the_same_to_its_seat_at_every_step(name: str) -> None:
    for seed in range(2, 4 if name.startswith("cribbage-") else 6):  # the long three- and four-hand games: two
        _walk(name, seed, 1)


def _after_a_go() -> tuple[GameState, int, int]:
    """A two-player game in the play where seat 1 (the pone) has just said go: the game, the seat
    and the floor its go proved."""
    for seed in range(200):
        game = new_game("cribbage", seed=seed, first_dealer=0)
        rng = random.Random(seed)
        while not game.finished and game.deal_number == 0:
            acting = game.to_act()
            legal = game.legal_actions(acting[0])
            action = rng.choice(legal)
            view = cribbage_view(game.view(acting[0]))
            if action.verb == "go" and acting[0] == 1 and len(view.hand) >= 2:
                count = view.count
                game.apply(action)
                return game, 1, 31 - count
            game.apply(action)
    raise AssertionError("no go with two cards held in 200 seeded deals")


def test_a_go_proves_the_cards_held_are_too_big_and_every_fitting_deal_is_drawn() -> None:
    game, said, floor = _after_a_go()
    rng = random.Random(3)
    hidden = game.hidden_cards(0)
    allowed = {card for card in hidden if card.pips > floor}
    drawn: Counter[object] = Counter()
    for _ in range(300):
        twin = game.resample(0, rng)
        held = twin.card_locations()[f"hand {twin.players[said]}"]
        assert all(card.pips > floor for card in held)
        drawn.update(held)
    assert set(drawn) == allowed  # every card that fits the go turns up, and no other


def test_the_expert_draws_as_it_always_did() -> None:
    """The pegging search's draws (:func:`deals_hidden`) are those of the sampler it used before: one
    :func:`sample` of all the cards with no go, the most constrained seat first with one."""
    def reference(unseen: list[int], sizes: list[int], floors: list[int], rng: random.Random) -> object:
        if not any(floors):
            drawn = sample(rng, unseen, sum(sizes))
            return tuple(tuple(drawn[sum(sizes[:i]):sum(sizes[:i + 1])]) for i in range(len(sizes)))
        pool, result = list(unseen), []
        for size, floor in sorted(zip(sizes, floors), key=lambda pair: -pair[1]):
            allowed = [code for code in pool if PIPS_BY_RANK[(code >> 2) + 1] > floor]
            if len(allowed) < size:
                return None
            chosen = sample(rng, allowed, size)
            for code in chosen:
                pool.remove(code)
            result.append(tuple(chosen))
        order = sorted(range(len(sizes)), key=lambda i: -floors[i])
        hands: list[tuple[int, ...]] = [()] * len(sizes)
        for position, index in enumerate(order):
            hands[index] = result[position]
        return tuple(hands)

    unseen = list(range(0, 52, 3))
    for sizes, floors in (([3, 2], [0, 0]), ([3, 2], [0, 7]), ([1, 2, 2], [4, 9, 4]), ([2], [6]), ([4], [0])):
        ours, theirs = random.Random(9), random.Random(9)
        wanted = deals_hidden(ours, unseen, sizes, floors, 5)
        found = []
        if len(sizes) > 1:
            for _ in range(15):
                dealt = reference(unseen, sizes, floors, theirs)
                if dealt is not None:
                    found.append(dealt)
                    if len(found) == 5:
                        break
        else:
            found = [reference(unseen, sizes, floors, theirs) for _ in range(5)]
        assert wanted == found and ours.getstate() == theirs.getstate()
    assert deal_hidden(random.Random(1), [card.code for card in parse_cards("AH 2H KS")], [2], [9]) is None


def test_a_position_deals_an_opponent_that_said_go_only_cards_too_big() -> None:
    position = parse_position("dealer you hand TS JS thrown KS QS starter 2C play AC KD AH QD go")
    for seed in range(12):
        game, _ = build_position(position, random.Random(seed))
        held = game.card_locations()["hand Opponent"]
        assert len(held) == 2 and all(card.pips == 10 for card in held)  # a go at 22: nothing of 9 or fewer


def test_a_go_the_known_cards_contradict_is_refused_naming_the_card() -> None:
    position = parse_position("dealer you hand JS TS thrown KS QS starter 2C play AC KD AH QD go go 3C")
    with pytest.raises(PositionError, match="Opponent go: Opponent can play 3C"):
        build_position(position, random.Random(1))
