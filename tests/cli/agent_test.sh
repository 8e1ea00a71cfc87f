#!/usr/bin/env bash
# Outside agents through `hukum simulate` and `play` (docs/agent-protocol.md):
# one program per agent seat for the whole run, the hukum-agent/2 messages,
# answers by id, and an agent that misbehaves in every way the protocol names
# (bytes that are not UTF-8, endless lines, floods of refusals and of stderr,
# silence, children that outlive it) costs its seat the fallback, never the run.
# Usage: agent_test.sh HUKUM REPO_DIR
set -uo pipefail
hukum=$(realpath "$1")
repo=$(cd "$2" && pwd)
source "$(dirname "$0")/harness.sh"
agents=$repo/tests/cli/agents
first="python3 $repo/examples/agents/first_legal_agent.py"
said() { grep -q -- "$1" "$work/exit_out"; }
cd "$work" || exit 1

# --- One program per agent seat for the whole run (it used to be one per seat, deal and rotation).
export RECORD=$work/rec
check "16 deals with the recorder agent in one seat" exit_is 0 "$hukum" simulate mendikot \
  --seats "agent:python3 $agents/recorder.py,random,random,random" --deals 16 --threads 1
check "  ... start the agent once" test "$(wc -l <rec.pids)" -eq 1
rm -f rec rec.pids
check "with --duplicate (4 rotations) and two agent seats" exit_is 0 "$hukum" simulate mendikot \
  --seats "agent:python3 $agents/recorder.py,random,agent:python3 $agents/recorder.py,greedy" --deals 8 --duplicate
check "  ... two programs, kept through the rotations" test "$(wc -l <rec.pids)" -eq 2
rm -f rec rec.pids
check "with --threads 2: one program per seat and thread" exit_is 0 "$hukum" simulate mendikot \
  --seats "agent:python3 $agents/recorder.py,random,random,random" --deals 200 --threads 2
check "  ... at most two" test "$(wc -l <rec.pids)" -le 2
rm -f rec rec.pids
check "with --against: one program per agent seat and variant" exit_is 0 "$hukum" simulate mendikot \
  --seats "agent:python3 $agents/recorder.py,random" --deals 16 --against-option weighted_tally=true
check "  ... four (N and S, in A and in B)" test "$(wc -l <rec.pids)" -eq 4

# --- The messages: start once, then deal, decide, deal_result per deal, match_result per match.
rm -f rec rec.pids
check "play 2 deals with the recorder" exit_is 0 "$hukum" play mendikot --deals 2 --seed 5 \
  --seats "agent:python3 $agents/recorder.py,random,random,random"
check "  ... the agent's answers by id are taken (no problem reported)" bash -c "! grep -q 'hukum: agent' '$work/exit_out'"
check "  ... the messages in order, filled" python3 - "$work/rec" <<'PY'
import json, sys
ms = [json.loads(l) for l in open(sys.argv[1])]
types = [m["type"] for m in ms]
assert all(m["protocol"] == "hukum-agent/2" for m in ms), ms[0]
assert types[0] == "start" and types.count("start") == 1, types[:3]
start = ms[0]
assert start["seats"] == ["N", "E", "S", "W"] and start["teams"] == {"NS": ["N", "S"], "EW": ["E", "W"]}, start
assert start["seat"] == "N" and start["action_ids"] == "index", start
assert types.count("deal") == 2 and types.count("deal_result") == 2, types
assert types[1] == "deal" and types[-1] == "match_result", types[-3:]
decides = [m for m in ms if m["type"] == "decide"]
assert all(m["legal_ids"] == list(range(len(m["observation"]["legal"]))) for m in decides)
# The fixed ids: one per legal action, distinct, each naming the same action wherever it is legal.
# (A card's id is the card whatever the decision does with it: the same within a phase.)
meaning = {}
for m in decides:
    assert len(m["fixed_ids"]) == len(m["observation"]["legal"]) and len(set(m["fixed_ids"])) == len(m["fixed_ids"])
    for i, text in zip(m["fixed_ids"], m["observation"]["legal"]):
        key = (m["observation"]["phase"], i)
        assert 0 <= i < start["fixed_action_count"] and meaning.setdefault(key, text) == text, (key, text, meaning[key])
assert all(m["observation"]["match_scores"] == {"NS": m["observation"]["match_scores"]["NS"], "EW": m["observation"]["match_scores"]["EW"]} for m in decides)
results = [m for m in ms if m["type"] == "deal_result"]
for r in results:
    assert set(r["game_points"]) == {"NS", "EW"} and set(r["returns"]) == {"N", "E", "S", "W"}, r
    assert r["returns"]["N"] == -r["returns"]["E"], r
    assert r["returns"]["N"] == r["game_points"]["NS"] - r["game_points"]["EW"], r
# The second deal's decisions see the first deal's game points in the match scores.
second = [m for m in decides if m["observation"]["deal"] == 2]
assert second and second[0]["observation"]["match_scores"] == results[0]["match_scores"], (second[0]["observation"]["match_scores"], results[0])
assert ms[-1]["match_scores"] == results[-1]["match_scores"], ms[-1]
PY
rm -f rec rec.pids
check "a game with a contract" exit_is 0 "$hukum" play twenty-eight --deals 1 \
  --seats "agent:python3 $agents/recorder.py,random,random,random"
check "  ... says who bid, what, and whether it was made" python3 -c "
import json
r = [json.loads(l) for l in open('$work/rec') if '\"deal_result\"' in l][0]
c = r['contract']
assert set(c) == {'bidder', 'value', 'made'} and isinstance(c['made'], bool), c
"

# --- Bytes that are not UTF-8 are a bad answer: the fallback plays, the run goes on.
# They used to end the run: exit 1 ("invalid UTF-8 byte"), or abort (134) with --threads 2.
for threads in 1 2; do
  check "an agent answering bytes that are not UTF-8 (--threads $threads) exits 0" exit_is 0 "$hukum" simulate mendikot \
    --seats "agent:python3 $agents/bad_bytes.py,random,random,random" --deals 20 --threads $threads
  check "  ... reporting the answer as not JSON" said 'the answer is not a JSON object; line: "{\\"action\\": \\"'
  check "  ... its bytes replaced, not written raw" bash -c "! LC_ALL=C grep -q \$'\\xff' '$work/exit_out'"
done
check "  ... and a report of the run" said "deal wins"
check "  ... also in play" exit_is 0 "$hukum" play mendikot --deals 1 --seats "agent:python3 $agents/bad_bytes.py,random"

# --- Long lines are refused whole; the report is bounded: 20 problems shown, the rest counted.
# A refused line used to be echoed whole (26 MB of stderr for one deal of such answers).
check "an agent answering 3 MB then 100 KB lines exits 0" exit_is 0 "$hukum" simulate mendikot \
  --seats "agent:python3 $agents/long_lines.py,random,random,random" --deals 30
check "  ... refusing the long line clearly" said "the answer is longer than 1048576 bytes (refused)"
check "  ... with at most 200 bytes of each line" said '(first 200 bytes)'
check "  ... stopping after 20 problems" said "20 problems shown; later ones are counted, not shown"
check "  ... and counting them all" grep -Eq "[0-9]+ problems in all, [0-9]+ not shown" "$work/exit_out"
check "  ... in little stderr" test "$(wc -c <"$work/exit_out")" -lt 20000
check "after a long line, the next answer is read, not the long line's rest" exit_is 0 "$hukum" play mendikot \
  --deals 1 --seats "agent:python3 $agents/long_lines.py good-after,random,random,random"
check "  ... one problem only" test "$(grep -c 'hukum: agent at seat' "$work/exit_out")" -eq 1

# --- A line not asked for (a banner) costs at most one decision, not every one after it:
# the lines that came before a question are dropped, so the answers line up again.
check "an agent that prints a banner first" exit_is 0 "$hukum" simulate mendikot \
  --seats "agent:echo hello; exec $first,random,random,random" --deals 50
check "  ... at most one problem" test "$(grep -c 'hukum: agent at seat' "$work/exit_out")" -le 1
check "  ... the dropped line counted" said "): 1 line(s) that answered no decision were dropped"

# --- Silence: after 3 missed answers in a row the agent is given up (the seat plays greedy).
check "a silent agent does not stretch a run" exit_is 0 env HUKUM_AGENT_TIMEOUT_MS=100 "$hukum" simulate mendikot \
  --seats "agent:sleep 30,random,random,random" --deals 50
check "  ... given up after 3 deadlines" said "no answer within 100 ms, 3 times in a row: the agent is given up"
check "an agent that exits at once" exit_is 0 "$hukum" simulate mendikot --seats "agent:exit 0,random,random,random" --deals 50
check "  ... reported once" test "$(grep -c 'hukum: agent at seat' "$work/exit_out")" -eq 1

# --- The agent's children: a stderr flood passes, and its whole process group ends with the run.
# hukum used to kill only the `sh -c` wrapper: the children lived on.
export CHILD=$work/child.pid
check "an agent whose child holds its pipes and floods stderr" exit_is 0 "$hukum" simulate mendikot \
  --seats "agent:$agents/with_child.sh,random,random,random" --deals 20
sleep 0.3
# (A killed child may stay a zombie where nothing reaps orphans: alive means a state other than Z.)
check "  ... its child is ended with it" bash -c "! ps -o stat= -p \$(cat '$work/child.pid') | grep -qv Z"

finish
