"""The OpenSpiel games pass OpenSpiel's own consistency checks, keep each seat's secrets, and its algorithms run.

``PEGBOARD_OPENSPIEL_SIMS`` multiplies the random simulations (by default 295 games, most of them to a
short target so that the suite stays fast; ``PEGBOARD_OPENSPIEL_SIMS=10`` checks 2,950, as docs/rl.md reports).
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pegboard.rl.openspiel import GAME_NAMES, resample_from_infostate  # noqa: E402

SCALE = float(os.environ.get("PEGBOARD_OPENSPIEL_SIMS", "1"))
SIMS = [("python_pegboard_cribbage", {"target": 31}, 60), ("python_pegboard_five_card", {"target": 31}, 60),
        ("python_pegboard_cribbage_3", {"target": 31}, 30), ("python_pegboard_cribbage_4", {"target": 31}, 30),
        ("python_pegboard_cribbage_4_solo", {"target": 31}, 20), ("python_pegboard_snailspace", {}, 30),
        ("python_pegboard_solitaire", {}, 60), ("python_pegboard_cribbage", {}, 2),
        ("python_pegboard_five_card", {}, 3)]


@pytest.mark.parametrize(("name", "params", "sims"), [
    pytest.param(*sim, marks=pytest.mark.slow) if sim[2] >= 20 else sim for sim in SIMS])
def test_random_simulations_pass_openspiels_consistency_checks(name: str, params: dict[str, int], sims: int) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=max(1, int(sims * SCALE)), serialize=True, verbose=False)


def test_every_preset_is_registered_with_its_shape() -> None:
    assert set(GAME_NAMES.values()) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("python_pegboard_cribbage")
    assert (game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()) == (2, 1379, 52)
    assert game.information_state_tensor_size() == 574 + 8 * 52
    assert pyspiel.load_game("python_pegboard_solitaire").get_type().information == \
        pyspiel.GameType.Information.PERFECT_INFORMATION


def random_state(name: str, rng: random.Random, decisions: int) -> object:
    state = pyspiel.load_game(name).new_initial_state()
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        if seen == decisions:
            return state
        state.apply_action(rng.choice(state.legal_actions()))
        seen += 1
    return state


@pytest.mark.parametrize("name", ["python_pegboard_cribbage", "python_pegboard_cribbage_3",
                                  "python_pegboard_cribbage_4", "python_pegboard_snailspace"])
def test_what_a_seat_observes_never_changes_when_the_cards_it_cannot_see_change(name: str) -> None:
    rng = random.Random(5)
    changed_for_others = 0
    for trial in range(40):
        state = random_state(name, rng, rng.randrange(1, 40))
        if state.is_terminal():  # type: ignore[attr-defined]
            continue
        seat = state.current_player()  # type: ignore[attr-defined]
        twin = resample_from_infostate(state, seat, random.Random(trial))  # type: ignore[arg-type]
        assert twin.information_state_string(seat) == state.information_state_string(seat)  # type: ignore
        assert twin.observation_string(seat) == state.observation_string(seat)  # type: ignore[attr-defined]
        assert np.array_equal(twin.observation_tensor(seat), state.observation_tensor(seat))  # type: ignore
        assert np.array_equal(twin.information_state_tensor(seat), state.information_state_tensor(seat))  # type: ignore
        assert twin.legal_actions() == state.legal_actions()  # type: ignore[attr-defined]
        others = [p for p in range(twin.num_players()) if p != seat]
        changed_for_others += any(twin.observation_tensor(p) != state.observation_tensor(p) for p in others)
    assert changed_for_others > 20  # the hidden cards really were dealt again


@pytest.mark.slow
def test_openspiel_mcts_and_information_set_mcts_play_whole_games() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    solitaire = pyspiel.load_game("python_pegboard_solitaire", {"reward": "points"})
    bot = mcts.MCTSBot(solitaire, uct_c=2.0, max_simulations=8,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                       random_state=np.random.RandomState(2))
    state = solitaire.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.Random(3).choice(state.chance_outcomes())[0] if state.is_chance_node()
                           else bot.step(state))
    assert state.returns()[0] >= 0

    game = pyspiel.load_game("python_pegboard_five_card", {"target": 15})
    search = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(4)), 1.5, 6,
                              random_state=np.random.RandomState(5))
    rng = random.Random(6)
    search.set_resampler(lambda state, player: resample_from_infostate(state, player, rng))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(search.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions()))
    assert sorted(state.returns()) == [-1.0, 1.0]
