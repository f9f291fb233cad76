#!/usr/bin/env bash
# Builds `assess` for Spark executors and packs the archive `spark-submit --archives` takes:
# a release build with the Swift runtime and FoundationEssentials linked statically (--static-swift-stdlib), so an
# executor needs only the system's glibc, zlib, libstdc++ and libgcc_s (no Swift installation), in
# OUT (default .build/assess-linux-ARCH.tar.gz) holding bin/assess.
#   spark-submit --archives .build/assess-linux-x86_64.tar.gz#assess ... --assess ./assess/bin/assess
# Prints the archive's path and what the binary links dynamically.
# Usage: integrations/spark/package-assess.sh [OUT.tar.gz]
set -euo pipefail
cd "$(dirname "$0")/../.."
arch=$(uname -m)
out="${1:-$PWD/.build/assess-linux-$arch.tar.gz}"
swift build -c release --static-swift-stdlib --product assess >&2
binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/assess"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin"
cp "$binary" "$stage/bin/assess"
strip "$stage/bin/assess" 2>/dev/null || true
mkdir -p "$(dirname "$out")"
tar -czf "$out" -C "$stage" bin
echo "$out"
echo "links dynamically: $(ldd "$stage/bin/assess" | awk '{print $1}' | tr '\n' ' ')" >&2
