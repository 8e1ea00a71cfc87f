#!/usr/bin/env python3
"""Test agent: appends every message it receives to the file $RECORD (one per
line, as received) and its pid to $RECORD.pids once; answers each decision
with the id of the last legal action (an answer by id, not by text)."""
import json
import os
import sys

record = os.environ["RECORD"]
with open(record + ".pids", "a") as f:
    f.write(f"{os.getpid()}\n")
with open(record, "a") as out:
    for line in sys.stdin:
        out.write(line)
        message = json.loads(line)
        if message["type"] == "decide":
            sys.stdout.write(json.dumps({"id": message["legal_ids"][-1]}) + "\n")
            sys.stdout.flush()
