"""Issue 36, accounts: names owned case-blind and by look-alike, Argon2id, cookie sessions with CSRF
checks, the sign-in throttle, deleting and resetting, the command line's accounts, bad input, the
migration of an older server's database, and the rating maths against its published examples."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from click.testing import CliRunner  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pegboard.cli import main  # noqa: E402
from pegboard.cli.app import cli  # noqa: E402
from pegboard.web import accounts  # noqa: E402
from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.matchmaking import Waiting, groups, window  # noqa: E402
from pegboard.web.names import check_name, keys  # noqa: E402
from pegboard.web.ratings import START, Rating, glicko, openskill  # noqa: E402
from pegboard.web.store import MIGRATIONS, SCHEMA_VERSION, ActionRow, SQLiteStore, TableRow  # noqa: E402
from pegboard.web.testing import HTTPAnswer, Member, ServerThread, open_table  # noqa: E402


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    with ServerThread(str(tmp_path / "t.db"), Settings(workers=0, fast_passwords=True)) as running:
        yield running


def refused(call: Any, *args: Any) -> HTTPAnswer:
    with pytest.raises(HTTPAnswer) as answer:
        call(*args)
    return answer.value


def test_sign_up_gives_an_httponly_lax_cookie_and_the_name_is_owned_in_every_case_and_look_alike(
        server: ServerThread) -> None:
    ann = Member(server.url)
    assert ann.sign_up("Ann")["name"] == "Ann"
    (cookie,) = list(ann.jar)
    assert cookie.name == "pegboard_session" and cookie.has_nonstandard_attr("HttpOnly") and not cookie.secure
    assert ann.get("/api/me")["name"] == "Ann"
    for taken in ("ann", "ANN", "\u0410nn", "\uff21nn"):  # Cyrillic A, fullwidth A
        assert refused(Member(server.url).sign_up, taken).status == 409
    assert refused(Member(server.url).sign_up, "greedy").status == 409  # a computer level's name
    assert Member(server.url).sign_up("Anne")["name"] == "Anne"


def test_a_state_changing_request_with_the_cookie_needs_the_csrf_token_and_this_site_as_origin(
        server: ServerThread) -> None:
    ann = Member(server.url)
    ann.sign_up("Ann")
    csrf, ann.csrf = ann.csrf, None
    assert refused(ann.post, "/api/privacy", {"private": True}).status == 403
    ann.csrf = "wrong"
    assert refused(ann.post, "/api/privacy", {"private": True}).status == 403
    ann.csrf = csrf
    answer = refused(ann.send, "POST", "/api/privacy", {"private": True}, {"origin": "http://evil.example"})
    assert answer.status == 403 and "evil.example" in answer.error
    assert ann.post("/api/privacy", {"private": True})["private"] is True


def test_twenty_wrong_passwords_are_throttled_and_the_owner_signs_in_after_the_delay(server: ServerThread) -> None:
    Member(server.url).sign_up("Ann", "the right one")
    clock = [1000.0]
    server.hub.throttle.clock = lambda: clock[0]
    statuses = []
    for _ in range(20):
        statuses.append(refused(Member(server.url).sign_in, "Ann", "wrong guess!").status)
    assert statuses[:6] == [401] * 6 and 429 in statuses
    answer = refused(Member(server.url).sign_in, "Ann", "the right one")
    assert answer.status == 429 and int(answer.headers["retry-after"]) >= 1  # even the owner waits
    clock[0] += 301  # the longest wait is 300 s
    assert Member(server.url).sign_in("Ann", "the right one")["name"] == "Ann"


def test_sign_out_here_and_everywhere_change_password_privacy_and_delete(server: ServerThread) -> None:
    one, two = Member(server.url), Member(server.url)
    one.sign_up("Ann", "first secret")
    two.sign_in("Ann", "first secret")
    one.post("/api/logout")
    assert one.get("/api/me") == {"name": None} and two.get("/api/me")["name"] == "Ann"
    one.sign_in("Ann", "first secret")
    assert two.post("/api/logout-all")["ended"] == 2
    assert one.get("/api/me") == {"name": None}
    one.sign_in("Ann", "first secret")
    assert refused(one.post, "/api/password", {"old": "not it at all", "new": "second secret"}).status == 403
    one.post("/api/password", {"old": "first secret", "new": "second secret"})
    assert refused(Member(server.url).sign_in, "Ann", "first secret").status == 401
    assert refused(one.post, "/api/delete", {"password": "first secret"}).status == 403
    assert one.post("/api/delete", {"password": "second secret"})["deleted"] == "Ann"
    assert refused(Member(server.url).sign_in, "Ann", "second secret").status == 401
    assert refused(Member(server.url).sign_up, "ann").status == 409  # a deleted name is never taken again
    with pytest.raises(Exception) as guest:
        open_table(server.url, {"game": "cribbage", "seats": [{"name": "Ann"}, {"kind": "computer"}]})
    assert getattr(guest.value, "code", None) == 409


def test_a_guest_cannot_sit_under_a_registered_name_in_any_case(server: ServerThread) -> None:
    Member(server.url).sign_up("Bob")
    for name in ("Bob", "BOB", "\u0392ob"):  # Greek capital beta
        with pytest.raises(Exception) as error:
            open_table(server.url, {"game": "cribbage", "seats": [{"name": name}, {"kind": "computer", "name": "Gus"}]})
        assert getattr(error.value, "code", None) == 409
    bob = Member(server.url)
    bob.sign_in("Bob")
    created, tokens = bob.open_table({"game": "cribbage", "seats": [{"name": "Bob"}, {"kind": "computer",
                                                                                      "name": "Gus"}]})
    assert server.hub.tables[created["table"]].seats[0].account is not None


def test_exactly_one_of_many_simultaneous_sign_ups_of_a_name_wins(server: ServerThread) -> None:
    results: list[int] = []

    def sign_up(name: str) -> None:
        try:
            Member(server.url).sign_up(name)
            results.append(201)
        except HTTPAnswer as answer:
            results.append(answer.status)

    threads = [threading.Thread(target=sign_up, args=(name,)) for name in ["Zed", "zed", "ZED", "Z\u0435d"] * 2]
    for thread in threads:  # (Cyrillic e in the last)
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [201] + [409] * 7


@pytest.mark.parametrize("body, status", [
    ({"name": "Ann", "password": "x" * (1 << 20)}, 413),  # a 1 MB password: the body limit
    ({"name": "Ann", "password": "x" * 300}, 400),
    ({"name": "Ann", "password": "short"}, 400),
    ({"name": "Ann", "password": 12345678}, 400),
    ({"name": "A\u202eB", "password": "long enough"}, 400),
    ({"name": "", "password": "long enough"}, 400),
    ({"name": "a b", "password": "long enough"}, 400),
    ({"name": ["Ann"], "password": "long enough"}, 400),
    ({"name": "\ud800", "password": "long enough"}, 400),
    ([], 400),
])
def test_bad_sign_ups_are_4xx_and_change_nothing(server: ServerThread, body: Any, status: int) -> None:
    answer = refused(Member(server.url).post, "/api/accounts", body)
    assert answer.status == status and answer.error
    assert server.hub.journal.store.read(accounts.listing) == []


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40))
def test_any_name_is_accepted_in_normal_form_or_refused_with_a_name_error(name: str) -> None:
    try:
        normal = check_name(name)
    except ValueError as error:
        assert "name" in str(error)
        return
    assert 1 <= len(normal) <= 16 and keys(normal) == keys(name)


def test_the_passwords_are_argon2id_hashes_never_the_password(server: ServerThread, tmp_path: Path) -> None:
    Member(server.url).sign_up("Ann", "my plain secret")
    (digest,) = server.hub.journal.store.read(lambda tx: tx.one("SELECT hash FROM accounts"))
    assert digest.startswith("$argon2id$") and "my plain secret" not in digest
    assert b"my plain secret" not in (tmp_path / "t.db").read_bytes()


def test_the_command_line_lists_resets_and_bans(server: ServerThread, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    Member(server.url).sign_up("Ann", "forgotten one")
    db = str(tmp_path / "t.db")
    runner = CliRunner()
    listed = runner.invoke(cli, ["accounts", "list", "--db", db])
    assert listed.exit_code == 0 and listed.output.startswith("Ann")
    link = runner.invoke(cli, ["accounts", "reset", "ann", "--db", db, "--url", server.url])
    assert link.exit_code == 0 and "/reset#" in link.output
    token = link.output.strip().split("#", 1)[1]
    fresh = Member(server.url)
    fresh.post("/api/reset", {"token": token, "password": "a new secret"})
    assert fresh.get("/api/me")["name"] == "Ann"
    assert refused(Member(server.url).post, "/api/reset", {"token": token, "password": "again and again"}).status == 400
    banned = runner.invoke(cli, ["accounts", "ban", "Ann", "--db", db])
    assert banned.exit_code == 0 and fresh.get("/api/me") == {"name": None}
    assert refused(Member(server.url).sign_in, "Ann", "a new secret").status == 403
    assert main(["accounts", "ban", "Nobody", "--db", db]) == 2
    assert "no account named 'Nobody'" in capsys.readouterr().err


def test_a_database_of_the_server_before_accounts_opens_migrated_with_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(MIGRATIONS[0])  # the schema as the server before accounts made it (user_version 0)
    old.execute("INSERT INTO tables (id, created, setup) VALUES ('t1', 0, '{\"game\": \"cribbage\"}')")
    old.execute("INSERT INTO actions VALUES ('t1', 0, 'Ann discard 5H 6C')")
    old.commit()
    old.close()
    store = SQLiteStore(str(path))
    assert store.version == SCHEMA_VERSION
    stored = store.load("t1")
    assert stored is not None and stored.actions == ["Ann discard 5H 6C"] and stored.times == [(None, None)]
    store.write([TableRow("t2", {}, 1.0), ActionRow("t2", 0, "x", 5.0, "forced")])
    assert store.load("t2").times == [(5.0, "forced")]  # type: ignore[union-attr]
    store.close()
    assert SQLiteStore(str(path)).version == SCHEMA_VERSION  # opening again migrates nothing


def test_glicko2_matches_glickmans_published_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 against 1400/30, 1550/100, 1700/300
    after = glicko(Rating(1500, 200, 0.06, 0), [(Rating(1400, 30, 0.06, 0), 1.0), (Rating(1550, 100, 0.06, 0), 0.0),
                                               (Rating(1700, 300, 0.06, 0), 0.0)])
    assert round(after.rating, 2) == pytest.approx(1464.06, abs=0.05)
    assert round(after.deviation, 2) == pytest.approx(151.52, abs=0.05)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_openskill_ranks_three_players_and_two_teams() -> None:
    first, second, third = openskill([[START], [START], [START]], [0, 1, 2])
    assert first[0].rating > second[0].rating > third[0].rating
    winners, losers = openskill([[START, START], [START, START]], [0, 1])
    assert winners[0].rating == winners[1].rating > 1500 > losers[0].rating


def test_the_matchmaking_window_widens_with_the_wait_and_keeps_blocked_players_apart() -> None:
    assert window(0) == 100 and window(20) == 300 and window(10_000) == 600
    ann, bob = Waiting(1, "Ann", 1500, 0.0), Waiting(2, "Bob", 1750, 0.0)
    assert groups([ann, bob], 2, 10.0, set()) == []  # 250 apart, windows of 200
    assert groups([ann, bob], 2, 15.0, set()) == [[ann, bob]]
    assert groups([ann, bob], 2, 15.0, {(2, 1)}) == []


SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=30))
JSON = st.recursive(SCALARS,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                max_size=4),
                    max_leaves=12)
FIELDS = st.fixed_dictionaries({}, optional={key: JSON | st.text(max_size=40) for key in (
    "name", "password", "old", "new", "private", "token", "kind", "clock", "level", "value", "seat", "invite")})
ENDPOINTS = ["/api/accounts", "/api/login", "/api/logout", "/api/logout-all", "/api/password", "/api/privacy",
             "/api/delete", "/api/reset", "/api/queue", "/api/queue/computer", "/api/matches/x/contribute",
             "/api/blocks", "/api/tables/x/claim", "/api/tables/x/rematch"]


@pytest.fixture(scope="module")
def signed_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from pegboard.web.app import create_app

    app = create_app(str(tmp_path_factory.mktemp("fuzz") / "t.db"),
                     Settings(workers=0, fast_passwords=True, create_rate=1000.0, create_burst=1000.0))
    with TestClient(app) as client:
        answer = client.post("/api/accounts", json={"name": "Fuzz", "password": "fuzzing along"}).json()
        client.headers["x-csrf-token"] = answer["csrf"]
        yield client


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(endpoint=st.sampled_from(ENDPOINTS), body=FIELDS | JSON)
def test_every_new_endpoint_answers_odd_input_with_a_4xx_never_a_5xx(signed_client: Any, endpoint: str,
                                                                     body: Any) -> None:
    if endpoint in ("/api/delete", "/api/logout", "/api/logout-all", "/api/password", "/api/reset") \
            and isinstance(body, dict):
        body = {**body, "password": "not the password", "old": "not the password"}  # stay signed in
    answer = signed_client.post(endpoint, json=body)
    assert answer.status_code < 500, (endpoint, body, answer.text)
    if answer.status_code >= 400:
        assert answer.json()["error"]
