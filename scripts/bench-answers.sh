#!/usr/bin/env bash
# Measures `digraph why` and `digraph analyze` against `digraph check` on the synthetic manifests of
# 1k, 10k and 100k registrations (digraph-synth: layered, about three edges per registration, the
# top layer as roots), and on a chain of 100k (the longest path, paths and dominators at full depth).
# Usage: scripts/bench-answers.sh [workdir]   (figures go to stdout as a Markdown table)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/digraph-bench-answers}
mkdir -p "$work"
swift build -c release --product digraph >/dev/null
swift build -c release --product digraph-synth >/dev/null
bin=.build/release

# wall seconds and peak RSS of one run: "1.23 s|456 MB"
measure() {
  local timing
  /usr/bin/time -f "%e|%M" -o "$work/time.txt" "$@" >/dev/null 2>&1 || true
  timing=$(tail -1 "$work/time.txt")
  echo "${timing%%|*} s|$(( ${timing##*|} / 1024 )) MB"
}

echo "| manifest | registrations | \`check\` | \`analyze --format json\` | \`why KEY --format json\` (100 paths) | why: µs per registration |"
echo "|---|---|---|---|---|---|"
for n in 1000 10000 100000; do
  file="$work/synthetic-$n.yaml"
  [ -f "$file" ] || "$bin/digraph-synth" "$n" > "$file"
  # The first key of the lowest layer: every root reaches it by many paths.
  key=Service0Protocol
  check=$(measure "$bin/digraph" check "$file")
  analyze=$(measure "$bin/digraph" analyze "$file" --format json)
  why=$(measure "$bin/digraph" why "$key" "$file" --format json)
  seconds=${why%% s*}
  echo "| synthetic ($key) | $n | ${check/|/, } | ${analyze/|/, } | ${why/|/, } | $(awk -v s="$seconds" -v n="$n" 'BEGIN { printf "%.1f", s * 1e6 / n }') |"
done

# A chain: R0 -> R1 -> … -> R(n-1), R0 a root: one path of n edges, a launch chain of n keys.
n=100000
chain="$work/chain-$n.yaml"
if [ ! -f "$chain" ]; then
  {
    echo "version: 1"
    echo "registrations:"
    echo "  - provides: R0"
    echo "    root: true"
    echo "    dependencies: { next: R1 }"
    for ((i = 1; i < n - 1; i++)); do
      echo "  - provides: R$i"
      echo "    dependencies: { next: R$((i + 1)) }"
    done
    echo "  - provides: R$((n - 1))"
  } > "$chain"
fi
check=$(measure "$bin/digraph" check "$chain")
analyze=$(measure "$bin/digraph" analyze "$chain" --format json)
why=$(measure "$bin/digraph" why "R$((n - 1))" "$chain" --format json)
seconds=${why%% s*}
echo "| chain (R$((n - 1)), a path of $((n - 1)) edges) | $n | ${check/|/, } | ${analyze/|/, } | ${why/|/, } | $(awk -v s="$seconds" -v n="$n" 'BEGIN { printf "%.1f", s * 1e6 / n }') |"
