#!/usr/bin/env bash
# Speed report: random-play deals per second on one core for every bundled
# ruleset and the option sets that matter for speed, each as a ratio to the
# hand-written reference deal (bench/reference_deal.cc, Mendikot's cut hukum in
# plain C++) timed in this same run; a summary table at the end. The project's
# reference figure is ../shared/bench/ratio.sh.
# DEALS (default 300000) sets the deals per run.
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${DEALS:-300000}
hukum=build/interpreter/hukum
reference=build/hukum_reference_deal
core=$(( $(nproc) - 1 ))
ref_rate=$(taskset -c "$core" "$reference" "$deals" 1 | sed -n 's/^deals_per_second: //p')
echo "reference deal (hand-written C++, same run): $ref_rate deals/s"
summary=()
run() {  # run LABEL FILE [OPTIONS...]
  local label=$1; shift
  echo "== $label"
  local out
  out=$(taskset -c "$core" "$hukum" bench "$@" --deals "$deals")
  echo "$out"
  local rate ratio
  rate=$(echo "$out" | sed -n 's/^deals_per_second: //p')
  ratio=$(awk -v h="$rate" -v b="$ref_rate" 'BEGIN{printf "%.3f", h/b}')
  summary+=("$(printf '%-52s %10s %7s' "$label" "$rate" "$ratio")")
}
for method in cut_hukum random_card band_hukum_compulsory band_hukum_optional; do
  run "mendikot trump_method=$method" rulesets/mendikot/mendikot.yaml --option trump_method="$method"
done
run "twenty-eight" rulesets/twenty-eight/twenty-eight.yaml
run "twenty-eight cot" rulesets/twenty-eight/twenty-eight.yaml --option cot=true
run "twenty-eight thani" rulesets/twenty-eight/twenty-eight.yaml --option thani=true
for players in 2 3 4; do
  run "chinese-ten players=$players" rulesets/chinese-ten/chinese-ten.yaml --option players="$players"
done
for variant in taiwan red_five_bonus red_frog_black_frog main_mela; do
  run "chinese-ten variant $variant" "rulesets/chinese-ten/variants/$variant.yaml"
done
for game in belote bridge casino euchre five-hundred french-tarot hearts jass koikoi mpourloto oh-hell pinochle scopa sheepshead skat spades truf twenty-nine; do
  run "$game" "rulesets/$game/$game.yaml"
done
echo
echo "Summary ($deals deals each, one core; ratio = engine / hand-written reference deal, same run)"
printf '%-52s %10s %7s\n' "ruleset" "deals/s" "ratio"
printf '%s\n' "${summary[@]}"
