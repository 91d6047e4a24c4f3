"""Issue 8: the same seeded results on Ray as locally, and a killed worker's batch counted once."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from pegboard.sim import MatchConfig, run_match  # noqa: E402
from pegboard.sim.backends import LocalBackend  # noqa: E402
from pegboard.sim.match import GameSummary, play_batch  # noqa: E402
from pegboard.tables.crib import build_tables  # noqa: E402

pytestmark = [pytest.mark.xdist_group("ray"), pytest.mark.slow]
CONFIG = MatchConfig("cribbage", ("greedy", "random"), games=100, seed=5)


@pytest.fixture(scope="module")
def ray_backend():  # type: ignore[no-untyped-def]
    from pegboard.cluster.ray_backend import RayBackend

    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers need this module's functions
    backend = RayBackend(workers=2)
    yield backend
    ray.shutdown()


def results(stats) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(stats.to_json(timing=False), sort_keys=True)


def test_a_seeded_match_is_byte_identical_on_local_and_ray(ray_backend) -> None:  # type: ignore[no-untyped-def]
    local_one = results(run_match(CONFIG, backend=LocalBackend(1)))
    local_two = results(run_match(CONFIG, backend=LocalBackend(2)))
    on_ray = results(run_match(CONFIG, backend=ray_backend))
    assert local_one == local_two == on_ray


def test_table_building_is_byte_identical_on_ray(ray_backend) -> None:  # type: ignore[no-untyped-def]
    local = build_tables("cribbage-3", deals=1500, iterations=2, chunk=500)
    remote = build_tables("cribbage-3", deals=1500, iterations=2, chunk=500, backend=ray_backend)
    assert json.dumps(local) == json.dumps(remote)


MARKER = "PEGBOARD_TEST_KILL_MARKER"


def dying_batch(config: MatchConfig, start: int, stop: int) -> list[GameSummary]:
    """Kills its own worker process the first time it is asked for the batch starting at game 25."""
    marker = Path(os.environ[MARKER])
    if start == 25 and not marker.exists():
        marker.write_text(str(os.getpid()))
        os._exit(1)
    return play_batch(config, start, stop)


def test_a_killed_workers_batch_is_retried_once_and_counted_once(ray_backend, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    marker = tmp_path / "killed"
    monkeypatch.setenv(MARKER, str(marker))
    ray.shutdown()  # restart so the workers inherit the marker's environment variable
    from pegboard.cluster.ray_backend import RayBackend

    backend = RayBackend(workers=2)
    stats = run_match(CONFIG, backend=backend, batch=dying_batch)
    assert marker.exists(), "the batch's worker was killed"
    assert stats.games == CONFIG.games
    assert results(stats) == results(run_match(CONFIG, backend=LocalBackend(1)))
