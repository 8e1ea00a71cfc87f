#!/usr/bin/env python3
"""Hidden information is held by the server (issue 27). For every bundled
game, every seat is played through the API (no bots, so the test sees the
table between any two moves) and every byte the server sends to one seat,
North, over a whole deal is recorded: its views, the answers to its moves.
Then:

1. No card text appears in those bytes that North's observation had not
   shown it by then (its hand and hidden cards, the trick, revealed and
   captured cards, the layout, ...): the narration, the review, the prompts
   and the refusals say nothing more than the observation.
2. Each card North's observation shows outside North's own cards is also in
   the observation of every other seat at the same moment: what is shown to
   North as public is public.

The deck's list of cards comes with the rules (GET .../rules), the same in
every deal, and is not part of what is checked.

    hidden_test.py HUKUM ROOT"""
import json
import os
import random
import re
import sys
import time

from serve_client import Client, Failures, Server, bundled_games

HUKUM, ROOT = sys.argv[1], sys.argv[2]
F = Failures()
DEBUG = os.environ.get("HUKUM_DEBUG")
TOKEN = re.compile(r"[0-9A-Za-z]+")


def tokens(text):
    return set(TOKEN.findall(text))


def strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, list):
        for x in node:
            yield from strings(x)
    elif isinstance(node, dict):
        for x in node.values():
            yield from strings(x)


def cards_in(node, deck):
    out = set()
    for s in strings(node):
        out |= tokens(s) & deck
    return out


# What names cards without telling anything about the deal: the trump order
# of a contract as the rules give it ("The deal is played as grand (trumps JC
# JS JH JD)"), the example card of the refusal's list of input forms ("a card
# such as AS": the deck's first card), and the move North itself sent, which a
# refusal repeats ("5H is not in your hand").
CONSTANT = re.compile(r"\(trumps [^)]*\)|a card such as \\?'?\w+")


def without_constants(text, asked):
    text = CONSTANT.sub("", text)
    if asked:
        said = json.loads(asked).get("action", "")
        if said:
            text = text.replace(json.dumps(said)[1:-1] + " is not in your hand", "")
            text = text.replace(json.dumps(said)[1:-1] + " is not", "")
    return text


def public_part(obs, me):
    """The observation without what is North's own: its hand, face-down cards,
    legal actions, its own zones and a card it played face down."""
    pub = {k: v for k, v in obs.items() if k not in ("hand", "hidden", "legal", "zones", "trick")}
    own_face_down = {t["card"] for t in obs["trick"] if t["seat"] == me and t.get("face_down")}
    pub["zones"] = [dict(z, cards=[c for c in z["cards"] if c not in own_face_down]) for z in obs["zones"]
                    if z.get("seat") != me or z["zone"] not in ("hand", "face_down")]
    pub["trick"] = [t for t in obs["trick"] if t["card"] not in own_face_down]
    return pub


def one_deal(game, port, rng):
    c = Client(port)
    status, p = c.post("/api/preview", {"ruleset": game})
    n = len(p["seats"])
    status, t = c.post("/api/tables", {"ruleset": game, "seats": ["person"] * n, "seed": 11})
    if not F.check(status == 200, "%s: create %s" % (game, t)):
        return
    table = t["table"]
    secrets = [s["secret"] for s in t["seats"]]
    names = [s["seat"] for s in t["seats"]]
    me = names[0]
    rules_path = "/api/tables/%s/rules?secret=%s" % (table, secrets[0])
    deck_answer = c.get(rules_path)[1]
    deck = set(deck_answer["deck"]["cards"])
    sent = []                       # every body the server sent to North after the rules
    north = Client(port, record=sent)
    others = Client(port)

    def views():
        vs = [north.get("/api/tables/%s?secret=%s" % (table, secrets[0]))[1]]
        vs += [others.get("/api/tables/%s?secret=%s" % (table, s))[1] for s in secrets[1:]]
        return vs

    deadline = time.time() + 120
    moves = 0
    allowed = set()
    leaks = set()
    while time.time() < deadline:
        vs = views()
        # 2. What North's observation shows as public, every seat sees.
        pub = cards_in(public_part(vs[0]["observation"], me), deck)
        for k, v in enumerate(vs[1:], 1):
            missing = pub - cards_in(v["observation"], deck)
            if missing and DEBUG:
                print("DEBUG public", game, sorted(missing), json.dumps(vs[0]["observation"])[:3000], "\nOTHER", json.dumps(v["observation"])[:3000])
            F.check(not missing, "%s: North is shown %s as public but %s does not see it" % (game, sorted(missing), names[k]))
        if vs[0]["status"] != "playing":
            break
        mover = next((k for k, v in enumerate(vs) if v["your_turn"]), None)
        if not F.check(mover is not None, "%s: nobody's turn while the deal goes on" % game):
            return
        # North also tries a refused move now and then: the refusal must not tell it anything either.
        if mover == 0 and moves % 7 == 0:
            north.post("/api/tables/%s/action" % table, {"secret": secrets[0], "action": "xyzzy"})
            bad = sorted(deck - set(vs[0]["observation"]["hand"]) - set(vs[0]["observation"]["legal"]))
            north.post("/api/tables/%s/action" % table, {"secret": secrets[0], "action": rng.choice(bad)})
        client = north if mover == 0 else others
        action = rng.choice(vs[mover]["observation"]["legal"])
        status, r = client.post("/api/tables/%s/action" % table, {"secret": secrets[mover], "action": action})
        F.check(status == 200, "%s: %s's legal %s refused: %s" % (game, names[mover], action, r))
        moves += 1
    else:
        F.check(False, "%s: the deal did not end in time" % game)
    # 1. Every byte sent to North, in order, against what its observations had shown it by then.
    total = 0
    for asked, body in sent:
        total += len(body)
        data = json.loads(body)
        if "observation" in data:
            allowed |= cards_in(data["observation"], deck)
        new = (tokens(without_constants(body.decode("utf-8"), asked)) & deck) - allowed
        if new and DEBUG:
            text = body.decode("utf-8")
            for card in new:
                at = re.search(r"\b%s\b" % card, text).start()
                print("DEBUG", game, card, repr(text[max(0, at - 300):at + 100]))
        leaks |= new
    F.check(not leaks, "%s: North was sent cards its observation never showed: %s" % (game, sorted(leaks)))
    F.check(c.get(rules_path)[1] == deck_answer, "%s: the rules and deck answer did not change in the deal" % game)
    F.check(moves > 10 and total > 10000, "%s: a real deal was recorded (%d moves, %d bytes)" % (game, moves, total))
    print("%-14s %3d moves, %7d bytes sent to North, %2d of %2d cards seen by North, %d others"
          % (game, moves, total, len(allowed), len(deck), len(leaks)), flush=True)


with Server(HUKUM, "--bot-delay", "0", "--rate", "100000") as server:
    for game in (os.environ.get("HUKUM_GAMES", "").split() or bundled_games(ROOT)):
        # A generator per game: a change to one game's deal leaves the others' moves as they were.
        one_deal(game, server.port, random.Random("hidden-" + game))
F.finish("serve hidden information")
