"""The expert's models: the pegging table, the reading of the opponent's discard, the patterns."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from pegboard.bots.discard import counts_pegging, rank_discards
from pegboard.bots.expert import BaselineExpert, ExpertBot, ExpertSettings, deal_plays
from pegboard.bots.inference import PAIRS, BookPlayModel, DiscardModel, PastPlay, PlayModel, pair_index, reply_risk
from pegboard.bots.patterns import pattern_scores
from pegboard.bots.pegging import PlayPosition, solve
from pegboard.bots.pegtable import KEPT, PegTable, kept_index
from pegboard.cards import parse_cards
from pegboard.engine import new_game
from pegboard.rules import Rules
from pegboard.tables.pegging import _KEPT_COUNTS, combine, keep_histogram, solve_pone_hands
from tests.engine_helpers import deal

# ------------------------------------------------------------------ the pegging table


def test_pegging_table_loads_with_a_value_per_role_and_kept_hand() -> None:
    table = PegTable.load()
    assert table.values.shape == (2, 1820) == (2, len(KEPT))
    assert np.isfinite(table.values).all()
    assert np.abs(table.values).max() < 12  # no kept hand pegs a dozen points more than the other's on average
    assert kept_index((13, 1, 5, 5)) == kept_index((5, 1, 13, 5))  # any order


def test_pegging_table_favours_the_dealer_and_what_books_say() -> None:
    table = PegTable.load()
    dealer, pone = table.values.mean(axis=1)
    assert dealer > 0 > pone  # the pone leads, the dealer answers and usually takes the last card
    # the pone: low cards and pairs peg; a lone five with tens invites fifteens
    assert table.value(1, (2, 3, 4, 4)) > table.value(1, (5, 10, 12, 13))
    assert table.value(1, (4, 4, 11, 12)) > table.value(1, (5, 11, 12, 13))


@pytest.mark.slow
def test_solved_pairings_match_the_pegging_search() -> None:
    pone_row = kept_index((3, 4, 4, 12))
    values = solve_pone_hands([pone_row])[0]
    for dealer in [(5, 6, 7, 13), (4, 9, 10, 11), (1, 1, 2, 3)]:
        position = PlayPosition(((dealer), (3, 4, 4, 12)), (), 0, 1, 0, -1)
        assert values[kept_index(dealer)] == pytest.approx(solve(position, 1, (0, 1)))
    assert np.isnan(values[kept_index((4, 4, 4, 1))])  # five fours cannot be dealt


def test_kept_hand_histogram_follows_the_policy() -> None:
    counts = keep_histogram(4000, seed=1)
    assert counts.shape == (2, len(KEPT)) and counts.sum(axis=1).tolist() == [4000, 4000]
    fives = _KEPT_COUNTS[:, 4] > 0
    assert counts[1, fives].sum() > counts[0, fives].sum()  # the pone keeps its fives, the dealer throws them
    assert counts[1, kept_index((5, 10, 11, 12))] > counts[1, kept_index((1, 3, 8, 13))]
    assert (keep_histogram(4000, seed=1) == counts).all()  # seeded


@pytest.mark.slow
def test_combine_weights_each_opponent_hand_by_the_policy_and_card_removal() -> None:
    values = np.zeros((len(KEPT), len(KEPT)), dtype=np.float32)
    target = kept_index((1, 2, 3, 4))
    values[:, target] = 5.0  # the pone gains 5 against a dealer keeping A-2-3-4, nothing otherwise
    histogram = np.zeros((2, len(KEPT)))
    histogram[0, target] = 1e6  # dealers nearly always keep A-2-3-4
    table = combine(values, histogram)
    assert table[1, kept_index((10, 11, 12, 13))] == pytest.approx(5.0, abs=0.01)
    holding_fours = table[1, kept_index((4, 4, 4, 13))]  # three fours in my hand: A-2-3-4 is 4 times rarer
    assert 0 < holding_fours < table[1, kept_index((10, 11, 12, 13))]


# ------------------------------------------------------------------ the opponent's discard


def _uniform_prior_and_posterior(model: DiscardModel) -> tuple[np.ndarray, np.ndarray]:
    """Over every kept hand: the chance of being dealt it, and of keeping it (no cards seen)."""
    prior = np.array([np.prod([comb(4, count) for count in row]) for row in _KEPT_COUNTS], dtype=np.float64)
    hands = [tuple(int(rank) + 1 for rank in row) for row in KEPT]
    posterior = prior * model.likelihood(hands, 4 - _KEPT_COUNTS)
    return prior / prior.sum(), posterior / posterior.sum()


def test_a_pone_keeps_its_fives_and_a_dealer_throws_them() -> None:
    fives = _KEPT_COUNTS[:, 4] > 0
    prior, as_pone = _uniform_prior_and_posterior(DiscardModel.for_role(1))
    _, as_dealer = _uniform_prior_and_posterior(DiscardModel.for_role(0))
    assert as_pone[fives].sum() > prior[fives].sum() + 0.05  # it will not give the dealer's crib a five
    assert as_dealer[fives].sum() < as_pone[fives].sum() - 0.05


def test_kept_hands_with_points_are_likelier_than_junk() -> None:
    unseen = [[4] * 13]
    for role in (0, 1):
        model = DiscardModel.for_role(role)
        assert model.likelihood([(5, 5, 10, 11)], unseen)[0] > 10 * model.likelihood([(1, 3, 8, 13)], unseen)[0]
        assert model.likelihood([(6, 7, 8, 9)], unseen)[0] > model.likelihood([(2, 6, 9, 13)], unseen)[0]


def test_discard_model_is_a_distribution_over_each_deal() -> None:
    model = DiscardModel.for_role(1)
    assert model.matrix.shape == (len(KEPT), len(PAIRS))
    # every six-rank hand spreads probability one over its discards
    assert model.matrix.sum() == pytest.approx(18564 - 169)  # six-rank multisets with no rank five times
    assert pair_index(12, 0) == pair_index(0, 12) == 12
    sharp, soft = DiscardModel.for_role(1, 0.25), DiscardModel.for_role(1, 4.0)
    best, junk = [(5, 5, 10, 11)], [(1, 3, 8, 13)]
    ratio = [m.likelihood(best, [[4] * 13])[0] / m.likelihood(junk, [[4] * 13])[0] for m in (sharp, soft)]
    assert ratio[0] > ratio[1] > 1  # a colder policy is surer


def test_the_throw_can_only_come_from_unseen_cards() -> None:
    model = DiscardModel.for_role(0)
    no_fives = [4] * 13
    no_fives[4] = 0
    # a dealer keeping 6-7-8-9 often threw a 5 with something; with every five seen, that is ruled out
    assert model.likelihood([(6, 7, 8, 9)], [no_fives])[0] != model.likelihood([(6, 7, 8, 9)], [[4] * 13])[0]


# ------------------------------------------------------------------ patterns


def test_pattern_lead_under_five_and_never_a_five() -> None:
    unseen = [4] * 13
    scores = pattern_scores((4, 5, 9, 13), (), 0, [4, 5, 9, 13], unseen)
    assert max(scores, key=lambda rank: scores[rank]) == 4
    assert min(scores, key=lambda rank: scores[rank]) == 5  # sixteen ten-cards make fifteen on it


def test_pattern_lead_from_a_pair() -> None:
    unseen = [4] * 13
    paired = pattern_scores((3, 3, 13), (), 0, [3, 13], unseen)
    assert paired[3] > paired[13]
    # the same lead without the second three: if they pair it there is no three of a kind to answer
    assert paired[3] > pattern_scores((3, 12, 13), (), 0, [3], unseen)[3]


def test_pattern_avoid_leaving_5_or_21() -> None:
    unseen = [4] * 13
    five = pattern_scores((3, 9), (2,), 2, [3, 9], unseen)  # 2 + 3 = 5: a ten-card makes fifteen
    assert five[9] > five[3]
    twenty_one = pattern_scores((11, 4), (8, 9), 17, [11, 4], unseen)  # 17 + 4 = 21: a ten-card makes 31
    assert twenty_one[11] > twenty_one[4]


def test_pattern_keep_a_card_to_answer() -> None:
    unseen = [4] * 13
    # lead the 6 holding another: if they pair it, three of a kind; if they make 15 with a 9, nothing
    assert pattern_scores((6, 6, 13), (), 0, [6], unseen)[6] > pattern_scores((6, 10, 13), (), 0, [6], unseen)[6]



def test_pattern_no_card_a_run_can_be_built_on() -> None:
    scores = pattern_scores((7, 8, 13), (10,), 10, [7, 8], [4] * 13)
    assert scores[7] > scores[8]  # 10 then 8: a nine makes a run of three


# ------------------------------------------------------------------ the expert uses them


def test_discards_count_the_play_only_where_the_table_applies() -> None:
    rules = Rules.preset("cribbage")
    assert counts_pegging(rules) and not counts_pegging(Rules.preset("five-card"))
    assert not counts_pegging(Rules.preset("cribbage-3"))
    hand = parse_cards("5H 5C 6D 7S JH KD")
    plain = rank_discards(hand, rules, 1)
    played = rank_discards(hand, rules, 1, pegging_weight=1.0)
    assert all(option.expected_pegging is None and "expected_pegging" not in option.to_json() for option in plain)
    table = PegTable.load()
    for option in played:
        assert option.expected_pegging == pytest.approx(table.value(1, [card.rank for card in option.kept]))
        assert option.net == pytest.approx(option.expected_hand - option.expected_crib + option.expected_pegging)
    five = rank_discards(parse_cards("5H 5C 6D 7S JH"), Rules.preset("five-card"), 1, pegging_weight=1.0)
    assert all(option.expected_pegging is None for option in five)
    assert "expected_pegging" in played[0].to_json()


def test_baseline_expert_is_the_expert_without_the_new_models() -> None:
    game = new_game("cribbage", seed=3)
    assert BaselineExpert(game.rules, 0).settings == ExpertSettings(pegging_weight=0.0, temperature=None,
                                                                     tie_margin=None, node_budget=2400, samples=24,
                                                                     play_temperature=None, opponent_blend=0.0,
                                                                     book_play_weight=0.0, book_reply_weight=0.0,
                                                                     program_play_weight=0.0,
                                                                     program_reply_weight=0.0, style_cribs=False)
    assert ExpertBot(game.rules, 0).settings.pegging_weight > 0
    custom = ExpertBot(game.rules, 0, settings=ExpertSettings(samples=3))
    assert custom.settings.samples == 3 and ExpertBot.settings.samples != 3


def test_opponent_blend_mixes_their_worst_reply_with_their_average_one() -> None:
    """I lead; the opponent answers with one of two cards and nothing follows (one card each)."""
    from pegboard.bots.pegging import PlayPosition, Solver

    position = PlayPosition(((5,), (10, 4)), (), 0, 0, 0, -1, single_series=True)
    # After my 5: their 10 makes fifteen (-2, then they played last: -1 more); their 4 scores
    # nothing and gives them the last card (-1).
    worst, other = -3.0, -1.0
    assert Solver(2, (0, 1), 0, single_series=True).move_values(position) == {5: worst}
    blended = Solver(2, (0, 1), 0, single_series=True, opponent_blend=0.25).move_values(position)
    assert blended[5] == pytest.approx(0.75 * worst + 0.25 * (worst + other) / 2)
    assert ExpertSettings().opponent_blend == 0.25


def test_reply_model_mixes_the_expected_answer_into_the_opponents_reply() -> None:
    """The same position: a model that answers the 4 (ranks lowest first: 4, then 10) four times in
    five, mixed in at weight one half on top of the blend."""
    from pegboard.bots.pegging import PlayPosition, Solver

    position = PlayPosition(((5,), (10, 4)), (), 0, 0, 0, -1, single_series=True)
    worst, other = -3.0, -1.0

    def model(hand: int, series: tuple[int, ...], count: int, playable: tuple[int, ...]) -> tuple[float, ...]:
        assert playable == (4, 10) and series == (5,) and count == 5
        return (0.8, 0.2)

    solver = Solver(2, (0, 1), 0, single_series=True, opponent_blend=0.25, reply_model=model, reply_weight=0.5)
    blended = 0.75 * worst + 0.25 * (worst + other) / 2
    assert solver.move_values(position)[5] == pytest.approx(0.5 * blended + 0.5 * (0.8 * other + 0.2 * worst))
    assert Solver(2, (0, 1), 0, single_series=True, reply_model=model).move_values(position) == {5: worst}


def test_book_reply_chances_read_the_search_packed_hand() -> None:
    from pegboard.bots.pegging import pack_hands

    model = BookPlayModel()
    packed = pack_hands([(4, 10)])
    assert model.reply_chances(packed, (5,), 5, (4, 10)) == model.chances((4, 10), (5,), 5, (4, 10))
    four, ten = model.reply_chances(packed, (5,), 5, (4, 10))
    assert ten > 0.99 > four  # the book takes the fifteen


def test_inference_draws_likely_hands_more_often() -> None:
    """A pone opponent who kept four cards: the expert's samples favour hands with fives."""
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=0, seed=11)
    view = game.view(0)
    bot = ExpertBot(game.rules, 0, seed=5)
    unseen = [code for code in range(52) if code not in {card.code for card in view.hand}]
    drawn = bot._draw(view, unseen, [4], [0], 400)
    with_five = sum(any(code >> 2 == 4 for code in hand) for (hand,) in drawn) / len(drawn)
    uniform = ExpertBot(game.rules, 0, seed=5, settings=ExpertSettings(temperature=None))._draw(
        view, unseen, [4], [0], 400)
    uniform_five = sum(any(code >> 2 == 4 for code in hand) for (hand,) in uniform) / len(uniform)
    assert with_five > uniform_five


def test_play_model_a_hand_that_left_fifteen_on_the_table_is_unlikely() -> None:
    model = PlayModel()
    # on a ten (count 10) they played a three: a hand holding a five would have made fifteen
    play = PastPlay((10,), 10, 3, (3,))
    with_five, without = model.likelihood([play], [(5, 9, 12), (9, 12, 13)])
    assert with_five < without / 2


def test_play_model_leads_low() -> None:
    model = PlayModel()
    # they led a king: a hand with a card under five would more likely have led it
    led_king = PastPlay((), 0, 13, (13,))
    low, high = model.likelihood([led_king], [(4, 9, 10), (9, 10, 12)])
    assert low < high
    only_fits = PastPlay((10, 10), 20, 1, (1,))  # at 20 with nothing else under 12 pips... an ace and kings:
    assert model.likelihood([only_fits], [(13, 13)])[0] < 1.0  # a king fits too: the ace was a choice
    forced = PastPlay((10, 10, 10), 30, 1, (1,))  # at 30 only an ace fits: it tells nothing
    assert model.likelihood([forced], [(13, 13)])[0] == 1.0


def test_opponent_plays_are_read_off_the_deal() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=0, dealt=[deal("5H 5C 6D 7S JH KD", "KH QH 9S 4C 3D 7D",
                                                                             starter="AC")])
    for text in ("Ann discard JH KD", "Bob discard KH QH", "Bob play 4C", "Ann play 6D", "Bob play 3D"):
        game.apply_text(text)
    plays = ExpertBot._opponent_plays(game.view(0), 1)
    assert plays == [PastPlay((), 0, 4, (4, 3)), PastPlay((4, 6), 10, 3, (3,))]


def test_reply_risk_of_leaving_five() -> None:
    assert reply_risk((5,), 5) > reply_risk((4,), 4)  # sixteen ten-cards make fifteen on a five
    assert reply_risk((10, 10, 11), 30) < reply_risk((10, 11), 20)  # at 30 only an ace fits


def test_play_model_after_four_of_a_kind() -> None:
    assert reply_risk((4, 4, 4, 4), 16) >= 0  # no fifth four is ever considered
    assert PlayModel().scores((4, 4, 4, 4), 16)[4] == 0.0


def test_book_play_model_a_book_player_who_led_a_king_holds_nothing_lower_to_lead() -> None:
    model = BookPlayModel()
    led_king = PastPlay((), 0, 13, (13,))
    low, six, tens = model.likelihood([led_king], [(4, 9, 10), (6, 10, 12), (10, 11, 12)])
    assert low < 1e-6 and six < 1e-6  # the book leads a four, or a six, before a king from nothing
    assert tens == pytest.approx(1 / 4)  # four ten-cards from nothing: any of them
    generic = PlayModel().likelihood([led_king], [(4, 9, 10)])[0]
    assert generic > 1000 * low  # the generic model is far less sure


def test_book_play_model_answers_off_twenty_one() -> None:
    """On a count of 16 a book player keeps off 21 (a ten would make 31) and otherwise plays high:
    a three played there came from a hand with a five rather than one with a king."""
    model = BookPlayModel()
    played_three = PastPlay((6, 10), 16, 3, (3,))
    with_five, with_king = model.likelihood([played_three], [(5,), (13,)])
    assert with_five > 0.99 and with_king < 0.5


def test_deal_plays_splits_the_game_into_deals() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=0, seed=4)
    play_with_bots_until(game, deals=2)
    plays = deal_plays(game.view(0).events, 1)
    assert len(plays) == 3  # two finished deals and the current one
    assert [len(deal) for deal in plays[:2]] == [4, 4] and plays[2] == []
    assert all(deal[0].later == tuple(play.rank for play in deal) for deal in plays[:2])


def play_with_bots_until(game: object, deals: int, bots: str = "greedy") -> None:
    from pegboard.bots import make_bot

    players = [make_bot(bots, game.rules, seat, seat) for seat in (0, 1)]  # type: ignore[attr-defined]
    while game.view(0).deal < deals:  # type: ignore[attr-defined]
        for seat in game.to_act():  # type: ignore[attr-defined]
            legal = game.legal_actions(seat)  # type: ignore[attr-defined]
            game.apply(legal[0] if len(legal) == 1 else players[seat].choose(game.view(seat)))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("opponent", "style"), [("hoyle", "book"), ("classic", "program"), ("random", None)])
def test_the_expert_learns_whether_its_opponent_plays_by_the_book_or_the_programs_rules(opponent: str,
                                                                                      style: str | None) -> None:
    from pegboard.bots import make_bot

    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=0, seed=8)
    expert = ExpertBot(game.rules, 0, seed=1)
    other = make_bot(opponent, game.rules, 1, 2)
    while game.view(0).deal < 4 and not game.finished:
        for seat in game.to_act():
            legal = game.legal_actions(seat)
            player = expert if seat == 0 else other
            game.apply(legal[0] if len(legal) == 1 else player.choose(game.view(seat)))
    book, program = expert._styles(game.view(0), 1)
    settings = ExpertSettings()
    book_prior = (1 - settings.program_play_weight) * settings.book_play_weight
    if style == "book":
        assert book > 0.9
    elif style == "program":
        assert program > 0.9
    else:
        assert book < book_prior / 2 and program < settings.program_play_weight / 2
    fixed = ExpertBot(game.rules, 0, settings=ExpertSettings(book_learning=False))
    assert fixed._styles(game.view(0), 1) == (book_prior, settings.program_play_weight)


def test_the_search_answers_as_the_styles_the_opponent_is_read_to_play() -> None:
    """The reply model mixes the book's and the program's answers by their shares; a style too
    unlikely is left out (the book's own compiled model then, or none)."""
    from pegboard.bots.replies import BookReplies, StyleReplies

    game = new_game("cribbage", ["Ann", "Bob"], first_dealer=0, seed=8)
    view = game.view(0)
    mixed = ExpertBot(game.rules, 0, seed=1)
    model, weight = mixed._replies(view)
    settings = ExpertSettings()
    book = (1 - settings.program_play_weight) * settings.book_play_weight
    assert isinstance(model, StyleReplies)
    assert weight == pytest.approx(settings.book_reply_weight * book + settings.program_reply_weight
                                   * settings.program_play_weight)
    book_only = ExpertBot(game.rules, 0, settings=ExpertSettings(program_play_weight=0.0))
    model, weight = book_only._replies(view)
    assert isinstance(model, BookReplies) and weight == pytest.approx(settings.book_reply_weight
                                                                      * settings.book_play_weight)
    assert ExpertBot(game.rules, 0, settings=ExpertSettings(program_play_weight=0.0, book_play_weight=0.0)
                     )._replies(view) == (None, 0.0)


def test_the_program_play_model_agrees_with_the_classic_bot_on_random_hands() -> None:
    """The rank-level program (what the expert reads and foresees) plays the rank the classic bot plays."""
    import random

    from pegboard.bots.classic import classic_play
    from pegboard.bots.programplay import program_rank
    from pegboard.cards import full_deck

    rng = random.Random(5)
    deck = list(full_deck())
    checked = 0
    while checked < 3000:
        cards = rng.sample(deck, 8)
        hand, series, count = cards[:rng.randint(1, 4)], [], 0
        for card in cards[4:]:
            if count + card.pips <= 31 and rng.random() < 0.8:
                series.append(card)
                count += card.pips
        if not any(count + card.pips <= 31 for card in hand):
            continue
        packed = sum(1 << 3 * card.rank - 3 for card in hand)
        assert program_rank(packed, tuple(card.rank for card in series), count) == \
            classic_play(hand, series, count).rank
        checked += 1


def test_book_reply_chances_from_the_packed_hand_are_the_book_chances_to_the_bit() -> None:
    """The search's fast path (:meth:`BookPlayModel.reply_chances`) computes the same floats as
    :meth:`BookPlayModel.chances` (hoyle's lead and answer scores), on random hands and series."""
    import random

    from pegboard.bots.pegging import PIP, compress, pack_hands

    model = BookPlayModel()
    rng = random.Random(20)
    checked = 0
    for _ in range(3000):
        pack = [rank for rank in range(1, 14) for _ in range(4)]
        rng.shuffle(pack)
        series: tuple[int, ...] = ()
        count = 0
        for rank in pack[:rng.randrange(0, 7)]:
            if count + PIP[rank] > 31:
                break
            series, count = (*series, rank), count + PIP[rank]
        hand = tuple(sorted(pack[10:10 + rng.randrange(1, 5)]))
        options = tuple(sorted({rank for rank in hand if PIP[rank] <= 31 - count}))
        if len(options) < 2:
            continue
        for shown in {series, compress(series)}:
            assert model.reply_chances(pack_hands([hand]), shown, count, options) == \
                model.chances(hand, shown, count, options), (hand, shown, count)
            checked += 1
    assert checked > 1000


def test_emptying_the_series_tables_between_searches_changes_no_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """The series tables are emptied when full (memory stays bounded over a long match); a solver kept
    across searches, its memo and the kept book replies then start again, with the same values."""
    import random

    from pegboard.bots import series
    from pegboard.bots.pegging import PlayPosition, SolverPool, best_plays

    rng = random.Random(7)
    decisions = []
    for _ in range(6):
        pack = [rank for rank in range(1, 14) for _ in range(4)]
        rng.shuffle(pack)
        mine = tuple(sorted(pack[:4]))
        positions = [PlayPosition((tuple(sorted(rng.sample(pack[4:], 4))), mine), (), 0, 1, 0, -1) for _ in range(6)]
        decisions.append((sorted(set(mine)), positions))

    def values() -> list[dict[int, float]]:
        pool = SolverPool()
        return [best_plays(candidates, positions, 1, (0, 1), (80, 80), opponent_blend=0.25,
                           reply_model=BookPlayModel.cached().reply_chances, reply_weight=0.2, pool=pool)
                for candidates, positions in decisions]

    before = values()
    monkeypatch.setattr(series, "LIMIT", 50)
    start = series.generation()
    assert values() == before
    assert series.generation() > start + 3


def test_the_plays_reader_gives_deal_plays_at_every_step_of_a_game_and_starts_again_on_another_log() -> None:
    from pegboard.bots import make_bot
    from pegboard.bots.playsread import PlaysReader
    from pegboard.engine import new_game

    rules = Rules.preset("cribbage")
    reader = PlaysReader(1)
    for seed in (3, 4):  # the second game's log is another log: the reader must start again
        game = new_game(rules, seed=seed)
        bots = [make_bot("greedy", rules, seat, seed=seat) for seat in range(2)]
        while not game.finished:
            seat = game.to_act()[0]
            events = game.view(0).events
            assert reader.read(events) == deal_plays(events, 1)
            game.apply(bots[seat].choose(game.view(seat)))


def test_the_searchs_program_answer_is_the_programs_card_on_random_hands_and_series() -> None:
    """:func:`program_choice` (points from the search's series tables) plays as :func:`program_rank`."""
    import random

    from pegboard.bots.pegging import PIP, compress
    from pegboard.bots.programplay import program_rank
    from pegboard.bots.replies import program_choice
    from pegboard.bots.series import intern

    rng = random.Random(9)
    checked = 0
    while checked < 3000:
        series: list[int] = []
        count = 0
        for _ in range(rng.randint(0, 5)):
            rank = rng.randint(1, 13)
            if count + PIP[rank] <= 31 and series.count(rank) < 3:
                series.append(rank)
                count += PIP[rank]
        hand = [rng.randint(1, 13) for _ in range(rng.randint(1, 4))]
        if not any(count + PIP[rank] <= 31 for rank in hand):
            continue
        packed = sum(1 << 3 * rank - 3 for rank in hand)
        compressed = compress(tuple(series))
        base = intern(compressed) if compressed else 0
        assert program_choice(packed, compressed, base, count) == program_rank(packed, tuple(series), count)
        checked += 1
