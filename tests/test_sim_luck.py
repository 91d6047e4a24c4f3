"""Luck-adjusted margins in simulated matches (issue 38): AIVAT-style control variates take the luck of
the cards out of the margin per deal without bias, and narrow its interval."""

from __future__ import annotations

import pytest

from pegboard.engine import new_game
from pegboard.sim.luck import CUT_VALUE, DEAL_MEANS, PEG_WEIGHT, cut_luck, deal_lucks, deal_value, deal_weight
from pegboard.sim.match import MatchConfig
from pegboard.sim.runner import run_match


@pytest.mark.slow
def test_a_bot_against_itself_centres_on_zero_with_a_narrower_interval() -> None:
    """2,000 games of greedy against itself (the fastest bots): the luck-adjusted margin's interval
    holds zero, and is narrower than the raw one (docs/strength.md has the measured ratios)."""
    stats = run_match(MatchConfig("cribbage", ("greedy", "greedy"), games=2000, seed=7, luck=True)).to_json()
    raw, adjusted = stats["raw"], stats["luck_adjusted"]
    assert raw["mean"] == stats["net_per_deal"]["mean"] and raw["ci95"] == stats["net_per_deal"]["ci95"]
    low, high = adjusted["ci95"]
    assert low <= 0 <= high
    assert (high - low) * 1.6 < raw["ci95"][1] - raw["ci95"][0]  # measured: 1.89 times narrower (1.55 at first)


def test_the_starter_luck_is_zero_on_average_over_every_starter() -> None:
    """Deal the same hands again with every possible starter: the starter's luck averages to zero."""
    from dataclasses import replace

    from pegboard.cards import full_deck

    game = new_game("cribbage", ["a", "b"], seed=5)
    log = game.deal_logs[0]
    while game.deal_number == 0:
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    deal = log.deal
    dealt = {card for hand in deal.hands for card in hand}
    values = []
    base = None
    for card in full_deck():
        if card in dealt:
            continue
        log.deal = replace(deal, starter=card)
        lucks = deal_lucks(game, 1)
        values.append(lucks[0])
        base = lucks[0] if card == deal.starter else base
    log.deal = deal
    assert len(values) == 40 and base is not None
    dealer = next(event.seat for event in game.view(None).events if event.type == "deal") or 0
    count, pegging = deal_value(deal.hands[dealer], deal.hands[1 - dealer], game.rules)
    sign = 1 if dealer == 0 else -1
    deal_luck = sign * (count - DEAL_MEANS[0] + PEG_WEIGHT * (pegging - DEAL_MEANS[1]))
    assert sum(values) / len(values) == pytest.approx(deal_weight(121, 121) * deal_luck + cut_luck(game),
                                                      abs=1e-9)  # the deal's and the cut's alone
    assert len(set(round(value, 6) for value in values)) > 5


def test_the_deal_values_mean_over_fresh_random_deals_is_the_stored_constant() -> None:
    """The deal's luck has mean zero because DEAL_MEANS is the deal value's mean over random deals:
    fresh deals (another seed) agree with it within their own noise."""
    from pegboard.sim.luck import DEAL_MEANS_SE, measure_deal_means

    means, errors = measure_deal_means(300, 2038)
    for part in (0, 1):
        assert abs(means[part] - DEAL_MEANS[part]) < 4 * (errors[part] + DEAL_MEANS_SE[part])


def test_the_cut_gives_the_first_dealer_a_fixed_edge_with_mean_zero_over_a_fair_cut() -> None:
    """The cut for first deal is a chance event: its luck is CUT_VALUE to whoever deals first, so the
    two outcomes of a fair cut average to zero; a game begun from a position had no cut."""
    firsts = [new_game("cribbage", ["a", "b"], seed=9, first_dealer=seat) for seat in (0, 1)]
    assert [cut_luck(game) for game in firsts] == [CUT_VALUE, -CUT_VALUE]
    assert cut_luck(new_game("cribbage", ["a", "b"], seed=9, start_scores=(60, 70))) == 0.0


def test_a_deal_likely_to_end_the_game_weighs_less_and_every_weight_is_a_chance() -> None:
    assert deal_weight(121, 121) == pytest.approx(1.0, abs=1e-4)
    assert 0 < deal_weight(10, 60) < deal_weight(40, 60) < deal_weight(80, 60) <= 1
    assert deal_weight(80, 5) < 0.2


def test_the_random_players_choices_carry_an_action_term_with_mean_zero() -> None:
    """AIVAT's action term for a player known to choose uniformly (the random bot): the value of the
    choice made less the mean over every legal choice, so over all of them it sums to zero."""
    from pegboard.sim.luck import uniform_choice_terms
    from pegboard.sim.match import play_game

    config = MatchConfig("cribbage", ("greedy", "random"), games=1, seed=4, luck=True)
    summary, game = play_game(config, 0)
    random_seat = summary.entrant_of_seat.index(1)
    term = uniform_choice_terms(game, [random_seat])
    assert term != 0.0 and uniform_choice_terms(game, []) == 0.0
    both = uniform_choice_terms(game, [random_seat], [1 - random_seat])  # the greedy bot's ties too
    luck = sum(deal_lucks(game, len(game.deal_logs))) + both
    assert summary.luck == pytest.approx(luck if summary.entrant_of_seat[0] == 0 else -luck)
    # the first choice's term over every legal alternative: replay up to it, value each, mean zero
    from pegboard.engine import new_game as fresh
    from pegboard.sim import luck as module

    replay = fresh(game.rules, list(game.players), first_dealer=0, dealt=[log.deal for log in game.deal_logs])
    first = next(action for action in game.deal_logs[0].moves if action.seat == random_seat)
    legal = replay.legal_actions(random_seat)
    role = (random_seat - replay.dealer) % 2
    nets = {frozenset(option.thrown): option.net
            for option in module.rank_discards(replay.view(random_seat).hand, game.rules, role)}
    values = [nets[frozenset(choice.cards)] for choice in legal]
    assert first.verb == "discard" and len(values) == 15
    assert sum(value - sum(values) / len(values) for value in values) == pytest.approx(0.0, abs=1e-9)


def test_the_luck_is_reckoned_when_asked_and_pegboard_sim_asks_unless_told_no_luck() -> None:
    """The luck costs about ten times a greedy game, so the engine's match API reckons it only when
    asked (``MatchConfig(luck=True)``); ``pegboard sim`` asks unless given ``--no-luck``, and prints the
    luck-adjusted margin beside the raw one. Without it the raw figures are the same, to the byte."""
    import json

    from click.testing import CliRunner

    from pegboard.cli.app import cli

    plain = run_match(MatchConfig("cribbage", ("greedy", "random"), games=4, seed=3)).to_json(timing=False)
    lucky = run_match(MatchConfig("cribbage", ("greedy", "random"), games=4, seed=3, luck=True)).to_json(timing=False)
    assert "luck_adjusted" not in plain and set(lucky["luck_adjusted"]) == {"mean", "ci95"}
    assert {key: value for key, value in lucky.items() if key != "luck_adjusted"} == plain
    runner = CliRunner()
    arguments = ["sim", "--players", "greedy,random", "--games", "4", "--seed", "3"]
    assert "luck_adjusted" in json.loads(runner.invoke(cli, [*arguments, "--json"]).output)
    assert "luck_adjusted" not in json.loads(runner.invoke(cli, [*arguments, "--json", "--no-luck"]).output)
    shown = runner.invoke(cli, arguments).output
    assert "luck-adjusted" in shown and "luck-adjusted" not in runner.invoke(cli, [*arguments, "--no-luck"]).output
