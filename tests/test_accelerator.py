"""The optional compiled accelerator (issue 20): compiled and pure Python play the same games.

When the hot modules run compiled, the whole suite tests them compiled; this test runs the
differential goldens and the compiled modules' doctests once more in a pure-Python process
(``PEGBOARD_PURE=1``), so both paths are proven on every CI run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pegboard.accelerator import COMPILED, accelerator_status, pure_requested

ROOT = Path(__file__).resolve().parent.parent


def test_the_status_names_every_compiled_module_that_runs_compiled() -> None:
    status = accelerator_status()
    assert set(status["compiled"]) <= set(COMPILED)
    if pure_requested():
        assert status["mode"] == "pure Python"


@pytest.mark.skipif(not accelerator_status()["compiled"], reason="no compiled modules here: the suite ran pure")
def test_pure_python_plays_the_same_games_and_passes_the_compiled_modules_doctests() -> None:
    sources = [str(ROOT / (name.replace(".", "/") + ".py")) for name in COMPILED]
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
               "tests/test_differential.py", *sources]
    result = subprocess.run(command, cwd=ROOT, env={**os.environ, "PEGBOARD_PURE": "1"}, capture_output=True,
                            text=True, timeout=1200)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout


@pytest.mark.parametrize("preset", ["cribbage", "cribbage-3", "five-card", "snailspace", "solitaire"])
def test_a_game_mid_play_pickles_copies_and_clones_to_the_same_game(preset: str) -> None:
    import copy
    import pickle
    import random

    from pegboard.engine import new_game
    from pegboard.records import record_of

    game = new_game(preset, seed=4)
    rng = random.Random(4)
    for _ in range(12):  # mid-deal in every game (a solitaire deal is 17 moves)
        game.apply(rng.choice(game.legal_actions()))
    _ = game.events  # the journal expanded, so copies carry events as well as deferred entries
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), game.clone()):
        assert record_of(twin) == record_of(game) and twin.events == game.events
        assert twin.view(0).to_json() == game.view(0).to_json()
        move = twin.legal_actions()[0]
        twin.apply(move)
        assert len(twin.events) > len(game.events)
