"""``pegboard engine``: the line protocol, driven as another program would drive it, through a whole game."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from pegboard.analysis.evaluate import Assessor
from pegboard.engine import new_game
from pegboard.objectives import GAME_POINTS
from pegboard.records import record_of
from pegboard.rl.protocol import EngineSession

ROOT = Path(__file__).resolve().parent.parent
ENDS = ("ok", "bestmove", "error", "identifyok", "readyok", "bye")


def test_a_subprocess_plays_a_whole_game_through_the_protocol() -> None:
    engine = subprocess.Popen([sys.executable, "-m", "pegboard", "engine", "--seed", "2"], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
    assert engine.stdin is not None and engine.stdout is not None

    def ask(command: str) -> list[str]:
        engine.stdin.write(command + "\n")  # type: ignore[union-attr]
        engine.stdin.flush()  # type: ignore[union-attr]
        lines = [engine.stdout.readline().strip()]  # type: ignore[union-attr]
        while lines[-1].split(" ")[0] not in ENDS:
            lines.append(engine.stdout.readline().strip())  # type: ignore[union-attr]
        return lines

    try:
        assert ask("identify")[0] == "id name pegboard 0.1.0"
        assert ask("isready") == ["readyok"]
        assert ask("setoption name game value five-card") == ["ok"]
        assert ask("setoption name level value greedy") == ["ok"]
        assert ask("newgame seed 4 dealer 0") == ["ok"]
        moves = 0
        while (reply := ask("go nodes 2"))[-1].startswith("bestmove"):
            info = reply[-2].split()
            assert info[:2] == ["info", "seat"] and "points" in info and "win" in info
            assert ask("move " + reply[-1].removeprefix("bestmove ")) == ["ok"]
            moves += 1
        assert reply == ["error go : the game is over"]
        view = json.loads(ask("view 0")[0].removeprefix("view "))
        assert view["finished"] and max(view["scores"]) >= 61 and moves > 10
        assert ask("quit") == ["bye"]
        assert engine.wait(timeout=30) == 0
    finally:
        engine.kill()


def test_positions_from_a_record_and_from_a_described_deal() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], seed=9, first_dealer=1)
    game.apply(game.legal_actions(0)[0])
    session = EngineSession(seed=1)
    assert session.handle("position record " + json.dumps(record_of(game))) == ["ok"]
    reply = session.handle("go nodes 4 alternatives")
    assert reply[-1].startswith("bestmove Bob discard ")
    assert sum(line.startswith("info alternative ") for line in reply) == 15
    assert session.handle("position deal hand 5H 5C 6D 7S JH KD dealer 0 scores 100 95") == ["ok"]
    view = json.loads(session.handle("view")[0].removeprefix("view "))
    assert view["scores"] == [100, 95] and sorted(view["hand"]) == sorted(["5H", "5C", "6D", "7S", "JH", "KD"])
    reply = session.handle("go movetime 50")
    assert reply[-1].startswith("bestmove North discard ") and " win " in reply[-2]


def test_bad_commands_get_one_error_line_naming_what_was_expected() -> None:
    session = EngineSession()
    assert session.handle("go") == ["error go : no position yet: send 'newgame' or 'position ...' first"]
    assert session.handle("fly")[0].startswith("error unknown command 'fly': expected one of identify")
    assert session.handle("setoption name game value chess")[0].startswith("error setoption: unknown game 'chess'")
    assert session.handle("setoption name target value many")[0].startswith("error setoption: option 'target'")
    assert session.handle("position deal hand 5H") == ["error position : a hand of 1 cards: cribbage deals 6"]
    assert session.handle("newgame seed x") == [
        "error newgame : seed x: expected a whole number from -9223372036854775808 to 9223372036854775807"]


def test_the_objective_option_sets_what_the_engines_bot_plays_for_and_what_go_reports() -> None:
    """Issue 23: ``setoption name objective value game-points``. Near the end (Ann deals at 110, Bob at
    87 is pone, a skunk if Ann goes out) the expert throws 9C QC to win and 2S 7S for game points; with
    an objective other than win, ``go`` reports its expected value beside the chance to win."""
    game = new_game("cribbage", ["Ann", "Bob"], seed=169781, first_dealer=0, start_scores=[110, 87])
    game.apply(game.legal_actions(0)[0])  # Ann has thrown: Bob to decide
    record = "position record " + json.dumps(record_of(game))
    session = EngineSession(seed=5)
    assert any(line.startswith("option name objective type string default win") for line in session.handle("identify"))
    assert session.handle(record) == ["ok"]
    reply = session.handle("go nodes 8")
    assert reply[-1] == "bestmove Bob discard 9C QC" and " value " not in reply[-2]
    assert session.handle("setoption name objective value game-points") == ["ok"]
    assert session.handle(record) == ["ok"]
    reply = session.handle("go nodes 8 alternatives")
    assert reply[-1] == "bestmove Bob discard 2S 7S"
    words = reply[-2].split()
    value = float(words[words.index("value") + 1])
    assert -4 <= value <= 4 and all(" value " in line for line in reply[:-1])


def test_an_objective_the_rules_cannot_have_is_an_error_line() -> None:
    session = EngineSession(seed=1)
    assert session.handle("setoption name objective value tournament")[0].startswith(
        "error setoption: objective 'tournament': expected win, game-points, spread or match")
    assert session.handle("setoption name game value cribbage-3") == ["ok"]
    assert "objectives are for two-sided cribbage games" in session.handle("setoption name objective value spread")[0]
    assert session.handle("setoption name game value cribbage-4") == ["ok"]
    assert "a match is modelled for two players to 121 or five-card to 61" in session.handle(
        "setoption name objective value match")[0]
    assert session.handle("setoption name objective value game-points") == ["ok"]  # partners: their own table
    assert session.handle("setoption name objective value win") == ["ok"]
    assert session.handle("setoption name target value 61") == ["ok"]
    assert "the computer plays for it only where it has a board model" in session.handle(
        "setoption name objective value game-points")[0]  # partners to 61: the bot would not play for it
    assert session.handle("setoption name target value 121") == ["ok"]
    assert session.handle("setoption name game value five-card") == ["ok"]
    assert session.handle("setoption name objective value spread:cap=31") == ["ok"]
    assert session.handle("newgame seed 3") == ["ok"]
    assert " value " in session.handle("go nodes 2")[-2]  # five-card: the spread where the deal ended the game, else -
    assert session.handle("setoption name game value snailspace") == ["ok"]
    assert "objectives are for two-sided cribbage games" in session.handle("newgame seed 3")[0]


def test_go_without_a_budget_reports_the_analysis_values_the_hints_and_analyse_give() -> None:
    """``go`` alone values the move as ``pegboard analyse`` and the hints do (the Assessor: discards exact
    over every starter, plays by the expert's search), not by greedy rollouts; a budget (``nodes``,
    ``movetime``) still asks for the rollouts."""
    game = new_game("cribbage", ["Ann", "Bob"], seed=169781, first_dealer=0, start_scores=[110, 87])
    game.apply(game.legal_actions(0)[0])
    session = EngineSession(seed=5)
    assert session.handle("position record " + json.dumps(record_of(game))) == ["ok"]
    reply = session.handle("go alternatives")
    assert reply[-1] == "bestmove Bob discard 9C QC"
    assert sum(line.startswith("info alternative ") for line in reply) == 15
    assert all(" by analysis move " in line and " nodes " not in line for line in reply[:-1])
    found = Assessor(game.rules).assess(game.view(1), random.Random(0), every_chance=True)
    expected = [f"points {option.points:.2f} win {option.win:.3f} by analysis move Bob {option.action.text()}"
                for option in found.options]
    assert [line.split(" ", 3)[3] for line in reply[:15]] == expected  # the analysis' order: to win, near the end
    assert session.handle("setoption name objective value game-points") == ["ok"]
    chosen = session.handle("go")
    assert chosen[-1] == "bestmove Bob discard 2S 7S"
    words = chosen[-2].split()
    kept = Assessor(game.rules, GAME_POINTS).assess(game.view(1), random.Random(0), every_chance=True)
    worth = kept.option(game.parse_action("Bob discard 2S 7S")).worth
    assert worth is not None and words[words.index("value") + 1] == f"{worth:+.3f}"  # game points expected
    assert " nodes 8 " in session.handle("go nodes 8")[-2]  # a budget: the rollouts, as before


def test_a_rules_option_set_again_replaces_the_first() -> None:
    session = EngineSession(seed=1)
    assert session.handle("setoption name target value 61") == ["ok"]
    assert session.handle("setoption name target value 91") == ["ok"]  # was a TypeError: target given twice
    assert session.handle("newgame seed 3") == ["ok"] and session.game is not None
    assert session.game.rules.target == 91
