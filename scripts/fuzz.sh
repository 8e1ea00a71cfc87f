#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/) with clang, ASan and UBSan into
# build-fuzz/, makes a seed corpus from the bundled files, and runs each target
# for SECONDS (default 60) one after the other. Prints, per target, the
# executions, the coverage and the findings; exits 1 on any crash, timeout
# (> 10 s per input) or out-of-memory (> 2 GB).
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: ruleset scenario replay action driver results)
# CI runs `scripts/fuzz.sh 5`. Long campaigns: `nice -n 19 scripts/fuzz.sh 600 ruleset`.
# Campaigns of different targets may run at once in one FUZZ_BUILD: the build
# and the seeding take a lock, each target has its own corpus, log and
# artifacts, and a second campaign of a target already running is refused.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(ruleset scenario replay action driver results)
build=${FUZZ_BUILD:-$root/build-fuzz}

status=0
mkdir -p "$build/logs" "$build/artifacts"
# A campaign holds its target's lock from before the build to its end: a second
# campaign of that target is refused rather than relinking the running binary
# or sharing its log.
declare -A lock_fd
runnable=()
for t in "${targets[@]}"; do
  exec {fd}>"$build/logs/$t.lock"
  if flock -n "$fd"; then
    lock_fd[$t]=$fd
    runnable+=("$t")
  else
    exec {fd}>&-
    echo "fuzz.sh: $t not run: a campaign of this target is already running in $build" >&2
    status=1
  fi
done
((${#runnable[@]})) || exit 1
targets=("${runnable[@]}")
# One build and one seeding at a time: concurrent ninja runs in one folder
# corrupt its state, and a seed half copied is a bad seed.
exec {build_fd}>"$build/.fuzz-build.lock"
flock "$build_fd"
scripts/setup.sh --fuzz >/dev/null
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DHUKUM_FUZZ=ON -DHUKUM_SANITIZE=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" -j2 --target hukum $(printf 'fuzz_%s ' "${targets[@]}") >/dev/null

# Seed corpus: every bundled file of the kind each target reads.
corpus=$build/corpus
mkdir -p "$corpus"/{ruleset,scenario,replay,action,driver,results}
for f in rulesets/*/*.yaml rulesets/*/variants/*.yaml tests/loader/bad/*.yaml tests/loader/bad/parts/*.yaml; do
  cp -f "$f" "$corpus/ruleset/$(echo "$f" | tr / _)"
done
for f in tests/scenarios/*/*.yaml; do cp -f "$f" "$corpus/scenario/$(echo "$f" | tr / _)"; done
# Logs with the header's file relative to the repository root (the targets' scratch folder links it).
for f in rulesets/mendikot/mendikot.yaml rulesets/twenty-eight/twenty-eight.yaml rulesets/chinese-ten/chinese-ten.yaml; do
  name=$(basename "$f" .yaml)
  [ -s "$corpus/replay/$name.jsonl" ] ||
    ASAN_OPTIONS=detect_leaks=0 "$build/interpreter/hukum" play "$f" --deals 1 --seed 5 --log "$corpus/replay/$name.jsonl" >/dev/null
done
printf '\x00KS\n' >"$corpus/action/ks"; printf '\x01bid 16' >"$corpus/action/bid"; printf '\x02reveal' >"$corpus/action/reveal"
printf '\x02take 5H' >"$corpus/action/take"; printf '\x03pass' >"$corpus/action/pass"
for i in 0 1 2 3 4 5 6 7 8 9; do [ -s "$corpus/driver/random$i" ] || head -c 200 /dev/urandom >"$corpus/driver/random$i"; done
# Result files as the commands write them: runs, shards, a merge, a comparison;
# the ruleset paths are relative, as the targets' scratch folder links `rulesets`.
results_seed() {  # results_seed NAME HUKUM-ARGS...
  local name=$1; shift
  [ -s "$corpus/results/$name.json" ] && return
  ASAN_OPTIONS=detect_leaks=0 "$build/interpreter/hukum" "$@" >"$build/$name.json.tmp"
  mv "$build/$name.json.tmp" "$corpus/results/$name.json"
}
results_seed mendikot simulate rulesets/mendikot/mendikot.yaml --deals 40 --json
results_seed euchre simulate rulesets/euchre/euchre.yaml --deals 40 --json
results_seed scopa simulate rulesets/scopa/scopa.yaml --deals 20 --json
results_seed twenty-eight-shard simulate rulesets/twenty-eight/twenty-eight.yaml --deals 40 --shard 2/3 --json
results_seed truf simulate rulesets/truf/truf.yaml --deals 20 --json
results_seed compare simulate rulesets/mendikot/mendikot.yaml --deals 20 --against-option trump_method=cut_hukum --json
exec {build_fd}>&-

printf '%-9s %12s %8s %8s %s\n' target executions cov ft findings
for t in "${targets[@]}"; do
  log=$build/logs/$t.log
  mkdir -p "$build/artifacts/$t"
  # Findings of this run only: artifacts of earlier runs stay for reading, not counting.
  touch "$build/logs/$t.start"
  # -timeout: an input running over 10 s is a finding; -rss_limit_mb: so is 2 GB.
  (cd "$build/artifacts/$t" && ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/$t/" "$corpus/$t") >"$log" 2>&1 || status=1
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
  findings=$(find "$build/artifacts/$t" -newer "$build/logs/$t.start" \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  eval "exec ${lock_fd[$t]}>&-"
  printf '%-9s %12s %8s %8s %s\n' "$t" "$execs" "$cov" "$ft" "$findings"
  [ "$findings" -eq 0 ] || { status=1; grep -m3 -A20 'ERROR\|hukum fuzz:' "$log" || true; }
done
exit $status
