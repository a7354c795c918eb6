#!/usr/bin/env bash
# Install everything into .venv and run every check the project has, in order:
#   ruff check · mypy · the JavaScript check · the message catalogs · the JupyterLite site ·
#   pytest (unit, scenario, notebooks under nbval, real-browser tests) ·
#   the Sphinx docs build with warnings as errors, with the Lite site copied beside it.
# Usage: bash scripts/test.sh [--slow] [extra pytest arguments...]
#   --slow   also run the tests marked `slow` (deselected by default).
# Every stage runs even when an earlier one fails; the exit code is non-zero if any failed.
# The last line printed is pytest's summary line.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
# shellcheck source=scripts/venv.sh
source scripts/venv.sh

pytest_args=()
for arg in "$@"; do
    case "$arg" in
        --slow) pytest_args+=(-m "slow or not slow") ;;
        *) pytest_args+=("$arg") ;;
    esac
done

if [ -t 1 ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold="" plain=""; fi
section() { printf '\n%s==== %s ====%s\n' "$bold" "$*" "$plain"; }
failed=()
run_stage() {  # run_stage NAME COMMAND...: run a stage, remember it if it fails.
    local name=$1; shift
    section "$name"
    "$@" || failed+=("$name")
}

section "setup: virtual environment (.venv)"
ensure_venv test docs || { echo "error: could not install the package into .venv" >&2; exit 1; }

section "setup: Chromium for the browser tests"
if ! command -v chromium >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "chromium not found: installing Debian's chromium"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q \
        && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
            --no-install-recommends chromium fonts-liberation \
        || { echo "error: could not install chromium" >&2; exit 1; }
fi
chromium --version 2>/dev/null  # (Debian's wrapper script warns on stderr)

export PATH="$PWD/.venv/bin:$PATH"
# Use Jupyter's platform-standard paths (and silence the warning about the migration).
export JUPYTER_PLATFORM_DIRS=1
mkdir -p test-artifacts

run_stage "ruff check" ruff check .
run_stage "mypy" mypy
# The board's JavaScript: static/board.js is what widget/js/src builds to, and it type-checks.
run_stage "javascript (bundle fresh, tsc)" bash scripts/check_js.sh
# The message catalogs (issue 23): the template as the code and data make it, fr and ru with
# every message translated and none fuzzy, the compiled .mo files fresh.
run_stage "message catalogs (scripts/i18n.py check)" python scripts/i18n.py check
# The JupyterLite site (build/lite/): built before pytest so the browser tests find it fresh
# (the script does nothing when its inputs have not changed).
run_stage "lite site (scripts/build_lite.sh)" bash scripts/build_lite.sh
pytest_log=test-artifacts/pytest.log
section "pytest (tests/ and notebooks/)"
python -m pytest "${pytest_args[@]}" 2>&1 | tee "$pytest_log"
[ "${PIPESTATUS[0]}" -eq 0 ] || failed+=("pytest")
run_stage "docs (sphinx-build -W --keep-going)" \
    sphinx-build -E -W --keep-going -q -b html docs docs/_build/html
# The size budget of the docs and the Lite site (benchmarks/site_size.py, issue 22).
run_stage "site size budget (benchmarks/site_size.py --check)" \
    python benchmarks/site_size.py --docs docs/_build/html --lite build/lite --top 5 --check
# The Lite site is published beside the docs, at their lite/ (README: "In any browser").
publish_lite() {
    [ -f build/lite/index.html ] || { echo "error: no Lite site in build/lite" >&2; return 1; }
    rm -rf docs/_build/html/lite && cp -r build/lite docs/_build/html/lite \
        && echo "Lite site copied to docs/_build/html/lite/"
}
run_stage "docs: the Lite site beside them (docs/_build/html/lite/)" publish_lite

section "summary"
if [ ${#failed[@]} -eq 0 ]; then
    echo "all stages passed (docs: docs/_build/html/index.html, artifacts: test-artifacts/)"
else
    echo "FAILED stages: ${failed[*]}"
fi
# End with pytest's own summary line, so a reader (or CI) sees the test count last.
grep -E '^=+ .* in [0-9.]+s.* =+$' "$pytest_log" | tail -n 1
[ ${#failed[@]} -eq 0 ]
