#!/usr/bin/env bash
# Install the tutor into .venv and open it in JupyterLab at the first notebook.
# The notebooks you run are your own copies in my-notebooks/ (ignored by git), so running them
# never changes the repository's files and `git pull` stays clean.
# Usage: bash scripts/tutor.sh [--port N] [--token T] [--no-browser] [--print-command]
#                              [other jupyter lab arguments]     (--help says more)
# The options are read and checked by pavlov_widgets/tutor/launch.py (standard library only),
# which also starts JupyterLab with them, so the link it prints is the one that works.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/venv.sh
source scripts/venv.sh
launcher=pavlov_widgets/tutor/launch.py

# Check the arguments before installing anything: a bad or busy port stops here, and --help
# and --print-command are answered here (exit status 3 from the launcher: nothing more to do).
python=.venv/bin/python
[ -x "$python" ] || python=$(base_python)
status=0
"$python" "$launcher" --preflight "$@" || status=$?
case $status in
    0) ;;
    3) exit 0 ;;
    *) exit "$status" ;;
esac

ensure_venv tutor
# The same JupyterLab defaults as on Binder (no pop-up about news and updates; notebooks saved
# a few seconds after they change, so a reloaded page finds its boards in the running kernel).
mkdir -p .venv/share/jupyter/lab/settings
cp binder/overrides.json .venv/share/jupyter/lab/settings/overrides.json
.venv/bin/python -m pavlov_widgets.tutor.workspace notebooks my-notebooks

# Print the link and start JupyterLab (in this process) with the port and token it names.
exec .venv/bin/python "$launcher" "$@"
