"""Issue 40 part E: the research environments refuse what is not a move at once, in a ValueError that
names it, and a refused move changes nothing."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import gymnasium

import pegboard.rl  # noqa: E402,F401  (registers the Gymnasium environments)
from pegboard.cards import Card  # noqa: E402
from pegboard.engine import Action, new_game  # noqa: E402
from pegboard.errors import IllegalActionError, PegboardError  # noqa: E402
from pegboard.rl import pettingzoo_env  # noqa: E402
from pegboard.rl.actions import InvalidActionIdError  # noqa: E402


def test_a_refused_pettingzoo_action_leaves_the_pending_reward() -> None:
    env = pettingzoo_env("cribbage")
    env.reset(seed=1)
    agent = env.agent_selection
    env._cumulative_rewards[agent] = 0.75  # a reward the agent has not collected yet
    before = (dict(env._cumulative_rewards), dict(env.rewards), env.agent_selection, len(env.table.game.events))
    with pytest.raises(InvalidActionIdError):
        env.step(99_999)
    with pytest.raises(InvalidActionIdError):
        env.step(2.9)
    assert (dict(env._cumulative_rewards), dict(env.rewards), env.agent_selection,
            len(env.table.game.events)) == before
    assert env.last()[1] == 0.75


def test_step_and_last_after_every_agent_is_done_say_to_reset() -> None:
    env = pettingzoo_env("cribbage-4", target=31)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.agents == []
    with pytest.raises(PegboardError, match="call reset"):
        env.last()
    with pytest.raises(PegboardError, match="call reset"):
        env.step(0)
    env.reset(seed=2)
    assert env.last()[2] is False


@pytest.mark.parametrize("bad", [2.9, "3", True, np.float64(3.0), None, [3]])
@pytest.mark.parametrize("illegal", ["penalize", "raise"])
def test_gymnasium_refuses_an_action_that_is_not_a_whole_number(bad: object, illegal: str) -> None:
    env = gymnasium.make("pegboard/Solitaire-v0", illegal=illegal)
    env.reset(seed=3)
    game = env.unwrapped.table.game  # type: ignore[attr-defined]
    before = len(game.events)
    with pytest.raises(InvalidActionIdError, match="expected an integer"):
        env.step(bad)
    assert len(game.events) == before


def test_gymnasium_takes_numpy_integers() -> None:
    env = gymnasium.make("pegboard/Solitaire-v0")
    env.reset(seed=3)
    legal = env.unwrapped.table.legal_ids()  # type: ignore[attr-defined]
    _, _, _, _, info = env.step(np.int64(legal[0]))
    assert "illegal_action" not in info
    legal = env.unwrapped.table.legal_ids()  # type: ignore[attr-defined]
    _, _, _, _, info = env.step(np.array(legal[0]))
    assert "illegal_action" not in info


def test_openspiel_checks_chance_outcomes_at_once() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import pegboard.rl.openspiel  # noqa: F401

    game = pyspiel.load_game("python_pegboard_five_card")
    state = game.new_initial_state()
    for bad in (-5, 2, 52):
        with pytest.raises(IllegalActionError, match=f"chance outcome {bad}"):
            state.apply_action(bad)
    state.apply_action(0)  # the cut
    state.apply_action(5)
    for bad in (5, 52, 99):  # a card dealt already, none at all
        with pytest.raises(IllegalActionError, match="a card not dealt yet"):
            state.apply_action(bad)
    assert state.history() == [0, 5]
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_chance_node() and state.legal_actions()


def test_the_resampler_takes_what_openspiel_passes() -> None:
    pytest.importorskip("pyspiel")
    import inspect

    from pegboard.rl.openspiel import resampler

    call = resampler(random.Random(1))
    assert list(inspect.signature(call).parameters) == ["state", "player"]


@pytest.mark.parametrize("target", [1.5, object(), True])
def test_an_action_with_a_target_of_the_wrong_kind_is_an_illegal_action(target: object) -> None:
    game = new_game("cribbage", seed=1)
    for seat in (0, 1):
        game.apply(game.legal_actions(seat)[0])
    seat = game.to_act()[0]
    card: Card = game.legal_actions(seat)[0].cards[0]
    before = len(game.events)
    with pytest.raises(IllegalActionError, match="target"):
        game.apply(Action(seat, "play", (card,), target))  # type: ignore[arg-type]
    assert len(game.events) == before


@pytest.mark.parametrize("action", [Action(0.0, "go"), Action("0", "go"), Action(0, 5, ()),  # type: ignore[arg-type]
                                    Action(0, "play", ["5H"])])  # type: ignore[arg-type]
def test_an_action_with_fields_of_the_wrong_kind_is_an_illegal_action(action: Action) -> None:
    game = new_game("cribbage", seed=1)
    with pytest.raises(IllegalActionError, match="expected"):
        game.apply(action)
