"""The computer levels' published ratings (issue 36): the file ships and loads, every web level is
rated in both rated kinds, the anchor and the order hold; the benchmark's fit recovers known ratings,
and a tiny run of the benchmark writes a file the loader reads."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from benchmarks import levels as bench
from pegboard.errors import PegboardError
from pegboard.levels import LevelError, LevelRating, level_rating, level_ratings, rated_kinds
from pegboard.web.tables import LEVELS

DATA = Path(__file__).resolve().parent.parent / "pegboard" / "data" / "levels.json"


def test_the_file_is_package_data_and_names_its_method() -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert data["anchor"] == "greedy" and data["measured"] and data["kinds"] == ["cribbage", "five-card"]
    assert all(data["games"][kind] > 0 for kind in data["kinds"])
    pyproject = (DATA.parent.parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"data/*"' in pyproject


@pytest.mark.parametrize("kind", ["cribbage", "five-card"])
def test_every_web_level_is_rated_in_order_with_its_interval(kind: str) -> None:
    ratings = level_ratings(kind)
    assert set(LEVELS) <= set(ratings)
    assert ratings["greedy"].rating == 1500
    assert ratings["random"].rating < ratings["greedy"].rating < ratings["expert"].rating
    for rating in ratings.values():
        assert isinstance(rating, LevelRating)
        assert rating.low <= rating.rating <= rating.high
        assert rating.deviation >= 30 and rating.games > 0
    assert level_rating(kind, "expert") == ratings["expert"]


def test_the_ratings_handed_out_are_copies() -> None:
    level_ratings("cribbage").pop("expert")
    assert "expert" in level_ratings("cribbage")


@pytest.mark.parametrize(("kind", "level", "named"), [
    ("snailspace", "greedy", "'snailspace'"), ("cribbage-4", "expert", "'cribbage-4'"),
    ("cribbage", "grandmaster", "'grandmaster'"), ("five-card", "Expert", "'Expert'"), ("cribbage", "", "''"),
])
def test_unknown_kinds_and_levels_are_refused_with_the_choices(kind: str, level: str, named: str) -> None:
    with pytest.raises(LevelError) as raised:
        level_rating(kind, level)
    message = str(raised.value)
    assert named in message and "expected" in message
    assert isinstance(raised.value, PegboardError) and isinstance(raised.value, ValueError)
    assert ("cribbage or five-card" in message) if kind not in rated_kinds() else ("expert" in message)


def test_unhashable_input_is_refused_as_bad_input() -> None:
    with pytest.raises(LevelError):
        level_ratings(["cribbage"])  # type: ignore[arg-type]
    with pytest.raises(LevelError):
        level_rating("cribbage", ["expert"])  # type: ignore[arg-type]


def test_the_fit_recovers_known_ratings_from_synthetic_games() -> None:
    bots = ["weak", "greedy", "middle", "strong"]
    truth = np.array([1150.0, 1500.0, 1620.0, 1800.0])
    rng = np.random.default_rng(7)
    pairings = []
    for first_bot, second_bot in bench.round_robin(bots):
        i, j = bots.index(first_bot), bots.index(second_bot)
        p = 1 / (1 + 10 ** (-(truth[i] - truth[j]) / 400))
        outcomes = rng.random((3000, 2)) < p  # 3,000 duplicate pairs: 6,000 games a pairing
        first = tuple(int(x) for x in outcomes.sum(axis=1))
        pairings.append(bench.Pairing("cribbage", first_bot, second_bot, first, tuple(2 - x for x in first)))
    rated = {r.bot: r for r in bench.rate(bots, pairings, resamples=60, seed=1)}
    assert rated["greedy"].rating == 1500 and rated["greedy"].low == rated["greedy"].high == 1500
    for bot, true in zip(bots, truth):
        assert abs(rated[bot].rating - true) < 20, (bot, rated[bot].rating, true)
        assert rated[bot].low - 10 <= true <= rated[bot].high + 10
    assert rated["greedy"].deviation == bench.MIN_DEVIATION
    assert all(r.games == 3 * 6000 for r in rated.values())


def test_a_level_that_never_wins_still_gets_a_finite_rating() -> None:
    pairings = [bench.Pairing("cribbage", "random", "greedy", (0,) * 20, (2,) * 20)]
    rated = bench.rate(["random", "greedy"], pairings, resamples=10)
    assert np.isfinite(rated[0].rating) and rated[0].rating < 1000


def test_a_tiny_run_of_the_benchmark_writes_a_file_of_the_published_shape(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "levels.json"
    assert bench.main(["--games", "6", "--bots", "random,greedy,classic", "--jobs", "1", "--bootstrap", "20",
                       "--seed", "3", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "random vs greedy" in printed and "five-card" in printed and "95% interval" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["anchor"] == "greedy" and data["games"] == {"cribbage": 18, "five-card": 18}
    for kind in ("cribbage", "five-card"):
        assert set(data[kind]) == {"random", "greedy", "classic"}
        row = data[kind]["greedy"]
        assert row == {"rating": 1500, "deviation": 30, "low": 1500, "high": 1500, "games": 12}
        assert all(set(r) == {"rating", "deviation", "low", "high", "games"} for r in data[kind].values())
    assert bench.main(["--report", str(out)]) == 0
    assert "| five-card | greedy | classic | 6 |" in capsys.readouterr().out


def test_expert_games_can_be_given_by_kind() -> None:
    assert bench.expert_games_option("cribbage=10,five-card=40") == {"cribbage": 10, "five-card": 40}
    with pytest.raises(SystemExit):
        bench.main(["--expert-games", "lots"])
    with pytest.raises(SystemExit):
        bench.main(["--bots", "random,expert"])
