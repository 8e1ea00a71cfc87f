#!/usr/bin/python3
"""Checks that the figures a document prints are what its commands print today.

Usage: check_doc_figures.py HUKUM REPO_DIR DOC.md...   (run by tests/cli/report_test.sh)

A fenced block whose first line is `$ hukum ...` (continued with a trailing
backslash, as in a shell) is a command and its output: the command is run from
REPO_DIR with HUKUM for `hukum`, and every other line of the block must be in
its output, in order. A line `...` stands for lines left out; a `...` inside a
line for text left out of that line (the parts around it must appear in that
order on one output line). A block without `$ hukum` is not checked. Exits 1
and names the document, the block's line and the first line that no longer
matches, so a figure in the docs cannot drift from what hukum prints.
"""
import re
import shlex
import subprocess
import sys


def blocks(path):
    """(line number, command, expected lines) for each checked block of a document."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("```") and i + 1 < len(lines) and lines[i + 1].startswith("$ hukum "):
            start = i + 1
            j = start
            command = lines[j][2:]
            while command.endswith("\\"):
                j += 1
                command = command[:-1] + " " + lines[j].strip()
            k = j + 1
            expected = []
            while not lines[k].startswith("```"):
                expected.append(lines[k])
                k += 1
            yield start + 1, command, expected
            i = k
        i += 1


def line_matches(pattern, line):
    """A doc line against an output line: exact, or its `...`-separated parts in order."""
    pattern, line = pattern.rstrip(), line.rstrip()
    if "..." not in pattern:
        return pattern == line
    parts = [re.escape(p) for p in pattern.split("...")]
    return re.fullmatch(".*".join(parts), line) is not None


def check(hukum, repo, path):
    problems = 0
    for number, command, expected in blocks(path):
        argv = shlex.split(command)
        argv[0] = hukum
        out = subprocess.run(argv, cwd=repo, capture_output=True, text=True, check=False).stdout.split("\n")
        at = 0
        for want in expected:
            if want.strip() == "...":
                continue
            while at < len(out) and not line_matches(want, out[at]):
                at += 1
            if at == len(out):
                print(f"{path}:{number}: `{command}` no longer prints (in this order):\n    {want}")
                problems += 1
                break
            at += 1
    return problems


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: check_doc_figures.py HUKUM REPO_DIR DOC.md...")
    hukum, repo = sys.argv[1], sys.argv[2]
    problems = sum(check(hukum, repo, doc) for doc in sys.argv[3:])
    count = sum(len(list(blocks(doc))) for doc in sys.argv[3:])
    print(f"{count} command block(s) checked, {problems} drifted")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
