// The replay viewer: a game log written by `hukum play --log` (JSON lines),
// read in the browser (the file never leaves it) and stepped through event
// by event. The log is the referee's record and holds every hand, so the
// viewer shows every zone open. Zones are followed from the log's `move`
// lines alone (docs/architecture.md: every card move is one), so the viewer
// knows no game.
"use strict";

let replay = null;  // {header, events, steps, at}

function startReplay(text) {
  const events = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try { events.push(JSON.parse(line)); } catch (e) { return "line " + (events.length + 1) + " is not JSON"; }
  }
  if (!events.length || events[0].event !== "header") return "this is not a hukum game log (no header line)";
  // A step is every event but a move: moves are applied on the way.
  const steps = [];
  events.forEach((e, i) => { if (e.event !== "move" && e.event !== "header") steps.push(i); });
  if (!steps.length) return "the log holds no events";
  replay = {header: events[0], events, steps, at: 0};
  $("lobby").hidden = true;
  $("viewer").hidden = false;
  $("title").textContent = "replay of " + (events[0].ruleset || "a game") + ", seed " + events[0].seed;
  $("replay-first").onclick = () => replayGo(0);
  $("replay-prev").onclick = () => replayGo(replay.at - 1);
  $("replay-next").onclick = () => replayGo(replay.at + 1);
  $("replay-last").onclick = () => replayGo(replay.steps.length - 1);
  document.addEventListener("keydown", e => {
    if (e.key === "ArrowRight") replayGo(replay.at + 1);
    else if (e.key === "ArrowLeft") replayGo(replay.at - 1);
    else if (e.key === "Home") replayGo(0);
    else if (e.key === "End") replayGo(replay.steps.length - 1);
  });
  replayGo(0);
  return "";
}

function place(p) { return p.zone + (p.seat ? " " + p.seat : ""); }

function eventText(e) {
  switch (e.event) {
    case "deal": return "Deal " + e.deal + ", dealer " + e.dealer;
    case "dealt": return e.seat + " is dealt " + e.cards.join(" ");
    case "action": return e.seat + ": " + e.action + (e.seen_by ? " (seen by " + e.seen_by + ")" : "");
    case "trick": return "Trick " + e.number + ": " + e.cards.join(" ") + " \u2192 " + e.winner;
    case "result": return "Result: " + (e.winner ? e.winner + " win" : "draw") + " (" + e.result + "); game points " +
                          Object.entries(e.game_points || {}).map(([t, p]) => t + " " + p).join(", ");
    case "match_over": return "Match over after " + e.deals + " deal(s): " + Object.entries(e.scores || {}).map(([t, p]) => t + " " + p).join(", ");
    case "end": return e.complete ? "End of the log" : "The log ends here: the game was stopped";
    default: {
      const rest = Object.entries(e).filter(([k]) => k !== "event").map(([k, v]) => k + " " + (typeof v === "object" ? JSON.stringify(v) : v));
      return e.event + (rest.length ? ": " + rest.join(", ") : "");
    }
  }
}

function replayGo(step) {
  const r = replay;
  r.at = Math.max(0, Math.min(r.steps.length - 1, step));
  const upto = r.steps[r.at];
  // The zones at this step: every move from the start of this deal.
  const zones = new Map(), suits = new Set(), seats = [];
  const take = (key, cards) => { const z = zones.get(key) || []; zones.set(key, z.filter(c => !cards.includes(c))); };
  const put = (key, cards) => zones.set(key, (zones.get(key) || []).concat(cards));
  const lines = [];
  // Cards in the order of the `dealt` lines, which list each hand in the deck's order.
  const order = new Map();
  for (const e of r.events) if (e.event === "dealt") for (const c of e.cards) if (!order.has(c)) order.set(c, order.size);
  const byDeck = (a, b) => (order.has(a) ? order.get(a) : 1e9) - (order.has(b) ? order.get(b) : 1e9);
  for (let i = 1; i <= upto; ++i) {
    const e = r.events[i];
    if (e.event === "deal") { zones.clear(); lines.length = 0; }
    if (e.event === "move") {
      for (const c of e.cards) suits.add(c.slice(-1));
      for (const p of [e.from, e.to]) if (p.seat && !seats.includes(p.seat)) seats.push(p.seat);
      take(place(e.from), e.cards);
      put(place(e.to), e.cards);
    } else if (e.event !== "header") {
      lines.push(eventText(e));
    }
  }
  const suitList = [...suits];
  $("replay-step").textContent = "Step " + (r.at + 1) + " of " + r.steps.length;
  $("replay-event").textContent = eventText(r.events[upto]);
  const box = $("replay-zones");
  box.replaceChildren();
  const keys = [...zones.keys()].filter(k => zones.get(k).length).sort((a, b) => {
    const rank = k => (k.startsWith("hand") ? 0 : k.startsWith("trick") ? 1 : k.startsWith("layout") ? 2 : 3);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  for (const k of keys) {
    const row = el("div", "", "replay-zone");
    const cards = k.startsWith("trick") ? zones.get(k) : [...zones.get(k)].sort(byDeck);
    row.append(el("h3", k + " (" + cards.length + ")"));
    const list = el("div", "", k.startsWith("stock") || k.startsWith("won") ? "cards small" : "cards");
    list.append(...(k.startsWith("stock") ? [] : cards.map(c => cardElement(c, suitList, null))));
    row.append(list);
    box.append(row);
  }
  $("replay-log").replaceChildren(...lines.slice(-15).map(t => el("li", t)));
}

function setupReplayInput() {
  $("replay-file").addEventListener("change", async () => {
    const f = $("replay-file").files[0];
    if (!f) return;
    if (f.size > 64 * 1024 * 1024) { $("replay-error").textContent = "the file is over 64 MiB"; return; }
    $("replay-error").textContent = startReplay(await f.text());
  });
}
