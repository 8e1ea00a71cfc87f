#!/usr/bin/env bash
# The simulation report as a designer uses it (issue 11): shards merged equal
# one run byte for byte (and so do thread counts), per-deal rows, merge's
# errors, a comparison of two option sets, `play --deals N` across matches and
# its replay, progress on a terminal only, and the HTML report rendered by
# headless Chromium with its charts there.
# Usage: report_test.sh HUKUM REPO_DIR
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
exit_is() {  # exit_is CODE COMMAND...
  local want=$1; shift
  "$@" >"$work/exit_out" 2>&1
  local got=$?
  [ "$got" -eq "$want" ] || { echo "exit $got, expected $want: $*"; cat "$work/exit_out"; return 1; }
}
count_is() {  # count_is N COMMAND...: the command prints N
  local want=$1; shift
  local got; got=$("$@")
  [ "$got" -eq "$want" ] || { echo "got $got, expected $want: $*"; return 1; }
}
mendikot=$repo/rulesets/mendikot/mendikot.yaml
te=$repo/rulesets/twenty-eight/twenty-eight.yaml
ct=$repo/rulesets/chinese-ten/chinese-ten.yaml
cd "$work" || exit 1

# Shards: three slices merged (in any order) are the one run, byte for byte,
# and their per-deal files concatenate into the one run's file.
"$hukum" simulate "$te" --option cot=true --deals 3001 --seed 4 --json --deals-out all.csv >all.json
"$hukum" simulate "$te" --option cot=true --deals 3001 --seed 4 --json --threads 2 >threads.json
check "two threads give the one-thread report" cmp all.json threads.json
for k in 1 2 3; do
  "$hukum" simulate "$te" --option cot=true --deals 3001 --seed 4 --json --shard $k/3 --threads 2 \
    --deals-out "s$k.csv" >"s$k.json"
done
"$hukum" merge s3.json s1.json s2.json --json >merged.json
check "merged shards equal one run (JSON)" cmp all.json merged.json
"$hukum" simulate "$te" --option cot=true --deals 3001 --seed 4 >all.txt
"$hukum" merge s1.json s2.json s3.json >merged.txt
check "merged shards equal one run (text)" cmp all.txt merged.txt
cat s1.csv s2.csv s3.csv >cat.csv
check "shard rows concatenate into the run's rows" cmp all.csv cat.csv
check "one CSV row per deal plus the header" count_is 3002 wc -l <all.csv
check "the CSV header names teams, seats and the contract" \
  grep -q '^match_seed,unit,match,deal,dealer,winner,result,NS_game_points,NS_points,NS_tricks,EW_game_points' all.csv
"$hukum" simulate "$ct" --deals 40 --deals-out rows.jsonl >/dev/null
check "one JSON line per deal" count_is 40 wc -l <rows.jsonl
check "fishing rows have cards, not tricks" grep -q '"seats":{"N":{"cards":' rows.jsonl

# Merge refuses what is not one simulation's complete set of shards.
check "a missing shard exits 1" exit_is 1 "$hukum" merge s1.json s2.json
check "the missing shard is named" grep -q "shard 3 of 3 is missing" "$work/exit_out"
check "a shard twice exits 1" exit_is 1 "$hukum" merge s1.json s2.json s2.json s3.json
"$hukum" simulate "$te" --option cot=true --deals 3001 --seed 5 --json --shard 2/3 >other.json
check "a shard of another run exits 1" exit_is 1 "$hukum" merge s1.json other.json s3.json
check "the difference is named" grep -q "its seed differs" "$work/exit_out"
printf '{"format": "hukum-simulation", "version": 1, "ruleset": 3}' >bad.json
check "a malformed result exits 1" exit_is 1 "$hukum" merge bad.json
printf 'not json' >junk.json
check "junk exits 1 with the file named" exit_is 1 "$hukum" merge junk.json
check "junk is reported" grep -q "junk.json: error: not JSON" "$work/exit_out"
check "bad shard syntax exits 2" exit_is 2 "$hukum" simulate "$te" --shard 0/3

# Only what applies: no tricks for a fishing game, contracts for an auction.
"$hukum" simulate "$ct" --deals 300 >ct.txt
check "Chinese Ten prints no tricks" sh -c '! grep -qi trick ct.txt'
check "Chinese Ten prints cards captured" grep -q "cards captured" ct.txt
check "Twenty-eight prints contracts by band" grep -q "^  25-28   bid" all.txt
check "Mendikot prints named results with intervals" sh -c \
  "'$hukum' simulate '$mendikot' --deals 500 | grep -Eq '^  mendikot +[0-9]+  [0-9.]+% \\['"

# Compare: the weighted tally changes game points, never who wins a deal.
"$hukum" simulate "$mendikot" --deals 4000 --against-option weighted_tally=true >cmp.txt
check "compare marks the game points difference significant (paired)" grep -q '^\*p NS game points per deal' cmp.txt
check "compare leaves the deal win rate not significant, with a paired interval of zero width" \
  grep -q '^ p NS deal win rate .* B-A   +0.000 \[+0.000, +0.000\]' cmp.txt
check "compare says the match figures are independent samples" grep -q '^.  NS match win rate' cmp.txt
# The verdict comes first, as the JSON has it, and names the clear change (issue 26, item 5).
"$hukum" simulate "$mendikot" --deals 4000 --against-option weighted_tally=true --json >cmp.json
check "the text report's first line is the verdict of the JSON" python3 -c "
import json
v = json.load(open('cmp.json'))['verdict']
first = open('cmp.txt').readline().rstrip('\n')
assert first == v['text'], (first, v['text'])
assert first.startswith('Verdict: weighted_tally=true: ') and ', clear (paired, p < 0.001)' in first, first
assert all('game points per deal' in f for f in v['clear']), v"
check "repeats are left out of the text and named once" grep -q '^Left out, as they repeat .*EW deal win rate (NS deal win rate)' cmp.txt
check "identical variants: no clear change" sh -c "'$hukum' simulate '$mendikot' --deals 400 --against-option \
  weighted_tally=false | head -1 | grep -q '^Verdict: B (the same rules as A): no clear change'"
# A saved comparison reported again keeps the paired method: the same document, intervals and all (item 2).
check "report --json of a saved comparison is the comparison simulate printed" sh -c \
  "'$hukum' report cmp.json --json >cmp-again.json && cmp cmp.json cmp-again.json"
check "  ... with its per-deal figures paired" python3 -c "
import json
d = json.load(open('cmp-again.json'))
assert d['paired']['pairs'] == 4000 and any(x['method'] == 'paired' for x in d['differences']), d['paired']"
python3 -c "
import json; d = json.load(open('cmp.json')); del d['paired']; json.dump(d, open('cmp-old.json', 'w'))"
check "  ... a comparison saved without its sums falls back to independent samples" python3 -c "
import json, subprocess
d = json.loads(subprocess.run(['$hukum', 'report', 'cmp-old.json', '--json'], capture_output=True, check=True).stdout)
assert all(x['method'] == 'independent' for x in d['differences']) and d['paired'] is None"
python3 -c "
import json; d = json.load(open('cmp.json')); d['paired']['differences']['NS deal win rate'][0] = 3
json.dump(d, open('cmp-forged.json', 'w'))"
check "  ... and impossible sums are refused" exit_is 1 "$hukum" report cmp-forged.json --json
check "report needs -o or --json" exit_is 2 "$hukum" report cmp.json
check "compare against a house rule file" "$hukum" simulate "$mendikot" --deals 500 \
  --against "$repo/rulesets/mendikot/variants/fixed_spades.yaml" --json

# Compare under bots (issue 26): both variants under the same seats, paired, the seats said.
"$hukum" simulate "$mendikot" --deals 100 --seats greedy,random --against-option weighted_tally=true >bots.txt
check "compare under seats names them" grep -q '^Seats: N greedy, E random, S greedy, W random, in both$' bots.txt
check "compare under seats pairs the per-deal figures" grep -q '^.p NS game points per deal' bots.txt
"$hukum" simulate "$mendikot" --deals 100 --seats greedy,random --against-option weighted_tally=true --json >bots.json
check "the comparison JSON records the seats" python3 -c "
import json; d = json.load(open('bots.json'))
assert d['a']['seats'] == d['b']['seats'] == ['greedy', 'random'] * 2, d['a'].get('seats')
assert any(x['method'] == 'paired' for x in d['differences'])"
check "compare under ismcts bots" "$hukum" simulate "$te" --deals 8 --seats ismcts:20 --against-option cot=true
check "--duplicate does not combine with --against" exit_is 2 "$hukum" simulate "$mendikot" --seats greedy,random \
  --duplicate --against-option weighted_tally=true
check "a human seat is refused in a comparison" exit_is 2 "$hukum" simulate "$mendikot" --seats human,random \
  --against-option weighted_tally=true

# Seat kinds alone (issue 25): --json, --deals-out and --html work (--json used to be ignored
# silently, the others refused); decision times as a distribution.
"$hukum" simulate "$mendikot" --deals 40 --seats greedy,random --duplicate >kinds.txt
check "the seat report prints the decision-time distribution" \
  grep -Eq '^  greedy .* decision ms p50 [0-9.]+ p90 [0-9.]+ p99 [0-9.]+ max [0-9.]+ over [0-9]+$' kinds.txt
check "--seats --json --deals-out --html" "$hukum" simulate "$mendikot" --deals 40 --seats greedy,random --duplicate \
  --json --deals-out kinds.csv --html kinds.html
"$hukum" simulate "$mendikot" --deals 40 --seats greedy,random --duplicate --json >kinds.json
check "  ... the JSON has per-kind rates with intervals and decision times, as the text" python3 -c "
import json, re
d = json.load(open('kinds.json'))
assert d['format'] == 'hukum-seats' and d['deals'] == 40 and d['rotations'] == 2, d
g = d['kinds'][0]
assert g['kind'] == 'greedy' and g['deal_wins']['low'] <= g['deal_wins']['value'] <= g['deal_wins']['high'], g
assert set(g['decision_ms']) == {'p50', 'p90', 'p99', 'max'} and g['decisions'] > 0, g
text = open('kinds.txt').read()
m = re.search(r'greedy +seats 2: deal wins ([0-9.]+) \[([0-9.]+), ([0-9.]+)\]', text)
assert m and abs(float(m.group(1)) - g['deal_wins']['value']) < 0.0005, (m and m.groups(), g['deal_wins'])
# Kinds on opposite sides of a partnership game: a seat's win is its side's.
assert abs(g['seat_wins']['value'] - g['deal_wins']['value']) < 1e-9, g
r = d['kinds'][1]
d = d['seat_win_difference']
assert r['kind'] == 'random' and abs(d['value'] - (g['seat_wins']['value'] - r['seat_wins']['value'])) < 1e-9, (d, g, r)
m = re.search(r'greedy beats random: seat wins ([+-][0-9.]+) points', text)
assert m and abs(float(m.group(1)) - 100 * d['value']) < 0.05, (m and m.groups(), d)"
check "  ... a row per deal and rotation" test "$(wc -l <kinds.csv)" -eq 81
check "  ... rows in deal order, the rotation as match" python3 -c "
import csv
rows = list(csv.DictReader(open('kinds.csv')))
assert [(int(r['unit']), int(r['match'])) for r in rows] == [(i, k) for i in range(40) for k in range(2)]"
check "  ... the same rows with --threads 2" sh -c "'$hukum' simulate '$mendikot' --deals 40 --seats greedy,random \
  --duplicate --threads 2 --deals-out kinds2.csv >/dev/null && cmp kinds.csv kinds2.csv"
check "  ... a page" grep -q 'data-chart="kind-wins"' kinds.html
check "--seats and --shard do not combine" exit_is 2 "$hukum" simulate "$mendikot" --seats greedy,random --shard 1/2

# Game feel: in the text, the JSON, and a version-1 file (no feel) still merges and reports.
check "the text report has a game-feel section" grep -q '^Game feel' all.txt
check "lead changes are reported" grep -q '    lead changes per match [0-9.]* \[' all.txt
check "the JSON has the game feel" python3 -c "
import json; d = json.load(open('all.json'))
assert d['version'] == 2 and d['report']['feel']['decisions']['per_deal'] > 0 and 'feel' in d['tally']"
python3 -c "
import json; d = json.load(open('all.json')); d['version'] = 1; del d['tally']['feel']
json.dump(d, open('v1.json', 'w'))"
check "a version-1 result still merges" "$hukum" merge v1.json
check "a version-1 result has no game feel" sh -c "'$hukum' merge v1.json | grep -q 'Game feel'; test \$? -eq 1"
check "a version-1 result still makes a page" "$hukum" report v1.json -o v1.html
python3 -c "
import json; d = json.load(open('all.json')); d['version'] = 3
json.dump(d, open('v3.json', 'w'))"
check "a newer version is refused" exit_is 1 "$hukum" merge v3.json
check "the newer version is named" grep -q "version: expected 1 to 2" "$work/exit_out"

# play --deals N: exactly N deals across matches, a header that says so, a log that replays.
"$hukum" play "$te" --deals 20 --seed 3 --log te.jsonl >te.txt
check "play header announces 20 deals" grep -q "^Twenty-eight: 20 deal(s) (matches to 6 game points; a new match begins when one ends), seed 3" te.txt
check "the log holds 20 deals" count_is 20 grep -c '"event":"deal"' te.jsonl
check "several matches were played" grep -q "deal(s) in [0-9]* matches" te.txt
check "the multi-match log replays clean" "$hukum" replay te.jsonl
check "one match without --deals" grep -q "one match to 6 game points" <("$hukum" play "$te" --seed 3)

# Progress: on a terminal only, with a rate and the time left.
"$hukum" simulate "$mendikot" --deals 300000 --threads 2 >/dev/null 2>piped.err
check "no progress when stderr is not a terminal" count_is 0 wc -c <piped.err
script -qec "'$hukum' simulate '$mendikot' --deals 300000 --threads 2" /dev/null >tty.out 2>&1
check "progress on a terminal shows rate and time left" grep -q "deals/s, .* left" tty.out
# The line is cleared before the report: its first line does not follow "...0:01 left".
script -qec "'$hukum' simulate '$mendikot' --deals 300000 --threads 2 --against-option weighted_tally=true" \
  /dev/null >tty-cmp.out 2>&1
check "a comparison shows progress too" grep -q "A and B: .*deals/s" tty-cmp.out
check "the progress line is cleared before the comparison is printed" python3 -c "
out = open('tty-cmp.out', 'rb').read()
at = out.index(b'Verdict: ')
before = out[:at].rsplit(b'\r', 1)
assert out[:at].endswith(b'\r') and b'left' not in before[-1], out[max(0, at - 120):at + 20]"

# The HTML report: self-contained, and Chromium shows its charts.
check "report from merged shards" "$hukum" report merged.json -o page.html
check "simulate --html for a comparison" sh -c "'$hukum' simulate '$mendikot' --deals 2000 \
  --against-option weighted_tally=true --html cmp.html --json >cmp-page.json"
# Twenty-eight with Cot: a contract band nobody bids (no data) and an auction's figures.
"$hukum" simulate "$te" --deals 600 --against-option cot=true --json >te-cmp.json
check "report of a saved Twenty-eight comparison" "$hukum" report te-cmp.json -o te-cmp.html
check "  ... a band without contracts is no data" python3 -c "
import json; d = json.load(open('te-cmp.json')); assert 'contracts 14-19 made rate' in d['no_data'], d['no_data']"
check "the page loads nothing from elsewhere" sh -c "! grep -Eq '(src|href)=\"(https?:)?//' page.html cmp.html"
check "report refuses a non-result" exit_is 1 "$hukum" report junk.json -o x.html
chrome() {
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$(mktemp -d -p "$work")" "$@" 2>/dev/null
}
for page in page cmp te-cmp; do
  chrome --dump-dom "file://$work/$page.html" >"$page.dom"
  charts=$(grep -o '<figure class="chart"[^>]*><h3>[^<]*</h3><svg' "$page.dom" | wc -l)
  check "Chromium renders the charts of $page.html ($charts)" test "$charts" -ge 6
  chrome --window-size=1200,1800 --screenshot="$work/$page.png" "file://$work/$page.html" >/dev/null
  # A page of charts, not a blank one: many coloured (non-grey) pixels. A comparison draws
  # dots and thin interval lines, not bars, so fewer (its content is checked above).
  least=20000
  [ "$page" = page ] || least=3000
  case $page in  # the comparison pages as Chromium shows them, against their JSON
    cmp) check "cmp.html shows the verdict, panels and table of its JSON" \
      /usr/bin/python3 "$repo/tests/cli/check_compare_page.py" cmp.dom cmp-page.json ;;
    te-cmp) check "te-cmp.html shows the verdict, panels, table and no data of its JSON" \
      /usr/bin/python3 "$repo/tests/cli/check_compare_page.py" te-cmp.dom te-cmp.json ;;
  esac
  check "the screenshot of $page.html shows coloured charts" /usr/bin/python3 -c "
from PIL import Image
im = Image.open('$work/$page.png').convert('RGB')
coloured = sum(1 for r, g, b in im.getdata() if max(r, g, b) - min(r, g, b) > 60)
print(coloured)
assert coloured > $least, coloured"
done

# The figures docs/simulation-report.md prints are what its commands print today (issue 26, item 6).
check "the figures of docs/simulation-report.md have not drifted" \
  python3 "$repo/scripts/check_doc_figures.py" "$hukum" "$repo" "$repo/docs/simulation-report.md"
check "the figures every other document prints have not drifted" \
  python3 "$repo/scripts/check_doc_figures.py" --figures-only "$hukum" "$repo" \
  $(ls "$repo"/docs/*.md | grep -v simulation-report.md)

# Skill share (--skill): text, JSON, the page, and `report` keeps it.
coin=$repo/tests/fixtures/report/coin.yaml
"$hukum" simulate "$coin" --option game=two_cards --deals 300 --skill --skill-bot ismcts:20 >skill.txt
check "--skill prints the skill share" grep -Eq '^  skill share [0-9.]+% \[' skill.txt
"$hukum" simulate "$coin" --option game=two_cards --deals 300 --skill --skill-bot ismcts:20 --json >skill.json
check "  ... and the JSON has it, as the text" python3 -c "
import json, re
k = json.load(open('skill.json'))['skill']
m = re.search(r'skill share ([0-9.]+)%', open('skill.txt').read())
assert k['bot'] == 'ismcts:20' and k['pairs'] == 600 and abs(100 * k['share']['value'] - float(m.group(1))) < 0.05, k"
check "  ... report keeps it" sh -c "'$hukum' report skill.json --json >skill-again.json && cmp skill.json skill-again.json"
check "  ... and the page shows it" sh -c "'$hukum' report skill.json -o skill.html && grep -q 'id=\"skill\"' skill.html"
for k in 1 2 3; do
  "$hukum" simulate "$coin" --option game=two_cards --deals 300 --skill --skill-bot ismcts:20 --json --shard $k/3 >skill-$k.json
done
check "  ... shards merged keep it: the one run's skill share, byte for byte" sh -c "'$hukum' merge skill-3.json skill-1.json skill-2.json --json | cmp - skill.json"
check "  ... and as text" sh -c "'$hukum' merge skill-1.json skill-2.json skill-3.json | cmp - skill.txt"
"$hukum" simulate "$coin" --option game=two_cards --deals 300 --json --shard 3/3 >plain-skill-3.json
check "  ... merge refuses a shard without it" exit_is 1 "$hukum" merge skill-1.json skill-2.json plain-skill-3.json
check "--skill does not combine with --against" exit_is 2 "$hukum" simulate "$coin" --skill --against-option deals=2
check "--skill-bot must be a bot" exit_is 2 "$hukum" simulate "$coin" --skill --skill-bot human

# Rule coverage (--coverage): the JSON's keys, the text's section, threads,
# shards merged, report and the page keep it, and a comparison counts each variant.
cov=$repo/tests/fixtures/coverage/coverage.yaml
"$hukum" simulate "$cov" --deals 600 --seed 3 --coverage --json >cov.json
check "--coverage --json has the coverage keys" python3 -c "
import json
c = json.load(open('cov.json'))['coverage']
assert list(c) == ['deals', 'card_decisions', 'rules', 'never_fired', 'options'], list(c)
assert c['deals'] == 600 and c['card_decisions'] == 2400, c
rules = {r['kind'] + ' ' + r['rule']: r for r in c['rules']}
assert all(list(r) == ['kind', 'rule', 'fired', 'over', 'unit'] for r in c['rules'])
assert rules['hook hooks.trick_done coverage.trick_done'] == {'kind': 'hook', 'rule': 'hooks.trick_done coverage.trick_done', 'fired': 600, 'over': 1200, 'unit': 'calls'}
assert rules['play obligation trump_if_void']['fired'] == 0 and rules['play obligation trump_if_void']['over'] == 2400
assert c['never_fired'] == ['play obligation trump_if_void', 'scoring result normal (1 game point)'], c['never_fired']
assert c['options'] == [{'option': 'void_trumps', 'value': 'yes', 'rules': ['play obligation trump_if_void'], 'fired': False}], c['options']"
"$hukum" simulate "$cov" --deals 600 --seed 3 --coverage >cov.txt
check "  ... the text has its section and the rules that never fired" sh -c "
grep -q '^Rule coverage: ' cov.txt &&
grep -Eq '^  hook    hooks.trick_done coverage.trick_done +fired 600 of 1200 calls \(50.0%\)$' cov.txt &&
grep -qx '  never fired: play obligation trump_if_void; scoring result normal (1 game point)' cov.txt &&
tail -2 cov.txt | head -1 | grep -q '^invariant failures: 0'"
"$hukum" simulate "$cov" --deals 600 --seed 3 --coverage --json --threads 2 >cov-threads.json
check "  ... two threads count the same" cmp cov.json cov-threads.json
"$hukum" simulate "$cov" --deals 600 --seed 3 --coverage --json --shard 1/2 >cov-1.json
"$hukum" simulate "$cov" --deals 600 --seed 3 --coverage --json --shard 2/2 >cov-2.json
check "  ... shards merged are the one run, byte for byte" sh -c "'$hukum' merge cov-2.json cov-1.json --json | cmp - cov.json"
check "  ... and as text" sh -c "'$hukum' merge cov-1.json cov-2.json | cmp - cov.txt"
"$hukum" simulate "$cov" --deals 600 --seed 3 --json --shard 2/2 >plain-2.json
check "  ... merge refuses a shard without it" exit_is 1 "$hukum" merge cov-1.json plain-2.json
check "  ... report keeps it" sh -c "'$hukum' report cov.json --json | cmp - cov.json"
check "  ... and the page shows it" sh -c "'$hukum' report cov.json -o cov.html && grep -q 'id=\"coverage\"' cov.html"
"$hukum" simulate "$cov" --deals 300 --coverage --against-option void_trumps=no --json >cov-cmp.json
check "  ... a comparison counts each variant" python3 -c "
import json
d = json.load(open('cov-cmp.json'))
a, b = d['a']['coverage'], d['b']['coverage']
assert [r['rule'] for r in a['rules']][:2] == ['obligation follow_suit', 'obligation trump_if_void'], a['rules']
assert 'obligation trump_if_void' not in [r['rule'] for r in b['rules']], b['rules']
assert b['options'][0]['value'] == 'no' and b['options'][0]['fired'] is None, b['options']"
check "  ... report keeps a comparison's" sh -c "'$hukum' report cov-cmp.json --json | cmp - cov-cmp.json"
"$hukum" simulate "$cov" --deals 300 --coverage --seats greedy,random --duplicate --json >cov-seats.json
check "  ... and seat kinds against each other, each play (deal x rotation) counted" python3 -c "
import json
c = json.load(open('cov-seats.json'))['coverage']
assert c['deals'] == 600 and c['card_decisions'] == 2400, c
hook = [r for r in c['rules'] if r['kind'] == 'hook'][0]
assert hook['fired'] == 600 and hook['over'] == 1200, hook"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
