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
source "$(dirname "$0")/harness.sh"
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

# Hooks may score 10^9 a deal: the histograms used to be dense from the lowest
# score to the highest (16 GB, "internal error: std::bad_alloc"), and ten such
# deals squared pass 2^63. Scores past 100,000 are counted at the bound, and a
# tally that would wrap stops the run with an error.
printf 'big = {}\nfunction big.deal_scored()\n  local sign = game.deal_number() %% 2 == 0 and -1 or 1\n  for i = 1, 1000 do game.add_score(0, sign * 1000000) end\nend\n' >big.lua
printf 'extends: %s\nhooks: {scripts: [big.lua], deal_scored: big.deal_scored}\n' "$mendikot" >big.yaml
check "scores of 10^9 a deal are tallied in little memory" exit_is 0 "$hukum" simulate big.yaml --deals 4 --threads 1
check "  ... until their squares pass 2^63: an error, not a wrapped figure" exit_is 1 "$hukum" simulate big.yaml --deals 30 --threads 1
check "  ... saying why" said "the scores pass what a tally holds (a sum of squares past 2^63)"
big_kb=$(peak_kb "$hukum" simulate big.yaml --deals 4 --threads 1)
echo "simulate peak RSS with scores of 10^9: ${big_kb} KB"
if [ -z "${HUKUM_SANITIZED:-}" ]; then
  check "  ... within 64 MB" test "$big_kb" -le 65536
fi

# --- One input reader: result files are regular files of bounded size, read before parsing.
# report and merge used to read /dev/zero until memory ran out and wait forever on a FIFO.
mkfifo fifo.json
for cmd in "report fifo.json -o page.html" "merge fifo.json" "report /dev/zero -o page.html" "merge /dev/zero"; do
  # shellcheck disable=SC2086
  check "$cmd exits 1 at once" exit_is 1 "$hukum" $cmd
done
check "  ... saying why" said "/dev/zero: error: the file is a character device, not a file"
check "upgrade /dev/zero exits 1" exit_is 1 "$hukum" upgrade /dev/zero
check "  ... saying why" said "/dev/zero: error: the file is a character device, not a file"
head -c $((17 * 1024 * 1024)) /dev/zero | tr '\0' ' ' >huge.json
printf '{"format": 1e999}' >overflow.json
check "a number past a double is not JSON (found by the fuzz_results campaign)" exit_is 1 "$hukum" merge overflow.json
check "  ... saying so, not 'internal error'" said "overflow.json: error: not JSON (.*number overflow parsing '1e999')"
check "a 17 MiB result file is refused" exit_is 1 "$hukum" merge huge.json
check "  ... naming the limit" said "more than the limit of 16 MiB"

# --- Result files are checked before anything is printed; text from them is escaped.
"$hukum" simulate "$mendikot" --deals 96 --json >r.json
tamper() {  # tamper OUT PYTHON: r.json with the tally changed by a Python statement on `t`
  python3 -c "import json, sys; d = json.load(open('r.json')); t = d['tally']; $2; json.dump(d, open('$1', 'w'))"
}
tamper wins.json "t['wins'][0] = 1000000"
check "1,000,000 wins in 96 deals is refused" exit_is 1 "$hukum" merge wins.json
check "  ... saying why" said "wins of team 1 is 1000000, more than the 96 possible"
check "  ... and report refuses it too" exit_is 1 "$hukum" report wins.json -o page.html
tamper length.json "t['match_length'] = [[-5, t['matches_complete']]]"
check "a negative match length is refused" exit_is 1 "$hukum" merge length.json
check "  ... saying why" said "a match length of -5 deals"
tamper names.json "t['results'][0][0] = 'nowhere'; t['results'].append(['elsewhere', 1])"
check "results that do not add up to the deals are refused" exit_is 1 "$hukum" merge names.json
check "  ... saying why" said "the results add up to 97, not the 96 deals"
# Sums, shards and counts that no run writes (found while writing the fuzz_results target):
# they used to wrap past 2^63 when merged, or ask for a vector of 2e9 shards.
tamper sums.json "t['points'][0][1] = 9000000000000000000; t['points'][0][2] = 9000000000000000000"
check "a mean's sums no deals can give are refused" exit_is 1 "$hukum" merge sums.json
check "  ... saying why" said "a mean's sums (9000000000000000000, 9000000000000000000) are not those of 96 deals"
python3 -c "import json; d = json.load(open('r.json')); d['shard'] = {'index': 1, 'count': 2000000000}; json.dump(d, open('shards.json', 'w'))"
check "2,000,000,000 shards are refused" exit_is 1 "$hukum" merge shards.json
check "  ... saying why" said "shard: index and count out of range (1 to 1000000 shards)"
python3 -c "import json; d = json.load(open('r.json')); d['deals_requested'] = 10**18; json.dump(d, open('requested.json', 'w'))"
check "10^18 deals requested is refused" exit_is 1 "$hukum" merge requested.json
check "  ... saying why" said "deals_requested: expected 0 to 100000000"
tamper matches.json "t['match_length'] = [[96, t['matches_complete']]]"
check "matches holding more deals than played are refused" exit_is 1 "$hukum" merge matches.json
check "  ... saying why" said "the complete matches hold more deals than the 96 played"
tamper histogram.json "t['points_hist'][0] = [[1, 4611686018427387904], [1, 4611686018427387904], [1, 4611686018427387904]]"
check "a histogram naming a value twice is refused" exit_is 1 "$hukum" merge histogram.json
check "  ... saying why" said "expected the values in increasing order, each once"
"$hukum" simulate "$mendikot" --deals 200 --shard 1/2 --json >s1.json
"$hukum" simulate "$mendikot" --deals 200 --json | python3 -c "import json, sys; d = json.load(sys.stdin); d['shard'] = {'index': 2, 'count': 2}; json.dump(d, open('s2all.json', 'w'))"
check "shards counting more deals than requested are refused" exit_is 1 "$hukum" merge s1.json s2all.json
check "  ... saying why" said "s2all.json: error: the shards count more deals than the 200 requested"
"$hukum" simulate "$mendikot" --deals 200 --shard 2/2 --json >s2.json
for f in s1 s2; do
  python3 -c "import json; d = json.load(open('$f.json')); d['tally']['points'][0][2] = 5000000000000000000; json.dump(d, open('${f}big.json', 'w'))"
done
check "shards whose sums of squares pass 2^63 together are refused" exit_is 1 "$hukum" merge s1big.json s2big.json
check "  ... saying why" said "s2big.json: error: together their sums of squares pass what a total can hold"
check "  ... while each alone is possible" exit_is 0 "$hukum" merge s1big.json s2.json
# A team with no seat (found by the fuzz_results campaign): report_text read past
# the seats while printing a fishing game's players.
"$hukum" simulate "$repo/rulesets/scopa/scopa.yaml" --deals 20 --json >fishing.json
python3 -c "import json; d = json.load(open('fishing.json')); d['shape']['team_of'] = [0] * len(d['shape']['team_of']); json.dump(d, open('seatless.json', 'w'))"
check "a team with no seat is refused" exit_is 1 "$hukum" merge seatless.json
check "  ... saying why" said "shape.team_of: team 2 has no seat"
tamper c1name.json "t['results'][0][0] = '\x9b31mred'"
check "a result name with a C1 control is refused" exit_is 1 "$hukum" merge c1name.json
# Result names: only names the run's ruleset can give (merge and report used to print any name).
tamper unknown.json "t['results'][0][0] = 'nowhere'"
check "a result name the ruleset cannot give is refused" exit_is 1 "$hukum" merge unknown.json
check "  ... saying why" said "unknown.json: error: result 'nowhere' is not one the ruleset can give (a name of its result rules, its data or its Lua files)"
check "  ... and report refuses it too" exit_is 1 "$hukum" report unknown.json -o page.html
check "  ... saying why" said "result 'nowhere' is not one the ruleset can give"
"$hukum" simulate "$repo/tests/fixtures/play/head_trick.yaml" --deals 20 --json >plain.json
python3 -c "import json; d = json.load(open('plain.json')); d['tally']['results'][0][0] = 'nowhere'; json.dump(d, open('plain_bad.json', 'w'))"
check "  ... naming the results of a ruleset without hooks" exit_is 1 "$hukum" merge plain_bad.json
check "  ... all of them" said "result 'nowhere' is not one the ruleset can give (its results: all_passed, draw, normal)"
python3 -c "import json; d = json.load(open('unknown.json')); d['file'] = 'gone.yaml'; json.dump(d, open('moved.json', 'w'))"
check "a result whose ruleset is gone is merged" exit_is 0 "$hukum" merge moved.json
check "  ... with a note that its names were not checked" said "moved.json: note: result names not checked: its ruleset 'gone.yaml' was not found"
python3 -c "import json; d = json.load(open('r.json')); d['content_hash'] = '0'; json.dump(d, open('edited.json', 'w'))"
check "  ... and so is one whose ruleset has changed, with a note" exit_is 0 "$hukum" merge edited.json
check "  ... saying so" said "edited.json: note: result names not checked: its ruleset '.*mendikot.yaml' has changed since the run"
# A hook may name results: the names written in its Lua count, others do not.
"$hukum" simulate "$repo/rulesets/euchre/euchre.yaml" --deals 60 --json >hooked.json
check "a run whose hooks name its results merges" exit_is 0 "$hukum" merge hooked.json
python3 -c "import json; d = json.load(open('hooked.json')); d['tally']['results'][0][0] = 'nowhere'; json.dump(d, open('hooked_bad.json', 'w'))"
check "  ... and a name its hooks never write is refused" exit_is 1 "$hukum" merge hooked_bad.json
check "  ... saying why" said "result 'nowhere' is not one the ruleset can give (a name of its result rules, its data or its Lua files)"
# ... which holds because game.set_result refuses a name built at run time.
printf 'extends: %s
hooks: {scripts: [built.lua], deal_scored: built.deal_scored}
' "$mendikot" >built.yaml
printf 'built = {}
function built.deal_scored() game.set_result(0, "won_" .. game.deal_number()) end
' >built.lua
check "a hook naming a result no file holds fails the run" exit_is 1 "$hukum" simulate built.yaml --deals 5
check "  ... saying why" said "result name 'won_1' is not one of the ruleset's results"
tamper failure.json "t['errors'] = 1; t['first_failure_unit'] = 0; t['first_failure'] = '\x1b[2J\x9b31m\x07pwned'"
"$hukum" merge failure.json >merged.txt 2>&1
check "merge prints a shard's first failure" grep -q 'first failure: \\x1b\[2J\\xc2\\x9b31m\\x07pwned' merged.txt
check "  ... with no raw control byte" no_raw_controls merged.txt
"$hukum" merge failure.json --json >merged.json 2>&1
check "merge --json escapes it too" grep -q '"\\u001b\[2J\\u009b31m\\u0007pwned"' merged.json
check "  ... with no raw control byte" no_raw_controls merged.json

# --- C1 controls (U+0080..U+009F; U+009B acts as ESC [) are refused at validate like C0 ones.
printf 'extends: %s\nname: "\\u009b2Jcleared"\n' "$mendikot" >c1.yaml
check "a C1 control in a ruleset name does not validate" exit_is 1 "$hukum" validate c1.yaml
check "  ... naming the value" said "c1.yaml:2:7: error: the value holds a control character"
check "  ... with no raw control byte" no_raw_controls "$work/exit_out"
printf 'extends: %s\nseats: {count: 4, names: ["N\\u0085", E, S, W]}\n' "$mendikot" >c1seat.yaml
check "a C1 control in a seat name does not validate" exit_is 1 "$hukum" validate c1seat.yaml
check "  ... naming the value" said "c1seat.yaml:2:27: error: the value holds a control character"

# --- Files are written whole or not at all. A full disk is made with a file
# size limit (ulimit -f, in KB; SIGXFSZ ignored so that the write fails with EFBIG);
# stdout goes to /dev/null, which the limit does not touch.
full_disk=(bash -c 'trap "" XFSZ; ulimit -f "$1"; shift; exec "$@" >/dev/null' full_disk)  # "${full_disk[@]}" KB COMMAND...
mkdir -p old
{ sed "s|^extends: .*|extends: $repo/rulesets/chinese-ten/chinese-ten.yaml|" "$repo/tests/fixtures/upgrade/main_mela_v1.yaml"
  for i in $(seq 80); do echo "# a trailing comment that pushes the file past 4 KB ($i)"; done; } >old/main_mela.yaml
cp old/main_mela.yaml old/original.yaml
# upgrade --in-place used to cut the file to 4096 bytes and, when the cut fell in the comments, say "upgraded, ok".
check "upgrade --in-place on a full disk exits 1" exit_is 1 "${full_disk[@]}" 4 "$hukum" upgrade --in-place old/main_mela.yaml
check "  ... saying the file is left as it was" said "main_mela.yaml: error: cannot write .*; the file is left as it was"
check "  ... and it is" cmp old/main_mela.yaml old/original.yaml
check "  ... with no temporary file left" no_temp_files old
check "upgrade --in-place keeps the file's mode" sh -c "chmod 640 old/main_mela.yaml && '$hukum' upgrade --in-place old/main_mela.yaml && test \$(stat -c %a old/main_mela.yaml) = 640"
echo "an earlier log" >full.jsonl
check "play --log on a full disk exits 1" exit_is 1 "${full_disk[@]}" 8 "$hukum" play "$mendikot" --deals 20 --log full.jsonl
check "  ... saying so" said "cannot write the log 'full.jsonl' (disk full?).*it is left as it was"
check "  ... leaving the earlier log" grep -qx "an earlier log" full.jsonl
echo "earlier rows" >rows.csv
check "simulate --deals-out on a full disk exits 1" exit_is 1 "${full_disk[@]}" 8 "$hukum" simulate "$mendikot" --deals 2000 --deals-out rows.csv
check "  ... leaving the earlier rows" grep -qx "earlier rows" rows.csv
check "  ... with no temporary file left" no_temp_files .
if "${HUKUM_PYTHON:-/usr/bin/python3}" -c 'import matplotlib' 2>/dev/null; then
  echo "an earlier page" >page.html
  check "report on a full disk exits 1" exit_is 1 "${full_disk[@]}" 4 "$hukum" report r.json -o page.html
  check "  ... leaving the earlier page" grep -qx "an earlier page" page.html
  check "  ... with no temporary file left" no_temp_files .
fi

# --- An interrupted run says so, exits 128 + 2 and leaves the earlier file.
# (timeout runs hukum in the foreground, where Ctrl-C's SIGINT is not ignored.)
ctrl_c=(timeout --preserve-status -s INT)  # "${ctrl_c[@]}" SECONDS COMMAND...
check "an interrupted simulate --deals-out exits 130" exit_is 130 "${ctrl_c[@]}" 1 "$hukum" simulate "$mendikot" --deals 50000000 --deals-out rows.csv
check "  ... saying the rows were not written" said "hukum: interrupted; not written (an earlier file is left as it was): 'rows.csv'"
check "  ... leaving the earlier rows" grep -qx "earlier rows" rows.csv
check "  ... with no temporary file left" no_temp_files .

# --- A log ends with a record saying whether it is complete; replay refuses a cut one.
"$hukum" play "$mendikot" --deals 2 --seed 5 --log whole.jsonl >/dev/null
check "a finished log ends complete" test "$(tail -1 whole.jsonl)" = '{"event":"end","complete":true}'
check "  ... and replays clean" exit_is 0 "$hukum" replay whole.jsonl
# Three seconds: on a loaded machine one second could end the run before it
# had opened its log (a million deals take far longer either way).
check "an interrupted play exits 130" exit_is 130 "${ctrl_c[@]}" 3 "$hukum" play "$mendikot" --deals 1000000 --log part.jsonl
check "  ... saying the log is marked" said "interrupted after [0-9]* deal(s); the log 'part.jsonl' ends with a record saying it is incomplete"
check "  ... which it is" test "$(tail -1 part.jsonl)" = '{"event":"end","complete":false,"reason":"interrupted"}'
check "replay refuses an incomplete log" exit_is 1 "$hukum" replay part.jsonl
check "  ... saying so" said "part.jsonl: the log is incomplete (its end line says: interrupted)"
head -n -1 whole.jsonl >cut.jsonl
check "replay refuses a log with no end line" exit_is 1 "$hukum" replay cut.jsonl
check "  ... saying it was cut" said "cut.jsonl: the log has no 'end' line: it was cut short"
# A person at the prompt: Ctrl-C ends the wait for input at once.
check "Ctrl-C at the prompt exits 130" exit_is 130 sh -c "sleep 3 | ${ctrl_c[*]} 1 '$hukum' play '$mendikot' --seats human,random,random,random --deals 1 --log prompt.jsonl"
check "  ... its log marked incomplete" test "$(tail -1 prompt.jsonl)" = '{"event":"end","complete":false,"reason":"interrupted"}'
printf 'quit\n' | "$hukum" play "$mendikot" --seats human,random,random,random --deals 1 --log quit.jsonl >/dev/null 2>&1
check "a game left with quit is marked incomplete" test "$(tail -1 quit.jsonl)" = '{"event":"end","complete":false,"reason":"stopped"}'

# --- replay finds libraries as play does: --lib-path, HUKUM_PATH, the installed library.
mkdir -p lib/mygame copy
cp "$mendikot" lib/mygame/mygame.yaml
printf 'extends: mygame\nname: Copied\n' >copy/copy.yaml
"$hukum" play copy/copy.yaml --deals 1 --lib-path lib --log copy/lib.jsonl >/dev/null
check "replay --lib-path finds the extended game" exit_is 0 "$hukum" replay copy/lib.jsonl --lib-path lib
check "replay with HUKUM_PATH finds it" exit_is 0 env HUKUM_PATH="$work/lib" "$hukum" replay copy/lib.jsonl
printf 'extends: mendikot\nname: Copied\n' >copy/installed.yaml
"$hukum" play copy/installed.yaml --deals 1 --log copy/installed.jsonl >/dev/null
check "replay finds a game of the installed library" exit_is 0 "$hukum" replay copy/installed.jsonl

# --- The HTML page draws any text as text: no mathtext (two `$` in a team name used to end in a traceback).
# A seat that plays alone is a team named after its seat: Hearts with seat names holding `$`.
if "${HUKUM_PYTHON:-/usr/bin/python3}" -c 'import matplotlib' 2>/dev/null; then
  printf 'extends: %s\nseats: {count: 4, names: ["N$\\\\frac{$S", "E$^$W", S, W]}\n' "$repo/rulesets/hearts/hearts.yaml" >dollar.yaml
  check "a team name with two \$ gives a page" exit_is 0 "$hukum" simulate dollar.yaml --deals 50 --html dollar.html
  check "  ... showing the name as written" grep -q 'N\$\\frac{\$S' dollar.html
else
  echo "skipped the HTML checks: no matplotlib for ${HUKUM_PYTHON:-/usr/bin/python3}"
fi

finish
