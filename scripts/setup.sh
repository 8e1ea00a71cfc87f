#!/usr/bin/env bash
# Installs what hukum needs to build and test on Debian bookworm (run as root).
# Idempotent: when every package is already there, apt is not touched.
# `setup.sh --fuzz` adds clang and its sanitizer/libFuzzer runtime (scripts/fuzz.sh);
# the ordinary build and tests do not need them.
set -euo pipefail
packages=(g++ cmake ninja-build ccache pkg-config libyaml-cpp-dev liblua5.4-dev catch2
          python3-dev python3-pybind11 python3-numpy python3-pytest  # the Python module (python/)
          libcli11-dev nlohmann-json3-dev
          libcpp-httplib-dev   # hukum serve, the web table (interpreter/serve/)
          python3 python3-yaml python3-jsonschema  # python3: schema and terminal-session tests
          python3-matplotlib   # the HTML simulation report's charts (scripts/report_html.py)
          chromium             # renders that report in its test (tests/cli/report_test.sh)
          python3-selenium chromium-driver)  # the web table's browser test (tests/serve/browser_test.py)
if [[ "${1:-}" == "--fuzz" ]]; then packages+=(clang libclang-rt-14-dev); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
echo "setup: all dependencies present"
