#!/usr/bin/env bash
# Install the tutor into .venv and open it in JupyterLab at the first notebook.
# Usage: bash scripts/tutor.sh [extra jupyter-lab arguments, e.g. --no-browser --port 8889]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/venv.sh
source scripts/venv.sh

ensure_venv tutor
# The same JupyterLab defaults as on Binder (no pop-up about news and updates).
mkdir -p .venv/share/jupyter/lab/settings
cp binder/overrides.json .venv/share/jupyter/lab/settings/overrides.json
extra=()
[ "$(id -u)" -ne 0 ] || extra+=(--allow-root)  # JupyterLab refuses root without it
first=notebooks/01_introduction.ipynb
if [ -f "$first" ]; then
    extra+=("$first")
    echo "Opening $first in JupyterLab (stop it with Ctrl-C)"
else
    echo "Opening JupyterLab (stop it with Ctrl-C); $first is not written yet"
fi
exec .venv/bin/jupyter lab "${extra[@]}" "$@"
