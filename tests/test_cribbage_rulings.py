"""Rulings 6 and 8-20 through the engine, on explicit deals worked out by hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pegboard import IllegalActionError
from pegboard.engine import Action, GameState, new_game
from pegboard.engine.deals import cut_for_deal
from pegboard.engine.match import MARK_POINTS, Match
from pegboard.records import record_of

from .engine_helpers import deal, play_randomly


def points_by(game: GameState, phase: str | None = None) -> dict[str, int]:
    totals: dict[str, int] = {}
    for event in game.events:
        if event.type == "score" and (phase is None or event.phase == phase):
            assert event.seat is not None
            name = game.players[event.seat]
            totals[name] = totals.get(name, 0) + event.points
    return totals


def scores_of(game: GameState, kind: str) -> list[tuple[str, int]]:
    return [(game.players[e.seat], e.points) for e in game.events  # type: ignore[index]
            if e.type == "score" and e.kind == kind]


def run(game: GameState, *actions: str) -> GameState:
    for text in actions:
        game.apply_text(text)
    return game


# Ann (seat 0) is pone, Bob (seat 1) deals.
GO_DEAL = deal("KH QH JH 2C 3D 4D", "TC 9C 8C 7C 5S 6S", starter="AH")
GO_PLAY = ("Ann discard 3D 4D", "Bob discard 5S 6S", "Ann play KH", "Bob play TC", "Ann play QH", "Bob go",
           "Ann go", "Bob play 9C", "Ann play JH", "Bob play 8C", "Ann play 2C", "Bob go", "Bob play 7C")


def go_game(**options: Any) -> GameState:
    return new_game("cribbage", ["Ann", "Bob"], first_dealer=1, dealt=[GO_DEAL], **options)


def test_ruling_9_go_said_once_last_player_scores_and_the_next_player_leads() -> None:
    game = go_game()
    run(game, *GO_PLAY[:6])
    assert game.to_act() == (0,)  # Bob said go; Ann, who played last, goes on while she can
    assert [str(a) for a in game.legal_actions(0)] == ["go"]
    run(game, "Ann go")
    assert scores_of(game, "go") == [("Ann", 1)]
    assert game.view(0).count == 0
    assert game.to_act() == (1,)  # the next player after the last to play leads the next series
    run(game, "Bob play 9C", "Ann play JH", "Bob play 8C", "Ann play 2C")
    assert game.to_act() == (1,) and [str(a) for a in game.legal_actions(1)] == ["go"]
    run(game, "Bob go")  # Ann has no cards: she is passed over and says nothing
    assert scores_of(game, "go") == [("Ann", 1), ("Ann", 1)]
    assert game.to_act() == (1,)
    run(game, "Bob play 7C")
    assert scores_of(game, "last") == [("Bob", 1)]


def test_ruling_8_and_9_the_whole_deal_totals() -> None:
    game = run(go_game(), *GO_PLAY)
    assert points_by(game, "play") == {"Ann": 2, "Bob": 1}
    shows = [(game.players[e.seat], e.kind, e.points) for e in game.events if e.type == "show"]  # type: ignore[index]
    # Ann: K-Q-J run 3 + nobs (JH, starter AH) = 4. Bob: run 7-8-9-T 4 + 7+8 fifteen 2 + four-card flush 4 = 10.
    # Crib 3D 4D 5S 6S + AH: run of four 4, fifteens 4+5+6 and A+3+5+6 = 8.
    assert shows == [("Ann", "hand", 4), ("Bob", "hand", 10), ("Bob", "crib", 8)]
    assert game.scores() == {"Ann": 6, "Bob": 19}


def test_ruling_8_fifteen_thirty_one_pairs_and_runs_in_play() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=1,
                    dealt=[deal("5H 5C 4D 6S KC KD", "TD 5S 6H 4S QC QD", starter="2C")])
    run(game, "Ann discard KC KD", "Bob discard QC QD", "Ann play 5H", "Bob play TD")
    assert scores_of(game, "fifteen") == [("Bob", 2)]
    run(game, "Ann play 5C", "Bob play 5S")  # 25: a pair of fives for Bob
    assert scores_of(game, "pair")[-1] == ("Bob", 2)
    run(game, "Ann play 6S")  # 31, and a run? 5-5-6 is no run; 31 scores 2 and no point for last
    assert scores_of(game, "thirty-one") == [("Ann", 2)]
    assert game.view(0).count == 0 and game.to_act() == (1,)
    run(game, "Bob play 6H", "Ann play 4D", "Bob play 4S")  # 6-4 then 4: pair of fours
    assert scores_of(game, "pair")[-1] == ("Bob", 2)
    assert scores_of(game, "last") == [("Bob", 1)]
    assert points_by(game, "play") == {"Bob": 7, "Ann": 2}


def test_ruling_9_three_players_the_others_keep_playing_after_a_go() -> None:
    hands = ("KH QH 9S 4C 2D", "JC TC 8S 6C 3D", "KS QS 7D 5C 2H")
    game = new_game("cribbage-3", ["Ann", "Bob", "Cat"], first_dealer=2, dealt=[deal(*hands, starter="AS", crib="9H")])
    run(game, "Cat discard 2H", "Ann discard 2D", "Bob discard 3D")  # discards in any order
    assert game.to_act() == (0,)  # ruling 11: the player on the dealer's left leads
    run(game, "Ann play KH", "Bob play JC", "Cat play 7D")  # 27
    assert [str(a) for a in game.legal_actions(0)] == ["play 4C"]
    run(game, "Ann play 4C")  # 31 for Ann
    assert scores_of(game, "thirty-one") == [("Ann", 2)]
    assert game.to_act() == (1,)
    run(game, "Bob play TC", "Cat play KS", "Ann play QH")  # 30
    assert [str(a) for a in game.legal_actions(1)] == ["go"]
    run(game, "Bob go")
    assert [str(a) for a in game.legal_actions(2)] == ["go"]
    run(game, "Cat go")
    assert [str(a) for a in game.legal_actions(0)] == ["go"]
    run(game, "Ann go")
    assert scores_of(game, "go") == [("Ann", 1)]
    assert game.to_act() == (1,)


def test_ruling_10_go_is_illegal_while_a_card_fits_and_changes_nothing() -> None:
    game = run(go_game(), *GO_PLAY[:2])
    before = json.dumps(record_of(game)), game.view(0), game.view(1)
    with pytest.raises(IllegalActionError, match=r"Ann go: Ann can play .*ruling 10"):
        game.apply_text("Ann go")
    assert (json.dumps(record_of(game)), game.view(0), game.view(1)) == before


@pytest.mark.parametrize("text, message", [
    ("Bob play TC", "it is Ann's turn, not Bob's"),
    ("Ann play 9C", "Ann does not hold 9C"),
    ("Ann discard KH", "during the play Ann must play or go"),
    ("Eve play KH", "unknown player 'Eve'"),
    ("Ann play", "play exactly one card"),
    ("Ann play KX", "'KX'"),
    ("Ann jump KH", "unknown action"),
])  # fmt: skip
def test_illegal_actions_name_the_action_and_why_and_change_nothing(text: str, message: str) -> None:
    game = run(go_game(), *GO_PLAY[:2])
    before = json.dumps(record_of(game)), game.view(None)
    with pytest.raises(IllegalActionError, match=message):
        game.apply_text(text)
    assert (json.dumps(record_of(game)), game.view(None)) == before


def test_over_31_is_illegal() -> None:
    game = run(go_game(), *GO_PLAY[:4])
    with pytest.raises(IllegalActionError, match=r"the count is 20; KH would make 30|does not hold"):
        game.apply_text("Ann play KH")
    game = run(go_game(), *GO_PLAY[:5])
    with pytest.raises(IllegalActionError, match=r"Bob play 9C: the count is 30; 9C would make 39, over 31"):
        game.apply_text("Bob play 9C")


def test_ruling_12_deal_sizes_and_partners_pool_scores() -> None:
    for name, dealt, discards in [("cribbage", 6, 2), ("cribbage-3", 5, 1), ("cribbage-4", 5, 1), ("five-card", 5, 2)]:
        game = new_game(name, seed=1)
        view = game.view(0)
        assert len(view.hand) == dealt
        assert all(len(a.cards) == discards for a in game.legal_actions(0))
    game = new_game("cribbage-3", seed=1)
    assert game.view(None).crib_size == 1  # one card from the pack
    team = new_game("cribbage-4", ["Ann", "Bob", "Cat", "Dan"], seed=1)
    assert list(team.scores()) == ["Ann+Cat", "Bob+Dan"]
    assert team.side_of(0) == team.side_of(2) == 0 and team.side_of(1) == team.side_of(3) == 1


def test_ruling_13_lowest_cut_deals_ties_recut_and_the_deal_passes_left() -> None:
    for seed in range(30):
        game = new_game("cribbage-3", ["Ann", "Bob", "Cat"], seed=seed)
        dealer, rounds = cut_for_deal(random.Random(seed), 3)  # the game's generator starts with the cut
        assert game.first_dealer == dealer
        low = min(card.rank for _, card in rounds[-1])
        assert [seat for seat, card in rounds[-1] if card.rank == low] == [dealer]
        for earlier, later in zip(rounds, rounds[1:]):  # only the tied lowest cut again
            tied_low = min(card.rank for _, card in earlier)
            assert [seat for seat, _ in later] == [seat for seat, card in earlier if card.rank == tied_low]
        assert [(e.seat, e.cards) for e in game.events if e.type == "cut"] == [
            (seat, (card,)) for cuts in rounds for seat, card in cuts]
    game = run(go_game(), *GO_PLAY)
    assert [e.seat for e in game.events if e.type == "deal"] == [1, 0]


def test_ruling_14_counting_order_left_of_dealer_round_then_crib() -> None:
    game = new_game("cribbage-4-solo", ["Ann", "Bob", "Cat", "Dan"], first_dealer=1, seed=3)
    rng = random.Random(3)
    while not any(e.type == "show" for e in game.events) and not game.finished:
        game.apply(rng.choice(game.legal_actions()))
    shows = [(e.seat, e.kind) for e in game.events if e.type == "show"]
    assert shows == [(2, "hand"), (3, "hand"), (0, "hand"), (1, "hand"), (1, "crib")]


def test_ruling_15_game_ends_the_moment_a_side_reaches_the_target_mid_show() -> None:
    game = run(go_game(target=5), *GO_PLAY)
    # Ann has 2 from pegging; her hand (4) takes her to 6 >= 5: Bob's hand and crib are never counted.
    assert game.finished and game.winner == "Ann" and game.scores() == {"Ann": 6, "Bob": 1}
    assert [e.seat for e in game.events if e.type == "show"] == [0]
    assert game.to_act() == () and game.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(Action(1, "go"))


def test_ruling_15_game_ends_mid_play_and_the_unit_is_credited_in_full() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=1, target=3, skunk=1, double_skunk=0,
                    dealt=[deal("5H 5C 4D 6S KC KD", "TD 5S 6H 4S QC QD", starter="2C")])
    run(game, "Ann discard KC KD", "Bob discard QC QD", "Ann play 5H", "Bob play TD", "Ann play 5C")
    assert not game.finished and game.scores() == {"Ann": 0, "Bob": 2}
    run(game, "Bob play 5S")  # a pair: 2 more, 4 >= 3
    assert game.finished and game.winner == "Bob" and game.scores() == {"Ann": 0, "Bob": 4}
    assert game.losers_marks() == {"Ann": "double-skunk"}


def test_ruling_15_skunk_lines() -> None:
    game = run(go_game(target=5), *GO_PLAY)
    assert game.losers_marks() == {}  # 121's lines (90, 60) moved down to a target of 5 fall below 0
    game = run(go_game(target=5, skunk=1), *GO_PLAY)
    assert game.losers_marks() == {"Bob": "skunk"}
    assert (go_game().rules.skunk, go_game().rules.double_skunk) == (90, 60)


def test_ruling_6_heels_scores_for_the_dealer_at_once_and_can_win() -> None:
    jack = deal("KH QH JH 2C 3D 4D", "TC 9C 8C 7C 5S 6S", starter="JS")
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=1, dealt=[jack])
    run(game, "Ann discard 3D 4D")
    assert game.scores() == {"Ann": 0, "Bob": 0}
    run(game, "Bob discard 5S 6S")
    assert scores_of(game, "heels") == [("Bob", 2)]
    won = new_game("cribbage", ["Ann", "Bob"], first_dealer=1, dealt=[jack], target=2)
    run(won, "Ann discard 3D 4D", "Bob discard 5S 6S")
    assert won.finished and won.winner == "Bob"


def test_ruling_16_muggins_undercount_claimed_by_the_opponent() -> None:
    game = run(go_game(muggins=True), *GO_PLAY)
    assert game.to_act() == (0,) and game.view(0).counting == (0, "hand")
    assert [a.target for a in game.legal_actions(0)] == list(range(30))  # never the true count, 4
    with pytest.raises(IllegalActionError, match="from 0 to 29"):
        game.apply(Action(0, "count", (), 30))
    run(game, "Ann count 3")  # she missed nobs
    assert game.to_act() == (1,) and game.view(1).claim == (0, 3)
    assert [str(a) for a in game.legal_actions(1)] == [*(f"muggins {n}" for n in range(1, 30)), "pass"]
    run(game, "Bob muggins 1")
    run(game, "Bob count 10", "Ann pass", "Bob count 8", "Ann pass")  # right counts: Ann may claim all the same
    assert game.scores() == {"Ann": 2 + 3, "Bob": 1 + 1 + 10 + 8}
    assert game.deal_number == 1
    kinds = [(e.kind, e.points) for e in game.events if e.type == "claim"]
    assert kinds == [("count", 3), ("muggins", 1), ("count", 10), ("pass", 0), ("count", 8), ("pass", 0)]


def test_ruling_16_muggins_over_count_scores_the_true_count_and_the_excess_goes_to_the_opponent() -> None:
    from pegboard.engine.cribbage import honest_claim

    game = run(go_game(muggins=True), *GO_PLAY, "Ann count 9")  # her hand holds 4: a run of 3 and nobs
    shows = [(e.seat, e.kind, e.points) for e in game.events if e.type == "score" and e.phase == "show"]
    assert shows == [(0, "run", 3), (0, "nobs", 1), (1, "over-claim", 5)]
    assert game.scores() == {"Ann": 2 + 4, "Bob": 1 + 5}
    assert game.view(1).counting == (0, "hand") and game.view(1).phase == "muggins"  # ruling 28: claims follow
    assert honest_claim(game.view(1), game.rules) == Action(1, "pass")  # nothing was missed


def test_ruling_16_muggins_over_claim_scores_the_points_missed_and_the_excess_goes_to_the_counter() -> None:
    game = run(go_game(muggins=True), *GO_PLAY, "Ann count 3", "Bob muggins 4")  # only nobs (1) was missed
    shows = [(e.seat, e.kind, e.points) for e in game.events if e.type == "score" and e.phase == "show"]
    assert shows == [(0, "count", 3), (1, "muggins", 1), (0, "over-claim", 3)]
    assert game.scores() == {"Ann": 2 + 3 + 3, "Bob": 1 + 1}


def test_ruling_16_and_15_an_over_count_can_lose_the_game_but_never_win_it() -> None:
    game = run(go_game(muggins=True, target=20), *GO_PLAY, "Ann count 29")  # Ann 2 + 4 = 6; Bob 1 + 25
    assert game.finished and game.winner == "Bob"
    game = run(go_game(muggins=True, target=6), *GO_PLAY, "Ann count 29")  # her true 4 reaches 6 first
    assert game.finished and game.winner == "Ann" and game.scores() == {"Ann": 6, "Bob": 1}


def test_ruling_16_the_computer_counts_and_claims_honestly() -> None:
    from pegboard.bots import make_bot
    from pegboard.engine.cribbage import honest_claim

    game = run(go_game(muggins=True), *GO_PLAY)
    assert honest_claim(game.view(0), game.rules) == Action(0, "count", (), 4)
    for level in ("greedy", "expert"):
        assert make_bot(level, game.rules, 0, seed=1).choose(game.view(0)) == Action(0, "count", (), 4)
    run(game, "Ann count 1")
    assert honest_claim(game.view(1), game.rules) == Action(1, "muggins", (), 3)
    assert make_bot("expert", game.rules, 1, seed=1).choose(game.view(1)) == Action(1, "muggins", (), 3)


def test_ruling_16_muggins_pass() -> None:
    game = run(go_game(muggins=True), *GO_PLAY, "Ann count 0", "Bob pass")
    assert game.view(1).counting == (1, "hand") and game.scores()["Ann"] == 2


def test_ruling_28_the_claims_are_offered_after_every_count_so_they_say_nothing() -> None:
    """Whether a count was short, right or over, the opponent is asked the same way: the same phase,
    the same legal moves, the same prompt; so being asked never says that points were missed."""
    asked = []
    for count in (3, 4, 9):  # short, right (a run of 3 and nobs), over
        game = run(go_game(muggins=True), *GO_PLAY, f"Ann count {count}")
        view = game.view(1)
        asked.append((view.phase, view.to_act, view.legal_actions, view.counting))
    assert asked[0] == asked[1] == asked[2] == ("muggins", (1,), game.legal_actions(1), (0, "hand"))


def three_player_muggins() -> GameState:
    """Three players, Cat deals; Ann (left of the dealer) counts 5H 5C JS 2D with the 5S starter first."""
    hands = ("5H 5C JS 2D 9C", "KH QD 8C 7S 3C", "AC 4H 6D 9H TC")
    game = new_game("cribbage-3", ["Ann", "Bob", "Cat"], first_dealer=2, muggins=True,
                    dealt=[deal(*hands, starter="5S", crib="KS")])
    run(game, "Ann discard 9C", "Bob discard 3C", "Cat discard TC")
    while game.phase == "play":
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    return game


def test_ruling_28_three_players_the_next_opponent_may_claim_what_is_still_missed() -> None:
    game = three_player_muggins()
    assert game.view(0).counting == (0, "hand")  # Ann counts first, left of the dealer
    from pegboard.engine.cribbage import honest_claim

    true = honest_claim(game.view(0), game.rules).target
    assert isinstance(true, int) and true > 4
    before = game.score_list
    run(game, f"Ann count {true - 4}")  # four points short
    run(game, "Bob muggins 1")  # Bob claims only one of them
    assert game.to_act() == (2,) and game.view(2).claim == (0, true - 3)
    assert honest_claim(game.view(2), game.rules) == Action(2, "muggins", (), 3)  # Cat may claim the other 3
    run(game, "Cat muggins 5")  # two over what was still missed: Cat scores 3, Ann the excess 2
    gained = [after - was for after, was in zip(game.score_list, before)]
    assert gained == [true - 4 + 2, 1, 3]
    assert game.view(0).counting == (1, "hand")  # then Bob counts


def test_ruling_28_three_players_a_full_claim_still_lets_the_next_opponent_speak() -> None:
    game = three_player_muggins()
    from pegboard.engine.cribbage import honest_claim

    true = honest_claim(game.view(0), game.rules).target
    assert isinstance(true, int)
    run(game, f"Ann count {true - 2}", "Bob muggins 2")
    assert game.to_act() == (2,) and honest_claim(game.view(2), game.rules) == Action(2, "pass")
    run(game, "Cat pass")
    assert game.view(0).counting == (1, "hand")


def test_ruling_17_to_19_five_card_single_series_and_three_for_last() -> None:
    game = new_game("five-card", ["Ann", "Bob"], first_dealer=1,
                    dealt=[deal("KH QH 9S 4C 2D", "JC TC 8S 6C 3D", starter="AS")])
    assert game.scores() == {"Ann": 3, "Bob": 0}  # ruling 18: the pone's 3 for last, in deal 1
    assert scores_of(game, "last") == [("Ann", 3)]
    run(game, "Ann discard 4C 2D", "Bob discard 6C 3D")
    assert len(game.view(0).hand) == 3
    run(game, "Ann play KH", "Bob play JC", "Ann play 9S")  # 29
    assert [str(a) for a in game.legal_actions(1)] == ["go"]
    run(game, "Bob go", "Ann go")
    # ruling 19: one series only; Ann scores 1 for last and the cards left are never played
    assert scores_of(game, "last") == [("Ann", 3), ("Ann", 1)]
    assert any(e.type == "show" for e in game.events)


def test_ruling_19_five_card_31_ends_the_play_without_a_last_point() -> None:
    game = new_game("five-card", ["Ann", "Bob"], first_dealer=1,
                    dealt=[deal("KH QH AS 4C 2D", "JC TC 8S 6C 3D", starter="9S")])
    run(game, "Ann discard 4C 2D", "Bob discard 6C 3D", "Ann play KH", "Bob play JC", "Ann play AS")
    assert game.view(0).count == 21
    run(game, "Bob play TC")  # 31
    assert scores_of(game, "thirty-one") == [("Bob", 2)]
    assert [e.kind for e in game.events if e.type == "score" and e.phase == "play"] == ["thirty-one"]
    assert any(e.type == "show" for e in game.events)  # the play is over although cards remain


def test_ruling_20_five_card_three_card_flush_in_the_show() -> None:
    game = new_game("five-card", ["Ann", "Bob"], first_dealer=1,
                    dealt=[deal("2H 6H 8H KC QD", "JC TC 8S 6C 3D", starter="AS")])
    run(game, "Ann discard KC QD", "Bob discard 6C 3D")
    flushes = [e for e in game.events if e.kind == "flush"]
    assert not flushes
    while not any(e.type == "show" for e in game.events):
        game.apply(game.legal_actions()[0])
    assert [(game.players[e.seat], e.points) for e in game.events if e.kind == "flush"][0] == ("Ann", 3)


def test_match_counts_skunks_and_the_loser_deals_next() -> None:
    match = Match("cribbage", ["Ann", "Bob"], games_to_win=3, seed=9)
    rng = random.Random(9)
    while not match.finished:
        game = match.next_game()
        play_randomly(game, rng)
        result = match.record_game(game)
        assert result.points == MARK_POINTS[result.mark]
    assert sum(match.standings.values()) == sum(r.points for r in match.results)
    assert match.winner is not None and match.standings[match.winner] >= 3
