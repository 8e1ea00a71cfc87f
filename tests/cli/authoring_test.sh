#!/usr/bin/env bash
# The rule author's tools as an author meets them: validate --all-options naming
# the failing option set, warnings and --werror, friendly YAML errors (tabs),
# did-you-mean for commands and flags, validate on a folder, bash completion.
# Usage: authoring_test.sh HUKUM REPO_DIR COMPLETION_SCRIPT
set -uo pipefail
hukum=$1
repo=$(cd "$2" && pwd)
completion=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {  # check NAME COMMAND...: the command must succeed
  local name=$1; shift
  if "$@" >"$work/out" 2>&1; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL $name"; sed 's/^/    /' "$work/out" | head -20; fi
}
exit_is() {  # exit_is CODE COMMAND...: stdout+stderr kept in $work/exit_out
  local want=$1; shift
  "$@" >"$work/exit_out" 2>&1
  local got=$?
  [ "$got" -eq "$want" ] || { echo "exit $got, expected $want: $*"; cat "$work/exit_out"; return 1; }
}
has() { grep -qF -- "$1" "$work/exit_out" || { echo "missing: $1"; cat "$work/exit_out"; return 1; }; }
lacks() { ! grep -qF -- "$1" "$work/exit_out" || { echo "unexpected: $1"; cat "$work/exit_out"; return 1; }; }
mendikot=$repo/rulesets/mendikot/mendikot.yaml

# --- validate --all-options: a house rule that passes by default, fails under 2 of 4 trump methods.
cat >"$work/reveal_any_time.yaml" <<YAML
# House rule: a void player may turn the face-down card up at any time.
extends: $mendikot
hooks:
  cannot_follow: {offer: reveal, exclusive: false}
YAML
check "house rule passes by default" exit_is 0 "$hukum" validate "$work/reveal_any_time.yaml"
check "--all-options fails" exit_is 1 "$hukum" validate --all-options "$work/reveal_any_time.yaml"
check "--all-options names random_card" has "with trump_method=random_card"
check "--all-options names cut_hukum" has "trump_method=cut_hukum"
check "--all-options does not blame the band methods" lacks "with trump_method=band_hukum"
check "--all-options gives the position" has "reveal_any_time.yaml:4:"
check "--all-options counts the sets" grep -Eq "\(([0-9]+) of ([0-9]+) option sets\)" "$work/exit_out"
check "--all-options on every bundled ruleset" exit_is 0 "$hukum" validate --all-options "$repo/rulesets"
check "--all-options reports the sets checked" has "mendikot.yaml: ok (Mendikot, "

# --- Warnings: card points of a card an option removes.
cat >"$work/two_of_spades.yaml" <<YAML
extends: $mendikot
card_points: {10: 1, 2S: 1}
YAML
check "warning alone passes" exit_is 0 "$hukum" validate --option players=6 "$work/two_of_spades.yaml"
check "warning is a warning" has "two_of_spades.yaml:2:22: warning: card_points.2S: no card '2S' is in the deck"
check "no warning under the defaults" exit_is 0 "$hukum" validate "$work/two_of_spades.yaml"
check "no warning text under the defaults" lacks "warning"
check "--all-options shows the warning with its option" exit_is 0 "$hukum" validate --all-options "$work/two_of_spades.yaml"
check "--all-options warning names players" has "with players=6; players=8"
check "--werror fails on a warning" exit_is 1 "$hukum" validate --all-options --werror "$work/two_of_spades.yaml"

# --- Friendly YAML errors.
printf 'name: Tabbed\nplay:\n\tmust_follow_suit: true\n' >"$work/tab.yaml"
check "tab exits 1" exit_is 1 "$hukum" validate "$work/tab.yaml"
check "tab is named at its place" has "tab.yaml:3:1: error: a tab indents this line; YAML indents with spaces only"
printf 'name: Broken\nseats: {count: 4\n' >"$work/brace.yaml"
check "unclosed brace exits 1" exit_is 1 "$hukum" validate "$work/brace.yaml"
check "unclosed brace is explained" has "without its closing '}'"

# --- Did you mean, for commands and flags.
check "unknown command exits 2" exit_is 2 "$hukum" simulat "$mendikot"
check "unknown command suggests" has "unknown command 'simulat' (did you mean 'simulate'?)"
check "unknown flag exits 2" exit_is 2 "$hukum" play "$mendikot" --sed 3
check "unknown flag suggests" has "unknown flag '--sed' (did you mean '--seed'?)"
check "unknown flag with a value suggests" exit_is 2 "$hukum" validate --all-option "$mendikot"
check "unknown flag with a value suggests (text)" has "did you mean '--all-options'?"

# --- validate DIR walks the folder.
check "validate a folder" exit_is 0 "$hukum" validate "$repo/rulesets"
want=$(find "$repo/rulesets" -name '*.yaml' | wc -l)
got=$(grep -c ': ok (' "$work/exit_out")
check "validate a folder checks every *.yaml ($want)" test "$got" -eq "$want"
mkdir "$work/empty"
check "validate an empty folder fails" exit_is 1 "$hukum" validate "$work/empty"

# --- upgrade: a file of the earlier format, rewritten in place, then loads.
mkdir -p "$work/old"
sed "s|^extends: .*|extends: $repo/rulesets/chinese-ten/chinese-ten.yaml|" \
  "$repo/tests/fixtures/upgrade/main_mela_v1.yaml" >"$work/old/main_mela.yaml"
check "the earlier format is refused, naming upgrade" exit_is 1 "$hukum" validate "$work/old/main_mela.yaml"
check "the earlier format is refused (text)" has "'specials' is no longer a key"
check "upgrade prints the file" exit_is 0 "$hukum" upgrade "$work/old/main_mela.yaml"
check "upgrade prints the file (text)" has "hook_params: {dealer_takes: 0, taken_together: 0, redeal_special_at_least: 3, redeal_stuck: true}"
check "upgrade --in-place rewrites and validates" exit_is 0 "$hukum" upgrade --in-place "$work/old/main_mela.yaml"
check "upgrade --in-place (text)" has "upgraded, ok (Main Mela)"
check "the upgraded file validates" exit_is 0 "$hukum" validate "$work/old/main_mela.yaml"
check "a second upgrade has nothing to do" exit_is 0 "$hukum" upgrade --in-place "$work/old/main_mela.yaml"
check "a second upgrade (text)" has "nothing to upgrade"
check "an inline retired key is named, exit 1" exit_is 1 "$hukum" upgrade "$repo/tests/fixtures/upgrade/scopa_kings_v1.yaml"
check "an inline retired key (text)" has "written inline: replace options.kings_redeal.values.true.fishing.redeal by hand"

# --- Bash completion, as bash runs it.
complete_words() {  # complete_words WORD...: what TAB offers for the last word
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _hukum; echo "${COMPREPLY[*]}"' _ "$completion" "$@"
}
check "completion of a command" test "$(complete_words hukum sim)" = "simulate"
check "completion of flags" test "$(complete_words hukum play --se)" = "--seats --seed"
check "completion of validate flags" test "$(complete_words hukum validate --all)" = "--all-options"
check "completion of seat kinds" test "$(complete_words hukum play x.yaml --seats h)" = "human"
# Game names where a ruleset is expected, the line's ruleset's --option keys
# and values. Words split at '=' as bash splits them (COMP_WORDBREAKS); the
# first word is the hukum to ask (`hukum list --names`, `--options`).
completes_to() {  # completes_to EXPECTED WORD...: EXPECTED is one of the completions of the last word
  local expected=$1; shift
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _hukum; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$completion" "$hukum" "$@" | grep -xF -- "$expected" >/dev/null  # not -q: an early exit is SIGPIPE upstream, a failure under pipefail
}
check "completion: game names for play" completes_to scopa play sco
check "completion: house rules" completes_to mendikot/fixed_spades describe mendikot/
check "completion: names after --against" completes_to hearts simulate hearts --against hea
check "completion: options of the ruleset" completes_to trump_method=cut_hukum play mendikot --seed 3 -o ""
check "completion: values after key=" completes_to cut_hukum simulate --deals 9 mendikot --option trump_method =
check "completion: a value begun" completes_to 12 play twenty-eight -o match_target = 1
check "completion: only that key's values" test "$(complete_words "$hukum" play twenty-eight -o match_target = 1)" = "10 12"
check "completion: options of a house rule named by path" completes_to players=6 \
  play "$repo/rulesets/mendikot/variants/fixed_spades.yaml" -o pl
check "completion script is what hukum prints" diff <("$hukum" completion) "$completion"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
