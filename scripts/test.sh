#!/usr/bin/env bash
# Installs, builds and runs every test: Catch2 unit, loader and Lua tests, the
# scenario suite, ruleset validation and the randomized conformance run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
ctest --test-dir build --output-on-failure --no-tests=error -j2
