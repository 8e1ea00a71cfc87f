"""The examples of docs/python.md run, and say what the docs say they do."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))

import mcts  # noqa: E402
import random_agent  # noqa: E402
import train_sketch  # noqa: E402


def test_random_agent_plays(capsys):
    random_agent.main("hearts", 1)
    assert "deal 1: returns" in capsys.readouterr().out


def test_the_python_search_beats_random_play():
    search, randoms = mcts.main("mendikot", 12, 60)
    assert search > randoms


def test_the_training_sketch_runs():
    weights = train_sketch.main("mendikot", 60, size=16)
    assert weights.any()
