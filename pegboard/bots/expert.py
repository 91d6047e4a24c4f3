"""The expert bot.

Cribbage games (2-4 players, five-card):

* discards by exact expectation: each kept hand averaged over every starter, plus (own side's crib)
  or minus (the other side's) the crib tables' value of the throw;
* pegging by looking ahead over the cards the opponents may still hold: samples of their hands
  consistent with the view (go's reveal that every card still held is too big), each solved exactly
  by minimax to the end of the play; with three or four players every other side plays against the
  expert's side (a "paranoid" search; partners play together), to the end of the current series
  while many cards are out;
* board-aware: pegging out wins outright, and near the end the search values reaching the target
  above points (see :mod:`pegboard.bots.pegging`).

Snailspace and solitaire: placement by search over the unseen cards (:mod:`pegboard.bots.grid`).

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=4)
>>> ExpertBot(game.rules, 0, seed=1).choose(game.view(0)) in game.legal_actions(0)
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pegboard.bots.base import BaseBot
from pegboard.bots.board import BoardTable
from pegboard.bots.discard import CribTables, DiscardOption, rank_discards
from pegboard.bots.endgame import ENDGAME, ENDGAME_PLAY, discard_win_probabilities, show_outcome
from pegboard.bots.pegging import WIN, PlayPosition, best_plays, play_points, sample_hands
from pegboard.bots.tablegen import throw_key
from pegboard.cards import Card, full_deck
from pegboard.engine.actions import Action
from pegboard.engine.cribbage import honest_claim
from pegboard.rules import Rules
from pegboard.scoring.fast import hand_score

__all__ = ["ExpertBot"]

SAMPLE_BUDGET = 2400
"""Two players: roughly how many search nodes a pegging decision may cost, summed over samples."""
MULTI_FULL_SEARCH_CARDS = {3: 9, 4: 10}
"""Three/four players: search to the end of the play only once this few cards are out (else the series)."""
MULTI_SAMPLES = (6, 12)
"""Three/four players: samples when searching to the end of the series, and to the end of the play."""


class ExpertBot(BaseBot):
    """Plays every game of the family as well as pegboard knows how."""

    name = "expert"

    def __init__(self, rules: Rules, seat: int, seed: int | None = None, *, samples: int = 24) -> None:
        super().__init__(rules, seat, seed)
        self.max_samples = samples
        self.tables = CribTables.load()
        self.board = _load_board()
        self._grid: Any = None

    def choose(self, view: Any) -> Action:
        actions: tuple[Action, ...] = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if self.rules.family != "cribbage":
            choice: Action = self._grid_bot().choose(view)
            return choice
        verb = actions[0].verb
        if verb == "discard":
            return self._discard(view, actions)
        if verb == "play":
            return self._play(view, actions)
        if verb in ("count", "muggins"):
            return honest_claim(view, self.rules)
        return actions[0]

    def _grid_bot(self) -> Any:
        if self._grid is None:
            grid = importlib.import_module("pegboard.bots.grid")
            self._grid = grid.grid_expert(self.rules, self.seat, self.rng.randrange(1 << 30))
        return self._grid

    # ------------------------------------------------------------------ discards
    def _needs(self, view: Any) -> tuple[int, int]:
        """Points my side and the other side still need (two players)."""
        mine = view.side_of_seat[self.seat]
        return view.target - view.scores[mine], view.target - view.scores[1 - mine]

    def _board_aware(self, view: Any, zone: int = ENDGAME) -> bool:
        """Two-player 121-point games within ``zone`` points of the end use the board table."""
        return (self.rules.players == 2 and self.rules.target == 121 and self.board is not None
                and min(self._needs(view)) <= zone)

    def _discard(self, view: Any, actions: Sequence[Action]) -> Action:
        role = (self.seat - view.dealer) % self.rules.players
        options = rank_discards(view.hand, self.rules, role, tables=self.tables)
        best = options[0]
        if self._board_aware(view):
            best = self._endgame_discard(view, options[:6])
        for action in actions:
            if set(action.cards) == set(best.thrown):
                return action
        return actions[0]  # pragma: no cover - every option is a legal action

    def _endgame_discard(self, view: Any, options: Sequence[DiscardOption]) -> DiscardOption:
        """Near the end: the option with the best chance of winning, not the most points."""
        hand = set(view.hand)
        starters = [card.code for card in full_deck() if card not in hand]
        values = [np.array([hand_score([c.code for c in option.kept], starter) for starter in starters])
                  for option in options]
        my_need, their_need = self._needs(view)
        assert self.board is not None
        chances = discard_win_probabilities(values, [option.expected_crib for option in options], my_need,
                                            their_need, dealer=view.dealer == self.seat, board=self.board)
        best = max(range(len(options)), key=lambda i: (round(chances[i], 6), -i))  # ties: the most points
        return options[best]

    # ------------------------------------------------------------------ the play
    def _play(self, view: Any, actions: Sequence[Action]) -> Action:
        by_rank: dict[int, Action] = {}
        for action in actions:
            if action.verb == "play":
                by_rank.setdefault(action.cards[0].rank, action)
        if len(by_rank) == 1:
            return next(iter(by_rank.values()))
        positions, samples = self._sample_positions(view)
        if not positions:
            return self._immediate_best(view, by_rank)
        side_of = view.side_of_seat
        if self.rules.players == 2:
            need = self._needs(view)
            end_values = [self._end_value(view, sample) for sample in samples] \
                if self._board_aware(view, ENDGAME_PLAY) else None
            values = best_plays(sorted(by_rank), positions, self.seat, side_of, need, end_values)
        else:  # three or four players: paranoid search, to the end of the series while many cards are out
            horizon = sum(view.hand_sizes) > MULTI_FULL_SEARCH_CARDS[self.rules.players]
            values = best_plays(sorted(by_rank), positions, self.seat, side_of, series_horizon=horizon)
        top = max(values.values())
        choices = [rank for rank, value in values.items() if value >= top - 1e-9]
        return by_rank[self.rng.choice(choices)]

    def _immediate_best(self, view: Any, by_rank: dict[int, Action]) -> Action:
        series = tuple(card.rank for _, card in view.series)
        return max(by_rank.values(),
                   key=lambda a: play_points(series + (a.cards[0].rank,), view.count + a.cards[0].pips))

    def _unseen(self, view: Any) -> list[int]:
        known: set[Card] = set(view.hand) | set(view.kept) | set(view.discarded)
        known.update(card for _, card in view.played)
        if view.starter is not None:
            known.add(view.starter)
        return [card.code for card in full_deck() if card not in known]

    def _go_floors(self, view: Any) -> dict[int, int]:
        """For each seat that said go this deal: the cards it holds have more pips than this."""
        floors: dict[int, int] = {}
        events = view.events
        for index in range(len(events) - 1, -1, -1):
            event = events[index]
            if event.type == "deal":
                break
            if event.type == "go" and event.seat is not None and event.seat != self.seat:
                floors[event.seat] = max(floors.get(event.seat, 0), 31 - (event.count or 0))
        return floors

    def _end_value(self, view: Any, sample: dict[int, tuple[int, ...]]) -> Callable[[int, int], float]:
        """How a sampled deal ends once the play is over: the show in counting order, then the board."""
        starter = view.starter.code
        opponent = 1 - self.seat
        their_kept = [card.code for seat, card in view.played if seat == opponent] + list(sample[opponent])
        mine = hand_score([card.code for card in view.kept], starter)
        theirs = hand_score(their_kept, starter) if len(their_kept) == self.rules.kept_size else 8
        role = (self.seat - view.dealer) % 2
        crib = float(self.tables.values(self.rules)[role][throw_key([card.code for card in view.discarded])])
        i_am_pone = role == 1
        pone_hand, dealer_total = (mine, theirs + crib) if i_am_pone else (theirs, mine + crib)
        my_need, their_need = self._needs(view)
        board = self.board
        assert board is not None

        def end_value(pegged_mine: int, pegged_theirs: int) -> float:
            chance = show_outcome(my_need - pegged_mine, their_need - pegged_theirs, pone_hand=pone_hand,
                                  dealer_total=dealer_total, i_am_pone=i_am_pone, board=board)
            return WIN * (2 * chance - 1)

        return end_value

    def _sample_positions(self, view: Any) -> tuple[list[PlayPosition], list[dict[int, tuple[int, ...]]]]:
        seats = self.rules.players
        others = [seat for seat in range(seats) if seat != self.seat]
        sizes = [view.hand_sizes[seat] for seat in others]
        floors = self._go_floors(view)
        unseen = self._unseen(view)
        cards_out = sum(sizes) + len(view.hand)
        if self.rules.players == 2:
            samples = max(2, min(self.max_samples, SAMPLE_BUDGET // max(1, 6 ** max(0, cards_out - 4))))
        else:
            samples = MULTI_SAMPLES[cards_out <= MULTI_FULL_SEARCH_CARDS[self.rules.players]]
        series = tuple(card.rank for _, card in view.series)
        last = view.series[-1][0] if view.series else -1
        go_mask = sum(1 << seat for seat in view.said_go)
        mine = tuple(sorted(card.rank for card in view.hand))
        positions = []
        samples_dealt: list[dict[int, tuple[int, ...]]] = []
        for _ in range(samples * 3):
            dealt = sample_hands(unseen, sizes, [floors.get(seat, 0) for seat in others], self.rng)
            if dealt is None:
                continue
            samples_dealt.append(dict(zip(others, dealt)))
            hands: list[tuple[int, ...]] = [()] * seats
            hands[self.seat] = mine
            for seat, codes in zip(others, dealt):
                hands[seat] = tuple(sorted((code >> 2) + 1 for code in codes))
            positions.append(PlayPosition(tuple(hands), series, view.count, self.seat, go_mask, last,
                                          self.rules.single_series, self.rules.play_continues_after_go))
            if len(positions) == samples:
                break
        return positions, samples_dealt


def _load_board() -> BoardTable | None:
    try:
        return BoardTable.load()
    except FileNotFoundError:  # pragma: no cover - the table ships with the package
        return None
