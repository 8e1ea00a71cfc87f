#!/usr/bin/env python3
"""How many bundled games use each ruleset key.

Walks the JSON Schema that `hukum schema` prints to list every key path
(`play.obligations`, `deal[].choose.count`, ...), then every bundled game's
files (rulesets/<game>/*.yaml and variants/*.yaml, option values included,
since an option is part of the game) to see which keys each game writes.
Prints the keys used by exactly one game, and the totals. A key used by one
game only is a mechanism to look at twice: is it general, or one game's rule
in the engine?

How it counts, so that the figures match what docs/ruleset-reference.md
documents:
- A key is a path of the schema's properties: `deal[].choose.count` is the
  key `count` of the `choose` step of a `deal` list item. A free map (a map
  of names of the author's choosing, `card_points`) is one key, its entries
  none.
- A deal step written as a word (`deal: [deal, turn_up, melds]`) uses the
  key of that step (`deal[].turn_up`), as `{turn_up: {}}` would.
- A shared definition of the schema (`$defs`, other than the option value's
  overlay), documented once in the reference, is counted once: the hook
  entry (`call`, `offer`, `exclusive`, `when`, `cards`) is the keys
  `<hook>.call` ... whatever hook point holds it, and a game uses
  `<hook>.when` when any of its hooks writes `when`. Each hook point
  (`hooks.trick_done`) is a key of its own.

Usage: scripts/key_usage.py [HUKUM] [--list] [--unused]
  --list    the keys used by exactly one game, and the game
  --unused  the keys no bundled game uses
"""
import glob
import json
import os
import subprocess
import sys

import yaml

# The option value's overlay is the top-level keys again, not keys of its own.
OVERLAY = "overlay"


def def_name(node):
    ref = node.get("$ref", "")
    return ref.split("/")[-1] if ref.startswith("#/$defs/") else None


def schema_keys(node, path, out, defs, def_at):
    """Every key path the schema allows (free maps: the map itself only).

    def_at maps a key path that holds a shared definition to the path its
    own keys are counted under (`hooks.trick_done` -> `<hook>`)."""
    name = def_name(node)
    if name and name != OVERLAY:
        root = f"<{name}>"
        def_at[path] = root
        if root in def_at.values() and any(k.startswith(root + ".") for k in out):
            return  # its keys are listed once
        node = defs[name]
        path = root
    elif name:
        node = defs[name]
    for alt in node.get("oneOf", []) + node.get("anyOf", []):
        schema_keys(alt, path, out, defs, def_at)
    if node.get("type") == "array" and "items" in node:
        schema_keys(node["items"], path + "[]", out, defs, def_at)
    for key, sub in node.get("properties", {}).items():
        p = f"{path}.{key}" if path else key
        out.add(p)
        schema_keys(sub, p, out, defs, def_at)


def used_keys(value, path, known, def_at, out):
    """Key paths a YAML document writes, kept when the schema knows them."""
    if isinstance(value, dict):
        for key, sub in value.items():
            p = f"{path}.{key}" if path else str(key)
            if p in known:
                out.add(p)
                used_keys(sub, def_at.get(p, p), known, def_at, out)
    elif isinstance(value, list):
        for item in value:
            # A step written as a word uses its key: `turn_up` is {turn_up: {}}.
            if isinstance(item, str) and f"{path}[].{item}" in known:
                out.add(f"{path}[].{item}")
            used_keys(item, path + "[]", known, def_at, out)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    hukum = args[0] if args else "build/interpreter/hukum"
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    schema = json.loads(subprocess.run([hukum, "schema"], capture_output=True, text=True, check=True).stdout)
    defs = schema.get("$defs", {})
    known, def_at = set(), {}
    schema_keys(schema, "", known, defs, def_at)
    games = {}
    for folder in sorted(glob.glob(f"{repo}/rulesets/*/")):
        game = os.path.basename(folder.rstrip("/"))
        files = glob.glob(f"{folder}*.yaml") + glob.glob(f"{folder}variants/*.yaml")
        if not files:
            continue
        keys = set()
        for f in files:
            with open(f) as fh:
                doc = yaml.safe_load(fh) or {}
            used_keys(doc, "", known, def_at, keys)
            # Option values are overlays of the same document.
            for option in (doc.get("options") or {}).values():
                values = (option or {}).get("values") if isinstance(option, dict) else None
                for overlay in (values.values() if isinstance(values, dict) else []):
                    used_keys(overlay or {}, "", known, def_at, keys)
        games[game] = keys
    users = {k: sorted(g for g, keys in games.items() if k in keys) for k in known}
    one = sorted(k for k, g in users.items() if len(g) == 1)
    used = sorted(k for k, g in users.items() if g)
    if "--list" in sys.argv:
        for k in one:
            print(f"  {k}: {users[k][0]}")
    if "--unused" in sys.argv:
        for k in sorted(k for k, g in users.items() if not g):
            print(f"  {k}")
    print(f"{len(games)} games ({', '.join(games)}); {len(known)} keys in the schema, {len(used)} used by a bundled game, "
          f"{len(one)} of them by exactly one game ({100 * len(one) / len(known):.0f}% of the keys)")


if __name__ == "__main__":
    main()
