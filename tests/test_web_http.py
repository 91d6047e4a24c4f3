"""The HTTP side of ``pegboard serve``: the page, the games catalogue, creating and joining tables,
invites, records, and clear refusals with the right status."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from pegboard.records import parse_record, replay  # noqa: E402
from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.testing import Client, ServerThread, open_table, post  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    with ServerThread(str(tmp_path_factory.mktemp("http") / "t.db"), Settings(pace=0)) as running:
        yield running


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=20) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def refused(url: str, body: Any, raw: bytes | None = None) -> tuple[int, str]:
    data = raw if raw is not None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST", headers={"content-type": "application/json"})
    try:
        urllib.request.urlopen(request, timeout=20)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)["error"]
    raise AssertionError(f"{url} accepted {body!r}")


def test_the_page_and_its_files_are_served_with_a_strict_content_security_policy(server: ServerThread) -> None:
    for path in ("/", "/t/abcdefgh"):
        status, headers, body = get(server.url + path)
        assert status == 200 and b'<div id="app">' in body
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"
    static = Path(__file__).resolve().parent.parent / "pegboard" / "web" / "static"
    for file in [*static.glob("*.*"), *static.glob("js/*.js")]:
        status, _, body = get(f"{server.url}/static/{file.relative_to(static).as_posix()}")
        assert status == 200 and body == file.read_bytes()
    assert get(server.url + "/static/../store.py")[0] == 404


def test_the_catalogue_lists_every_preset_with_its_options_and_the_computer_levels(server: ServerThread) -> None:
    status, _, body = get(server.url + "/api/games")
    catalogue = json.loads(body)
    games = {game["game"]: game for game in catalogue["games"]}
    assert set(games) == {"cribbage", "cribbage-3", "cribbage-4", "cribbage-4-solo", "five-card", "snailspace",
                          "solitaire"}
    assert games["cribbage-4"]["players"] == 4 and games["cribbage-4"]["partners"]
    assert games["five-card"]["options"]["target"]["default"] == 61
    assert set(games["solitaire"]["options"]) == {"target", "discards", "heels"}
    assert catalogue["levels"] == ["random", "greedy", "expert"]
    # what the computer seats may play for (issue 23): more than winning only in two-sided cribbage games
    assert games["cribbage"]["objectives"] == ["win", "game-points", "spread", "match"]
    assert games["five-card"]["objectives"] == ["win", "game-points", "spread", "match"]
    assert games["cribbage-4"]["objectives"] == ["win", "game-points", "spread"]  # partners: no match modelled
    assert all(games[name]["objectives"] == ["win"] for name in ("cribbage-3", "cribbage-4-solo", "snailspace",
                                                                 "solitaire"))


@pytest.mark.parametrize("body, message", [
    ({"game": "poker"}, "unknown game 'poker'"),
    ({"game": "cribbage", "options": {"deals": 4}}, "option 'deals' is not available"),
    ({"game": "cribbage", "options": {"target": 5000}}, "from 5 to 999"),
    ({"game": "cribbage", "options": {"muggins": "yes"}}, "true or false"),
    ({"game": "cribbage", "options": {"players": 3}}, "not available"),
    ({"game": "cribbage", "seats": [{"kind": "human"}]}, "a list of 2 seats"),
    ({"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "robot"}]}, "kind must be"),
    ({"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "computer", "level": "os:system"}]}, "level must"),
    ({"game": "cribbage", "seats": [{"name": "Ann"}, {"name": "ann"}]}, "different name"),
    ({"game": "cribbage", "seats": [{"name": "<b>Ann</b>"}, {"name": "Bob"}]}, "a name is"),
    ([1, 2], "expected a JSON object"),
    ({"game": "cribbage", "objective": "tournament"}, "objective 'tournament': expected win, game-points, spread"),
    ({"game": "cribbage", "objective": 3}, "'objective' must be a name"),
    ({"game": "cribbage-3", "objective": "spread"}, "objectives are for two-sided cribbage games"),
    ({"game": "cribbage", "options": {"target": 61}, "objective": "match"}, "a match is modelled for two players"),
])
def test_a_bad_table_request_is_refused_with_a_clear_message(server: ServerThread, body: Any, message: str) -> None:
    status, error = refused(f"{server.url}/api/tables", body)
    assert status == 400 and message in error


def test_bodies_must_be_small_json(server: ServerThread) -> None:
    status, error = refused(f"{server.url}/api/tables", None, raw=b"{not json")
    assert status == 400 and error.startswith("the request body must be JSON")
    status, error = refused(f"{server.url}/api/tables", None, raw=b'{"game": "cribbage", "seed": ' + b"9" * 5000 + b"}")
    assert status == 400 and "a number of 5000 digits" in error  # not a server error
    status, error = refused(f"{server.url}/api/tables", None, raw=b'{"game": "' + b"x" * 20000 + b'"}')
    assert status == 413 and "too large" in error


def test_a_table_gives_one_invite_per_human_seat_and_an_invite_takes_its_seat_once(server: ServerThread) -> None:
    created = post(f"{server.url}/api/tables", {"game": "cribbage-3", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random", "name": "Hal"},
        {"kind": "human", "name": "Cat"}]})
    table = created["table"]
    assert set(created["links"]) == {"0", "2"} and created["watch"] == f"/t/{table}"
    assert [seat["kind"] for seat in created["seats"]] == ["human", "computer", "human"]
    assert "seed" not in json.dumps(created) and "invite" not in json.dumps(created["seats"])
    invite = {int(seat): link.split("#join=")[1].split(".", 1)[1] for seat, link in created["links"].items()}
    joins = f"{server.url}/api/tables/{table}/join"
    assert refused(joins, {"seat": 2, "invite": invite[0]})[0] == 403
    assert refused(joins, {"seat": 1, "invite": invite[0]}) == (400, "seat 1 is a computer player")
    assert refused(joins, {"seat": 7, "invite": invite[0]})[0] == 400
    answer = post(joins, {"seat": 0, "invite": invite[0]})
    assert answer["seat"] == 0 and answer["name"] == "Ann" and len(answer["token"]) >= 24
    assert refused(joins, {"seat": 0, "invite": invite[0]})[0] == 409
    invites = f"{server.url}/api/tables/{table}/invites"
    assert post(invites, {"token": answer["token"]})["links"] == {"2": created["links"]["2"]}
    assert refused(invites, {"token": "wrong"})[0] == 403
    status, _, body = get(f"{server.url}/api/tables/{table}")
    assert status == 200 and [seat["joined"] for seat in json.loads(body)["seats"]] == [True, True, False]


def test_unknown_tables_are_404(server: ServerThread) -> None:
    assert get(f"{server.url}/api/tables/nosuchtable")[0] == 404
    assert get(f"{server.url}/api/tables/..%2f..%2fetc")[0] == 404
    assert refused(f"{server.url}/api/tables/nosuchtable/join", {"seat": 0, "invite": "x"})[0] == 404


def test_the_record_is_offered_once_the_game_is_over_and_replays_to_the_same_result(server: ServerThread) -> None:
    created, tokens = open_table(server.url, {"game": "five-card", "options": {"target": 15}, "seats": [
        {"kind": "human", "name": "Hal"}, {"kind": "computer", "level": "greedy", "name": "Eve"}]})
    table = created["table"]
    hal = Client(server.ws_url, table, tokens[0])
    rng = random.Random(3)
    deadline = time.monotonic() + 60
    while True:
        status, headers, body = get(f"{server.url}/api/tables/{table}/record")
        if status == 200:
            break
        assert status == 409 and b"not over" in body
        assert time.monotonic() < deadline, "the game did not finish"
        if hal.state["legal"]:
            hal.act(rng.choice(hal.state["legal"]))
        elif not hal.state["finished"]:
            hal.until(lambda frame: frame["type"] == "state" and bool(frame["legal"] or frame["finished"]))
    hal.close()
    assert headers["content-disposition"].startswith("attachment")
    record = json.loads(body)
    assert record["format"] == "pegboard/1" and record["players"] == ["Hal", "Eve"]
    game = replay(parse_record(record))
    info = json.loads(get(f"{server.url}/api/tables/{table}")[2])
    assert game.finished and info["finished"] and info["winner"] == game.winner


def test_creating_tables_is_rate_limited_per_address(tmp_path: Path) -> None:
    statuses = []
    with ServerThread(str(tmp_path / "t.db"), Settings(create_rate=0.1, create_burst=5)) as server:
        for _ in range(12):
            try:
                open_table(server.url, {"game": "solitaire"})
                statuses.append(201)
            except urllib.error.HTTPError as error:
                statuses.append(error.code)
                assert json.load(error)["error"].startswith("too many requests")
    assert statuses[:5] == [201] * 5 and 429 in statuses[5:]


def test_a_table_set_up_to_play_for_game_points_says_so_and_its_computer_plays_for_them(tmp_path: Path) -> None:
    # a server of its own: creating tables is rate-limited, and the module's server has made many
    with ServerThread(str(tmp_path / "t.db"), Settings(workers=0)) as server:
        check_objective_tables(server)


def check_objective_tables(server: ServerThread) -> None:
    from pegboard.objectives import GAME_POINTS, Objective

    created = post(f"{server.url}/api/tables", {"game": "cribbage", "objective": "game-points", "seats": [
        {"name": "Ann"}, {"kind": "computer", "level": "expert", "name": "Bob"}]})
    assert created["objective"] == "game-points" and created["playing_for"].startswith("for game points (2 a win")
    status, _, body = get(f"{server.url}/api/tables/{created['table']}")
    assert status == 200 and json.loads(body)["objective"] == "game-points"
    assert server.hub.tables[created["table"]].session.objective == GAME_POINTS  # what the seat driver builds with
    assert server.hub.tables[created["table"]].session.record()["objective"] == "game-points"  # the record's, reviewed
    spread = post(f"{server.url}/api/tables", {"game": "five-card", "objective": "spread:cap=31", "seats": [
        {"name": "Ann"}, {"kind": "computer", "level": "greedy"}]})
    assert spread["objective"] == "spread:cap=31" and spread["playing_for"] == "for the spread (capped at 31)"
    plain = post(f"{server.url}/api/tables", {"game": "cribbage"})
    assert plain["objective"] == "win" and Objective.from_name(plain["objective"]) == Objective()
    status, error = refused(f"{server.url}/api/tables", {"game": "cribbage-4", "objective": "game-points",
                                                         "options": {"target": 61}})
    assert status == 400 and "the computer plays for it only where it has a board model" in error  # partners to 61
