#!/usr/bin/env bash
# Measures `digraph render --svg` against `dot -Tsvg` with Graphviz's default layout limits on the
# same graph (the DOT digraph writes with --graphviz-defaults), for 500, 2,000 and 5,000
# registrations from digraph-synth. Needs the `graphviz` package for the `dot` command.
# Usage: scripts/bench-render.sh [workdir] [sizes…]   (Markdown table on stdout)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/digraph-render-bench}
shift || true
sizes=${*:-500 2000 5000}
limit=${DOT_TIMEOUT:-1200}
mkdir -p "$work"
swift build -c release --product digraph >/dev/null
swift build -c release --product digraph-synth >/dev/null
bin=.build/release

echo "| registrations | digraph render --svg (wall, peak RSS) | dot -Tsvg, Graphviz defaults (wall) | ratio | digraph render --png |"
echo "|---|---|---|---|---|"
for n in $sizes; do
  manifest="$work/synthetic-$n.yaml"
  "$bin/digraph-synth" "$n" > "$manifest"
  count=$("$bin/digraph" check "$manifest" | sed -E 's/.*checked ([0-9]+) registrations.*/\1/')
  /usr/bin/time -o "$work/time" -f "%e|%M" "$bin/digraph" render "$manifest" --svg --no-limit -o "$work/ours-$n.svg" 2>/dev/null
  ours=$(cat "$work/time")
  /usr/bin/time -o "$work/time" -f "%e" "$bin/digraph" render "$manifest" --png --no-limit -o "$work/ours-$n.png" 2>/dev/null
  png=$(cat "$work/time")
  "$bin/digraph" render "$manifest" --dot --graphviz-defaults -o "$work/defaults-$n.dot" 2>/dev/null
  if /usr/bin/time -o "$work/time" -f "%e" timeout "$limit" dot -Tsvg "$work/defaults-$n.dot" -o "$work/dot-$n.svg"; then
    theirs=$(cat "$work/time")
    ratio=$(awk -v a="$theirs" -v b="${ours%%|*}" 'BEGIN { printf "%.1f×", a / b }')
  else
    theirs="> $limit (stopped)"
    ratio=$(awk -v a="$limit" -v b="${ours%%|*}" 'BEGIN { printf "> %.0f×", a / b }')
  fi
  echo "| $count | ${ours%%|*} s, $(( ${ours##*|} / 1024 )) MB | $theirs s | $ratio | $png s |"
done
