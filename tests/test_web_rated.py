"""Issue 36, rated play: the queue pairs two signed-in players, their browsers add to a committed
shuffle, the seats are kept for them, clocks run, a player out of time is moved for and then loses, a
player away past the grace period loses, ratings change once, the record verifies."""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from pegboard.fairness import verify_record  # noqa: E402
from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.store import SQLiteStore  # noqa: E402
from pegboard.web.testing import Client, HTTPAnswer, Member, ServerThread  # noqa: E402


def settings(**extra: Any) -> Settings:
    return Settings(workers=0, fast_passwords=True, rate=1000.0, burst=1000.0, match_every=0.05,
                    test_clocks=True, **extra)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    with ServerThread(str(tmp_path / "t.db"), settings()) as running:
        yield running


def until(check: Callable[[], Any], seconds: float = 20) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)
    return found


def matched(members: list[Member], kind: str = "cribbage", clock: str = "15+120") -> tuple[str, dict[str, int]]:
    """Queue everyone, contribute when matched; the table and each member's seat."""
    for member in members:
        member.post("/api/queue", {"kind": kind, "clock": clock})
    for member in members:
        status = until(lambda m=member: (s := m.get("/api/queue"))["state"] in ("matched", "started") and s)
        assert len(status["commitment"]) == 71 and status["commitment"].startswith("sha256:")
        member.post(f"/api/matches/{status['match']}/contribute", {"value": secrets.token_hex(16)})
    started = [until(lambda m=member: (s := m.get("/api/queue"))["state"] == "started" and s) for member in members]
    assert len({s["table"] for s in started}) == 1
    return started[0]["table"], {m.name: s["seat"] for m, s in zip(members, started) if m.name}


def play_out(clients: list[Client], seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline
        for client in clients:
            try:
                client.receive(timeout=0.02)
            except TimeoutError:
                pass
        if any(c.state.get("finished") for c in clients):
            return clients[0].until(lambda f: f["type"] == "state" and f["rated"]["changes"]) \
                if clients[0].state.get("rated") and not clients[0].state["rated"]["changes"] else clients[0].state
        for client in clients:
            if client.state.get("legal"):
                choice = rng.choice(client.state["legal"])
                client.act(choice)


@pytest.mark.slow
def test_two_signed_in_players_are_matched_play_a_rated_game_and_their_ratings_change(server: ServerThread) -> None:
    ann, bob = Member(server.url), Member(server.url)
    ann.sign_up("Ann")
    bob.sign_up("Bob")
    table, seats = matched([ann, bob])
    with pytest.raises(HTTPAnswer) as refused:
        Member(server.url).post(f"/api/tables/{table}/claim")
    assert refused.value.status == 401
    tokens = {m.name: m.post(f"/api/tables/{table}/claim")["token"] for m in (ann, bob)}
    clients = [Client(server.ws_url, table, tokens[name]) for name in ("Ann", "Bob")]
    try:
        assert clients[0].state["rated"]["clock"]["name"] == "15+120"
        hint = clients[0].request({"type": "hint"})
        assert hint["type"] == "error" and "no hints in a rated game" in hint["message"]
        end = play_out(clients, 1)
    finally:
        for client in clients:
            client.close()
    changes = end["rated"]["changes"]
    assert set(changes) == {"0", "1"} and all(c["before"] == 1500 for c in changes.values())
    assert sorted(c["change"] > 0 for c in changes.values()) == [False, True]
    ratings = ann.get("/api/players/ann")["ratings"]
    assert ratings["cribbage"]["provisional"] and ratings["cribbage"]["rating"] != 1500
    assert ratings["five-card"] == {"rating": 1500, "deviation": 350, "provisional": True, "games": 0}
    history = ann.get("/api/players/Ann/history?kind=cribbage")["history"]
    assert len(history) == 1 and history[0]["table"] == table
    record = ann.get(f"/api/tables/{table}/record")
    assert record["fair"]["server_seed"] and verify_record(record).startswith("ok")
    assert ann.get(f"/api/tables/{table}/verify")["ok"]
    # rated once: a restart's second look at the finished table changes nothing
    assert len(ann.get("/api/players/Ann/history?kind=cribbage")["history"]) == 1


def test_the_computer_is_offered_after_the_wait_and_is_a_rated_opponent(tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), settings(offer_computer_after=0.2)) as server:
        cy = Member(server.url)
        cy.sign_up("Cy")
        assert cy.post("/api/queue", {"kind": "five-card", "clock": "15+120"})["computer"] is False
        assert until(lambda: cy.get("/api/queue")["computer"])
        status = cy.post("/api/queue/computer", {"kind": "five-card", "clock": "15+120", "level": "greedy"})
        assert status["state"] == "matched" and "greedy" in status["players"]
        cy.post(f"/api/matches/{status['match']}/contribute", {"value": "ab" * 16})
        table = until(lambda: cy.get("/api/queue")["table"])
        client = Client(server.ws_url, table, cy.post(f"/api/tables/{table}/claim")["token"])
        try:
            end = play_out([client], 2)
        finally:
            client.close()
        change = end["rated"]["changes"][str(status["seat"])]
        assert change["before"] == 1500
        assert cy.get("/api/players/greedy")["ratings"]["five-card"]["rating"] == 1500  # levels never move


@pytest.mark.slow
def test_a_player_out_of_time_is_moved_for_then_loses(tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), settings()) as server:
        ann, bob = Member(server.url), Member(server.url)
        ann.sign_up("Ann")
        bob.sign_up("Bob")
        table, seats = matched([ann, bob], clock="test")  # 1 s a decision, 1 s of reserve, 2 timeouts
        tokens = {m.name: m.post(f"/api/tables/{table}/claim")["token"] for m in (ann, bob)}
        clients = {name: Client(server.ws_url, table, tokens[name]) for name in ("Ann", "Bob")}
        try:
            watcher = clients["Ann"]
            end = watcher.until(lambda f: f["type"] == "state" and f["finished"])  # nobody moves
            outcome = end["outcome"]
            assert outcome["reason"] == "time"
            stored = SQLiteStore(str(tmp_path / "t.db")).load(table)
            assert stored is not None
            names = [text.split()[0] for text, (_, how) in zip(stored.actions, stored.times) if how == "timeout"]
            loser = ["Ann", "Bob"][outcome["loser"]] if seats["Ann"] == 0 else ["Bob", "Ann"][outcome["loser"]]
            assert names.count(loser) == 2  # moved for twice, then lost on the third running out
        finally:
            for client in clients.values():
                client.close()


def test_a_player_away_past_the_grace_period_loses(tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), settings(grace=0.5)) as server:
        ann, bob = Member(server.url), Member(server.url)
        ann.sign_up("Ann")
        bob.sign_up("Bob")
        table, seats = matched([ann, bob])
        token = ann.post(f"/api/tables/{table}/claim")["token"]
        client = Client(server.ws_url, table, token)
        try:
            end = client.until(lambda f: f["type"] == "state" and f["finished"])
            assert end["outcome"] == {"reason": "abandoned", "loser": seats["Bob"], "winner": "Ann"}
        finally:
            client.close()


def test_blocked_players_are_never_matched(server: ServerThread) -> None:
    ann, bob = Member(server.url), Member(server.url)
    ann.sign_up("Ann")
    bob.sign_up("Bob")
    assert ann.post("/api/blocks", {"name": "bob"})["blocked"] == ["Bob"]
    for member in (ann, bob):
        member.post("/api/queue", {"kind": "cribbage", "clock": "15+120"})
    time.sleep(0.5)
    assert ann.get("/api/queue")["state"] == "waiting"
    ann.delete("/api/blocks/Bob")
    assert until(lambda: ann.get("/api/queue")["state"] == "matched")


@pytest.mark.parametrize("path, body, status", [
    ("/api/queue", {"kind": "chess"}, 400),
    ("/api/queue", {"kind": "cribbage", "clock": "1+0"}, 400),
    ("/api/queue/computer", {"kind": "cribbage-3"}, 400),
    ("/api/queue/computer", {"kind": "cribbage", "level": "god"}, 400),
    ("/api/matches/nosuch/contribute", {"value": "ab" * 16}, 404),
    ("/api/blocks", {"name": "Nobody"}, 404),
    ("/api/blocks", {"name": "\u202e" * 3}, 400),
])
def test_bad_rated_requests_are_4xx_naming_the_input(server: ServerThread, path: str, body: Any, status: int) -> None:
    dee = Member(server.url)
    dee.sign_up("Dee")
    with pytest.raises(HTTPAnswer) as refused:
        dee.post(path, body)
    assert refused.value.status == status and refused.value.error


def test_the_players_api_answers_the_contract(server: ServerThread) -> None:
    with pytest.raises(HTTPAnswer) as missing:
        Member(server.url).get("/api/players/Nobody")
    assert missing.value.status == 404
    levels = Member(server.url).get("/api/players/expert")
    assert levels["computer"] and set(levels["ratings"]) == {"cribbage", "five-card"}
    eve = Member(server.url)
    eve.sign_up("Eve")
    answer = eve.get("/api/players/EVE")
    assert answer["name"] == "Eve" and answer["ratings"]["cribbage"]["provisional"] is True
    assert eve.get("/api/leaderboard/cribbage")["players"] == []  # provisional ratings stay off the board


def test_the_rated_terms_answer_even_before_the_levels_ratings_are_published(
        server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby's rated panel reads ``GET /api/rated``: a missing table of the computer levels' ratings
    leaves out the levels, not the kinds and clocks (it answered 500)."""
    from pegboard.web import rated_routes

    def unpublished(kind: str, level: str) -> Any:
        raise ModuleNotFoundError("No module named 'pegboard.levels'")

    monkeypatch.setattr(rated_routes, "level_rating", unpublished)
    terms = Member(server.url).get("/api/rated")
    assert terms["levels"] == {} and "cribbage" in [k["kind"] for k in terms["kinds"]]
    assert [c["name"] for c in terms["clocks"]] == ["15+120", "30+300"]


@pytest.mark.slow
def test_a_forced_move_at_a_rated_table_is_made_by_the_server_and_never_offered(server: ServerThread) -> None:
    ann, bob = Member(server.url), Member(server.url)
    ann.sign_up("Ann")
    bob.sign_up("Bob")
    table, _ = matched([ann, bob])
    tokens = {m.name: m.post(f"/api/tables/{table}/claim")["token"] for m in (ann, bob)}
    clients = [Client(server.ws_url, table, tokens[name]) for name in ("Ann", "Bob")]
    hub = server.hub
    try:
        end = play_out(clients, 5)
        assert end["finished"]
        for client in clients:
            for frame in client.frames:
                if frame["type"] == "state" and len(frame["legal"]) == 1 and frame["legal"][0] != "go":
                    pytest.fail(f"a single move offered at a rated table: {frame['legal']}")
    finally:
        for client in clients:
            client.close()
    stored = hub.journal.store.load(table)
    assert stored is not None and any(how == "forced" for _, how in stored.times)
