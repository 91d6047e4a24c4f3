"""The differential goldens: digests of thousands of seeded games per game kind, made by the engine as
it stood before the fast core (issue 20), so that any later engine must play the same games to the byte.

``python -m tests.golden.differential`` rebuilds ``differential.json`` (only on purpose: a changed
digest is a changed game). ``python -m tests.golden.differential --check`` compares without writing.

Every game is played through the simulator (:func:`pegboard.sim.match.play_game`: its seating, its
bots' seeds), and its ``pegboard/1`` record serialised exactly as ``pegboard sim --records`` writes
it. Games are folded into digests in blocks of :data:`BLOCK` games, so a difference is found to its
block, then to its game (:func:`first_difference`). For the first :data:`EVENT_GAMES` games of each
pairing the full event log (every event as JSON, and what each seat's view shows of it) and the
simulator's summary are digested too: events and views are public API as much as records are.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from pegboard.engine import GameState, new_game
from pegboard.records import record_of
from pegboard.sim.match import GameSummary, MatchConfig, play_game

HERE = Path(__file__).parent
DIGESTS = HERE / "differential.json"
BLOCK = 250
"""Games per block digest."""
EVENT_GAMES = 20
"""Games per pairing whose events, per-seat event views and summaries are digested too."""

# name: (preset, options, [(bots, games)], seed)
KINDS: dict[str, tuple[str, dict[str, Any], list[tuple[tuple[str, ...], int]], int]] = {
    "cribbage": ("cribbage", {}, [(("greedy", "greedy"), 1000), (("random", "greedy"), 500),
                                  (("hoyle", "classic"), 500)], 1),
    "cribbage-muggins": ("cribbage", {"muggins": True}, [(("greedy", "random"), 750), (("random", "random"), 250)], 2),
    "cribbage-3": ("cribbage-3", {}, [(("greedy", "greedy", "greedy"), 1000), (("random", "greedy", "random"), 500)],
                   3),
    "cribbage-4": ("cribbage-4", {}, [(("greedy", "greedy"), 1000), (("random", "greedy"), 500)], 4),
    "cribbage-4-solo": ("cribbage-4-solo", {}, [(("greedy", "greedy", "random", "greedy"), 1000)], 5),
    "five-card": ("five-card", {}, [(("greedy", "greedy"), 1500), (("random", "greedy"), 500),
                                    (("hoyle", "classic"), 500)], 6),
    "snailspace": ("snailspace", {}, [(("greedy", "greedy"), 1000), (("random", "greedy"), 1000)], 7),
    "snailspace-count-at-end": ("snailspace", {"count_at_end": True, "deals": 4},
                                [(("greedy", "random"), 1000)], 8),
    "solitaire": ("solitaire", {}, [(("greedy",), 1500), (("random",), 1500)], 9),
    "solitaire-discards": ("solitaire", {"discard_spaces": 1, "heels": "once"}, [(("greedy",), 1000)], 10),
}
"""Each game kind (and the options that take the engine down other paths) with its pairings."""

EXPERT_KINDS: dict[str, tuple[str, dict[str, Any], list[tuple[tuple[str, ...], int]], int]] = {
    "expert-cribbage": ("cribbage", {}, [(("expert", "greedy"), 12), (("expert", "hoyle"), 8)], 11),
    "expert-cribbage-3": ("cribbage-3", {}, [(("expert", "greedy", "random"), 10)], 12),
    "expert-cribbage-4": ("cribbage-4", {}, [(("expert", "greedy"), 10)], 13),
    "expert-five-card": ("five-card", {}, [(("expert", "classic"), 40)], 14),
    "expert-snailspace": ("snailspace", {}, [(("expert", "greedy"), 20)], 15),
    "expert-solitaire": ("solitaire", {}, [(("expert",), 20)], 16),
}
"""The expert's games: fewer (it thinks for longer), but its decisions are pinned as well."""

ALL_KINDS = {**KINDS, **EXPERT_KINDS}


def record_text(game: GameState) -> str:
    """A game's record exactly as ``pegboard sim --records`` writes it."""
    return json.dumps(record_of(game)) + "\n"


def event_text(game: GameState) -> str:
    """The full event log as JSON, then what every seat's view shows of it, then a spectator's."""
    players = game.players
    parts = [json.dumps([event.to_json(players) for event in game.events])]
    for seat in (*range(game.rules.players), None):
        parts.append(json.dumps([event.to_json(players) for event in game.events_for(seat)]))
    return "\n".join(parts)


def view_text(game: GameState) -> str:
    """Every seat's view (and a spectator's), events aside, after every action of the game, replayed."""
    rules, players = game.rules, game.players
    twin = new_game(rules, players, seed=game.seed, first_dealer=getattr(game, "first_dealer", None))
    seats = (*range(rules.players), None)
    lines = []
    for log in game.deal_logs:
        for action in log.moves:
            twin.apply(action)
            for seat in seats:
                shown = twin.view(seat).to_json()
                del shown["events"]
                lines.append(json.dumps(shown))
    return "\n".join(lines)


SUMMARY_FIELDS = ("index", "entrant_of_seat", "first_dealer_entrant", "winner", "scores", "marks", "deals", "actions")
"""The simulator's summary of a game as it was when the goldens were made (fields added since, like the
record line a .jsonl match carries, are not part of the digest)."""


def summary_fields(summary: GameSummary) -> dict[str, Any]:
    fields = asdict(summary)
    return {name: fields[name] for name in SUMMARY_FIELDS}


def games_of(kind: str) -> Iterator[tuple[int, str, str | None]]:
    """Every game of ``kind``: (number, record text, events-and-summary text or None)."""
    preset, options, pairings, seed = ALL_KINDS[kind]
    number = 0
    for pairing, (bots, games) in enumerate(pairings):
        config = MatchConfig(preset, bots, games, seed=seed * 100 + pairing, options=tuple(sorted(options.items())))
        for index in range(games):
            summary, game = play_game(config, index)
            extra = None
            if index < EVENT_GAMES:
                summary_text = json.dumps(summary_fields(summary), sort_keys=True)
                extra = "\n".join((event_text(game), view_text(game), summary_text))
            yield number, record_text(game), extra
            number += 1


def digest_kind(kind: str, stop_at_block: int | None = None) -> dict[str, Any]:
    """Block digests of the records, and one digest of the events and summaries."""
    blocks: list[str] = []
    block = hashlib.sha256()
    events = hashlib.sha256()
    count = 0
    for _number, record, extra in games_of(kind):
        block.update(record.encode())
        if extra is not None:
            events.update(extra.encode())
        count += 1
        if count % BLOCK == 0:
            blocks.append(block.hexdigest()[:32])
            block = hashlib.sha256()
            if stop_at_block is not None and len(blocks) > stop_at_block:
                break
    if count % BLOCK:
        blocks.append(block.hexdigest()[:32])
    return {"games": count, "blocks": blocks, "events": events.hexdigest()[:32]}


def first_difference(kind: str, block: int, stored: list[str]) -> str:
    """Which game of a differing block differs, said in words (for a failing test's message)."""
    return (f"{kind}: block {block} (games {block * BLOCK + 1}-{(block + 1) * BLOCK}) differs from the golden "
            f"digest {stored[block]}; replay those games with python -m tests.golden.differential --show "
            f"{kind} GAME on the old and new engine to see the first difference")


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DIGESTS.read_text())
    return data


def main(argv: list[str]) -> int:
    if argv[:1] == ["--show"]:
        kind, wanted = argv[1], int(argv[2])
        for number, record, extra in games_of(kind):
            if number + 1 == wanted:
                sys.stdout.write(record)
                if extra:
                    sys.stdout.write(extra + "\n")
                return 0
        return 1
    check = "--check" in argv
    names = [name for name in argv if not name.startswith("--")] or list(ALL_KINDS)
    stored = load() if DIGESTS.exists() else {}
    failed = False
    for name in names:
        result = digest_kind(name)
        if check:
            same = stored.get(name) == result
            failed |= not same
            print(f"{name}: {'same' if same else 'DIFFERENT'}")
        else:
            stored[name] = result
            print(f"{name}: {result['games']} games")
    if not check:
        DIGESTS.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
