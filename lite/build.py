"""Build the tutor's JupyterLite site (issue 22): every notebook, the tutor preloaded, all offline.

Run by ``scripts/build_lite.sh`` with the build's own Python (``.venv-lite``, Python >= 3.12,
the versions in ``lite/pins.txt``); not imported by the package or its tests.

The steps, each there for a reason the trial build found (``jupyterlite-notes.md``):

1. Skip everything when a stamp of the inputs' hashes matches (tests call this script too).
2. The Pyodide runtime comes from npm (``pyodide@…`` and its tarball's sha512 in
   ``pins.txt``, fetched and checked by ``scripts/npm_pack.py``), unpacked where the
   kernel's Pyodide add-on finds a local Pyodide (``static/pyodide``), so the site loads
   ``./static/pyodide/pyodide.mjs`` instead of a CDN's.
3. The tutor's wheel is built from the working tree and handed to the kernel's lock add-on,
   which solves its dependencies (pure-Python wheels from PyPI, constrained by ``pins.txt``)
   and preloads it at kernel start: no notebook needs an install cell, so nbval on CPython
   runs the same notebooks unchanged.
4. The output folder and the build database are deleted first: a stale ``.jupyterlite.doit.db``
   silently dropped the local-Pyodide setting.
5. The lock is then made self-contained (:func:`localize_lock`): every package the kernel loads
   at start points at a wheel inside the site with that wheel's own sha256, and every entry
   whose wheel the site does not carry is removed, so no request can leave the site.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
# the npm fetcher shared with the docs (scripts/ is not a package)
sys.path.insert(0, str(ROOT / "scripts"))
import npm_pack  # noqa: E402

PINS = LITE / "pins.txt"
#: what ``build/`` holds for this build (``build/`` is gitignored)
BUILD = ROOT / "build"
CACHE = BUILD / "lite-cache"
STAGE = BUILD / "lite-src"
#: held while a build checks and builds: every browser test session runs this script, and
#: two builds at once wrote into one build database ("attempt to write a readonly database")
LOCK = BUILD / "lite.lock"
DEFAULT_OUTPUT = BUILD / "lite"
#: the Pyodide runtime's files the site serves (the npm package also holds source maps,
#: type declarations and demo consoles, which nothing loads)
PYODIDE_FILES = (
    "package.json",
    "pyodide-lock.json",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide.js",
    "pyodide.mjs",
    "python_stdlib.zip",
)
#: the tutor's notebooks: ``NN_name.ipynb`` (a learner's progress file lives beside them)
NOTEBOOK = re.compile(r"^\d\d_[a-z0-9_]+\.ipynb$")


def npm_pin(name: str) -> tuple[str, str]:
    """The version and sha512 integrity a ``# npm: name@version sha512-…`` line pins."""
    for line in PINS.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(rf"#\s*npm:\s*{re.escape(name)}@(\S+)\s+(sha512-\S+)\s*", line)
        if match:
            return match.group(1), match.group(2)
    raise SystemExit(f"error: {PINS} has no '# npm: {name}@<version> sha512-<integrity>' line")


def notebooks() -> list[Path]:
    """The tutor's notebooks, in course order."""
    return sorted(p for p in (ROOT / "notebooks").iterdir() if NOTEBOOK.match(p.name))


def input_files() -> list[Path]:
    """Every file whose change must rebuild the site."""
    package = [
        p
        for p in (ROOT / "pavlov_widgets").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    ]
    lite = [p for p in LITE.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    top = [ROOT / name for name in ("pyproject.toml", "README.md", "LICENSE")]
    return sorted({*package, *lite, *top, *notebooks()})


def inputs_digest(output: Path) -> str:
    """One sha256 over the inputs' paths and contents, and the output folder's path."""
    digest = hashlib.sha256(str(output).encode())
    for path in input_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def stamp_path(output: Path) -> Path:
    """Where the inputs' digest of the site in ``output`` is kept (beside it, not in it)."""
    return output.with_name(f".{output.name}.inputs.sha256")


def is_fresh(output: Path, digest: str) -> bool:
    """Whether the site in ``output`` was built from exactly these inputs."""
    stamp = stamp_path(output)
    return (
        stamp.is_file()
        and stamp.read_text(encoding="utf-8").strip() == digest
        and (output / "index.html").is_file()
        and (output / "jupyter-lite.json").is_file()
    )


def run(*args: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command, echoing it; stop the build if it fails."""
    print("+", " ".join(map(str, args)), flush=True)
    subprocess.run([str(a) for a in args], cwd=cwd, env=env, check=True)


def fetch_pyodide() -> Path:
    """The npm tarball of the pinned Pyodide, fetched once into the cache folder, hash-checked.

    The fetcher is ``scripts/npm_pack.py``, shared with the docs.
    """
    version, pinned = npm_pin("pyodide")
    try:
        return npm_pack.npm_tarball("pyodide", version, pinned, CACHE / "npm")
    except npm_pack.NpmError as exc:
        raise SystemExit(f"error: {exc}") from exc


def unpack_pyodide(tarball: Path, dest: Path) -> None:
    """Unpack the runtime's files from the npm tarball (``package/…``) into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            source = tar.extractfile(member)
            if source is None:
                raise SystemExit(f"error: {tarball} holds no file package/{name}")
            (dest / name).write_bytes(source.read())


def clear_outputs(source: Path, dest: Path) -> None:
    """Copy a notebook without its stored outputs.

    A learner runs it in the browser, and the outputs stored for nbval would show widgets
    whose models the new kernel does not have.
    """
    notebook = json.loads(source.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    notebook["metadata"].pop("widgets", None)
    dest.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def pinned_names() -> set[str]:
    """The canonical names ``pins.txt`` pins (they win over Pyodide's own versions)."""
    names = set()
    for line in PINS.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*==", line)
        if match:
            names.add(canonical(match.group(1)))
    return names


def canonical(name: str) -> str:
    """A package name as the lock and PyPI compare them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def empty_runtime_lock(pyodide: Path) -> None:
    """Empty the runtime's lock, keeping its pure-Python packages' versions as constraints.

    The npm package lists ~350 packages in its lock but carries none of their files; left
    in, the lock add-on would fetch what the tutor needs from Pyodide's CDN, and the site
    would list wheels it cannot serve. Emptied, the solve takes the pure-Python packages the
    tutor and the kernel need from PyPI at Pyodide's own versions (``pyodide-pure.txt``;
    versions ``pins.txt`` names win), and the add-on copies them into the site with their
    own sha256. Compiled packages (numpy, pillow, ...) exist only in Pyodide's distribution,
    so an offline site has none of them.
    """
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    pinned = pinned_names()
    constraints = sorted(
        f"{canonical(name)}=={package['version']}"
        for name, package in lock["packages"].items()
        if package["file_name"].endswith("-none-any.whl") and canonical(name) not in pinned
    )
    lock["packages"] = {}
    lock_path.write_text(json.dumps(lock, indent=2) + "\n", encoding="utf-8")
    header = "# pure-Python packages of the pinned Pyodide, at its versions (lite/build.py)"
    (STAGE / "pyodide-pure.txt").write_text("\n".join([header, *constraints, ""]), encoding="utf-8")


def stage() -> None:
    """Compose the build's ``lite_dir``: configs, local Pyodide, the tutor's wheel, notebooks."""
    shutil.rmtree(STAGE, ignore_errors=True)
    STAGE.mkdir(parents=True)
    # overrides.json: the site's JupyterLab settings. Notebook windowing is off: with the
    # default (content-visibility), a board drawn while its cell was off screen was shown
    # stretched once scrolled into view (tests/browser/test_lite_smoke.py checks it is not);
    # the tutor's notebooks are short enough to keep every cell in the page.
    for name in ("jupyter-lite.json", "jupyter_lite_config.json", "overrides.json", "pins.txt"):
        shutil.copy2(LITE / name, STAGE / name)
    unpack_pyodide(fetch_pyodide(), STAGE / "static" / "pyodide")
    empty_runtime_lock(STAGE / "static" / "pyodide")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", STAGE / "wheels", ROOT)
    files = STAGE / "files"
    files.mkdir()
    for notebook in notebooks():
        clear_outputs(notebook, files / notebook.name)


def build(output: Path) -> None:
    """Build the site from a clean start into a new folder, then put it at ``output``.

    Building beside the old site and swapping at the end keeps the window in which a test
    serving ``output`` finds it half-built as short as a rename.
    """
    new = output.with_name(f"{output.name}.new")
    shutil.rmtree(new, ignore_errors=True)
    stage()  # a new lite_dir, so no stale .jupyterlite.doit.db either
    jupyter = Path(sys.executable).parent / "jupyter"
    # uv (the lock add-on's solver) would try to download a Python 3.14 to build with;
    # it needs none, as only wheels are taken (--no-build)
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    run(jupyter, "lite", "build", "--lite-dir", STAGE, "--output-dir", new, cwd=STAGE, env=env)
    localize_lock(new)
    # browsers ask for /favicon.ico before reading the page's own icon link: a 404 there
    # would be the one console error of every page
    shutil.copy2(new / "lab" / "favicon.ico", new / "favicon.ico")
    shutil.rmtree(output, ignore_errors=True)
    new.rename(output)


def localize_lock(output: Path) -> None:
    """Make the kernel's lock self-contained, or stop the build saying which entry is not.

    Every entry must name a wheel inside the site: a ``file://`` path into the output folder
    (the add-on leaves some) becomes the site-relative path the runtime resolves from
    ``static/pyodide/``; an entry with a web address or a missing file is an error, since the
    site must make no request outside itself. Each sha256 is recomputed from the wheel the
    site serves (PyPI's builds differ byte-wise from Pyodide's).
    """
    lock_path = output / "static" / "pyodide-lock" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    runtime = output / "static" / "pyodide"
    problems = []
    for name, package in lock["packages"].items():
        file_name = package["file_name"]
        if file_name.startswith("file://"):
            local = Path(urllib.parse.urlparse(file_name).path).resolve()
            if output not in local.parents:
                problems.append(f"{name}: {file_name} is outside the site")
                continue
            file_name = package["file_name"] = os.path.relpath(local, runtime)
        if "://" in file_name:
            problems.append(f"{name}: {file_name} is not inside the site")
            continue
        wheel = (runtime / file_name).resolve()
        if not wheel.is_file():
            problems.append(f"{name}: {file_name} is not in the site ({wheel})")
            continue
        package["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if problems:
        listed = "\n  ".join(problems)
        raise SystemExit(f"error: the kernel's lock needs files the site lacks:\n  {listed}")
    lock_path.write_text(json.dumps(lock, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Build the site unless a fresh one is there; ``--force`` rebuilds anyway."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="site folder")
    parser.add_argument("--force", action="store_true", help="rebuild even when fresh")
    args = parser.parse_args(argv)
    output = args.output.resolve()
    BUILD.mkdir(exist_ok=True)
    with LOCK.open("w") as lock:
        # a second build waits here, then finds the first one's site fresh
        fcntl.flock(lock, fcntl.LOCK_EX)
        digest = inputs_digest(output)
        if not args.force and is_fresh(output, digest):
            print(f"JupyterLite site is up to date: {output}")
            return 0
        stamp = stamp_path(output)
        stamp.unlink(missing_ok=True)
        build(output)
        stamp.write_text(digest + "\n", encoding="utf-8")  # last: only a whole site is fresh
    print(f"JupyterLite site built: {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
