"""UI-free glue between the engine and the terminal app: who sits where (people or computer levels),
whose turn it is, computer moves, hot-seat hiding, typed input and prompts in words.

>>> ctl = Controller.start(Setup("cribbage", "random", names=("Ann", "Bob"), seed=3))
>>> ctl.kinds, ctl.human_to_act(), ctl.computer_to_act()
(('human', 'random'), 0, 1)
>>> ctl.mode(0), ctl.interpret("1 2", 0).verb
('discard', 'discard')
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, cast

from pegboard.cards import CARD_IN_TEXT, Card
from pegboard.duplicate import DuplicateResult, compare, duplicate_rules, seating
from pegboard.engine import GameState, new_game
from pegboard.engine.actions import VERBS, Action, small_number
from pegboard.engine.snailspace import SnailspaceView
from pegboard.engine.solitaire import SolitaireView, solitaire_view
from pegboard.engine.views import CribbageView, SeatView
from pegboard.errors import CardError, DuplicateError, IllegalActionError, PegboardError
from pegboard.kinds import kinds
from pegboard.objectives import Objective
from pegboard.rules import Rules
from pegboard.session import HUMAN, LEVELS, Session

__all__ = ["Setup", "Controller", "Outcome", "HUMAN", "LEVELS", "hand_order", "describe_action", "refusal",
           "card_symbols", "claim_story", "GAME_TITLES", "GAME_OVER", "title_of", "objective_line"]

COMPUTER_NAMES = ("Ada", "Bert", "Cleo")
GAME_OVER = ("The game is over: Enter the summary, r review, n a new game, w its record, s statistics, "
             "Ctrl+Q quit.")
"""The prompt once the game is over (shown once: never repeated under itself)."""
CELLS = {f"{col}{row}" for col in "abcd" for row in "1234"}


@dataclass(frozen=True)
class Setup:
    """How a game is set up: the preset and its options, who plays, the seed."""

    game: str = "cribbage"
    opponent: str = "expert"
    humans: int = 1
    names: tuple[str, ...] = ()
    seed: int | None = None
    target: int | None = None
    muggins: bool = False
    count_at_end: bool = False
    deals: int | None = None
    discards: int | None = None
    auto: bool = True
    """Forced moves (a go, the one card that can be played, the one cell left) are made for the person."""
    advice: bool = True
    """After each cribbage deal, the person's discard is judged as the hint and the review judge it."""
    duplicate: int | None = None
    """A duplicate set of this many deals against the computer (:mod:`pegboard.duplicate`): the deals
    from seat 1, then the same deals from seat 2."""
    objective: str = "win"
    """What the computer plays for (:mod:`pegboard.objectives`, by name): win, game-points, spread or
    match; anything but win in two-sided cribbage games only."""

    def options(self) -> dict[str, Any]:
        """Rules options that differ from the preset (as ``new_game`` takes them)."""
        options: dict[str, Any] = {}
        if self.target is not None:
            options["target"] = self.target
        if self.muggins:
            options["muggins"] = True
        if self.count_at_end:
            options["count_at_end"] = True
        if self.deals is not None:
            options["deals"] = self.deals
        if self.discards is not None:
            options["discards"] = self.discards
        return options

    def rules(self) -> Rules:
        """The rules (raises :class:`~pegboard.errors.RulesError` for a bad game or option, and
        :class:`~pegboard.errors.DuplicateError` for a duplicate set that cannot be played)."""
        rules = Rules.preset(self.game, **self.options())
        return rules if self.duplicate is None else duplicate_rules(rules, self.duplicate)

    def objective_value(self) -> Objective:
        """:attr:`objective`, parsed (raises :class:`~pegboard.errors.ObjectiveError` for a bad name)."""
        return Objective.from_name(self.objective)

    def kinds(self, players: int, partners: bool = False) -> tuple[str, ...]:
        """``human`` or a computer level per seat. The people sit first; with partners, two people
        are partners (seats 1 and 3)."""
        if self.opponent != HUMAN and self.opponent not in LEVELS:
            raise PegboardError(f"opponent {self.opponent!r}: expected one of {', '.join((*LEVELS, HUMAN))}")
        if self.duplicate is not None and (self.opponent == HUMAN or self.humans != 1):
            raise DuplicateError("a duplicate set is one person against the computer: choose a computer opponent")
        humans = players if self.opponent == HUMAN else self.humans
        if not 1 <= humans <= players:
            raise PegboardError(f"{humans} people at the keyboard: this game seats 1 to {players}")
        order = (0, 2, 1, 3) if partners else tuple(range(players))
        people = set(order[:humans])
        return tuple(HUMAN if seat in people else self.opponent for seat in range(players))

    def player_names(self, kinds: Sequence[str]) -> tuple[str, ...]:
        """The given names, completed: ``Player`` (or Player1, Player2...) for people, Ada, Bert, Cleo
        for the computer."""
        if len(self.names) > len(kinds):
            raise PegboardError(f"{len(self.names)} names given: this game seats {len(kinds)}")
        people = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
        names = list(self.names)
        computers = iter(name for name in COMPUTER_NAMES if name not in names)
        for seat in range(len(names), len(kinds)):
            if kinds[seat] == HUMAN:
                names.append("Player" if len(people) == 1 else f"Player{people.index(seat) + 1}")
            else:
                names.append(next(computers))
        return tuple(names)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["names"] = list(self.names)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        """A set-up saved by :meth:`to_json` (unknown keys are ignored); a wrong type is a
        :class:`~pegboard.errors.PegboardError` naming the key and what it should be."""
        if not isinstance(data, dict):
            raise PegboardError(f"set-up {json.dumps(data)[:40]}: expected an object")
        known = {key: value for key, value in data.items() if key in cls.__dataclass_fields__}
        for key, value in known.items():
            kind = _SETUP_TYPES[key]
            if value is None and "None" in kind or _json_type(value) in kind:
                continue
            wanted = " or ".join(_TYPE_WORDS[name] for name in kind)
            raise PegboardError(f"set-up {key} {json.dumps(value)[:40]}: expected {wanted}")
        known["names"] = tuple(known.get("names", ()))
        if not all(isinstance(name, str) for name in known["names"]):
            raise PegboardError("set-up names: expected a list of names")
        setup = cls(**known)
        setup.check()
        return setup

    def check(self) -> None:
        """Refuse a set-up that could not be played (a game, target, duplicate set, opponent or objective
        that does not exist), with the error naming it: a damaged save is not resumed nor written back.

        >>> Setup(game="nosuch").check()
        Traceback (most recent call last):
        ...
        pegboard.errors.RulesError: unknown game 'nosuch': expected one of cribbage, ...
        """
        rules = self.rules()
        self.objective_value()
        self.kinds(rules.players, rules.partners)


_SETUP_TYPES: dict[str, tuple[str, ...]] = {
    "game": ("str",), "opponent": ("str",), "humans": ("int",), "names": ("list",), "seed": ("int", "None"),
    "target": ("int", "None"), "muggins": ("bool",), "count_at_end": ("bool",), "deals": ("int", "None"),
    "discards": ("int", "None"), "auto": ("bool",), "advice": ("bool",), "duplicate": ("int", "None"),
    "objective": ("str",),
}
"""What each key of a saved set-up holds, by JSON type name."""
_TYPE_WORDS = {"str": "text", "int": "a whole number", "bool": "true or false", "list": "a list", "None": "null"}


def _json_type(value: object) -> str:
    """The type name of a JSON value: ``bool`` is not an ``int`` here."""
    return type(value).__name__


@dataclass(frozen=True)
class Outcome:
    """A finished game from one seat's side: won, lost or draw; the scores; skunks taken or given."""

    result: str
    score: int
    best_other: int
    skunked: str | None = None
    gave: str | None = None


def hand_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards as the app lays them out (by rank, then suit); number keys count in this order."""
    return tuple(sorted(cards))


class Controller(Session):
    """A game in the app: the session (the engine state, who plays each seat: see
    :class:`pegboard.session.Session`), its set-up, and whose cards are on screen.

    ``viewer`` is the seat whose hand is shown (None: nobody's, e.g. while a hot-seat keyboard is
    handed over). With one person at the table it is always theirs.
    """

    def __init__(self, game: GameState, kinds: Sequence[str], *, setup: Setup | None = None, bot_seed: int = 0,
                 viewer: int | None = None, rng: random.Random | None = None,
                 first_half: GameState | None = None) -> None:
        setup = setup or Setup(game=game.game)
        super().__init__(game, kinds, seed=bot_seed, objective=setup.objective_value(),
                         duplicate=setup.duplicate is not None)
        self.rng = rng  # the game's own generator (it deals the deals to come), when we made it
        self.setup = setup
        self.first_half = first_half
        """In the second half of a duplicate set: the first half, finished."""
        if viewer is None and len(self.humans) == 1:
            viewer = self.humans[0]
        self.viewer = viewer
        self.save_path: Path | None = None  # the file this game saves to, once it has been saved
        self.undos = 0  # decisions taken back in this game

    @classmethod
    def start(cls, setup: Setup) -> Controller:
        """A new game as ``setup`` says (a random seed if it names none)."""
        rules = setup.rules()
        kinds = setup.kinds(rules.players, rules.partners)
        seed = setup.seed if setup.seed is not None else random.randrange(1 << 31)
        rng = random.Random(seed)
        game = new_game(rules, setup.player_names(kinds), seed=seed, rng=rng)
        return cls(game, kinds, setup=replace(setup, seed=seed), bot_seed=seed, rng=rng)

    # ------------------------------------------------------------------ seats and turns
    @property
    def hot_seat(self) -> bool:
        """Several people share the keyboard."""
        return len(self.humans) > 1

    def human_to_act(self, prefer: int | None = None) -> int | None:
        """The person who should act now (the one at the keyboard first), None if no person may."""
        return super().human_to_act(self.viewer if prefer is None else prefer)

    def needs_handover(self) -> bool:
        """Hot seat: a different person must take the keyboard before their hand is shown."""
        seat = self.human_to_act()
        return seat is not None and seat != self.viewer

    def take_keyboard(self) -> None:
        """The person whose turn it is has the keyboard: show their hand."""
        seat = self.human_to_act()
        if seat is not None:
            self.viewer = seat

    def view(self) -> SeatView:
        """What the screen may show: the viewer's view; a spectator's during a handover, and at a hot
        seat whenever the viewer is not the one to act (the hand is hidden between players)."""
        hidden = self.needs_handover() or (self.hot_seat and self.human_to_act() != self.viewer)
        view: SeatView = self.game.view(None if hidden else self.viewer)
        return view

    def label(self, seat: int) -> str:
        """A seat's name with its computer level: ``Ada (expert)``."""
        name = self.game.players[seat]
        return name if self.is_human(seat) else f"{name} ({self.kinds[seat]})"

    # ------------------------------------------------------------------ actions
    def apply(self, action: Action) -> None:
        """Apply an action (raises :class:`IllegalActionError`, changing nothing, if it is illegal)."""
        self.game.apply(action)

    def choose_for(self, seat: int, view: SeatView) -> Action:
        """A computer seat's move from its view (safe to call off the UI thread): see
        :func:`pegboard.session.computer_move`."""
        return self.decide(seat, view)

    # ------------------------------------------------------------------ duplicate sets
    @property
    def half(self) -> int | None:
        """Which half of a duplicate set this game is (1 or 2), None for an ordinary game."""
        if not self.duplicate:
            return None
        return 1 if self.first_half is None else 2

    def second_half(self) -> Controller:
        """The second half of a duplicate set once the first is over: the same deals (the same seed, so
        the same cards and the same first dealer's seat), the person in the computer's seat."""
        if self.half != 1 or not self.game.finished:
            raise DuplicateError("the second half of a duplicate set starts when the first is over")
        person, computer = self.game.players
        names, kinds = seating(2, person, computer, self.kinds[1])
        seed = self.game.seed if self.game.seed is not None else 0
        rng = random.Random(seed)
        game = new_game(self.game.rules, list(names), seed=seed, rng=rng)
        ctl = Controller(game, kinds, setup=self.setup, bot_seed=self.bot_seed, rng=rng, first_half=self.game)
        ctl.save_path = self.save_path
        return ctl

    def duplicate_result(self) -> DuplicateResult:
        """The set so far (the second half's finished deals against the first's)."""
        if self.first_half is None:
            raise DuplicateError("a duplicate set has a result once its second half is under way")
        return compare(self.first_half, self.game)

    def undo_refusal(self, seat: int, *, rated: bool = False) -> str | None:
        return super().undo_refusal(seat, rated=rated or self.rated)

    def take_back(self) -> int:
        """Undo the person's last decision (and the computer's moves after it); returns how many
        moves were taken back. Raises :class:`PegboardError` saying why when undo is not allowed."""
        seat = self.viewer if self.viewer is not None else (self.humans[0] if self.humans else 0)
        undone = self.undo(seat, rated=self.rated)
        self.undos += 1
        return len(undone.actions)

    def hand(self, seat: int | None) -> tuple[Card, ...]:
        """``seat``'s cards in hand, in the app's order."""
        if seat is None:
            return ()
        return hand_order(getattr(self.game.view(seat), "hand", ()))

    def interpret(self, text: str, seat: int) -> Action:
        """Typed input as an action of ``seat``: ``5h``, ``10s``, card numbers (``2``, ``1 4``),
        ``go``, ``pass``, a count (``12``), a cell (``a1``, ``5h b3``), or a full action
        (``play 5h``). Raises :class:`IllegalActionError` with the reason when it means nothing."""
        words = text.strip().lower().split()
        if not words:
            raise IllegalActionError("nothing typed: type a card (5h, 10s), a card number, go, or a count")
        if words[0] in VERBS:
            return Action.parse(" ".join(words), seat)
        if words in (["g"], ["go"]):
            return Action(seat, "go")
        if words in (["p"], ["pass"]):
            return Action(seat, "pass")
        mode = self.mode(seat)
        if mode in ("count", "muggins"):
            points = small_number(words[0]) if len(words) == 1 else None
            if points is None:
                what = "your count" if mode == "count" else "the points missed, or p to pass"
                raise IllegalActionError(f"{text.strip()!r}: type a number, {what}")
            return Action(seat, "count" if mode == "count" else "muggins", (), points)
        if mode == "wait":
            raise IllegalActionError("it is not your turn")
        if mode == "place":
            return self._solitaire(words, seat)
        cards = tuple(self._card(word, seat) for word in words)
        return Action(seat, "discard" if mode == "discard" else "play", cards)

    def _card(self, word: str, seat: int) -> Card:
        hand = self.hand(seat)
        number = small_number(word)
        if number is not None:
            if 1 <= number <= len(hand):
                return hand[number - 1]
            raise IllegalActionError(f"there is no card {number}: you hold {len(hand)} (1 to {len(hand)})")
        try:
            return Card.parse(word)
        except CardError as error:
            raise IllegalActionError(f"{error}; or a card number from 1 to {len(hand)}") from None

    def _solitaire(self, words: list[str], seat: int) -> Action:
        current = solitaire_view(self.game.view(seat)).current
        assert current is not None
        cells = [word for word in words if word in CELLS]
        others = [word for word in words if word not in CELLS]
        if others in (["x"], ["d"]):
            return Action(seat, "discard", (current,))
        explain = f"name one cell, a1 to d4, for the card turned ({current}), or x to discard it"
        try:
            cards = tuple(Card.parse(word) for word in others) or (current,)
        except CardError:
            raise IllegalActionError(f"{' '.join(words)!r}: {explain}") from None
        if len(cells) != 1:
            raise IllegalActionError(f"{' '.join(words)!r}: {explain}")
        return Action(seat, "place", cards, cells[0])

    # ------------------------------------------------------------------ words
    def prompt(self, seat: int | None) -> str:
        """What the person at the keyboard should do now, in words (with the keys); at a hot seat it
        begins with their name."""
        text = self._prompt(seat)
        if self.hot_seat and seat is not None and not self.game.finished and self.mode(seat) != "wait":
            return f"{self.game.players[seat]}: {text}"
        return text

    def _prompt(self, seat: int | None) -> str:
        game = self.game
        if game.finished:
            return GAME_OVER
        mode = self.mode(seat)
        if seat is None or mode == "wait":
            waiting = [self.game.players[s] for s in game.to_act()]
            return f"Waiting for {' and '.join(waiting)}…" if waiting else "…"
        seen = game.view(seat)
        if mode == "place":  # solitaire's mode
            square = cast(SolitaireView, seen)
            current = square.current.symbol if square.current is not None else "?"
            return (f"Place {current}: arrows + Enter or click a cell, type a cell (a1-d4), "
                    f"x to discard ({square.discard_spaces - len(square.discards)} spaces left).")
        if mode == "play" and game.rules.cells_in_order:  # Snailspace's play
            row, col = cast(SnailspaceView, seen).next_cell or (0, 0)
            return f"Place a card on the marked cell ({row},{col}): its number, arrows + Enter, or type it (/5h)."
        view = cast(CribbageView, seen)  # every other mode is a cribbage game's
        if mode == "discard":
            count = game.rules.discard_count
            crib = "your" if view.dealer == seat else f"{game.players[view.dealer]}'s"
            cards = "a card" if count == 1 else f"{count} cards"
            return f"Throw {cards} to {crib} crib: number keys or click to pick, Enter to throw."
        if mode == "play":
            if all(action.verb == "go" for action in game.legal_actions(seat)):
                return f"No card fits under 31 (count {view.count}): press g to say go."
            return f"Your turn, count {view.count}: play a card (number key, click, or type /5h)."
        unit = view.counting
        what = "crib" if unit and unit[1] == "crib" else "hand"
        if mode == "count":
            starter = view.starter.symbol if view.starter else "?"
            return (f"Count your {what} with the starter {starter}: type the points and Enter (muggins: misses "
                    f"can be taken).")
        return (f"{claim_story(view, game.players)} Any points missed? Type them and Enter to call muggins, or p "
                f"to pass.")

    def outcome(self, seat: int) -> Outcome:
        """The finished game from ``seat``'s side; at the end of a duplicate set, the set's: won if the
        person made more of the same cards than the computer, with both totals."""
        game = self.game
        if self.half == 2:
            found = self.duplicate_result()
            sign = (found.difference > 0) - (found.difference < 0)
            return Outcome(("draw", "won", "lost")[sign], found.person_total, found.computer_total)
        side = game.side_of(seat)
        scores = game.score_list
        others = [score for other, score in enumerate(scores) if other != side]
        best_other = max(others) if others else game.rules.target or 0
        if game.winner_side is None:
            result = "lost" if game.rules.solo else "draw"
        else:
            result = "won" if game.winner_side == side else "lost"
        marks = game.losers_marks()
        mine = game.side_names[side]
        taken = marks.get(mine)
        given = next((mark for name, mark in marks.items() if name != mine), None) if result == "won" else None
        return Outcome(result, scores[side], best_other, taken, given)


def objective_line(ctl: Controller, seat: int) -> str | None:
    """What a finished game paid by the table's objective, from ``seat``'s side, for the summary; None
    when the result already says it (``win``) or it is a chance (a match).

    >>> ctl = Controller.start(Setup("five-card", "random", names=("Ann", "Bob"), seed=3, objective="game-points"))
    >>> while not ctl.game.finished:
    ...     seat = ctl.game.to_act()[0]
    ...     ctl.apply(ctl.decide(seat) if not ctl.is_human(seat) else ctl.game.legal_actions(seat)[0])
    >>> objective_line(ctl, 0)
    'Played for game points (2 a win, 3 a skunk, 4 a double): Ann +2.'
    """
    game = ctl.game
    objective = ctl.objective
    if objective.kind not in ("game-points", "spread") or game.winner_side is None:
        return None
    side = game.side_of(seat)
    scores = game.score_list
    value = objective.value(scores[side], scores[1 - side], game.rules)
    return f"Played {objective.words}: {game.side_names[side]} {value:+g}."


def claim_story(view: CribbageView, players: Sequence[str]) -> str:
    """The count being claimed on and the claims made on it so far, in words, the same whatever the
    true count (ruling 28): ``Bob counted 6 for his hand; Cat took 1.``"""
    owner, _ = view.claim or (view.seat, 0)
    what = "crib" if view.counting and view.counting[1] == "crib" else "hand"
    said: list[str] = []
    if owner is None:
        return ""
    for event in reversed(view.events):
        if event.type == "show":
            break
        if event.type != "claim":
            continue
        if event.kind == "count":
            said.insert(0, f"{players[owner]} counted {event.points} for their {what}")
            break
        claimant = players[event.seat or 0]
        said.insert(0, f"{claimant} passed" if event.kind == "pass" else
                    f"{claimant} called muggins for {event.points}")
    return "; ".join(said) + "." if said else f"{players[owner]} counted their {what}."


def describe_action(action: Action) -> str:
    """An action in words for hints and messages: ``throw 6♦ Q♥``, ``play K♣``, ``place 5♥ on b3``.

    >>> describe_action(Action.parse("place 5h b3", 0))
    'place 5♥ on b3'
    """
    cards = " ".join(card.symbol for card in action.cards)
    if action.verb == "discard":
        return f"throw {cards}"
    if action.verb == "place":
        return f"place {cards} on {action.target}"
    if action.verb == "go":
        return "say go"
    if action.verb == "count":
        return f"count {action.target}"
    if action.verb == "muggins":
        return f"call muggins for {action.target}"
    if action.verb == "pass":
        return "pass (no claim)"
    return f"{action.verb} {cards}".strip()


_CARD_CODE = re.compile(CARD_IN_TEXT)


def card_symbols(text: str) -> str:
    """Card codes in ``text`` as the cards players write: ``Ann play 5H`` -> ``Ann play 5♥``.

    >>> card_symbols("Ann discard TS 10C")
    'Ann discard 10♠ 10♣'
    """
    return _CARD_CODE.sub(lambda match: Card.parse(match.group(0)).symbol, text)


def refusal(message: str, players: Sequence[str]) -> str:
    """An engine refusal in the app's words: the player's name and verb become "Can't ...", and
    card codes become card faces.

    >>> refusal("Ann play JC: the count is 25; JC would make 35, over 31 (ruling 8)", ["Ann", "Bob"])
    "Can't play J♣: the count is 25; J♣ would make 35, over 31 (ruling 8)"
    >>> refusal("invalid card 'zz'", ["Ann"])
    "invalid card 'zz'"
    """
    for name in players:
        if message.startswith(f"{name} ") and ":" in message:
            message = "Can't " + message[len(name) + 1:]
            break
    return card_symbols(message)


GAME_TITLES = {name: title for kind in kinds() for name, title in kind.titles.items()}
"""Each built-in preset's title (its kind's :attr:`~pegboard.kinds.GameKind.titles`)."""


def title_of(ctl: Controller) -> str:
    """The app's title for a game: ``pegboard · Cribbage to 121 · muggins on``."""
    rules = ctl.game.rules
    target = f" to {rules.target}" if rules.target and rules.pegging else ""
    if ctl.half is not None:
        target = f" · duplicate, {rules.deals} deals, half {ctl.half} of 2"
    muggins = " · muggins on" if rules.muggins else ""
    people = " · hot seat" if ctl.hot_seat else ""
    playing = f" · {ctl.objective.kind}" if ctl.objective.kind != "win" else ""
    return f"pegboard · {rules.kind.titles.get(rules.name, rules.name)}{target}{muggins}{playing}{people}"
