"""Luck-adjusted margins in simulated matches (issue 38): AIVAT-style control variates take the luck of
the cards out of the margin per deal without bias, and narrow its interval."""

from __future__ import annotations

import pytest

from pegboard.engine import new_game
from pegboard.sim.luck import DEAL_MEANS, PEG_WEIGHT, deal_lucks, deal_value, deal_weight
from pegboard.sim.match import MatchConfig
from pegboard.sim.runner import run_match


def test_a_bot_against_itself_centres_on_zero_with_a_narrower_interval() -> None:
    stats = run_match(MatchConfig("cribbage", ("greedy", "greedy"), games=2000, seed=7)).to_json()
    raw, adjusted = stats["raw"], stats["luck_adjusted"]
    assert raw["mean"] == stats["net_per_deal"]["mean"] and raw["ci95"] == stats["net_per_deal"]["ci95"]
    low, high = adjusted["ci95"]
    assert low <= 0 <= high
    assert (high - low) * 1.4 < raw["ci95"][1] - raw["ci95"][0]  # measured: 1.55-1.6 times narrower


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
    assert sum(values) / len(values) == pytest.approx(deal_weight(121, 121) * deal_luck, abs=1e-9)  # the deal's alone
    assert len(set(round(value, 6) for value in values)) > 5
