#!/usr/bin/env python3
"""The web table's JSON API end to end (issue 27), on loopback only:
a full deal of every bundled game with two seats played through the API and
bots in the others; refusals with their reason and the legal list; bad
requests answered 4xx with a reason; one table's secret refused at another;
limits on tables, body size, request rate and idle connections.

    api_test.py HUKUM ROOT"""
import json
import random
import socket
import sys
import time

from serve_client import Client, Failures, Server, bundled_games

HUKUM, ROOT = sys.argv[1], sys.argv[2]
F = Failures()
DEAL_SECONDS = 90  # a deal of any bundled game with greedy bots takes well under a second


def view(c, table, secret):
    status, v = c.get("/api/tables/%s?secret=%s" % (table, secret))
    assert status == 200, (status, v)
    return v


def play_deal(c, game, table, secrets, rng, checked, points_seen):
    """Plays until the deal is over, each person seat choosing a random legal action;
    `points_seen` gets the running card points of every view read."""
    deadline = time.time() + DEAL_SECONDS
    moves = 0
    while time.time() < deadline:
        views = {s: view(c, table, sec) for s, sec in secrets.items()}
        for v in views.values():
            if v["points"] is not None and v["status"] == "playing":
                F.check(sorted(v["points"]) == sorted(set(s["team"] for s in v["seats"])) and
                        all(isinstance(p, int) for p in v["points"].values()),
                        "%s: points so far per team: %s" % (game, v["points"]))
                points_seen.append(sum(v["points"].values()))
        if any(v["status"] != "playing" for v in views.values()):
            # the views were read one after the other, a bot may have moved in between: read them again
            return {s: view(c, table, sec) for s, sec in secrets.items()}, moves
        for s, v in views.items():
            if not v["your_turn"]:
                continue
            legal = v["observation"]["legal"]
            F.check(legal, "%s: %s's turn with no legal action" % (game, s))
            if not checked:
                checked.append(True)
                refusals(c, game, table, secrets, s, v)
            status, r = c.post("/api/tables/%s/action" % table, {"secret": secrets[s], "action": rng.choice(legal)})
            F.check(status == 200 and r.get("ok"), "%s: a legal action refused: %s" % (game, r))
            moves += 1
        if not any(v["your_turn"] for v in views.values()):
            time.sleep(0.01)
    F.check(False, "%s: the deal did not end within %d s" % (game, DEAL_SECONDS))
    return views, moves


def refusals(c, game, table, secrets, mover, v):
    """An action of nobody's game, an illegal one, one out of turn: each refused with a reason."""
    path = "/api/tables/%s/action" % table
    status, r = c.post(path, {"secret": secrets[mover], "action": "xyzzy"})
    F.check(status == 400 and r.get("error") and r.get("legal") == v["observation"]["legal"],
            "%s: 'xyzzy' gets 400 with a reason and the legal list: %d %s" % (game, status, r))
    deck = c.get("/api/tables/%s/rules?secret=%s" % (table, secrets[mover]))[1]["deck"]["cards"]
    illegal = [card for card in deck if card not in v["observation"]["legal"] and card not in v["observation"]["hand"]]
    status, r = c.post(path, {"secret": secrets[mover], "action": illegal[0]})
    F.check(status == 409 and r.get("error") and isinstance(r.get("legal"), list),
            "%s: a card not in the hand gets 409 with a reason: %d %s" % (game, status, r))
    for s, sec in secrets.items():
        if s != mover:
            status, r = c.post(path, {"secret": sec, "action": v["observation"]["legal"][0]})
            F.check(status == 409 and "turn" in r.get("error", ""), "%s: out of turn gets 409: %d %s" % (game, status, r))
            break


def full_deals(port):
    c = Client(port)
    status, cat = c.get("/api/rulesets")
    F.check(status == 200, "GET /api/rulesets")
    names = [g["name"] for g in cat["games"]]
    F.check(cat["seat_kinds"][0] == "person" and "greedy" in cat["seat_kinds"] and not any(k.startswith("agent") for k in cat["seat_kinds"]),
            "seat kinds: person and bots, no outside programs: %s" % cat["seat_kinds"])
    rng = random.Random(27)
    games = bundled_games(ROOT)
    F.check(len(games) >= 10 and all(g in names for g in games), "every bundled game is listed: %s" % games)
    for game in games:
        status, p = c.post("/api/preview", {"ruleset": game})
        if not F.check(status == 200, "%s: preview %d %s" % (game, status, p)):
            continue
        n = len(p["seats"])
        kinds = ["person", "person"] + ["greedy", "random"] * n
        status, t = c.post("/api/tables", {"ruleset": game, "seats": kinds[:n], "seed": 7})
        if not F.check(status == 200, "%s: create %d %s" % (game, status, t)):
            continue
        secrets = {s["seat"]: s["secret"] for s in t["seats"] if "secret" in s}
        F.check(len(secrets) == 2 and all(s["link"].endswith(s["secret"]) for s in t["seats"] if "secret" in s),
                "%s: two person seats with links" % game)
        started = time.time()
        points_seen = []
        views, moves = play_deal(c, game, t["table"], secrets, rng, [], points_seen)
        if game in ("twenty-eight", "hearts"):  # games whose cards carry points
            F.check(points_seen and max(points_seen) > 0, "%s: the running points grow: %s" % (game, points_seen[-5:]))
        sec0 = next(iter(secrets.values()))
        status, rules = c.get("/api/tables/%s/rules?secret=%s" % (t["table"], sec0))
        F.check(status == 200 and isinstance(rules.get("doc"), str) and "\n## " in rules["doc"],
                "%s: the rules screen gets docs/rules/%s.md" % (game, game))
        v = next(iter(views.values()))
        F.check(v["status"] in ("deal_over", "match_over") and v["result"] and v["review"],
                "%s: the deal ends with a result and a review: %s %s %r" % (game, v["status"], v["result"], v["review"][:200]))
        F.check(moves > 0, "%s: the people moved" % game)
        F.check(any("Result:" in line for line in v["log"]), "%s: the narration says the result: %s" % (game, v["log"][-5:]))
        if v["status"] == "deal_over":
            sec = next(iter(secrets.values()))
            status, r = c.post("/api/tables/%s/next" % t["table"], {"secret": sec})
            F.check(status == 200, "%s: next deal %d %s" % (game, status, r))
            v2 = view(c, t["table"], sec)
            F.check(v2["status"] == "playing" and v2["observation"]["deal"] == 2, "%s: the second deal begins" % game)
        print("%-14s %d seats, %3d moves through the API, %.2f s" % (game, n, moves, time.time() - started), flush=True)


def bad_requests(port):
    c = Client(port)
    status, t = c.post("/api/tables", {"ruleset": "mendikot", "seats": ["person", "greedy", "greedy", "greedy"], "seed": 1})
    table, secret = t["table"], t["seats"][0]["secret"]
    status, other = c.post("/api/tables", {"ruleset": "scopa", "seed": 2})
    o_table, o_secret = other["table"], other["seats"][0]["secret"]
    cases = [
        ("POST", "/api/tables", "{not json", 400),
        ("POST", "/api/tables", "[1,2]", 400),
        ("POST", "/api/tables", json.dumps({"ruleset": "no-such-game"}), 404),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "text": "x"}), 400),
        ("POST", "/api/tables", json.dumps({}), 400),
        ("POST", "/api/tables", json.dumps({"ruleset": 5}), 400),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "seats": ["person"]}), 400),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "seats": ["greedy"] * 4}), 400),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "seats": ["person", "agent:rm -rf /", "greedy", "greedy"]}), 400),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "seats": ["person", "pimc:100000000", "greedy", "greedy"]}), 400),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "seats": ["person", 3, "greedy", "greedy"]}), 400),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "options": {"no_such_option": "x"}}), 422),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "options": {"players": [1]}}), 400),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "seed": -1}), 400),
        ("POST", "/api/tables", json.dumps({"ruleset": "mendikot", "deals": 10 ** 9}), 400),
        ("POST", "/api/tables", json.dumps({"text": "name: [unclosed"}), 422),
        ("POST", "/api/tables", json.dumps({"text": "extends: /etc/passwd"}), 422),
        ("POST", "/api/tables", "x" * (300 * 1024), 413),
        ("GET", "/api/tables/%s?secret=wrong" % table, None, 403),
        ("GET", "/api/tables/%s" % table, None, 403),
        ("GET", "/api/tables/ffffffffffffffff?secret=%s" % secret, None, 404),
        ("GET", "/api/tables/%s?secret=%s" % (o_table, secret), None, 403),   # another table's secret
        ("GET", "/api/tables/%s/rules?secret=%s" % (o_table, secret), None, 403),
        ("POST", "/api/tables/%s/action" % o_table, json.dumps({"secret": secret, "action": "pass"}), 403),
        ("POST", "/api/tables/%s/next" % o_table, json.dumps({"secret": secret}), 403),
        ("POST", "/api/tables/%s/action" % table, json.dumps({"secret": secret}), 400),
        ("POST", "/api/tables/%s/action" % table, json.dumps({"secret": secret, "action": 7}), 400),
        ("POST", "/api/tables/%s/action" % table, "nonsense", 400),
        ("POST", "/api/tables/%s/next" % table, json.dumps({"secret": secret}), 409),  # the deal is on
        ("GET", "/no/such/page", None, 404),
        ("GET", "/api/tables/../../etc/passwd", None, 404),
        ("DELETE", "/api/tables", None, 404),
    ]
    for method, path, body, want in cases:
        status, data = c.raw(method, path, body, {"Content-Type": "application/json"} if body else {})
        try:
            reason = json.loads(data).get("error")
        except ValueError:
            reason = None
        F.check(status == want and reason, "%s %s %s: want %d with a reason, got %d %r" % (method, path, (body or "")[:60], want, status, data[:160]))
    # Nothing those requests did reached the other table: its first deal is untouched.
    v = view(c, o_table, o_secret)
    F.check(v["observation"]["deal"] == 1 and v["status"] == "playing", "the other table is as it was")
    # An uploaded ruleset: a house rule that extends a library game.
    status, r = c.post("/api/tables", {"text": "extends: mendikot\nname: Mendikot, uploaded\n", "seed": 3})
    F.check(status == 200 and r.get("ruleset") == "Mendikot, uploaded", "an uploaded ruleset makes a table: %d %s" % (status, r))
    up_secret = next(s["secret"] for s in r["seats"] if "secret" in s)
    status, rules = c.get("/api/tables/%s/rules?secret=%s" % (r["table"], up_secret))
    F.check(status == 200 and rules["doc"] is None, "an uploaded ruleset has no rules text of the library: %s" % rules.get("doc"))


def table_limit(hukum):
    with Server(hukum, "--max-tables", "2", "--bot-delay", "0", "--rate", "100000") as s:
        c = Client(s.port)
        got = [c.post("/api/tables", {"ruleset": "hearts"})[0] for _ in range(3)]
        status, r = c.post("/api/tables", {"ruleset": "hearts"})
        F.check(got == [200, 200, 503] and status == 503 and "tables" in r["error"], "the third table is refused with 503: %s" % got)


def idle_tables(hukum):
    with Server(hukum, "--idle-seconds", "1", "--bot-delay", "0", "--rate", "100000") as s:
        c = Client(s.port)
        status, t = c.post("/api/tables", {"ruleset": "hearts"})
        time.sleep(3.5)
        status, r = c.get("/api/tables/%s?secret=%s" % (t["table"], t["seats"][0]["secret"]))
        F.check(status == 404, "a table nobody looks at ends: %d %s" % (status, r))


def rate_flood(hukum):
    with Server(hukum, "--rate", "20", "--bot-delay", "0") as s:
        c = Client(s.port)
        started = time.time()
        codes = [c.raw("GET", "/api/rulesets")[0] for _ in range(300)]
        elapsed = time.time() - started
        ok, limited = codes.count(200), codes.count(429)
        # 40 at once, then 20 a second: what got through is bounded by that.
        F.check(limited > 0 and ok <= 40 + 20 * elapsed + 5 and ok + limited == 300,
                "a flood of 300 requests is limited: %d served, %d refused with 429 in %.2f s" % (ok, limited, elapsed))
        time.sleep(1.2)
        F.check(c.raw("GET", "/api/rulesets")[0] == 200, "served again after a pause")
        print("rate: %d served, %d refused (429) in %.2f s" % (ok, limited, elapsed))


def connection_flood(hukum):
    with Server(hukum, "--read-timeout", "1", "--bot-delay", "0", "--rate", "100000") as s:
        socks = []
        for _ in range(100):
            sock = socket.create_connection(("127.0.0.1", s.port), timeout=10)
            socks.append(sock)
        started = time.time()
        c = Client(s.port)
        status, _ = c.get("/api/rulesets")
        waited = time.time() - started
        # 100 silent connections hold 16 workers for at most a second each.
        F.check(status == 200 and waited < 12, "served beside 100 silent connections after %.2f s" % waited)
        closed = 0
        for sock in socks:
            sock.settimeout(15)
            try:
                closed += sock.recv(1) == b""
            except (socket.timeout, ConnectionResetError):
                closed += 1 if not isinstance(sys.exc_info()[1], socket.timeout) else 0
            sock.close()
        F.check(closed == 100, "the server closed every silent connection: %d of 100" % closed)
        print("connections: served after %.2f s beside 100 silent ones; %d closed by the server" % (waited, closed))


def long_poll(hukum):
    """An ask for the view that already has the latest version waits for the next
    change (`wait=MS`): another seat's move answers it at once; with nothing
    happening it answers `unchanged` after the wait; beyond half the worker
    threads, asks are answered at once with `held: false`."""
    import threading
    with Server(hukum, "--bot-delay", "0", "--rate", "100000", "--threads", "4") as s:
        c = Client(s.port)
        status, t = c.post("/api/tables", {"ruleset": "mendikot", "seats": ["person"] * 4, "seed": 7})
        secrets = {x["seat"]: x["secret"] for x in t["seats"]}
        views = {seat: view(c, t["table"], sec) for seat, sec in secrets.items()}
        mover = next(seat for seat, v in views.items() if v["your_turn"])
        waiter = next(seat for seat in secrets if seat != mover)
        version = views[waiter]["version"]
        ask = "/api/tables/%s?secret=%s&after=%d&wait=%d"
        # Nothing happens: unchanged after about the wait.
        started = time.time()
        status, r = c.get(ask % (t["table"], secrets[waiter], version, 400))
        waited = time.time() - started
        F.check(status == 200 and r.get("unchanged") and r.get("held") and 0.35 <= waited < 3,
                "a long poll with no change: unchanged after %.2f s (%s)" % (waited, r))
        # A move by another seat answers the waiting ask at once, with the new view.
        answer = {}

        def wait_for_move():
            started = time.time()
            answer["reply"] = Client(s.port).get(ask % (t["table"], secrets[waiter], version, 5000))
            answer["seconds"] = time.time() - started
        th = threading.Thread(target=wait_for_move)
        th.start()
        time.sleep(0.3)
        legal = views[mover]["observation"]["legal"]
        moved = c.post("/api/tables/%s/action" % t["table"], {"secret": secrets[mover], "action": legal[0]})
        th.join(10)
        status, r = answer.get("reply", (0, {}))
        F.check(moved[0] == 200 and status == 200 and not r.get("unchanged") and r.get("version", 0) > version
                and answer["seconds"] < 2,
                "a long poll answered by another seat's move after %.2f s: version %s -> %s" %
                (answer.get("seconds", -1), version, r.get("version")))
        # Two of four workers may wait; a third ask is answered at once, not held.
        version = r["version"]
        replies = []

        def hold():
            replies.append(Client(s.port).get(ask % (t["table"], secrets[waiter], version, 1500)))
        holders = [threading.Thread(target=hold) for _ in range(2)]
        for h in holders:
            h.start()
        time.sleep(0.3)
        started = time.time()
        status, r = Client(s.port).get(ask % (t["table"], secrets[waiter], version, 1500))
        quick = time.time() - started
        for h in holders:
            h.join(10)
        F.check(status == 200 and r.get("unchanged") and r.get("held") is False and quick < 1,
                "beyond half the workers an ask is not held: %.2f s %s" % (quick, r))
        F.check(sorted(x[1].get("held") for x in replies) == [True, True], "the first two were held: %s" % replies)
        print("long poll: unchanged after %.2f s; a move answered a waiting ask after %.2f s" % (waited, answer["seconds"]))


def command_line(hukum, port):
    """A port already taken, a bad flag: a clear message and a failing exit, no hang."""
    import subprocess
    r = subprocess.run([hukum, "serve", "--port", str(port)], capture_output=True, text=True, timeout=20)
    F.check(r.returncode == 1 and "cannot listen" in r.stderr, "a port in use: %d %r" % (r.returncode, r.stderr))
    r = subprocess.run([hukum, "serve", "--rate", "0"], capture_output=True, text=True, timeout=20)
    F.check(r.returncode != 0 and "--rate" in r.stderr, "a rate of 0 is refused: %d %r" % (r.returncode, r.stderr))


with Server(HUKUM, "--bot-delay", "0", "--rate", "100000") as server:
    command_line(HUKUM, server.port)
    full_deals(server.port)
    bad_requests(server.port)
    F.check(server.proc.poll() is None, "the server is still running")
table_limit(HUKUM)
idle_tables(HUKUM)
rate_flood(HUKUM)
connection_flood(HUKUM)
long_poll(HUKUM)
F.finish("serve api")
