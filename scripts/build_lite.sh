#!/usr/bin/env bash
# Build the tutor's JupyterLite site (issue 22): every notebook in the browser's own Python,
# the tutor preloaded at kernel start, the Pyodide runtime and every wheel served from the site.
# Usage: bash scripts/build_lite.sh [--force] [--output DIR]     (default DIR: build/lite)
# Serve it with `python -m http.server -d build/lite 8000` and open http://127.0.0.1:8000/.
#
# The build runs in its own venv (.venv-lite): the kernel's lock add-on needs pyodide-lock,
# which needs Python >= 3.12, while the project itself supports 3.11. Versions: lite/pins.txt.
# Nothing is rebuilt when the inputs (package, notebooks, lite/) have not changed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The first Python >= 3.12 found: $LITE_PYTHON, python3.13, python3.12 on PATH, pyenv's.
# (A pyenv shim is on PATH even when its version is not selected, so each one is run.)
find_python() {
    local candidates=("${LITE_PYTHON:-}" python3.13 python3.12)
    local root
    root=$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")
    candidates+=("$root"/versions/3.13*/bin/python3.13 "$root"/versions/3.12*/bin/python3.12)
    local python
    for python in "${candidates[@]}"; do
        [ -n "$python" ] || continue
        if "$python" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then
            echo "$python"
            return 0
        fi
    done
    return 1
}

venv=.venv-lite
pins=lite/pins.txt
if [ ! -x "$venv/bin/python" ]; then
    python=$(find_python) || {
        echo "error: building the Lite site needs Python 3.12 or newer (pyodide-lock requires it);" \
            "none found as python3.13, python3.12 or under pyenv's versions." \
            "Install one, or set LITE_PYTHON=/path/to/python3.12" >&2
        exit 1
    }
    echo "Creating $venv with $python"
    "$python" -m venv "$venv"
fi
# Reinstall only when the pins changed (their hash is kept inside the venv).
stamp="$venv/pins.sha256"
want=$(sha256sum "$pins" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "Installing the Lite build tools from $pins into $venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$pins"
    echo "$want" >"$stamp"
fi
exec "$venv/bin/python" lite/build.py "$@"
