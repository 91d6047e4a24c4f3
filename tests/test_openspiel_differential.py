"""Differential test: OpenSpiel's own C++ cribbage and pegboard's engine score the same cards alike.

Both games are fed the same deals and the same moves (random, seeded) for whole games. OpenSpiel's
cribbage counts a four-card flush in the crib, so pegboard plays with that house rule
(``crib_four_flush``); it counts every hand at the show before looking for a winner, so in a game's
last deal only a win in the play is compared point for point.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from pegboard.cards import Card, full_deck  # noqa: E402
from pegboard.engine import Action, Deal, new_game  # noqa: E402

PASS = 52 * 53  # OpenSpiel's "Pass", said when no card can be played


def spiel_id(card: Card) -> int:
    """OpenSpiel numbers cards suit by suit (clubs, diamonds, hearts, spades), ace to king."""
    return card.suit * 13 + card.rank - 1


def spiel_scores(state: object) -> list[int]:
    return [int(value) for value in state.returns()]  # type: ignore[attr-defined]


def play_both(seed: int) -> tuple[int, int]:
    """One game on both engines; returns (deals compared, plays compared)."""
    rng = random.Random(seed)
    deals = []
    for _ in range(60):
        cards = rng.sample(full_deck(), 13)
        deals.append(Deal(hands=(tuple(cards[:6]), tuple(cards[6:12])), starter=cards[12]))
    ours = new_game("cribbage", ["P0", "P1"], dealt=deals, first_dealer=0, crib_four_flush=True)
    spiel = pyspiel.load_game("cribbage", {"winner_bonus_reward": 0.0}).new_initial_state()
    compared = plays = 0
    for number, deal in enumerate(deals):
        for hand in deal.hands:
            for card in hand:
                spiel.apply_action(spiel_id(card))
        for seat in (0, 1):  # OpenSpiel discards seat by seat; pegboard's discards are simultaneous
            action = rng.choice(ours.legal_actions(seat))
            ours.apply(action)
            wanted = sorted(spiel_id(card) for card in action.cards)
            spiel.apply_action(next(a for a in spiel.legal_actions()
                                    if sorted(divmod(a - 52, 52)) == wanted))
        assert deal.starter is not None
        spiel.apply_action(spiel_id(deal.starter))
        while not spiel.is_chance_node() and not spiel.is_terminal():
            seat = spiel.current_player()
            legal = spiel.legal_actions()
            if legal == [PASS]:
                # OpenSpiel asks every player in turn until all have passed; pegboard asks only a player
                # who may still say go, and ends the series (and the go point) as soon as nobody can play
                if not ours.finished and ours.to_act() == (seat,) and ours.legal_actions(seat) == (Action(seat, "go"),):
                    ours.apply(Action(seat, "go"))
                spiel.apply_action(PASS)
                continue
            assert not ours.finished and ours.to_act() == (seat,)
            choices = ours.legal_actions(seat)
            assert sorted(spiel_id(action.cards[0]) for action in choices) == legal
            action = rng.choice(choices)
            ours.apply(action)
            spiel.apply_action(spiel_id(action.cards[0]))
            plays += 1
        if ours.finished:
            # OpenSpiel scores the last card's point (and 31's two) together with the show that follows,
            # so only a game won by the heels or other points for cards played ends the same on both
            last = [event for event in ours.events if event.type == "score"][-1]
            assert spiel.is_terminal()
            if last.phase in ("starter", "play") and last.kind not in ("last", "thirty-one"):
                assert spiel_scores(spiel) == list(ours.score_list), (seed, number)
            else:
                assert all(theirs >= mine for theirs, mine in zip(spiel_scores(spiel), ours.score_list))
                assert spiel_scores(spiel)[ours.winner_side or 0] >= 121
            return compared, plays
        assert spiel_scores(spiel) == list(ours.score_list), (seed, number)
        compared += 1
    raise AssertionError("the game did not end within 60 deals")


@pytest.mark.slow
def test_openspiel_cribbage_and_pegboard_agree_on_every_deals_scores() -> None:
    deals = plays = 0
    for seed in range(200):
        more_deals, more_plays = play_both(seed)
        deals, plays = deals + more_deals, plays + more_plays
    assert deals > 1500 and plays > 12000
