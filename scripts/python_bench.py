#!/usr/bin/env python3
"""Deals per second of the Python module, measured in one run beside
`hukum bench` on the same ruleset (docs/python.md, "Speed"):
  - a Python loop of random actions (legal_actions, random.choice, apply_action);
  - the batch environment with the engine's random player (step_random);
  - the batch environment with actions chosen in numpy from the legal masks.
Usage (after a Release build):
  PYTHONPATH=build/python python3 scripts/python_bench.py [GAME] [--seconds S] [-o key=value ...]
"""
import argparse
import os
import platform
import random
import re
import subprocess
import time

import numpy as np

import hukum


def rate(run, seconds):
    start, deals = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        deals += run()
    return deals / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="mendikot")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("-o", dest="options", action="append", default=[])
    ap.add_argument("--hukum", default=os.environ.get("HUKUM_BIN", "build/interpreter/hukum"))
    a = ap.parse_args()
    options = dict(o.split("=", 1) for o in a.options)
    game = hukum.load(a.game, options=options)
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print("ruleset: %s %s" % (game.name, " ".join("%s=%s" % kv for kv in sorted(options.items()))))
    print("machine: %s, %d cores; Python %s" % (cpu, os.cpu_count(), platform.python_version()))

    args = [a.hukum, "bench", game.path, "--deals", "100000"] + sum((["-o", o] for o in a.options), [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    engine = float(re.search(r"deals_per_second: *([0-9.]+)", out).group(1))
    print("hukum bench (C++ random players):        %9.0f deals/s" % engine)

    rng = random.Random(1)
    seeds = iter(range(10 ** 9))

    def python_deal():
        state = game.new_initial_state(seed=next(seeds))
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return 1

    loop = rate(python_deal, a.seconds)
    print("Python loop of random actions:           %9.0f deals/s  (%.3f of hukum bench)" % (loop, loop / engine))

    env = hukum.BatchEnv(game, size=a.batch, seed=1)
    start, t0 = env.deals_finished, time.perf_counter()
    while time.perf_counter() - t0 < a.seconds:
        env.step_random()
    batch = (env.deals_finished - start) / (time.perf_counter() - t0)
    print("BatchEnv(%d).step_random():             %9.0f deals/s  (%.3f of hukum bench)" % (a.batch, batch, batch / engine))

    env = hukum.BatchEnv(game, size=a.batch, seed=2)
    npr = np.random.default_rng(3)
    start, t0 = env.deals_finished, time.perf_counter()
    while time.perf_counter() - t0 < a.seconds:
        mask = env.legal_mask()
        env.step(np.argmax(npr.random(mask.shape) * mask, axis=1))
    chosen = (env.deals_finished - start) / (time.perf_counter() - t0)
    print("BatchEnv(%d).step(numpy's choices):      %9.0f deals/s  (%.3f of hukum bench)" % (a.batch, chosen, chosen / engine))


if __name__ == "__main__":
    main()
