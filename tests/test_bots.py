"""Bots: the interface, reproducibility, greedy's definition, and the expert's judgement."""

from __future__ import annotations

import random

import pytest

from pegboard import PegboardError, Rules, parse_cards
from pegboard.bots import make_bot
from pegboard.bots.discard import rank_discards
from pegboard.bots.greedy import GreedyBot, kept_points
from pegboard.bots.pegging import PlayPosition, compress, play_points, solve
from pegboard.engine import new_game
from pegboard.scoring.play import score_play

from .engine_helpers import deal


def play(game, bots) -> list[str]:  # type: ignore[no-untyped-def]
    moves = []
    while not game.finished:
        for seat in game.to_act():
            action = bots[seat].choose(game.view(seat))
            game.apply(action)
            moves.append(str(action))
    return moves


@pytest.mark.parametrize("name", ["random", "greedy", "expert", "tests.sample_bot:FirstBot"])
def test_bots_by_name_play_whole_games_reproducibly(name: str) -> None:
    runs = []
    for _ in range(2):
        game = new_game("five-card", seed=11)
        runs.append(play(game, [make_bot(name, game.rules, seat, seed=3 + seat) for seat in range(2)]))
        assert game.finished
    assert runs[0] == runs[1]


def test_unknown_bots_raise_clear_errors() -> None:
    rules = Rules.preset("cribbage")
    with pytest.raises(PegboardError, match="expected a built-in name"):
        make_bot("grandmaster", rules, 0)
    with pytest.raises(PegboardError, match="cannot import"):
        make_bot("no.such.module:Bot", rules, 0)
    with pytest.raises(PegboardError, match="has no 'Nope'"):
        make_bot("tests.sample_bot:Nope", rules, 0)


@pytest.mark.parametrize("game_name", ["cribbage-3", "cribbage-4", "cribbage-4-solo"])
def test_expert_plays_every_multiplayer_preset(game_name: str) -> None:
    game = new_game(game_name, seed=5)
    play(game, [make_bot("expert", game.rules, seat, seed=seat) for seat in range(game.rules.players)])
    assert game.finished and game.winner


def test_greedy_keeps_the_most_points_already_in_hand_and_plays_what_scores_most() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=1, dealt=[deal("5H 5C 5D JS 2C 8D", "KH QH 9S 4C 3D 7S",
                                                                             starter="AC")])
    bot = GreedyBot(game.rules, 0, seed=1)
    action = bot.choose(game.view(0))
    kept = [card for card in game.view(0).hand if card not in action.cards]
    assert kept_points(kept) == max(kept_points([c for c in game.view(0).hand if c not in a.cards])
                                    for a in game.legal_actions(0))
    assert sorted(map(str, kept)) == ["5C", "5D", "5H", "JS"]
    game.apply(action)
    game.apply_text("Bob discard 7S 3D")
    game.apply_text("Ann play 5H")
    reply = GreedyBot(game.rules, 1, seed=1).choose(game.view(1))
    series = [card for _, card in game.view(1).series]
    assert score_play([*series, reply.cards[0]]).total == 2  # KH or QH on the 5 makes fifteen


def test_expert_discards_by_exact_expectation() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=1, dealt=[deal("5H 5C 6D 7S JH KD", "KH QH 9S 4C 3D 7D",
                                                                             starter="AC")])
    bot = make_bot("expert", game.rules, 0, seed=1)
    best = rank_discards(game.view(0).hand, game.rules, role=1)[0]
    assert set(bot.choose(game.view(0)).cards) == set(best.thrown)


def test_expert_pone_pegs_out_when_it_can() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=1, target=2,
                    dealt=[deal("4C 5H QD KS 9S 9C", "6D 7D 8D 2D AS AH", starter="3C")])
    for text in ("Ann discard 9S 9C", "Bob discard AS AH", "Ann play 4C", "Bob play 6D"):
        game.apply_text(text)
    choice = make_bot("expert", game.rules, 0, seed=1).choose(game.view(0))
    assert str(choice) == "play 5H"  # fifteen for two: the game
    game.apply(choice)
    assert game.finished and game.winner == "Ann"


def test_solver_values_pegging_out_as_a_win() -> None:
    position = PlayPosition(((5, 13), (9, 9)), (10,), 10, 0, 0, 1)
    assert solve(position, 0, (0, 1), need=(2, 50)) > 99
    assert solve(position, 0, (0, 1)) < 50  # without a goal, just points


def test_compress_keeps_what_can_still_score() -> None:
    assert compress((5, 6, 5, 7)) == (6, 5, 7)
    assert compress((3, 9, 9)) == (9, 9)
    for series in [(1, 2, 3), (4, 4, 4), (2, 5, 3, 4), (7, 6, 7, 8)]:
        for new in range(1, 14):
            count = sum(min(r, 10) for r in series) + min(new, 10)
            if count <= 31:
                assert play_points((*compress(series), new), count) == play_points((*series, new), count)


def test_sampled_hands_respect_go() -> None:
    from pegboard.bots.pegging import sample_hands

    rng = random.Random(1)
    unseen = [card.code for card in parse_cards("AH 2H 9H TH JH QH KH 8C")]
    for _ in range(50):
        hands = sample_hands(unseen, [2], [6], rng)  # said go at 25: holds nothing of 6 pips or less
        assert hands is not None and all(((code >> 2) + 1) >= 7 for code in hands[0])
