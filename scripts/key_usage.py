#!/usr/bin/env python3
"""How many bundled games use each ruleset key.

Walks the JSON Schema that `hukum schema` prints to list every key path
(`play.obligations`, `deal[].choose.count`, ...), then every bundled game's
files (rulesets/<game>/*.yaml and variants/*.yaml, option values included,
since an option is part of the game) to see which keys each game writes.
Prints the keys used by exactly one game, and the totals. A key used by one
game only is a mechanism to look at twice: is it general, or one game's rule
in the engine?

Usage: scripts/key_usage.py [HUKUM] [--list]
"""
import glob
import json
import os
import subprocess
import sys

import yaml


def schema_keys(node, path, out, defs):
    """Every key path the schema allows (free maps: the map itself only)."""
    if "$ref" in node:
        node = defs[node["$ref"].split("/")[-1]]
    for alt in node.get("oneOf", []) + node.get("anyOf", []):
        schema_keys(alt, path, out, defs)
    if node.get("type") == "array" and "items" in node:
        schema_keys(node["items"], path + "[]", out, defs)
    for key, sub in node.get("properties", {}).items():
        p = f"{path}.{key}" if path else key
        out.add(p)
        schema_keys(sub, p, out, defs)


def used_keys(value, path, known, out):
    """Key paths a YAML document writes, kept when the schema knows them."""
    if isinstance(value, dict):
        for key, sub in value.items():
            p = f"{path}.{key}" if path else str(key)
            if p in known:
                out.add(p)
                used_keys(sub, p, known, out)
    elif isinstance(value, list):
        for item in value:
            used_keys(item, path + "[]", known, out)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    hukum = args[0] if args else "build/interpreter/hukum"
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    schema = json.loads(subprocess.run([hukum, "schema"], capture_output=True, text=True, check=True).stdout)
    defs = schema.get("$defs", {})
    known = set()
    schema_keys(schema, "", known, defs)
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
            used_keys(doc, "", known, keys)
            # Option values are overlays of the same document.
            for option in (doc.get("options") or {}).values():
                values = (option or {}).get("values") if isinstance(option, dict) else None
                for overlay in (values.values() if isinstance(values, dict) else []):
                    used_keys(overlay or {}, "", known, keys)
        games[game] = keys
    users = {k: sorted(g for g, keys in games.items() if k in keys) for k in known}
    # Keys every ruleset must write say nothing about mechanisms.
    one = sorted(k for k, g in users.items() if len(g) == 1)
    used = sorted(k for k, g in users.items() if g)
    if "--list" in sys.argv:
        for k in one:
            print(f"  {k}: {users[k][0]}")
    print(f"{len(games)} games ({', '.join(games)}); {len(known)} keys in the schema, {len(used)} used by a bundled game, "
          f"{len(one)} of them by exactly one game")


if __name__ == "__main__":
    main()
