# Shared by the command-line test scripts (sourced after `hukum` and `repo` are
# set): a scratch folder removed on exit, pass/fail counters, `check NAME CMD...`
# (the command must succeed), `exit_is CODE CMD...` (that exit code, within 20 s:
# a hang fails; the output is kept in $work/exit_out) and `finish` (the summary
# line and the script's exit status).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {
  local name=$1; shift
  if "$@" >"$work/out" 2>&1; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL $name"; sed 's/^/    /' "$work/out" | head -20; fi
}
exit_is() {
  local want=$1; shift
  timeout 20 "$@" >"$work/exit_out" 2>&1
  local got=$?
  [ "$got" -eq "$want" ] || { echo "exit $got, expected $want: $*"; head -c 2000 "$work/exit_out"; return 1; }
}
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
