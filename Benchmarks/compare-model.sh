#!/usr/bin/env bash
# The model's speed against main's, in one run: `assess-bench lint`, `run`, `flow` and `lsp` from a release
# build of REF (default: where this branch left main; `git archive` into BASE, built there once) and from this
# tree, alternating, ROUNDS times each. Read the best figure of each side; the load average is printed before
# and after.   Benchmarks/compare-model.sh        BASE=/tmp/codable-base ROUNDS=3 REF=<commit>
set -euo pipefail
cd "$(dirname "$0")/.."
base=${BASE:-/tmp/codable-base}
rounds=${ROUNDS:-3}
ref=$(git rev-parse --short "${REF:-$(git merge-base main HEAD)}")
if [ ! -x "$base/.build/release/assess-bench" ] || [ "$(cat "$base/.commit" 2>/dev/null)" != "$ref" ]; then
    rm -rf "$base" && mkdir -p "$base"
    git archive "$ref" | tar -x -C "$base"
    echo "$ref" > "$base/.commit"
    (cd "$base" && swift build -c release --product assess-bench >/dev/null)
fi
swift build -c release --product assess-bench >/dev/null
echo "main: $ref, branch: $(git rev-parse --short HEAD) (+ working tree)"
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
