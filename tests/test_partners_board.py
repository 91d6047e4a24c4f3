"""Partners' board model (issue 23): four hands counted in turn (ruling 14), their own histograms, the
expert playing for an objective at a partners table, and the apps offering it."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.bots import make_bot
from pegboard.bots.board import BOARD_FILE, BoardTable, partners_points
from pegboard.bots.boarddp import DealPoints, solve_table
from pegboard.bots.endgame import EndInTurn, discard_values, discard_values_in_turn
from pegboard.bots.expert import ExpertBot
from pegboard.bots.solver import WIN
from pegboard.engine import new_game
from pegboard.engine.views import CribbageView
from pegboard.objectives import GAME_POINTS, SPREAD
from pegboard.rules import Rules
from pegboard.scoring.fast import hand_score
from pegboard.session import check_computer_objective
from pegboard.sim.match import MatchConfig, play_batch
from pegboard.tables.board import collect_deal_points


def _toy_partners(first_pone: int, partner: int) -> DealPoints:
    """No chance: the pone's side pegs 1, the first pone counts ``first_pone``, the dealer's partner
    ``partner``, the second pone and the dealer (and crib) nothing."""
    pegging = np.zeros((40, 40))
    pegging[1, 0] = 1
    hands = [np.zeros(30) for _ in range(3)]
    hands[0][first_pone] = hands[1][partner] = hands[2][0] = 1
    show = np.zeros(60)
    show[0] = 1
    return DealPoints(pegging, hands[0], show, 1, 0.0, hands[1], hands[2])


def test_ruling_14_partners_count_in_turn_the_first_pone_before_the_dealers_partner() -> None:
    points = _toy_partners(first_pone=5, partner=5)
    assert [dealer_side for dealer_side, _ in points.counts()] == [False, True, False, True]
    table = solve_table(points, np.ones(20), np.zeros(20), target=20)
    # My side is the pone's (d = 0). Needing 6 to their 5: the play's 1 and the first pone's 5 win
    # before the dealer's partner counts. Needing 7, the partner's 5 takes them out first.
    assert table[0, 6, 5] == 1.0 and table[0, 7, 5] == 0.0
    assert DealPoints.from_json(json.loads(json.dumps(points.to_json()))).counts()[1][1][5] == 1


def test_the_shipped_partners_table_is_their_own_and_small() -> None:
    path = BOARD_FILE.with_name("board-cribbage-4.json")
    assert path.stat().st_size < 12_000 and "win" not in json.loads(path.read_text())
    points = partners_points()
    assert points.partner_hand is not None and points.second_pone_hand is not None and points.deals > 10_000
    table = BoardTable.for_rules(Rules.preset("cribbage-4"))
    assert table is not None and np.array_equal(table.table, BoardTable.for_partners().table)
    first_dealer = table.value(121, 121, dealing=True)
    assert 0.53 < first_dealer < 0.6 and abs(first_dealer + table.value(121, 121, dealing=False) - 1) < 1e-9
    assert BoardTable.for_rules(Rules.preset("cribbage-4-solo")) is None  # four sides: no model
    assert BoardTable.for_rules(Rules.preset("cribbage-4", target=61)) is None


@settings(max_examples=40, deadline=None)
@given(my_need=st.integers(1, 60), their_need=st.integers(1, 60), dealer=st.booleans(),
       seed=st.integers(0, 2**16), crib=st.floats(1.0, 9.0))
def test_counting_in_turn_with_two_hands_is_the_two_player_reckoning(my_need: int, their_need: int, dealer: bool,
                                                                     seed: int, crib: float) -> None:
    """The general reckoning, given the two-player histograms, agrees with the two-player one."""
    rng = np.random.default_rng(seed)
    hands = [rng.integers(0, 25, size=46) for _ in range(3)]
    board = BoardTable.load()
    two = discard_values(hands, [crib] * 3, my_need, their_need, dealer=dealer, board=board)
    turns = discard_values_in_turn(hands, [crib] * 3, my_need, their_need, role=0 if dealer else 1, board=board)
    assert max(abs(a - b) for a, b in zip(two, turns)) < 2e-3


def test_a_partners_deal_is_collected_side_by_side_in_counting_order() -> None:
    summaries = play_batch(MatchConfig("cribbage-4", ("greedy", "greedy"), 2, 3), 0, 2)
    deals = [deal for summary in summaries for deal in summary.deals]
    points = collect_deal_points(deals)
    assert points.deals == len(deals) > 0 and points.partner_hand is not None and points.second_pone_hand is not None
    assert points.pegging.sum() == points.pone_hand.sum() == points.partner_hand.sum() == len(deals)
    first = deals[0]
    by_role = {seat["role"]: seat for seat in first}
    single = collect_deal_points([first])
    pone_side = by_role[1]["pegging"] + by_role[3]["pegging"]
    dealer_side = sum(by_role[role]["pegging"] + by_role[role]["heels"] for role in (0, 2))
    assert single.pegging[pone_side, dealer_side] == 1
    assert single.second_pone_hand is not None and single.second_pone_hand[by_role[3]["hand"]] == 1


def test_the_partners_expert_plays_for_its_objective_near_the_end() -> None:
    rules = Rules.preset("cribbage-4")
    check_computer_objective(rules, GAME_POINTS)  # offered: the expert has partners' board model
    bot = make_bot("expert", rules, 1, 4, objective=SPREAD)
    assert isinstance(bot, ExpertBot) and bot.board is not None and bot.board.objective == SPREAD
    game = new_game("cribbage-4", seed=11, start_scores=[100, 104])
    view = game.view(1)
    role = (1 - view.dealer) % 4
    from pegboard.bots.discard import rank_discards

    options = rank_discards(view.hand, rules, role, tables=bot._crib_tables(view), pegging_weight=0.7)[:6]
    worth = bot._discard_chances(view, options, bot.board)
    best = options[max(range(len(options)), key=lambda i: (round(worth[i], 6), -i))]
    chosen = bot.choose(view)
    assert set(chosen.cards) == set(best.thrown)  # the throw with the best expected spread, counted in turn


def test_ruling_14_the_partners_search_scores_the_end_of_the_play_count_by_count() -> None:
    """The first pone's side counts out before the dealer's bigger count is reached (and pays the win)."""
    board = BoardTable.for_partners()
    counts = ((6, True), (20, False), (0, True), (29, False))  # first pone (mine), dealer's partner...
    end = EndInTurn(12, 20, counts, dealer_mine=False, board=board)
    assert end(6, 0) == WIN  # my 6 pegged and the first pone's 6: out before their 20 counts
    assert end(5, 0) == -WIN  # a point short: their partner's 20 takes them out
    neither = EndInTurn(60, 60, counts, dealer_mine=False, board=board)
    assert neither(0, 0) == board.utility(board.value(54, 11, dealing=True))  # the deal passes to my side


def test_the_partners_expert_counts_every_sampled_hand_in_turn_at_the_end_of_the_play() -> None:
    rules = Rules.preset("cribbage-4")
    game = new_game("cribbage-4", seed=5, start_scores=[104, 100])
    players = [make_bot("greedy", rules, seat, seat) for seat in range(4)]
    while game.view(None).phase != "play":
        for seat in game.to_act():
            game.apply(players[seat].choose(game.view(seat)))
    seat = game.to_act()[0]  # the first pone: the dealer's crib is counted with another seat's hand
    bot = make_bot("expert", rules, seat, 9)
    assert isinstance(bot, ExpertBot) and bot.board is not None
    view = game.view(seat)
    assert isinstance(view, CribbageView) and view.starter is not None
    _, samples = bot._sample_positions(view)
    ends = bot._ends_in_turn(view, samples)
    assert ends and len(ends) == len(samples)
    dealer, sides = view.dealer, view.side_of_seat
    order = [(dealer + step) % 4 for step in range(1, 5)]
    mine = hand_score([card.code for card in view.kept], view.starter.code)
    for end in ends:
        assert [my_count for _, my_count in end.counts] == [sides[s] == sides[seat] for s in order]
        assert end.counts[order.index(seat)][0] == mine  # my hand exact (the first to play is never the dealer)
        assert end.dealer_mine == (sides[dealer] == sides[seat])
    chosen = bot.choose(view)
    assert chosen in game.legal_actions(seat)
