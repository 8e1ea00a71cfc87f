"""A small Monte Carlo tree search written in Python over hukum's clone and
resample: each iteration deals the unseen cards again from the deciding
seat's view (state.resample), picks a first action by UCB1, plays the rest
of the deal at random and credits the seat's deal returns. It plays only on
what its seat may know, like the engine's own ismcts bot.

    PYTHONPATH=build/python python3 python/examples/mcts.py mendikot 40 200
plays 40 deals twice on the same cards, this search (200 iterations) for N
and S against random E and W, then the other way round, and prints the mean
deal return of a searching seat and of a random one.
"""
import math
import random
import sys

import hukum


def mcts_action(state, iterations, rng):
    seat = state.current_seat()
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    visits = {a: 0 for a in actions}
    value = {a: 0.0 for a in actions}
    for i in range(iterations):
        world = state.resample(seat, rng.getrandbits(63))
        # UCB1 over the first action; every action is tried once first.
        untried = [a for a in actions if visits[a] == 0]
        if untried:
            action = rng.choice(untried)
        else:
            action = max(actions, key=lambda a: value[a] / visits[a] + 1.4 * math.sqrt(math.log(i) / visits[a]))
        world.apply_action(action)
        while not world.is_terminal():
            world.apply_action(rng.choice(world.legal_actions()))
        visits[action] += 1
        value[action] += world.deal_returns()[seat]
    return max(actions, key=lambda a: visits[a])


def play(game, seed, search_seats, iterations, rng):
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        if state.current_seat() in search_seats:
            state.apply_action(mcts_action(state, iterations, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.deal_returns()


def main(name="mendikot", deals=40, iterations=200):
    game = hukum.load(name)
    rng = random.Random(7)
    ours, theirs = [0, 2], [1, 3]
    search, randoms = 0.0, 0.0
    for seed in range(deals):
        # The same cards twice, the search on each side once (duplicate).
        for searching, playing_randomly in ((ours, theirs), (theirs, ours)):
            r = play(game, seed, searching, iterations, rng)
            search += sum(r[s] for s in searching) / 2
            randoms += sum(r[s] for s in playing_randomly) / 2
    print("%s, %d deals each way: search %.3f, random %.3f mean deal return per seat" %
          (game.name, deals, search / (2 * deals), randoms / (2 * deals)))
    return search / (2 * deals), randoms / (2 * deals)


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "mendikot", int(args[1]) if len(args) > 1 else 40, int(args[2]) if len(args) > 2 else 200)
