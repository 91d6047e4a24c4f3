"""The one small API every game shares, and the machinery behind it.

A game state answers: who may act (:meth:`GameState.to_act`), what they may do
(:meth:`~GameState.legal_actions`), what happens when they do it (:meth:`~GameState.apply`, checked:
an illegal action raises :class:`~pegboard.errors.IllegalActionError` naming the action and why,
and leaves the state unchanged), the scores, the end, and what one player may see
(:meth:`~GameState.view`). Every change is logged as immutable :class:`~pegboard.engine.events.Event`.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # a pure install without mypy's extensions: the decorator only speaks to the compiler
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls

from pegboard.cards import Card, full_deck
from pegboard.engine import chance
from pegboard.engine.actions import Action
from pegboard.engine.deals import Deal, DealLog, DealSource, cut_for_deal
from pegboard.engine.eventlog import EVERYTHING, EventLog
from pegboard.engine.events import Event, EventPhase, make_event
from pegboard.engine.journal import Deferred, Journal
from pegboard.engine.views import SeatView
from pegboard.errors import IllegalActionError, PegboardError, ResampleError
from pegboard.rules import Rules
from pegboard.scoring.items import ScoreItem

__all__ = ["GameState", "DealLog", "check_player_names", "copy_containers", "clone_rng", "renamed_deal"]

_DECK = full_deck()


def check_player_names(players: Sequence[str], count: int) -> tuple[str, ...]:
    """Player names: ``count`` distinct non-empty names of printable characters without spaces or '+'
    (records need that; no control character ever reaches a terminal)."""
    names = tuple(players)
    if len(names) != count:
        raise PegboardError(f"{len(names)} player names given: this game needs {count}")
    for name in names:
        if not isinstance(name, str) or not name.isprintable() or not name or " " in name or "+" in name:
            raise PegboardError(f"player name {name!r}: expected a non-empty name of printable characters, "
                                "without spaces or '+'")
    if len(set(names)) != len(names):
        raise PegboardError(f"player names {list(names)}: expected distinct names")
    return names


def malformed_action(action: Action) -> str | None:
    """Why ``action``'s fields are of the wrong kind to be anyone's move (None if they are not): a seat
    is a whole number, a verb text, the cards a tuple of cards, the target a whole number (points), a
    cell's name or None. Read as plain objects, so a float never reaches code typed for an int.

    >>> from pegboard.cards import Card
    >>> malformed_action(Action(0, "play", (Card.parse("5H"),), 1.5))
    'target 1.5: expected a whole number of points, a cell name or nothing'
    >>> malformed_action(Action(0, "play", (Card.parse("5H"),))) is None
    True
    """
    fields: tuple[object, ...] = tuple(action)
    seat, verb, cards, target = fields
    if isinstance(seat, bool) or not hasattr(seat, "__index__"):  # an int, or NumPy's
        return f"seat {seat!r}: expected a whole number"
    if not isinstance(verb, str):
        return f"verb {verb!r}: expected text"
    if not isinstance(cards, tuple):
        return f"cards {cards!r}: expected a tuple of cards"
    for card in cards:
        if not isinstance(card, Card):
            return f"cards {cards!r}: expected a tuple of cards"
    if target is None or isinstance(target, str) or (hasattr(target, "__index__") and not isinstance(target, bool)):
        return None
    return f"target {target!r}: expected a whole number of points, a cell name or nothing"


def copy_containers(value: Any) -> Any:
    """Lists, sets, dicts, deal logs and event journals copied all the way down; anything else (cards,
    tuples, events, frozen values) is shared.

    A list's items are all of one kind in the game states, so its first item says whether to recurse.
    """
    if isinstance(value, list):
        if value and isinstance(value[0], (list, dict, set, DealLog)):
            return [copy_containers(item) for item in value]
        return value.copy()
    if isinstance(value, dict):
        return {key: copy_containers(item) for key, item in value.items()}
    if isinstance(value, set):
        return value.copy()
    if isinstance(value, Journal):
        return value.copy()
    if isinstance(value, DealLog):
        return DealLog(value.deal, value.moves.copy(), value.texts.copy())
    return value


def _attribute_names(state: object) -> tuple[str, ...]:
    """Every instance attribute of a game state: a compiled class lists them (mypyc keeps no
    ``__dict__``), a Python one has them in its ``__dict__``."""
    names: tuple[str, ...] | None = getattr(type(state), "__mypyc_attrs__", None)
    return names if names is not None else tuple(vars(state))


def _restore(cls: type[GameState], rules: Rules, players: tuple[str, ...], attributes: dict[str, Any]) -> GameState:
    """A pickled game state back: a game of its kind, every attribute set as it was."""
    twin = cls(rules, players, rng=random.Random(0), first_dealer=0)  # type: ignore[call-arg]
    for name, value in attributes.items():
        setattr(twin, name, value)
    return twin


def clone_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as ``rng``."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def renamed_deal(deal: Deal, swap: dict[Card, Card]) -> Deal:
    """``deal`` with every card it names renamed by ``swap`` (cards not in it stay); the undealt pack
    is left to follow (every card the new deal does not name).

    >>> from pegboard.cards import parse_cards
    >>> five, king = parse_cards("5H KS")
    >>> renamed_deal(Deal(hands=((five,),), starter=king), {five: king, king: five}).starter == five
    True
    """
    starter = swap.get(deal.starter, deal.starter) if deal.starter is not None else None
    hands = tuple([tuple([swap.get(card, card) for card in hand]) for hand in deal.hands])
    return Deal(hands=hands, crib=tuple([swap.get(card, card) for card in deal.crib]), starter=starter,
                stock=tuple([swap.get(card, card) for card in deal.stock]))


@mypyc_attr(allow_interpreted_subclasses=True)  # a family of one's own subclasses it, compiled or not
class GameState(ABC):
    """A game in progress. Subclasses implement one family of games."""

    family: ClassVar[str]
    default_players: ClassVar[tuple[str, ...]] = ("North", "East", "South", "West")

    def __init__(self, rules: Rules, players: Sequence[str] | None, *, rng: random.Random | None = None,
                 seed: int | None = None, dealt: Sequence[Deal | None] = ()) -> None:
        if rules.family != self.family:
            raise PegboardError(f"rules {rules.name!r} are not a {self.family} game")
        self.rules = rules
        self.players = check_player_names(
            players if players is not None else self.default_players[: rules.players], rules.players
        )
        sides = rules.sides
        self._side_of_seat = tuple(seat % 2 if rules.partners else seat for seat in range(rules.players))
        self._side_names = self._make_side_names()
        self._scores = [0] * sides
        self._previous = [0] * sides
        self._winner: int | None = None
        self._over = False
        self._journal = Journal()  # every event, written as the game goes and made when read
        self._deal_logs: list[DealLog] = []
        self._legal: dict[int, tuple[Action, ...]] = {}
        self._version = 0  # how many actions have been applied: what views and caches are keyed on
        self.first_dealer_cut = False  # whether the first dealer was cut for (the cuts open the event log)
        self.seed = seed
        self._rng = rng if rng is not None else random.Random(seed)
        self._source = DealSource(self._rng, dealt)  # chance: the seeded generator, or explicit deals

    # ------------------------------------------------------------------ identity and sides
    @property
    def game(self) -> str:
        """The preset name of the rules."""
        return self.rules.name

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat (partners: seats 0+2 are side 0, seats 1+3 side 1)."""
        return self._side_of_seat[seat]

    @property
    def side_names(self) -> tuple[str, ...]:
        """Side names: player names, or partners' names joined by '+' (``"Ann+Cat"``)."""
        return self._side_names

    def _make_side_names(self) -> tuple[str, ...]:
        return self.rules.side_names(self.players)

    def scores(self) -> dict[str, int]:
        """Points per side, keyed by side name."""
        return dict(zip(self.side_names, self._scores))

    @property
    def score_list(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def previous_scores(self) -> tuple[int, ...]:
        """Each side's score before its latest scoring unit: the rear peg on the board."""
        return tuple(self._previous)

    @property
    def finished(self) -> bool:
        return self._over

    @property
    def winner(self) -> str | None:
        """The winning side's name; None while playing or for a draw."""
        return None if self._winner is None else self.side_names[self._winner]

    @property
    def winner_side(self) -> int | None:
        return self._winner

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far (full information: not for players; see :meth:`view`)."""
        return self._journal.all_events()

    def unit_events(self) -> Iterator[Event]:
        """Every event so far, full information, except that each itemised scoring unit (a hand's
        count, a play's points) is one ``score`` event with its total, its kind naming the unit
        (``play``, ``hand``, ``crib``): what tallies need, made without itemising anything."""
        return self._journal.summaries()

    def events_for(self, seat: int | None) -> EventLog:
        """The event log so far as ``seat`` may see it (None: a spectator); an O(1) snapshot."""
        return self._journal.snapshot(seat)

    @property
    def deal_number(self) -> int:
        """0-based index of the current deal."""
        return len(self._deal_logs) - 1

    @property
    def deal_logs(self) -> tuple[DealLog, ...]:
        return tuple(self._deal_logs)

    def deal_actions(self, deal: int) -> list[str]:
        """The record text of every action of deal ``deal`` (0-based)."""
        log = self._deal_logs[deal]
        log.texts.extend(self.record_text(action) for action in log.moves[len(log.texts):])
        return list(log.texts)

    # ------------------------------------------------------------------ the API
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now (several during simultaneous discards; none when finished)."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every legal action of ``seat`` now (empty if it may not act)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action and everything that follows it automatically."""

    @abstractmethod
    def _why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in words."""

    @abstractmethod
    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see (None: a spectator). Hidden cards are never in it."""

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Legal actions of ``seat`` (default: every seat that may act now)."""
        if seat is None:
            acting = self.to_act()
            if len(acting) == 1:
                return self.legal_actions(acting[0])
            return tuple(action for each in acting for action in self.legal_actions(each))
        cached = self._legal.get(seat)
        if cached is None:
            cached = () if self._over else self._legal_actions(seat)
            self._legal[seat] = cached
        return cached

    def normalize(self, action: Action) -> Action:
        """The canonical form of an action (discarded cards in card order)."""
        if action.verb == "discard" and len(action.cards) > 1:
            return Action(action.seat, action.verb, tuple(sorted(action.cards)), action.target)
        return action

    def apply(self, action: Action) -> EventLog:
        """Apply a legal action and return the events it caused (a sequence, made when read).

        Raises :class:`IllegalActionError` (and changes nothing) if the action is not legal.
        """
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an Action: use Action.parse or apply_text")
        fields: tuple[object, ...] = action  # read as objects: a float never reaches code typed for an int
        if type(fields[0]) is not int:
            self._refuse_malformed(action)
        seat = action.seat
        if not 0 <= seat < self.rules.players:
            raise IllegalActionError(f"seat {action.seat} in {action!r}: expected 0 to {self.rules.players - 1}")
        legal = self._legal.get(seat)
        if legal is None:
            legal = self.legal_actions(seat)
        if action not in legal:  # the actions the engine listed pass at once; others are normalised first
            self._refuse_malformed(action)
            action = self.normalize(action)
            if action not in legal:
                reason = "the game is over" if self._over else self._why_illegal(action)
                raise IllegalActionError(f"{self.describe(action)}: {reason}", reason)
        journal = self._journal
        start = len(journal.entries)
        self._deal_logs[-1].moves.append(action)
        self._legal.clear()
        self._version += 1
        self._apply(action)
        return EventLog(journal, start, len(journal.entries), EVERYTHING)

    @staticmethod
    def _refuse_malformed(action: Action) -> None:
        """An :class:`IllegalActionError` if ``action``'s fields are of the wrong kind (:func:`malformed_action`)."""
        malformed = malformed_action(action)
        if malformed is not None:
            raise IllegalActionError(f"action {tuple(action)!r}: {malformed}", malformed)  # its own repr may fail

    def parse_action(self, text: str) -> Action:
        """Parse record action text ``"<player> <verb> <args>"``."""
        name, _, rest = text.strip().partition(" ")
        if name not in self.players:
            why = f"unknown player {name!r}; players are {', '.join(self.players)}"
            raise IllegalActionError(f"action {text!r}: {why}", why)
        return Action.parse(rest, self.players.index(name))

    def apply_text(self, text: str) -> EventLog:
        """Apply an action given as record text, e.g. ``"Ann play 5H"``."""
        return self.apply(self.parse_action(text))

    def record_text(self, action: Action) -> str:
        """An action as record text, with the player's name."""
        return f"{self.players[action.seat]} {action.text()}"

    def describe(self, action: Action) -> str:
        """The action in words for messages."""
        return f"{self.players[action.seat]} {action.text()}"

    def _blank_twin(self) -> GameState:
        """A game of the same kind, to be overwritten attribute by attribute (a compiled class
        cannot be made without its constructor)."""
        return type(self)(self.rules, self.players, rng=random.Random(0), first_dealer=0)  # type: ignore[call-arg]

    def _attributes(self, caches: bool = True) -> dict[str, Any]:
        """Every attribute this game has set, by name; without ``caches``, the views made so far are left
        behind (an empty cache: a pickle or a deep copy makes them again, and a compiled view, a frozen
        dataclass, cannot be pickled)."""
        found: dict[str, Any] = {}
        for name in _attribute_names(self):
            try:
                found[name] = getattr(self, name) if caches or name != "_view_cache" else {}
            except AttributeError:  # an attribute this game never set (start scores, say)
                continue
        return found

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling (and ``copy.copy``): the class, its rules and players, and every attribute."""
        return (_restore, (type(self), self.rules, self.players, self._attributes(caches=False)))

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        twin = self._blank_twin()
        memo[id(self)] = twin
        for name, value in self._attributes(caches=False).items():
            setattr(twin, name, copy.deepcopy(value, memo))
        return twin

    def clone(self) -> GameState:
        """An independent copy (for search and analysis): its own containers and generator; the
        immutable parts (cards, events, actions, deals, views) are shared, so a copy is cheap.

        >>> from pegboard.engine import new_game
        >>> game = new_game("cribbage", ["Ann", "Bob"], seed=3)
        >>> twin = game.clone()
        >>> _ = twin.apply(twin.legal_actions(0)[0])
        >>> len(game.deal_logs[0].moves), len(twin.deal_logs[0].moves)
        (0, 1)
        """
        twin = self._blank_twin()
        for name, value in self._attributes().items():
            setattr(twin, name, copy_containers(value))
        twin._rng = clone_rng(self._rng)
        twin._source = DealSource(twin._rng, self._source.explicit)
        return twin

    # ------------------------------------------------------------------ what a seat cannot tell apart
    def resample(self, seat: int | None, rng: random.Random, tries: int = 20) -> GameState:
        """A game ``seat`` cannot tell from this one (OpenSpiel's ``resample_from_infostate``): the
        current deal's cards it may not see (:meth:`hidden_cards`: other hands and their throws, the
        crib, the starter before it is turned, the pack, a solitaire stock's order) dealt again from
        ``rng``, consistently with everything it saw (a player who said go holds nothing that fits),
        and every move so far replayed (a hidden card a move names renamed alike). Each consistent
        deal is equally likely. Later deals come from a new seed drawn from ``rng``. Raises
        :class:`~pegboard.errors.ResampleError` if no deal fits (``tries`` deals contradict a move).

        >>> from pegboard.engine import new_game
        >>> game = new_game("cribbage", seed=4)
        >>> twin = game.resample(0, random.Random(1))
        >>> twin.view(0).hand == game.view(0).hand, twin.view(1).hand == game.view(1).hand
        (True, False)
        """
        reason = ""
        for _ in range(tries):
            swap = self.resample_swap(seat, rng)
            try:
                return self._rebuilt(swap, rng)
            except PegboardError as error:  # a constraint the families do not declare (none known)
                reason = str(error)
        raise ResampleError(f"seat {seat}: no deal of its {len(self.hidden_cards(seat))} hidden cards fits the "
                            f"moves of deal {self.deal_number + 1} ({reason})")

    def resample_swap(self, seat: int | None, rng: random.Random) -> dict[Card, Card]:
        """What :meth:`resample` deals: each card ``seat`` may not see, and the card dealt in its place.
        The seats whose hidden cards have a floor (:meth:`_held_floors`) are dealt first by
        :func:`pegboard.engine.chance.deal_hidden`; the other hidden cards are shuffled among the
        other places.

        >>> from pegboard.engine import new_game
        >>> game = new_game("cribbage", seed=4)
        >>> swap = game.resample_swap(0, random.Random(1))
        >>> set(swap) == set(swap.values()) == game.hidden_cards(0)
        True
        """
        hidden = sorted(self.hidden_cards(seat))
        held = self._held_floors(seat, frozenset(hidden))
        dealt = chance.deal_hidden(rng, [card.code for card in hidden], [len(cards) for cards, _ in held],
                                   [floor for _, floor in held])
        if dealt is None:
            raise ResampleError(f"seat {seat}: too few hidden cards above the floors "
                                f"{[floor for _, floor in held]} of the hands that said go")
        swap: dict[Card, Card] = {}
        for (cards, _), codes in zip(held, dealt):
            for old, code in zip(cards, codes):
                swap[old] = _DECK[code]
        taken = set(swap.values())
        places = [card for card in hidden if card not in swap]
        rest = [card for card in hidden if card not in taken]
        rng.shuffle(rest)
        swap.update(zip(places, rest))
        return swap

    def _held_floors(self, seat: int | None, hidden: frozenset[Card]) -> list[tuple[tuple[Card, ...], int]]:
        """The hidden cards each other seat holds that its moves proved have more than some pips, with
        that floor (cribbage: a go at count c, 31 - c); none by default."""
        return []

    def _rebuilt(self, swap: dict[Card, Card], rng: random.Random) -> GameState:
        """The game dealt again with the current deal's cards renamed by ``swap``, every move replayed
        (raises a :class:`~pegboard.errors.PegboardError` if one is illegal in it)."""
        logs = self._deal_logs
        deals = [log.deal for log in logs[:-1]] + [renamed_deal(logs[-1].deal, swap)]
        start_scores: Sequence[int] | None = getattr(self, "start_scores", None)
        extra: dict[str, Any] = {} if start_scores is None else {"start_scores": start_scores}
        cls: Any = type(self)
        twin: GameState = cls(self.rules, self.players, seed=rng.getrandbits(62),
                              first_dealer=getattr(self, "first_dealer", None), dealt=deals, **extra)
        if self.first_dealer_cut and not twin._journal.ends:  # the cuts for deal, as this game made them
            twin._journal.prepend(self._journal.entries[:self._cut_entries()])
            twin.first_dealer_cut = True
        for log in logs[:-1]:
            for action in log.moves:
                twin.apply(action)
        for action in logs[-1].moves:
            cards = action.cards
            twin.apply(Action(action.seat, action.verb, tuple([swap.get(card, card) for card in cards]),
                              action.target) if cards else action)
        return twin

    def _cut_entries(self) -> int:
        """How many entries the cuts for deal open the journal with."""
        entries = self._journal.entries
        count = 0
        while count < len(entries):
            entry = entries[count]
            if not isinstance(entry, Event) or entry.type != "cut":
                break
            count += 1
        return count

    # ------------------------------------------------------------------ machinery for subclasses
    def _log(self, event: Event | Deferred) -> None:
        self._journal.entries.append(event)

    def _start_deal_log(self, deal: Deal) -> None:
        self._deal_logs.append(DealLog(deal))

    def _settle_first_dealer(self, first_dealer: int | None) -> None:
        """The given first dealer (checked), or the cut for deal, its cuts logged (ruling 13)."""
        seats = self.rules.players
        if first_dealer is None:
            self.first_dealer_cut = True
            first_dealer, rounds = cut_for_deal(self._rng, seats)
            for cuts in rounds:
                for seat, card in cuts:
                    self._log(make_event("cut", -1, seat, (card,), phase="cut"))
        elif not (isinstance(first_dealer, int) and 0 <= first_dealer < seats):
            raise PegboardError(f"first dealer {first_dealer!r}: expected a seat from 0 to {seats - 1}")
        self.first_dealer = first_dealer
        self.dealer = first_dealer

    def _credit(self, seat: int, items: Sequence[ScoreItem], phase: EventPhase, *, where: str = "") -> bool:
        """Credit one scoring unit in full to ``seat``'s side; end the game if it reaches the target.

        ``where`` names the line or cell the points were made in (grid games), for the events.
        Returns True if the game ended (ruling 15: later counts are not made).
        """
        deal = self.deal_number
        side = self.side_of(seat)
        before = self._scores[side]
        for item in items:
            self._log(make_event("score", deal, seat, item.cards, item.points, item.kind, phase, where=where))
            self._scores[side] += item.points
        if self._scores[side] != before:
            self._previous[side] = before
        target = self.rules.target
        if target is not None and self._scores[side] >= target and self.rules.family != "solitaire":
            self._finish(side)
            return True
        return False

    def _finish(self, side: int | None) -> None:
        self._over = True
        self._winner = side
        self._legal.clear()
        name = "draw" if side is None else self.side_names[side]
        self._log(make_event("end", self.deal_number, kind=name, phase="end"))

    # ------------------------------------------------------------------ results
    def losers_marks(self) -> dict[str, str]:
        """For a finished game, 'skunk' or 'double-skunk' per losing side that earned one (ruling 15):
        only in a game won by reaching the target (not one decided by its totals after a set number of
        deals)."""
        marks: dict[str, str] = {}
        target = self.rules.target
        if self._winner is None or target is None or self._scores[self._winner] < target:
            return marks
        for side, name in enumerate(self.side_names):
            if side == self._winner:
                continue
            score = self._scores[side]
            if self.rules.double_skunk is not None and score <= self.rules.double_skunk:
                marks[name] = "double-skunk"
            elif self.rules.skunk is not None and score <= self.rules.skunk:
                marks[name] = "skunk"
        return marks

    @abstractmethod
    def hidden_cards(self, seat: int | None) -> frozenset[Card]:
        """Cards whose identity ``seat`` may not know now: exactly the cards its view leaves out."""

    @abstractmethod
    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        """Where every one of the 52 cards is now (each card in exactly one place)."""
