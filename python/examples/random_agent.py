"""Plays deals of a game with a random agent in every seat and prints the
returns: the shortest complete use of the hukum module.

    PYTHONPATH=build/python python3 python/examples/random_agent.py mendikot 3
"""
import random
import sys

import hukum


def main(name="mendikot", deals=3):
    game = hukum.load(name)
    rng = random.Random(1)
    for seed in range(deals):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            seat = state.current_seat()
            words = state.legal_action_words()
            action = rng.choice(state.legal_actions())
            print("%s: %-10s of %s" % (game.seat_names[seat], state.action_to_string(action), ", ".join(words)))
            state.apply_action(action)
        print("deal %d: returns %s\n" % (seed + 1, state.returns()))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "mendikot", int(sys.argv[2]) if len(sys.argv) > 2 else 3)
