"""The PettingZoo and Gymnasium environments pass their frameworks' own checkers, and keep their promises."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import pegboard.rl  # noqa: E402,F401  (registers the Gymnasium environments)
from pegboard.errors import PegboardError  # noqa: E402
from pegboard.rl import pettingzoo_env  # noqa: E402
from pegboard.rl.actions import InvalidActionIdError  # noqa: E402
from pegboard.rl.zoo import MULTIPLAYER_PRESETS  # noqa: E402


@pytest.mark.parametrize("game", MULTIPLAYER_PRESETS)
def test_pettingzoo_api_and_seed_tests_pass(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Observation is not a NumPy array": PettingZoo's note on dict observations
        api_test(pettingzoo_env(game, render_mode="ansi"), num_cycles=200)
        seed_test(lambda: pettingzoo_env(game), num_cycles=200)


def test_pettingzoo_max_cycles_truncates_every_agent() -> None:
    """PettingZoo's max_cycles_test needs a parallel environment; turn-based card games have none, so this
    checks the same promise on the AEC environment: after max_cycles moves every agent is truncated."""
    env = pettingzoo_env("cribbage", max_cycles=5)
    env.reset(seed=1)
    moves = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        moves += 1
    assert moves == 5 and env.agents == []


def play_out(env: object, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)  # type: ignore[attr-defined]
    totals: dict[str, float] = {}
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        observation, reward, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)  # type: ignore[attr-defined]
    return totals


def test_win_rewards_are_plus_and_minus_one_and_partners_share_them() -> None:
    totals = play_out(pettingzoo_env("cribbage-4"), seed=3)
    assert sorted(totals.values()) == [-1.0, -1.0, 1.0, 1.0]
    assert totals["player_0"] == totals["player_2"] and totals["player_1"] == totals["player_3"]


def test_points_rewards_are_each_deals_point_difference() -> None:
    env = pettingzoo_env("five-card", reward="points")
    totals = play_out(env, seed=5)
    scores = env.table.game.score_list
    assert totals["player_0"] == scores[0] - scores[1] == -totals["player_1"]


def test_an_illegal_id_is_refused_with_the_legal_ones() -> None:
    env = pettingzoo_env("cribbage")
    env.reset(seed=2)
    with pytest.raises(InvalidActionIdError, match="not legal for seat 0 now: expected one of"):
        env.step(0)
    with pytest.raises(InvalidActionIdError, match="expected an integer from 0 to 1378"):
        env.step(5000)
    with pytest.raises(PegboardError, match="has one player"):
        pettingzoo_env("solitaire")
    with pytest.raises(PegboardError, match="reward='score'"):
        pettingzoo_env("cribbage", reward="score")


def test_render_describes_the_table_in_text() -> None:
    env = pettingzoo_env("snailspace", render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert text is not None and text.startswith("snailspace:") and "to act: play" in text


@pytest.mark.parametrize(("env_id", "kwargs"), [("pegboard/Solitaire-v0", {}),
                                                ("pegboard/Cribbage-v0", {}),
                                                ("pegboard/Cribbage-v0", {"game": "cribbage-3", "opponent": "greedy"}),
                                                ("pegboard/Cribbage-v0", {"game": "snailspace", "opponent": "random"})])
def test_gymnasium_check_env_passes(env_id: str, kwargs: dict[str, str]) -> None:
    env = gymnasium.make(env_id, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=True)
    check_env(env.unwrapped)  # render modes too (their fps is declared, so no warning to silence)


def test_gymnasium_episodes_are_reproducible_and_end_with_the_game() -> None:
    def episode(seed: int) -> tuple[list[int], float]:
        env = gymnasium.make("pegboard/Cribbage-v0", game="five-card", opponent="expert")
        observation, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        actions, total, done = [], 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            actions.append(action)
            observation, reward, terminated, truncated, _ = env.step(action)
            total += float(reward)
            done = terminated or truncated
        assert env.unwrapped.table.game.finished
        return actions, total

    first = episode(11)
    assert first == episode(11) and first[1] in (-1.0, 1.0)


def test_solitaire_rewards_the_points_and_penalises_illegal_ids() -> None:
    env = gymnasium.make("pegboard/Solitaire-v0")
    observation, _ = env.reset(seed=2)
    _, reward, terminated, _, info = env.step(0)
    _, reward, terminated, _, info = env.step(0)  # a1 is taken now
    assert info == {"illegal_action": True} and reward == -1.0 and not terminated
    total, done = 0.0, False
    while not done:
        mask = env.unwrapped.action_masks()
        observation, reward, done, _, _ = env.step(int(np.flatnonzero(mask)[0]))
        total += float(reward)
    assert total == env.unwrapped.table.game.score_list[0]
    with pytest.raises(PegboardError, match="seat=3: expected a seat from 0 to 1"):
        gymnasium.make("pegboard/Cribbage-v0", seat=3)


@pytest.mark.slow
def test_the_solitaire_learning_example_learns() -> None:
    """examples/train_solitaire.py: after 1,500 deals the learner scores clearly above random play."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "train_solitaire.py"
    spec = importlib.util.spec_from_file_location("train_solitaire", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    scores, weights = example.train(1500)
    assert sum(scores[:300]) / 300 < 47 < sum(scores[-500:]) / 500
    assert weights[example.FEATURES.index("points made")] > 0
