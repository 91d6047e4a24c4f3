"""The web app's side of issue 21, parts 4 and 5: a player's own statistics per name on the server
(``/stats/NAME`` and its API), and duplicate sets against the computer (a table per half, the second
opened when the first is over, the result from either)."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")

from pegboard.duplicate import compare  # noqa: E402
from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.testing import Client, Member, ServerThread, open_table, post  # noqa: E402
from tests.browser import browser_page, needs_chromium  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    settings = Settings(pace=0, rate=1000.0, burst=1000.0, workers=0, fast_passwords=True)
    with ServerThread(str(tmp_path_factory.mktemp("players") / "t.db"), settings) as running:
        yield running


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=120) as answer:
            body = answer.read()
            return answer.status, json.loads(body) if answer.headers.get_content_type() == "application/json" else body
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def play(server: ServerThread, table: str, token: str, seed: int) -> dict[str, Any]:
    """Play the person's seat at random to the end of the game; the last state."""
    client = Client(server.ws_url, table, token)
    try:
        return client.play_out(random.Random(seed))
    finally:
        client.close()


def wait_for(url: str, status: int = 200) -> Any:
    deadline = time.monotonic() + 60
    while True:
        code, body = get(url)
        if code == status:
            return body
        assert time.monotonic() < deadline, f"{url}: {code} {body}"
        time.sleep(0.05)


def second_of(server: ServerThread, first: str, second: str) -> None:
    """Wait until the first half's table names its second (once the second is stored)."""
    deadline = time.monotonic() + 30
    while get(f"{server.url}/api/tables/{first}")[1]["duplicate"]["second"] != second:
        assert time.monotonic() < deadline
        time.sleep(0.05)


MEMBERS: dict[str, Member] = {}


def member(server: ServerThread, name: str) -> Member:
    """A registered player, signed in (statistics are kept for registered players only: issue 36)."""
    if name not in MEMBERS:
        MEMBERS[name] = Member(server.url)
        MEMBERS[name].sign_up(name)
    return MEMBERS[name]


def new_table(server: ServerThread, name: str, game: str = "five-card", **extra: Any) -> tuple[str, str]:
    created, tokens = member(server, name).open_table({"game": game, "seats": [
        {"kind": "human", "name": name}, {"kind": "computer", "level": "greedy", "name": "Gus"}], **extra})
    return str(created["table"]), tokens[0]


@pytest.mark.slow
def test_a_players_games_on_the_server_make_their_statistics(server: ServerThread) -> None:
    assert get(f"{server.url}/api/players/Nobody/stats")[0] == 404  # nobody registered the name
    empty = get(f"{server.url}/api/players/{member(server, 'Wren').name}/stats")[1]
    assert empty["games"] == [] and empty["name"] == "Wren"
    created, tokens = open_table(server.url, {"game": "five-card", "seats": [
        {"kind": "human", "name": "Guest"}, {"kind": "computer", "level": "greedy", "name": "Gus"}]})
    play(server, created["table"], tokens[0], 2)  # a guest's game counts toward nobody
    table, token = new_table(server, "Wren", "cribbage")
    play(server, table, token, 3)
    table, token = new_table(server, "Wren")
    play(server, table, token, 4)
    stats = wait_for(f"{server.url}/api/players/wren/stats")  # names are matched without case
    while len(stats["games"]) < 2:
        stats = wait_for(f"{server.url}/api/players/wren/stats")
    assert stats["format"] == "pegboard-player-stats/1" and stats["pending"] == 0  # both reviewed (at most 3 a request)
    assert {row["game"] for row in stats["results"]} == {"cribbage", "five-card"}
    assert all(row["opponent"] == "greedy" and row["played"] == 1 for row in stats["results"])
    assert all(line["accuracy"] is not None for line in stats["games"])
    (cribbage,) = [kind for kind in stats["figures"] if kind["game"] == "cribbage"]
    experts = {(f["role"], f["source"]): f["expert"] for f in cribbage["figures"]}
    assert experts[("pone", "hand")] == [8.1, 8.1] and experts[("dealer", "pegging")] == [3.5, 3.5]
    again = get(f"{server.url}/api/players/Wren/stats")[1]
    assert [line["accuracy"] for line in again["games"]] == [line["accuracy"] for line in stats["games"]]  # kept
    assert get(f"{server.url}/api/players/two%20words/stats")[0] == 400
    status, page = get(f"{server.url}/stats/Wren")
    assert status == 200 and b"/static/js/stats.js" in page


@pytest.mark.slow
def test_a_duplicate_set_in_the_browser_app_is_two_tables_with_one_result(server: ServerThread) -> None:
    first, token = new_table(server, "Ivy", "cribbage", duplicate=1)
    info = get(f"{server.url}/api/tables/{first}")[1]
    assert info["duplicate"] == {"deals": 1, "half": 1, "first": first, "second": None}
    assert info["layout"]["deals"] == 1 and info["layout"]["board"] == 121
    client = Client(server.ws_url, first, token)
    try:
        hint = client.request({"type": "hint"})
        assert hint["type"] == "error" and "no hints in a duplicate set" in hint["message"]
    finally:
        client.close()
    assert get(f"{server.url}/api/tables/{first}/duplicate")[0] == 409
    play(server, first, token, 5)
    second = f"{first}-2"
    info = wait_for(f"{server.url}/api/tables/{second}")
    assert info["duplicate"]["half"] == 2 and [seat["name"] for seat in info["seats"]] == ["Gus", "Ivy"]
    second_of(server, first, second)
    end = play(server, second, token, 6)  # the same seat token plays the person's new seat
    assert end["seat"] == 1
    result = wait_for(f"{server.url}/api/tables/{second}/duplicate")
    assert result == get(f"{server.url}/api/tables/{first}/duplicate")[1]
    hub = server.hub
    halves = hub.tables[first].game, hub.tables[second].game
    assert result["difference"] == compare(*halves).difference and len(result["deals"]) == 1
    assert halves[0].deal_logs[0].deal == halves[1].deal_logs[0].deal
    stats = get(f"{server.url}/api/players/Ivy/stats")[1]
    assert stats["results"] == [] and len(stats["sets"]) == 1 and stats["sets"][0]["difference"] == result["difference"]
    for table in (first, second):  # as after a restart: both halves rebuilt from storage
        hub.tables.pop(table, None)
    assert get(f"{server.url}/api/tables/{first}/duplicate")[1] == result
    second_of(server, first, second)


@pytest.mark.parametrize("body, message", [
    ({"game": "cribbage-3", "duplicate": 4}, "two-player game with a crib"),
    ({"game": "cribbage", "duplicate": 99}, "duplicate set of 99 deals"),
    ({"game": "cribbage", "duplicate": 4, "options": {"target": 61}}, "takes no target"),
    ({"game": "cribbage", "duplicate": 4, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]},
     "against the computer"),
])  # fmt: skip
def test_a_duplicate_table_that_cannot_be_played_is_refused(server: ServerThread, body: dict[str, Any],
                                                           message: str) -> None:
    if "seats" not in body and body["game"] == "cribbage":
        body = {**body, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "greedy"}]}
    try:
        post(f"{server.url}/api/tables", body)
    except urllib.error.HTTPError as error:
        assert error.code == 400 and message in json.loads(error.read())["error"]
    else:
        raise AssertionError("accepted")


@pytest.mark.slow
@pytest.mark.xdist_group("browser")
@needs_chromium
def test_the_statistics_page_and_the_lobby_link_in_a_browser(server: ServerThread) -> None:
    table, token = new_table(server, "Pip")
    play(server, table, token, 8)
    wait_for(f"{server.url}/api/players/Pip/stats")
    with browser_page() as (page, errors):
        page.goto(f"{server.url}/")
        page.evaluate("() => localStorage.setItem('pegboard:name', 'Pip')")
        page.reload()
        page.wait_for_selector("#start")
        page.select_option("#game", "cribbage")
        assert page.locator("#duplicate").is_visible()  # a two-player game with a crib offers a set
        page.select_option("#game", "cribbage-3")
        assert not page.locator("#duplicate").is_visible()
        page.click("#my-stats")
        page.wait_for_selector("#games-table")
        assert page.locator("[data-game='five-card'] tbody tr").count() >= 5
        assert page.locator("#games-table tbody tr").count() == 1
        assert errors == []


@pytest.mark.slow
@pytest.mark.xdist_group("browser")
@needs_chromium
def test_a_duplicate_set_goes_from_half_to_half_and_shows_its_result_in_a_browser(server: ServerThread) -> None:
    first, token = new_table(server, "Oak", "cribbage", duplicate=1)
    play(server, first, token, 9)
    with browser_page() as (page, errors):
        page.goto(f"{server.url}/t/{first}#seat=0.{token}")
        page.wait_for_selector("#second-half")
        assert "duplicate, half 1 of 2" in page.inner_text("h1")
        page.click("#second-half")
        page.wait_for_url(f"**/t/{first}-2")
        page.wait_for_function("() => window.pegboard.state && window.pegboard.state.seat === 1")
        play(server, f"{first}-2", token, 10)
        page.wait_for_selector("#duplicate-result tbody tr")
        assert "on the same 1 deal" in page.inner_text("#duplicate-headline")
        assert errors == []
