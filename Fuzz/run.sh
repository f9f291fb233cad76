#!/usr/bin/env bash
# Builds the fuzz executables with libFuzzer + AddressSanitizer and runs them.
#
#   Fuzz/run.sh TARGET SECONDS     fuzz one target (parser schema regex lint runner zip archive pipeline lsp http inflate line minified locator)
#   Fuzz/run.sh all SECONDS        fuzz every target in turn, SECONDS each
#   Fuzz/run.sh minimize TARGET    merge the work corpus into the committed Fuzz/corpus/TARGET
#
# New inputs go to .build-fuzz/corpus/TARGET (seeded from Fuzz/corpus/TARGET, which is only read);
# crashes, timeouts and out-of-memory inputs to .build-fuzz/artifacts/TARGET/. Extra libFuzzer flags
# can be given in FUZZ_FLAGS. Exit status: 0 when nothing was found, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=(parser schema regex lint runner zip archive pipeline lsp http inflate line minified locator)
SCRATCH=.build-fuzz

usage() { sed -n '4,6p' "$0" | sed 's/^# *//' >&2; exit 2; }
known() { [[ " ${TARGETS[*]} " == *" $1 "* ]] || { echo "unknown target '$1'" >&2; usage; }; }

build() {
    # The build plan of this scratch folder does not notice source files added to the main package
    # ("cannot find 'X' in scope"); removing it makes SwiftPM plan again (compiled objects are kept).
    rm -f "$SCRATCH/release.yaml"
    # -Xcc: the C targets (CInflate) get AddressSanitizer and libFuzzer's coverage as the Swift code does.
    swift build --package-path Fuzz --scratch-path "$SCRATCH" -c release \
        -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address --product "fuzz-$1" 2>&1 | grep -v "Cannot export local symbol" >&2
}

fuzz() {
    local target=$1 seconds=$2
    build "$target"
    mkdir -p "$SCRATCH/corpus/$target" "$SCRATCH/artifacts/$target"
    local seeds=()
    [[ -d Fuzz/corpus/$target ]] && seeds+=("Fuzz/corpus/$target")
    # -dict is used when Fuzz/dict/TARGET.dict exists.
    local dict=()
    [[ -f Fuzz/dict/$target.dict ]] && dict+=("-dict=Fuzz/dict/$target.dict")
    "$SCRATCH/release/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -max_len="${FUZZ_MAX_LEN:-65536}" -print_final_stats=1 \
        -artifact_prefix="$SCRATCH/artifacts/$target/" "${dict[@]}" ${FUZZ_FLAGS:-} \
        "$SCRATCH/corpus/$target" "${seeds[@]}"
}

case "${1:-}" in
    minimize)
        [[ $# -eq 2 ]] || usage
        known "$2"
        build "$2"
        out="$SCRATCH/minimized/$2"
        rm -rf "$out" && mkdir -p "$out"
        "$SCRATCH/release/fuzz-$2" -merge=1 -rss_limit_mb=2048 -timeout=10 "$out" "Fuzz/corpus/$2" "$SCRATCH/corpus/$2"
        rm -rf "Fuzz/corpus/$2" && mv "$out" "Fuzz/corpus/$2"
        du -sh "Fuzz/corpus/$2"
        ;;
    all)
        [[ $# -eq 2 ]] || usage
        status=0
        for target in "${TARGETS[@]}"; do fuzz "$target" "$2" || status=1; done
        exit $status
        ;;
    "" | -h | --help) usage ;;
    *)
        [[ $# -eq 2 ]] || usage
        known "$1"
        fuzz "$1" "$2"
        ;;
esac
