#!/usr/bin/env bash
# Runs the generative gen-swift test over many seeds: each seed is a random valid manifest from a
# hostile pool of names; its plain container and its Swinject assemblies are compiled
# (-swift-version 6 -warnings-as-errors) and run with lifetime checks. Prints the failing seeds.
#   scripts/fuzz-gen.sh            # seeds 1-200
#   scripts/fuzz-gen.sh 500-800    # any range or list (7,9,12)
set -uo pipefail
cd "$(dirname "$0")/.."
seeds="${1:-1-200}"
swift build --build-tests >/dev/null || exit 2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
DIGRAPH_GEN_SEEDS="$seeds" swift test --skip-build --filter "GenerativeTests|generativeAssembliesKeepEveryPromise" >"$log" 2>&1
status=$?
failing=$(grep -E "^✘ .*seed → [0-9]+" "$log" | grep -oE "seed → [0-9]+" | awk '{print $3}' | sort -n -u | tr '\n' ' ')
if [ -n "$failing" ]; then
    echo "failing seeds: $failing"
    echo "reproduce one: DIGRAPH_GEN_SEEDS=<seed> swift test --filter GenerativeTests"
    exit 1
fi
[ "$status" -eq 0 ] || { tail -40 "$log"; exit 1; }
grep -E "^✔ Test (plainContainerKeepsEveryPromise|generativeAssembliesKeepEveryPromise)" "$log"
echo "seeds $seeds: all passed"
