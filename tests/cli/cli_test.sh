#!/usr/bin/env bash
# End-to-end checks of the `hukum` command as users and scripts call it:
# exit codes, positioned validation errors, byte-identical logs, replay and its
# divergence report, the terminal player, simulate's invariant checks.
# Usage: cli_test.sh HUKUM REPO_DIR
set -uo pipefail
hukum=$1
repo=$(cd "$2" && pwd)
shopt -s nullglob
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
mendikot=$repo/rulesets/mendikot/mendikot.yaml

# Every bundled ruleset and variant validates.
check "validate bundled" "$hukum" validate "$repo"/rulesets/*/*.yaml "$repo"/rulesets/*/variants/*.yaml

# Validation loads the hooks too: a bound function that no script defines.
cat >"$work/unbound.yaml" <<YAML
extends: $(realpath --relative-to="$work" "$mendikot")
hooks:
  actions: {pong: pong}
  cannot_follow: {offer: pong, exclusive: false}
YAML
check "unbound hook function exits 1" exit_is 1 "$hukum" validate "$work/unbound.yaml" --option trump_method=cut_hukum
check "unbound hook function is named at its line" grep -q "unbound.yaml:3:13: error: hooks.actions.pong: function .pong. is not defined" "$work/exit_out"

# A broken ruleset: exit 1 and a positioned error naming the key and a suggestion.
cat >"$work/broken.yaml" <<'YAML'
extends: MENDIKOT
play:
  last_trik_bonus: 10
deal_packets: [14, 4]
YAML
sed -i "s|MENDIKOT|$(realpath --relative-to="$work" "$mendikot")|" "$work/broken.yaml"
check "broken ruleset exits 1" exit_is 1 "$hukum" validate "$work/broken.yaml"
check "typo is positioned with a suggestion" grep -q \
  "broken.yaml:3:3: error: play: unknown key 'last_trik_bonus' (did you mean 'last_trick_bonus'?)" "$work/exit_out"
check "usage error exits 2" exit_is 2 "$hukum" play
check "unknown option value exits 1" exit_is 1 "$hukum" validate "$mendikot" --option trump_method=cut
check "bad option syntax exits 2" exit_is 2 "$hukum" validate "$mendikot" --option trump_method
check "help exits 0" exit_is 0 "$hukum" simulate --help
check "describe" "$hukum" describe "$mendikot" --option trump_method=cut_hukum
# A fishing game's description ends, like any other, with what its Lua does.
check "describe a fishing game with hooks" exit_is 0 "$hukum" describe "$repo/rulesets/chinese-ten/variants/red_five_bonus.yaml"
check "describe: the notes" grep -q "three of a kind of a special rank in the initial layout are taken together" "$work/exit_out"
check "describe: the hook and its card filter" grep -q "captured: fishing_specials.capture_bonus (only for 5H, 5D)" "$work/exit_out"
check "describe a game with trump orders" exit_is 0 "$hukum" describe "$repo/rulesets/five-hundred/five-hundred.yaml"
# Every rank a card outside the trumps has, in any suit: not one suit's ranks
# (clubs: JH and JD are plain cards, and hearts and diamonds have a 4).
check "describe: a trump order's plain ranks" grep -q "clubs: trumps JK JC JS AC .*; the other cards rank A K Q J 10 9 8 7 6 5 4\\.$" "$work/exit_out"

# Logs: the same seed gives byte-identical logs, which replay clean.
for method in random_card cut_hukum band_hukum_compulsory band_hukum_optional; do
  "$hukum" play "$mendikot" --deals 3 --seed 11 --option trump_method=$method --log "$work/a.jsonl" >/dev/null
  "$hukum" play "$mendikot" --deals 3 --seed 11 --option trump_method=$method --log "$work/b.jsonl" >/dev/null
  check "identical logs ($method)" cmp "$work/a.jsonl" "$work/b.jsonl"
  check "replay clean ($method)" "$hukum" replay "$work/a.jsonl"
done
# A tampered log: replay names the first line that differs and exits 1.
awk 'BEGIN{done=0} /"event":"trick"/ && !done {sub(/"winner":"[A-Z0-9]+"/, "\"winner\":\"X\""); done=1} {print}' \
  "$work/a.jsonl" >"$work/t.jsonl"
check "tampered log exits 1" exit_is 1 "$hukum" replay "$work/t.jsonl"
check "divergence is located" grep -q "t.jsonl:[0-9]*: diverges" "$work/exit_out"
# A truncated log: the broken line is named, no crash.
head -c 3000 "$work/a.jsonl" >"$work/cut.jsonl"
check "truncated log exits 1" exit_is 1 "$hukum" replay "$work/cut.jsonl"
check "truncated log names its line" grep -q "cut.jsonl:[0-9]*: not a hukum log line" "$work/exit_out"

# A log of format 1 (written before every move had a `move` line; only
# game.move's had one) still replays clean, its hook moves compared line by
# line. The recorded option is given again so that the check survives edits
# of the Mendikot ruleset that change its hash but not its play.
v1_log=tests/fixtures/logs/moves_v1.jsonl
check "a hukum-log/1 log replays clean" sh -c "cd '$repo' && '$hukum' replay $v1_log --option trump_method=fixed"
# ... and compares its hook moves: one edited fails the replay at that line.
awk 'BEGIN{done=0} /"event":"move","card":"/ && !done {sub(/"to":\{"zone":"[a-z_]+"/, "\"to\":{\"zone\":\"won\""); done=1} {print}' \
  "$repo/$v1_log" >"$work/v1_edited.jsonl"
check "  ... a hook move edited in it diverges" exit_is 1 sh -c "cd '$repo' && '$hukum' replay '$work/v1_edited.jsonl' --option trump_method=fixed"
check "  ... at the edited line" grep -q "v1_edited.jsonl:[0-9]*: diverges" "$work/exit_out"
sed 's/"format":"hukum-log\/1"/"format":"hukum-log\/9"/' "$repo/$v1_log" >"$work/v9.jsonl"
check "a log of an unknown format exits 1" exit_is 1 "$hukum" replay "$work/v9.jsonl"
check "  ... and names the format" grep -q "format \"hukum-log/9\" is not one this hukum reads" "$work/exit_out"
# Every move has its line: the moves of the first deal (up to the second
# `deal` line) put the 52 cards of the pack into the hands.
check "a log has a move line for every card dealt" sh -c "awk '/\"event\":\"deal\"/{n++} n==1' '$work/a.jsonl' | grep '\"from\":{\"zone\":\"stock\"},\"to\":{\"zone\":\"hand\"' | grep -oE '\"(10|[2-9JQKA])[SHDC]\"' | sort -u | wc -l | tr -d ' ' | grep -qx 52"
# A position names its zones once: `hand` and its earlier name `hands` together are refused.
sed 's/^  won: {W: rest}/  won: {W: rest}\n  hands: {N: []}/' "$repo/tests/scenarios/twenty-eight/thani_position_last_trick.yaml" |
  sed "s|\.\./\.\./\.\./rulesets|$repo/rulesets|" >"$work/both_names.yaml"
check "a position with a zone under two names fails" exit_is 1 "$hukum" test "$work/both_names.yaml"
check "  ... and says so" grep -q "the zone 'hand' is written twice" "$work/exit_out"
# A fixed deal's turn-up listed with one seat (W) and taken by another (S):
# the scenario fails at that step, naming the card and both seats.
sed -e 's/^  - W: accept$/  - W: pass\n  - S: accept/' "$repo/tests/scenarios/belote/b01_take_round1.yaml" |
  sed "s|\.\./\.\./\.\./rulesets|$repo/rulesets|" >"$work/other_taker.yaml"
check "a turn-up taken by a seat other than the one listing it fails" exit_is 1 "$hukum" test "$work/other_taker.yaml"
check "  ... naming the card and both seats" grep -q "the turn-up KD goes to S (deal_rest), but the fixed deal lists it in the hand of W" "$work/exit_out"

# Replaying under other options reports where the game stops being legal.
"$hukum" play "$mendikot" --deals 1 --seed 4 --log "$work/m.jsonl" --option trump_method=band_hukum_optional >/dev/null
check "replay under other options exits 1" exit_is 1 "$hukum" replay "$work/m.jsonl" --option trump_method=cut_hukum
check "replay under other options names the action" grep -q "the logged action 'hide" "$work/exit_out"
# Scenarios run against a variant with --option.
# The match keys of a scenario are checked like the rest: named team, number, key.
cat >"$work/bad_match.yaml" <<YAML
ruleset: $(realpath --relative-to="$work" "$repo/rulesets/hearts/hearts.yaml")
match_scores: {NS: 3, W: x}
steps:
  - expect: {match_winnr: W, vars: [1]}
YAML
check "bad match keys fail the scenario" exit_is 1 "$hukum" test "$work/bad_match.yaml"
check "unknown team in match_scores" grep -q "bad_match.yaml:2:16: error: match_scores: unknown team 'NS'" "$work/exit_out"
check "match_scores value not a number" grep -q "bad_match.yaml:2:26: error: match_scores.W: 'x' is not a number" "$work/exit_out"
check "misspelt expect key" grep -q "bad_match.yaml:4:14: error: steps\[0\].expect: unknown key 'match_winnr' (did you mean 'match_winner'?)" "$work/exit_out"
check "vars must be a map" grep -q "bad_match.yaml:4:36: error: steps\[0\].expect.vars: expected a map, got a list" "$work/exit_out"

check "test with an option override" exit_is 1 "$hukum" test "$repo/tests/scenarios/mendikot/weighted_tally_mendikot.yaml" --option weighted_tally=false
check "the override changes the expected game points" grep -q "expect.result.game_points" "$work/exit_out"
check "test override runs the scenario" exit_is 0 "$hukum" test "$repo/tests/scenarios/mendikot/weighted_tally_mendikot.yaml" --option weighted_tally=true

# The terminal player: help, an illegal action refused with the legal list, quit.
printf 'help\nZZ\n2X\nquit\n' | "$hukum" play "$mendikot" --seats human,random,random,random \
  --deals 1 --seed 3 --option trump_method=cut_hukum >"$work/human" 2>&1
check "human play shows the hand and legal actions" grep -q "^Your move: .*Legal: " "$work/human"
check "human play refuses unknown text" grep -q "'ZZ' is not a move of this game" "$work/human"
check "human play in a pipe is plain text" sh -c "! grep -q \"$(printf '\033')\" '$work/human'"
check "human play stops on quit" grep -q "Match stopped" "$work/human"

# Lua: game.points_won includes the last-trick bonus, and points a hook adds
# (game.add_score) appear on play's result line. The hook adds 1000 game points
# per card point it reads, so each line's game points / 1000 must equal the
# deal's points, which count the bonus.
cat >"$work/record.lua" <<'LUA'
function record()
  for team = 0, 1 do game.add_score(team, 1000 * game.points_won(team)) end
end
LUA
cat >"$work/bonus.yaml" <<YAML
extends: $mendikot
play: {last_trick_bonus: 5}
hooks: {scripts: [record.lua], deal_scored: {call: record}}
YAML
"$hukum" play "$work/bonus.yaml" --deals 4 --seed 2 --option trump_method=random_card >"$work/bonus.out" 2>&1
check "bonus deals are scored" test "$(grep -c 'Result:' "$work/bonus.out")" -eq 4
check "points_won counts the last-trick bonus; the result line shows Lua points" awk '
  /Result:/ { n++
    match($0, /NS points [0-9]+/); ns = substr($0, RSTART + 10, RLENGTH - 10)
    match($0, /EW points [0-9]+/); ew = substr($0, RSTART + 10, RLENGTH - 10)
    match($0, /game points NS [0-9]+ EW [0-9]+/); split(substr($0, RSTART, RLENGTH), g, " ")
    if (int(g[4] / 1000) != ns || int(g[6] / 1000) != ew || ns + ew < 5) { print "mismatch: " $0; bad = 1 } }
  END { exit bad || n != 4 }' "$work/bonus.out"

# Simulation: no invariant failure; JSON is machine-readable.
for players in 4 6 8; do
  "$hukum" simulate "$mendikot" --deals 3000 --threads 2 --option players=$players --json >"$work/sim.json"
  check "simulate players=$players: no failures" grep -q '"invariant_failures": 0' "$work/sim.json"
done

# Rulesets by name: a bundled game's folder name (and GAME/HOUSE-RULE) works
# wherever a ruleset file does; a file of that name in the current folder wins;
# an unknown name is a usage error that names the close ones.
check "play by name" exit_is 0 "$hukum" play scopa --deals 1 --seed 4
check "  ... plays that game" grep -q "^Scopa: 1 deal(s)" "$work/exit_out"
check "describe a house rule by name" exit_is 0 "$hukum" describe mendikot/fixed_spades
check "  ... describes that house rule" grep -q "^Mendikot, spades trump$" "$work/exit_out"
check "validate by name" exit_is 0 "$hukum" validate hearts twenty-eight
check "  ... names the files" grep -q "rulesets/twenty-eight/twenty-eight.yaml: ok (Twenty-eight)" "$work/exit_out"
check "simulate by name, against a house rule by name" exit_is 0 "$hukum" simulate mendikot --deals 200 \
  --option trump_method=random_card --against mendikot/must_trump_when_void
check "bench by name" exit_is 0 "$hukum" bench oh-hell --deals 100
check "upgrade by name" exit_is 0 "$hukum" upgrade euchre
check "an unknown name exits 2" exit_is 2 "$hukum" play scop
check "  ... and names the close ones" grep -q "no file or game named 'scop' (did you mean 'scopa'" "$work/exit_out"
check "  ... and points to the list" grep -q "hukum list" "$work/exit_out"
check "an unknown house rule names the game's house rules" exit_is 2 "$hukum" describe mendikot/fixed_spade
check "  ... all of them near" grep -q "'mendikot/fixed_spades'" "$work/exit_out"
check "an unknown name with --against exits 2 before any play" exit_is 2 "$hukum" simulate mendikot --against mendikott
check "  ... naming it" grep -q "did you mean 'mendikot'" "$work/exit_out"
mkdir -p "$work/here" "$work/lib/pinochle"
sed 's/^name: Hearts$/name: Local hearts/' "$repo/rulesets/hearts/hearts.yaml" >"$work/here/hearts"
cp "$repo/rulesets/hearts/hearts.lua" "$work/here/"
check "a file that exists wins over a name" exit_is 0 sh -c "cd '$work/here' && '$(realpath "$hukum")' describe hearts"
check "  ... its own rules are described" grep -q "^Local hearts" "$work/exit_out"
sed 's/^name: Hearts$/name: Pinochle stand-in/' "$repo/rulesets/hearts/hearts.yaml" >"$work/lib/pinochle/pinochle.yaml"
cp "$repo/rulesets/hearts/hearts.lua" "$work/lib/pinochle/"
check "a game of HUKUM_PATH by name" exit_is 0 env HUKUM_PATH="$work/lib" "$hukum" describe pinochle
check "  ... is that game" grep -q "^Pinochle stand-in" "$work/exit_out"
check "a game of --lib-path by name" exit_is 0 "$hukum" describe pinochle --lib-path "$work/lib"
check "list --names gives games and house rules" exit_is 0 "$hukum" list --names
check "  ... a game" grep -qx "scopa" "$work/exit_out"
check "  ... a house rule" grep -qx "chinese-ten/taiwan" "$work/exit_out"
check "list --options gives KEY=VALUE" exit_is 0 "$hukum" list --options mendikot
check "  ... every value" grep -qx "trump_method=cut_hukum" "$work/exit_out"
check "list shows house rules by name" sh -c "'$hukum' list | grep -q 'house rule mendikot/fixed_spades '"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
