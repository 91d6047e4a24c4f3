"""Issue 39 on the web: /train and its API. A guest's training round-trips through the browser's state, a
signed-in player's persists on the server, bad input is refused with a message naming it and changes
nothing, answers of a signed-in player need the CSRF token, the answer is never sent before it is given,
the migration, and the page in a browser (a guest, a signed-in player, a phone's width)."""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from pegboard.puzzles.bank import BANK_FORMAT  # noqa: E402
from pegboard.puzzles.positions import position_text  # noqa: E402
from pegboard.puzzles.puzzle import Puzzle, puzzle_id  # noqa: E402
from pegboard.puzzles.rating import Rating  # noqa: E402
from pegboard.puzzles.trainer import Trainer  # noqa: E402
from pegboard.records import parse_record, start_game  # noqa: E402
from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.store import MIGRATIONS, SCHEMA_VERSION, SQLiteStore  # noqa: E402
from pegboard.web.testing import Client, HTTPAnswer, Member, ServerThread  # noqa: E402
from pegboard.web.train_store import load_trainer, puzzle_rating, record_attempt, save_trainer  # noqa: E402
from tests.browser import ARTIFACTS, browser_page, needs_chromium  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"
SECRET_KEYS = {"answer", "options", "value", "values", "best", "why", "reasons", "position", "margin", "theme",
               "solve_share", "loss"}


def _puzzle(kind: str, position: str, choices: list[str], answer: str, theme: str, rating: float) -> Puzzle:
    """A bank puzzle whose answer is ``answer``: the values are made up (the web tests need no analysis)."""
    ordered = [answer] + sorted(choice for choice in choices if choice != answer)
    options = tuple((choice, round(3.0 - 0.5 * number, 2)) for number, choice in enumerate(ordered))
    return Puzzle(puzzle_id(position), kind, "cribbage", position, answer, options, theme, rating, 0.5,
                  f"{answer} is best here")


def _from_golden(name: str, kind: str, wanted: str) -> Puzzle:
    """A puzzle at the first decision of golden record ``name`` whose choices start with ``wanted``."""
    record = parse_record(json.loads((GOLDEN / f"{name}.record.json").read_text()))
    game = start_game(record)
    for text in [text for deal in record.deals for text in deal.actions]:
        for seat in game.to_act():
            legal = sorted(action.text() for action in game.legal_actions(seat))
            if legal and legal[0].startswith(wanted):
                position = position_text(game, seat, tuple(game.view(seat).scores))
                return replace(_puzzle(kind, position, legal, legal[-1], f"{kind} theme", 1500.0), game=game.rules.name)
        game.apply_text(text)
    raise AssertionError(f"{name}: no {wanted} decision")


def bank_puzzles() -> list[Puzzle]:
    hand = "5D 5H 6C 4C 7S KH".split()
    discards = [f"discard {' '.join(sorted(pair))}" for pair in itertools.combinations(hand, 2)]
    first = _puzzle("discard", "game cribbage target 121 scores 57 48 dealer them hand 5D 5H 6C 4C 7S KH",
                    discards, "discard 7S KH", "keep the run together", 1300.0)
    other = "2H 3D JS QS 9C 8D".split()
    second = _puzzle("discard", "game cribbage target 121 scores 12 30 dealer you hand 2H 3D JS QS 9C 8D",
                     [f"discard {' '.join(sorted(pair))}" for pair in itertools.combinations(other, 2)],
                     "discard 2H 3D", "keep the best hand", 1400.0)
    play = _puzzle("play", "game cribbage target 121 scores 100 110 dealer you hand 5H 9C 2D 3S thrown JH KD starter 4C"
                   " play TS", ["play 5H", "play 9C", "play 2D", "play 3S"], "play 5H", "take the points", 1200.0)
    return [first, second, play, _from_golden("cribbage-muggins", "count", "count"),
            _from_golden("snailspace", "cell", "play"), _from_golden("solitaire-29", "place", "discard")]


@pytest.fixture(scope="module")
def bank_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bank") / "puzzles.json"
    path.write_text(json.dumps({"format": BANK_FORMAT, "about": {},
                                "puzzles": [puzzle.to_json() for puzzle in bank_puzzles()]}))
    return path


@pytest.fixture
def server(tmp_path: Path, bank_file: Path) -> Iterator[ServerThread]:
    with ServerThread(str(tmp_path / "t.db"), Settings(workers=0, fast_passwords=True,
                                                        puzzles=str(bank_file))) as running:
        yield running


def refused(call: Any, *args: Any) -> HTTPAnswer:
    with pytest.raises(HTTPAnswer) as answer:
        call(*args)
    return answer.value


def answer_of(puzzle_id_: str) -> str:
    return next(puzzle.answer for puzzle in bank_puzzles() if puzzle.id == puzzle_id_)


def wrong_of(puzzle_id_: str) -> str:
    return next(puzzle.options[-1][0] for puzzle in bank_puzzles() if puzzle.id == puzzle_id_)


def puzzle_rows(server: ServerThread) -> list[tuple[Any, ...]]:
    return server.hub.journal.store.read(lambda tx: tx.all(
        "SELECT puzzle, rating, attempts, solves FROM puzzle_ratings ORDER BY puzzle"))


# ---------------------------------------------------------------------------- guests
def test_a_guest_trains_with_the_state_round_tripping_through_the_page(server: ServerThread) -> None:
    guest = Member(server.url)
    about = guest.get("/api/train/me")
    assert about["signed_in"] is False and about["me"]["rating"] == 1500 and about["me"]["seen"] == 0
    assert set(about["bank"]["kinds"]) == {"discard", "play", "count", "cell", "place"}
    got = guest.post("/api/train/next", {"kind": "discard", "state": None})
    state, shown = got["state"], got["puzzle"]
    assert shown["kind"] == "discard" and state["pending"] == shown["id"]
    verdict = guest.post("/api/train/answer", {"id": shown["id"], "choice": answer_of(shown["id"]), "state": state})
    assert verdict["verdict"]["right"] is True and verdict["verdict"]["streak"] == 1
    assert verdict["verdict"]["change"] > 0 and verdict["me"]["rating"] > 1500
    assert [option["choice"] for option in verdict["verdict"]["options"]][0] == answer_of(shown["id"])
    assert Trainer.from_json(verdict["state"]).seen == 1
    # a wrong answer: the streak ends and the puzzle joins the queue, which "mistakes" serves
    got = guest.post("/api/train/next", {"kind": "play", "state": verdict["state"]})
    missed = guest.post("/api/train/answer", {"id": got["puzzle"]["id"], "choice": "9c", "state": got["state"]})
    assert missed["verdict"]["right"] is False and missed["verdict"]["best"] == "play 5H"
    assert missed["me"]["streak"] == 0 and missed["me"]["queue"] == 1 and "play 5H" in missed["verdict"]["explanation"]
    again = guest.post("/api/train/next", {"mistakes": True, "state": missed["state"]})
    assert again["puzzle"]["id"] == got["puzzle"]["id"] and again["puzzle"]["again"] is True
    assert puzzle_rows(server) == []  # a guest's answers never move the puzzles' ratings


def test_a_guest_may_also_ask_by_get_and_gets_a_new_trainers_puzzle(server: ServerThread) -> None:
    got = Member(server.url).get("/api/train/next?kind=place")
    assert got["puzzle"]["kind"] == "place" and got["me"]["seen"] == 0 and "state" in got


def test_the_answer_is_not_sent_before_it_is_given(server: ServerThread) -> None:
    guest = Member(server.url)
    bank = {puzzle.id: puzzle for puzzle in bank_puzzles()}
    for kind in ("discard", "play", "count", "cell", "place"):
        got = guest.post("/api/train/next", {"kind": kind})
        shown = got["puzzle"]
        assert not SECRET_KEYS & set(shown), f"{kind}: {SECRET_KEYS & set(shown)}"
        puzzle = bank[shown["id"]]
        assert shown["choices"] == sorted(puzzle.choices)  # in an order that says nothing of their values
        assert puzzle.why not in json.dumps(got) and puzzle.theme not in json.dumps(shown)
        assert "legal_actions" not in shown["view"] and "events" not in shown["view"]
        assert shown["lines"] and shown["question"]
    assert got["puzzle"]["view"]["current"]  # a placement: the card to place is shown


def test_every_puzzle_of_the_shipped_bank_can_be_shown_without_its_answer() -> None:
    from pegboard.puzzles.bank import load_bank
    from pegboard.web.train import public_puzzle

    try:
        bank = load_bank()
    except (OSError, ValueError) as error:
        pytest.skip(f"no shipped bank yet ({error})")
    for puzzle in bank:
        shown = public_puzzle(puzzle, puzzle.rating)
        assert not SECRET_KEYS & set(shown) and shown["choices"] == sorted(puzzle.choices), puzzle.id
        assert puzzle.why not in json.dumps(shown), puzzle.id


# ---------------------------------------------------------------------------- signed in
def test_a_signed_in_players_training_persists_across_requests_and_sessions(server: ServerThread) -> None:
    ann = Member(server.url)
    ann.sign_up("Ann")
    got = ann.post("/api/train/next", {"kind": "play"})
    assert "state" not in got and got["me"]["name"] == "Ann"
    shown = got["puzzle"]
    verdict = ann.post("/api/train/answer", {"id": shown["id"], "choice": "play 5D"})  # the same rank as 5H
    assert verdict["verdict"]["right"] is True and verdict["verdict"]["choice"] == "play 5H"
    assert "state" not in verdict and verdict["verdict"]["attempts"] == 1 and verdict["verdict"]["solves"] == 1
    other = Member(server.url)
    other.sign_in("Ann")
    me = other.get("/api/train/me")
    assert me["signed_in"] is True and me["me"]["seen"] == 1 and me["me"]["streak"] == 1
    assert me["me"]["history"][-1]["id"] == shown["id"] and me["me"]["rating"] == verdict["me"]["rating"]
    ((puzzle, rating, attempts, solves),) = puzzle_rows(server)
    assert puzzle == shown["id"] and rating < 1200 and (attempts, solves) == (1, 1)  # solved: it looks easier
    # the next puzzle by GET too; answering it again (a replay) is refused
    nxt = other.get("/api/train/next?kind=discard")["puzzle"]
    assert refused(other.post, "/api/train/answer", {"id": shown["id"], "choice": "play 5H"}).status == 409
    wrong = other.post("/api/train/answer", {"id": nxt["id"], "choice": wrong_of(nxt["id"])})
    assert wrong["verdict"]["right"] is False and wrong["me"]["queue"] == 1 and wrong["me"]["streak"] == 0
    assert ann.get("/api/train/me")["me"]["seen"] == 2


def test_a_signed_in_answer_needs_the_csrf_token_and_changes_nothing_without_it(server: ServerThread) -> None:
    ann = Member(server.url)
    ann.sign_up("Ann")
    shown = ann.post("/api/train/next", {"kind": "play"})["puzzle"]
    csrf, ann.csrf = ann.csrf, None
    assert refused(ann.post, "/api/train/answer", {"id": shown["id"], "choice": "play 5H"}).status == 403
    assert refused(ann.post, "/api/train/next", {}).status == 403
    answer = refused(ann.send, "POST", "/api/train/answer", {"id": shown["id"], "choice": "play 5H"},
                     {"origin": "http://evil.example", "x-csrf-token": csrf})
    assert answer.status == 403 and "evil.example" in answer.error
    ann.csrf = csrf
    me = ann.get("/api/train/me")["me"]
    assert me["seen"] == 0 and puzzle_rows(server) == []
    assert ann.post("/api/train/answer", {"id": shown["id"], "choice": "play 5H"})["verdict"]["right"] is True


# ---------------------------------------------------------------------------- your own games
def finished_game(server: ServerThread, player: Member) -> str:
    """A five-card game ``player`` (signed in, moving at random) played out against the random level."""
    created, tokens = player.open_table({"game": "five-card", "seats": [
        {"kind": "human", "name": player.name}, {"kind": "computer", "level": "random", "name": "Rob"}]})
    table = str(created["table"])
    client = Client(server.ws_url, table, tokens[0])
    try:
        client.play_out(random.Random(5))
    finally:
        client.close()
    deadline = time.monotonic() + 60
    while True:
        try:
            player.get(f"/api/tables/{table}/record")
            return table
        except HTTPAnswer:
            assert time.monotonic() < deadline, "the game did not finish"
            time.sleep(0.1)


def test_a_signed_in_player_queues_their_own_mistakes_of_a_finished_game(
        server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    import pegboard.web.train as train

    ann = Member(server.url)
    ann.sign_up("Ann")
    table = finished_game(server, ann)
    mined = [_puzzle("play", "game cribbage target 121 scores 1 2 dealer you hand 5H 9C 2D 3S thrown JH KD starter 4C"
                     " play TS", ["play 5H", "play 9C", "play 2D", "play 3S"], "play 5H", "take the points", 1200.0)]
    mined = [replace(mined[0], player="Ann", choice="play 9C", loss=1.9)]
    asked: list[tuple[str, str]] = []

    def mistakes_of(record: dict[str, Any], player: str) -> list[dict[str, Any]]:
        asked.append((record["players"][0] if isinstance(record["players"][0], str) else "?", player))
        return [puzzle.to_json() for puzzle in mined]

    monkeypatch.setattr(train, "mistakes_of", mistakes_of)
    assert refused(Member(server.url).post, "/api/train/mistakes", {"table": table}).status == 401
    bob = Member(server.url)
    bob.sign_up("Bob")
    assert refused(bob.post, "/api/train/mistakes", {"table": table}).status == 403  # not his game
    assert refused(ann.post, "/api/train/mistakes", {"table": "nosuchtable"}).status == 404
    assert refused(ann.post, "/api/train/mistakes", {}).status == 400
    added = ann.post("/api/train/mistakes", {"table": table})
    assert added["added"] == 1 and added["me"]["queue"] == 1 and asked == [("Ann", "Ann")]
    assert ann.post("/api/train/mistakes", {"table": table})["added"] == 0  # queued once
    got = ann.post("/api/train/next", {"mistakes": True})["puzzle"]
    assert got["id"] == mined[0].id and got["again"] is True
    verdict = ann.post("/api/train/answer", {"id": got["id"], "choice": "play 5H"})["verdict"]
    assert verdict["right"] is True and verdict["played"] == "play 9C"
    assert puzzle_rows(server) == []  # a puzzle of one's own game is no bank puzzle: no rating kept


@pytest.mark.slow
def test_mistakes_of_mines_the_players_decisions_of_a_record() -> None:
    from pegboard.records import record_of
    from pegboard.sim import MatchConfig, play_game
    from pegboard.web.train import mistakes_of

    _, played = play_game(MatchConfig("five-card", ("expert", "random"), games=1, seed=4), 0)
    record = record_of(played)
    record["deals"] = record["deals"][:2]  # two deals: mining is quick
    found = [Puzzle.from_json(item) for item in mistakes_of(record, "random-2")]
    assert found and all(puzzle.player == "random-2" and puzzle.choice != puzzle.answer for puzzle in found)


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(("body", "status", "words"), [
    ({"kind": "bogus"}, 400, ["kind 'bogus'", "expected one of discard"]),
    ({"theme": "no such theme"}, 400, ["theme 'no such theme'", "expected a theme"]),
    ({"mistakes": "perhaps"}, 400, ["mistakes 'perhaps'", "expected true or false"]),
    ({"state": {"format": "something else"}}, 400, ["state", "pegboard-trainer/1"]),
    ({"state": "not an object"}, 400, ["state", "expected"]),
    ({"state": {"format": "pegboard-trainer/1", "rating": 3}}, 400, ["state"]),
    ([1, 2], 400, ["expected a JSON object"]),
])
def test_bad_next_requests_are_refused_saying_what_was_expected(server: ServerThread, body: Any, status: int,
                                                                 words: list[str]) -> None:
    answer = refused(Member(server.url).post, "/api/train/next", body)
    assert answer.status == status and all(word in answer.error for word in words), answer.error


def test_bad_answers_are_refused_and_change_nothing(server: ServerThread) -> None:
    guest = Member(server.url)
    got = guest.post("/api/train/next", {"kind": "play"})
    state, shown = got["state"], got["puzzle"]
    cases = [({"id": shown["id"], "choice": "play XX", "state": state}, 400, "expected one of"),
             ({"id": shown["id"], "choice": "play KC", "state": state}, 400, "not among this puzzle's choices"),
             ({"id": shown["id"], "choice": 5, "state": state}, 400, "choice 5"),
             ({"id": shown["id"], "state": state}, 400, "choice None"),
             ({"choice": "play 5H", "state": state}, 400, "id: missing"),
             ({"id": "nosuchpuzzle", "choice": "play 5H", "state": state}, 404, "id 'nosuchpuzzle'"),
             ({"id": shown["id"], "choice": "play 5H", "state": {"format": 1}}, 400, "state")]
    for body, status, words in cases:
        answer = refused(guest.post, "/api/train/answer", body)
        assert answer.status == status and words in answer.error, (body, answer.error)
        if "expected one of: " in answer.error:  # the choices listed in their sorted order, never best first
            assert answer.error.split("expected one of: ")[1] == "play 2D, play 3S, play 5H, play 9C"
    too_big = refused(guest.send, "POST", "/api/train/answer", b'{"state": "' + b"x" * (1024 * 1024 + 10) + b'"}')
    assert too_big.status == 413
    ann = Member(server.url)
    ann.sign_up("Ann")
    shown = ann.post("/api/train/next", {"kind": "play"})["puzzle"]
    before = ann.get("/api/train/me")["me"]
    for body in ({"id": shown["id"], "choice": "play KC"}, {"id": "nosuchpuzzle", "choice": "play 5H"},
                 {"id": shown["id"], "choice": ""}):
        assert refused(ann.post, "/api/train/answer", body).status in (400, 404, 409)
    assert ann.get("/api/train/me")["me"] == before and puzzle_rows(server) == []
    assert ann.post("/api/train/answer", {"id": shown["id"], "choice": "5h"})["verdict"]["right"] is True


FRESH = Trainer().to_json()


def _queued(**change: Any) -> dict[str, Any]:
    return {**FRESH, "queue": [{"puzzle": {**bank_puzzles()[2].to_json(), **change}, "box": 1, "due": 0}]}


@pytest.mark.parametrize("state", [
    {**FRESH, "history": [{}]},  # an answer without its puzzle's id
    {**FRESH, "rating": {"rating": "NaN", "deviation": 350}},
    {**FRESH, "rating": {"rating": 1500, "deviation": 0}},
    {**FRESH, "rating": {"rating": 1e308, "deviation": 1e308}},
    {**FRESH, "pending": 5},
    _queued(options=[]),  # a puzzle without options
    _queued(answer="play KC"),  # an answer not among its options
    _queued(position="garbage"),  # a position that cannot be shown
])
def test_a_forged_guest_state_is_refused_with_400_never_a_crash(server: ServerThread, state: dict[str, Any]) -> None:
    guest = Member(server.url)
    play = bank_puzzles()[2]
    shown_only = bool(state["queue"]) and state["queue"][0]["puzzle"]["position"] == "garbage"
    for path, body in (("/api/train/next", {"state": state, "mistakes": True}),
                       ("/api/train/answer", {"id": play.id, "choice": "play 9C", "state": state})):
        if shown_only and path.endswith("answer"):
            continue  # judging a queued puzzle needs no position: only showing it does
        answer = refused(guest.post, path, body)
        assert answer.status == 400 and answer.error.startswith("state"), (path, answer.error)


def test_no_bank_is_a_503_saying_so(tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), Settings(workers=0, puzzles=str(tmp_path / "none.json"))) as running:
        answer = refused(Member(running.url).get, "/api/train/me")
        assert answer.status == 503 and "no bank of puzzles" in answer.error


# ---------------------------------------------------------------------------- the database
def test_migration_5_brings_a_version_4_database_up_and_the_store_functions_work(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    for step in MIGRATIONS[:4]:
        old.executescript(step)
    old.execute("PRAGMA user_version = 4")
    old.close()
    store = SQLiteStore(str(path))
    assert store.version == SCHEMA_VERSION >= 5
    exercise_store(store)


def exercise_store(store: Any) -> None:
    puzzle = bank_puzzles()[0]
    assert store.read(lambda tx: puzzle_rating(tx, puzzle)) == Rating(1300.0, 80.0, 0.06, 0)
    trainer, version = store.read(lambda tx: load_trainer(tx, 1))
    trainer.seen = 4
    assert store.transact(lambda tx: save_trainer(tx, 1, trainer, version, 1.0)) == 1
    with pytest.raises(Exception, match="changed meanwhile"):
        store.transact(lambda tx: save_trainer(tx, 1, trainer, 0, 1.0))
    assert store.read(lambda tx: load_trainer(tx, 1))[0].seen == 4
    for solved in (True, False):
        store.transact(lambda tx, solved=solved: record_attempt(tx, puzzle.id, Rating(1290.0, 70.0, 0.06, 1), solved,
                                                                2.0))
    assert store.read(lambda tx: tx.one("SELECT attempts, solves FROM puzzle_ratings")) == (2, 1)
    assert store.read(lambda tx: puzzle_rating(tx, puzzle)).rating == 1290.0


def test_deleting_an_account_deletes_its_training(server: ServerThread) -> None:
    ann = Member(server.url)
    ann.sign_up("Ann")
    ann.post("/api/train/next", {})
    def count() -> Any:
        return server.hub.journal.store.read(lambda tx: tx.one("SELECT count(*) FROM trainers"))

    assert count() == (1,)
    ann.post("/api/delete", {"password": "a long secret"})
    assert count() == (0,)


@pytest.mark.slow
@pytest.mark.xdist_group("postgres")
def test_the_training_tables_on_postgresql() -> None:
    pytest.importorskip("psycopg")
    import os
    import subprocess
    import time

    from pegboard.web.database import open_store
    from pegboard.web.pgtest import TempPostgres, find_postgres

    found, why = find_postgres()
    if found is None:
        pytest.skip(why)
    with TempPostgres() as cluster:
        def database() -> str:
            name = f"t{time.monotonic_ns()}"
            subprocess.run([*(["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []),
                            str(cluster.bin / "createdb"), "-h", str(cluster.folder), "-U", cluster.user, name],
                           check=True, capture_output=True)
            return f"postgresql://{cluster.user}@/{name}?host={cluster.folder}"

        store = open_store(database())
        try:
            exercise_store(store)
        finally:
            store.close()
        bank = Path(cluster.folder) / "bank.json"  # the signed-in flow over HTTP, on PostgreSQL
        bank.write_text(json.dumps({"format": BANK_FORMAT, "about": {},
                                    "puzzles": [puzzle.to_json() for puzzle in bank_puzzles()]}))
        with ServerThread(database(), Settings(workers=0, fast_passwords=True, puzzles=str(bank))) as server:
            ann = Member(server.url)
            ann.sign_up("Ann")
            shown = ann.post("/api/train/next", {"kind": "play"})["puzzle"]
            assert refused(ann.post, "/api/train/answer", {"id": shown["id"], "choice": "play KC"}).status == 400
            verdict = ann.post("/api/train/answer", {"id": shown["id"], "choice": "play 5H"})["verdict"]
            assert verdict["right"] is True and verdict["attempts"] == 1
            assert refused(ann.post, "/api/train/answer", {"id": shown["id"], "choice": "play 5H"}).status == 409
            assert ann.get("/api/train/me")["me"]["seen"] == 1


# ---------------------------------------------------------------------------- the page
def solve_in_browser(page: Any, right: bool = True, choice: str | None = None) -> None:
    """Answer the puzzle on the page by clicking, as a player would (right: the bank's answer)."""
    page.wait_for_selector("#question:not(:empty)")
    shown = page.evaluate("() => window.pegboard.puzzle")
    if choice is None:
        choice = answer_of(shown["id"]) if right else wrong_of(shown["id"])
    if shown["kind"] == "discard":
        for card in choice.split()[1:]:
            page.click(f"#card-{card}")
        page.click("#throw")
    elif shown["kind"] in ("play", "cell"):
        page.click(f"#card-{choice.split()[1]}")
    elif shown["kind"] == "place":
        page.click(f"#cell-{choice.split()[2]}" if choice.startswith("place") else "#discard")
    else:
        page.click(f"button[data-choice='{choice}']")
    page.wait_for_selector("#verdict")


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


@pytest.mark.slow
@pytest.mark.xdist_group("browser")
@needs_chromium
def test_the_train_page_in_a_browser_as_a_guest_then_signed_in(server: ServerThread,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import pegboard.web.train as train

    ARTIFACTS.mkdir(exist_ok=True)
    with browser_page(1280, 800) as (page, errors):
        page.goto(f"{server.url}/")
        page.wait_for_selector("#train-link")
        page.click("#train-link")
        page.wait_for_selector("#question:not(:empty)")
        page.select_option("#kind", "discard")
        page.wait_for_function("() => window.pegboard.puzzle && window.pegboard.puzzle.kind === 'discard'"
                               " && !window.pegboard.busy")
        page.screenshot(path=str(ARTIFACTS / "train-puzzle.png"), full_page=True)
        assert page.evaluate("() => document.documentElement.scrollHeight") <= 800  # one desktop screen
        solve_in_browser(page)
        assert "Right" in page.inner_text("#verdict-title") and "+" in page.inner_text("#rating-change")
        box = page.locator("#next").bounding_box()
        assert box["y"] + box["height"] <= 800 and page.evaluate("() => document.activeElement.id") == "next"
        assert page.locator("#options tbody tr").count() == 15 and page.locator("#options tr.best").count() == 1
        page.screenshot(path=str(ARTIFACTS / "train-verdict.png"), full_page=True)
        first = page.evaluate("() => window.pegboard.puzzle.id")
        page.click("#next")
        page.wait_for_function(f"() => window.pegboard.puzzle && window.pegboard.puzzle.id !== '{first}'"
                               " && !window.pegboard.verdict")
        saved = json.loads(page.evaluate("() => localStorage.getItem('pegboard:trainer')"))
        assert Trainer.from_json(saved).seen == 1 and saved["streak"] == 1
        assert page.inner_text("#me-streak").startswith("1")
        no_sideways_scroll(page)
        # signed in: the training is the server's; a wrong answer then shows in the queue
        page.evaluate("""async () => { const r = await fetch('/api/accounts', { method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Ann', password: 'a long secret' }) });
            if (!r.ok) throw new Error(await r.text()); }""")
        page.goto(f"{server.url}/train")
        page.wait_for_selector("#question:not(:empty)")
        assert "Signed in as Ann" in page.inner_text("#me")
        page.select_option("#kind", "play")
        page.wait_for_function("() => window.pegboard.puzzle && window.pegboard.puzzle.kind === 'play'"
                               " && !window.pegboard.busy")
        solve_in_browser(page, right=False)
        assert "Not the best" in page.inner_text("#verdict-title")
        assert page.locator(".train-hand .card-btn.best").count() == 1
        page.screenshot(path=str(ARTIFACTS / "train-signed-in-verdict.png"), full_page=True)
        me = page.evaluate("async () => (await (await fetch('/api/train/me')).json()).me")
        assert me["seen"] == 1 and me["queue"] == 1 and me["name"] == "Ann"
        page.click("#next")
        page.wait_for_function("() => window.pegboard.puzzle && !window.pegboard.verdict && !window.pegboard.busy")
        # the review of Ann's game queues her mistakes (mined by a stand-in: the real mining has its test)
        ann = Member(server.url)
        ann.sign_in("Ann")
        table = finished_game(server, ann)
        mined = replace(bank_puzzles()[1], id="ownmistake01", choice=wrong_of(bank_puzzles()[1].id), loss=2.0)
        monkeypatch.setattr(train, "mistakes_of", lambda record, player: [mined.to_json()])
        page.goto(f"{server.url}/r/{table}")
        page.click("#train-mistakes")
        page.wait_for_selector("#train-mistakes-done")
        assert page.inner_text("#train-mistakes-done").startswith("1 of your mistakes queued")
        page.click("#train-mistakes-done")
        page.wait_for_selector("#question:not(:empty)")
        page.select_option("#kind", "discard")  # (the play missed above is queued too)
        page.wait_for_function("() => window.pegboard.puzzle && !window.pegboard.busy")
        page.check("#mistakes")
        page.wait_for_function("() => window.pegboard.puzzle && window.pegboard.puzzle.id === 'ownmistake01'"
                               " && !window.pegboard.busy")
        assert page.locator(".tag.again").count() == 1
        solve_in_browser(page, choice=mined.answer)
        assert "In your game you chose" in page.inner_text("#verdict")
        page.screenshot(path=str(ARTIFACTS / "train-own-mistake.png"), full_page=True)
        page.uncheck("#mistakes")
        assert errors == []
    with browser_page(390, 844) as (page, errors):
        page.goto(f"{server.url}/")  # a guest's lobby, with its link here
        page.wait_for_selector("#train-link")
        no_sideways_scroll(page)
        page.screenshot(path=str(ARTIFACTS / "train-lobby-phone.png"))
        page.goto(f"{server.url}/train")
        page.wait_for_function("() => window.pegboard.puzzle && !window.pegboard.busy")
        page.evaluate("() => localStorage.setItem('pegboard:trainer', '{\"format\": \"damaged\"}')")
        page.goto(f"{server.url}/train")  # a state the server cannot read: the page starts anew
        page.wait_for_selector("#question:not(:empty)")
        assert json.loads(page.evaluate("() => localStorage.getItem('pegboard:trainer')"))["format"] == \
            "pegboard-trainer/1"
        page.check("#mistakes")  # a new guest has missed nothing yet: the page says so
        page.wait_for_selector("#train-error")
        assert "no missed puzzle is waiting" in page.inner_text("#train-error")
        page.uncheck("#mistakes")
        for kind in ("discard", "place", "cell", "count"):
            page.select_option("#kind", kind)
            page.wait_for_function(f"() => window.pegboard.puzzle && window.pegboard.puzzle.kind === '{kind}'"
                                   " && !window.pegboard.busy")
            no_sideways_scroll(page)
            solve_in_browser(page)
            no_sideways_scroll(page)
            page.screenshot(path=str(ARTIFACTS / f"train-phone-{kind}.png"), full_page=True)
        assert [error for error in errors if "(Not Found)" not in error and "(Bad Request)" not in error] == []
