#!/usr/bin/env bash
# Nothing lost, nothing left running (issue 28), through the `hukum` command:
# files are written whole or not at all (a temporary file renamed over the
# target), an interrupted run says so and exits non-zero, a streamed log ends
# with a record saying whether it is complete, result files are read like any
# untrusted input and checked, long runs keep the same memory, replay finds
# libraries as play does, and text from a file never reaches the terminal raw.
# Usage: robust_test.sh HUKUM REPO_DIR
set -uo pipefail
hukum=$(realpath "$1")
repo=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {  # check NAME COMMAND...: the command must succeed
  local name=$1; shift
  if "$@" >"$work/out" 2>&1; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL $name"; sed 's/^/    /' "$work/out" | head -20; fi
}
exit_is() {  # exit_is CODE COMMAND...: also fails after 20 s (a hang)
  local want=$1; shift
  timeout 20 "$@" >"$work/exit_out" 2>&1
  local got=$?
  [ "$got" -eq "$want" ] || { echo "exit $got, expected $want: $*"; head -c 2000 "$work/exit_out"; return 1; }
}
said() { grep -q -- "$1" "$work/exit_out"; }  # said TEXT: the last exit_is printed TEXT
no_raw_controls() { ! LC_ALL=C grep -q $'[\x1b\x80-\x9f]' "$1"; }  # no ESC, no C1 byte
no_temp_files() { ! ls -A "$1" | grep -q '\.hukum-'; }  # no temporary file left beside the targets
mendikot=$repo/rulesets/mendikot/mendikot.yaml
cd "$work" || exit 1

# --- Long runs: memory does not grow with the number of deals; limits are errors.
# Bot-only play kept every log line in memory (~24 KB a deal): 8,000 deals
# reached 199 MB. Now the peak is the same for 500 deals and 20,000.
peak_kb() { /usr/bin/time -f '%M' -o "$work/time" "$@" >/dev/null 2>&1; tail -1 "$work/time"; }
small=$(peak_kb "$hukum" play "$mendikot" --deals 500)
large=$(peak_kb "$hukum" play "$mendikot" --deals 20000)
echo "play peak RSS: 500 deals ${small} KB, 20000 deals ${large} KB"
if [ -z "${HUKUM_SANITIZED:-}" ]; then
  check "play --deals 20000 stays within 8 MB of 500 deals" test "$large" -le $((small + 8192))
fi
check "play --deals past 1000000 is a usage error" exit_is 2 "$hukum" play "$mendikot" --deals 1000001
check "  ... naming the limit" said "a number of deals is a whole number from 1 to 1000000"
check "simulate --deals past 100000000 is a usage error" exit_is 2 "$hukum" simulate "$mendikot" --deals 100000001
printf 'extends: %s\nmatch: {deals: 2147483647}\n' "$mendikot" >long_match.yaml
check "match.deals past 1000000 does not validate" exit_is 1 "$hukum" validate long_match.yaml
check "  ... naming the range" said "match.deals: 2147483647 is out of range (expected an integer from 0 to 1000000)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
