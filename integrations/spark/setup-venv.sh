#!/usr/bin/env bash
# Creates integrations/spark/.venv (git-ignored) with PySpark from PyPI, for the Spark job and its test.
# Exit status 0: ready; 75: PyPI unreachable (the caller skips with that message); other: a real failure.
set -euo pipefail
cd "$(dirname "$0")"
PYSPARK_VERSION="${PYSPARK_VERSION:-4.0.1}"
# Spark's own configuration inside the venv (SPARK_HOME is the pyspark package): `.venv/bin/spark-submit`
# runs the job's Python with the venv's interpreter, activated or not, and logs warnings only.
configure() {
  local home python
  python="$PWD/.venv/bin/python"
  home=$("$python" -c "import os, pyspark; print(os.path.dirname(pyspark.__file__))")
  mkdir -p "$home/conf"
  printf 'spark.pyspark.python %s\nspark.pyspark.driver.python %s\n' "$python" "$python" >"$home/conf/spark-defaults.conf"
  cp log4j2.properties "$home/conf/log4j2.properties"
  # pip's find-spark-home asks `python3` on PATH where pyspark is: the venv's, not the system's.
  sed -i "s|PYSPARK_PYTHON:-\"python3\"|PYSPARK_PYTHON:-\"$python\"|" .venv/bin/find-spark-home
}
if [ -x .venv/bin/python ] && .venv/bin/python -c "import pyspark, pyarrow" 2>/dev/null; then
  configure
  exit 0
fi
python3 -m venv .venv
if ! .venv/bin/pip install -q --disable-pip-version-check "pyspark==${PYSPARK_VERSION}" "pyarrow>=15" 2>pip-error.log; then
  if grep -qiE "connection|network|resolve|timed out|no matching distribution|proxy" pip-error.log; then
    echo "PyPI unreachable: could not install pyspark==${PYSPARK_VERSION} ($(tail -1 pip-error.log))" >&2
    rm -f pip-error.log
    exit 75
  fi
  cat pip-error.log >&2
  rm -f pip-error.log
  exit 1
fi
rm -f pip-error.log
configure
