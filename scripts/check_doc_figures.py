#!/usr/bin/python3
"""Checks that the figures a document prints are what its commands print today.

Usage: check_doc_figures.py [--figures-only] HUKUM REPO_DIR DOC.md...   (run by tests/cli/report_test.sh)

A fenced block whose first line is `$ hukum ...` (continued with a trailing
backslash, as in a shell) is a command and its output: the command is run from
REPO_DIR with HUKUM for `hukum`, and every other line of the block must be in
its output, in order. A line `...` stands for lines left out; a `...` inside a
line for text left out of that line (the parts around it must appear in that
order on one output line). A block without `$ hukum` is not checked. Exits 1
and names the document, the block's line and the first line that no longer
matches, so a figure in the docs cannot drift from what hukum prints.

A tutorial that has the reader write a file ("Create `rulesets/x/y.yaml`:"
then a fenced block) gets it: the commands of such a document run in a
scratch copy of the repository's rulesets (the rest linked), with the file
written there, so the examples that use it are checked too and the
repository is left as it was.

--figures-only checks only the blocks whose command prints figures
(`hukum simulate`, `hukum merge`), so that every document can be given: the
others (a game played, a benchmark's timings, a list of commands without
their output) are left to their own tests.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


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


def created_files(path):
    """{relative path: text} of the files a document tells its reader to create."""
    lines = open(path, encoding="utf-8").read().split("\n")
    files = {}
    for i, line in enumerate(lines):
        m = re.fullmatch(r"Create `([^`]+)`:", line.strip())
        if m and i + 2 < len(lines) and lines[i + 2].startswith("```"):
            end = next(k for k in range(i + 3, len(lines)) if lines[k].startswith("```"))
            files[m.group(1)] = "\n".join(lines[i + 3:end]) + "\n"
    return files


def scratch_repo(repo, files, into):
    """A directory like the repository: its rulesets copied, the rest linked, and `files` written."""
    for entry in os.listdir(repo):
        if entry == "rulesets":
            shutil.copytree(os.path.join(repo, entry), os.path.join(into, entry))
        else:
            os.symlink(os.path.join(repo, entry), os.path.join(into, entry))
    for rel, text in files.items():
        if not rel.startswith("rulesets/") or ".." in rel.split("/"):
            sys.exit(f"check_doc_figures.py: will only create files under rulesets/, not {rel}")
        os.makedirs(os.path.dirname(os.path.join(into, rel)), exist_ok=True)
        with open(os.path.join(into, rel), "w", encoding="utf-8") as f:
            f.write(text)
    return into


FIGURE_COMMANDS = ("simulate", "merge")


def prints_figures(command):
    words = command.split()
    return len(words) > 1 and words[1] in FIGURE_COMMANDS


def check(hukum, repo, path, figures_only=False):
    files = created_files(path)
    if files:
        with tempfile.TemporaryDirectory() as scratch:
            return check_in(hukum, scratch_repo(os.path.abspath(repo), files, scratch), path, figures_only)
    return check_in(hukum, repo, path, figures_only)


def check_in(hukum, repo, path, figures_only):
    problems = 0
    for number, command, expected in blocks(path):
        if figures_only and not prints_figures(command):
            continue
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
    args = sys.argv[1:]
    figures_only = bool(args) and args[0] == "--figures-only"
    if figures_only:
        args = args[1:]
    if len(args) < 3:
        sys.exit("usage: check_doc_figures.py [--figures-only] HUKUM REPO_DIR DOC.md...")
    hukum, repo, docs = args[0], args[1], args[2:]
    problems = sum(check(hukum, repo, doc, figures_only) for doc in docs)
    count = sum(1 for doc in docs for _, command, _ in blocks(doc) if not figures_only or prints_figures(command))
    print(f"{count} command block(s) checked, {problems} drifted")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
