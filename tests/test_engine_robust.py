"""Issue 40 part D: the engine protocol never dies and never hangs. Every refusal is one ``error`` line
naming the input and what was expected, and changes nothing; budgets are bounded; ``stop`` ends a
running search; random command lines from the protocol's grammar leave it answering."""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pegboard.rl import protocol
from pegboard.rl.protocol import MAX_MOVETIME, MAX_NODES, EngineSession, serve

ENDS = ("ok", "bestmove", "error", "identifyok", "readyok", "bye")
HAND = "position deal hand 5H 5C 6D 7S JH KD"


def state(session: EngineSession) -> tuple[object, ...]:
    """What a refused command must leave as it was."""
    game = session.game
    view = None if game is None else json.dumps(game.view(0).to_json(), sort_keys=True)
    return session.preset, dict(session.options), session.level, session.objective, view, \
        None if game is None else len(game.events)


@pytest.mark.parametrize("line, needle", [
    ("newgame seed --5", "seed --5: expected a whole number"),
    ("newgame seed ²", "seed ²: expected a whole number"),
    ("newgame seed " + "9" * 5000, "seed 99999999999999999999...: expected a whole number"),
    ("newgame dealer 2", "dealer 2: expected a whole number from 0 to 1"),
    ("newgame seed 1 seed 2", "seed: given twice"),
    ("setoption name target value --5", "target"),
    ("setoption name target value " + "9" * 5000, "expected a whole number"),
    ("setoption name deal_size value 5", "unknown option 'deal_size'"),
    ("go nodes --5", "nodes --5: expected a whole number from 1 to"),
    ("go nodes 0", "nodes 0: expected a whole number from 1 to"),
    ("go nodes " + "9" * 5000, "nodes 99999999999999999999..."),
    ("go nodes 1000000000", f"nodes 1000000000: expected a whole number from 1 to {MAX_NODES}"),
    ("go movetime 1000000000000", f"movetime 1000000000000: expected a whole number from 1 to {MAX_MOVETIME}"),
    ("go movetime -1", "movetime -1"),
    (HAND + " seat x", "seat x: expected a whole number from 0 to 1"),
    (HAND + " seat", "seat : expected one seat number from 0 to 1"),
    (HAND + " dealer", "dealer : expected one seat number from 0 to 1"),
    (HAND + " seat 9", "seat 9: expected a whole number from 0 to 1"),
    (HAND + " seat 0 1", "seat 0 1: expected one seat number"),
    (HAND + " scores a b", "score a: expected a whole number from 0 to 120"),
    (HAND + " scores 5", "scores 5: expected 2 numbers"),
    (HAND + " scores 121 0", "score 121: expected a whole number from 0 to 120"),
    (HAND + ' seat "0', 'seat "0: expected a whole number'),
    (HAND + " 'unclosed", "'unclosed"),
    ("view -1", "seat -1: expected a whole number from 0 to 1"),
    ("view x", "seat x: expected a whole number from 0 to 1"),
    ("view ²", "seat ²: expected a whole number"),
    ("view 9", "seat 9"),
    ("quit x", "x: expected nothing after quit"),
    ("isready now", "now: expected nothing after isready"),
])
def test_bad_input_is_one_error_line_and_changes_nothing(line: str, needle: str) -> None:
    session = EngineSession(seed=1)
    assert session.handle("newgame seed 3") == ["ok"]
    before = state(session)
    reply = session.handle(line)
    assert len(reply) == 1 and reply[0].startswith("error "), reply
    assert needle in reply[0] and "internal error" not in reply[0]
    assert len(reply[0]) < 400
    assert state(session) == before and not session.finished


def test_the_unknown_option_error_lists_only_documented_names() -> None:
    reply = EngineSession().handle("setoption name deal_size value 5")[0]
    assert "target, muggins" in reply and "game, level, objective" in reply
    for internal in ("crib_from_pack", "heels_points", "play_continues_after_go", "pone_bonus"):
        assert internal not in reply


def test_view_of_a_seat_lists_the_moves_as_move_takes_them() -> None:
    session = EngineSession(seed=1)
    session.handle("newgame seed 3")
    view = json.loads(session.handle("view 1")[0].removeprefix("view "))
    assert view["seat"] == 1 and view["moves"] and all(move.startswith("East discard ") for move in view["moves"])
    assert session.handle("move " + view["moves"][0]) == ["ok"]


def test_quit_with_words_after_it_is_refused_and_the_engine_goes_on() -> None:
    out: list[str] = []

    class Sink:
        def write(self, text: str) -> None:
            out.append(text)

        def flush(self) -> None:
            pass

    serve(iter(["quit x\n", "isready\n", "quit\n", "isready\n"]), Sink(), seed=1)  # type: ignore[arg-type]
    assert "".join(out).splitlines() == ["error quit : x: expected nothing after quit", "readyok", "bye"]


class Pipe:
    """Lines fed one at a time to :func:`serve`, and its replies as they come."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.replies: queue.Queue[str] = queue.Queue()

    def __iter__(self) -> Iterator[str]:
        while (line := self.lines.get()) is not None:
            yield line

    def write(self, text: str) -> None:
        for line in text.splitlines():
            self.replies.put(line)

    def flush(self) -> None:
        pass

    def until(self, end: str, timeout: float) -> list[str]:
        got = [self.replies.get(timeout=timeout)]
        while not got[-1].startswith(end):
            got.append(self.replies.get(timeout=timeout))
        return got


def test_stop_ends_a_running_search_and_isready_is_answered_during_it() -> None:
    pipe = Pipe()
    engine = threading.Thread(target=serve, args=(pipe, pipe, 1), daemon=True)
    engine.start()
    pipe.lines.put("setoption name level value greedy\n")
    pipe.lines.put("newgame seed 5\n")
    assert pipe.until("ok", 30) == ["ok"] and pipe.until("ok", 30) == ["ok"]
    started = time.monotonic()
    pipe.lines.put(f"go movetime {MAX_MOVETIME}\n")
    time.sleep(0.3)
    pipe.lines.put("isready\n")
    assert pipe.until("readyok", 30) == ["readyok"]  # answered while the search runs
    pipe.lines.put("stop\n")
    reply = pipe.until("bestmove", 30)
    assert reply[-1].startswith("bestmove North discard ") and reply[-2].startswith("info seat 0 ")
    assert time.monotonic() - started < 30  # not the minute the budget allowed
    pipe.lines.put("view\n")  # the engine answers on
    assert pipe.until("ok", 30)[-1] == "ok"
    pipe.lines.put("go movetime 60000\n")
    pipe.lines.put("quit\n")  # quit stops a search too
    assert pipe.until("bye", 30)[-1] == "bye"
    engine.join(timeout=30)
    assert not engine.is_alive()


def test_stop_without_a_search_is_ok() -> None:
    assert EngineSession().handle("stop") == ["ok"]


# ---------------------------------------------------------------- the grammar fuzz
odd_numbers = st.sampled_from(["--5", "²", "¹²¹", "1e3", "0x10", "+3", "", "9" * 30, "9" * 5000, "-0", "007", "-5",
                               "0", "1000000000", "٣"])
numbers = st.one_of(odd_numbers, st.integers(-3, 130).map(str), odd_numbers)
words = st.one_of(numbers, st.sampled_from(["x", "seat", "dealer", "hand", "scores", "value", "name", "'", '"',
                                            "5H", "JH", "10C", "KD", "go", "true", "{", "}"]),
                  st.text(max_size=6))
cards = st.lists(st.sampled_from(["5H", "5C", "6D", "7S", "JH", "KD", "AS", "TC", "QQ", "5H"]), max_size=7)


@st.composite
def command_lines(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["identify", "isready", "setoption", "newgame", "position", "move", "view", "go",
                                 "stop", "junk"]))
    tail = " ".join(draw(st.lists(words, max_size=3)))
    if kind == "setoption":
        name = draw(st.sampled_from(["game", "level", "objective", "target", "muggins", "deal_size", "discards",
                                     "skunk", "x"]))
        value = draw(st.one_of(numbers, st.sampled_from(["five-card", "cribbage", "solitaire", "snailspace",
                                                         "cribbage-3", "random", "greedy", "win", "game-points",
                                                         "match:to=²", "game-points:win=0,skunk=0,double=0",
                                                         "true", "nosuch"])))
        return draw(st.sampled_from([f"setoption name {name} value {value}", f"setoption name {name}",
                                     f"setoption {tail}"]))
    if kind == "newgame":
        return draw(st.sampled_from([f"newgame seed {draw(numbers)}", f"newgame dealer {draw(numbers)}",
                                     "newgame", f"newgame {tail}"]))
    if kind == "position":
        hand = " ".join(draw(cards))
        return draw(st.sampled_from([f"position deal hand {hand} {tail}", f"position deal hand {hand}",
                                     f"position record {tail}", "position record {\"format\": 3}", "position"]))
    if kind == "move":
        return f"move {draw(st.sampled_from(['North', 'East', 'Solo', '']))} {tail}"
    if kind == "view":
        return draw(st.sampled_from(["view", f"view {draw(numbers)}", f"view {tail}"]))
    if kind == "go":
        return draw(st.sampled_from([f"go nodes {draw(numbers)}", f"go movetime {draw(numbers)}",
                                     "go nodes 2 alternatives", f"go {tail}"]))
    if kind == "junk":
        return draw(st.text(max_size=20))
    return f"{kind} {tail}" if draw(st.booleans()) else kind


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command_lines(), max_size=10), st.sampled_from(["", "newgame seed 1", HAND]))
def test_random_command_lines_from_the_grammar_leave_the_engine_answering(lines: list[str], first: str) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(protocol, "MAX_NODES", 8)  # small budgets: the grammar reaches every branch, quickly
        patch.setattr(protocol, "MAX_MOVETIME", 50)
        session = EngineSession(seed=0)
        for line in [first, *lines, "newgame seed 1", "go nodes 2"]:
            if "\n" in line or "\r" in line:
                continue
            reply = session.handle(line)
            if not line.split():
                assert reply == []
                continue
            assert reply and reply[-1].split(" ")[0] in ENDS, (line, reply)
            assert not any("internal error" in text or "\n" in text for text in reply), (line, reply)
            if reply[-1].startswith("error"):
                assert len(reply) == 1
        assert session.handle("isready") == ["readyok"]
