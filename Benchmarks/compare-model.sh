#!/usr/bin/env bash
# The model's speed against main's, in one run: `assess-bench lint`, `run`, `flow` and `lsp` from a release
# build of REF (default main; `git archive` into BASE, built there once) and from this tree, alternating,
# ROUNDS times each. Read the best figure of each side; the load average is printed before and after.
#   Benchmarks/compare-model.sh            BASE=/tmp/codable-base ROUNDS=3 REF=main
set -euo pipefail
cd "$(dirname "$0")/.."
base=${BASE:-/tmp/codable-base}
rounds=${ROUNDS:-3}
ref=${REF:-main}
if [ ! -x "$base/.build/release/assess-bench" ]; then
    rm -rf "$base" && mkdir -p "$base"
    git archive "$ref" | tar -x -C "$base"
    (cd "$base" && swift build -c release --product assess-bench >/dev/null)
fi
swift build -c release --product assess-bench >/dev/null
echo "main: $(git rev-parse --short "$ref"), branch: $(git rev-parse --short HEAD) (+ working tree)"
uptime
for round in $(seq "$rounds"); do
    for side in main branch; do
        bench=$base/.build/release/assess-bench
        [ "$side" = branch ] && bench=$PWD/.build/release/assess-bench
        echo "== round $round, $side"
        "$bench" lint 1000 8000 | grep -E '^assess lint'
        "$bench" run | tail -1
        "$bench" flow | tail -1
        "$bench" lsp | grep -E 'didOpen|keystroke'
    done
done
uptime
