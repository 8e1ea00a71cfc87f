#!/usr/bin/python3
"""The HTML report of a hukum simulation or comparison.

Usage: report_html.py RESULT.json PAGE.html   (run by `hukum report` and `simulate --html`)

Reads a document written by `hukum simulate --json` or `hukum merge --json`
(format hukum-simulation), `simulate --against ... --json` (format
hukum-comparison) or `simulate --seats ... --json` (format hukum-seats) and writes one self-contained HTML page: the charts are
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
                     "text.parse_math": False, "text.usetex": False})
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
    return "\n".join(parts)


def comparison_charts(doc):
    diffs = doc["differences"]
    parts = []
    if diffs:
        fig, ax = plt.subplots(figsize=(7.5, 0.32 * len(diffs) + 1))
        ys = list(range(len(diffs)))[::-1]
        for y, d in zip(ys, diffs):
            k = 100 if d["kind"] == "rate" else 1
            e = d["difference"]
            colour = COLOURS[3] if d["significant"] else COLOURS[0]
            ax.errorbar([k * e["value"]], [y], xerr=[[k * (e["value"] - e["low"])], [k * (e["high"] - e["value"])]],
                        fmt="o", color=colour, capsize=3)
        ax.axvline(0, color="#888", linewidth=0.8)
        ax.set_yticks(ys, [d["figure"] + (" (points)" if d["kind"] == "rate" else "") for d in diffs])
        ax.set_xlabel("B - A (percentage points for rates)")
        parts.append(figure("differences", "Differences B - A with 95% intervals (red: significant)", fig))
    a, b = doc["a"]["report"], doc["b"]["report"]
    teams = [t for t in a["teams"] if t in b["teams"]]
    if teams:
        fig, ax = plt.subplots(figsize=(5, 3))
        for i, (label, r) in enumerate((("A", a), ("B", b))):
            es = [r["teams"][t]["deal_win_rate"] for t in teams]
            xs = [j + (i - 0.5) * 0.38 for j in range(len(teams))]
            ax.bar(xs, [100 * e["value"] for e in es], width=0.38, label=label, color=COLOURS[i],
                   yerr=[[100 * (e["value"] - e["low"]) for e in es], [100 * (e["high"] - e["value"]) for e in es]],
                   capsize=4)
        ax.set_xticks(range(len(teams)), teams)
        ax.set_ylabel("% of deals won")
        ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1, 1))
        parts.append(figure("team-wins-ab", "Deals won under A and B (95% intervals)", fig))
    gp = {}
    for label, r in (("A", a), ("B", b)):
        for t, entries in r["distributions"]["game_points"].items():
            gp[f"{label} {t}"] = entries
    parts.append(figure("game-points-ab", "Game points per deal under A and B", histogram(gp, "game points in a deal")))
    rows = [[d["figure"], d["a"], d["b"], f'{d["difference"]["value"]:+.6f}',
             f'[{d["difference"]["low"]:+.6f}, {d["difference"]["high"]:+.6f}]', f'{d["p_value"]:.3g}',
             "yes" if d["significant"] else "no"] for d in diffs]
    parts.append(table(["figure", "A", "B", "B - A", "95% interval", "p", "significant"], rows))
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
figure.chart h3{font-size:1em;margin:0.2em 0} figcaption{font-size:0.85em;color:#555}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:0.2em 0.5em;font-size:0.9em}"""


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: report_html.py RESULT.json PAGE.html")
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("format") == "hukum-comparison":
        title = "Comparison: " + doc["a"]["ruleset"] + " (A) and " + doc["b"]["ruleset"] + " (B)"
        body = (f"<p>A: {esc(run_title(doc['a']))}<br>B: {esc(run_title(doc['b']))}</p>"
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
