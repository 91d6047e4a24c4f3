"""Regenerate the golden records: ``python -m tests.golden.regenerate [name ...]``.

Each golden is a whole game (``<name>.record.json``) and its replay summary with every scoring event
(``<name>.summary.json``). Seeded goldens are random legal games; scripted goldens are explicit deals
with scripted actions whose totals the tests check by hand (the Snailspace worked example of
``snailspace.txt``; solitaire squares with a 29 line, flushes and a jack starter). Regenerate only on
purpose, and read the diff: a changed golden is a changed rule.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from pegboard.cards import Card, parse_cards
from pegboard.engine import Deal, GameState, new_game
from pegboard.engine.cribbage import honest_claim
from pegboard.records import record_of, replay_summary
from pegboard.rules import Rules

HERE = Path(__file__).parent
SEED = 2026
GOLDENS: dict[str, tuple[str, list[str], dict[str, Any], int]] = {
    "cribbage": ("cribbage", ["Ann", "Bob"], {}, SEED),
    "cribbage-muggins": ("cribbage", ["Ann", "Bob"], {"muggins": True}, SEED),
    "cribbage-3": ("cribbage-3", ["Ann", "Bob", "Cat"], {}, SEED),
    "cribbage-4": ("cribbage-4", ["Ann", "Bob", "Cat", "Dan"], {}, SEED),
    "cribbage-4-solo": ("cribbage-4-solo", ["Ann", "Bob", "Cat", "Dan"], {}, SEED),
    "five-card": ("five-card", ["Ann", "Bob"], {}, SEED),
    "snailspace": ("snailspace", ["Ann", "Bob"], {}, SEED),
    "snailspace-count-at-end": ("snailspace", ["Ann", "Bob"], {"count_at_end": True}, SEED),
    # goldens are won games: seed 2058 is one whose random solitaire reaches 60
    "solitaire": ("solitaire", ["Solo"], {}, 2058),
}
"""Seeded random games: preset, players, options, seed."""

# The worked example of snailspace.txt (suits reconstructed; see tests/test_snailspace.py).
# Benny deals; Annie places first. Deal 1 of the two-deal game is a seeded random deal.
WORKED_DEAL = Deal(hands=(parse_cards("3S 8S QS 2H 7H JH AD 3D 5D 7D 4C 8C JC"),
                          parse_cards("AS 5S 7S TS 4H 6H 8H TH 8D 9D KD 6C QC")),
                   starter=Card.parse("JS"))
WORKED_PLAYS = ("JH TS 8S 9D JC TH 3S QC QS 5S 7H 6H 8C 8H 7D 8D 3D KD 5D 6C 2H 7S AD AS").split()

# Solitaire squares counted by hand in tests/test_solitaire.py.
SQUARE_29 = ("discard 8C", "place KH d4", "place 5C a1", "place 2S a2", "place 9D c3", "place JS d1",
             "discard QC", "place 3S b2", "place TH a4", "place 5D b1", "place AD a3", "place 4S c2",
             "place 7D b3", "place JH b4", "place 5H c1", "place 6S d2", "place KD d3", "place QH c4")
SQUARE_29_STOCK = "8C KH 5C 2S 9D JS QC 3S TH 5D AD 4S 7D JH 5H 6S KD QH 5S 2D 3D"
SQUARE_JACK = ("place 5C a1", "place 4H a2", "place 9S a3", "place AC a4", "place 5D b1", "place 6H b2",
               "place TS b3", "place 2C b4", "place 5H c1", "place 7H c2", "place QS c3", "place 3C c4",
               "place 5S d1", "place 8H d2", "place KS d3", "place 4C d4")
SQUARE_JACK_STOCK = "5C 4H 9S AC 5D 6H TS 2C 5H 7H QS 3C 5S 8H KS 4C JD"

SCRIPTED: dict[str, tuple[str, dict[str, Any]]] = {
    "snailspace-worked-example": ("snailspace", {}),
    "snailspace-worked-example-count-at-end": ("snailspace", {"count_at_end": True}),
    "solitaire-29": ("solitaire", {}),
    "solitaire-jack-starter": ("solitaire", {}),
    "solitaire-jack-starter-heels-once": ("solitaire", {"heels": "once"}),
}
"""Explicit deals with scripted actions: preset and options."""


def play_seeded(game, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Seeded random legal moves; under muggins, count right 80% of the time so claims happen too."""
    while not game.finished:
        actions = game.legal_actions()
        if actions[0].verb in ("count", "muggins"):  # muggins: count a little short now and then so claims happen
            best = honest_claim(game.view(actions[0].seat), game.rules)
            least = 0 if best.verb == "count" else 1
            short = best.verb != "pass" and isinstance(best.target, int) and best.target > least
            game.apply(best if rng.random() < 0.8 or not short else best._replace(target=best.target - 1))
            continue
        game.apply(rng.choice(actions))


def scripted_game(name: str) -> GameState:
    """A scripted golden played to its end."""
    preset, options = SCRIPTED[name]
    rules = Rules.preset(preset, **options)
    if preset == "snailspace":
        game = new_game(rules, ["Annie", "Benny"], seed=SEED, first_dealer=1, dealt=[WORKED_DEAL])
        for number, card in enumerate(WORKED_PLAYS):
            game.apply_text(f"{game.players[number % 2]} play {card}")
        play_seeded(game, random.Random(SEED))
        return game
    square = name == "solitaire-29"
    stock = parse_cards(SQUARE_29_STOCK if square else SQUARE_JACK_STOCK)
    game = new_game(rules, ["Solo"], dealt=[Deal(stock=stock)])
    for text in SQUARE_29 if square else SQUARE_JACK:
        game.apply_text(text)
    return game


def golden_game(name: str) -> GameState:
    """The golden game ``name`` played to its end, as the stored files should hold it."""
    if name in SCRIPTED:
        return scripted_game(name)
    game_name, players, options, seed = GOLDENS[name]
    game = new_game(Rules.preset(game_name, **options), players, seed=seed)
    play_seeded(game, random.Random(seed))
    return game


def golden_texts(game: GameState) -> tuple[str, str]:
    """The record file's and the summary file's text of a golden game."""
    return (json.dumps(record_of(game), indent=1) + "\n", json.dumps(replay_summary(game), indent=1) + "\n")


def regenerate(names: list[str]) -> None:
    for name in names:
        game = golden_game(name)
        record, summary = golden_texts(game)
        (HERE / f"{name}.record.json").write_text(record)
        (HERE / f"{name}.summary.json").write_text(summary)
        print(f"{name}: {game.scores()} winner {game.winner}")


if __name__ == "__main__":
    regenerate(sys.argv[1:] or [*GOLDENS, *SCRIPTED])
