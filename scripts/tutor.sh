#!/usr/bin/env bash
# Install the tutor into .venv and open it in JupyterLab at the first notebook.
# Usage: bash scripts/tutor.sh [extra jupyter-lab arguments, e.g. --no-browser --port 8889]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/venv.sh
source scripts/venv.sh

ensure_venv tutor
first=notebooks/01_introduction.ipynb
[ -f "$first" ] || first=notebooks  # before the first notebook exists, open the folder
echo "Opening $first in JupyterLab (stop it with Ctrl-C)"
extra=()
[ "$(id -u)" -ne 0 ] || extra+=(--allow-root)  # JupyterLab refuses root without it
exec .venv/bin/jupyter lab "${extra[@]}" "$first" "$@"
