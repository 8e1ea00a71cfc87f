#!/usr/bin/python3
"""The HTML report of a hukum simulation or comparison.

Usage: report_html.py RESULT.json PAGE.html   (run by `hukum report` and `simulate --html`)

Reads a document written by `hukum simulate --json` or `hukum merge --json`
(format hukum-simulation), `simulate --against ... --json` (format
hukum-comparison: the verdict on top, then the differences B - A in panels of one unit each) or `simulate --seats ... --json` (format hukum-seats) and writes one self-contained HTML page: the charts are
matplotlib figures inlined as SVG, so the page opens offline and needs nothing
else. Every name in the page comes from a ruleset and is escaped.
"""
import html
import io
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

# Names come from rulesets and result files: text is drawn as written, never
# parsed as mathtext (a team name with two `$` used to end in a traceback).
plt.rcParams.update({"svg.hashsalt": "hukum", "figure.dpi": 96, "font.size": 10,
                     "axes.spines.top": False, "axes.spines.right": False,
                     "text.parse_math": False, "text.usetex": False,
                     # Text stays text in the SVG: the browser draws it, a reader can select it and a
                     # test can read the labels and figures a person sees.
                     "svg.fonttype": "none", "font.family": "DejaVu Sans"})
COLOURS = ["#3b6ea8", "#d0793b", "#4c9a5a", "#b64a4a", "#7d5ba6", "#8c6d46", "#c25b9b", "#6f6f6f"]
esc = html.escape


def svg_of(fig):
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def figure(name, title, fig, note=""):
    note_html = f"<figcaption>{esc(note)}</figcaption>" if note else ""
    return (f'<figure class="chart" data-chart="{esc(name)}"><h3>{esc(title)}</h3>'
            f"{svg_of(fig)}{note_html}</figure>")


def bars_with_intervals(labels, estimates, ylabel, percent=True, colours=None):
    """Bars at each estimate's value with its 95% interval as an error bar.

    An estimate of None (no data: a contract band nobody bid) is labelled
    "no data" and gets no bar."""
    k = 100 if percent else 1
    labels = [lab if e is not None else f"{lab}\n(no data)" for lab, e in zip(labels, estimates)]
    estimates = [e if e is not None else {"value": 0, "low": 0, "high": 0} for e in estimates]
    fig, ax = plt.subplots(figsize=(max(3.5, 0.9 * len(labels) + 1.5), 3))
    values = [k * e["value"] for e in estimates]
    lows = [k * (e["value"] - e["low"]) for e in estimates]
    highs = [k * (e["high"] - e["value"]) for e in estimates]
    ax.bar(range(len(labels)), values, yerr=[lows, highs], capsize=4,
           color=colours or [COLOURS[i % len(COLOURS)] for i in range(len(labels))])
    ax.set_xticks(range(len(labels)), labels, rotation=0 if len(labels) < 7 else 45)
    ax.set_ylabel(ylabel)
    return fig


def histogram(series, xlabel):
    """Side-by-side bars of several count histograms ({label: [[value, count], ...]}), as shares."""
    fig, ax = plt.subplots(figsize=(6.5, 3))
    n = max(1, len(series))
    width = 0.8 / n
    for i, (label, entries) in enumerate(series.items()):
        total = sum(c for _, c in entries) or 1
        xs = [v + (i - (n - 1) / 2) * width for v, _ in entries]
        ax.bar(xs, [100 * c / total for _, c in entries], width=width, label=label,
               color=COLOURS[i % len(COLOURS)])
    ax.set_xlabel(xlabel)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("% of deals")
    if n > 1:
        ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1, 1))
    return fig


def pct(e):
    if e is None:
        return "no data"
    return f'{100 * e["value"]:.2f}% [{100 * e["low"]:.2f}, {100 * e["high"]:.2f}]'


def mean(e):
    if e is None:
        return "no data"
    return f'{e["value"]:.3f} [{e["low"]:.3f}, {e["high"]:.3f}]'


def table(header, rows):
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{esc(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def run_title(doc):
    opts = ", ".join(f"{k}={v}" for k, v in doc["options"].items())
    seats = ", ".join(doc["seats"]) if doc.get("seats") else "random bots"
    return (f'{doc["ruleset"]} ({doc["file"]}; {opts}), {doc["report"]["deals"]} deals, seed {doc["seed"]}, '
            f'seats: {seats}')


def points(e):
    """An advantage (a difference of rates) in percentage points, as the text report prints it."""
    if e is None:
        return "no data"
    return f'{100 * e["value"]:+.1f} points [{100 * e["low"]:+.1f}, {100 * e["high"]:+.1f}]'


def plain(x, fmt="{:.2f}"):
    return "no data" if x is None else fmt.format(x)


def feel_table(r):
    """The game-feel measures (docs/simulation-report.md, Game feel) as one table; "" without them."""
    f = r.get("feel")
    if not f:
        return ""
    rows = []
    adv = f["advantage"]
    if "dealer" in adv:
        rows.append(["dealer advantage (deals won minus an even share)", points(adv["dealer"])])
    if "first_seat" in adv:
        rows.append(["first-seat advantage (dealer+1)", points(adv["first_seat"])])
    d = f["decisions"]
    rows.append(["decisions per deal", plain(d["per_deal"])])
    rows.append(["decisions with one legal answer", plain(d["one_legal_answer"] and 100 * d["one_legal_answer"], "{:.1f}%")])
    rows.append(["legal answers per decision (branching factor)", plain(d["branching_factor"])])
    m = f["matches"]
    rows.append(["matches tied", pct(m["tie_rate"])])
    if m.get("length"):
        ln = m["length"]
        rows.append(["match length in deals", f'shortest {ln["shortest"]}, median {ln["median"]}, '
                                                f'90% at most {ln["p90"]}, longest {ln["longest"]}'])
    rows.append(["lead changes per match", mean(m["lead_changes_per_match"])])
    rows.append(["comebacks: matches won from behind (drama)", pct(m["comeback_rate"])])
    rows.append(["decisiveness: share of deals the winner led for good", pct(m["decisiveness"])])
    return "<h3>Game feel</h3>" + table(["measure", "value [95% interval]"], rows)


def skill_table(doc):
    """The skill share of `simulate --skill` (session/reports/skill.h) as a table; "" without it."""
    k = doc.get("skill")
    if not k:
        return ""
    rows = [[f'score of a side played by {k["bot"]} (win 1, draw 1/2)', f'{100 * k["skilled_score"]:.1f}%'],
            ["score of the same side played by random bots, same deals", f'{100 * k["baseline_score"]:.1f}%'],
            ["skill edge (paired deal by deal)", points(k["edge"])],
            ["skill share: the edge over what random play left to win", pct(k["share"])]]
    return '<h3 id="skill">Skill</h3>' + table(["measure", "value [95% interval]"], rows)


def coverage_table(doc):
    """Rule coverage of `simulate --coverage` (session/reports/coverage.h) as a table; "" without it."""
    c = doc.get("coverage")
    if not c:
        return ""
    rows = []
    for r in c["rules"]:
        rate = f'{100 * r["fired"] / r["over"]:.1f}%' if r["over"] else "no data"
        rows.append([r["kind"], r["rule"], f'{r["fired"]} of {r["over"]} {r["unit"]}', rate])
    for o in c.get("options", []):
        judged = "not judged (no rule of its own)" if o["fired"] is None else ("fired" if o["fired"] else "never fired")
        rows.append(["option", f'{o["option"]}={o["value"]}', judged, "; ".join(o["rules"])])
    never = "; ".join(c["never_fired"]) or "none"
    return ('<h3 id="coverage">Rule coverage</h3>' + table(["kind", "rule", "fired", "rate"], rows) +
            f"<p>Never fired: {esc(never)}</p>")


def simulation_charts(doc, prefix=""):
    r = doc["report"]
    teams = list(r["teams"])
    parts = []
    parts.append(figure(prefix + "team-wins", "Deals won, per team or player (95% intervals)",
                        bars_with_intervals(teams, [r["teams"][t]["deal_win_rate"] for t in teams], "% of deals")))
    parts.append(figure(prefix + "dealer", "Deals won by the side of each seat, counted from the dealer",
                        bars_with_intervals([p["position"] for p in r["dealer_relative"]],
                                            [p["team_win_rate"] for p in r["dealer_relative"]], "% of deals"),
                        "dealer+1 is the first seat after the dealer in play order."))
    parts.append(figure(prefix + "game-points", "Game points per deal",
                        histogram(r["distributions"]["game_points"], "game points in a deal")))
    parts.append(figure(prefix + "points", "Card points per deal",
                        histogram(r["distributions"]["points"], "points in a deal")))
    if "tricks" in r["distributions"]:
        parts.append(figure(prefix + "tricks", "Tricks per deal",
                            histogram(r["distributions"]["tricks"], "tricks in a deal")))
    results = r["results"]
    if len(results) > 1:
        names = list(results)
        parts.append(figure(prefix + "results", "Named results (95% intervals)",
                            bars_with_intervals(names, [results[n]["rate"] for n in names], "% of deals")))
    if r["distributions"]["match_length"] and doc["match"]["deals"] == 0:
        parts.append(figure(prefix + "match-length", "Deals per match",
                            histogram({"matches": r["distributions"]["match_length"]}, "deals")))
    if "contracts" in r and r["contracts"]["bands"]:
        bands = r["contracts"]["bands"]
        parts.append(figure(prefix + "contracts", "Contracts made, by bid band (95% intervals)",
                            bars_with_intervals([b["contracts"] for b in bands], [b["made_rate"] for b in bands],
                                                "% made")))
    rows = []
    for t in teams:
        e = r["teams"][t]
        row = [t, pct(e["deal_win_rate"]), mean(e["game_points_per_deal"]), mean(e["points_per_deal"])]
        header = ["", "deals won", "game points per deal", "points per deal"]
        for key in ("tricks_per_deal", "bonus_per_deal"):
            if key in e:
                row.append(mean(e[key]))
                header.append(key.replace("_", " "))
        if "threshold_met_rate" in e:
            row.append(pct(e["threshold_met_rate"]))
            header.append("threshold met")
        rows.append(row)
    parts.append(table(header, rows))
    parts.append(feel_table(r))
    parts.append(skill_table(doc))
    parts.append(coverage_table(doc))
    return "\n".join(parts)


def signed(x, dp=3):
    return f"{x:+.{dp}f}"


def difference_text(d):
    """B - A and its interval as the text report prints it: rates in percentage points."""
    k = 100 if d["kind"] == "rate" else 1
    e = d["difference"]
    return f'{signed(k * e["value"])} [{signed(k * e["low"])}, {signed(k * e["high"])}]'


def level_text(d, x):
    """A or B's value as the text report prints it: rates in percent."""
    return f"{100 * x:.3f}%" if d["kind"] == "rate" else f"{x:.3f}"


def certainty(d):
    """clear (p < 0.001, as the verdict says), marked (5% only) or none."""
    if not d["significant"]:
        return "none"
    return "clear" if d["p_value"] < 0.001 else "marked"


CERTAINTY_COLOUR = {"clear": "#b64a4a", "marked": "#d0793b", "none": "#3b6ea8"}
PANELS = [  # (name, title, kind, over, axis label)
    ("deal-rates", "Rates over deals", "rate", "deals", "B - A, percentage points"),
    ("deal-means", "Means per deal", "mean", "deals", "B - A, in each figure's own unit"),
    ("match-rates", "Rates over matches", "rate", "matches", "B - A, percentage points"),
    ("match-means", "Match length and course", "mean", "matches", "B - A, in each figure's own unit"),
]


def difference_panel(rows, xlabel):
    """Each difference as a dot with its 95% interval, one row each, the axis zoomed
    to the intervals (and 0, the line of no change); B - A written at the right."""
    fig, ax = plt.subplots(figsize=(6.2, 0.34 * len(rows) + 0.9))
    ys = list(range(len(rows)))[::-1]
    lo, hi = 0.0, 0.0
    for y, d in zip(ys, rows):
        k = 100 if d["kind"] == "rate" else 1
        e = d["difference"]
        lo, hi = min(lo, k * e["low"]), max(hi, k * e["high"])
        ax.errorbar([k * e["value"]], [y], xerr=[[k * (e["value"] - e["low"])], [k * (e["high"] - e["value"])]],
                    fmt="o", color=CERTAINTY_COLOUR[certainty(d)], capsize=3)
        ax.text(1.02, y, difference_text(d), transform=ax.get_yaxis_transform(), va="center", fontsize=9)
    pad = 0.08 * (hi - lo) or 1.0
    ax.set_xlim(lo - pad, hi + pad)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.axvline(0, color="#888", linewidth=0.8)
    ax.set_yticks(ys, [d["figure"] + ("" if d["method"] == "paired" else " *") for d in rows])
    ax.set_xlabel(xlabel)
    return fig


def ab_panel(teams, a, b):
    """Each team's deal win rate under A and under B, dots with 95% intervals, zoomed to them."""
    fig, ax = plt.subplots(figsize=(5, 0.5 * len(teams) + 1))
    for i, (label, r) in enumerate((("A", a), ("B", b))):
        es = [r["teams"][t]["deal_win_rate"] for t in teams]
        ys = [len(teams) - 1 - j + (0.15 if i == 0 else -0.15) for j in range(len(teams))]
        ax.errorbar([100 * e["value"] for e in es], ys, fmt="o", color=COLOURS[i], capsize=3, label=label,
                    xerr=[[100 * (e["value"] - e["low"]) for e in es], [100 * (e["high"] - e["value"]) for e in es]])
    ax.set_yticks(range(len(teams))[::-1], teams)
    ax.set_xlabel("deals won, %")
    ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1, 1))
    return fig


def verdict_html(doc):
    """The one-line verdict the text report prints first (session/reports/verdict.h), or ""."""
    v = doc.get("verdict")
    return f'<p class="verdict" id="verdict">{esc(v["text"])}</p>' if v else ""


def comparison_charts(doc):
    """The comparison read at a glance: the verdict, then the differences in panels of
    one unit each (repeats left out), then the table with the text report's units."""
    diffs = doc["differences"]
    shown = [d for d in diffs if not d.get("repeats")]
    parts = []
    for name, title, kind, over, xlabel in PANELS:
        rows = [d for d in shown if d["kind"] == kind and d.get("over", "deals") == over]
        if not rows:
            continue
        names = json.dumps([d["figure"] for d in rows])
        html_fig = figure(name, f"{title}: B - A with 95% intervals", difference_panel(rows, xlabel),
                          "Red: a clear change (p < 0.001); orange: marked at 5% only, check another --seed; "
                          "blue: no change shown (the interval holds 0). * compared as independent samples, "
                          "the others paired deal by deal.")
        parts.append(html_fig.replace("<figure ", f'<figure data-figures="{esc(names)}" ', 1))
    a, b = doc["a"]["report"], doc["b"]["report"]
    teams = [t for t in a["teams"] if t in b["teams"]]
    if teams:
        parts.append(figure("team-wins-ab", "Deals won under A and B (95% intervals)", ab_panel(teams, a, b)))
    gp = {}
    for label, r in (("A", a), ("B", b)):
        for t, entries in r["distributions"]["game_points"].items():
            gp[f"{label} {t}"] = entries
    parts.append(figure("game-points-ab", "Game points per deal under A and B", histogram(gp, "game points in a deal")))
    head = "".join(f"<th>{h}</th>" for h in ("figure", "A", "B", "B - A [95% interval]", "p", "method", "change"))
    body = "".join(
        f'<tr data-figure="{esc(d["figure"])}"><td>{esc(d["figure"])}</td><td>{level_text(d, d["a"])}</td>'
        f'<td>{level_text(d, d["b"])}</td><td>{difference_text(d)}</td><td>{d["p_value"]:.3g}</td>'
        f'<td>{d["method"]}</td><td>{certainty(d)}</td></tr>' for d in shown)
    parts.append("<p>Rates in percent, their differences in percentage points, as in the text report.</p>"
                 f'<table class="differences"><tr>{head}</tr>{body}</table>')
    repeated = [f'{d["figure"]} ({d["repeats"]})' for d in diffs if d.get("repeats")]
    if repeated:
        parts.append('<p class="repeats">Left out, as they repeat a figure above exactly or as its mirror: '
                     f'{esc(", ".join(repeated))}.</p>')
    if doc.get("no_data"):
        parts.append(f'<p class="no-data">No data in A or B: {esc(", ".join(doc["no_data"]))}.</p>')
    return "\n".join(parts)


def seats_charts(doc):
    """A seat-kind match: deal wins and margins per kind with 95% intervals, decision times, contracts."""
    kinds = doc["kinds"]
    labels = [k["kind"] for k in kinds]
    parts = []
    if kinds:
        ests = [{"value": k["deal_wins"]["value"], "low": k["deal_wins"]["low"], "high": k["deal_wins"]["high"]}
                for k in kinds]
        parts.append(figure("kind-wins", "Deals won per seat kind (95% intervals)",
                            bars_with_intervals(labels, ests, "% of deals won")))
        parts.append(figure("kind-margin", "Game-point margin per seat and deal (95% intervals)",
                            bars_with_intervals(labels, [k["game_point_margin"] for k in kinds],
                                                "game points", percent=False)))
    rows = [[k["kind"], k["seats_held"], pct(k["deal_wins"]), pct(k["seat_wins"]) if "seat_wins" in k else "",
             mean(k["game_point_margin"]),
             mean(k["card_point_margin"]), k["decisions"],
             *(f'{k["decision_ms"][q]:.2f}' for q in ("p50", "p90", "p99", "max"))] for k in kinds]
    parts.append(table(["kind", "seats", "deals won", "seats' wins", "game-point margin", "card-point margin", "decisions",
                        "p50 ms", "p90 ms", "p99 ms", "max ms"], rows))
    d = doc.get("seat_win_difference")
    if d and len(kinds) == 2:
        parts.append(f'<p>Seat wins, {esc(labels[0])} less {esc(labels[1])}, paired by deal: '
                     f'{100 * d["value"]:+.1f} points [{100 * d["low"]:+.1f}, {100 * d["high"]:+.1f}]</p>')
    c = doc.get("contracts")
    if c:
        parts.append(f'<p>Contracts: {c["contracts"]} in {c["plays"]} plays, made {esc(pct(c["made_rate"]))}</p>')
    if doc.get("errors"):
        parts.append(f'<p>Errors: {doc["errors"]}, first: {esc(doc.get("first_error", ""))}</p>')
    return "\n".join(parts)


STYLE = """body{font-family:sans-serif;max-width:1100px;margin:1.5em auto;padding:0 1em;color:#222}
figure.chart{display:inline-block;vertical-align:top;margin:0.6em;border:1px solid #ddd;padding:0.4em}
figure.chart svg{max-width:100%;height:auto}
figure.chart h3{font-size:1em;margin:0.2em 0} figcaption{font-size:0.85em;color:#555}
p.verdict{font-size:1.15em;font-weight:bold;background:#f6f3e8;padding:0.6em;border-left:4px solid #b64a4a}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:0.2em 0.5em;font-size:0.9em}"""


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: report_html.py RESULT.json PAGE.html")
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("format") == "hukum-comparison":
        title = "Comparison: " + doc["a"]["ruleset"] + " (A) and " + doc["b"]["ruleset"] + " (B)"
        body = (verdict_html(doc) + f"<p>A: {esc(run_title(doc['a']))}<br>B: {esc(run_title(doc['b']))}</p>"
                + comparison_charts(doc) + "<h2>A</h2>" + simulation_charts(doc["a"], "a-")
                + "<h2>B</h2>" + simulation_charts(doc["b"], "b-"))
    elif doc.get("format") == "hukum-seats":
        title = "Seat kinds: " + doc["ruleset"]
        opts = ", ".join(f"{k}={v}" for k, v in doc["options"].items())
        rot = f' x {doc["rotations"]} rotations (duplicate)' if doc["rotations"] > 1 else ""
        body = (f'<p>{esc(doc["ruleset"])} ({esc(doc["file"])}; {esc(opts)}), {doc["deals"]} deals{rot}, '
                f'seed {doc["seed"]}, seats: {esc(", ".join(doc["seats"]))}</p>' + seats_charts(doc))
    else:
        title = "Simulation: " + doc["ruleset"]
        body = f"<p>{esc(run_title(doc))}</p>" + simulation_charts(doc)
    page = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>'
            f"<style>{STYLE}</style></head><body><h1>{esc(title)}</h1>{body}"
            "<p><small>Written by hukum (scripts/report_html.py, matplotlib).</small></p></body></html>\n")
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()
