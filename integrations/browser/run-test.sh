#!/usr/bin/env bash
# Real-browser test of `assess preview`: headless Chromium (Debian's chromium and chromium-driver,
# installed with apt-get when missing) driven by Selenium (pinned in requirements.txt, installed into
# the git-ignored integrations/browser/.venv). Clicks every route `assess routes` lists through every
# example survey on both platforms and compares route, buttons and the saved script's replay with
# `assess run`. Skips (status 0, saying so) only when Debian's archive or PyPI cannot be reached.
#
#   ASSESS=/path/to/assess integrations/browser/run-test.sh [--screenshot docs/preview.png]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

if [ -z "${ASSESS:-}" ]; then
    swift build --product assess
    ASSESS="$(swift build --show-bin-path)/assess"
fi
export ASSESS

skip() { echo "SKIPPED: integrations/browser (assess preview in Chromium): $1" >&2; exit 0; }

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    as_root=()
    [ "$(id -u)" -eq 0 ] || as_root=(sudo -n)
    command -v apt-get >/dev/null 2>&1 && "${as_root[@]}" true 2>/dev/null || skip "chromium is missing and apt-get cannot be used here"
    export DEBIAN_FRONTEND=noninteractive
    # A failing update means the archive cannot be reached; a failing install after a good update is an error.
    "${as_root[@]}" apt-get update -q </dev/null || skip "Debian's archive is unreachable (apt-get update failed), so chromium cannot be installed"
    "${as_root[@]}" apt-get install -y -q --no-install-recommends chromium chromium-driver </dev/null \
        || { echo "error: installing chromium and chromium-driver failed although apt-get update worked" >&2; exit 1; }
fi

venv="$here/.venv"
stamp="$venv/.requirements"
if [ ! -f "$stamp" ] || ! cmp -s "$stamp" "$here/requirements.txt"; then
    python3 -m venv "$venv"
    if ! "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"; then
        if ! "$venv/bin/pip" index versions selenium --disable-pip-version-check >/dev/null 2>&1; then
            skip "PyPI is unreachable, so Selenium cannot be installed"
        fi
        echo "error: installing integrations/browser/requirements.txt failed although PyPI is reachable" >&2
        exit 1
    fi
    cp "$here/requirements.txt" "$stamp"
fi

exec "$venv/bin/python" "$here/test_preview.py" "$@"
