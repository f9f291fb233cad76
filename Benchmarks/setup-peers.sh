#!/usr/bin/env bash
# Installs the PyPI benchmark peers into the git-ignored Benchmarks/.venv (idempotent).
# Peers: pysimdjson (simdjson's tape, parse only), orjson (parse into Python objects),
# jsonschema-rs (validation), fastjsonschema and jsonschema (validation, slower references).
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -c 'import simdjson, orjson, jsonschema_rs, fastjsonschema, jsonschema' 2>/dev/null \
  || .venv/bin/pip install -q pysimdjson orjson jsonschema-rs fastjsonschema jsonschema
