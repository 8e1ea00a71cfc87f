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
for players in 2 3 4; do
  echo "== chinese-ten players=$players"
  "$hukum" bench rulesets/chinese-ten/chinese-ten.yaml --deals "$deals" --option players="$players"
done
for variant in taiwan red_five_bonus red_frog_black_frog main_mela; do
  echo "== chinese-ten variant $variant"
  "$hukum" bench "rulesets/chinese-ten/variants/$variant.yaml" --deals "$deals"
done
