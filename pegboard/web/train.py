"""Training on puzzles over HTTP (issue 39; docs/train.md, "/train on the web"): the page ``GET /train`` and
its JSON API. The puzzle logic is :mod:`pegboard.puzzles`'s (:class:`~pegboard.puzzles.trainer.Trainer`
chooses and judges); this module only carries it.

* ``GET /api/train/next?kind=&theme=&mistakes=`` and ``POST /api/train/next`` ``{"kind", "theme",
  "mistakes", "state"}``: the next puzzle, as the player saw it (:func:`public_puzzle`: the table, the
  question and the choices, never their values or the answer), and the player (:func:`summary`). The
  GET needs no CSRF token even signed in: all it changes is which puzzle the next answer counts for.
* ``POST /api/train/answer`` ``{"id", "choice", "state"}``: the verdict (right or wrong, the best, every
  option's value, why, the rating change, the streak) and the player.
* ``GET /api/train/me``: the player, and the bank's kinds and themes (for the filters).
* ``POST /api/train/mistakes`` ``{"table"}``: signed in, queue your costliest mistakes in a finished game
  you played at that table (mined in the analyses' worker, as ``pegboard train --add`` does).

A signed-in player's trainer lives in the database (:mod:`pegboard.web.train_store`); requests that change
it need the session's CSRF token, and an answer counts only for the puzzle last given (409 otherwise). A
guest's trainer lives in the browser: the page sends it (``"state"``, at most :data:`STATE_BODY` bytes)
and gets the new one back; the server keeps nothing for a guest. Puzzles' ratings move with signed-in
players' first tries only (a guest's state is the guest's to forge, and a missed puzzle seen again from
the queue is a replay), as lichess rates only a puzzle's first, rated attempt.

>>> from pegboard.puzzles.puzzle import Puzzle
>>> p = Puzzle("ab", "play", "cribbage", "dealer you hand 5H 9C 2D 3S thrown JH KD starter 4C play TS", "play 5H",
...            (("play 5H", 2.0), ("play 9C", 0.1), ("play 2D", 0.0), ("play 3S", 0.0)), "take the points", 1200, 1.9,
...            "5H makes fifteen")
>>> shown = public_puzzle(p, 1210.4)
>>> shown["choices"], shown["rating"], shown["view"]["count"], "answer" in shown, "options" in shown
(['play 2D', 'play 3S', 'play 5H', 'play 9C'], 1210, 10, False, False)
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from pegboard.errors import PegboardError
from pegboard.puzzles.positions import load_position
from pegboard.puzzles.puzzle import KINDS, Puzzle
from pegboard.puzzles.table import question, table_lines
from pegboard.puzzles.trainer import Trainer, Verdict
from pegboard.web.auth import Caller, caller, client_address
from pegboard.web.errors import HubError
from pegboard.web.hub import Hub, log
from pegboard.web.pages import page
from pegboard.web.store import Tx
from pegboard.web.tables import Table
from pegboard.web.train_store import (
    all_ratings,
    load_trainer,
    puzzle_rating,
    puzzle_stats,
    record_attempt,
    save_trainer,
)

__all__ = ["add_train_routes", "public_puzzle", "summary", "mistakes_of", "Bank", "STATE_BODY", "HISTORY_SHOWN"]

STATE_BODY = 1024 * 1024
"""The largest request body of the training API (a guest's state holds the puzzles of its queue)."""
HISTORY_SHOWN = 20
"""The latest answers :func:`summary` gives."""

Body = Callable[..., Awaitable[Any]]


class Bank:
    """The puzzles /train serves, loaded once on first use: ``path`` a bank file, or "" for the shipped
    bank. :meth:`puzzles` refuses with 503 while there is none."""

    def __init__(self, path: str = "") -> None:
        self.path = path
        self._lock = threading.Lock()
        self._puzzles: list[Puzzle] | None = None
        self._catalogue: dict[str, Any] | None = None
        self._problem = ""

    def puzzles(self) -> list[Puzzle]:
        with self._lock:
            if self._puzzles is None and not self._problem:
                from pegboard.puzzles.bank import load_bank

                try:
                    self._puzzles = load_bank(self.path or None)
                except (OSError, PegboardError) as error:  # said in the log: a file's path is the server's business
                    self._problem = str(error)
                    log.warning("no bank of puzzles for /train: %s", error)
            if self._puzzles is None:
                raise HubError(503, "this server has no bank of puzzles: /train cannot serve any")
            return self._puzzles

    def catalogue(self) -> dict[str, Any]:
        """The bank's kinds and themes with how many puzzles each has: ``{"kinds": {kind: n}, "themes":
        [{"kind", "theme", "count"}]}``, in the bank's order (worked out once)."""
        if self._catalogue is not None:
            return self._catalogue
        kinds: dict[str, int] = {}
        themes: dict[tuple[str, str], int] = {}
        for puzzle in self.puzzles():
            kinds[puzzle.kind] = kinds.get(puzzle.kind, 0) + 1
            themes[(puzzle.kind, puzzle.theme)] = themes.get((puzzle.kind, puzzle.theme), 0) + 1
        self._catalogue = {"kinds": kinds, "themes": [{"kind": kind, "theme": theme, "count": count}
                                                      for (kind, theme), count in themes.items()]}
        return self._catalogue


def public_puzzle(puzzle: Puzzle, rating: float, again: bool = False) -> dict[str, Any]:
    """What the page shows before the answer: the deciding player's view of the table (without its event
    log and legal actions), the table as lines of text and the question (:mod:`pegboard.puzzles.table`),
    and the choices in a fixed order that says nothing of their values. ``again``: a puzzle the player
    missed before, back from their queue."""
    game, seat = load_position(puzzle.position, random.Random(0))
    view = game.view(seat).to_json()
    view.pop("events", None)
    view.pop("legal_actions", None)
    return {"id": puzzle.id, "kind": puzzle.kind, "game": puzzle.game, "family": game.rules.family,
            "rating": round(rating), "measure": puzzle.measure, "question": question(puzzle),
            "lines": table_lines(puzzle), "seat": seat, "view": view, "choices": sorted(puzzle.choices),
            "again": again}


def summary(trainer: Trainer, name: str | None) -> dict[str, Any]:
    """A player's training at a glance: rating, streaks, puzzles seen, the queue and the latest answers
    (newest last).

    >>> summary(Trainer(), None)["rating"], summary(Trainer(), "Ann")["queue"]
    (1500, 0)
    """
    rating = trainer.rating
    return {"name": name, "rating": round(rating.rating), "deviation": round(rating.deviation),
            "provisional": rating.deviation > 110.0, "streak": trainer.streak, "best_streak": trainer.best_streak,
            "seen": trainer.seen, "queue": len(trainer.queue.entries), "due": len(trainer.queue.due(trainer.seen)),
            "history": trainer.history[-HISTORY_SHOWN:]}


def mistakes_of(record: dict[str, Any], player: str) -> list[dict[str, Any]]:
    """The puzzles of ``player``'s mistakes in a finished game's ``record``, as JSON (run in the analyses'
    worker: mining reviews the game)."""
    from pegboard.puzzles.mining import mine
    from pegboard.records import parse_record

    return [puzzle.to_json() for puzzle in mine(parse_record(record), player=player)]


def _verdict(verdict: Verdict, puzzle: Puzzle, stats: dict[str, Any] | None) -> dict[str, Any]:
    data = verdict.to_json()
    data.update({"id": puzzle.id, "kind": puzzle.kind, "theme": puzzle.theme, "why": puzzle.why,
                 "attempts": None if stats is None else stats["attempts"],
                 "solves": None if stats is None else stats["solves"]})
    if puzzle.choice is not None:  # a mistake of the player's own game: what they chose then
        data["played"] = puzzle.choice
    return data


def _text(value: Any, name: str, most: int, expected: str) -> str:
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or len(value) > most:
        raise HubError(400, f"{name} {repr(value)[:40]}: expected {expected}")
    return value


def _flag(value: Any, name: str) -> bool:
    if value in (None, "", False, "0", "false", "no"):
        return False
    if value in (True, "1", "true", "yes"):
        return True
    raise HubError(400, f"{name} {repr(value)[:20]}: expected true or false")


def add_train_routes(app: FastAPI, hub: Hub, body: Body, limit: Callable[[Request, str, float, float], None],
                     table_or_404: Callable[[str], Awaitable[Table]], bank: Bank | None = None,
                     rng: random.Random | None = None) -> None:
    """Add the training page and API to ``app`` (``table_or_404`` finds a table or refuses). ``bank``: the
    puzzles (default: ``hub.settings.puzzles``); ``rng``: draws the bank puzzles (default: seeded by the
    system)."""
    puzzles = bank if bank is not None else Bank(hub.settings.puzzles)
    draw = rng if rng is not None else random.Random()
    store = hub.journal.store

    def filters(kind: Any, theme: Any, mistakes: Any) -> tuple[str | None, str | None, bool]:
        kind = _text(kind, "kind", 16, f"one of {', '.join(KINDS)} (or nothing: every kind)")
        if kind and kind not in KINDS:
            raise HubError(400, f"kind {kind!r}: expected one of {', '.join(KINDS)} (or nothing: every kind)")
        theme = _text(theme, "theme", 100, "a theme of the bank (GET /api/train/me lists them)")
        if theme and theme not in {item["theme"] for item in puzzles.catalogue()["themes"]}:
            raise HubError(400, f"theme {theme!r}: expected a theme of the bank (GET /api/train/me lists them)")
        return kind or None, theme or None, _flag(mistakes, "mistakes")

    def guest_state(data: Any) -> Trainer:
        if data is None:
            return Trainer()
        try:
            return Trainer.from_json(data)
        except (PegboardError, TypeError, KeyError, AttributeError) as error:
            raise HubError(400, f"state: {error}; expected the pegboard-trainer/1 object this page was given "
                                "(or null for a new one)") from None

    def rated_bank(ratings: dict[str, float]) -> list[Puzzle]:
        """The bank with each tried puzzle at its current rating (players get puzzles near their level)."""
        return [replace(puzzle, rating=ratings[puzzle.id]) if puzzle.id in ratings else puzzle
                for puzzle in puzzles.puzzles()]

    def choose(trainer: Trainer, tx: Tx, kind: str | None, theme: str | None, mistakes: bool) -> tuple[Puzzle, float]:
        chosen = trainer.next_puzzle(draw, rated_bank(all_ratings(tx)), theme=theme, kind=kind, mistakes=mistakes)
        if chosen is None:
            wanted = ", ".join(f"{name} {value!r}" for name, value in (("kind", kind), ("theme", theme)) if value)
            raise HubError(404, ("no missed puzzle is waiting" if mistakes else "no puzzle") +
                           (f" of {wanted}" if wanted else "") + ": choose another kind or theme")
        return chosen, puzzle_rating(tx, chosen).rating

    async def in_tx(work: Callable[[Tx], Any]) -> Any:
        return await hub.journal.call(lambda: store.transact(work))

    async def next_puzzle(request: Request, data: dict[str, Any], signed: Caller | None) -> dict[str, Any]:
        limit(request, "train", 10 * hub.settings.create_rate, 2 * hub.settings.create_burst)
        kind, theme, mistakes = filters(data.get("kind"), data.get("theme"), data.get("mistakes"))
        if signed is None:
            trainer = guest_state(data.get("state"))
            chosen, rating = await hub.journal.call(lambda: store.read(
                lambda tx: choose(trainer, tx, kind, theme, mistakes)))
            answer: dict[str, Any] = {"state": trainer.to_json()}
        else:
            account = signed.account.id

            def work(tx: Tx) -> tuple[Trainer, Puzzle, float]:
                trainer, version = load_trainer(tx, account)
                chosen, rating = choose(trainer, tx, kind, theme, mistakes)
                save_trainer(tx, account, trainer, version, time.time())
                return trainer, chosen, rating

            trainer, chosen, rating = await in_tx(work)
            answer = {}
        try:
            shown = public_puzzle(chosen, rating, chosen.id in trainer.queue)
        except PegboardError as error:  # a forged queue entry of a guest's state
            raise HubError(400, f"state: puzzle {chosen.id!r} cannot be shown ({error})") from None
        return {"puzzle": shown, "me": summary(trainer, None if signed is None else signed.account.name), **answer}

    @app.get("/train", include_in_schema=False)
    async def train_page() -> Response:
        return page("pegboard · train", "train", "Loading a puzzle…", ("style", "review", "train"))

    @app.get("/api/train/me")
    async def me(request: Request) -> dict[str, Any]:
        signed = await caller(hub, request, changes=False)
        if signed is None:
            trainer = Trainer()
        else:
            account = signed.account.id
            trainer = (await hub.journal.call(lambda: store.read(lambda tx: load_trainer(tx, account))))[0]
        return {"me": summary(trainer, None if signed is None else signed.account.name),
                "signed_in": signed is not None, "bank": puzzles.catalogue()}

    @app.get("/api/train/next")
    async def next_get(request: Request, kind: str = "", theme: str = "", mistakes: str = "") -> dict[str, Any]:
        signed = await caller(hub, request, changes=False)
        return await next_puzzle(request, {"kind": kind, "theme": theme, "mistakes": mistakes}, signed)

    @app.post("/api/train/next")
    async def next_post(request: Request) -> dict[str, Any]:
        signed = await caller(hub, request, changes=True)
        data = await body(request, STATE_BODY)
        if not isinstance(data, dict):
            raise HubError(400, 'expected a JSON object: {"kind", "theme", "mistakes", "state"} (each optional)')
        return await next_puzzle(request, data, signed)

    @app.post("/api/train/answer")
    async def answer(request: Request) -> dict[str, Any]:
        limit(request, "train", 10 * hub.settings.create_rate, 2 * hub.settings.create_burst)
        signed = await caller(hub, request, changes=True)
        data = await body(request, STATE_BODY)
        if not isinstance(data, dict):
            raise HubError(400, 'expected a JSON object: {"id": the puzzle\'s id, "choice": your answer}')
        puzzle_id = _text(data.get("id"), "id", 64, "the id of the puzzle given by /api/train/next")
        choice = data.get("choice")
        if not puzzle_id:
            raise HubError(400, "id: missing; expected the id of the puzzle given by /api/train/next")
        if not isinstance(choice, str) or not choice.strip() or len(choice) > 100:
            raise HubError(400, f"choice {repr(choice)[:40]}: expected one of the puzzle's choices, as text")

        def judge(trainer: Trainer, tx: Tx, rated: bool) -> tuple[Verdict, Puzzle, dict[str, Any] | None]:
            try:
                found = trainer.find(puzzle_id, puzzles.puzzles())
            except PegboardError:
                raise HubError(404, f"id {puzzle_id!r}: no such puzzle in the bank or your queue") from None
            current = puzzle_rating(tx, found)
            replay = found.id in trainer.queue
            try:
                verdict = trainer.answer(found, choice, current)
            except PegboardError as error:
                raise HubError(400, str(error)) from None
            if rated and not replay and verdict.puzzle_after is not None:
                record_attempt(tx, found.id, verdict.puzzle_after, verdict.right, time.time())
            return verdict, found, puzzle_stats(tx, [found.id]).get(found.id)

        if signed is None:
            trainer = guest_state(data.get("state"))
            verdict, found, stats = await hub.journal.call(lambda: store.read(lambda tx: judge(trainer, tx, False)))
            return {"verdict": _verdict(verdict, found, stats), "me": summary(trainer, None),
                    "state": trainer.to_json()}
        account, name = signed.account.id, signed.account.name

        def work(tx: Tx) -> tuple[Trainer, Verdict, Puzzle, dict[str, Any] | None]:
            trainer, version = load_trainer(tx, account)
            if trainer.pending != puzzle_id:
                raise HubError(409, f"id {puzzle_id!r}: not the puzzle you were given last "
                                    f"({'none' if trainer.pending is None else repr(trainer.pending)}): "
                                    "ask for the next puzzle")
            verdict, found, stats = judge(trainer, tx, True)
            save_trainer(tx, account, trainer, version, time.time())
            return trainer, verdict, found, stats

        trainer, verdict, found, stats = await in_tx(work)
        return {"verdict": _verdict(verdict, found, stats), "me": summary(trainer, name)}

    @app.post("/api/train/mistakes")
    async def mistakes(request: Request) -> dict[str, Any]:
        signed = await caller(hub, request, changes=True)
        if signed is None:
            raise HubError(401, "sign in first: your mistakes are queued on your account")
        data = await body(request)
        if not isinstance(data, dict):
            raise HubError(400, 'expected a JSON object: {"table": the id of a finished table you played at}')
        table_id = _text(data.get("table"), "table", 40, "the id of a finished table you played at")
        if not table_id:
            raise HubError(400, "table: missing; expected the id of a finished table you played at")
        table = await table_or_404(table_id)
        if not table.over:
            raise HubError(409, f"table {table_id}: the game is not over; its mistakes are queued when it is")
        await hub.check_set_over(table)
        account = signed.account.id
        seats = [seat for seat in table.seats if seat.account == account]
        if not seats:
            raise HubError(403, f"table {table_id}: you did not play there signed in; only your own mistakes "
                                "are queued")
        address = client_address(request, hub.settings.trusted_proxies)
        found = [Puzzle.from_json(item) for item in
                 await hub.analyses.run(address, mistakes_of, table.record(), seats[0].name)]

        def work(tx: Tx) -> tuple[Trainer, int]:
            trainer, version = load_trainer(tx, account)
            added = trainer.add_mistakes(found)
            save_trainer(tx, account, trainer, version, time.time())
            return trainer, added

        trainer, added = await in_tx(work)
        return {"table": table_id, "mistakes": len(found), "added": added,
                "me": summary(trainer, signed.account.name)}
