#!/usr/bin/env python3
"""Test agent: answers the first decision with a 3 MB line, the others with
100 KB of garbage each (a flood of refusals); argv[1] == "good-after" makes
it answer well after the long line."""
import sys

good_after = sys.argv[1:] == ["good-after"]
decisions = 0
for line in sys.stdin.buffer:
    if b'"type":"decide"' not in line[:64]:
        continue
    decisions += 1
    if decisions == 1:
        sys.stdout.buffer.write(b"x" * 3_000_000 + b"\n")
    elif good_after:
        sys.stdout.buffer.write(b'{"id": 0}\n')
    else:
        sys.stdout.buffer.write(b"y" * 100_000 + b"\n")
    sys.stdout.buffer.flush()
