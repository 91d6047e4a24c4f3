"""The optional compiled accelerator (issue 20): compiled and pure Python play the same games.

When the hot modules run compiled, the whole suite tests them compiled (the differential test among
them); this test runs the differential goldens and the compiled modules' doctests once more in a
pure-Python process (``PEGBOARD_PURE=1``), so each path runs them once on every CI run. Where CI
expects the accelerator (``PEGBOARD_REQUIRE_ACCELERATOR=1``, set by ``.ci/run`` where a C compiler is
at hand), a suite that does not run compiled fails here instead of skipping (issue 41).

A build records the sources it read; an edited one sets the compiled modules aside (issue 41; the
real build is in ``tests/test_stale_build.py``).
"""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pegboard.accelerator import (
    BUILD_RECORD,
    COMPILED,
    REBUILD,
    REQUIRE_VARIABLE,
    accelerator_required,
    accelerator_status,
    build_inputs,
    pure_requested,
    source_digests,
    stale_sources,
    stale_warning,
    write_build_record,
)

ROOT = Path(__file__).resolve().parent.parent


def test_the_status_names_every_compiled_module_that_runs_compiled() -> None:
    status = accelerator_status()
    assert set(status["compiled"]) <= set(COMPILED)
    if pure_requested() or status["stale"]:
        assert status["mode"] == "pure Python"


def test_where_ci_requires_the_accelerator_the_suite_runs_compiled() -> None:
    if not accelerator_required():
        pytest.skip(f"{REQUIRE_VARIABLE} is not set (.ci/run sets it where a C compiler is at hand)")
    status = accelerator_status()
    assert status["mode"] == "compiled", (
        f"the compiled accelerator was required but the suite runs {status['mode']}: the build failed, "
        f"left no record or is stale ({status['stale']}), or PEGBOARD_PURE=1 is set ({status['pure_requested']})")


@pytest.mark.skipif(not accelerator_status()["compiled"],
                    reason="no compiled modules here: the suite ran the differential test pure already")
@pytest.mark.slow
def test_pure_python_plays_the_same_games_and_passes_the_compiled_modules_doctests() -> None:
    sources = [str(ROOT / (name.replace(".", "/") + ".py")) for name in COMPILED]
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
               "tests/test_differential.py", *sources]
    result = subprocess.run(command, cwd=ROOT, env={**os.environ, "PEGBOARD_PURE": "1"}, capture_output=True,
                            text=True, timeout=1200)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout


def test_a_build_records_the_compiled_modules_and_every_pegboard_module_they_import() -> None:
    inputs = set(build_inputs(ROOT))
    assert {name.replace(".", "/") + ".py" for name in COMPILED} <= inputs
    # not compiled, but read by the build: their Final constants may be copied into compiled code
    assert {"pegboard/__init__.py", "pegboard/engine/__init__.py", "pegboard/cards.py", "pegboard/rules.py"} <= inputs
    assert not any(path.startswith(("pegboard/web/", "pegboard/tui/", "pegboard/cli/")) for path in inputs)


def fake_build(root: Path) -> Path:
    """A package folder with two modules, one compiled (an empty extension file stands for it: nothing
    imports it here), and the record of a build from their sources as they are."""
    package = root / "pegboard"
    (package / "engine").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "engine" / "cribbage.py").write_text("MAX_COUNT = 31\n")
    (package / "engine" / f"cribbage{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    write_build_record(package, source_digests(root, ["pegboard/__init__.py", "pegboard/engine/cribbage.py"]))
    return package


def test_a_current_build_runs_and_an_edited_or_removed_source_sets_it_aside(tmp_path: Path) -> None:
    package = fake_build(tmp_path)
    assert stale_sources(package) == []
    source = package / "engine" / "cribbage.py"
    source.write_text("MAX_COUNT = 30\n")
    assert stale_sources(package) == ["pegboard/engine/cribbage.py"]
    source.write_text("MAX_COUNT = 31\n")  # the same bytes again: the same build
    assert stale_sources(package) == []
    source.unlink()
    assert stale_sources(package) == ["pegboard/engine/cribbage.py"]


def test_a_build_without_a_readable_record_is_stale_and_no_build_is_not(tmp_path: Path) -> None:
    package = fake_build(tmp_path)
    record = package / BUILD_RECORD
    record.write_text("{not json")
    assert stale_sources(package) == [f"pegboard/{BUILD_RECORD}"]
    record.unlink()
    assert stale_sources(package) == [f"pegboard/{BUILD_RECORD}"]
    for extension in package.rglob(f"*{importlib.machinery.EXTENSION_SUFFIXES[0]}"):
        extension.unlink()
    assert stale_sources(package) == []  # nothing compiled here: nothing to check


def test_the_warning_is_one_line_naming_what_changed_and_the_rebuild_command() -> None:
    one = stale_warning(["pegboard/engine/cribbage.py"])
    three = stale_warning(["pegboard/engine/cribbage.py", "pegboard/cards.py", "pegboard/rules.py"])
    missing = stale_warning([f"pegboard/{BUILD_RECORD}"])
    for line in (one, three, missing):
        assert "\n" not in line and line.startswith("pegboard: ") and f"`{REBUILD}`" in line
    assert "pegboard/engine/cribbage.py changed" in one
    assert "pegboard/engine/cribbage.py and 2 more sources changed" in three
    assert "no record" in missing


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
