#!/usr/bin/env bash
# Hostile inputs against the release `assess` binary (issue #10's "done when"): every case must end
# with its expected exit status (0-3, never a signal), within 10 s wall and 2 GB resident.
#
#   Benchmarks/hostile.sh [DIR]     inputs are generated into DIR (default /tmp/assess-hostile)
#
# Prints one line per case (status, wall seconds, max resident MB) and exits 1 if any case fails.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/assess-hostile}
mkdir -p "$dir"
swift build -c release --product assess >/dev/null
swift build -c release --product assess-bench >/dev/null
assess=$PWD/.build/release/assess
failures=0

# check NAME EXPECTED-STATUSES COMMAND...: runs COMMAND under /usr/bin/time and judges it.
check() {
    local name=$1 expected=$2
    shift 2
    local status=0
    /usr/bin/time -f "%e %M" -o "$dir/time" timeout 60 "$@" >"$dir/out" 2>"$dir/err" || status=$?
    read -r wall kilobytes < <(tail -n 1 "$dir/time") || { wall=60; kilobytes=0; }
    local megabytes=$((kilobytes / 1024)) verdict=ok
    if [[ " $expected " != *" $status "* ]]; then verdict="FAIL (status $status, expected $expected)"; fi
    if awk "BEGIN { exit !($wall >= 10) }"; then verdict="FAIL (over 10 s)"; fi
    if ((megabytes >= 2048)); then verdict="FAIL (over 2 GB)"; fi
    [[ $verdict == ok ]] || failures=$((failures + 1))
    printf '%-52s status %-3s %6ss %6s MB  %s\n' "$name" "$status" "$wall" "$megabytes" "$verdict"
    [[ $verdict == ok ]] || sed 's/^/    /' "$dir/err" | head -5
}

# $ref loops through applicators (issue #17): the schemas compile (metaschema warns, status 0); a value
# that takes the loop gets a schemaLoop error (status 1), also under a deep instance.
echo '{"allOf":[{"$ref":""}]}' >"$dir/ref-allof.json"
echo '{"type":"string","allOf":[{"$ref":"#"}]}' >"$dir/ref-collect.json"
echo '{"items":{"$ref":"#"},"anyOf":[{"type":"array"},{"$ref":"#"}]}' >"$dir/ref-items.json"
echo 1 >"$dir/one.json"
python3 -c 'print("[" * 900 + "1" + "]" * 900)' >"$dir/deep-array-one.json"
check "\$ref loop through allOf: validate" 1 "$assess" validate -s "$dir/ref-allof.json" "$dir/one.json"
check "\$ref loop while collecting errors: validate" 1 "$assess" validate -s "$dir/ref-collect.json" "$dir/one.json"
check "\$ref loop at the bottom of 900 nested arrays: validate" 1 "$assess" validate -s "$dir/ref-items.json" "$dir/deep-array-one.json"
check "\$ref loops: metaschema" 0 "$assess" metaschema "$dir/ref-allof.json" "$dir/ref-collect.json" "$dir/ref-items.json"

# A tiny file that is only a ZIP64 locator and an end record (the old reader trapped).
python3 - "$dir/zip64-trap.zip" <<'EOF'
import struct, sys
locator = struct.pack("<IIQI", 0x07064B50, 0, 0xFFFFFFFFFF, 1)
end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
open(sys.argv[1], "wb").write(locator + end)
EOF
check "ZIP64 locator + end record only: verify" "1 3" "$assess" verify "$dir/zip64-trap.zip"
head -c 1000000 /dev/urandom >"$dir/random.zip"
check "1 MB of random bytes: verify" "1 3" "$assess" verify "$dir/random.zip"

# Counted repetition: answered fast, or refused as a schema error.
python3 -c 'import json; print(json.dumps("ab" * 100000))' >"$dir/ab-200k.json"
python3 -c 'import json; print(json.dumps("a" * 10000))' >"$dir/a-10k.json"
echo '{"pattern":"(?:a|b){0,9000}$"}' >"$dir/alternation.json"
echo '{"pattern":"(?:.*a){0,9000}x"}' >"$dir/dotstar.json"
check "(?:a|b){0,9000}\$ on 200 kB" 0 "$assess" validate -s "$dir/alternation.json" "$dir/ab-200k.json"
check "(?:.*a){0,9000}x on 10 kB" "1 3" "$assess" validate -s "$dir/dotstar.json" "$dir/a-10k.json"

# Deep JSON: past the parser's limit, and a schema nested to just under it.
python3 -c 'print("[" * 100000 + "]" * 100000)' >"$dir/deep-array.json"
echo '{}' >"$dir/empty-schema.json"
check "100,000 nested arrays: validate as instance" 3 "$assess" validate -s "$dir/empty-schema.json" "$dir/deep-array.json"
check "100,000 nested arrays: as a schema" 3 "$assess" validate -s "$dir/deep-array.json" "$dir/one.json"
check "100,000 nested arrays: as a survey" 3 "$assess" lint "$dir/deep-array.json"
python3 -c 'print("{\"not\":" * 9990 + "{}" + "}" * 9990)' >"$dir/deep-not.json"
check "9,990 nested nots: validate" "0 1" "$assess" validate -s "$dir/deep-not.json" "$dir/one.json"
check "9,990 nested nots: metaschema" "0 1" "$assess" metaschema "$dir/deep-not.json"

# 10,000 nested sections: lint, run, graph and routes.
.build/release/assess-bench nested 10000 "$dir" >/dev/null
check "10,000 nested sections: lint" "0 1" "$assess" lint "$dir/nested-10000.json"
check "10,000 nested sections: run" "0 1" "$assess" run "$dir/nested-10000.json" --answers "$dir/nested-10000.answers.json"
check "10,000 nested sections: run --platform android" "0 1" "$assess" run "$dir/nested-10000.json" --answers "$dir/nested-10000.answers.json" --platform android
# The picture (svg, the default). json, dot and mermaid name every step by its full path, so their
# size grows with depth x steps: about 300-420 MB for this survey, written at 10-60 MB/s.
check "10,000 nested sections: graph" "0 1" "$assess" graph "$dir/nested-10000.json"
check "10,000 nested sections: routes" "0 1" "$assess" routes "$dir/nested-10000.json"

echo
if ((failures > 0)); then echo "$failures case(s) failed"; exit 1; fi
echo "every case ended as expected"
