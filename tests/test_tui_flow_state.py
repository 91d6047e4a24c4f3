"""The game screen's flow is one explicit state (issue 25, E), UI-free: each step is allowed only from
where it makes sense, and the person waits exactly while the app moves, the table is held or a hint
is being worked out."""

from __future__ import annotations

import pytest

from pegboard.tui.flow import Flow, FlowError, Stage


def test_a_turn_of_the_computers_moves_then_the_person() -> None:
    flow = Flow()
    assert flow.stage is Stage.READY and not flow.busy
    flow.start_moving()
    assert flow.busy
    flow.skipping = True
    flow.moves_done()
    assert flow.stage is Stage.SETTLING and flow.busy
    flow.settle()
    assert flow.stage is Stage.READY and not flow.skipping  # skipping ahead lasts one run of moves


def test_the_table_held_after_the_play_waits_for_its_key() -> None:
    flow = Flow()
    flow.start_moving()
    flow.hold()
    assert flow.stage is Stage.HELD and flow.busy
    with pytest.raises(FlowError, match="cannot start moving while held"):
        flow.start_moving()
    with pytest.raises(FlowError, match="cannot work out a hint while held"):
        flow.start_hint()
    flow.release()
    assert flow.stage is Stage.READY


def test_a_box_pauses_everything_and_closes_to_the_game_or_its_end() -> None:
    flow = Flow()
    flow.start_hint()
    flow.open_box()
    assert flow.stage is Stage.BOX and not flow.busy
    with pytest.raises(FlowError):
        flow.start_moving()
    with pytest.raises(FlowError):
        flow.release()
    flow.close_box()
    assert flow.stage is Stage.READY
    flow.open_box()
    flow.close_box(over=True)
    assert flow.stage is Stage.OVER and not flow.busy


@pytest.mark.parametrize("stage", [Stage.MOVING, Stage.SETTLING, Stage.HELD, Stage.HINTING])
def test_the_person_waits_exactly_while_the_app_is_busy(stage: Stage) -> None:
    assert Flow(stage).busy
    assert not any(Flow(other).busy for other in (Stage.READY, Stage.BOX, Stage.OVER))
