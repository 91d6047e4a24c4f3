"""The rating convergence benchmark (issue 36): a tiny run finishes, gives a rank correlation, and is
reproducible from its seed."""

from __future__ import annotations

import pytest

pytest.importorskip("glicko2")

from benchmarks import rating_convergence  # noqa: E402
from benchmarks.rating_convergence import simulate, spearman  # noqa: E402


@pytest.mark.slow
def test_a_tiny_run_finishes_and_gives_a_correlation() -> None:
    out = simulate(accounts=6, games=3, seed=2, every=1)
    last = out.checkpoints[-1]
    assert last.games == 3.0 and out.games == 9
    assert -1.0 <= last.spearman <= 1.0
    assert 0.0 < last.deviation < 350.0 and 0.0 <= last.provisional <= 1.0
    assert [c.rounds for c in out.checkpoints] == list(range(1, len(out.checkpoints) + 1))


def test_the_same_seed_gives_the_same_ratings() -> None:
    first, again = simulate(accounts=4, games=2, seed=5), simulate(accounts=4, games=2, seed=5)
    assert first.final == again.final and first.randomness == again.randomness


@pytest.mark.slow
def test_spearman_without_scipy_agrees_with_scipy(monkeypatch: pytest.MonkeyPatch) -> None:
    xs, ys = [1.0, 2.0, 2.0, 4.0, 5.0], [3.0, 1.0, 4.0, 1.0, 5.0]
    with_scipy = spearman(xs, ys)
    monkeypatch.setitem(__import__("sys").modules, "scipy.stats", None)  # the import fails
    assert spearman(xs, ys) == pytest.approx(with_scipy)
    with pytest.raises(ValueError, match="expected two equal lists"):
        spearman([1.0], [2.0, 3.0])


def test_the_command_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert rating_convergence.main(["--accounts", "4", "--games", "2", "--seed", "3", "--every", "1"]) == 0
    text = capsys.readouterr().out
    assert "spearman" in text and "provisional" in text and "4 accounts, 2 rated cribbage games each" in text
    with pytest.raises(SystemExit):
        rating_convergence.main(["--accounts", "1"])
