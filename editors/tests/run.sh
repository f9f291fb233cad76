#!/usr/bin/env bash
# End-to-end tests of `assess lsp` with real LSP clients: pytest-lsp + pygls from PyPI, Neovim headless
# (Debian's 0.7 and a 0.11 build from PyPI), and the VS Code extension's manifest and .vsix.
# Builds assess, makes the git-ignored virtualenv editors/tests/.venv, runs pytest.
# Skips (status 0, with a message saying so) only when PyPI cannot be reached to install the client.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

swift build --product assess
ASSESS_BIN="$(swift build --show-bin-path)/assess"
export ASSESS_BIN

# Debian's Neovim (0.7) for test_neovim.py and Node for test_vscode.py, installed when missing and apt-get
# can be used; the newer Neovim comes from PyPI with the other client tools (requirements.txt).
missing=()
[ -x /usr/bin/nvim ] || missing+=(neovim)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
if [ "${#missing[@]}" -gt 0 ]; then
    as_root=()
    [ "$(id -u)" -eq 0 ] || as_root=(sudo -n)
    if command -v apt-get >/dev/null 2>&1 && "${as_root[@]}" true 2>/dev/null; then
        { "${as_root[@]}" apt-get update -q && DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"; } </dev/null >/dev/null \
            || echo "editors/tests: could not install ${missing[*]}; the tests that need them skip" >&2
    else
        echo "editors/tests: ${missing[*]} missing and cannot be installed here (apt-get as root); the tests that need them skip" >&2
    fi
fi

venv="$here/.venv"
stamp="$venv/.requirements"
if [ ! -f "$stamp" ] || ! cmp -s "$stamp" "$here/requirements.txt"; then
    python3 -m venv "$venv"
    if ! "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"; then
        if ! python3 -c 'import urllib.request; urllib.request.urlopen("https://pypi.org/simple/pytest-lsp/", timeout=20)' 2>/dev/null; then
            echo "SKIPPED: editors/tests (assess lsp end-to-end): PyPI is unreachable, so pytest-lsp cannot be installed." >&2
            exit 0
        fi
        echo "error: installing editors/tests/requirements.txt failed although PyPI is reachable" >&2
        exit 1
    fi
    cp "$here/requirements.txt" "$stamp"
fi

cd "$here"
status=0
"$venv/bin/python" -m pytest -q "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "error: pytest collected no tests in editors/tests (status 5): the end-to-end tests did not run" >&2
    exit 1
fi
exit "$status"
