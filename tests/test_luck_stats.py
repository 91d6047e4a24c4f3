"""Luck beside the raw figures where a player looks at their own games and reviews (issue 38, part 2):
``pegboard stats me``'s luck-adjusted points per deal over time, the terminal Review screen's luck line,
and the web review page's luck, luck-adjusted result, Performance Rating and win-probability plot."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from pegboard.analysis.mystats import PlayedGame, player_stats
from pegboard.engine import GameState, new_game
from pegboard.engine.tally import SOURCES, deal_sources
from pegboard.records import record_of
from pegboard.session import Session
from pegboard.sim.luck import deal_lucks
from pegboard.tui.mystats import stats_renderable

STATIC = Path(__file__).resolve().parent.parent / "pegboard" / "web" / "static" / "js" / "review.js"


def _finished(seed: int) -> GameState:
    game = new_game("cribbage", ["Ann", "Ada"], seed=seed)
    session = Session(game, ("greedy", "random"), seed=seed)
    while not game.finished:
        game.apply(session.decide(game.to_act()[0]))
    return game


def test_stats_me_gives_raw_and_luck_adjusted_points_per_deal_month_by_month() -> None:
    games = [_finished(seed) for seed in (1, 2, 3)]
    months = ["2026-01-03T10:00", "2026-01-20T10:00", "2026-02-02T10:00"]
    played = [PlayedGame(record_of(game), seat=1, opponent="greedy", when=when) for game, when in zip(games, months)]
    stats = player_stats(played)
    assert [point.period for point in stats.trend] == ["2026-01", "2026-02"]
    january = stats.trend[0]
    nets, lucks, deals = 0, 0.0, 0
    for game in games[:2]:
        for deal in deal_sources(game):
            nets += sum(deal[1][source] - deal[0][source] for source in SOURCES)
            deals += 1
        lucks -= sum(deal_lucks(game, len(game.deal_logs)))  # seat 1's luck is seat 0's negated
    assert (january.games, january.deals) == (2, deals)
    assert january.raw == pytest.approx(nets / deals)
    assert january.luck_adjusted == pytest.approx((nets - lucks) / deals)
    data = json.loads(json.dumps(stats.to_json()))
    assert data["luck_trend"][0]["period"] == "2026-01" and "luck_adjusted" in data["luck_trend"][0]
    assert all(line["net_per_deal"] is not None and line["luck_adjusted_per_deal"] is not None
               for line in data["games"])
    console = Console(width=140, record=True, file=io.StringIO())
    console.print(stats_renderable(stats))
    text = console.export_text()
    assert "Net points a deal over time" in text and "2026-02" in text and "luck-adjusted" in text


def test_games_without_a_board_of_two_have_no_luck_figures() -> None:
    game = new_game("cribbage-3", ["Ann", "Ada", "Cat"], seed=4)
    session = Session(game, ("greedy",) * 3, seed=4)
    while not game.finished:
        game.apply(session.decide(game.to_act()[0]))
    stats = player_stats([PlayedGame(record_of(game), seat=0, opponent="greedy", when="2026-01-01")])
    assert stats.trend == () and stats.to_json()["games"][0]["luck_adjusted_per_deal"] is None


def test_the_web_review_page_reads_luck_luck_adjusted_and_the_rating_and_plots_both_kinds_of_moves() -> None:
    script = STATIC.read_text()
    for field in ("luck_adjusted", "luck_events", ".rating", ".skill", "win_loss", "chart-luck", "chart-play"):
        assert field in script, field


@pytest.mark.slow
def test_the_terminal_review_screen_shows_each_players_luck_adjusted_result_and_rating() -> None:
    from pegboard.analysis.review import review
    from pegboard.records import parse_record
    from pegboard.tui.review import summary_table

    game = _finished(5)
    found = review(parse_record(record_of(game)))
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(summary_table(found))
    text = console.export_text()
    assert "Luck (the cards, in the chance to win)" in text and "adjusted" in text and "PR" in text
    for name, player in found.to_json()["players"].items():
        assert name in text and f"{player['luck'] * 100:+.0f}%" in text
