"""The expert bot.

Cribbage games (2-4 players, five-card):

* discards by exact expectation: each kept hand averaged over every starter, plus (own side's crib)
  or minus (the other side's) the crib tables' value of the throw, plus (two players) the kept
  ranks' expected pegging from the pegging table (:mod:`pegboard.bots.pegtable`);
* pegging by looking ahead over the cards the opponents may still hold: samples of their hands
  consistent with the view (go's reveal that every card still held is too big), each solved exactly
  by minimax to the end of the play; with two players the samples are drawn in proportion to how
  likely the opponent was to keep that hand and to play the cards they played
  (:mod:`pegboard.bots.inference`): their plays are read with a mixture of a generic model, the
  book's (:class:`pegboard.bots.inference.BookPlayModel`) and the BSD program's rules
  (:class:`pegboard.bots.inference.ProgramPlayModel`), each style's share learnt during the game
  from how well it foretold their plays in the deals already shown, and in proportion to those shares
  the search's opponent answers by the book or the program; plays the search rates alike are settled by the
  standard lead and answer patterns (:mod:`pegboard.bots.patterns`);
  with three or four players every other side plays against the expert's side (a "paranoid"
  search; partners play together), to the end of the current series while many cards are out;
* board-aware: near the end it plays for its objective (:mod:`pegboard.objectives`: ``win`` by
  default, or game points, spread, a match) rather than for points: discards and the end of the play
  are scored by the objective's board table, pegging out by what the objective pays for it (see
  :mod:`pegboard.bots.endgame`); partners by their own table, their discards with the four hands
  counted in turn (:func:`pegboard.bots.endgame.discard_values_in_turn`) and the play knowing that
  pegging out wins.

Snailspace and solitaire: placement by search over the unseen cards (:mod:`pegboard.bots.grid`).

:class:`BaselineExpert` is the expert as it was before it counted the play in its discards, read
the opponent's discard and followed patterns: kept to measure the difference against.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=4)
>>> ExpertBot(game.rules, 0, seed=1).choose(game.view(0)) in game.legal_actions(0)
True
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from pegboard.bots.base import BaseBot
from pegboard.bots.board import BoardTable
from pegboard.bots.discard import CribTables, DiscardOption, counts_pegging, rank_discards, throw_key
from pegboard.bots.endgame import (
    ENDGAME,
    ENDGAME_PLAY,
    EndInTurn,
    EndOfPlay,
    discard_values,
    discard_values_in_turn,
)
from pegboard.bots.inference import (
    DEFAULT_TEMPERATURE,
    BookPlayModel,
    DiscardModel,
    PastPlay,
    PlayModel,
    ProgramPlayModel,
)
from pegboard.bots.patterns import pattern_scores
from pegboard.bots.pegging import PlayPosition, ReplyModel, SolverPool, best_plays, play_points
from pegboard.bots.playsread import PlaysReader, deal_plays
from pegboard.bots.solver import positions_of
from pegboard.bots.stylecrib import StyleCribs
from pegboard.cards import Card, full_deck
from pegboard.engine.actions import Action
from pegboard.engine.chance import deals_hidden
from pegboard.engine.cribbage import honest_claim
from pegboard.engine.views import CribbageView, SeatView, cribbage_view
from pegboard.objectives import WIN, Objective
from pegboard.rules import Rules
from pegboard.scoring.fast import hand_score
from pegboard.scoring.tables import RANK_WEIGHTS

__all__ = ["ExpertBot", "ExpertSettings", "BaselineExpert", "PointsExpert"]

_RANK_INDICES = np.arange(13)
_ROW_SHIFTS = np.arange(60, -1, -4, dtype=np.int64)  # four bits per rank index, the last card lowest
_RANK_WEIGHTS = np.asarray(RANK_WEIGHTS, dtype=np.int64)

MULTI_FULL_SEARCH_CARDS = {3: 9, 4: 10}
"""Three/four players: search to the end of the play only once this few cards are out (else the series)."""
MULTI_SAMPLES = (6, 12)
"""Three/four players: samples when searching to the end of the series, and to the end of the play."""
MIN_SHARE = 0.02
"""A style of play less likely than this is left out of the reading and the replies (it costs time)."""


@dataclass(frozen=True)
class ExpertSettings:
    """What the expert's two-player play uses. The defaults are the measured best (docs/strength.md: the
    strength table); :data:`BASELINE` is the expert before the pegging table, inference and patterns."""

    pegging_weight: float = 0.7
    """Discards: weight of the kept ranks' expected pegging (0: hand and crib only). The table's
    open-hands values overstate what is pegged with hidden cards: against classic, each point of
    the table's difference between two kept hands was worth about 0.65-0.7 points pegged."""
    temperature: float | None = 1.0
    """Pegging: temperature of the opponent's soft discard policy; None: samples ignore their discard."""
    tie_margin: float | None = 0.05
    """Pegging: plays within this many points of the best are settled by the patterns; None: at random."""
    node_budget: int = 100_000
    """Pegging: roughly how many search nodes a decision may cost, summed over its samples."""
    samples: int = 48
    """Pegging: at most this many samples of the opponent's hand."""
    pool: int = 16
    """Pegging with inference: candidate hands drawn per sample kept (the samples are drawn from them
    in proportion to their likelihood). 16, not 8, since the program's reading is sharp: +0.016 points
    per deal against classic and +0.013 against hoyle (4,000 games each, the same deals), 15-25% more
    time in those matches."""
    play_temperature: float | None = 1.0
    """Pegging with inference: temperature of the model of the opponent's plays (how likely each card
    they played was from each hand; :class:`pegboard.bots.inference.PlayModel`); None: plays ignored."""
    book_play_weight: float = 0.3
    """Pegging with inference: the prior chance that the opponent plays by the book, the share of the
    book's play model (:class:`BookPlayModel`) in the mixture their plays are read with; the rest is
    the generic :class:`PlayModel`. At 0.3 it gained +0.08 points per deal against hoyle and cost
    nothing against classic (-0.002); at 0.5, +0.09 and -0.03 (4,000 deals, four a game)."""
    book_reply_weight: float = 1.0
    """Pegging: the weight, times the chance that the opponent plays by the book, of the book's answer
    (:meth:`BookPlayModel.reply_chances`) in the search's model of the opponent's replies: at 0.5 a
    further +0.05 points per deal against hoyle, +0.01 against classic; 1.0 (the replies by the book
    just as often as the reading believes they play by it), with :attr:`program_reply_weight` 1.0:
    +0.016 against hoyle, +0.004 against classic (4,000 games each, the same deals)."""
    program_play_weight: float = 0.3
    """Pegging with inference: the prior chance that the opponent plays by the BSD program's rules
    (:class:`ProgramPlayModel`), the third model of the mixture (the book's share above is of the rest).
    With 0.3 and :attr:`pool` 16: 62.4% and +0.61 points per deal against classic over 4,000 games
    (0.2 and 8: 61.8%, +0.60; without the program's model: 58.8%, +0.44); 2,000 games each: 0.2
    +0.58, 0.35 +0.61."""
    program_reply_weight: float = 1.0
    """Pegging: as :attr:`book_reply_weight`, for the program's answers (its share of the search's
    model of the opponent's replies, times the chance that they play by its rules)."""
    style_cribs: bool = True
    """Discards (two players, six cards): the crib's value moved by the chance that the opponent throws
    to it by the book or by the program (:mod:`pegboard.bots.stylecrib`; the chances learnt from their
    play, :meth:`ExpertBot._styles`). Against hoyle +0.02 points per deal (4,000 games)."""
    book_learning: bool = True
    """Pegging with inference: whether the styles' shares are learnt during the game from the
    opponent's plays in earlier deals (:meth:`ExpertBot._styles`)."""
    opponent_blend: float = 0.25
    """Pegging: the opponent's replies in each sample: their worst for me (0), or that blended by this
    weight with the average of their replies (they cannot see my cards, so they miss my worst).
    0.25 netted +0.018 points per deal (+-0.019) against both classic and hoyle over 4,000 deals."""
    board: bool = True
    """Two players to 121: play for the objective near the end (the board table, pegging out); False:
    for points alone all game (:class:`PointsExpert`, to measure the board's worth against)."""
    endgame: int = ENDGAME
    """Discards by the board table once a side needs this many points or fewer."""
    endgame_play: int = ENDGAME_PLAY
    """The pegging search scores the end of the play by the board table once a side needs this many
    points or fewer. (For game points, starting either earlier changes few decisions and gains
    nothing measurable: docs/objectives.md.)"""


BASELINE = ExpertSettings(pegging_weight=0.0, temperature=None, tie_margin=None, node_budget=2400, samples=24,
                          play_temperature=None, opponent_blend=0.0, book_play_weight=0.0,
                          book_reply_weight=0.0, program_play_weight=0.0, program_reply_weight=0.0,
                          style_cribs=False)


class ExpertBot(BaseBot):
    """Plays every game of the family as well as pegboard knows how."""

    name = "expert"
    settings: ExpertSettings = ExpertSettings()

    def __init__(self, rules: Rules, seat: int, seed: int | None = None, *,
                 settings: ExpertSettings | None = None, objective: Objective | str | None = None) -> None:
        super().__init__(rules, seat, seed, objective=objective)
        if settings is not None:
            self.settings = settings
        self.tables = CribTables.load()
        self.board = _load_board(rules, self.objective) if self.settings.board else None
        self._grid: Any = None
        self._deal_evidence: dict[tuple[PastPlay, ...], tuple[float, float]] = {}  # a shown deal's plays, read
        self._readers: dict[int, PlaysReader] = {}  # each seat's plays, read as the game's log grows
        self._pool = SolverPool()  # the search's memo, kept for the next decision with the same settings
        self.draws: dict[Action, tuple[float, ...]] = {}
        """After :meth:`evaluate` of plays in points: each action's value sample by sample (the same
        samples for every action); empty when none were drawn."""

    def choose(self, view: SeatView) -> Action:
        actions: tuple[Action, ...] = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if not self.rules.crib:
            choice: Action = self._grid_bot().choose(view)
            return choice
        view = cribbage_view(view)
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
    def _needs(self, view: CribbageView) -> tuple[int, int]:
        """Points my side and the other side still need (two players)."""
        mine = view.side_of_seat[self.seat]
        return view.target - view.scores[mine], view.target - view.scores[1 - mine]

    def _board_aware(self, view: CribbageView, zone: int) -> bool:
        """Games with a board table (two players or partners to 121, five-card to 61) use it within
        ``zone`` points of the end."""
        return self.board is not None and min(self._needs(view)) <= zone

    def _discard(self, view: CribbageView, actions: Sequence[Action]) -> Action:
        role = (self.seat - view.dealer) % self.rules.players
        options = rank_discards(view.hand, self.rules, role, tables=self._crib_tables(view),
                                pegging_weight=self.settings.pegging_weight)
        best = options[0]
        if self._board_aware(view, self.settings.endgame):
            best = self._endgame_discard(view, options[:6])
        for action in actions:
            if set(action.cards) == set(best.thrown):
                return action
        return actions[0]  # pragma: no cover - every option is a legal action

    def _crib_tables(self, view: CribbageView) -> CribTables:
        """The crib tables, moved (two players, six cards, :attr:`ExpertSettings.style_cribs`) by the
        chance that the opponent discards by the book or by the program (:mod:`pegboard.bots.stylecrib`):
        the chances the play has taught so far (:meth:`_styles`)."""
        if not self.settings.style_cribs or not counts_pegging(self.rules):
            return self.tables
        book, program = self._used_styles(view, 1 - self.seat)
        if not book and not program:
            return self.tables
        return self.tables.shifted(self.rules, StyleCribs.load().shift(book, program))

    def _endgame_discard(self, view: CribbageView, options: Sequence[DiscardOption]) -> DiscardOption:
        """Near the end: the option with the best expected objective value (chance of winning), not the
        most points."""
        assert self.board is not None
        worth = self._discard_chances(view, options, self.board)
        best = max(range(len(options)), key=lambda i: (round(worth[i], 6), -i))  # ties: the most points
        return options[best]

    def _discard_chances(self, view: CribbageView, options: Sequence[DiscardOption], board: BoardTable
                         ) -> list[float]:
        """Each option's expected value of ``board``'s objective (:func:`discard_values`; with the
        ``win`` table, its chance of winning): its hand's score for every starter the seat cannot see,
        its expected crib, and the board table."""
        hand = set(view.hand)
        starters = [card.code for card in full_deck() if card not in hand]
        values = [np.array([hand_score([c.code for c in option.kept], starter) for starter in starters])
                  for option in options]
        my_need, their_need = self._needs(view)
        cribs = [option.expected_crib for option in options]
        if self.rules.players > 2:  # partners: four hands counted in turn
            return discard_values_in_turn(values, cribs, my_need, their_need,
                                          role=(self.seat - view.dealer) % self.rules.players, board=board)
        return discard_values(values, cribs, my_need, their_need, dealer=view.dealer == self.seat, board=board)

    # ------------------------------------------------------------------ the play

    def _play(self, view: CribbageView, actions: Sequence[Action]) -> Action:
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
            need = self._needs(view) if self.settings.board else None  # None: points alone, pegging out too
            end_values = self._end_values(view, samples) if self._board_aware(view, self.settings.endgame_play) \
                else None
            reply_model, reply = self._replies(view)
            values = best_plays(sorted(by_rank), positions, self.seat, side_of, need, end_values,
                                opponent_blend=self.settings.opponent_blend, reply_model=reply_model,
                                reply_weight=reply, pool=self._pool)
        else:  # three or four players: paranoid search, to the end of the series while many cards are out
            horizon = sum(view.hand_sizes) > MULTI_FULL_SEARCH_CARDS[self.rules.players]
            goals = self._needs(view) if self.board is not None else None  # partners: pegging out wins
            ends = self._ends_in_turn(view, samples) if goals is not None and not horizon and \
                self._board_aware(view, self.settings.endgame_play) else None
            values = best_plays(sorted(by_rank), positions, self.seat, side_of, goals, ends, series_horizon=horizon,
                                pool=self._pool)
        top = max(values.values())
        margin = self.settings.tie_margin if self.rules.players == 2 else None
        choices = [rank for rank, value in values.items() if value >= top - (margin or 0.0) - 1e-9]
        if margin is not None and len(choices) > 1:
            unseen = [0] * 13
            for code in self._unseen(view):
                unseen[code >> 2] += 1
            series = tuple(card.rank for _, card in view.series)
            patterns = pattern_scores([card.rank for card in view.hand], series, view.count, choices, unseen)
            best = max(patterns.values())
            choices = [rank for rank in choices if patterns[rank] >= best - 1e-9]
        return by_rank[self.rng.choice(choices)]

    def _immediate_best(self, view: CribbageView, by_rank: dict[int, Action]) -> Action:
        series = tuple(card.rank for _, card in view.series)
        return max(by_rank.values(),
                   key=lambda a: play_points(series + (a.cards[0].rank,), view.count + a.cards[0].pips))

    def _unseen(self, view: CribbageView) -> list[int]:
        known: set[Card] = set(view.hand) | set(view.kept) | set(view.discarded)
        known.update(card for _, card in view.played)
        if view.starter is not None:
            known.add(view.starter)
        return [card.code for card in full_deck() if card not in known]

    def _go_floors(self, view: CribbageView) -> dict[int, int]:
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

    def _sampled_counts(self, view: CribbageView, samples: Sequence[dict[int, tuple[int, ...]]]
                        ) -> tuple[int, float, list[dict[int, int]]]:
        """What the show will count once the play is over: my hand, my throw's crib as its tables value
        it (:meth:`_crib_tables`: moved by the opponent's style, as when I threw to it), and for each
        sampled deal every other hand (the cards it played and the sample's rest; 8 if the sample
        cannot fill it)."""
        assert view.starter is not None  # turned before the play
        starter = view.starter.code
        played: dict[int, list[int]] = {seat: [] for seat in range(self.rules.players) if seat != self.seat}
        for seat, card in view.played:
            if seat != self.seat:
                played[seat].append(card.code)
        mine = hand_score([card.code for card in view.kept], starter)
        role = (self.seat - view.dealer) % self.rules.players
        thrown = throw_key([card.code for card in view.discarded])
        crib = float(self._crib_tables(view).values(self.rules)[role][thrown])
        size = self.rules.kept_size
        others = []
        for sample in samples:
            counts = {}
            for seat, cards in played.items():
                kept = cards + list(sample.get(seat, ()))
                counts[seat] = hand_score(kept, starter) if len(kept) == size else 8
            others.append(counts)
        return mine, crib, others

    def _end_values(self, view: CribbageView, samples: Sequence[dict[int, tuple[int, ...]]],
                    board: BoardTable | None = None) -> list[EndOfPlay]:
        """How each sampled deal ends once the play is over: the show in counting order, then the board
        (``board``'s objective; by default the expert's own). Samples whose hands count alike end alike:
        the search shares its memo between them."""
        mine, crib, others = self._sampled_counts(view, samples)
        opponent = 1 - self.seat
        i_am_pone = (self.seat - view.dealer) % 2 == 1
        my_need, their_need = self._needs(view)
        board = board or self.board
        assert board is not None
        ends = []
        for counts in others:
            theirs = counts[opponent]
            pone_hand, dealer_total = (mine, theirs + crib) if i_am_pone else (theirs, mine + crib)
            ends.append(EndOfPlay(my_need, their_need, pone_hand, dealer_total, i_am_pone, board))
        return ends

    def _ends_in_turn(self, view: CribbageView, samples: Sequence[dict[int, tuple[int, ...]]]) -> list[EndInTurn]:
        """Partners: how each sampled deal ends once the play is over: every hand counted in turn from
        the dealer's left (the crib with the dealer's hand), then the board
        (:class:`pegboard.bots.endgame.EndInTurn`)."""
        assert self.board is not None  # partners' table
        mine, crib, others = self._sampled_counts(view, samples)
        players, dealer, sides = self.rules.players, view.dealer, view.side_of_seat
        my_need, their_need = self._needs(view)
        order = [(dealer + step) % players for step in range(1, players + 1)]  # the dealer counts last
        my_side = sides[self.seat]
        crib_points = round(crib)
        ends = []
        for counts in others:
            counts[self.seat] = mine
            in_turn = tuple((counts[seat] + (crib_points if seat == dealer else 0), sides[seat] == my_side)
                            for seat in order)
            ends.append(EndInTurn(my_need, their_need, in_turn, sides[dealer] == my_side, self.board))
        return ends

    def _sample_positions(self, view: CribbageView) -> tuple[list[PlayPosition], list[dict[int, tuple[int, ...]]]]:
        seats = self.rules.players
        others = [seat for seat in range(seats) if seat != self.seat]
        sizes = [view.hand_sizes[seat] for seat in others]
        floors = self._go_floors(view)
        unseen = self._unseen(view)
        cards_out = sum(sizes) + len(view.hand)
        settings = self.settings
        if self.rules.players == 2:
            samples = max(2, min(settings.samples, settings.node_budget // max(1, 6 ** max(0, cards_out - 4))))
        else:
            samples = MULTI_SAMPLES[cards_out <= MULTI_FULL_SEARCH_CARDS[self.rules.players]]
        series = tuple(card.rank for _, card in view.series)
        last = view.series[-1][0] if view.series else -1
        go_mask = sum(1 << seat for seat in view.said_go)
        mine = tuple(sorted(card.rank for card in view.hand))
        dealt = self._draw(view, unseen, sizes, [floors.get(seat, 0) for seat in others], samples)
        positions = positions_of(dealt, others, self.seat, mine, series, view.count, go_mask, last,
                                 self.rules.single_series, self.rules.play_continues_after_go)
        return positions, [dict(zip(others, hands)) for hands in dealt]

    def _draw(self, view: CribbageView, unseen: list[int], sizes: list[int], floors: list[int], samples: int
              ) -> list[tuple[tuple[int, ...], ...]]:
        """Up to ``samples`` deals of the unseen cards to the other seats, consistent with their go's;
        with inference (two players, six-card deals) drawn from a larger pool of such deals in
        proportion to how likely the opponent was to keep each (their discard and the cards they
        played), given the sensible discard policy."""
        temperature = self.settings.temperature
        infer = temperature is not None and counts_pegging(self.rules) and sizes[0] > 0
        wanted = samples * self.settings.pool if infer else samples
        drawn = deals_hidden(self.rng, unseen, sizes, floors, wanted)  # the engine's sampler, many deals at once
        if not infer or len(drawn) <= 1:
            return drawn[:samples]
        assert temperature is not None
        opponent = 1 - self.seat
        model = DiscardModel.for_role((opponent - view.dealer) % 2, temperature)
        played = [card.rank for seat, card in view.played if seat == opponent]
        counts = [0] * 13
        for code in unseen:
            counts[code >> 2] += 1
        # Each distinct hand drawn (its ranks in the order drawn, as the play model reads them) is weighed
        # once (the numbers of each row do not depend on the other rows); each candidate gets its hand's.
        index, inverse = _distinct_rows(np.array([hand for (hand,) in drawn], dtype=np.int64) >> 2)
        width = index.shape[1]
        rows: list[int] = (index + 1).ravel().tolist()  # the hands as one list (no list per hand)
        if len(played) + sizes[0] == 4:  # the usual four kept: every hand at once, as arrays
            left = np.array(counts, dtype=np.int64) - (index[:, :, None] == _RANK_INDICES).sum(axis=1)
            keys = _RANK_WEIGHTS[index].sum(axis=1) + sum(RANK_WEIGHTS[rank - 1] for rank in played)
            weights = model.likelihood_by_keys(keys, left)
        else:
            kept, rests = [], []
            for start in range(0, len(rows), width):
                ranks = rows[start:start + width]
                kept.append(played + ranks)
                rest = list(counts)
                for rank in ranks:
                    rest[rank - 1] -= 1
                rests.append(rest)
            weights = model.likelihood(kept, rests)
        plays = self._deal_plays(view, opponent)[-1]  # as _opponent_plays, read once for the view
        if plays and self.settings.play_temperature is not None:
            book, program = self._used_styles(view, opponent)
            generic = 1 - book - program  # the generic model's share: left out too when below MIN_SHARE
            read = generic * PlayModel.cached(self.settings.play_temperature).likelihood_of_rows(plays, rows, width) \
                if generic >= MIN_SHARE else np.zeros(len(index))
            if book or program:
                # The book and the program read a hand's ranks in any order: once per rank multiset.
                held, which = _distinct_rows(np.sort(index, axis=1))
                held_rows = (held + 1).ravel().tolist()
                if book:
                    read = read + book * BookPlayModel.cached().likelihood_of_rows(plays, held_rows, width)[which]
                if program:
                    read = read + program * ProgramPlayModel.cached().likelihood_of_rows(plays, held_rows,
                                                                                         width)[which]
            weights = weights * read
        chances = weights[inverse].tolist()
        return self.rng.choices(drawn, weights=chances, k=samples) if sum(chances) > 0 else drawn[:samples]

    @staticmethod
    def _opponent_plays(view: CribbageView, opponent: int) -> list[PastPlay]:
        """The cards ``opponent`` has played this deal, each with the series and count it was played on."""
        return deal_plays(view.events, opponent)[-1]

    def _deal_plays(self, view: CribbageView, seat: int) -> list[list[PastPlay]]:
        """:func:`deal_plays` of the view's events, each event read once a game (a decision asks up to
        three times: the reader keeps its answer until the log grows)."""
        reader = self._readers.get(seat)
        if reader is None:
            reader = self._readers[seat] = PlaysReader(seat)
        return reader.read(view.events)

    def _styles(self, view: CribbageView, opponent: int) -> tuple[float, float]:
        """How likely it is that the opponent plays by the book, and by the program's rules, rather than
        the generic model: the priors (:attr:`ExpertSettings.book_play_weight` of what the program's
        :attr:`ExpertSettings.program_play_weight` leaves), updated (with
        :attr:`ExpertSettings.book_learning`) by how well each model foretold their plays in the
        earlier deals of this game, whose hands are known by now (every card they held was played).
        Each deal moves a style's odds against the generic model by at most e^3, so one odd play does
        not settle it."""
        settings = self.settings
        program = settings.program_play_weight
        book = (1 - program) * settings.book_play_weight
        generic = 1 - book - program
        if not settings.book_learning or generic <= 0 or (book <= 0 and program <= 0):
            return book, program
        for plays in self._deal_plays(view, opponent)[:-1]:
            if plays:
                by_book, by_program = self._evidence(tuple(plays))
                book *= math.exp(by_book)
                program *= math.exp(by_program)
        total = generic + book + program
        return book / total, program / total

    def _replies(self, view: CribbageView) -> tuple[ReplyModel | None, float]:
        """The search's model of the opponent's answers and its weight: the book's and the program's
        answers, each by its reply weight times the chance the opponent plays that way (none: 0)."""
        book, program = self._used_styles(view, 1 - self.seat)
        by_book = self.settings.book_reply_weight * book
        by_program = self.settings.program_reply_weight * program
        if by_program:
            return ProgramPlayModel.cached().replies(by_book / (by_book + by_program)), by_book + by_program
        return (BookPlayModel.cached().book, by_book) if by_book else (None, 0.0)

    def _used_styles(self, view: CribbageView, opponent: int) -> tuple[float, float]:
        """:meth:`_styles`, each share below :data:`MIN_SHARE` taken as 0 (left out: it costs time)."""
        book, program = self._styles(view, opponent)
        return (book if book >= MIN_SHARE else 0.0), (program if program >= MIN_SHARE else 0.0)

    def _evidence(self, plays: tuple[PastPlay, ...]) -> tuple[float, float]:
        """The log-likelihood ratios, book over generic and program over generic, of one shown deal's
        plays (each within +-3); worked out once per deal."""
        known = self._deal_evidence.get(plays)
        if known is None:
            generic = PlayModel.cached(self.settings.play_temperature or DEFAULT_TEMPERATURE)
            floor = max(float(generic.likelihood(plays, [()])[0]), 1e-300)
            ratios = [max(float(model.likelihood(plays, [()])[0]), 1e-300) / floor
                      for model in (BookPlayModel.cached(), ProgramPlayModel.cached())]
            by_book, by_program = (max(-3.0, min(3.0, math.log(ratio))) for ratio in ratios)
            known = self._deal_evidence[plays] = (by_book, by_program)
        return known

    # ------------------------------------------------------------------ analysis (pegboard.analysis)
    def evaluate(self, view: SeatView, *, to_win: bool = False, objective: Objective | None = None
                 ) -> dict[Action, float]:
        """What the expert thinks every legal action of ``view`` is worth to its seat's side, by the
        reckoning it chooses with:

        * discards: the expected hand and crib (the crib tables) and, with two players, the kept
          cards' pegging (:func:`pegboard.bots.discard.rank_discards`);
        * plays: the expected points from here to the end of the play, its side's less the others',
          by its search over the hands the others may hold (points only: no bonus for pegging out);
          a go, 0;
        * counts and muggins claims (ruling 16): the points the claim scores, less what it gives away;
        * Snailspace and solitaire: the grid expert's values (:mod:`pegboard.bots.gridsearch`).

        With ``objective`` (two players to 121, discards and plays) each is instead that objective's
        expected value from its board table (:mod:`pegboard.bots.board`): for ``win`` the chance to
        win the game, for game points the game points expected; ``to_win`` is ``objective=WIN``.
        Samples are drawn with ``self.rng``: seed it for a reproducible answer.

        >>> from pegboard.engine import new_game
        >>> game = new_game("cribbage", seed=4)
        >>> values = ExpertBot(game.rules, 0, seed=1).evaluate(game.view(0))
        >>> len(values), set(values) == set(game.legal_actions(0))
        (15, True)
        """
        from pegboard.errors import PegboardError  # (imported here: this section is an addition of its own)

        actions: tuple[Action, ...] = view.legal_actions
        if not actions:
            return {}
        if not self.rules.crib:
            values: dict[Action, float] = self._grid_bot().evaluate(view)
            return values
        if to_win:
            objective = WIN
        board = self._objective_board(objective) if objective is not None else None
        if objective is not None and board is None:
            raise PegboardError(f"{self.rules.name} to {self.rules.target}: no board table for the analysis to tell "
                                f"the value of objective {objective.name!r} by (two players to 121, five-card to 61)")
        verb = actions[0].verb
        crib = cast(CribbageView, view)  # these verbs are a cribbage game's
        if verb == "discard":
            return self._discard_values(crib, actions, board)
        if verb in ("play", "go"):
            return self._play_values(crib, actions, board)
        if verb in ("count", "muggins", "pass"):  # the honest claim scores its points; others less what they miss
            honest = honest_claim(crib, self.rules).target
            right = honest if isinstance(honest, int) else 0
            return {action: float(right - abs((action.target if isinstance(action.target, int) else 0) - right))
                    for action in actions}
        return dict.fromkeys(actions, 0.0)

    def _objective_board(self, objective: Objective) -> BoardTable | None:
        """The board table of ``objective`` for :meth:`evaluate` (whatever the expert plays for itself:
        the analysis may ask for any objective). None without a table for these rules, and for more than
        two players (partners' table values their discards alone: the analysis reckons two)."""
        if self.rules.players != 2:
            return None
        if self.board is not None and self.board.objective == objective:
            return self.board
        return _load_board(self.rules, objective)

    def _discard_values(self, view: CribbageView, actions: Sequence[Action], board: BoardTable | None
                        ) -> dict[Action, float]:
        role = (self.seat - view.dealer) % self.rules.players
        options = rank_discards(view.hand, self.rules, role, tables=self._crib_tables(view),
                                pegging_weight=self.settings.pegging_weight)
        worth = [option.net for option in options]
        if board is not None:
            worth = self._discard_chances(view, options, board)
        by_throw = {frozenset(option.thrown): value for option, value in zip(options, worth)}
        return {action: by_throw[frozenset(action.cards)] for action in actions}

    def _play_values(self, view: CribbageView, actions: Sequence[Action], board: BoardTable | None
                     ) -> dict[Action, float]:
        by_board = board is not None
        self.draws = {}
        ranks = sorted({action.cards[0].rank for action in actions if action.verb == "play"})
        if not ranks:
            return dict.fromkeys(actions, 0.0)
        columns: dict[int, list[float]] = {}
        positions, samples = self._sample_positions(view)
        series = tuple(card.rank for _, card in view.series)
        if not positions:  # no deal of the unseen cards fits what was seen: what each card scores now
            values = {rank: float(play_points(series + (rank,), view.count + min(rank, 10))) for rank in ranks}
        elif self.rules.players == 2:
            reply_model, reply = self._replies(view)
            end_values = self._end_values(view, samples, board) if by_board else None
            values = best_plays(ranks, positions, self.seat, view.side_of_seat, self._needs(view) if by_board else None,
                                end_values, decided_after=len(positions), opponent_blend=self.settings.opponent_blend,
                                reply_model=reply_model, reply_weight=reply, pool=self._pool,
                                columns_out=None if by_board else columns)
            if board is not None:
                values = {rank: board.from_utility(value) for rank, value in values.items()}
        else:
            horizon = sum(view.hand_sizes) > MULTI_FULL_SEARCH_CARDS[self.rules.players]
            values = best_plays(ranks, positions, self.seat, view.side_of_seat, decided_after=len(positions),
                                series_horizon=horizon, pool=self._pool, columns_out=columns)
        if columns:
            self.draws = {action: tuple(columns[action.cards[0].rank]) if action.verb == "play" else ()
                          for action in actions}
        return {action: values[action.cards[0].rank] for action in actions}


def _distinct_rows(index: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp]]:
    """The distinct rows of a (rows, cards) array of rank indices (0-12), and the distinct row of each row."""
    keys = (index << _ROW_SHIFTS[-index.shape[1]:]).sum(axis=1)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return index[first], inverse.reshape(-1)


class BaselineExpert(ExpertBot):
    """The expert before issue 13 (hand-and-crib discards, uniform samples, random ties): kept only
    to measure the current expert against (``pegboard sim --players expert,pegboard.bots.expert:BaselineExpert``)."""

    name = "expert-baseline"
    settings = BASELINE


class PointsExpert(ExpertBot):
    """The expert playing for points alone all game, blind to the board (no table, no pegging out):
    kept to measure what playing for the objective is worth
    (``pegboard sim --players expert,pegboard.bots.expert:PointsExpert``)."""

    name = "expert-points"
    settings = ExpertSettings(board=False)


def _load_board(rules: Rules, objective: Objective = WIN) -> BoardTable | None:
    try:
        return BoardTable.for_rules(rules, objective)
    except FileNotFoundError:  # pragma: no cover - the table ships with the package
        return None
