"""One GameKind per family (issue 41, item 1): the contract that nothing outside the engine and the family
folders tests which family or preset a game is, and a family defined only here, registered at test time,
that plays through the simulator, a record's round trip and PettingZoo's ``api_test`` with no line of
the package changed for it."""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pegboard.cards import Card, full_deck
from pegboard.engine import GameState, new_game
from pegboard.engine.actions import Action
from pegboard.engine.deals import Deal
from pegboard.engine.events import Event, make_event
from pegboard.engine.views import view_to_json
from pegboard.kinds import GameKind, kind_named, kinds
from pegboard.rules import ALIASES, PRESET_NAMES, Rules, register_kind

PACKAGE = Path(__file__).resolve().parent.parent / "pegboard"
ALLOWED = (PACKAGE / "engine", PACKAGE / "families")
"""The engine and the family folders: the only places that may ask which family a game is."""
GAME_CLASS = re.compile(r"^(\w+State|\w+View|SeatView)$")


def _constants(node: ast.expr) -> list[object] | None:
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and all(isinstance(item, ast.Constant) for item in node.elts):
        return [item.value for item in node.elts if isinstance(item, ast.Constant)]
    return None


def family_dispatches(path: Path) -> dict[str, list[str]]:
    """A file's ``isinstance`` tests against a game state or view class, its comparisons of a ``family``
    with a name, and its comparisons of anything with a preset's name or alias (``rules.name ==
    "five-card"``, ``game == "cribbage-4"``)."""
    names = set(PRESET_NAMES) | set(ALIASES)
    found: dict[str, list[str]] = {"isinstance": [], "family": [], "preset": []}
    where = path.name if PACKAGE not in path.parents else str(path.relative_to(PACKAGE.parent))
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
                and len(node.args) == 2:
            classes = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            ids = [item.id if isinstance(item, ast.Name) else item.attr if isinstance(item, ast.Attribute) else ""
                   for item in classes]
            if any(GAME_CLASS.match(name) for name in ids):
                found["isinstance"].append(f"{where}:{node.lineno}")
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            family = any(isinstance(side, ast.Attribute) and side.attr == "family" or
                         isinstance(side, ast.Name) and side.id == "family" for side in sides)
            values = [value for side in sides for value in (_constants(side) or [])]
            if family and values:
                found["family"].append(f"{where}:{node.lineno}")
            elif any(isinstance(value, str) and value in names for value in values):
                found["preset"].append(f"{where}:{node.lineno}")
        elif isinstance(node, ast.MatchValue) and isinstance(node.value, ast.Constant) and node.value.value in names:
            found["preset"].append(f"{where}:{node.lineno}")
    return found


def test_nothing_outside_the_engine_and_the_family_folders_asks_which_family_a_game_is() -> None:
    """The contract: no isinstance against a game state or view class, no ``family ==``, no preset-name test."""
    found: dict[str, list[str]] = {"isinstance": [], "family": [], "preset": []}
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(folder in path.parents for folder in ALLOWED):
            continue
        for what, places in family_dispatches(path).items():
            found[what] += places
    assert found == {"isinstance": [], "family": [], "preset": []}


def test_the_contract_check_sees_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f(view, rules, game):\n"
                      "    a = isinstance(view, CribbageView) or isinstance(game, (int, SnailspaceState))\n"
                      "    b = rules.family == 'solitaire' or rules.family in ('cribbage',)\n"
                      "    return a, b, rules.name == 'five-card', game != 'crib5', rules.name == 'Ann'\n")
    found = family_dispatches(sample)
    assert (len(found["isinstance"]), len(found["family"]), len(found["preset"])) == (2, 2, 2)


def test_the_built_in_kinds_own_their_facts_and_tables() -> None:
    assert [kind.family for kind in kinds()][:3] == ["cribbage", "snailspace", "solitaire"]
    assert {name: Rules.preset(name).kind.family for name in PRESET_NAMES} == {
        name: Rules.preset(name).family for name in PRESET_NAMES}
    cribbage, snail, solo = (kind_named(name) for name in ("cribbage", "snailspace", "solitaire"))
    assert (cribbage.crib, snail.crib, solo.crib) == (True, False, False)
    assert (cribbage.grid_side, snail.grid_side, solo.grid_side) == (0, 5, 4)
    assert cribbage.state_class() is type(new_game("cribbage", seed=1))
    assert isinstance(new_game("solitaire", seed=1).view(0), solo.view_class())
    from pegboard.rl.observation import OBSERVATION

    assert solo.renderer(OBSERVATION) is not None  # the learning environments register theirs on import


# ---------------------------------------------------------------------------- a family of the tests' own
# High card: each of two players is dealt one card and plays it; the higher rank wins (a tie: the higher
# suit). Nothing in the package knows this game.

@dataclass(frozen=True)
class HighCardView:
    """What one seat of high card sees: its own card, and the cards played."""

    game: str
    players: tuple[str, ...]
    seat: int | None
    scores: tuple[int, ...]
    previous_scores: tuple[int, ...]
    phase: str
    to_act: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    hand: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    finished: bool
    winner: str | None
    events: Sequence[Event]

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act

    def to_json(self) -> dict[str, Any]:
        return view_to_json(self)  # type: ignore[arg-type]


class HighCardState(GameState):
    family = "highcard"
    default_players = ("North", "South")

    def __init__(self, rules: Rules, players: Sequence[str] | None = None, *, rng: random.Random | None = None,
                 seed: int | None = None, first_dealer: int | None = None, dealt: Sequence[Deal | None] = ()) -> None:
        super().__init__(rules, players, rng=rng, seed=seed, dealt=dealt)
        self.first_dealer = self.dealer = 0 if first_dealer is None else first_dealer
        deal = self._source.deal(0, rules)
        self._start_deal_log(deal)
        self._hands = [list(hand) for hand in deal.hands]
        self._played: list[tuple[int, Card]] = []
        self._log(make_event("deal", 0, self.dealer, phase="deal"))

    @property
    def phase(self) -> str:
        return "over" if self._over else "play"

    def to_act(self) -> tuple[int, ...]:
        if self._over:
            return ()
        return ((self.dealer + 1 + len(self._played)) % 2,)

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        return tuple(Action(seat, "play", (card,)) for card in self._hands[seat])

    def _why_illegal(self, action: Action) -> str:
        return "not your turn" if action.seat not in self.to_act() else "you hold one card: play it"

    def _apply(self, action: Action) -> None:
        card = action.cards[0]
        self._hands[action.seat].remove(card)
        self._played.append((action.seat, card))
        self._log(make_event("play", 0, action.seat, (card,), phase="play"))
        if len(self._played) == 2:
            best = max(self._played, key=lambda played: (played[1].rank, played[1].suit))[0]
            self._scores[best] += 1
            self._finish(best)

    def view(self, seat: int | None) -> HighCardView:  # type: ignore[override]
        return HighCardView(self.game, self.players, seat, self.score_list, self.previous_scores, self.phase,
                            self.to_act(), self.legal_actions(seat) if seat is not None else (),
                            tuple(self._hands[seat]) if seat is not None else (), tuple(self._played),
                            self.finished, self.winner, self.events_for(seat))

    def hidden_cards(self, seat: int | None) -> frozenset[Card]:
        return frozenset(card for other, hand in enumerate(self._hands) if other != seat for card in hand)

    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        held = {f"hand {seat}": tuple(hand) for seat, hand in enumerate(self._hands)}
        named = {card for cards in held.values() for card in cards} | {card for _, card in self._played}
        return {**held, "played": tuple(card for _, card in self._played),
                "pack": tuple(card for card in full_deck() if card not in named)}


def _check(rules: Any) -> None:
    from pegboard.errors import RulesError

    if rules.players != 2 or rules.deal_size != 1:
        raise RulesError("high card: two players, one card each")


def _observation_sizes(rules: Rules) -> list[tuple[str, int]]:
    return [("hand", 52), ("played", 52), ("to_act", 2)]


def _encode(encoder: Any, view: Any, me: int, out: Any) -> list[int]:
    at = encoder.start
    return ([at["hand"] + card.code for card in view.hand] + [at["played"] + card.code for _, card in view.played]
            + [at["to_act"] + (seat - me) % 2 for seat in view.to_act])


HIGH_CARD = GameKind(
    family="highcard", state=HighCardState, view=HighCardView,
    presets={"highcard": dict(players=2, deal_size=1, discard_count=0, target=None, heels_points=0)},
    titles={"highcard": "High card"}, options=(), check=_check, decisions=("play",),
)


@pytest.fixture(scope="module")
def high_card() -> GameKind:
    """The family registered once, with its learning renderers (what an interface would register)."""
    from pegboard.rl.actions import ActionCodec
    from pegboard.rl.observation import Observation

    register_kind(HIGH_CARD)
    HIGH_CARD.register_renderer("observation", Observation(_observation_sizes, _encode, {}))
    HIGH_CARD.register_renderer("actions", ActionCodec.plays)
    HIGH_CARD.register_renderer("text", lambda game, view: ["played: " + " ".join(str(c) for _, c in view.played)])
    return HIGH_CARD


def test_a_family_of_the_tests_plays_by_the_engine_api(high_card: GameKind) -> None:
    game = new_game("highcard", ["Ann", "Bob"], seed=4)
    assert type(game) is HighCardState and game.rules.kind is high_card and not game.rules.crib
    while not game.finished:
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    assert game.winner in ("Ann", "Bob") and sum(game.score_list) == 1


def test_a_family_of_the_tests_plays_through_the_simulator(high_card: GameKind, tmp_path: Path) -> None:
    from pegboard.sim import MatchConfig, run_match

    config = MatchConfig("highcard", ("random", "random"), games=12, seed=3, records=str(tmp_path))
    result = run_match(config)
    assert result.games == 12 and sum(result.wins) == 12
    assert len(list(tmp_path.glob("game-*.json"))) == 12


def test_a_family_of_the_tests_round_trips_through_a_record(high_card: GameKind) -> None:
    from pegboard.records import read_record, record_of, replay

    game = new_game("highcard", ["Ann", "Bob"], seed=11, first_dealer=1)
    while not game.finished:
        game.apply(game.legal_actions(game.to_act()[0])[0])
    text = json.dumps(record_of(game))
    again = replay(read_record(text))
    assert record_of(again) == record_of(game) and again.scores() == game.scores() and again.winner == game.winner


def test_a_family_of_the_tests_passes_pettingzoos_api_test(high_card: GameKind) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from pegboard.rl.zoo import pettingzoo_env

    api_test(pettingzoo_env("highcard", render_mode="ansi"), num_cycles=50)
