"""Fetch a pinned npm package's tarball once, and check it against its pinned hash (issue 22).

The one fetcher of the two builds that serve files from npm packages instead of a CDN: the
JupyterLite site (``lite/build.py``: the Pyodide runtime) and the docs
(``docs/_ext/offline_widgets.py``: the widget manager and require.js). A package is pinned by
its version and the registry's ``sha512-…`` integrity of its tarball (``npm view
NAME@VERSION dist.integrity``). ``npm pack`` fetches the tarball into a cache folder the first
time; every use checks the hash, and a tarball that does not match is removed, so a build
never serves files it did not pin.

Standard library only: both builds import it (the Lite build on its own venv's Python).
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
from pathlib import Path


class NpmError(RuntimeError):
    """A pinned package could not be fetched, or its tarball is not the one pinned."""


def integrity(path: Path) -> str:
    """The ``sha512-…`` integrity of a file, as the npm registry states it for a tarball."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def npm_tarball(name: str, version: str, pinned: str, cache: Path) -> Path:
    """The tarball of ``name@version`` in ``cache``, fetched with ``npm pack`` if missing.

    Raises:
        NpmError: npm is missing or ``npm pack`` failed (nothing is kept), or the tarball's
            integrity is not ``pinned`` (it is removed: the next build fetches it anew).
    """
    tarball = cache / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tarball.is_file():
        if shutil.which("npm") is None:
            raise NpmError(f"npm is needed once to fetch {name}@{version} into {cache} "
                           "(install Node.js 18 or newer)")
        cache.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            ["npm", "pack", f"{name}@{version}", "--pack-destination", str(cache),
             "--silent", "--no-audit", "--no-fund"],
            capture_output=True, text=True, check=False)
        if done.returncode != 0 or not tarball.is_file():
            tarball.unlink(missing_ok=True)
            raise NpmError(f"'npm pack {name}@{version}' failed:\n{done.stderr}")
    found = integrity(tarball)
    if found != pinned:
        tarball.unlink()
        raise NpmError(f"{tarball.name} is not the pinned {name}@{version} (its hash is "
                       f"{found}, the pin says {pinned}); it was removed: build again to fetch "
                       "it anew, or correct the pin")
    return tarball
