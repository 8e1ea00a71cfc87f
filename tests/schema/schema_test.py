#!/usr/bin/env python3
"""Checks `hukum schema` with a real JSON Schema validator (python3-jsonschema):
every bundled ruleset and variant validates against it, every example in it
validates against the key it documents, and a few broken rulesets do not
validate (so the check can fail).
Usage: schema_test.py HUKUM REPO_DIR"""
import glob
import json
import re
import subprocess
import sys

import jsonschema
import yaml


class EditorLoader(yaml.SafeLoader):
    """YAML as an editor's language server reads it (YAML 1.2 core schema):
    only true/false are booleans (PyYAML's 1.1 also takes yes/no/on/off)."""


EditorLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
EditorLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))


def as_json(value):
    """Map keys are strings in JSON: `10:` and `false:` become "10" and "false"."""
    if isinstance(value, dict):
        return {(str(k).lower() if isinstance(k, bool) else str(k)): as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value


def main():
    hukum, repo = sys.argv[1], sys.argv[2]
    schema = json.loads(subprocess.run([hukum, "schema"], check=True, capture_output=True, text=True).stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = 0

    files = sorted(glob.glob(f"{repo}/rulesets/*/*.yaml") + glob.glob(f"{repo}/rulesets/*/variants/*.yaml"))
    assert len(files) >= 5, files
    for path in files:
        with open(path) as f:
            doc = as_json(yaml.load(f, Loader=EditorLoader))
        errors = list(validator.iter_errors(doc))
        for e in errors:
            print(f"FAIL {path}: {'.'.join(map(str, e.absolute_path))}: {e.message}")
        failures += bool(errors)

    # Every example validates against the schema of the key it illustrates.
    examples = 0
    def walk(node):
        nonlocal examples, failures
        if isinstance(node, dict):
            for example in node.get("examples", []):
                examples += 1
                sub = dict(node, **{"$defs": schema["$defs"]})
                for e in jsonschema.Draft202012Validator(sub).iter_errors(example):
                    failures += 1
                    print(f"FAIL example {json.dumps(example)}: {e.message}")
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(schema)
    assert examples > 20, examples

    # Broken documents must not validate.
    broken = ["seats: {count: many}", "play: {hidden_suit_lead_restricted: yes}", "deck: {suits: [S, H], colour: red}",
              "options: {x: {default: 1, values: [1], extra: 2}}"]
    for text in broken:
        if validator.is_valid(as_json(yaml.load(text, Loader=EditorLoader))):
            failures += 1
            print(f"FAIL a broken ruleset validates: {text}")

    print(f"{len(files)} rulesets, {examples} examples, {len(broken)} broken documents: {failures} failure(s)")
    return 1 if failures else 0


sys.exit(main())
