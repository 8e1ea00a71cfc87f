#!/usr/bin/env python3
"""Test agent: answers every decision with bytes that are not UTF-8."""
import sys

for line in sys.stdin.buffer:
    if b'"type":"decide"' in line[:64]:
        sys.stdout.buffer.write(b'{"action": "\xff\xfe\xc0"}\n')
        sys.stdout.buffer.flush()
