#!/usr/bin/env python3
"""An outside agent for hukum (docs/agent-protocol.md), Python 3 standard library only.

Run it as a seat:  hukum play rulesets/mendikot/mendikot.yaml --seats "agent:python3 examples/agents/lowest_card_agent.py",random

It reads one JSON object per line on stdin and answers each "decide" (the
seat's observation and its legal actions) with one line {"action": "..."};
the other messages of hukum-agent/2 (start, deal, deal_result, match_result)
need no answer and are skipped. Its policy is deliberately simple: pass in an
auction, otherwise the first legal action in hukum's canonical order. For
cards that is the deck's order: in the bundled games the highest card of the
first suit it may play, despite the agent's name (kept: tests and docs name it).

--misbehave makes it answer badly on purpose (used by the tests): a line that
is not JSON, then an illegal action (a card it holds that it may not play now), then a well-formed answer from then on.
"""
import json
import sys


def choose(observation):
    legal = observation["legal"]
    if "pass" in legal:
        return "pass"
    return legal[0]


def illegal(observation):
    """A well-formed action that is not legal now (for --misbehave)."""
    legal = observation["legal"]
    for card in observation["hand"]:
        if card not in legal:
            return card
    return "pass" if "pass" not in legal else "bid 99999"


def main():
    misbehave = "--misbehave" in sys.argv[1:]
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") != "decide":
            continue
        decisions += 1
        if misbehave and decisions == 1:
            answer = "this is not json"
        elif misbehave and decisions == 2:
            answer = json.dumps({"action": illegal(message["observation"])})
        else:
            answer = json.dumps({"action": choose(message["observation"])})
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
