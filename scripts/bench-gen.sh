#!/usr/bin/env bash
# gen-swift figures for docs/performance.md:
#   1. resolve speed: the generated plain container vs the generated Swinject assemblies resolving
#      the same root (about 50 transitive dependencies), both -O, side by side in one executable;
#   2. compile time of the generated plain container (with --target stubs) for 500 and 2,000
#      synthetic registrations: swiftc -typecheck, -Onone and -O.
# Usage: scripts/bench-gen.sh [workdir] [sizes…]   (sizes "none": the resolve speed only)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-$PWD/.build-gen-bench}
shift || true
sizes=${*:-500 2000}
mkdir -p "$work"
swift build -c release --product digraph >/dev/null
swift build -c release --product digraph-synth >/dev/null
bin=$PWD/.build/release

echo "## Resolve speed"
package="$work/resolve"
mkdir -p "$package/Sources/ResolveBenchmark"
cp Benchmarks/ResolveBenchmark/Package.swift "$package/"
"$bin/digraph-synth" 60 > "$work/resolve.yaml"
implementations=$(grep -oE 'implementation: Service[0-9]+' "$work/resolve.yaml" | sed 's/implementation: //' | paste -sd, -)
sources="$package/Sources/ResolveBenchmark"
"$bin/digraph" gen-swift "$work/resolve.yaml" --target plain -o - > "$sources/Container.swift"
"$bin/digraph" gen-swift "$work/resolve.yaml" --target swinject -o - > "$sources/Assemblies.swift"
"$bin/digraph" gen-swift "$work/resolve.yaml" --target stubs -o - > "$sources/Stubs.swift"
# The root a person would write for the same graph: singletons behind a lock, transients inline.
python3 scripts/hand-root.py "$work/resolve.yaml" > "$sources/HandWrittenRoot.swift"
cat > "$sources/main.swift" <<SWIFT
import Foundation
import Swinject

/// Nanoseconds per resolve of the root, the median of 7 rounds.
func nanoseconds(_ iterations: Int, _ resolve: () -> AnyObject) -> Double {
    var rounds: [Double] = []
    for _ in 0..<7 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { _ = resolve() }
        rounds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
    }
    return rounds.sorted()[3]
}

let plain = AppContainer()
let hand = HandWrittenRoot()
let container = Container()
_ = Assembler([SyntheticAssembly()], container: container)
precondition(plain.service59Protocol() !== plain.service59Protocol())
// How many registrations one resolve of the root reaches: the stub classes it instantiated.
let counts: [Int] = [$(echo "$implementations" | sed -E 's/([A-Za-z0-9]+)/\1.instances/g')]
let reached = counts.filter { \$0 > 0 }.count
// Interleaved rounds, so that the noise of a shared machine falls on all three alike.
var plainTimes: [Double] = [], handTimes: [Double] = [], swinjectTimes: [Double] = []
for _ in 0..<5 {
    plainTimes.append(nanoseconds(200_000) { plain.service59Protocol() })
    handTimes.append(nanoseconds(200_000) { hand.service59Protocol() })
    swinjectTimes.append(nanoseconds(5_000) { container.resolve((any Service59Protocol).self)! })
}
let plainTime = plainTimes.sorted()[2], handTime = handTimes.sorted()[2], swinjectTime = swinjectTimes.sorted()[2]
func f(_ value: Double) -> String { String(format: "%.0f", value) }
print("| root reaching \\(reached) registrations | \(f(handTime)) ns | \(f(plainTime)) ns | \(String(format: "%.2f", plainTime / handTime))× | \(f(swinjectTime)) ns | \(f(swinjectTime / plainTime))× |")
SWIFT
swift build -c release --package-path "$package" --scratch-path "$work/resolve-build" >/dev/null
echo "| resolve | hand-written root (-O) | generated plain container (-O) | plain / hand-written | generated Swinject assemblies (-O) | Swinject / plain |"
echo "|---|---|---|---|---|---|"
"$work/resolve-build/release/ResolveBenchmark"
[ "$sizes" = none ] && exit 0

echo
echo "## Compile time of the generated plain container"
echo "| registrations | lines | swiftc -typecheck | swiftc -Onone | swiftc -O | --split 8, swiftc -Onone -j2 |"
echo "|---|---|---|---|---|---|"
for n in $sizes; do
  dir="$work/compile-$n"
  mkdir -p "$dir"
  "$bin/digraph-synth" "$n" > "$dir/manifest.yaml"
  "$bin/digraph" gen-swift "$dir/manifest.yaml" -o - > "$dir/Container.swift"
  "$bin/digraph" gen-swift "$dir/manifest.yaml" --target stubs -o - > "$dir/Stubs.swift"
  count=$("$bin/digraph" check "$dir/manifest.yaml" | sed -E 's/.*checked ([0-9]+) registrations.*/\1/')
  lines=$(wc -l < "$dir/Container.swift")
  timed() { /usr/bin/time -o "$dir/time" -f "%e" "$@" >/dev/null 2>&1; cat "$dir/time"; }
  typecheck=$(timed swiftc -swift-version 6 -typecheck -module-name Bench "$dir/Container.swift" "$dir/Stubs.swift")
  onone=$(timed swiftc -swift-version 6 -Onone -emit-library -module-name Bench -o "$dir/libOnone.so" "$dir/Container.swift" "$dir/Stubs.swift")
  optimized=$(timed swiftc -swift-version 6 -O -emit-library -module-name Bench -o "$dir/libO.so" "$dir/Container.swift" "$dir/Stubs.swift")
  rm -rf "$dir/split"
  "$bin/digraph" gen-swift "$dir/manifest.yaml" -o "$dir/split" --split 8 2>/dev/null
  split=$(timed swiftc -swift-version 6 -Onone -j2 -emit-library -module-name Bench -o "$dir/libSplit.so" "$dir"/split/*.swift "$dir/Stubs.swift")
  echo "| $count | $lines | $typecheck s | $onone s | $optimized s | $split s |"
done
