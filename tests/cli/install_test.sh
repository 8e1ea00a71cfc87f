#!/usr/bin/env bash
# Portable rulesets, as a user meets them after `cmake --install`: hukum, the
# bundled rulesets with their Lua library, the docs and the bash completion
# land under a fresh prefix; then, in an empty folder and with no path given,
# a copied ruleset that uses a Lua library and a house rule that `extends` an
# installed game both validate and play. `hukum list` shows the installed games.
# Usage: install_test.sh BUILD_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {  # check NAME COMMAND...: the command must succeed
  local name=$1; shift
  if "$@" >"$work/out" 2>&1; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL $name"; sed 's/^/    /' "$work/out" | head -20; fi
}
prefix=$work/prefix
check "cmake --install into a fresh prefix" cmake --install "$build" --prefix "$prefix"
hukum=$prefix/bin/hukum
check "hukum installed" test -x "$hukum"
check "rulesets installed" test -f "$prefix/share/hukum/rulesets/mendikot/mendikot.yaml"
check "Lua library installed" test -f "$prefix/share/hukum/rulesets/lib/hidden_trump.lua"
check "rules texts installed" test -f "$prefix/share/doc/hukum/rules/twenty-eight.md"
check "the docs index is the docs README" grep -q "^# hukum documentation" "$prefix/share/doc/hukum/README.md"
check "bash completion installed" test -f "$prefix/share/bash-completion/completions/hukum"
check "report script installed" test -x "$prefix/share/hukum/report_html.py"

# An empty folder away from the source tree; no HUKUM_PATH, no --lib-path.
mkdir "$work/table"
cd "$work/table" || exit 1
unset HUKUM_PATH
cp "$prefix/share/hukum/rulesets/mendikot/mendikot.yaml" my-mendikot.yaml   # no Lua: its reveal is the engine's
cp -r "$prefix/share/hukum/rulesets/twenty-nine" my-29   # its own script and the shared hidden_trump library
cat >spades.yaml <<'YAML'
# A house rule on the installed game, found through the library search path.
extends: mendikot/mendikot.yaml
name: Spades always trump
options:
  trump_method: {default: band_hukum_compulsory}
YAML
cat >by-name.yaml <<'YAML'
extends: twenty-eight
name: Twenty-eight to 8
match: {target: 8}
YAML
check "copied ruleset validates" "$hukum" validate my-mendikot.yaml
check "copied ruleset with a Lua library validates" "$hukum" validate my-29/twenty-nine.yaml
check "copied ruleset with a Lua library plays" sh -c "'$hukum' play my-29/twenty-nine.yaml --deals 1 --seed 5 >played29"
check "copied ruleset plays" sh -c "'$hukum' play my-mendikot.yaml --deals 1 --seed 5 >played"
check "copied ruleset played to a result" grep -q "Result:" played
check "house rule extending an installed game validates" "$hukum" validate spades.yaml
check "house rule plays" sh -c "'$hukum' play spades.yaml --deals 1 --seed 5 >played"
check "house rule played, the face-down trump turned up" grep -q "face-down card is turned up" played
check "extends by game name validates" "$hukum" validate by-name.yaml
check "every option set of the house rule" "$hukum" validate --all-options spades.yaml
check "list names the installed games" sh -c "'$hukum' list >listed"
check "list shows the installed folder" grep -q "Games in $prefix/share/hukum/rulesets" listed
check "list shows options" grep -q -- "--option trump_method=band_hukum_optional" listed
# Every bundled game (a folder of rulesets/ holding <name>/<name>.yaml) is listed once.
games=$(cd "$(dirname "$0")/../../rulesets" && for d in */; do [ -f "$d${d%/}.yaml" ] && echo "$d"; done | wc -l)
check "list shows all $games bundled games" test "$(grep -c '^  [a-z][a-z-]*  ' listed)" -eq "$games"
check "the installed hukum writes the HTML report with the installed script" \
  sh -c "'$hukum' simulate my-mendikot.yaml --deals 200 --html page.html >/dev/null && grep -q '<figure class=\"chart\"' page.html"

# The web table from the installed hukum: its page is compiled in, its games are the installed ones.
serve_check() {
  "$hukum" serve --port 0 >served 2>&1 &
  local pid=$! port=""
  for _ in $(seq 50); do port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' served); [ -n "$port" ] && break; sleep 0.1; done
  python3 - "$port" <<'PY'
import json, sys, urllib.request
base = "http://127.0.0.1:%s" % sys.argv[1]
page = urllib.request.urlopen(base + "/", timeout=10).read().decode()
assert "<script src=\"/app.js\"" in page, page[:200]
assert "function draw()" in urllib.request.urlopen(base + "/app.js", timeout=10).read().decode()
games = [g["name"] for g in json.load(urllib.request.urlopen(base + "/api/rulesets", timeout=10))["games"]]
assert "mendikot" in games and "scopa" in games, games
PY
  local rc=$?
  kill "$pid"; wait "$pid" 2>/dev/null
  return $rc
}
check "the installed hukum serves the web table's page and the installed games" serve_check
check "the web table's docs installed" test -f "$prefix/share/doc/hukum/web-table.md"

# The Python module, when built: installed beside Python's packages under the
# prefix, it finds the installed games by name and plays one.
pkg=$(find "$prefix" -type d -name hukum -path '*-packages/hukum' | head -1)
if [ -d "$build/python/hukum" ]; then
  check "the Python package installed" test -f "$pkg/__init__.py"
  check "the installed Python module plays an installed game by name" \
    env PYTHONPATH="$(dirname "$pkg")" /usr/bin/python3 -c "
import random, hukum
assert hukum.library_path()[-1] == '$prefix/share/hukum/rulesets', hukum.library_path()
s = hukum.load('mendikot').new_initial_state(seed=1)
while not s.is_terminal(): s.apply_action(random.choice(s.legal_actions()))
print(s.returns())"
fi

# Without the installed library the same files fail with a clear message.
mv "$prefix/share/hukum" "$work/moved"
check "without a library: clear error" sh -c "! '$hukum' validate my-29/twenty-nine.yaml 2>err && grep -q \"Lua library 'hidden_trump' not found\" err"
check "HUKUM_PATH restores it" env HUKUM_PATH="$work/moved/rulesets" "$hukum" validate my-29/twenty-nine.yaml spades.yaml
check "--lib-path restores it" "$hukum" validate --lib-path "$work/moved/rulesets" my-29/twenty-nine.yaml spades.yaml

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
