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

import random
from collections.abc import Sequence
from itertools import combinations

from pegboard.cards import Card
from pegboard.engine.actions import Action
from pegboard.engine.base import GameState
from pegboard.engine.deals import Deal
from pegboard.engine.events import Event
from pegboard.engine.views import CribbageView
from pegboard.errors import PegboardError
from pegboard.rules import Rules
from pegboard.scoring.items import Score, ScoreItem
from pegboard.scoring.play import score_play
from pegboard.scoring.show import show_items

__all__ = ["CribbageState", "honest_claim", "MOST_IN_A_SHOW"]

NOBODY = -1
"""``private_to`` for cards nobody may see (a crib card dealt from the pack, before the show)."""
MAX_COUNT = 31
MOST_IN_A_SHOW = 29
"""The most any hand or crib holds (ruling 7): the range of a muggins count or claim, which must not
depend on the cards, or a refusal would give the true count away (ruling 16)."""


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
        seats = self.rules.players
        self.dealer = self.first_dealer if index == 0 else (self.dealer + 1) % seats
        self._hands: list[list[Card]] = [list(hand) for hand in deal.hands]
        self._kept: list[tuple[Card, ...]] = [() for _ in range(seats)]
        self._discards: list[tuple[Card, ...]] = [() for _ in range(seats)]
        self._crib: list[Card] = list(deal.crib)
        self._starter: Card = deal.starter  # type: ignore[assignment]
        self._starter_turned = False
        self._deal = deal
        self._phase = "discard"
        self._count = 0
        self._series: list[Card] = []
        self._series_seats: list[int] = []
        self._played: list[tuple[int, Card]] = []
        self._go: set[int] = set()
        self._turn: int | None = None
        self._last: int | None = None
        self._shown: list[tuple[int, str, tuple[Card, ...]]] = []
        self._show_queue: list[tuple[int, str]] = []
        self._claim: tuple[int, int] | None = None  # (counting seat, points declared)
        self._claimants: list[int] = []
        self._log(Event("deal", index, self.dealer, phase="deal"))
        for seat, hand in enumerate(deal.hands):
            self._log(Event("dealt", index, seat, tuple(hand), phase="deal", private_to=seat))
        if deal.crib:
            self._log(Event("dealt", index, None, tuple(deal.crib), kind="crib", phase="deal", private_to=NOBODY))
        if index == 0 and self.rules.pone_bonus:
            self._credit(self.pone, [ScoreItem("last", (), self.rules.pone_bonus)], "deal")  # ruling 18

    @property
    def pone(self) -> int:
        """The player on the dealer's left, who leads (ruling 11)."""
        return (self.dealer + 1) % self.rules.players

    @property
    def phase(self) -> str:
        """``discard``, ``play``, ``count`` (muggins: declaring a count), ``muggins`` (claims), ``over``."""
        return "over" if self._over else self._phase

    @property
    def starter(self) -> Card | None:
        """The starter once turned."""
        return self._starter if self._starter_turned else None

    # ------------------------------------------------------------------ whose turn, what is legal
    def to_act(self) -> tuple[int, ...]:
        if self._over:
            return ()
        if self._phase == "discard":
            return tuple(seat for seat in range(self.rules.players) if not self._discards[seat])
        if self._phase == "play":
            return (self._turn,) if self._turn is not None else ()
        if self._phase == "count":
            return (self._show_queue[0][0],)
        if self._phase == "muggins":
            return (self._claimants[0],)
        return ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self._phase
        if phase == "play":
            if seat != self._turn:
                return ()
            room = MAX_COUNT - self._count
            playable = tuple([Action(seat, "play", (card,)) for card in self._hands[seat] if card.pips <= room])
            return playable or (Action(seat, "go"),)
        if seat not in self.to_act():
            return ()
        if phase == "discard":
            hand = sorted(self._hands[seat])
            return tuple(Action(seat, "discard", combo) for combo in combinations(hand, self.rules.discard_count))
        if self._phase == "play":
            room = MAX_COUNT - self._count
            playable = tuple(Action(seat, "play", (card,)) for card in self._hands[seat] if card.pips <= room)
            return playable or (Action(seat, "go"),)
        if self._phase == "count":  # any count a show could hold: the range must not give the total away
            return tuple(Action(seat, "count", (), points) for points in range(MOST_IN_A_SHOW + 1))
        if self._phase == "muggins":
            claims = (Action(seat, "muggins", (), points) for points in range(1, MOST_IN_A_SHOW + 1))
            return (*claims, Action(seat, "pass"))
        return ()

    def _why_illegal(self, action: Action) -> str:
        name = self.players[action.seat]
        acting = self.to_act()
        if action.seat not in acting:
            if self._phase == "discard":
                return f"{name} has already discarded"
            waiting = " or ".join(self.players[seat] for seat in acting)
            return f"it is {waiting}'s turn, not {name}'s"
        expected = {"discard": "discard", "play": "play or go", "count": "count", "muggins": "muggins or pass"}
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
        if verb == "discard":
            self._discard(action.seat, action.cards)
        elif verb == "play":
            self._play(action.seat, action.cards[0])
        elif verb == "go":
            self._say_go(action.seat)
        elif verb == "count":
            assert isinstance(action.target, int)
            self._declare(action.seat, action.target)
        elif verb == "muggins":
            assert isinstance(action.target, int)
            self._take_muggins(action.seat, action.target)
        else:
            self._pass_muggins(action.seat)

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        hand = self._hands[seat]
        for card in cards:
            hand.remove(card)
        self._discards[seat] = cards
        self._kept[seat] = tuple(hand)
        self._crib.extend(cards)
        self._log(Event("discard", self.deal_number, seat, cards, phase="discard", private_to=seat))
        if all(self._discards):
            self._turn_starter()

    def _turn_starter(self) -> None:
        self._starter_turned = True
        starter = self._starter
        self._log(Event("starter", self.deal_number, self.dealer, (starter,), phase="starter"))
        if starter.rank == 11 and self.rules.heels_points:  # ruling 6: his heels
            if self._credit(self.dealer, [ScoreItem("heels", (starter,), self.rules.heels_points)], "starter"):
                return
        self._phase = "play"
        self._turn = self.pone

    def _play(self, seat: int, card: Card) -> None:
        self._hands[seat].remove(card)
        self._series.append(card)
        self._series_seats.append(seat)
        self._played.append((seat, card))
        self._count += card.pips
        self._last = seat
        self._log(Event("play", self.deal_number, seat, (card,), count=self._count, phase="play"))
        items = score_play(self._series, self._count).items
        if items and self._credit(seat, items, "play"):
            return
        if self._count == MAX_COUNT:
            self._end_series(thirty_one=True)
        else:
            self._pass_turn(seat)

    def _say_go(self, seat: int) -> None:
        self._go.add(seat)
        self._log(Event("go", self.deal_number, seat, count=self._count, phase="play"))
        if self.rules.play_continues_after_go:
            self._pass_turn(seat)
        else:
            self._end_series(thirty_one=False)

    def _pass_turn(self, seat: int) -> None:
        """Ruling 9: the next player in turn who holds cards and has not said go acts next."""
        seats = self.rules.players
        for step in range(1, seats + 1):
            candidate = (seat + step) % seats
            if self._hands[candidate] and candidate not in self._go:
                self._turn = candidate
                return
        self._end_series(thirty_one=False)

    def _end_series(self, *, thirty_one: bool) -> None:
        """Nobody can play (or 31): the last player scores 1 for go or last, the count resets."""
        cards_left = any(self._hands)
        final = self.rules.single_series or not cards_left
        if not thirty_one and self._last is not None:
            kind = "last" if final else "go"
            last_card = (self._series[-1],) if self._series else ()
            if self._credit(self._last, [ScoreItem(kind, last_card, 1)], "play"):
                return
        if final:
            self._start_show()
            return
        self._count = 0
        self._series.clear()
        self._series_seats.clear()
        self._go.clear()
        self._log(Event("reset", self.deal_number, count=0, phase="play"))
        seats = self.rules.players
        last = self._last if self._last is not None else self.dealer
        for step in range(1, seats + 1):
            candidate = (last + step) % seats
            if self._hands[candidate]:
                self._turn = candidate
                return

    # ------------------------------------------------------------------ the show
    def _start_show(self) -> None:
        """Ruling 14: each hand from the dealer's left round to the dealer, then the crib."""
        seats = self.rules.players
        self._turn = None
        self._show_queue = [((self.dealer + step) % seats, "hand") for step in range(1, seats + 1)]
        self._show_queue.append((self.dealer, "crib"))
        self._phase = "count" if self.rules.muggins else "show"
        if not self.rules.muggins:
            while self._show_queue:
                seat, what = self._show_queue[0]
                score = self._unit_score()
                cards = self._unit_cards()
                self._show_queue.pop(0)
                self._reveal(seat, what, cards, score.total)
                if self._credit(seat, score.items, "show"):
                    return
            self._start_deal()

    def _unit_cards(self) -> tuple[Card, ...]:
        seat, what = self._show_queue[0]
        return tuple(self._crib) if what == "crib" else self._kept[seat]

    def _unit_score(self) -> Score:
        _, what = self._show_queue[0]
        return show_items(self._unit_cards(), self._starter, what == "crib", self.rules.crib_four_flush)

    def _reveal(self, seat: int, what: str, cards: tuple[Card, ...], points: int) -> None:
        self._shown.append((seat, what, cards))
        self._log(Event("show", self.deal_number, seat, cards, points, what, "show"))

    def _declare(self, seat: int, points: int) -> None:
        """Muggins (ruling 16): the owner declares a count; the true total is known to the engine.

        Counted short, the opponents in turn may claim what was missed. Counted over, the count is
        taken back at once: the owner scores the true total and the first opponent in counting order
        scores the excess (a score never goes down, and an over-claim must cost, or guessing high
        and coming down would never lose a point).
        """
        _, what = self._show_queue[0]
        score = self._unit_score()
        cards = self._unit_cards()
        self._reveal(seat, what, cards, points)
        self._log(Event("claim", self.deal_number, seat, (), points, "count", "show"))
        claimants = self._opponents_in_turn(seat)
        if points >= score.total:
            if self._credit(seat, score.items, "show"):
                return
            if points > score.total and self._credit(claimants[0], [self._over_claim(points - score.total)], "show"):
                return
            self._next_unit()
            return
        if self._credit(seat, (ScoreItem("count", cards, points),) if points else (), "show"):
            return
        self._claimants = claimants
        self._claim = (seat, points)
        self._phase = "muggins"

    def _opponents_in_turn(self, seat: int) -> list[int]:
        """The seats not on ``seat``'s side, in counting order from its left."""
        seats = self.rules.players
        side = self.side_of(seat)
        return [other for step in range(1, seats) if self.side_of(other := (seat + step) % seats) != side]

    def _over_claim(self, excess: int) -> ScoreItem:
        return ScoreItem("over-claim", (), excess)

    def _take_muggins(self, seat: int, points: int) -> None:
        """A claim up to the points missed scores as claimed; over them, the claimant scores the
        points missed and the owner of the count the excess (ruling 16, like an over-count)."""
        assert self._claim is not None
        owner, declared = self._claim
        missed = self._unit_score().total - declared
        cards = self._unit_cards()
        self._log(Event("claim", self.deal_number, seat, (), points, "muggins", "show"))
        if self._credit(seat, [ScoreItem("muggins", cards, min(points, missed))], "show"):
            return
        if points > missed and self._credit(owner, [self._over_claim(points - missed)], "show"):
            return
        self._next_unit()

    def _pass_muggins(self, seat: int) -> None:
        self._log(Event("claim", self.deal_number, seat, (), 0, "pass", "show"))
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
            self._start_deal()

    # ------------------------------------------------------------------ what players see
    def _crib_face_up(self) -> bool:
        """The crib is turned up once shown, and under muggins as soon as its owner must count it."""
        counting_crib = self._phase == "count" and bool(self._show_queue) and self._show_queue[0][1] == "crib"
        return counting_crib or any(what == "crib" for _, what, _ in self._shown)

    def hidden_cards(self, seat: int | None) -> frozenset[Card]:
        hidden: set[Card] = set(self._deal.undealt())
        for other in range(self.rules.players):
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

    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        places = {f"hand {self.players[seat]}": tuple(hand) for seat, hand in enumerate(self._hands)}
        places["played"] = tuple(card for _, card in self._played)
        places["crib"] = tuple(self._crib)
        places["starter"] = (self._starter,)
        places["pack"] = self._deal.undealt()
        return places

    def view(self, seat: int | None) -> CribbageView:
        """What ``seat`` may see (None: a spectator)."""
        mine = seat is not None
        crib_shown = self._crib_face_up()
        return CribbageView(
            game=self.rules.name,
            players=self.players,
            seat=seat,
            sides=self._side_names,
            side_of_seat=self._side_of_seat,
            scores=tuple(self._scores),
            previous_scores=tuple(self._previous),
            target=self.rules.target or 0,
            deal=self.deal_number,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act(),
            legal_actions=self.legal_actions(seat) if mine else (),
            hand=tuple(self._hands[seat]) if mine else (),  # type: ignore[index]
            kept=self._kept[seat] if mine else (),  # type: ignore[index]
            discarded=self._discards[seat] if mine else (),  # type: ignore[index]
            hand_sizes=tuple(len(hand) for hand in self._hands),
            has_discarded=tuple(bool(d) for d in self._discards),
            crib_size=len(self._crib),
            crib=tuple(self._crib) if crib_shown else (),
            starter=self.starter,
            count=self._count,
            series=tuple(zip(self._series_seats, self._series)),
            played=tuple(self._played),
            said_go=tuple(sorted(self._go)),
            shown=tuple(self._shown),
            counting=self._show_queue[0] if self._phase in ("count", "muggins") and self._show_queue else None,
            claim=self._claim,
            muggins=self.rules.muggins,
            finished=self._over,
            winner=self.winner,
            events=self.events_for(seat),
        )


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
        total = show_items(cards, view.starter, what == "crib", rules.crib_four_flush).total
        return Action(seat, "count", (), total)
    if view.phase == "muggins" and view.claim is not None and view.shown:
        _, what, cards = view.shown[-1]
        missed = show_items(cards, view.starter, what == "crib", rules.crib_four_flush).total - view.claim[1]
        return Action(seat, "muggins", (), missed) if missed > 0 else Action(seat, "pass")
    raise PegboardError(f"{view.players[seat]} has no count or claim to make now")
