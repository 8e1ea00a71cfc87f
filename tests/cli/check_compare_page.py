#!/usr/bin/python3
"""Checks a comparison page as Chromium shows it against the comparison's JSON.

Usage: check_compare_page.py PAGE.dom CMP.json   (run by tests/cli/report_test.sh)

PAGE.dom is `chromium --dump-dom` of the page that `hukum report` or
`simulate --html` wrote for CMP.json. What a reader sees must be what the
JSON says: the verdict line on top, with the numbers of the figures it names;
every figure that does not repeat another in exactly one chart panel, whose
rows are of one unit (rates or means) and one level (deals or matches), with
B - A written beside it as the text report prints it; the same figures in the
table, rates in percent; repeats left out; "no data" figures named. Prints
every mismatch and what it checked; exits 1 when there was a mismatch.
"""
import json
import re
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    """The verdict, the panels (their figure lists and SVG texts), table rows and notes."""

    def __init__(self):
        super().__init__()
        self.verdict = None
        self.panels = []  # (chart name, [figures], [svg texts])
        self.rows = {}    # figure -> [cell texts]
        self.notes = {}   # class -> text
        self.stack = []
        self.text_into = None
        self.in_svg_text = False
        self.row = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "p" and a.get("class") in ("verdict", "repeats", "no-data"):
            self.text_into = a["class"]
            self.notes[self.text_into] = ""
        if tag == "figure" and "data-figures" in a:
            self.panels.append((a["data-chart"], json.loads(a["data-figures"]), []))
            self.stack.append("panel")
        elif tag == "figure":
            self.stack.append("figure")
        if tag == "text" and self.stack and self.stack[-1] == "panel":
            self.panels[-1][2].append("")
            self.in_svg_text = True
        if tag == "tr" and "data-figure" in a:
            self.row = a["data-figure"]
            self.rows[self.row] = []
        if tag == "td" and self.row is not None:
            self.rows[self.row].append("")

    def handle_endtag(self, tag):
        if tag == "text":
            self.in_svg_text = False
        if tag == "figure" and self.stack:
            self.stack.pop()
        if tag == "p":
            self.text_into = None
        if tag == "tr":
            self.row = None

    def handle_data(self, data):
        if self.text_into:
            self.notes[self.text_into] += data
        if self.in_svg_text:
            self.panels[-1][2][-1] += data
        if self.row is not None and self.rows[self.row] and self.lasttag == "td":
            self.rows[self.row][-1] += data


def pp(d):
    k = 100 if d["kind"] == "rate" else 1
    e = d["difference"]
    return f'{k * e["value"]:+.3f} [{k * e["low"]:+.3f}, {k * e["high"]:+.3f}]'


def level(d, x):
    return f"{100 * x:.3f}%" if d["kind"] == "rate" else f"{x:.3f}"


def main():
    dom, doc = sys.argv[1], json.load(open(sys.argv[2], encoding="utf-8"))
    page = Page()
    page.feed(open(dom, encoding="utf-8").read())
    problems = []

    def want(ok, what):
        if not ok:
            problems.append(what)

    diffs = doc["differences"]
    shown = [d for d in diffs if not d.get("repeats")]
    by_name = {d["figure"]: d for d in diffs}
    # The verdict, word for word, and it names the clearest changes.
    want(page.notes.get("verdict") == doc["verdict"]["text"],
         f'verdict: page {page.notes.get("verdict")!r}, JSON {doc["verdict"]["text"]!r}')
    clear = [d for d in shown if d["significant"] and d["p_value"] < 0.001]
    width = lambda d: d["difference"]["high"] - d["difference"]["low"]  # noqa: E731
    clear.sort(key=lambda d: -abs(d["difference"]["value"]) / width(d) if width(d) > 0 else float("-inf"))
    want(doc["verdict"]["clear"] == [d["figure"] for d in clear[:2]],
         f'verdict names {doc["verdict"]["clear"]}, the clearest are {[d["figure"] for d in clear[:2]]}')
    want(("no clear change" in doc["verdict"]["text"]) == (not clear), "'no clear change' iff nothing is clear")
    for name in doc["verdict"]["clear"] + doc["verdict"]["marked"]:
        # "NS match win rate 24.0% to 56.0%, +32.0 percentage points [+12.8, +48.1]": the JSON's
        # figures, in percent for rates, to the decimals shown.
        d = by_name[name]
        m = re.search(re.escape(name) + r" ([0-9.]+)%? to ([0-9.]+)%?, ([+-][0-9.]+)(?: percentage points)? "
                      r"\[([+-][0-9.]+), ([+-][0-9.]+)\]", page.notes.get("verdict", ""))
        want(m is not None, f"the verdict gives {name} as A to B, B - A [interval]")
        if m:
            k = 100 if d["kind"] == "rate" else 1
            e = d["difference"]
            for printed, exact in zip(m.groups(), (d["a"], d["b"], e["value"], e["low"], e["high"])):
                half = 0.5 * 10 ** -len(printed.split(".")[1]) if "." in printed else 0.5
                want(abs(float(printed) - k * exact) <= half + 1e-6, f"the verdict's {name}: {printed} for {k * exact}")
    # The panels: each shown figure once, one unit and level a panel, B - A beside it.
    seen = []
    for chart, figures, texts in page.panels:
        seen += figures
        kinds = {(by_name[f]["kind"], by_name[f].get("over")) for f in figures}
        want(len(kinds) == 1, f"panel {chart} mixes {kinds}")
        for f in figures:
            label = f if by_name[f]["method"] == "paired" else f + " *"
            want(label in texts, f"panel {chart} has no label {label!r}")
            want(pp(by_name[f]) in texts, f"panel {chart} does not show {f}'s B - A {pp(by_name[f])}")
        want(not any("(points)" in t for t in texts), f"panel {chart} says (points)")
    want(sorted(seen) == sorted(d["figure"] for d in shown),
         f"panels show {sorted(seen)}, expected {sorted(d['figure'] for d in shown)}")
    # The table: the text report's units.
    want(sorted(page.rows) == sorted(d["figure"] for d in shown), "the table's rows are the shown figures")
    for d in shown:
        cells = page.rows.get(d["figure"], [])
        expect = [d["figure"], level(d, d["a"]), level(d, d["b"]), pp(d)]
        want(cells[:4] == expect, f"table row {cells[:4]}, expected {expect}")
    repeated = [d for d in diffs if d.get("repeats")]
    for d in repeated:
        want(f'{d["figure"]} ({d["repeats"]})' in page.notes.get("repeats", ""), f'{d["figure"]} is named as a repeat')
    for name in doc.get("no_data", []):
        want(name in page.notes.get("no-data", ""), f"{name} is named as no data")
    for p in problems:
        print("MISMATCH", p)
    print(f"{len(page.panels)} panels, {len(seen)} figures, {len(repeated)} repeats left out, "
          f"{len(doc.get('no_data', []))} without data; verdict: {page.notes.get('verdict')}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
