// The web table's page: the lobby (make a table, hand out the seats' links)
// and the table of one seat. Everything shown comes from the server's view of
// this seat (GET /api/tables/ID?secret=S); the page holds no game state of its
// own and works out no rule: legal moves are the server's list, drawn as
// clickable cards or as buttons. The seat's secret lives in the address's
// fragment (#table=..&secret=..), which browsers never send to a server, so a
// reload finds the same seat.
"use strict";

const $ = id => document.getElementById(id);
const POLL_MS = 700;   // between two asks when the server does not hold them
const WAIT_MS = 2000;  // how long the server may hold an ask for the next change

let seat = null;       // {table, secret} of this page, or null in the lobby
let view = null;       // the last full view
let picked = -1;       // keyboard: index into the clickable cards
let pollTimer = null;
let pollAbort = null;  // the ask on its way: a newer one replaces it
let busy = false;      // an action is on its way
let deck = null;       // {suits, cards}: sent with the rules, once

async function api(method, path, body, signal) {
  const init = {method, headers: {}, signal};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let data = {};
  try { data = await res.json(); } catch (e) { data = {error: "the server's answer was not JSON"}; }
  return {ok: res.ok, status: res.status, data};
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function fragment() {
  const p = new URLSearchParams(location.hash.slice(1));
  return p.get("table") && p.get("secret") ? {table: p.get("table"), secret: p.get("secret")} : null;
}

function showDialog(title, text, extra) {
  $("dialog-title").textContent = title;
  $("dialog-text").textContent = text;
  $("dialog-extra").replaceChildren(...(extra || []));
  $("dialog").showModal();
}

// ---------------------------------------------------------------- lobby

let catalogue = null;

async function startLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("title").textContent = "new table";
  const r = await api("GET", "/api/rulesets");
  if (!r.ok) { $("create-error").textContent = r.data.error; return; }
  catalogue = r.data;
  const game = $("game");
  for (const g of catalogue.games) game.append(new Option(g.name, g.name));
  game.addEventListener("change", () => { showOptions(); preview(); });
  $("upload-text").addEventListener("change", preview);
  $("create-form").addEventListener("submit", e => { e.preventDefault(); createTable(); });
  $("preview-rules").addEventListener("click", async () => {
    const p = await api("POST", "/api/preview", rulesetRequest());
    if (p.ok) showDialog(p.data.name, p.data.rules);
    else $("create-error").textContent = p.data.error;
  });
  showOptions();
  preview();
}

function chosenGame() { return catalogue.games.find(g => g.name === $("game").value); }

function showOptions() {
  const box = $("options");
  box.replaceChildren();
  for (const o of chosenGame().options) {
    const label = el("label", o.name + " ");
    label.title = o.description;
    const sel = document.createElement("select");
    sel.dataset.option = o.name;
    for (const v of o.values) sel.append(new Option(v, v, v === o.default, v === o.default));
    sel.addEventListener("change", preview);
    label.append(sel);
    box.append(label);
  }
}

function rulesetRequest() {
  const text = $("upload-text").value.trim();
  const req = text ? {text} : {ruleset: $("game").value};
  const options = {};
  if (!text) for (const s of document.querySelectorAll("#options select")) options[s.dataset.option] = s.value;
  req.options = options;
  return req;
}

// The seats depend on the game and its options (players: 6): asked of the server.
async function preview() {
  const r = await api("POST", "/api/preview", rulesetRequest());
  const box = $("seat-kinds");
  box.replaceChildren(el("legend", "Seats"));
  if (!r.ok) { $("create-error").textContent = r.data.error; return; }
  $("create-error").textContent = "";
  r.data.seats.forEach((s, i) => {
    const label = el("label", s.seat + " (" + s.team + ") ");
    const sel = document.createElement("select");
    sel.className = "seat-kind";
    for (const k of catalogue.seat_kinds) sel.append(new Option(k, k));
    sel.value = i === 0 ? "person" : (catalogue.seat_kinds.includes("greedy") ? "greedy" : "random");
    label.append(sel);
    box.append(label);
  });
}

async function createTable() {
  const req = rulesetRequest();
  req.seats = [...document.querySelectorAll(".seat-kind")].map(s => s.value);
  req.deals = Number($("deals").value) || 0;
  $("create").disabled = true;
  const r = await api("POST", "/api/tables", req);
  $("create").disabled = false;
  if (!r.ok) { $("create-error").textContent = r.data.error; return; }
  const people = r.data.seats.filter(s => s.secret);
  localStorage.setItem("hukum-invites-" + r.data.table, JSON.stringify(people));
  $("links").replaceChildren(...people.map(linkItem));
  $("my-seat").href = people[0].link;
  $("created").hidden = false;
  $("created").scrollIntoView();
}

function linkItem(s) {
  const url = new URL(s.link, location.href).href;
  const li = el("li", "");
  li.append(el("b", s.seat + ": "));
  const a = el("a", url);
  a.href = url;
  a.className = "invite";
  a.dataset.seat = s.seat;
  li.append(a);
  return li;
}

// ---------------------------------------------------------------- table

function startTable() {
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("rules-button").hidden = false;
  $("rules-button").onclick = showRules;
  const invites = JSON.parse(localStorage.getItem("hukum-invites-" + seat.table) || "null");
  if (invites && invites.length > 1) {
    $("invite-button").hidden = false;
    $("invite-button").onclick = () => {
      const ul = el("ul");
      ul.append(...invites.map(linkItem));
      showDialog("Invite", "The link of each person's seat:", [ul]);
    };
  }
  $("say-form").addEventListener("submit", e => {
    e.preventDefault();
    const text = $("say").value.trim();
    if (text) send(text).then(ok => { if (ok) $("say").value = ""; });
  });
  $("say").addEventListener("keydown", e => { if (e.key === "Escape") $("say").blur(); });
  $("next-deal").addEventListener("click", nextDeal);
  document.addEventListener("keydown", onKey);
  api("GET", "/api/tables/" + seat.table + "/rules?secret=" + encodeURIComponent(seat.secret)).then(r => {
    if (!r.ok) { $("prompt").textContent = r.data.error; return; }
    deck = r.data.deck;
    poll();
  });
}

// Asks for this seat's view. The server holds an ask that already has the
// latest version until the next change (up to WAIT_MS), so another seat's move
// shows at once; one ask at a time: a new one (after this seat's own move)
// cancels the one waiting.
async function poll() {
  clearTimeout(pollTimer);
  if (pollAbort) pollAbort.abort();
  const abort = new AbortController();
  pollAbort = abort;
  const after = view ? "&after=" + view.version + "&wait=" + WAIT_MS : "";
  let pause = POLL_MS;
  try {
    const r = await api("GET", "/api/tables/" + seat.table + "?secret=" + encodeURIComponent(seat.secret) + after,
                        undefined, abort.signal);
    if (!r.ok) {
      $("prompt").textContent = r.data.error || "the server refused";
      if (r.status === 404 || r.status === 403) return;  // the table is gone or never was: stop asking
    } else if (!r.data.unchanged) {
      if (!view || r.data.version > view.version) {
        view = r.data;
        draw();
      }
      pause = 0;
    } else if (r.data.held) {
      pause = 0;  // it waited for a change that did not come: ask again
    }
  } catch (e) {
    if (abort.signal.aborted) return;  // replaced by a newer ask
    $("prompt").textContent = "cannot reach the server; trying again";
  }
  if (pollAbort !== abort) return;
  pollAbort = null;
  pollTimer = setTimeout(poll, pause);
}

async function send(action) {
  if (busy) return false;
  busy = true;
  const r = await api("POST", "/api/tables/" + seat.table + "/action", {secret: seat.secret, action});
  busy = false;
  if (!r.ok) {
    let text = r.data.error || "refused";
    if (r.data.legal && r.data.legal.length) text += " (legal: " + r.data.legal.join(", ") + ")";
    $("refusal").textContent = text;
    return false;
  }
  $("refusal").textContent = "";
  poll();
  return true;
}

async function nextDeal() {
  const r = await api("POST", "/api/tables/" + seat.table + "/next", {secret: seat.secret});
  if (!r.ok) $("refusal").textContent = r.data.error;
  poll();
}

// The rules screen: what the engine understood (describe), then the game's
// rules text (docs/rules) when it is a game of the library.
async function showRules() {
  const r = await api("GET", "/api/tables/" + seat.table + "/rules?secret=" + encodeURIComponent(seat.secret));
  const extra = [];
  if (r.ok && r.data.doc) {
    const doc = el("section", null, "rules-doc");
    doc.id = "rules-doc";
    doc.append(el("h2", "The rules in full"), ...markdownNodes(r.data.doc));
    extra.push(doc);
  }
  showDialog(r.ok ? r.data.name : "Rules", r.ok ? r.data.text : r.data.error, extra);
}

// Each legal action that names one card ("10H", "take 5H", "hide 5D") belongs
// to that card; the rest ("pass", "bid 16", "name H", "declare AS KS QS") are buttons.
function sortActions(legal, deck) {
  const byCard = new Map(), buttons = [];
  const cards = new Set(deck.cards);
  for (const a of legal) {
    const words = a.split(" ");
    const card = words.length === 1 && cards.has(words[0]) ? words[0]
               : words.length === 2 && cards.has(words[1]) ? words[1] : null;
    if (card) {
      if (!byCard.has(card)) byCard.set(card, []);
      byCard.get(card).push(a);
    } else buttons.push(a);
  }
  return {byCard, buttons};
}

function draw() {
  const v = view, o = v.observation, suits = deck.suits;
  $("title").textContent = v.ruleset + " \u00b7 you are " + v.seat + " \u00b7 deal " + o.deal;
  const {byCard, buttons} = sortActions(o.legal, deck);
  const used = new Set();
  const cardOf = (text) => {
    const acts = text && byCard.get(text);
    if (!acts) return cardElement(text, suits, null);
    used.add(text);
    return cardElement(text, suits, () => acts.length === 1 ? send(acts[0]) : chooseAmong(acts));
  };

  // Other seats: counts, tricks, bids, and any of their cards this seat sees (a dummy).
  const others = $("others");
  others.replaceChildren();
  const visible = {};
  for (const z of o.zones) if (z.zone === "hand" && z.seat && z.seat !== v.seat && z.cards.length) visible[z.seat] = z.cards;
  for (const s of v.seats) {
    if (s.seat === v.seat) continue;
    const info = o.seats[s.seat];
    const box = el("div", "", "seat");
    if (o.to_move === s.seat) box.classList.add("to-move");
    const head = el("div", "", "seat-name");
    head.append(el("b", s.seat), el("span", " " + (s.kind === "person" ? (s.present ? "person" : "person (not here yet)") : s.kind)));
    box.append(head);
    const facts = [count(info.cards, "card")];
    if (info.hidden) facts.push(info.hidden + " face down");
    if (v.observation.layout === undefined) facts.push(count(info.tricks, "trick"));
    else facts.push(info.captured.length + " taken");
    if (info.bid !== undefined) facts.push("bid " + info.bid);
    if (info.sweeps) facts.push(count(info.sweeps, "sweep"));
    box.append(el("div", facts.join(" \u00b7 "), "seat-facts"));
    if (visible[s.seat]) {
      const row = el("div", "", "cards small");
      row.append(...visible[s.seat].map(cardOf));
      box.append(row);
    }
    others.append(box);
  }

  // Facts of the deal: trump, contract, auction, scores.
  const facts = [];
  if (o.trump) facts.push("Trump " + suitText(o.trump, suits));
  else if (o.trump_order) facts.push("Playing " + o.trump_order);
  if (o.trump_card) facts.push("Trump card shown " + o.trump_card);
  if (o.turn_up) facts.push("Turned up " + o.turn_up);
  // As the narrator says it: a contract of 0 is a trump choice without a number.
  // An auction of calls names its contract by the call ("4hearts doubled").
  const call = o.contract_call ? o.contract_call + (o.doubled === 2 ? " redoubled" : o.doubled === 1 ? " doubled" : "") : o.contract;
  if (o.bidder) facts.push((o.contract ? "Contract " + call + " by " : "Trump chosen by ") + o.bidder + (o.declared ? " (" + o.declared + ")" : ""));
  if (o.calls && o.phase === "calls") facts.push("Auction: " + o.calls.map(c => c.seat + " " + c.call).join(", "));
  if (o.high_bid !== undefined && o.high_bidder) facts.push("High bid " + o.high_bid + " by " + o.high_bidder);
  if (o.revealed.length) facts.push("Revealed " + o.revealed.join(" "));
  if (o.stock !== undefined) facts.push("Stock " + o.stock);
  if (o.sitting_out) facts.push("Sitting out " + o.sitting_out.join(", "));
  if (o.melds) for (const m of o.melds) facts.push(m.seat + " melds " + m.meld + " (" + m.points + ")");
  // Card points won so far this deal, as this seat saw them go (the server counts them).
  if (v.points && o.phase !== "deal_over") facts.push("Points so far: " + scoresText(v.points));
  const scores = scoresText(v.match_scores);
  if (scores) facts.push("Match: " + scores);
  $("facts").replaceChildren(...facts.map(f => el("span", f, "fact")));

  // The trick in the middle.
  const trick = $("trick");
  trick.replaceChildren();
  for (const t of o.trick) {
    const spot = el("div", "", "played");
    spot.append(cardOf(t.card), el("div", t.seat, "who"));
    trick.append(spot);
  }
  if (o.pending) {
    const spot = el("div", "", "played");
    const doing = o.building ? "played, building " + o.building : "played, taking";
    spot.append(cardOf(o.pending), el("div", doing + (o.taking && o.taking.length ? " " + o.taking.join(" ") : ""), "who"));
    trick.append(spot);
  }
  $("layout-row").hidden = o.layout === undefined;
  if (o.layout) {
    $("layout").replaceChildren(...o.layout.map(cardOf));
    // Builds (fishing.builds): their cards are on the layout too; say which go together.
    for (const b of o.builds || [])
      $("layout").append(el("div", "build of " + b.value + ": " + b.cards.join(" ") + " (" + b.owner + "'s)", "who"));
  }
  $("last-trick-row").hidden = !o.last_trick.length;
  $("last-trick").replaceChildren(...o.last_trick.map(t => {
    const spot = el("div", "", "played");
    spot.append(cardOf(t.card), el("div", t.seat, "who"));
    return spot;
  }));

  // My cards.
  const me = o.seats[v.seat], mine = [];
  if (me) {
    mine.push(o.layout === undefined ? count(me.tricks, "trick") : me.captured.length + " taken");
    if (me.bid !== undefined) mine.push("bid " + me.bid);
    if (me.sweeps) mine.push(count(me.sweeps, "sweep"));
  }
  $("hand-title").textContent = "Your hand (" + v.seat + ")" + (mine.length ? " \u00b7 " + mine.join(" \u00b7 ") : "");
  $("hand").replaceChildren(...o.hand.map(cardOf));
  $("hidden-row").hidden = !o.hidden.length;
  $("hidden").replaceChildren(...o.hidden.map(cardOf));

  // The question: what to do, and every answer that is not a card on the table as a button.
  let prompt;
  if (v.status === "stopped") prompt = "The match has stopped: " + v.error;
  else if (v.status === "match_over") prompt = "The match is over.";
  else if (v.status === "deal_over") prompt = "The deal is over.";
  else if (v.your_turn) prompt = (o.playing_for ? "For " + o.playing_for + ": " : "Your turn: ") + v.prompt;
  else prompt = "Waiting for " + o.to_move + "\u2026";
  $("prompt").textContent = prompt;
  $("turn").classList.toggle("mine", !!v.your_turn);
  const extra = [...byCard.keys()].filter(c => !used.has(c)).flatMap(c => byCard.get(c));
  const answers = buttons.concat(extra);
  $("answers").replaceChildren(...answers.map((a, i) => {
    const b = el("button", (i < 9 ? (i + 1) + ". " : "") + a, "answer");
    b.type = "button";
    b.dataset.action = a;
    b.addEventListener("click", () => send(a));
    return b;
  }));
  if (!v.your_turn) $("refusal").textContent = "";

  // What happened, newest last; the end-of-deal review.
  $("log").replaceChildren(...v.log.slice(-12).map(line => el("li", line.trim())));
  $("log").start = Math.max(1, v.log_total - Math.min(12, v.log.length) + 1);
  const over = v.status === "deal_over" || v.status === "match_over";
  $("review").hidden = !over;
  $("mine").hidden = over && !o.hand.length;
  $("trick").hidden = !o.trick.length && !o.pending;
  if (over) {
    const r = v.result;
    let head = "";
    if (r) {
      head = (r.winner ? r.winner + " win" : "A draw") + (r.name ? " (" + r.name + ")" : "") + ". Game points: " +
             Object.entries(r.game_points).map(([t, p]) => t + " " + p).join(", ") + ".";
    }
    if (v.status === "match_over") head += " The match is over: " + scoresText(v.match_scores) + ".";
    $("result").textContent = head;
    $("review-text").textContent = (v.review || "").replace(/^\n+/, "");
    $("next-deal").hidden = v.status !== "deal_over";
  }
  picked = Math.min(picked, clickable().length - 1);
  markPicked();
}

// "1 trick", "3 tricks".
function count(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

function scoresText(scores) {
  return Object.entries(scores).map(([t, p]) => t + " " + p).join(", ");
}

function chooseAmong(actions) {
  const box = actions.map(a => {
    const b = el("button", a, "answer");
    b.type = "button";
    b.addEventListener("click", () => { $("dialog").close(); send(a); });
    return b;
  });
  showDialog("Which?", "This card can be used in more than one way:", box);
}

function clickable() { return [...document.querySelectorAll("#table .card.legal")]; }

function markPicked() {
  clickable().forEach((c, i) => c.classList.toggle("picked", i === picked));
}

function onKey(e) {
  if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA" || $("dialog").open) return;
  const cards = clickable();
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    if (!cards.length) return;
    picked = e.key === "ArrowRight" ? (picked + 1) % cards.length : (picked <= 0 ? cards.length - 1 : picked - 1);
    markPicked();
    cards[picked].focus();
    e.preventDefault();
  } else if ((e.key === "Enter" || e.key === " ") && picked >= 0 && cards[picked]) {
    if (document.activeElement !== cards[picked]) { cards[picked].click(); e.preventDefault(); }
  } else if (/^[1-9]$/.test(e.key)) {
    const b = document.querySelectorAll("#answers .answer")[Number(e.key) - 1];
    if (b) { b.click(); e.preventDefault(); }
  } else if (e.key === "/") {
    $("say").focus();
    e.preventDefault();
  } else if (e.key === "r" || e.key === "R") {
    showRules();
  } else if ((e.key === "n" || e.key === "N") && view && view.status === "deal_over") {
    nextDeal();
  }
}

window.addEventListener("hashchange", () => location.reload());
window.addEventListener("DOMContentLoaded", () => {
  seat = fragment();
  if (seat) startTable(); else { setupReplayInput(); startLobby(); }
});
