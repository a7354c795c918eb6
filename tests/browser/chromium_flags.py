"""How the project starts Debian's Chromium headless.

Shared by the browser tests and the board benchmark, so both run the browser the same way.

The background-networking flags matter here: without them Chromium keeps trying hosts this
machine cannot reach.
"""

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
