# shellcheck shell=bash
# Create or update the project's virtual environment (.venv) and install the package into it,
# editable, with the extras given as arguments (e.g. `ensure_venv test docs`).
# Sourced by scripts/test.sh and scripts/tutor.sh; not meant to be run on its own.

# The Python that creates .venv: $PYTHON if set, else python3.11, else python3.
base_python() {
    if [ -n "${PYTHON:-}" ]; then
        echo "$PYTHON"
    elif command -v python3.11 >/dev/null 2>&1; then
        echo python3.11
    else
        echo python3
    fi
}

ensure_venv() {
    local extras
    extras=$(IFS=,; echo "$*")
    local python
    python=$(base_python)
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "error: $python is older than Python 3.11 (set PYTHON=/path/to/python3.11)" >&2
        return 1
    fi
    if [ ! -x .venv/bin/python ]; then
        echo "Creating .venv with $python"
        "$python" -m venv .venv || return 1
    fi
    # uv installs the same packages as pip, many times faster; fall back to pip without it.
    if [ ! -x .venv/bin/uv ]; then
        .venv/bin/python -m pip install --quiet uv || echo "warning: could not install uv; using pip" >&2
    fi
    local target=".[${extras}]"
    [ -n "$extras" ] || target="."
    echo "Installing pavlov-widgets (editable) with extras: ${extras:-none}"
    if [ -x .venv/bin/uv ] \
        && .venv/bin/uv pip install --quiet --python .venv/bin/python -e "$target"; then
        return 0
    fi
    [ ! -x .venv/bin/uv ] || echo "warning: uv could not install; trying pip" >&2
    .venv/bin/python -m pip install --quiet -e "$target"
}
