#!/usr/bin/env bash
# Speed report: random-play deals per second on one core for every bundled
# ruleset option set that matters for speed, each next to the hand-written
# reference loop timed in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${DEALS:-300000}
hukum=build/interpreter/hukum
for method in cut_hukum random_card band_hukum_compulsory band_hukum_optional; do
  echo "== mendikot trump_method=$method"
  "$hukum" bench rulesets/mendikot/mendikot.yaml --deals "$deals" --option trump_method="$method"
done
