"""Ratings kept in the database: a player's current rating per kind, the change each rated game made
(written once per table and account, so rating a game twice changes nothing), leaderboards of settled
ratings and each player's history.

>>> from pegboard.web.store import SQLiteStore
>>> store = SQLiteStore(":memory:")
>>> seats = [Player(1, None), Player(None, "greedy")]
>>> changes = store.transact(lambda tx: rate_game(tx, "t1", "cribbage", seats, [0, 1], 0.0))
>>> changes[0]["before"], changes[0]["after"] > 1500, 1 in changes
(1500, True, False)
>>> store.transact(lambda tx: rate_game(tx, "t1", "cribbage", seats, [0, 1], 0.0)) == changes  # once only
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pegboard.web.ratings import KINDS, START, Rating, glicko, grown, kind_of, level_rating, openskill
from pegboard.web.store import Tx

__all__ = ["Player", "current", "ratings_of", "rate_game", "leaderboard", "history", "changes_of", "DAY"]

DAY = 86400.0


@dataclass(frozen=True)
class Player:
    """A rated game's seat: a person's account, or a computer level (fixed rating), or neither (a
    guest's seat: such a game is not rated)."""

    account: int | None
    level: str | None


def current(tx: Tx, account: int, kind: str, now: float) -> Rating:
    """``account``'s rating for ``kind`` now (its deviation grown by the days since its last game)."""
    row = tx.one("SELECT rating, deviation, volatility, games, updated FROM ratings WHERE account = ? AND kind = ?",
                 account, kind)
    if row is None:
        return START
    rating = Rating(float(row[0]), float(row[1]), float(row[2]), int(row[3]))
    return grown(rating, (now - float(row[4])) / DAY)


def ratings_of(tx: Tx, account: int, now: float) -> dict[str, Rating]:
    """Every kind's rating of ``account`` (kinds never played: the start rating)."""
    return {kind: current(tx, account, kind, now) for kind in KINDS}


def _rating(tx: Tx, player: Player, kind: str, now: float) -> Rating:
    if player.account is not None:
        return current(tx, player.account, kind, now)
    if player.level is None:
        raise ValueError("a guest's seat cannot be rated")
    return level_rating(kind, player.level)


def _teams(kind: str, count: int) -> list[list[int]]:
    """The seats of each side: partners sit across (0 and 2, 1 and 3); otherwise everyone alone."""
    return [[0, 2], [1, 3]] if kind_of(kind).partners else [[seat] for seat in range(count)]


def rate_game(tx: Tx, table: str, kind: str, players: list[Player], ranks: list[int],
              now: float) -> dict[int, dict[str, Any]]:
    """Rate a finished game (once: a table already rated returns its changes). ``ranks`` per side
    (0: the winner; partners have one rank per team). Returns each person's change by seat."""
    done = tx.all("SELECT account, kind, before, after, deviation FROM rating_changes WHERE table_id = ?", table)
    if done:
        by_account = {int(row[0]): row for row in done}
        return {seat: _change(by_account[player.account])
                for seat, player in enumerate(players) if player.account in by_account}
    rated_kind = kind_of(kind)
    before = [_rating(tx, player, kind, now) for player in players]
    if rated_kind.system == "glicko2":
        after = [glicko(before[seat], [(before[1 - seat], 1.0 if ranks[seat] < ranks[1 - seat] else
                                         0.5 if ranks[seat] == ranks[1 - seat] else 0.0)])
                 for seat in range(2)]
    else:
        teams = _teams(kind, len(players))
        updated = openskill([[before[seat] for seat in team] for team in teams], ranks)
        after = list(before)
        for team, ratings in zip(teams, updated):
            for seat, rating in zip(team, ratings):
                after[seat] = rating
    changes = {}
    for seat, player in enumerate(players):
        if player.account is None:
            continue  # a computer level's rating never moves
        new = after[seat]
        tx.run("INSERT INTO ratings (account, kind, rating, deviation, volatility, games, updated) VALUES"
               " (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account, kind) DO UPDATE SET rating = excluded.rating,"
               " deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games,"
               " updated = excluded.updated", player.account, kind, new.rating, new.deviation, new.volatility,
               new.games, now)
        tx.run("INSERT INTO rating_changes (table_id, account, kind, before, after, deviation, at) VALUES"
               " (?, ?, ?, ?, ?, ?, ?)", table, player.account, kind, before[seat].rating, new.rating,
               new.deviation, now)
        changes[seat] = _change((player.account, kind, before[seat].rating, new.rating, new.deviation))
    return changes


def _change(row: tuple[Any, ...]) -> dict[str, Any]:
    return {"kind": row[1], "before": round(float(row[2])), "after": round(float(row[3])),
            "change": round(float(row[3])) - round(float(row[2])), "deviation": round(float(row[4])),
            "provisional": float(row[4]) > 110.0}


def leaderboard(tx: Tx, kind: str, now: float, limit: int = 50) -> list[dict[str, Any]]:
    """The best settled ratings of ``kind`` (provisional ones, deleted and banned accounts left out)."""
    rows = tx.all("SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.updated FROM ratings r"
                  " JOIN accounts a ON a.id = r.account WHERE r.kind = ? AND a.deleted = 0 AND a.banned = 0"
                  " ORDER BY r.rating DESC", kind)
    board = []
    for name, value, deviation, volatility, games, updated in rows:
        rating = grown(Rating(float(value), float(deviation), float(volatility), int(games)),
                       (now - float(updated)) / DAY)
        if not rating.provisional:
            board.append({"name": name, **rating.to_json()})
        if len(board) >= limit:
            break
    return board


def history(tx: Tx, account: int, kind: str) -> list[dict[str, Any]]:
    """``account``'s rating after each rated game of ``kind``, oldest first."""
    return [{"table": table, "at": at, "before": round(before), "after": round(after), "deviation": round(deviation)}
            for table, at, before, after, deviation in tx.all(
                "SELECT table_id, at, before, after, deviation FROM rating_changes WHERE account = ? AND kind = ?"
                " ORDER BY at, table_id", account, kind)]


def changes_of(tx: Tx, table: str) -> dict[int, dict[str, Any]]:
    """A rated table's rating changes, by account."""
    return {int(row[0]): _change(row) for row in tx.all(
        "SELECT account, kind, before, after, deviation FROM rating_changes WHERE table_id = ?", table)}
