import numpy as np
import pytest

import hukum
from conftest import BUNDLED


@pytest.mark.parametrize("name", BUNDLED)
def test_aec_loop_ends_with_rewards_that_add_up(name):
    env = hukum.AECEnv(name, deals=2)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        total[agent] += reward
        if termination:
            env.step(None)
            continue
        assert obs["observation"].shape == (env.game.observation_size,)
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 0 and env.agents == []
    assert [total[a] for a in env.possible_agents] == pytest.approx(env.state.returns())


def test_batch_steps_many_games():
    env = hukum.BatchEnv("mendikot", size=32, seed=1)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(200):
        mask = env.legal_mask()
        assert mask.shape == (32, env.game.num_distinct_actions) and mask.any(axis=1).all()
        obs = env.observations()
        assert obs.shape == (32, env.game.observation_size)
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        done, returns = env.step(actions)
        assert returns.shape == (32, env.game.num_seats)
        assert not returns[~done].any()
        finished += int(done.sum())
    assert finished == env.matches_finished > 0
    with pytest.raises(ValueError, match="not legal"):
        env.step(np.full(32, env.game.num_distinct_actions - 1))
    with pytest.raises(ValueError):
        env.step([0, 1])


def test_batch_random_play_is_reproducible():
    a = hukum.BatchEnv("hearts", size=8, seed=4)
    b = hukum.BatchEnv("hearts", size=8, seed=4)
    for _ in range(300):
        da, ra = a.step_random()
        db, rb = b.step_random()
        assert (da == db).all() and (ra == rb).all()
    assert a.deals_finished == b.deals_finished > 0
