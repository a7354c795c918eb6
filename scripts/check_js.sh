#!/usr/bin/env bash
# Check the board's JavaScript (a stage of scripts/test.sh):
#   1. the committed bundles pavlov_widgets/widget/static/board.js and replay.js are exactly
#      what the ES modules in pavlov_widgets/widget/js/src build to (rebuilt into a temp folder; the
#      pinned build tools are installed with `npm ci` when node_modules is missing or stale);
#   2. the bundle keeps what Python and the tests call by name: `drawStatic` and `render` as
#      top-level functions, and no top-level `root` or `data` (Board.static_html appends
#      `const root = ...; const data = ...; drawStatic(root, data);` to the module's text);
#   3. the modules type-check: tsc --noEmit -p pavlov_widgets/widget/js (JSDoc types, strict).
# Usage: bash scripts/check_js.sh    (exit code non-zero if any check fails)
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

bundle=pavlov_widgets/widget/static/board.js
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

if ! bash scripts/build_js.sh --out "$tmp/board.js"; then
    echo "error: the modules in pavlov_widgets/widget/js/src do not build (see above)" >&2
    exit 1
fi
for name in board.js replay.js; do
    committed=$(dirname "$bundle")/$name
    if cmp -s "$tmp/$name" "$committed"; then
        echo "bundle: $committed is fresh"
    else
        echo "error: $committed is not what the modules in pavlov_widgets/widget/js/src build to." >&2
        echo "       Run: bash scripts/build_js.sh   and commit $committed. The difference:" >&2
        diff -u "$committed" "$tmp/$name" | head -n 40 >&2
        status=1
    fi
done

for name in drawStatic render; do
    if ! grep -qE "^function $name\(" "$tmp/board.js"; then
        echo "error: the bundle has no top-level function '$name' (Board.static_html and the" \
            "browser tests call it by name): keep it a top-level function of js/src/index.js" \
            "and give no other top-level name in js/src the same name" >&2
        status=1
    fi
done
if grep -nE "^(var|let|const|function|class) (root|data)\b" "$tmp/board.js" >&2; then
    echo "error: the bundle declares 'root' or 'data' at top level, which the script" \
        "Board.static_html appends declares too: rename it in js/src" >&2
    status=1
fi

if node_modules/.bin/tsc --noEmit -p pavlov_widgets/widget/js; then
    echo "tsc: the modules type-check"
else
    echo "error: tsc found type errors in pavlov_widgets/widget/js/src (see above)" >&2
    status=1
fi
exit $status
