"""The WebSocket protocol: hello as a seat or a spectator, actions acknowledged after every seat is
told, and every bad message (wrong token, wrong turn, illegal, malformed, too big, too many)
answered with a clear error that changes nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi")

from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.testing import Client, ServerThread, open_table  # noqa: E402

TWO_HUMANS = {"game": "cribbage", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    settings = Settings(pace=0, rate=50, burst=60, create_burst=1000, create_rate=100)
    with ServerThread(str(tmp_path_factory.mktemp("ws") / "t.db"), settings) as running:
        yield running


def seated(server: ServerThread, body: dict[str, object] = TWO_HUMANS) -> tuple[str, dict[int, Client]]:
    created, tokens = open_table(server.url, body)
    return created["table"], {seat: Client(server.ws_url, created["table"], token) for seat, token in tokens.items()}


def discard_both(clients: dict[int, Client]) -> int:
    """Both players discard; returns the action number reached."""
    n = 0
    for client in clients.values():
        n = client.act(client.state["legal"][0])["n"]
    for client in clients.values():
        client.catch_up(n)
    return n


def test_a_seat_sees_its_hand_and_a_spectator_sees_only_what_is_public(server: ServerThread) -> None:
    table, clients = seated(server)
    watcher = Client(server.ws_url, table)
    ann = clients[0].state
    assert ann["seat"] == 0 and len(ann["view"]["hand"]) == 6 and len(ann["legal"]) == 15
    assert ann["view"]["hand_sizes"] == [6, 6] and ann["n"] == 0 and ann["table"] == table
    public = watcher.state
    assert public["seat"] is None and public["view"]["hand"] == [] and public["legal"] == []
    assert not set(clients[1].state["view"]["hand"]) & set(ann["view"]["hand"])
    # The cards cut for the first deal are public and go back into the pack before the deal.
    cut_for_deal = {card for entry in public["log"] for card in entry.get("cards", [])}
    # A card travels as a JSON string; the quotes keep a random table id ("..vQS..") from matching.
    for card in set(ann["view"]["hand"]) - cut_for_deal:
        assert f'"{card}"' not in watcher.texts[0] and f'"{card}"' not in clients[1].texts[0]


def test_an_action_is_acknowledged_to_its_sender_and_every_other_connection_sees_it(server: ServerThread) -> None:
    table, clients = seated(server)
    watcher = Client(server.ws_url, table)
    answer = clients[0].act(clients[0].state["legal"][3])
    assert answer["type"] == "state" and answer["n"] == 1 and answer["view"]["discarded"]
    assert answer["legal"] == [] and answer["view"]["has_discarded"] == [True, False]
    other = clients[1].catch_up(1)
    assert "ack" not in other and other["view"]["has_discarded"] == [True, False]
    assert watcher.catch_up(1)["log"][-1]["text"] == "Ann discards two cards to the crib."


def test_the_first_message_must_be_hello(server: ServerThread) -> None:
    table, clients = seated(server)
    with connect(f"{server.ws_url}/ws/{table}") as socket:
        socket.send(json.dumps({"type": "act", "token": "x", "action": "go"}))
        error = json.loads(socket.recv(timeout=10))
        assert error["code"] == "hello-first"
        with pytest.raises(ConnectionClosed):
            socket.recv(timeout=10)


def test_a_wrong_token_at_hello_is_refused_and_the_connection_only_watches(server: ServerThread) -> None:
    table, clients = seated(server)
    watcher = Client(server.ws_url, table, "not-a-token")
    assert watcher.frames[0]["code"] == "bad-token"
    assert watcher.frames[1]["type"] == "state" and watcher.state["seat"] is None


@pytest.mark.parametrize("message, code, words", [
    ("{not json", "malformed", "must be JSON"),
    ("[1, 2, 3]", "malformed", "JSON object"),
    ('{"type": "shuffle"}', "malformed", "unknown message type"),
    ('{"type": "act", "action": "go"}', "malformed", '"token"'),
    ('{"type": "act", "token": "t", "action": 5}', "malformed", '"action"'),
    ('{"type": "act", "token": "t", "action": "go", "id": {"x": 1}}', "malformed", '"id"'),
    ('{"type": "hello"}', "malformed", "once"),
    (json.dumps({"type": "act", "token": "t", "action": "go", "pad": "x" * 5000}), "too-big", "too large"),
])
def test_malformed_messages_get_a_clear_error_and_change_nothing(server: ServerThread, message: str, code: str,
                                                                  words: str) -> None:
    table, clients = seated(server)
    clients[0].send(message)
    error = clients[0].until(lambda frame: frame["type"] == "error")
    assert error["code"] == code and words in error["message"]
    assert clients[0].act(clients[0].state["legal"][0])["n"] == 1, "the connection still works"


def test_binary_frames_are_refused_and_huge_ones_close_the_connection(server: ServerThread) -> None:
    table, clients = seated(server)
    clients[0].socket.send(b"\x00\x01binary")
    assert clients[0].until(lambda frame: frame["type"] == "error")["message"].startswith("send text frames")
    clients[0].socket.send("x" * 70000)
    with pytest.raises(ConnectionClosed):
        while True:
            clients[0].receive(timeout=10)


def test_tokens_are_checked_on_every_action(server: ServerThread) -> None:
    table, clients = seated(server)
    ann, bob = clients[0], clients[1]
    legal = ann.state["legal"][0]
    assert ann.request({"type": "act", "action": legal, "token": "forged"})["code"] == "bad-token"
    answer = ann.request({"type": "act", "action": legal, "token": bob.token})
    assert answer["code"] == "bad-token" and "another seat" in answer["message"]
    watcher = Client(server.ws_url, table)
    watcher.token = ann.token  # a spectator's connection may not act even with a stolen token
    assert watcher.act(legal)["code"] == "bad-token"
    assert ann.act(legal)["n"] == 1


def test_wrong_turn_and_illegal_actions_are_refused_without_naming_hidden_cards(server: ServerThread) -> None:
    table, clients = seated(server)
    n = discard_both(clients)
    waiting = next(client for client in clients.values() if not client.state["legal"])
    acting = next(client for client in clients.values() if client.state["legal"])
    answer = waiting.act(f"play {waiting.state['view']['hand'][0]}")
    assert answer["code"] == "not-your-turn" and "waiting for" in answer["message"]
    hidden = waiting.state["view"]["hand"][0]  # the acting player cannot see it
    answer = acting.act(f"play {hidden}")
    assert answer["code"] == "illegal" and hidden not in json.dumps(answer)
    assert acting.act("discard")["code"] == "illegal"
    assert acting.act("play 5X")["code"] == "malformed"
    assert acting.act("count")["code"] in ("illegal", "malformed")
    assert acting.act("dance wildly")["code"] == "malformed"
    assert acting.state["n"] == n and waiting.state["n"] == n, "nothing changed"
    card = acting.state["legal"][0]
    assert acting.act(card)["n"] == n + 1


def test_a_reconnection_gets_the_full_current_view_of_the_same_seat(server: ServerThread) -> None:
    table, clients = seated(server)
    n = discard_both(clients)
    before = clients[1].state
    clients[1].close()
    again = Client(server.ws_url, table, clients[1].token)
    after = again.state
    assert after["seat"] == 1 and after["n"] == n
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    seen = {entry["i"]: entry["text"] for frame in clients[1].frames if frame["type"] == "state"
            for entry in frame["log"]}
    assert after["log"] and all(seen[entry["i"]] == entry["text"] for entry in after["log"])


def test_two_connections_of_one_seat_both_follow_the_game(server: ServerThread) -> None:
    table, clients = seated(server)
    second = Client(server.ws_url, table, clients[0].token)
    n = clients[0].act(clients[0].state["legal"][0])["n"]
    assert second.catch_up(n)["view"]["discarded"] == clients[0].state["view"]["discarded"]
    assert second.act(second.state["legal"][0] if second.state["legal"] else "go")["code"] == "not-your-turn"


def test_presence_is_announced_when_a_player_comes_and_goes(server: ServerThread) -> None:
    table, clients = seated(server)
    watcher = Client(server.ws_url, table)
    clients[1].close()
    frame = watcher.until(lambda frame: frame["type"] == "seats" and not frame["seats"][1]["online"])
    assert frame["seats"][0]["online"] and frame["seats"][1]["joined"]


@pytest.mark.slow
def test_a_hint_is_one_of_your_legal_actions_with_a_reason_and_only_on_your_turn(server: ServerThread) -> None:
    table, clients = seated(server)
    answer = clients[0].request({"type": "hint"})
    assert answer["type"] == "hint" and answer["action"] in clients[0].state["legal"]
    assert answer["reason"] and len(answer["ranking"]) == 5
    clients[0].act(answer["action"])
    assert clients[0].request({"type": "hint"})["code"] == "not-your-turn"


def test_a_computer_player_moves_by_itself(server: ServerThread) -> None:
    body = {"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "computer", "level": "expert"}]}
    table, clients = seated(server, body)
    ann = clients[0]
    state = ann.act(ann.state["legal"][0])
    if state["view"]["has_discarded"] != [True, True]:
        state = ann.until(lambda frame: frame["type"] == "state" and frame["view"]["has_discarded"] == [True, True])
    assert state["view"]["phase"] == "play" and state["view"]["starter"]


def test_messages_are_rate_limited_per_connection(server: ServerThread) -> None:
    table, clients = seated(server)
    for _ in range(120):
        clients[0].send('{"type": "shuffle"}')
    codes = [clients[0].until(lambda frame: frame["type"] == "error")["code"] for _ in range(120)]
    assert "rate-limited" in codes and "malformed" in codes
    time.sleep(1)
    assert clients[0].act(clients[0].state["legal"][0])["n"] == 1


def test_cross_origin_sockets_and_unknown_tables_are_refused(server: ServerThread) -> None:
    table, clients = seated(server)
    with pytest.raises(InvalidStatus):
        with connect(f"{server.ws_url}/ws/{table}", origin="http://evil.example"):  # type: ignore[arg-type]
            pass
    with connect(f"{server.ws_url}/ws/{table}", origin=f"http://127.0.0.1:{server.port}") as socket:  # type: ignore
        socket.send('{"type": "hello"}')
        assert json.loads(socket.recv(timeout=10))["type"] == "state"
    with connect(f"{server.ws_url}/ws/nosuchtable") as socket:  # told at once, before any hello
        assert json.loads(socket.recv(timeout=10))["code"] == "not-found"
