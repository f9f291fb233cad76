#!/usr/bin/env bash
# Runs the Spark job's test in Spark local mode (PySpark from PyPI in integrations/spark/.venv, Java from
# the system). Skips with a clear message, exit 0, only when Java or PyPI is unreachable.
# ASSESS names the assess binary (default: .build/debug/assess, built by `swift build`/`swift test`).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v java >/dev/null 2>&1; then
  if [ "${CI:-}" = "true" ] && command -v apt-get >/dev/null 2>&1; then
    echo "spark test: installing Java (default-jre-headless)" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; } >/dev/null 2>&1 || true
  fi
  if ! command -v java >/dev/null 2>&1; then
    echo "SKIPPED: the Spark integration test needs Java (apt-get install default-jre-headless), which is not installed or installable here" >&2
    exit 0
  fi
fi
status=0
"$here/setup-venv.sh" || status=$?
if [ "$status" -eq 75 ]; then
  echo "SKIPPED: the Spark integration test needs PySpark from PyPI, which is unreachable" >&2
  exit 0
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi

exec "$here/.venv/bin/python" "$here/test_spark_job.py"
