#!/usr/bin/env bash
# Regenerates the expected check reports. Run deliberately, then read the diff before committing:
#   swift build && Tests/DigraphCLITests/Expected/regenerate.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
bin=.build/debug/digraph
out=Tests/DigraphCLITests/Expected
for fixture in popcorn/manifest.yaml issue-tracker/manifest.yaml workout; do
  name=${fixture%%/*}
  "$bin" check "fixtures/$fixture" --format json > "$out/$name.json" || true
done
for file in fixtures/broken/*.yaml; do
  code=$(basename "$file" .yaml)
  "$bin" check "$file" --format json > "$out/$code.json" || true
  "$bin" check "$file" --format sarif > "$out/$code.sarif" || true
done
for format in text json markdown; do
  "$bin" diff fixtures/diff/base.yaml fixtures/diff/head.yaml --format "$format" > "$out/diff.$format" || true
done
