#!/usr/bin/env bash
# assess preview benchmark: first paint and step change in headless Chromium for a generated 200-step
# survey (targets: first paint < 200 ms, step change < 50 ms), with a 3-step example as the baseline
# in the same run. Needs chromium and chromium-driver (integrations/browser/run-test.sh installs them)
# and uses integrations/browser/.venv (made here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product assess >/dev/null
venv=integrations/browser/.venv
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet -r integrations/browser/requirements.txt; }
python3 Benchmarks/generate-long-survey.py /tmp/assess-long-survey.json 200
uptime
"$venv/bin/python" Benchmarks/preview-bench.py .build/release/assess examples/surveys/breathing-test.json /tmp/assess-long-survey.json
uptime
