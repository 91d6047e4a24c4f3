"""The app's UI-free parts: seating, turns, hot-seat hiding, typed moves, computer moves, outcomes,
counts explained, saves and statistics."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pegboard.cards import parse_cards
from pegboard.engine.actions import Action
from pegboard.engine.cribbage import honest_claim
from pegboard.errors import IllegalActionError, PegboardError, RulesError
from pegboard.records import record_of
from pegboard.scoring.items import ScoreItem
from pegboard.tui.controller import Controller, Outcome, Setup, describe_action
from pegboard.tui.explain import deal_counts, deal_summary, item_words
from pegboard.tui.store import ENV_VAR, Store, data_dir


def advance_to(ctl: Controller, rng: random.Random, stop: object) -> None:
    """Play legal moves (people and computer alike) until ``stop(ctl)`` is true."""
    for _ in range(5000):
        if ctl.game.finished or stop(ctl):  # type: ignore[operator]
            return
        seat = ctl.game.to_act()[0]
        if ctl.is_human(seat):
            ctl.apply(rng.choice(ctl.game.legal_actions(seat)))
        else:
            ctl.apply(ctl.choose_for(seat, ctl.game.view(seat)))
    raise AssertionError("never reached")


def test_setup_seats_people_first_and_names_everyone() -> None:
    setup = Setup("cribbage-4-solo", "greedy", humans=2, names=("Ann",))
    kinds = setup.kinds(4)
    assert kinds == ("human", "human", "greedy", "greedy")
    assert setup.player_names(kinds) == ("Ann", "Player2", "Ada", "Bert")
    partners = Setup("cribbage-4", "expert", humans=2).kinds(4, partners=True)
    assert partners == ("human", "expert", "human", "expert")  # two people play as partners
    assert Setup("cribbage-4", "expert", humans=2).player_names(partners) == ("Player1", "Ada", "Player2", "Bert")
    assert Setup("cribbage", "human").kinds(2) == ("human", "human")
    assert Setup.from_json(setup.to_json()) == setup
    with pytest.raises(PegboardError, match="opponent 'wizard'"):
        Setup("cribbage", "wizard").kinds(2)
    with pytest.raises(RulesError, match="muggins"):
        Setup("snailspace", muggins=True).rules()


def test_turns_and_computer_moves() -> None:
    ctl = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=4))
    assert ctl.humans == (0,) and ctl.viewer == 0 and not ctl.hot_seat
    assert ctl.human_to_act() == 0 and ctl.computer_to_act() == 1  # discards are simultaneous
    assert not ctl.needs_handover()
    action = ctl.choose_for(1, ctl.game.view(1))
    assert action in ctl.game.legal_actions(1)
    assert ctl.choose_for(1, ctl.game.view(1)) == action  # same moment, same decision
    assert ctl.label(1) == "Ada (random)" and ctl.label(0) == "Ann"


def test_hot_seat_hides_the_hand_until_the_owner_takes_the_keyboard() -> None:
    ctl = Controller.start(Setup("cribbage", "human", names=("Ann", "Bob"), seed=4))
    assert ctl.hot_seat and ctl.viewer is None and ctl.needs_handover()
    assert ctl.view().seat is None and ctl.view().hand == ()  # nobody's cards on the screen
    ctl.take_keyboard()
    assert ctl.viewer == 0 and ctl.view().hand
    ctl.apply(ctl.game.legal_actions(0)[0])
    assert ctl.needs_handover() and ctl.view().seat is None
    ctl.take_keyboard()
    assert ctl.viewer == 1 and set(ctl.view().hand) == set(ctl.game.view(1).hand)


@pytest.mark.parametrize("text, expected", [
    ("1 2", "discard"), ("5h 6c", "discard"), ("discard 5h 6c", "discard"),
])  # fmt: skip
def test_typed_discards(text: str, expected: str) -> None:
    ctl = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=4))
    hand = ctl.hand(0)
    action = ctl.interpret(text, 0)
    assert action.verb == expected
    if text == "1 2":
        assert action.cards == hand[:2]


def test_typed_moves_and_their_errors() -> None:
    ctl = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=4))
    first = str(ctl.hand(0)[0]).lower()
    assert ctl.interpret(first, 0) == Action(0, "discard", (ctl.hand(0)[0],))
    assert ctl.interpret("g", 0) == Action(0, "go")
    assert ctl.interpret("pass", 0) == Action(0, "pass")
    with pytest.raises(IllegalActionError, match="no card 9: you hold 6"):
        ctl.interpret("9", 0)
    with pytest.raises(IllegalActionError, match="invalid card 'zz'"):
        ctl.interpret("zz", 0)
    with pytest.raises(IllegalActionError, match="nothing typed"):
        ctl.interpret("  ", 0)
    solo = Controller.start(Setup("solitaire", names=("Ann",), seed=2))
    current = solo.game.view(0).current
    assert solo.interpret("b3", 0) == Action(0, "place", (current,), "b3")
    assert solo.interpret(f"{current} B3", 0) == Action(0, "place", (current,), "b3")
    assert solo.interpret("x", 0) == Action(0, "discard", (current,))
    for wrong in ("e9", "b3 c4", "zz"):
        with pytest.raises(IllegalActionError, match="name one cell"):
            solo.interpret(wrong, 0)


def test_muggins_counts_and_the_computer_takes_what_was_missed() -> None:
    ctl = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=9, muggins=True))
    rng = random.Random(1)

    def my_count(c: Controller) -> bool:
        return c.mode(0) == "count" and len(c.game.legal_actions(0)) > 1

    advance_to(ctl, rng, my_count)
    assert "type the points" in ctl.prompt(0)
    total = honest_claim(ctl.game.view(0), ctl.game.rules).target
    assert isinstance(total, int)
    with pytest.raises(IllegalActionError, match="from 0 to 29"):
        ctl.apply(ctl.interpret("30", 0))
    ctl.apply(ctl.interpret(str(total - 1), 0))  # one point short
    claimant = ctl.computer_to_act()
    assert claimant is not None and ctl.mode(claimant) == "muggins"
    claim = ctl.choose_for(claimant, ctl.game.view(claimant))
    assert claim == Action(claimant, "muggins", (), 1)


def test_outcome_and_result_words() -> None:
    ctl = Controller.start(Setup("five-card", "random", names=("Ann",), seed=3))
    advance_to(ctl, random.Random(2), lambda c: False)
    outcome = ctl.outcome(0)
    assert outcome.result in ("won", "lost")
    assert (outcome.score >= 61) == (outcome.result == "won")
    solo = Controller.start(Setup("solitaire", names=("Ann",), seed=3, target=500))
    advance_to(solo, random.Random(2), lambda c: False)
    assert solo.outcome(0).result == "lost"  # never a draw


def test_describe_action() -> None:
    assert describe_action(Action.parse("discard 5h 6c", 0)) == "throw 5♥ 6♣"
    assert describe_action(Action.parse("go", 0)) == "say go"
    assert describe_action(Action.parse("muggins 3", 0)) == "call muggins for 3"


def test_counts_are_itemised_spoken_and_summarised() -> None:
    ctl = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=5))
    advance_to(ctl, random.Random(3), lambda c: c.game.deal_number > 0)
    game = ctl.game
    counts = deal_counts(game.events, 0, game.rules, game.players)
    assert [count.title.split("'s ")[1] for count in counts] == ["hand", "hand", "crib"]
    shown = [event for event in game.events if event.type == "show" and event.deal == 0]
    for count, event in zip(counts, shown):
        assert count.score.total == event.points and count.cards == event.cards
        assert count.spoken  # "fifteen two..." or "nineteen (nothing)"
    summary = deal_summary(game, 0)
    assert summary[-1].startswith("Scores: ")
    assert item_words(ScoreItem("run", parse_cards("3H 4H 5C"), 3)) == "run of 3"
    assert item_words(ScoreItem("pair", parse_cards("3H 3C 3S"), 6)) == "pair royal"


def test_saved_game_resumes_exactly_and_goes_on_the_same_way(tmp_path: Path) -> None:
    store = Store(tmp_path)
    ctl = Controller.start(Setup("cribbage", "greedy", names=("Ann",), seed=21))
    advance_to(ctl, random.Random(5), lambda c: c.game.deal_number >= 2 and c.mode(0) == "play")
    path = store.save_game(ctl)
    assert path.parent == tmp_path / "saves" and path.name.startswith("cribbage-") and ctl.save_path == path
    saved = store.load_game()
    assert saved is not None and store.load_game("cribbage") == saved and store.load_game("solitaire") is None
    twin = saved.controller()
    assert record_of(twin.game) == record_of(ctl.game)
    assert twin.game.view(0) == ctl.game.view(0) and twin.kinds == ctl.kinds and twin.viewer == 0
    for game in (ctl, twin):  # both go on to the end with the same choices
        advance_to(game, random.Random(8), lambda c: False)
    assert record_of(twin.game) == record_of(ctl.game)
    assert twin.save_path == path
    store.drop_save(twin)
    assert store.load_game() is None


def test_statistics_settings_and_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data"
    store = Store()
    assert store.summary() == []
    store.record_result("cribbage", "expert", Outcome("lost", 80, 121, "skunk", None))
    store.record_result("cribbage", "expert", Outcome("won", 121, 50, None, "double-skunk"))
    store.record_result("solitaire", "solo", Outcome("won", 64, 60))
    rows = {(row.game, row.opponent): row for row in store.summary()}
    expert = rows["cribbage", "expert"]
    assert (expert.played, expert.won, expert.lost, expert.skunked, expert.gave) == (2, 1, 1, 1, 1)
    assert expert.best_win == 121 - 50  # the margin of the win, not the 121 every win reaches
    assert rows["solitaire", "solo"].won == 1 and rows["solitaire", "solo"].best_win == 4
    assert store.load_settings() == {}
    store.save_settings({"setup": Setup("snailspace").to_json()})
    assert Store(tmp_path / "data").load_settings()["setup"]["game"] == "snailspace"
    (tmp_path / "data" / "saves").mkdir()
    (tmp_path / "data" / "saves" / "bad.json").write_text("{}")
    with pytest.raises(PegboardError, match="not a pegboard save"):
        store.read_save(tmp_path / "data" / "saves" / "bad.json")
    assert store.load_game() is None  # a broken file is never offered


@pytest.mark.parametrize("typed", ["\u00b2", "9" * 5000, "\u0663"])
def test_typed_digits_of_other_scripts_or_thousands_of_digits_are_refused_not_a_crash(typed: str) -> None:
    ctl = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=4))
    with pytest.raises(IllegalActionError):
        ctl.interpret(typed, 0)  # a card number
    counting = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=9, muggins=True))
    rng = random.Random(1)
    while counting.mode(0) != "count":
        seat = counting.human_to_act() if counting.human_to_act() is not None else counting.computer_to_act()
        assert seat is not None
        counting.apply(rng.choice(counting.game.legal_actions(seat)))
    with pytest.raises(IllegalActionError, match="type a number, your count"):
        counting.interpret(typed, 0)
    with pytest.raises(IllegalActionError, match="expected 'count N' with N a number of points"):
        counting.interpret(f"count {typed}", 0)


def test_a_saved_set_up_of_the_wrong_types_is_refused_naming_the_key() -> None:
    with pytest.raises(PegboardError, match='set-up humans true: expected a whole number'):
        Setup.from_json({"humans": True})
    with pytest.raises(PegboardError, match="set-up seed \"7\": expected a whole number or null"):
        Setup.from_json({"seed": "7"})
    with pytest.raises(PegboardError, match="set-up names: expected a list of names"):
        Setup.from_json({"names": [1]})
    assert Setup.from_json({"game": "five-card", "colour": "red"}).game == "five-card"  # unknown keys: ignored
