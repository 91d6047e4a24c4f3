"""Snailspace (rulings 21-25) through the engine; the worked example of ``snailspace.txt`` is the
acceptance test.

The source lists the hands with their suit symbols lost, grouped as ``3-8-Q 2-7-J A-3-5-7 4-8-J``
(Annie) and ``A-5-7-10 4-6-8-10 8-9-K 6-Q`` (Benny). Reading each group as one suit, in the same
suit order for both players (spades, hearts, diamonds, clubs here; any renaming of the suits is
equivalent) with the starter the jack of the first suit, every one of the 24 listed placement scores
comes out as printed, with 27-43, and the count-at-end variant gives 29-22.
"""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pegboard import IllegalActionError
from pegboard.cards import Card, full_deck, parse_cards
from pegboard.engine import Deal, GameState, new_game
from pegboard.engine.snailspace import CENTRE, SPIRAL, SnailspaceState
from pegboard.records import load_record, record_of, replay, replay_summary
from pegboard.rules import Rules

from .engine_helpers import play_randomly

GOLDEN = Path(__file__).parent / "golden"
ANNIE = "3S 8S QS 2H 7H JH AD 3D 5D 7D 4C 8C JC"
BENNY = "AS 5S 7S TS 4H 6H 8H TH 8D 9D KD 6C QC"
STARTER = "JS"
# The example's plays in order (Annie, Benny, Annie...) and what each scored, as the text lists them.
PLAYS = "JH TS 8S 9D JC TH 3S QC QS 5S 7H 6H 8C 8H 7D 8D 3D KD 5D 6C 2H 7S AD AS".split()
TEXT_SCORES = [2, 0, 0, 3, 6, 3, 3, 3, 2, 0, 4, 3, 0, 4, 6, 6 + 9, 0, 3, 4, 0, 0, 4, 0, 2 + 3]


def example(*later: Deal, **options: object) -> SnailspaceState:
    """The worked example's deal (then the ``later`` deals), Benny dealing, before any card is placed."""
    deal = Deal(hands=(parse_cards(ANNIE), parse_cards(BENNY)), starter=Card.parse(STARTER))
    game = new_game(Rules.preset("snailspace", **options), ["Annie", "Benny"], first_dealer=1, dealt=[deal, *later])
    assert isinstance(game, SnailspaceState)
    return game


def place_all(game: GameState, plays: list[str] = PLAYS) -> list[int]:
    """Play the cards in turn; the points each placement scored."""
    scored = []
    for card in plays:
        seat = game.to_act()[0]
        before = game.score_list[seat]
        game.apply_text(f"{game.players[seat]} play {card}")
        scored.append(game.score_list[seat] - before)
    return scored


def score_events(game: GameState, deal: int = 0) -> list[tuple[str, str, str, int]]:
    return [(game.players[e.seat], e.where, e.kind, e.points) for e in game.events  # type: ignore[index]
            if e.type == "score" and e.deal == deal]


# ---------------------------------------------------------------------------- ruling 21
def test_ruling_21_dead_cards_starter_at_the_centre_thirteen_cards_each() -> None:
    game = new_game("snailspace", ["Ann", "Bob"], seed=11)
    places = game.card_locations()
    assert len(places["dead"]) == 25 and len(places["hand Ann"]) == 13 and len(places["hand Bob"]) == 13
    view = game.view(0)
    assert view.grid[CENTRE[0] * 5 + CENTRE[1]] == view.starter and places["grid"] == (view.starter,)
    assert sum(card is not None for card in view.grid) == 1


def test_ruling_21_nobody_ever_sees_the_dead_cards_or_the_opponents_hand() -> None:
    game = new_game("snailspace", ["Ann", "Bob"], seed=12)
    rng = random.Random(12)
    while not game.finished:
        dead = set(game.card_locations()["dead"])
        for seat in (None, 0, 1):
            seen_data = game.view(seat).to_json()  # earlier deals' cards say nothing about this one
            seen_data["events"] = [event for event in seen_data["events"] if event["deal"] == game.deal_number]
            shown = json.dumps(seen_data)
            seen = {card for card in full_deck() if f'"{card}"' in shown}
            opponents = {card for other in (0, 1) if other != seat for card in game.card_locations()[
                f"hand {game.players[other]}"]}
            assert not seen & dead and not seen & opponents
            assert game.hidden_cards(seat) == frozenset(dead | opponents)
        game.apply(rng.choice(game.legal_actions()))
    assert game.view(0).hand_sizes == (1, 1)


# ---------------------------------------------------------------------------- ruling 22
def test_ruling_22_the_spiral_covers_the_grid_one_step_at_a_time() -> None:
    assert len(set(SPIRAL)) == 24 and CENTRE not in SPIRAL
    path = [CENTRE, *SPIRAL]
    assert all(abs(r1 - r2) + abs(c1 - c2) == 1 for (r1, c1), (r2, c2) in zip(path, path[1:]))
    assert SPIRAL[0] == (2, 3) and SPIRAL[-1] == (0, 4)  # right of the starter ... top right


def test_ruling_22_non_dealer_first_alternating_along_the_spiral_twelve_each() -> None:
    game = example()
    for number, card in enumerate(PLAYS):
        seat = number % 2  # Annie (non-dealer) first
        assert game.to_act() == (seat,) and game.view(seat).next_cell == SPIRAL[number]
        if number >= 22:  # the last turn is a choice of two
            assert len(game.legal_actions(seat)) == 2
        if number == 23:  # Annie has placed her twelve and keeps one card
            assert [str(card) for card in game.view(0).hand] == ["4C"]
        game.apply_text(f"{game.players[seat]} play {card}")
        row, col = SPIRAL[number]
        if number < 23:  # after the last card the next deal starts at once
            assert game.view(None).grid[row * 5 + col] == Card.parse(card)
        placed = [e for e in game.events if e.type == "place"][-1]
        assert (placed.where, placed.cards, placed.seat) == (f"({row},{col})", (Card.parse(card),), seat)
    assert game.deal_number == 1 and game.dealer == 0  # the deal passes to Annie
    benny_placed = [e.cards[0] for e in game.events if e.type == "place" and e.seat == 1]
    assert len(benny_placed) == 12 and set(parse_cards(BENNY)) - set(benny_placed) == {Card.parse("4H")}


@pytest.mark.parametrize(("text", "message"), [
    ("Benny play TS", "it is Annie's turn, not Benny's"),
    ("Annie play 9D", "Annie does not hold 9D"),
    ("Annie play JS", "JS is already on the grid"),
    ("Annie play JH JC", "play exactly one card"),
    ("Annie place JH a1", "Annie must play a card"),
    ("Annie go", "Annie must play a card"),
])
def test_ruling_22_illegal_placements_name_the_action_and_change_nothing(text: str, message: str) -> None:
    game = example()
    before = (game.events, game.view(0), game.view(1), record_of(game))
    with pytest.raises(IllegalActionError, match=message) as error:
        game.apply_text(text)
    assert str(error.value).startswith(f"{text}: ")  # the message names the action, then why
    assert (game.events, game.view(0), game.view(1), record_of(game)) == before


# ---------------------------------------------------------------------------- ruling 23
def test_ruling_23_the_worked_example_scores_each_placement_as_the_text_says() -> None:
    game = example(deals=2)
    assert place_all(game) == TEXT_SCORES
    assert game.scores() == {"Annie": 27, "Benny": 43}
    assert not game.finished and game.deal_number == 1  # one deal of a two-deal game


def test_ruling_23_benny_8_scores_a_pair_in_each_direction_not_a_prial() -> None:
    game = example()
    place_all(game, PLAYS[:14])  # Benny's 8H at (4,2): 8C beside it in row 4, 8S above it in column 2
    assert SPIRAL[13] == (4, 2)
    assert score_events(game)[-2:] == [("Benny", "row 4", "pair", 2), ("Benny", "column 2", "pair", 2)]
    place_all(game, PLAYS[14:16])  # Benny's 8D at (4,0): 8D 7D 8H 8C 6H, a prial and three runs 6-7-8
    assert [(where, kind, points) for _, where, kind, points in score_events(game)[-4:]] == [
        ("row 4", "pair", 6), ("row 4", "run", 3), ("row 4", "run", 3), ("row 4", "run", 3)]


def test_ruling_23_flushes_score_only_as_unbroken_blocks() -> None:
    game = example()
    place_all(game)
    flushes = [(name, where, [str(c) for c in e.cards], points) for (name, where, kind, points), e in
               zip(score_events(game), [e for e in game.events if e.type == "score" and e.deal == 0])
               if kind == "flush"]
    assert flushes == [
        ("Annie", "column 2", ["3S", "JS", "8S"], 3),  # the starter counts in a block
        ("Benny", "column 0", ["KD", "3D", "8D"], 3),
        ("Annie", "column 0", ["5D", "KD", "3D", "8D"], 4),
        ("Benny", "column 2", ["7S", "3S", "JS", "8S"], 4),  # 8H at the foot breaks the block: not 5
        ("Benny", "column 4", ["AS", "QS", "5S"], 3),  # 7H below breaks it
    ]
    # Annie's 7H at (3,4) joins no flush: 5S above is another suit; Benny's 6H below it comes later
    assert ("Annie", "column 4", "flush") not in {(n, w, k) for n, w, k, _ in score_events(game)}


def test_ruling_23_fifteens_only_with_the_option() -> None:
    plain, fifteens = example(), example(fifteens=True)
    assert place_all(plain, PLAYS[:10])[-1] == 0
    assert place_all(fifteens, PLAYS[:10])[-1] == 8
    # Benny's 5S at (2,4): a fifteen with each jack of row 2 (JC, the starter JS, JH), one with QS above
    assert [(where, kind, points) for _, where, kind, points in score_events(fifteens)[-4:]] == [
        ("row 2", "fifteen", 2), ("row 2", "fifteen", 2), ("row 2", "fifteen", 2), ("column 4", "fifteen", 2)]
    assert [str(card) for card in fifteens.events[-1].cards] == ["QS", "5S"]


# ---------------------------------------------------------------------------- ruling 24
def test_ruling_24_a_jack_starter_scores_nothing() -> None:
    game = example()
    assert Card.parse(STARTER).rank == 11 and game.scores() == {"Annie": 0, "Benny": 0}
    assert not [e for e in game.events if e.type == "score"]
    place_all(game)
    assert not [e for e in game.events if e.kind in ("heels", "nobs")]


@pytest.mark.parametrize("deals", [2, 4])
def test_ruling_24_two_or_four_deals_the_deal_alternating_totals_decide(deals: int) -> None:
    rules = Rules.preset("snailspace", deals=deals)
    for seed in range(5):
        game = new_game(rules, ["Ann", "Bob"], seed=seed, first_dealer=seed % 2)
        play_randomly(game, random.Random(seed))
        dealers = [e.seat for e in game.events if e.type == "deal"]
        assert dealers == [(seed % 2 + i) % 2 for i in range(deals)]
        ann, bob = game.score_list
        assert game.finished and game.winner == (None if ann == bob else "Ann" if ann > bob else "Bob")
        assert game.events[-1].type == "end"


def test_ruling_24_equal_totals_are_a_draw() -> None:
    """The worked example, then the same deal with the roles swapped: 27+43 each."""
    swapped = Deal(hands=(parse_cards(BENNY), parse_cards(ANNIE)), starter=Card.parse(STARTER))
    game = example(swapped)
    place_all(game)
    assert game.dealer == 0 and game.to_act() == (1,)  # deal 1: Annie deals, Benny places first
    place_all(game)
    assert game.scores() == {"Annie": 70, "Benny": 70}
    assert game.finished and game.winner is None and game.events[-1].kind == "draw"
    summary = replay_summary(game)
    assert [deal["scores"] for deal in summary["deals"]] == [{"Annie": 27, "Benny": 43}, {"Annie": 70, "Benny": 70}]


# ---------------------------------------------------------------------------- ruling 25
def test_ruling_25_count_at_end_the_dealer_scores_columns_the_non_dealer_rows() -> None:
    game = example(count_at_end=True)
    scored = place_all(game, PLAYS[:-1])
    assert scored == [0] * 23 and not [e for e in game.events if e.type == "score"]
    place_all(game, PLAYS[-1:])
    assert game.scores() == {"Annie": 29, "Benny": 22}
    events = score_events(game)
    assert {where.split()[0] for name, where, _, _ in events if name == "Annie"} == {"row"}
    assert {where.split()[0] for name, where, _, _ in events if name == "Benny"} == {"column"}
    assert all(e.phase == "show" for e in game.events if e.type == "score")


# ---------------------------------------------------------------------------- records and views
@pytest.mark.parametrize(("name", "totals"), [("snailspace-worked-example", {"Annie": 27, "Benny": 43}),
                                              ("snailspace-worked-example-count-at-end", {"Annie": 29, "Benny": 22})])
def test_worked_example_golden_records(name: str, totals: dict[str, int]) -> None:
    record = load_record(GOLDEN / f"{name}.record.json")
    first = record.deals[0]
    assert first.deal.hands == (parse_cards(ANNIE), parse_cards(BENNY)) and str(first.deal.starter) == STARTER
    assert record.players == ("Annie", "Benny") and record.first_dealer == 1
    assert [text.split()[-1] for text in first.actions] == PLAYS
    summary = replay_summary(replay(record))
    assert summary["deals"][0]["scores"] == totals and summary["deals"][0]["dealer"] == "Benny"
    assert summary == json.loads((GOLDEN / f"{name}.summary.json").read_text())
    one_deal = replay(dataclasses.replace(record, deals=record.deals[:1]))  # a one-deal record: unfinished
    assert one_deal.scores() == totals and not one_deal.finished and one_deal.winner is None


def test_replay_json_of_the_worked_example() -> None:
    done = subprocess.run([sys.executable, "-m", "pegboard", "replay", "--json",
                           str(GOLDEN / "snailspace-worked-example.record.json")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["deals"][0]["scores"] == {"Annie": 27, "Benny": 43}
    assert result["finished"] is True and result["winner"] == max(result["scores"], key=result["scores"].get)


def test_view_shows_the_grid_own_hand_and_counts() -> None:
    game = example()
    place_all(game, PLAYS[:3])
    view = game.view(1)
    assert view.hand == tuple(c for c in parse_cards(BENNY) if str(c) != "TS")
    assert view.hand_sizes == (11, 12) and view.next_cell == SPIRAL[3] and view.my_turn
    assert [str(a) for a in view.legal_actions] == [f"play {c}" for c in view.hand]
    assert game.view(0).legal_actions == () and game.view(None).hand == ()
    data = view.to_json()
    assert data["grid"][2 * 5 + 3] == "JH" and data["starter"] == "JS" and data["phase"] == "place"


def test_a_clone_moves_on_without_its_original() -> None:
    game = example()
    place_all(game, PLAYS[:5])
    twin = game.clone()
    assert twin.view(0) == game.view(0) and twin.events == game.events
    place_all(twin, PLAYS[5:])
    assert game.view(None).next_cell == SPIRAL[5] and len(record_of(game)["deals"][0]["actions"]) == 5
    assert twin.scores() == {"Annie": 27, "Benny": 43}
    seeded = new_game("snailspace", ["Ann", "Bob"], seed=3)
    copy = seeded.clone()
    play_randomly(seeded, random.Random(1))
    play_randomly(copy, random.Random(1))
    assert record_of(copy) == record_of(seeded)  # the copy deals the next deal from the same generator


def test_the_deals_option_reaches_new_game() -> None:
    """``deals`` is Snailspace's option (2 or 4); explicit cards go in ``dealt``."""
    from pegboard.engine import new_game

    assert new_game("snailspace", seed=1, deals=4).rules.deals == 4
