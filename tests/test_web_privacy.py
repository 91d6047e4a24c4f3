"""Privacy by construction, checked frame by frame: over whole games of every family, every frame the
server sends to a seat (or a spectator) is recorded just before it goes out, and none names a card
hidden from that seat at that moment: no card in ``hidden_cards(seat)``. Parts of a frame about an
earlier deal (its log, the deal just counted) are checked against that deal's cards nobody ever
saw, the undealt pack (the next deal is a new shuffle: its cards say nothing about the last).

The players send random legal actions, ask for hints, and try illegal actions naming hidden cards.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")

from pegboard.cards import Card  # noqa: E402
from pegboard.engine import GameState  # noqa: E402
from pegboard.web.hub import Conn, Settings  # noqa: E402
from pegboard.web.testing import Client, ServerThread, open_table  # noqa: E402

CARD = re.compile(r"(?<![A-Za-z0-9])(10|[A2-9TJQK])([CDHS♣♦♥♠])(?![A-Za-z0-9])")


def cards_in(text: str) -> set[Card]:
    """Every card named in a text, as ``5H`` or ``5♥``."""
    return {Card.parse(rank + suit) for rank, suit in CARD.findall(text)}


def frame_parts(frame: dict[str, Any], deal_now: int) -> list[tuple[int, str, str]]:
    """(deal, what, text) for each part of a frame: log entries and the last deal carry their deal."""
    if frame["type"] != "state":
        return [(frame.get("deal", deal_now), frame["type"], json.dumps(frame, ensure_ascii=False))]
    parts = [(entry["deal"], entry["type"], json.dumps(entry, ensure_ascii=False)) for entry in frame["log"]]
    if frame["last_deal"] is not None:
        parts.append((frame["last_deal"]["deal"], "last_deal", json.dumps(frame["last_deal"], ensure_ascii=False)))
    rest = {key: value for key, value in frame.items() if key not in ("log", "last_deal", "table")}
    parts.append((frame["deal"], "state", json.dumps(rest, ensure_ascii=False)))
    return parts


def leaks(text: str, game: GameState, seat: int | None) -> list[str]:
    """Hidden cards a frame names, judged by the game as it is now."""
    deal_now = game.deal_number
    hidden_now = game.hidden_cards(seat)
    problems = []
    for deal, what, part in frame_parts(json.loads(text), deal_now):
        named = cards_in(part)
        if deal == -1:
            assert what == "cut", f"only the cut for deal comes before the first deal, not {part}"
            continue
        assert deal <= deal_now, f"a frame from the future: deal {deal} > {deal_now}"
        hidden = hidden_now if deal == deal_now else set(game.deal_logs[deal].deal.undealt())
        if named & hidden:
            problems.append(f"seat {seat} deal {deal} {what}: {sorted(map(str, named & hidden))} in {part[:300]}")
    return problems


class Recorder:
    """Sees every frame just before the server sends it and checks it against the game right then."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.sent: dict[tuple[str, int | None], list[str]] = defaultdict(list)
        self.cards_seen: dict[tuple[str, int | None], set[Card]] = defaultdict(set)

    def __call__(self, conn: Conn, text: str) -> None:
        table = conn.table
        if table is None:
            return
        key = (table.id, conn.seat)
        self.sent[key].append(text)
        self.cards_seen[key] |= cards_in(text)
        self.problems.extend(leaks(text, table.game, conn.seat))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    settings = Settings(pace=0, rate=1000, burst=1000, create_rate=100, create_burst=100)
    with ServerThread(str(tmp_path_factory.mktemp("privacy") / "t.db"), settings) as running:
        yield running


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    record = Recorder()
    Conn.observer = record
    try:
        yield record
    finally:
        Conn.observer = None


def play_out(server: ServerThread, body: dict[str, Any], rng: random.Random) -> tuple[str, list[Client]]:
    created, tokens = open_table(server.url, body)
    table = created["table"]
    seats = {seat: Client(server.ws_url, table, token) for seat, token in tokens.items()}
    watcher = Client(server.ws_url, table)
    clients = [*seats.values(), watcher]
    n = 0
    for _ in range(5000):
        for client in clients:
            client.catch_up(n)
        if watcher.state["finished"]:
            return table, clients
        movers = [(seat, client) for seat, client in seats.items() if client.state["legal"]]
        if not movers:  # a computer's turn
            n = watcher.catch_up(n + 1)["n"]
            continue
        seat, client = rng.choice(movers)
        legal = client.state["legal"]
        if rng.random() < 0.06:
            hint = client.request({"type": "hint"})
            if legal[0].split()[0] in ("count", "muggins", "pass"):  # a hint would give the count away
                assert hint["type"] == "error" and hint["code"] == "no-hint", hint
            else:
                assert hint["type"] == "hint" and (hint["action"] in legal or hint["action"].split()[0] in legal)
        if rng.random() < 0.06:
            game = server.hub.tables[table].game
            hidden = sorted(game.hidden_cards(seat))
            if hidden:  # a legal-looking move, and a malformed one echoing the card back
                card = rng.choice(hidden)
                verb = f"place {card} a1" if "place" in legal[0] else f"play {card}"
                assert client.act(verb)["type"] == "error"
                assert client.act(f"{verb} {str(card).lower()} zz")["type"] == "error"
        n = act_randomly(client, legal, rng, n)
    raise AssertionError("the game did not end")


def act_randomly(client: Client, legal: list[str], rng: random.Random, n: int) -> int:
    choice = rng.choice(legal)
    if choice == "count":
        for points in (rng.randint(0, 16), rng.randint(0, 8), 0):
            answer = client.act(f"count {points}")
            if answer["type"] == "state":
                return int(answer["n"])
        raise AssertionError("count 0 is always legal")
    if choice == "muggins":
        answer = client.act("muggins 1")
        if answer["type"] == "state":
            return int(answer["n"])
        choice = "pass"
    answer = client.act(choice)
    assert answer["type"] == "state", answer
    return int(answer["n"])


GAMES = {
    "cribbage": {"game": "cribbage", "seats": [{"name": "Ann"}, {"name": "Bob"}]},
    "cribbage-muggins": {"game": "cribbage", "options": {"muggins": True, "target": 61},
                         "seats": [{"name": "Ann"}, {"name": "Bob"}]},
    "cribbage-3": {"game": "cribbage-3", "options": {"target": 61},
                   "seats": [{"name": "Ann"}, {"kind": "computer", "level": "greedy", "name": "Hal"}, {"name": "Cat"}]},
    "cribbage-4-muggins": {"game": "cribbage-4", "options": {"muggins": True, "target": 41}, "seats": [
        {"name": "Ann"}, {"kind": "computer", "level": "random", "name": "Hal"}, {"name": "Cat"},
        {"kind": "computer", "level": "greedy", "name": "Eve"}]},
    "five-card": {"game": "five-card", "seats": [{"name": "Ann"}, {"kind": "computer", "level": "expert"}]},
    "snailspace": {"game": "snailspace", "options": {"count_at_end": True},
                   "seats": [{"name": "Ann"}, {"name": "Bob"}]},
    "solitaire": {"game": "solitaire", "options": {"discards": 2}, "seats": [{"name": "Solo"}]},
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
def test_no_frame_ever_names_a_card_hidden_from_its_seat(server: ServerThread, recorder: Recorder,
                                                         name: str) -> None:
    table, clients = play_out(server, GAMES[name], random.Random(name))
    for client in clients:
        client.close()
    assert not recorder.problems, "\n".join(recorder.problems[:10])
    for client in clients:
        seat = client.state["seat"]
        sent = recorder.sent[(table, seat)]
        assert client.texts and all(text in sent for text in client.texts), "every frame received was checked"
    seats = {client.state["seat"] for client in clients}
    frames = sum(len(recorder.sent[(table, seat)]) for seat in seats)
    assert frames > 30
    # not vacuous: players saw cards in their frames, and the spectator saw the public ones
    assert all(len(recorder.cards_seen[(table, seat)]) >= 10 for seat in seats)


def test_the_check_catches_a_hidden_card_in_any_part_of_a_frame() -> None:
    from pegboard.engine import new_game

    game = new_game("cribbage", ["Ann", "Bob"], seed=3)
    bob_card = game.view(1).hand[0]
    frame = {"type": "state", "deal": 0, "log": [], "last_deal": None, "view": {"note": f"holds {bob_card}"}}
    assert leaks(json.dumps(frame), game, 0) and not leaks(json.dumps(frame), game, 1)
    frame["view"] = {"note": f"plays {bob_card.symbol}."}
    assert leaks(json.dumps(frame, ensure_ascii=False), game, None)
    error = {"type": "error", "deal": 0, "message": f"Ann play {bob_card}: no"}
    assert leaks(json.dumps(error), game, 0)
