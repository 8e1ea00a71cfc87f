import pytest

import hukum
from conftest import BUNDLED


@pytest.mark.parametrize("name", BUNDLED)
def test_bots_choose_legal_actions(name):
    game = hukum.load(name)
    bots = [hukum.bot(k, seed=1) for k in ("random", "greedy", "pimc:4", "ismcts:20")]
    state = game.new_initial_state(seed=1)
    turn = 0
    while not state.is_terminal() and turn < 60:
        bot = bots[turn % len(bots)]
        action = bot.step(state)
        assert action in state.legal_actions()
        assert bot.step_word(state) in state.legal_action_words()
        state.apply_action(action)
        turn += 1


def test_an_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="not a bot"):
        hukum.bot("clever")
    with pytest.raises(ValueError):
        hukum.bot("pimc:0")
