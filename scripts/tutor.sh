#!/usr/bin/env bash
# Install the tutor into .venv and open it in JupyterLab at the first notebook.
# The notebooks you run are your own copies in my-notebooks/ (ignored by git), so running them
# never changes the repository's files and `git pull` stays clean.
# Usage: bash scripts/tutor.sh [extra jupyter-lab arguments, e.g. --no-browser]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/venv.sh
source scripts/venv.sh

ensure_venv tutor
# The same JupyterLab defaults as on Binder (no pop-up about news and updates; notebooks saved
# a few seconds after they change, so a reloaded page finds its boards in the running kernel).
mkdir -p .venv/share/jupyter/lab/settings
cp binder/overrides.json .venv/share/jupyter/lab/settings/overrides.json
.venv/bin/python -m pavlov_widgets.tutor.workspace notebooks my-notebooks

extra=()
[ "$(id -u)" -ne 0 ] || extra+=(--allow-root)  # JupyterLab refuses root without it
# Choose the port and the token here, so the link printed below is the one that works.
port=${PAVLOV_TUTOR_PORT:-$(.venv/bin/python -c '
import socket
for port in range(8888, 8988):
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
        print(port)
        break')}
token=$(.venv/bin/python -c 'import secrets; print(secrets.token_hex(16))')
first=my-notebooks/01_introduction.ipynb
cat <<MSG

  The tutor opens at its first notebook (stop it with Ctrl-C):

      http://localhost:${port}/lab/tree/${first}?token=${token}

MSG
exec .venv/bin/jupyter lab --port="$port" --IdentityProvider.token="$token" \
    --ServerApp.default_url="/lab/tree/${first}" "${extra[@]}" "$@"
