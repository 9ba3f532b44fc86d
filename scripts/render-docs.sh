#!/usr/bin/env bash
# Regenerates the pictures in docs/pictures from the shipped fixtures. Run after changing the
# DOT encoder, then look at the pictures before committing them.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product digraph >/dev/null
bin=.build/debug/digraph
$bin render fixtures/popcorn/manifest.yaml --png -o docs/pictures/popcorn.png
$bin render fixtures/issue-tracker/manifest.yaml --png -o docs/pictures/issue-tracker.png
$bin render fixtures/issue-tracker/manifest.yaml --png --collapse modules -o docs/pictures/issue-tracker-modules.png
$bin render fixtures/workout --png --rankdir LR -o docs/pictures/workout.png
$bin render docs/examples/problems.yaml --png -o docs/pictures/problems.png 2>/dev/null
# Shaping (docs/rendering.md "Shape of big pictures"): overviews at low resolution through the
# `dot` command (Debian's graphviz package), from the DOT digraph writes.
$bin render fixtures/shapes/app.yaml --dot -o - 2>/dev/null | dot -Tpng -Gdpi=36 -o docs/pictures/shapes-app.png
python3 scripts/app-shapes.py 150 > /tmp/digraph-app-150.yaml
$bin render /tmp/digraph-app-150.yaml --dot --no-fold -o - 2>/dev/null | dot -Tpng -Gdpi=12 -o docs/pictures/shapes-150-natural.png
$bin render /tmp/digraph-app-150.yaml --dot -o - 2>/dev/null | dot -Tpng -Gdpi=12 -o docs/pictures/shapes-150-shaped.png
# The same at 100 %: a window of 1,000 x 560 pt at the bottom left (Data and Core).
$bin render /tmp/digraph-app-150.yaml --dot -o - 2>/dev/null | dot -Tpng -Gviewport=1000,560,1,500,280 -o docs/pictures/shapes-150-detail.png
# The interactive page, as page_check.py leaves it (ListIssuesUseCase selected); needs Chromium
# (scripts/browser-tests installs it).
swift build --product digraph-synth >/dev/null
/usr/bin/python3 scripts/browser/page_check.py $bin .build/debug/digraph-synth docs/pictures/page.png >/dev/null
