import random

import numpy as np
import pytest

import hukum
from conftest import BUNDLED


@pytest.mark.parametrize("name", BUNDLED)
def test_layout_covers_the_array(name):
    game = hukum.load(name)
    offset = 0
    for section, (start, size) in game.observation_layout:
        assert start == offset and size > 0, section
        offset += size
    assert offset == game.observation_size


def section(game, tensor, name):
    start, size = dict(game.observation_layout)[name]
    return tensor[start:start + size]


@pytest.mark.parametrize("name", BUNDLED)
def test_tensor_says_what_the_dict_says(name):
    game = hukum.load(name)
    rng = random.Random(1)
    state = game.new_initial_state(seed=2)
    index = {c: i for i, c in enumerate(game.cards)}
    while not state.is_terminal():
        seat = state.current_seat()
        obs, t = state.observation(seat), state.observation_tensor(seat)
        assert t.shape == (game.observation_size,) and t.dtype == np.float32
        hand = section(game, t, "zone:hand:r0")
        assert sorted(np.flatnonzero(hand)) == sorted(index[c] for c in obs["hand"])
        assert section(game, t, "deciding")[0] == 1.0
        assert section(game, t, "to_move")[(game.seat_names.index(obs["to_move"]) - seat) % game.num_seats] == 1.0
        state.apply_action(rng.choice(state.legal_actions()))


def test_no_card_of_another_hand_in_a_seat_tensor():
    game = hukum.load("mendikot")
    state = game.new_initial_state(seed=5)
    t = state.observation_tensor(0)
    for r in range(1, game.num_seats):
        assert not section(game, t, "zone:hand:r%d" % r).any()
        assert section(game, t, "zone_counts").sum() > 0
    with pytest.raises(IndexError):
        state.observation_tensor(game.num_seats)
