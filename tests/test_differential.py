"""The differential test of issue 20: every game kind plays the same games, to the byte, as the engine
did before the fast core (digests in ``tests/golden/differential.json``, made by
``python -m tests.golden.differential`` on the engine tagged ``pre-fast-core``)."""

from __future__ import annotations

import pytest

from .golden.differential import ALL_KINDS, digest_kind, first_difference, load

QUICK_KINDS = {"expert-solitaire"}
"""The kinds ``pytest -m "not slow"`` still checks; the others take 4 s to over a minute each (pure Python)."""


@pytest.mark.parametrize("kind", [kind if kind in QUICK_KINDS else pytest.param(kind, marks=pytest.mark.slow)
                                  for kind in sorted(ALL_KINDS)])
def test_every_seeded_game_is_the_same_record_events_and_views_as_before(kind: str) -> None:
    stored = load()[kind]
    result = digest_kind(kind)
    assert result["games"] == stored["games"]
    for block, (now, before) in enumerate(zip(result["blocks"], stored["blocks"])):
        assert now == before, first_difference(kind, block, stored["blocks"])
    assert result["events"] == stored["events"], (
        f"{kind}: the records are the same but the events, the views or the simulator's summaries of the "
        f"first games of a pairing differ (python -m tests.golden.differential --show {kind} N)")


def test_the_differential_goldens_cover_every_preset() -> None:
    from pegboard.rules import PRESET_NAMES

    assert {preset for preset, *_ in ALL_KINDS.values()} == set(PRESET_NAMES)
