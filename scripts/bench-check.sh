#!/usr/bin/env bash
# Measures `digraph check` on synthetic manifests of 1k, 10k and 100k registrations.
# Usage: scripts/bench-check.sh [workdir]   (figures go to stdout as a Markdown table)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/digraph-bench}
mkdir -p "$work"
swift build -c release --product digraph >/dev/null
swift build -c release --product digraph-synth >/dev/null
swift build -c release --product digraph-bench >/dev/null
bin=.build/release

echo "| registrations (requested) | format | file size | parse only (median of 5) | load + all rules (median of 5) | \`digraph check\` wall | peak RSS |"
echo "|---|---|---|---|---|---|---|"
for n in 1000 10000 100000; do
  for format in yaml json; do
    file="$work/synthetic-$n.$format"
    if [ "$format" = json ]; then "$bin/digraph-synth" "$n" --json > "$file"; else "$bin/digraph-synth" "$n" > "$file"; fi
    size=$(du -h "$file" | cut -f1)
    stages=$("$bin/digraph-bench" "$file" --runs 5)
    parse=$(echo "$stages" | awk '/^parse /{print $2" "$3}')
    check=$(echo "$stages" | awk '/^check /{print $(NF-1)" "$NF}')
    timing=$( { /usr/bin/time -f "%e s|%M" "$bin/digraph" check "$file" >/dev/null; } 2>&1 | tail -1)
    wall=${timing%%|*}
    rss_kb=${timing##*|}
    echo "| $n | $format | $size | $parse | $check | $wall | $((rss_kb / 1024)) MB |"
  done
done
