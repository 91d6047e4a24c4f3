"""Cribbage for 2, 3 and 4 players (partners or individuals) and five-card cribbage.

One state machine driven by the rules object (rulings 8-20): the cut for first deal, the deal,
discards to the crib in any order, the starter and his heels, the play with go and 31, the show in
counting order (with muggins as an option), the deal passing left, and the game ending the moment a
side reaches the target, even mid-play or mid-show.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=1)
>>> game.to_act(), len(game.legal_actions(0))
((0, 1), 15)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from itertools import combinations
from operator import attrgetter
from typing import Any

from pegboard.cards import Card, full_deck
from pegboard.engine.actions import Action
from pegboard.engine.base import GameState
from pegboard.engine.deals import Deal
from pegboard.engine.eventlog import EventLog
from pegboard.engine.events import Event, Phase, make_event
from pegboard.engine.views import CribbageView
from pegboard.errors import PegboardError
from pegboard.rules import Rules
from pegboard.scoring.fast import hand_score
from pegboard.scoring.play import play_points, score_play
from pegboard.scoring.show import show_items

__all__ = ["CribbageState", "honest_claim", "MOST_IN_A_SHOW"]

NOBODY = -1
"""``private_to`` for cards nobody may see (a crib card dealt from the pack, before the show)."""
MAX_COUNT = 31
MOST_IN_A_SHOW = 29
"""The most any hand or crib holds (ruling 7): the range of a muggins count or claim, which must not
depend on the cards, or a refusal would give the true count away (ruling 16)."""

_new = tuple.__new__  # builds a named tuple from its fields at C speed (events, actions and views are made often)
_SEATS = range(4)
_PLAY = tuple(tuple(Action(seat, "play", (card,)) for card in full_deck()) for seat in _SEATS)
"""The action of each seat playing each card (by code): legal actions are picked from these, not rebuilt."""
_GO = tuple(Action(seat, "go") for seat in _SEATS)
_COUNTS = tuple(tuple(Action(seat, "count", (), points) for points in range(MOST_IN_A_SHOW + 1)) for seat in _SEATS)
_CLAIMS = tuple((*(Action(seat, "muggins", (), points) for points in range(1, MOST_IN_A_SHOW + 1)),
                 Action(seat, "pass")) for seat in _SEATS)
_PIPS = tuple(min((code >> 2) + 1, 10) for code in range(52))
_code = attrgetter("code")  # cards sort by code (what Card's ordering compares), at C speed


class _PlayScore:
    """What a card laid in the play scored, itemised only when the event log is read."""

    __slots__ = ("deal", "seat", "series", "count", "points", "made")

    def __init__(self, deal: int, seat: int, series: tuple[Card, ...], count: int, points: int) -> None:
        self.deal, self.seat, self.series, self.count, self.points = deal, seat, series, count, points
        self.made: list[Event] | None = None

    def expand(self) -> list[Event]:
        made = self.made
        if made is None:  # made once: the journal and every seat's log share the events
            made = self.made = [make_event("score", self.deal, self.seat, item.cards, item.points, item.kind, "play")
                                for item in score_play(self.series, self.count).items]
        return made

    def summary(self) -> Event:
        return make_event("score", self.deal, self.seat, (), self.points, "play", "play")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_PlayScore, (self.deal, self.seat, self.series, self.count, self.points))

    def __deepcopy__(self, memo: dict[int, Any]) -> _PlayScore:
        return _PlayScore(self.deal, self.seat, copy.deepcopy(self.series, memo), self.count, self.points)


class _ShowScore:
    """A hand or crib's count in the show, itemised only when the event log is read."""

    __slots__ = ("deal", "seat", "cards", "starter", "crib", "four_flush", "points", "made")

    def __init__(self, deal: int, seat: int, cards: tuple[Card, ...], starter: Card, crib: bool,
                 four_flush: bool, points: int) -> None:
        self.deal, self.seat, self.cards, self.starter, self.crib, self.four_flush, self.points = \
            deal, seat, cards, starter, crib, four_flush, points
        self.made: list[Event] | None = None

    def expand(self) -> list[Event]:
        made = self.made
        if made is None:  # made once: the journal and every seat's log share the events
            items = show_items(self.cards, self.starter, self.crib, self.four_flush).items
            made = self.made = [make_event("score", self.deal, self.seat, item.cards, item.points, item.kind, "show")
                                for item in items]
        return made

    def summary(self) -> Event:
        return make_event("score", self.deal, self.seat, (), self.points, "crib" if self.crib else "hand", "show")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_ShowScore, (self.deal, self.seat, self.cards, self.starter, self.crib, self.four_flush, self.points))

    def __deepcopy__(self, memo: dict[int, Any]) -> _ShowScore:
        return _ShowScore(self.deal, self.seat, copy.deepcopy(self.cards, memo), copy.deepcopy(self.starter, memo),
                          self.crib, self.four_flush, self.points)


def _make_view(*, game: str, players: tuple[str, ...], seat: int | None, sides: tuple[str, ...],
               side_of_seat: tuple[int, ...], scores: tuple[int, ...], previous_scores: tuple[int, ...], target: int,
               deal: int, dealer: int, phase: Phase, to_act: tuple[int, ...], legal_actions: tuple[Action, ...],
               hand: tuple[Card, ...], kept: tuple[Card, ...], discarded: tuple[Card, ...],
               hand_sizes: tuple[int, ...], has_discarded: tuple[bool, ...], crib_size: int, crib: tuple[Card, ...],
               starter: Card | None, count: int, series: tuple[tuple[int, Card], ...],
               played: tuple[tuple[int, Card], ...], said_go: tuple[int, ...],
               shown: tuple[tuple[int, str, tuple[Card, ...]], ...], counting: tuple[int, str] | None,
               claim: tuple[int, int] | None, muggins: bool, finished: bool, winner: str | None,
               events: EventLog) -> CribbageView:
    """A :class:`CribbageView` from its fields by keyword: mypy checks every call, and compiled, a call costs
    nothing more than the tuple (tests/test_typed_vocabulary.py checks that the tuple is in field order)."""
    return _new(CribbageView, (game, players, seat, sides, side_of_seat, scores, previous_scores, target, deal,
                                dealer, phase, to_act, legal_actions, hand, kept, discarded, hand_sizes,
                                has_discarded, crib_size, crib, starter, count, series, played, said_go, shown,
                                counting, claim, muggins, finished, winner, events))


class CribbageState(GameState):
    """A game of any cribbage-family preset. Build it with :func:`pegboard.engine.new_game`."""

    family = "cribbage"

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str] | None = None,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
        dealt: Sequence[Deal | None] = (),
        start_scores: Sequence[int] | None = None,
    ) -> None:
        super().__init__(rules, players, rng=rng, seed=seed, dealt=dealt)
        # The rules read on every move, as plain attributes (the rules object is a frozen dataclass).
        self._seats = rules.players
        self._target = rules.target if rules.target is not None else 1 << 62
        self._view_target = rules.target or 0
        self._discard_count = rules.discard_count
        self._carry_on = rules.play_continues_after_go
        self._single_series = rules.single_series
        self._muggins = rules.muggins
        self._four_flush = rules.crib_four_flush
        self._name = rules.name
        self._acting: tuple[int, ...] = ()
        self._acting_version = -1
        self._view_cache: dict[int | None, tuple[int, CribbageView]] = {}
        if start_scores is not None:
            self._set_start_scores(start_scores)
        self._settle_first_dealer(first_dealer)
        self._start_deal()

    def _set_start_scores(self, scores: Sequence[int]) -> None:
        """Begin from given scores per side (analysis and puzzles): each from 0 to below the target."""
        target = self.rules.target or 0
        if len(scores) != self.rules.sides or not all(isinstance(s, int) and 0 <= s < target for s in scores):
            raise PegboardError(f"start scores {list(scores)}: expected {self.rules.sides} whole numbers from 0 "
                                f"to {target - 1}, one per side ({', '.join(self.side_names)})")
        self._scores = list(scores)
        self._previous = list(scores)
        self.start_scores = tuple(scores)

    # ------------------------------------------------------------------ the deal
    def _start_deal(self) -> None:
        index = len(self._deal_logs)
        deal = self._source.deal(index, self.rules)
        self._start_deal_log(deal)
        self._deal_index = index
        seats = self._seats
        self.dealer = self.first_dealer if index == 0 else (self.dealer + 1) % seats
        self._hands: list[list[Card]] = [list(hand) for hand in deal.hands]
        self._kept: list[tuple[Card, ...]] = [()] * seats
        self._discards: list[tuple[Card, ...]] = [()] * seats
        self._crib: list[Card] = list(deal.crib)
        self._starter: Card = deal.starter  # type: ignore[assignment]
        self._starter_turned = False
        self._deal = deal
        self._phase: Phase = "discard"
        self._count = 0
        self._series: list[Card] = []  # the cards laid since the count was reset
        self._series_ranks: tuple[int, ...] = ()  # their ranks, for the fast play scorer
        self._series_seats: tuple[tuple[int, Card], ...] = ()  # who laid each (the view's ``series``)
        self._played: tuple[tuple[int, Card], ...] = ()
        self._go: set[int] = set()
        self._turn: int | None = None
        self._last: int | None = None
        self._shown: list[tuple[int, str, tuple[Card, ...]]] = []
        self._crib_shown = False
        self._show_queue: list[tuple[int, str]] = []
        self._claim: tuple[int, int] | None = None  # (counting seat, points declared)
        self._claimants: list[int] = []
        self._log(make_event("deal", index, self.dealer, phase="deal"))
        for seat, hand in enumerate(deal.hands):
            self._log(make_event("dealt", index, seat, tuple(hand), phase="deal", private_to=seat))
        if deal.crib:
            self._log(make_event("dealt", index, None, tuple(deal.crib), kind="crib", phase="deal", private_to=NOBODY))
        if index == 0 and self.rules.pone_bonus:  # ruling 18
            self._score(self.pone, self.rules.pone_bonus, make_event("score", 0, self.pone, (), self.rules.pone_bonus,
                                                                "last", "deal"))

    def _end_deal(self) -> None:
        """The crib is counted: the next deal, or, in a game of a set number of deals (``rules.deals``),
        the end after the last one, won by the highest total (a draw if two sides share it)."""
        limit = self.rules.deals
        if not limit or self._deal_index + 1 < limit:
            self._start_deal()
            return
        best = max(self._scores)
        leaders = [side for side, score in enumerate(self._scores) if score == best]
        self._finish(leaders[0] if len(leaders) == 1 else None)

    @property
    def deal_number(self) -> int:
        """0-based index of the current deal."""
        return self._deal_index

    @property
    def pone(self) -> int:
        """The player on the dealer's left, who leads (ruling 11)."""
        return (self.dealer + 1) % self._seats

    @property
    def phase(self) -> Phase:
        """``discard``, ``play``, ``count`` (muggins: declaring a count), ``muggins`` (claims), ``over``."""
        return "over" if self._over else self._phase

    @property
    def starter(self) -> Card | None:
        """The starter once turned."""
        return self._starter if self._starter_turned else None

    # ------------------------------------------------------------------ whose turn, what is legal
    def to_act(self) -> tuple[int, ...]:
        if self._acting_version == self._version:
            return self._acting
        if self._over:
            acting: tuple[int, ...] = ()
        elif self._phase == "play":
            acting = (self._turn,) if self._turn is not None else ()
        elif self._phase == "discard":
            acting = tuple([seat for seat in range(self._seats) if not self._discards[seat]])
        elif self._phase == "count":
            acting = (self._show_queue[0][0],)
        elif self._phase == "muggins":
            acting = (self._claimants[0],)
        else:
            acting = ()
        self._acting, self._acting_version = acting, self._version
        return acting

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self._phase
        if phase == "play":
            if seat != self._turn:
                return ()
            room = MAX_COUNT - self._count
            plays = _PLAY[seat]
            playable = tuple([plays[card.code] for card in self._hands[seat] if _PIPS[card.code] <= room])
            return playable or (_GO[seat],)
        if seat not in self.to_act():
            return ()
        if phase == "discard":
            return tuple([_new(Action, (seat, "discard", combo, None))
                          for combo in combinations(sorted(self._hands[seat], key=_code), self._discard_count)])
        if phase == "count":  # any count a show could hold: the range must not give the total away
            return _COUNTS[seat]
        if phase == "muggins":
            return _CLAIMS[seat]
        return ()

    def _why_illegal(self, action: Action) -> str:
        name = self.players[action.seat]
        acting = self.to_act()
        if action.seat not in acting:
            if self._phase == "discard":
                return f"{name} has already discarded"
            waiting = " or ".join(self.players[seat] for seat in acting)
            return f"it is {waiting}'s turn, not {name}'s"
        expected: dict[Phase, str] = {"discard": "discard", "play": "play or go", "count": "count",
                                      "muggins": "muggins or pass"}
        phase_verbs = expected[self._phase]
        if action.verb not in phase_verbs.split(" or "):
            return f"during the {self._phase} {name} must {phase_verbs}"
        if self._phase == "discard":
            want = self.rules.discard_count
            if len(action.cards) != want:
                return f"discard exactly {want} card{'s' if want > 1 else ''} (rulings 12, 17)"
            missing = [str(card) for card in action.cards if card not in self._hands[action.seat]]
            return f"{name} does not hold {', '.join(missing)}"
        if self._phase == "play":
            room = MAX_COUNT - self._count
            if action.verb == "go":
                fits = [str(card) for card in self._hands[action.seat] if card.pips <= room]
                return f"{name} can play {', '.join(fits)}: a player who can play must (ruling 10)"
            if len(action.cards) != 1:
                return "play exactly one card"
            card = action.cards[0]
            if card not in self._hands[action.seat]:
                return f"{name} does not hold {card}"
            return f"the count is {self._count}; {card} would make {self._count + card.pips}, over 31 (ruling 8)"
        if self._phase == "count":
            return f"a count is from 0 to {MOST_IN_A_SHOW}, the most any {self._show_queue[0][1]} holds (ruling 16)"
        return f"a muggins claim is from 1 to {MOST_IN_A_SHOW} points (ruling 16)"

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action: Action) -> None:
        verb = action.verb
        if verb == "play":
            self._play(action.seat, action.cards)
        elif verb == "go":
            self._say_go(action.seat)
        elif verb == "discard":
            self._discard(action.seat, action.cards)
        elif verb == "count":
            assert isinstance(action.target, int)
            self._declare(action.seat, action.target)
        elif verb == "muggins":
            assert isinstance(action.target, int)
            self._take_muggins(action.seat, action.target)
        else:
            self._pass_muggins(action.seat)

    def _score(self, seat: int, points: int, entry: Event | _PlayScore | _ShowScore) -> bool:
        """Credit one scoring unit of ``points`` (> 0) in full to ``seat``'s side, its events logged as
        ``entry`` (one event, or the itemised events made when the log is read); end the game if the
        side reaches the target. Returns True if the game ended (ruling 15: later counts are not made)."""
        self._journal.entries.append(entry)
        side = self._side_of_seat[seat]
        before = self._scores[side]
        total = self._scores[side] = before + points
        self._previous[side] = before
        if total >= self._target:
            self._finish(side)
            return True
        return False

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        hand = self._hands[seat]
        for card in cards:
            hand.remove(card)
        self._discards[seat] = cards
        self._kept[seat] = tuple(hand)
        self._crib.extend(cards)
        self._log(_new(Event, ("discard", self._deal_index, seat, cards, 0, "", "discard", None, "", seat, 0)))
        if all(self._discards):
            self._turn_starter()

    def _turn_starter(self) -> None:
        self._starter_turned = True
        starter = self._starter
        deal = self._deal_index
        self._log(make_event("starter", deal, self.dealer, (starter,), phase="starter"))
        heels = self.rules.heels_points
        if starter.rank == 11 and heels:  # ruling 6: his heels
            if self._score(self.dealer, heels, make_event("score", deal, self.dealer, (starter,), heels, "heels",
                                                     "starter")):
                return
        self._phase = "play"
        self._turn = self.pone

    def _play(self, seat: int, laid: tuple[Card, ...]) -> None:
        card = laid[0]
        self._hands[seat].remove(card)
        code = card.code
        count = self._count = self._count + _PIPS[code]
        self._series.append(card)
        ranks = self._series_ranks = (*self._series_ranks, (code >> 2) + 1)
        pair = (seat, card)
        self._series_seats = (*self._series_seats, pair)
        self._played = (*self._played, pair)
        self._last = seat
        deal = self._deal_index
        self._journal.entries.append(_new(Event, ("play", deal, seat, laid, 0, "", "play", count, "", None, 0)))
        points = play_points(ranks, count)
        if points and self._score(seat, points, _PlayScore(deal, seat, tuple(self._series), count, points)):
            return
        if count == MAX_COUNT:
            self._end_series(thirty_one=True)
        else:
            self._pass_turn(seat)

    def _say_go(self, seat: int) -> None:
        self._go.add(seat)
        self._journal.entries.append(_new(Event, ("go", self._deal_index, seat, (), 0, "", "play", self._count, "",
                                                  None, 0)))
        if self._carry_on:
            self._pass_turn(seat)
        else:
            self._end_series(thirty_one=False)

    def _pass_turn(self, seat: int) -> None:
        """Ruling 9: the next player in turn who holds cards and has not said go acts next."""
        seats = self._seats
        hands, go = self._hands, self._go
        for step in range(1, seats + 1):
            candidate = (seat + step) % seats
            if hands[candidate] and candidate not in go:
                self._turn = candidate
                return
        self._end_series(thirty_one=False)

    def _end_series(self, *, thirty_one: bool) -> None:
        """Nobody can play (or 31): the last player scores 1 for go or last, the count resets."""
        final = self._single_series or not any(self._hands)
        deal = self._deal_index
        last = self._last
        if not thirty_one and last is not None:
            last_card = (self._series[-1],) if self._series else ()
            event = _new(Event, ("score", deal, last, last_card, 1, "last" if final else "go", "play", None, "",
                                 None, 0))
            if self._score(last, 1, event):
                return
        if final:
            self._start_show()
            return
        self._count = 0
        self._series = []
        self._series_ranks = ()
        self._series_seats = ()
        self._go = set()
        self._journal.entries.append(_new(Event, ("reset", deal, None, (), 0, "", "play", 0, "", None, 0)))
        seats = self._seats
        after = last if last is not None else self.dealer
        for step in range(1, seats + 1):
            candidate = (after + step) % seats
            if self._hands[candidate]:
                self._turn = candidate
                return

    # ------------------------------------------------------------------ the show
    def _start_show(self) -> None:
        """Ruling 14: each hand from the dealer's left round to the dealer, then the crib."""
        seats = self._seats
        self._turn = None
        self._show_queue = [((self.dealer + step) % seats, "hand") for step in range(1, seats + 1)]
        self._show_queue.append((self.dealer, "crib"))
        self._phase = "count" if self._muggins else "show"
        if not self._muggins:
            while self._show_queue:
                seat, what = self._show_queue.pop(0)
                cards = tuple(self._crib) if what == "crib" else self._kept[seat]
                total = self._unit_total(cards, what)
                self._reveal(seat, what, cards, total)
                if total and self._score(seat, total, self._unit_items(seat, cards, what, total)):
                    return
            self._end_deal()

    def _unit_cards(self) -> tuple[Card, ...]:
        seat, what = self._show_queue[0]
        return tuple(self._crib) if what == "crib" else self._kept[seat]

    def _unit_total(self, cards: tuple[Card, ...], what: str) -> int:
        """A hand's or crib's count with the starter, by the fast table scorer."""
        return hand_score([card.code for card in cards], self._starter.code, what == "crib",
                          self._four_flush)

    def _unit_items(self, seat: int, cards: tuple[Card, ...], what: str, total: int) -> _ShowScore:
        return _ShowScore(self._deal_index, seat, cards, self._starter, what == "crib", self._four_flush,
                          total)

    def _reveal(self, seat: int, what: str, cards: tuple[Card, ...], points: int) -> None:
        self._shown.append((seat, what, cards))
        if what == "crib":
            self._crib_shown = True
        self._log(make_event("show", self._deal_index, seat, cards, points, what, "show"))

    def _declare(self, seat: int, points: int) -> None:
        """Muggins (ruling 16): the owner declares a count; the true total is known to the engine.

        Counted over, the count is taken back at once: the owner scores the true total and the first
        opponent in counting order scores the excess (a score never goes down, and an over-claim must
        cost, or guessing high and coming down would never lose a point). Counted short, the owner
        scores what they said. Then, whatever the count, each opponent in counting order may claim
        missed points or pass (ruling 28): the claims are offered after every count, so that their
        being offered says nothing about the count.
        """
        _, what = self._show_queue[0]
        cards = self._unit_cards()
        total = self._unit_total(cards, what)
        self._reveal(seat, what, cards, points)
        self._log(make_event("claim", self._deal_index, seat, (), points, "count", "show"))
        claimants = self._opponents_in_turn(seat)
        if points >= total:
            if total and self._score(seat, total, self._unit_items(seat, cards, what, total)):
                return
            if points > total and self._score(claimants[0], points - total, self._over_claim(claimants[0],
                                                                                             points - total)):
                return
        elif points and self._score(seat, points, make_event("score", self._deal_index, seat, cards, points, "count",
                                                              "show")):
            return
        self._claimants = claimants
        self._claim = (seat, points)
        self._phase = "muggins"

    def _opponents_in_turn(self, seat: int) -> list[int]:
        """The seats not on ``seat``'s side, in counting order from its left."""
        seats = self._seats
        side = self.side_of(seat)
        return [other for step in range(1, seats) if self.side_of(other := (seat + step) % seats) != side]

    def _over_claim(self, seat: int, excess: int) -> Event:
        return make_event("score", self._deal_index, seat, (), excess, "over-claim", "show")

    def _take_muggins(self, seat: int, points: int) -> None:
        """A claim up to the points still missed scores as claimed; over them, the claimant scores the
        points missed and the owner of the count the excess (ruling 16, like an over-count). Either
        way the next opponent in counting order may then claim what is still missed, or pass (ruling
        28); ``claim`` then holds the points accounted for so far."""
        assert self._claim is not None
        owner, accounted = self._claim
        _, what = self._show_queue[0]
        cards = self._unit_cards()
        missed = max(0, self._unit_total(cards, what) - accounted)
        self._log(make_event("claim", self._deal_index, seat, (), points, "muggins", "show"))
        taken = min(points, missed)
        if taken and self._score(seat, taken, make_event("score", self._deal_index, seat, cards, taken, "muggins",
                                                    "show")):
            return
        if points > missed and self._score(owner, points - missed, self._over_claim(owner, points - missed)):
            return
        self._claim = (owner, accounted + taken)
        self._next_claimant()

    def _pass_muggins(self, seat: int) -> None:
        self._log(make_event("claim", self._deal_index, seat, (), 0, "pass", "show"))
        self._next_claimant()

    def _next_claimant(self) -> None:
        self._claimants.pop(0)
        if not self._claimants:
            self._next_unit()

    def _next_unit(self) -> None:
        self._show_queue.pop(0)
        self._claim = None
        self._claimants = []
        if self._show_queue:
            self._phase = "count"
        else:
            self._end_deal()

    # ------------------------------------------------------------------ what players see
    def _crib_face_up(self) -> bool:
        """The crib is turned up once shown, and under muggins as soon as its owner must count it."""
        counting_crib = self._phase == "count" and bool(self._show_queue) and self._show_queue[0][1] == "crib"
        return counting_crib or self._crib_shown

    def hidden_cards(self, seat: int | None) -> frozenset[Card]:
        hidden: set[Card] = set(self._deal.undealt())
        for other in range(self._seats):
            if other != seat:
                hidden.update(self._hands[other])
                hidden.update(self._discards[other])
        if not self._crib_face_up():
            hidden.update(card for card in self._crib if seat is None or card not in self._discards[seat])
        else:
            hidden.difference_update(self._crib)
        for _, _, cards in self._shown:
            hidden.difference_update(cards)
        if not self._starter_turned:
            hidden.add(self._starter)
        return frozenset(hidden)

    def _held_floors(self, seat: int | None, hidden: frozenset[Card]) -> list[tuple[tuple[Card, ...], int]]:
        """Each other seat that said go this deal holds only cards of more pips than 31 less the count
        it said go at (its highest such floor), as long as its hand is hidden."""
        floors: dict[int, int] = {}
        entries = self._journal.entries
        for index in range(len(entries) - 1, -1, -1):
            entry = entries[index]
            if not isinstance(entry, Event):
                continue
            if entry.type == "deal":
                break
            said = entry.seat
            if entry.type == "go" and said is not None and said != seat:
                floors[said] = max(floors.get(said, 0), MAX_COUNT - (entry.count or 0))
        held: list[tuple[tuple[Card, ...], int]] = []
        for other in sorted(floors):
            cards = tuple([card for card in self._hands[other] if card in hidden])
            if cards and floors[other] > 0:
                held.append((cards, floors[other]))
        return held

    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        places = {f"hand {self.players[seat]}": tuple(hand) for seat, hand in enumerate(self._hands)}
        places["played"] = tuple(card for _, card in self._played)
        places["crib"] = tuple(self._crib)
        places["starter"] = (self._starter,)
        places["pack"] = self._deal.undealt()
        return places

    def view(self, seat: int | None) -> CribbageView:
        """What ``seat`` may see (None: a spectator). Made once per change of the game: asking again
        before the next action returns the same view."""
        cached = self._view_cache.get(seat)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        queue = self._show_queue
        phase = self._phase
        go, shown, winner = self._go, self._shown, self._winner
        view = _make_view(
            game=self._name,
            players=self.players,
            seat=seat,
            sides=self._side_names,
            side_of_seat=self._side_of_seat,
            scores=tuple(self._scores),
            previous_scores=tuple(self._previous),
            target=self._view_target,
            deal=self._deal_index,
            dealer=self.dealer,
            phase="over" if self._over else phase,
            to_act=self.to_act(),
            legal_actions=self.legal_actions(seat) if seat is not None else (),
            hand=tuple(self._hands[seat]) if seat is not None else (),
            kept=self._kept[seat] if seat is not None else (),
            discarded=self._discards[seat] if seat is not None else (),
            hand_sizes=tuple([len(hand) for hand in self._hands]),
            has_discarded=tuple([bool(thrown) for thrown in self._discards]),
            crib_size=len(self._crib),
            crib=tuple(self._crib) if self._crib_face_up() else (),
            starter=self._starter if self._starter_turned else None,
            count=self._count,
            series=self._series_seats,
            played=self._played,
            said_go=tuple(sorted(go)) if go else (),
            shown=tuple(shown) if shown else (),
            counting=queue[0] if queue and (phase == "count" or phase == "muggins") else None,
            claim=self._claim,
            muggins=self._muggins,
            finished=self._over,
            winner=None if winner is None else self._side_names[winner],
            events=self._journal.snapshot(seat),
        )
        self._view_cache[seat] = (self._version, view)
        return view


def honest_claim(view: CribbageView, rules: Rules) -> Action:
    """The honest muggins move of ``view``'s seat (ruling 16): declare the full count of the hand or
    crib being counted, or claim exactly the points the last count missed (pass if none were).
    Counted from the cards the view shows, as a player would.

    >>> from pegboard.engine import new_game
    >>> game = new_game("cribbage", ["Ann", "Bob"], seed=3, muggins=True)
    >>> while game.phase != "count":
    ...     _ = game.apply(game.legal_actions()[0])
    >>> seat = game.to_act()[0]
    >>> honest_claim(game.view(seat), game.rules).verb
    'count'
    """
    seat = view.seat
    if seat is None or view.starter is None:
        raise PegboardError("nothing to count: a spectator, or no starter yet")
    if view.phase == "count" and view.counting is not None and view.counting[0] == seat:
        what = view.counting[1]
        cards = view.crib if what == "crib" else view.kept
        total = hand_score([card.code for card in cards], view.starter.code, what == "crib", rules.crib_four_flush)
        return Action(seat, "count", (), total)
    if view.phase == "muggins" and view.claim is not None and view.shown:
        _, what, cards = view.shown[-1]
        total = hand_score([card.code for card in cards], view.starter.code, what == "crib", rules.crib_four_flush)
        missed = total - view.claim[1]
        return Action(seat, "muggins", (), missed) if missed > 0 else Action(seat, "pass")
    raise PegboardError(f"{view.players[seat]} has no count or claim to make now")
