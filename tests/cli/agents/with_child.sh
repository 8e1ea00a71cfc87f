#!/bin/sh
# Test agent: starts a child that keeps the agent's pipes open and would live
# for 5 minutes (its pid in $CHILD), floods stderr, then answers with the
# first legal action.
sleep 300 &
echo $! >"$CHILD"
head -c 2000000 /dev/zero | tr '\0' 'e' >&2
exec python3 "$(dirname "$0")/../../../examples/agents/first_legal_agent.py"
