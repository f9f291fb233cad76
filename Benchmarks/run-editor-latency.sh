#!/usr/bin/env bash
# The figures of docs/editors.md in one run: lint and `assess lsp` at 1,000, 2,000, 4,000 and 8,000 steps
# (release build), with the load average before and after. Usage: Benchmarks/run-editor-latency.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product assess-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/assess-bench"
echo "before: $(uptime)"
"$bench" lint 1000 2000 4000 8000
"$bench" lsp 1000 2000 4000 8000
echo "after: $(uptime)"
