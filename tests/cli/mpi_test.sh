#!/usr/bin/env bash
# `simulate --mpi` under `mpirun -np 2` prints exactly what one run prints
# (JSON and text). Registered only in builds with -DHUKUM_MPI=ON.
# Usage: mpi_test.sh HUKUM REPO_DIR
set -euo pipefail
hukum=$(realpath "$1")
repo=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
te=$repo/rulesets/twenty-eight/twenty-eight.yaml
# Root in containers, two ranks on whatever cores there are.
mpi=(mpirun --allow-run-as-root --oversubscribe -np 2)
"$hukum" simulate "$te" --option cot=true --deals 3001 --seed 4 --json >"$work/one.json"
"${mpi[@]}" "$hukum" simulate "$te" --option cot=true --deals 3001 --seed 4 --json --mpi >"$work/mpi.json"
cmp "$work/one.json" "$work/mpi.json"
"$hukum" simulate "$te" --deals 2000 --seed 9 >"$work/one.txt"
"${mpi[@]}" "$hukum" simulate "$te" --deals 2000 --seed 9 --mpi >"$work/mpi.txt"
cmp "$work/one.txt" "$work/mpi.txt"
echo "mpi: 2 ranks equal one run (JSON and text)"
