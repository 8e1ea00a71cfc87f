#!/usr/bin/env python3
"""The smallest outside agent for hukum (docs/agent-protocol.md, hukum-agent/2).

Answers every `decide` with the id of the first legal action and ignores the
other messages (start, deal, deal_result, match_result). It is the agent of
the protocol's speed figure:

    hukum simulate mendikot --seats "agent:python3 examples/agents/first_legal_agent.py",random,random,random --deals 2000

Python 3 standard library only. It does not parse the observation: a line
that is not a decision is skipped by looking at its type field alone.
"""
import sys

ANSWER = b'{"id": 0}\n'


def main():
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    for line in stdin:
        # hukum writes "type" right after "protocol": no JSON parse is needed
        # to tell a decision from the messages that need no answer.
        if b'"type":"decide"' in line[:64]:
            stdout.write(ANSWER)
            stdout.flush()


if __name__ == "__main__":
    main()
