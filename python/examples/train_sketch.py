"""A training-loop sketch on the batch environment: a linear softmax policy
over the observation array, masked to the legal actions, trained by
REINFORCE on the deal's return for the seat that acted. Not a strong
learner: it shows where observations, masks, actions and returns come from.

    PYTHONPATH=build/python python3 python/examples/train_sketch.py mendikot 200
"""
import sys

import numpy as np

import hukum


def main(name="mendikot", updates=200, size=64, lr=1e-3, seed=1):
    env = hukum.BatchEnv(name, size=size, seed=seed)
    game = env.game
    rng = np.random.default_rng(seed)
    weights = np.zeros((game.observation_size, game.num_distinct_actions), dtype=np.float32)
    # Per game of the batch: the (observation, action, seat) steps of its running deal.
    episodes = [[] for _ in range(size)]
    finished_returns = []
    for update in range(updates):
        obs, mask, seats = env.observations(), env.legal_mask(), env.current_seats()
        logits = obs @ weights
        logits[~mask] = -np.inf
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        actions = np.array([rng.choice(len(p), p=p) for p in probs])
        for i in range(size):
            episodes[i].append((obs[i], probs[i], actions[i], seats[i]))
        done, returns = env.step(actions)
        grad = np.zeros_like(weights)
        for i in np.flatnonzero(done):
            for o, p, a, s in episodes[i]:
                # d log softmax(a) / d logits = onehot(a) - p; the return is the acting seat's.
                g = -p
                g[a] += 1.0
                grad += np.outer(o, np.nan_to_num(g)) * returns[i, s]
            finished_returns.append(returns[i].mean())
            episodes[i] = []
        weights += lr * grad / size
        if (update + 1) % 50 == 0:
            print("update %d: %d games finished" % (update + 1, len(finished_returns)))
    return weights


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "mendikot", int(sys.argv[2]) if len(sys.argv) > 2 else 200)
