#!/usr/bin/env bash
# Measures `digraph diff --base HEAD .` against `digraph check .` in git clones of Swift apps, as a
# ratio taken pair by pair (scripts/bench-pair.py runs them in turn).
# Usage: scripts/bench-diff-app.sh CLONE [CLONE ...]   (one block of figures per clone on stdout)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product digraph >/dev/null
bin=$PWD/.build/release/digraph
pair=$PWD/scripts/bench-pair.py
for clone in "$@"; do
  echo "== $clone ($(git -C "$clone" rev-parse --short HEAD))"
  (cd "$clone" && python3 "$pair" -n 9 --vs "$bin check ." -- "$bin" diff --base HEAD .)
  (cd "$clone" && python3 "$pair" -n 9 --vs "$bin check ." -- "$bin" diff . .)
done
