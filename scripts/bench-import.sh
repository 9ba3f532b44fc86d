#!/usr/bin/env bash
# Measures `digraph import` and `digraph check` on synthetic Swinject code bases
# (scripts/synth-swift.py): 500 files / 2,000 registrations and 5,000 files / 20,000.
# Usage: scripts/bench-import.sh [workdir]   (figures go to stdout as a Markdown table)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/digraph-bench-import}
mkdir -p "$work"
swift build -c release --product digraph >/dev/null
bin=.build/release/digraph

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

echo "| files / registrations | Swift size | \`digraph import\` (median of 5) | \`digraph check\` on the Swift (median of 5) | peak RSS (import) |"
echo "|---|---|---|---|---|"
for spec in "500 2000" "5000 20000"; do
  set -- $spec
  sources="$work/swift-$1"
  rm -rf "$sources"
  python3 scripts/synth-swift.py "$sources" "$1" "$2"
  size=$(du -sh "$sources" | cut -f1)
  import_times=() check_times=() rss=0
  for _ in 1 2 3 4 5; do
    /usr/bin/time -o "$work/time" -f "%e|%M" "$bin" import "$sources" -o "$work/imported.yaml" 2>/dev/null
    timing=$(cat "$work/time")
    import_times+=("${timing%%|*}")
    rss=${timing##*|}
    /usr/bin/time -o "$work/time" -f "%e|%M" "$bin" check "$sources" >/dev/null 2>&1 || true
    timing=$(tail -1 "$work/time")
    check_times+=("${timing%%|*}")
  done
  import=$(printf '%s\n' "${import_times[@]}" | median)
  check=$(printf '%s\n' "${check_times[@]}" | median)
  echo "| $1 / $2 | $size | $import s | $check s | $((rss / 1024)) MB |"
done
