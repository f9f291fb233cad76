#!/usr/bin/env bash
# Checks the executors' `assess` end to end: builds and packs it (package-assess.sh: a static release
# build, several minutes, hence not part of .ci/run), then runs the job through the venv's spark-submit
# in local mode with the binary shipped as `--archives assess-linux-ARCH.tar.gz#assess` and named
# `--assess ./assess/bin/assess`, over a small corpus, and compares the lake with `assess ingest`'s tables.
# Usage: integrations/spark/test-packaged.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/setup-venv.sh"
package=$("$here/package-assess.sh" | head -1)
ASSESS_PACKAGE="$package" exec "$here/.venv/bin/python" "$here/test_packaged.py"
