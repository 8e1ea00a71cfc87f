import random
import subprocess

import numpy as np
import pytest

import hukum
from conftest import BUNDLED


def play_randomly(state, rng):
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(set(legal)), "ids ascend, each once"
        state.apply_action(rng.choice(legal))
    return state


@pytest.mark.parametrize("name", BUNDLED)
def test_ids_and_words_name_the_same_actions(name):
    game = hukum.load(name)
    rng = random.Random(5)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            ids = state.legal_actions()
            words = state.legal_action_words()
            assert len(ids) == len(words) > 0
            assert sorted(state.string_to_action(w) for w in words) == ids
            assert [state.action_to_string(state.string_to_action(w)) for w in words] == words
            mask = state.legal_actions_mask()
            assert mask.shape == (game.num_distinct_actions,) and list(np.flatnonzero(mask)) == ids
            if rng.random() < 0.5:
                state.apply_action(rng.choice(ids))
            else:
                state.apply_action(rng.choice(words))
        assert state.legal_actions() == [] and state.current_seat() == -1
        assert len(state.returns()) == game.num_seats


def test_same_seed_same_deal_and_returns():
    game = hukum.load("twenty-eight")
    a = play_randomly(game.new_initial_state(seed=9), random.Random(1))
    b = play_randomly(game.new_initial_state(seed=9), random.Random(1))
    assert a.history() == b.history() and a.returns() == b.returns()


def test_an_illegal_action_is_refused_with_the_legal_ones():
    state = hukum.load("mendikot").new_initial_state(seed=1)
    legal = state.legal_action_words()
    illegal = next(c for c in state.observation(0)["hand"] + ["AS", "2C"] if c not in legal) \
        if state.current_seat() != 0 else "pass"
    with pytest.raises(ValueError, match="legal"):
        state.apply_action(illegal)
    bad_id = next(i for i in range(state.num_distinct_actions if hasattr(state, "num_distinct_actions") else 60)
                  if i not in state.legal_actions())
    with pytest.raises(ValueError, match="not legal now"):
        state.apply_action(bad_id)
    assert state.legal_action_words() == legal, "a refused action changes nothing"


def test_clone_is_independent():
    state = hukum.load("hearts").new_initial_state(seed=4)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    before = state.history()
    play_randomly(copy, random.Random(2))
    assert state.history() == before and not state.is_terminal()
    again = state.clone()
    play_randomly(state, random.Random(2))
    play_randomly(again, random.Random(2))
    assert state.returns() == again.returns() and state.history() == again.history()


@pytest.mark.parametrize("name", ["mendikot", "bridge", "skat", "scopa", "twenty-eight"])
def test_resample_keeps_what_the_seat_sees(name):
    game = hukum.load(name)
    rng = random.Random(3)
    state = game.new_initial_state(seed=6)
    for _ in range(8):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_seat()
    seen, tensor = state.observation(seat), state.observation_tensor(seat)
    worlds = [state.resample(seat, k) for k in range(20)]
    other = (seat + 1) % game.num_seats
    others = {tuple(sorted(w.observation(other)["hand"])) for w in worlds}
    assert len(others) > 1, "the other hands are dealt again"
    for w in worlds:
        assert w.observation(seat) == seen
        assert np.array_equal(w.observation_tensor(seat), tensor)
        assert w.legal_actions() == state.legal_actions()
        play_randomly(w, rng)  # every world plays on to its end


def test_deal_returns_add_up_over_a_match():
    game = hukum.load("mendikot", deals=3)
    state = game.new_initial_state(seed=2)
    rng, total, seen = random.Random(4), [0.0] * game.num_seats, 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if state.deals_played > seen:
            seen = state.deals_played
            total = [t + r for t, r in zip(total, state.deal_returns())]
    assert state.deals_played == 3 and total == state.returns()


def test_penalty_games_count_returns_against_the_taker():
    game = hukum.load("hearts")
    assert game.lowest_wins
    state = play_randomly(game.new_initial_state(seed=1), random.Random(1))
    scores, returns = state.scores(), state.returns()
    assert sum(scores) > 0
    # Each seat: minus (its points less the mean of the others'); the most points, the lowest return.
    for seat, r in enumerate(returns):
        others = [p for s, p in enumerate(scores) if s != seat]
        assert r == pytest.approx(-(scores[seat] - sum(others) / len(others)))
    assert returns.index(min(returns)) == scores.index(max(scores))


def test_returns_of_two_teams_sum_to_zero():
    state = play_randomly(hukum.load("twenty-eight").new_initial_state(seed=2), random.Random(3))
    assert sum(state.returns()) == pytest.approx(0)
    assert state.returns()[0] == state.returns()[2] == -state.returns()[1]


def test_the_log_replays(tmp_path, hukum_bin):
    state = play_randomly(hukum.load("twenty-eight").new_initial_state(seed=3, log=True), random.Random(7))
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(state.log_lines()) + "\n")
    out = subprocess.run([hukum_bin, "replay", str(log)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "replay clean" in out.stdout
    with pytest.raises(ValueError, match="log=True"):
        hukum.load("hearts").new_initial_state().log_lines()
