"""Smoke test of the benchmark against the real BSD cribbage program (``benchmarks/external``):
a couple of deals through its screen. Skipped without ``/usr/games/cribbage`` (Debian's bsdgames;
.ci/run installs it) or without the ``bench`` extra (pexpect, pyte)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.external.bsd_terminal import BSD_PROGRAM, seeded_program

if not BSD_PROGRAM.exists():  # pragma: no cover - depends on the machine
    pytest.skip("needs the BSD cribbage program at /usr/games/cribbage (.ci/run installs bsdgames)",
                allow_module_level=True)
pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from benchmarks.external.bsd_cribbage import Report, play_bsd_game  # noqa: E402
from benchmarks.external.bsd_mirror import classic_agreement, deal_sources, mirror  # noqa: E402


def test_classic_plays_deals_against_the_bsd_program_exactly_as_it_would(tmp_path: Path) -> None:
    program = seeded_program(tmp_path) or BSD_PROGRAM
    result = play_bsd_game("classic", index=0, seed=11, program=program, max_deals=2)
    assert result.error == ""
    assert len(result.deals) == 2 and result.decisions > 0
    for deal in result.deals:
        assert deal.revealed, deal.to_json()
        assert len(deal.plays) == 8
        agreement = classic_agreement(deal)  # our model of the program against the program itself
        assert agreement.same_discards == agreement.discards == 1
        assert agreement.same_plays == agreement.plays == 4
        sources = deal_sources(mirror(deal, stop_at_our_turn=False))
        assert deal.end_scores == tuple(start + sum(points.values()) for start, points in zip(deal.start_scores,
                                                                                              sources))


def test_a_whole_game_is_reported(tmp_path: Path) -> None:
    program = seeded_program(tmp_path) or BSD_PROGRAM
    report = Report("greedy")
    report.add(play_bsd_game("greedy", index=1, seed=3, program=program))
    data = report.to_json()
    assert data["games"] == 1 and not data["errors"]
    assert max(data["points_per_deal"].values()) > 0
    assert data["board_mismatches"] == data["claim_mismatches"] == 0
