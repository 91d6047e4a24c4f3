"""Bots: the interface, reproducibility, greedy's definition, and the expert's judgement."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from pegboard import PegboardError, Rules, parse_cards
from pegboard.bots import make_bot
from pegboard.bots.discard import rank_discards
from pegboard.bots.greedy import GreedyBot, kept_points
from pegboard.bots.pegging import PlayPosition, compress, play_points, solve
from pegboard.engine import new_game
from pegboard.scoring.play import score_play

from .engine_helpers import deal, play_with_bots

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", ["random", "greedy", "expert", "tests.sample_bot:FirstBot"])
def test_bots_by_name_play_whole_games_reproducibly(name: str) -> None:
    runs = []
    for _ in range(2):
        game = new_game("five-card", seed=11)
        runs.append(play_with_bots(game, [make_bot(name, game.rules, seat, seed=3 + seat) for seat in range(2)]))
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
    with pytest.raises(PegboardError, match="'path' in 'os' is a module, not a bot class"):
        make_bot("os:path", rules, 0)
    with pytest.raises(PegboardError, match=r"NoSeatBot\(rules\) cannot be built as "
                                            r"NoSeatBot\(rules, seat, seed\): too many positional arguments"):
        make_bot("tests.sample_bot:NoSeatBot", rules, 0)


def test_a_bot_class_without_a_choose_of_its_own_is_refused_before_any_game() -> None:
    with pytest.raises(PegboardError, match=r"bot 'pegboard.bots:BaseBot': BaseBot has no choose\(view\) method "
                                            r"of its own"):
        make_bot("pegboard.bots:BaseBot", Rules.preset("cribbage"), 0)


@pytest.mark.parametrize(("players", "needle"), [("os:path,expert", "is a module, not a bot class"),
                                                 ("tests.sample_bot:NoSeatBot,expert", "cannot be built as")])
def test_sim_with_a_bot_that_is_no_bot_class_exits_2_with_one_line(players: str, needle: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pegboard", "sim", "--players", players, "--games", "2"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and done.stdout == "" and needle in done.stderr
    assert done.stderr.splitlines() == [done.stderr.strip()] and "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("game_name", ["cribbage-3", "cribbage-4", "cribbage-4-solo"])
def test_expert_plays_every_multiplayer_preset(game_name: str) -> None:
    game = new_game(game_name, seed=5)
    play_with_bots(game, [make_bot("expert", game.rules, seat, seed=seat) for seat in range(game.rules.players)])
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
    from pegboard.engine.chance import deal_hidden

    rng = random.Random(1)
    unseen = [card.code for card in parse_cards("AH 2H 9H TH JH QH KH 8C")]
    for _ in range(50):
        hands = deal_hidden(rng, unseen, [2], [6])  # said go at 25: holds nothing of 6 pips or less
        assert hands is not None and all(((code >> 2) + 1) >= 7 for code in hands[0])


def _reference_value(hands: list[list[int]], series: list[int], count: int, turn: int, said_go: set[int],
                     last: int, me: int, side_of: tuple[int, ...], single: bool, horizon: bool) -> float:
    """Plain minimax over the play with no memo and no compression: points for me's side minus the
    other's, to the end of the play (or of the series, with ``horizon``)."""
    def sign(seat: int) -> int:
        return 1 if side_of[seat] == side_of[me] else -1

    def after_series(last_seat: int, thirty_one: bool) -> float:
        bonus = 0 if thirty_one else sign(last_seat)
        if single or horizon or not any(hands):
            return bonus
        nxt = next(s for s in [(last_seat + k) % len(hands) for k in range(1, len(hands) + 1)] if hands[s])
        return bonus + _reference_value(hands, [], 0, nxt, set(), -1, me, side_of, single, horizon)

    choices = sorted({r for r in hands[turn] if count + min(r, 10) <= 31})
    if not choices:
        said_go = said_go | {turn}
        waiting = [(turn + k) % len(hands) for k in range(1, len(hands) + 1)]
        nxt = next((s for s in waiting if hands[s] and s not in said_go), None)
        if nxt is None:
            return after_series(last, False)
        return _reference_value(hands, series, count, nxt, said_go, last, me, side_of, single, horizon)
    outcomes = []
    for rank in choices:
        hands[turn].remove(rank)
        new_count = count + min(rank, 10)
        points = play_points((*series, rank), new_count) * sign(turn)
        if new_count == 31:
            rest = after_series(turn, True)
        else:
            waiting = [(turn + k) % len(hands) for k in range(1, len(hands) + 1)]
            nxt = next((s for s in waiting if hands[s] and s not in said_go), None)
            rest = after_series(turn, False) if nxt is None else _reference_value(
                hands, [*series, rank], new_count, nxt, said_go, turn, me, side_of, single, horizon)
        hands[turn].append(rank)
        outcomes.append(points + rest)
    return max(outcomes) if side_of[turn] == side_of[me] else min(outcomes)


@pytest.mark.parametrize("seats,single,horizon", [(2, False, False), (2, True, False), (3, False, True),
                                                  (3, False, False), (4, False, True), (4, False, False)])
def test_the_pegging_search_gives_plain_minimaxs_values(seats: int, single: bool, horizon: bool) -> None:
    from pegboard.bots.pegging import Solver

    rng = random.Random(seats * 10 + single)
    side_of = tuple(seat % 2 for seat in range(seats)) if seats == 4 else tuple(range(seats))
    size = 3 if single or seats > 2 else 4
    for _ in range(15):
        pack = [rank for rank in range(1, 14) for _ in range(4)]
        rng.shuffle(pack)
        hands = tuple(tuple(sorted(pack[seat * size:(seat + 1) * size])) for seat in range(seats))
        values = Solver(seats, side_of, 0, single_series=single, series_horizon=horizon).move_values(
            PlayPosition(hands, (), 0, 0, 0, -1, single))
        for rank, value in values.items():
            lists = [list(hand) for hand in hands]
            lists[0].remove(rank)
            points = play_points((rank,), min(rank, 10))
            waiting = [seat for seat in range(1, seats) if lists[seat]] + [0]
            expected = points + _reference_value(lists, [rank], min(rank, 10), waiting[0], set(), 0, 0, side_of,
                                                 single, horizon)
            assert value == pytest.approx(expected), (hands, rank)
