#!/usr/bin/env bash
# Soak: `hukum simulate` over DEALS deals (default 100,000) for every option set
# of every bundled ruleset and variant, failing on any broken invariant. Used by ctest
# (label slow) and for the figures in closing notes.
# Usage: scripts/soak.sh [HUKUM]   (default build/interpreter/hukum)
set -euo pipefail
cd "$(dirname "$0")/.."
hukum=${1:-build/interpreter/hukum}
deals=${DEALS:-100000}
failures=0
runs=0
for file in rulesets/*/*.yaml rulesets/*/variants/*.yaml; do
  # Option names and values: "  name = default  (description; one of a, b, c)".
  mapfile -t lines < <("$hukum" describe "$file" | sed -n 's/^  \([a-z0-9_]*\) = [^ ]*  (.*; one of \(.*\))$/\1 \2/p')
  sets=("")
  for line in "${lines[@]}"; do
    name=${line%% *}
    IFS=', ' read -r -a values <<<"${line#* }"
    next=()
    for s in "${sets[@]}"; do for v in "${values[@]}"; do [ -n "$v" ] && next+=("$s --option $name=$v"); done; done
    sets=("${next[@]}")
  done
  for s in "${sets[@]}"; do
    runs=$((runs + 1))
    # shellcheck disable=SC2086
    if ! out=$("$hukum" simulate "$file" --deals "$deals" --threads 2 --json $s); then
      failures=$((failures + 1))
      echo "FAIL $file $s"
      echo "$out" | grep -E 'first_failure|invariant' || true
    else
      echo "ok   $file $s: $(echo "$out" | grep -o -m1 '"invariant_failures": [0-9]*')"
    fi
  done
done
echo "$((runs - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
