#!/usr/bin/env bash
# Measures `digraph render --svg` against `digraph check` of the same Swift app, as a ratio taken
# pair by pair (scripts/bench-pair.py runs them in turn). With no folder given it
# writes a synthetic Swinject app of the size of issue 26's (110 registrations in 530 files,
# scripts/synth-swift.py); give real apps' folders to measure those.
# Usage: scripts/bench-render-app.sh [APP_FOLDER ...]   (one block of figures per app on stdout)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product digraph >/dev/null
bin=$PWD/.build/release/digraph
pair=$PWD/scripts/bench-pair.py
apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
  rm -rf /tmp/digraph-render-app && python3 scripts/synth-swift.py /tmp/digraph-render-app 530 110
  apps=(/tmp/digraph-render-app)
fi
for app in "${apps[@]}"; do
  echo "== $app"
  (cd "$app" && "$bin" check . 2>&1 | grep -E '^digraph: (read|checked)' || true)
  (cd "$app" && python3 "$pair" -n 5 --vs "$bin check ." -- "$bin" render . --format svg -o /tmp/digraph-render-app.svg)
done
