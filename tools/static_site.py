"""Build the static site: the apps, explainers and exercises running in the browser (issue 33).

    .venv/bin/python tools/static_site.py [--out site]      # or: make site

The pages are Voici pages (the static form of Voila: ``voici-core``, pinned in the
``site`` extra of pyproject.toml), drawn with the cardgames Voila template
(share/jupyter/voila/templates/cardgames); their Python kernel is Pyodide (CPython in
WebAssembly, ``jupyterlite-pyodide-kernel``), which runs the engine and the widgets in
the student's browser.  The folder it writes is plain files: any static web server or
host serves it, and no page asks any other host for anything.

Everything comes from the project's own files and the package registries, and is kept
under ``.cache/site/`` (reused while its inputs are the same):

- npm (``tools/static_site_npm/package.json`` and its lock): the Pyodide runtime
  (``pyodide``, the version ``jupyterlite-pyodide-kernel`` is made for) and Font Awesome
  (Voila's template links it from a CDN; here it is served from the site);
- PyPI: the pure-Python wheels the kernel loads (IPython, jedi, comm, ipywidgets ...).
  The npm ``pyodide`` package holds the runtime only; its ``pyodide-lock.json`` names
  Pyodide's own builds of these packages, whose hashes differ from PyPI's, so the lock
  is rewritten for the wheels downloaded here (and trimmed to what the pages load);
- this checkout: ``cardgames`` and ``widgets`` as one wheel, the lessons' rules pages;
  the pages themselves (the notebooks and the start page): ``tools/static_site_pages.py``.

The kernel's start-up packages are all named in ``loadPyodideOptions.packages``, so
Pyodide fetches them from the lock at once instead of installing them one by one with
piplite; ``sqlite3`` (a Pyodide-built module the kernel asks for first, in neither npm
nor PyPI; IPython runs without it) is an empty stub wheel, without which the page waits
at "Starting up kernel..." for ever.
"""

from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / ".cache" / "site"
NPM_SPEC = REPO / "tools" / "static_site_npm"
TEMPLATES = REPO / "share" / "jupyter"
LANGUAGES = ("en", "hr", "de")
sys.path.insert(0, str(REPO))    # widgets (the charts)
sys.path.insert(0, str(REPO / "tools"))
from static_site_pages import contents, start_pages  # noqa: E402

#: the apps of lessons/ the site holds (each in en, hr, de)
APPS = ("app_liar", "app_thirty_one", "app_rank_cycle", "app_call_explainer",
        "app_call_odds", "app_hand_scorer")

#: what the kernel loads at start (jupyterlite-pyodide-kernel 0.7: its initKernel) and
#: what the apps import, with the packages they depend on (from Pyodide's lock)
KERNEL_PACKAGES = ("sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")
APP_PACKAGES = ("ipywidgets", "cardgames")

#: packages not in Pyodide's lock: (name, version, imports, depends); the wheels come
#: from PyPI, except ipykernel and pyodide_kernel (shipped by jupyterlite-pyodide-kernel,
#: ipykernel's a stand-in for the real one) and cardgames (this checkout)
EXTRA = {
    "comm": ("0.2.3", ["comm"], ["traitlets"]),
    "ipywidgets": ("8.1.9", ["ipywidgets"], ["comm", "traitlets", "ipython"]),
    # cardgames.courseware.answer_numbers reads decimals with Babel (not a dependency of
    # cardgames[widgets]); loaded by the exercise pages only (static_site_pages.setup_cell)
    "babel": ("2.19.0", ["babel"], []),
}

#: files of the npm pyodide package the site needs (not the consoles, types, maps)
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "package.json")


def canonical(name: str) -> str:
    """PEP 503 name: ``Prompt_Toolkit`` -> ``prompt-toolkit``.

    >>> canonical("prompt_toolkit"), canonical("pyodide_kernel")
    ('prompt-toolkit', 'pyodide-kernel')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(cmd: list[str], **kwargs) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run(cmd, check=True, **kwargs)


# ---------------------------------------------------------------- downloads (cached)

def npm_modules() -> Path:
    """``npm ci`` of tools/static_site_npm into .cache/site/npm (again when the lock changed)."""
    target = CACHE / "npm"
    lock = (NPM_SPEC / "package-lock.json").read_bytes()
    stamp = target / ".lock-sha256"
    modules = target / "node_modules"
    if modules.is_dir() and stamp.exists() and stamp.read_text() == hashlib.sha256(lock).hexdigest():
        return modules
    target.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(NPM_SPEC / name, target / name)
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("make site needs npm (Debian: apt-get install npm)")
    run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=target)
    stamp.write_text(hashlib.sha256(lock).hexdigest())
    return modules


def pypi_wheel(name: str, version: str) -> Path:
    """The pure-Python wheel ``name==version`` from PyPI, kept in .cache/site/wheels."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    stem = "[-_.]".join(re.escape(part) for part in re.split(r"[-_.]+", name))
    pattern = re.compile(rf"^{stem}-{re.escape(version)}-.*py3-none-any\.whl$", re.IGNORECASE)
    found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--python-version", "3.13", "--implementation", "py",
             "--abi", "none", "--platform", "any", "--dest", str(folder), f"{name}=={version}"])
        found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:
        raise SystemExit(f"no pure-Python wheel of {name}=={version} on PyPI")
    return found[0]


def kernel_wheels() -> Path:
    """The folder of wheels jupyterlite-pyodide-kernel ships (pyodide_kernel, the ipykernel
    stand-in, piplite)."""
    import jupyterlite_pyodide_kernel

    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
        "pyodide-kernel-extension" / "static" / "pypi"
    if not share.is_dir():
        raise SystemExit(f"jupyterlite-pyodide-kernel {jupyterlite_pyodide_kernel.__version__}"
                         f" has no wheels in {share}")
    return share


# ---------------------------------------------------------------- wheels made here

def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(path: Path, dist: str, version: str, files: dict[str, bytes]) -> Path:
    """A pure-Python wheel of ``files`` (archive name -> bytes), always the same bytes."""
    info = f"{dist}-{version}.dist-info"
    files = dict(files)
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n"
                                 "Summary: built for the cardgames static site\n").encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: cardgames tools/static_site.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = [_record_line(n, d) for n, d in sorted(files.items())] + [f"{info}/RECORD,,"]
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(files):
            info_ = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info_.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info_, files[name])
    return path


def project_wheel(folder: Path) -> Path:
    """``cardgames`` and ``widgets`` of this checkout (Python files and the compiled
    catalogs) as one wheel; not ``classroom`` (a server) nor the tests."""
    files: dict[str, bytes] = {}
    for package in ("cardgames", "widgets"):
        for path in sorted((REPO / package).rglob("*")):
            rel = path.relative_to(REPO).as_posix()
            if "__pycache__" in rel or not path.is_file():
                continue
            if path.suffix in (".py", ".mo") or path.name == "py.typed":
                files[rel] = path.read_bytes()
    return write_wheel(folder / "cardgames-0.1.0-py3-none-any.whl", "cardgames", "0.1.0", files)


def charts_wheel(folder: Path) -> Path:
    """The Hand scorer's charts (matplotlib, drawn here once per language and kept in
    .cache/site/charts by widgets.kit.chart_cache) as the package ``cardgames_charts``:
    the browser has no matplotlib; the page points ``$CARDGAMES_CHARTS`` at it."""
    os.environ["CARDGAMES_CACHE"] = str(CACHE / "charts")
    from widgets.explainers.hand_scorer import chart_values
    from widgets.kit.chart_cache import cache_folder, chart_file_name

    module = "widgets.explainers.hand_scorer"
    files = {"cardgames_charts/__init__.py": b'"""The charts of the static site."""\n'}
    for lang in LANGUAGES:
        charts = cache_folder(module, lang)
        names = [chart_file_name("hands", lang, v) for v in chart_values()]
        if not all((charts / n).is_file() for n in names):
            run([sys.executable, "-m", module, "--lang", lang, "--out", str(charts)],
                env={**os.environ, "PYTHONPATH": str(REPO)}, stdout=subprocess.DEVNULL)
        for n in names:
            files[f"cardgames_charts/{n}"] = (charts / n).read_bytes()
    return write_wheel(folder / "cardgames_charts-0.1.0-py3-none-any.whl", "cardgames_charts",
                       "0.1.0", files)


def stub_wheel(folder: Path, name: str) -> Path:
    """An empty wheel named ``name``: the kernel installs ``name`` at start, and IPython
    runs without it (``sqlite3``: its history; ``jedi``: completion)."""
    return write_wheel(folder / f"{name}-1.0.0-py3-none-any.whl", name, "1.0.0", {})


# ---------------------------------------------------------------- the Pyodide folder

def pyodide_folder(modules: Path, target: Path) -> list[str]:
    """The Pyodide runtime with a lock of exactly the packages the pages load, every wheel
    beside it; returns the packages to load at start (``loadPyodideOptions.packages``)."""
    source = modules / "pyodide"
    lock = json.loads((source / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    by_name = {canonical(k): k for k in packages}
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(source / name, target / name)

    made = kernel_wheels()
    entries: dict[str, dict] = {}

    def entry(name: str, wheel: Path, version: str, imports: list[str],
              depends: list[str]) -> None:
        shutil.copy2(wheel, target / wheel.name)
        name = canonical(name) if name not in packages else name   # Pyodide looks names up so
        entries[name] = {"name": name, "version": version, "file_name": wheel.name,
                         "install_dir": "site", "sha256": sha256(target / wheel.name),
                         "package_type": "package", "imports": imports,
                         "depends": depends, "unvendored_tests": False}

    # this checkout, the stand-ins, the kernel
    entry("cardgames", project_wheel(CACHE / "made"), "0.1.0", ["cardgames", "widgets"],
          ["ipywidgets"])
    entry("sqlite3", stub_wheel(CACHE / "made", "sqlite3"), "1.0.0", [], [])
    # jedi (1.5 MB): the kernel's code completion, which no page of the site asks for;
    # IPython runs without it (its completer checks whether jedi imports)
    entry("jedi", stub_wheel(CACHE / "made", "jedi"), "1.0.0", [], [])
    entry("cardgames_charts", charts_wheel(CACHE / "made"), "0.1.0", ["cardgames_charts"], [])
    for name, imports in (("ipykernel", ["ipykernel"]), ("pyodide_kernel", ["pyodide_kernel"])):
        wheel = next(made.glob(f"{name}-*-py3-none-any.whl"))
        entry(name, wheel, wheel.name.split("-")[1], imports, [])
    for name, (version, imports, depends) in EXTRA.items():
        entry(name, pypi_wheel(name, version), version, imports, depends)
    # Pyodide's own packages the others depend on (and micropip, which the worker loads
    # to install piplite): PyPI's wheels of the same versions
    todo = ["micropip", *(d for e in list(entries.values()) for d in e["depends"]), "ipython"]
    while todo:
        key = by_name.get(canonical(todo.pop()))
        if key is None or key in entries:
            continue
        old = packages[key]
        if old["package_type"] != "package":
            raise SystemExit(f"{key} is a Pyodide build ({old['file_name']}): not on PyPI")
        wheel = pypi_wheel(key, old["version"])
        depends = [by_name.get(canonical(d), d) for d in old["depends"]
                   if canonical(d) not in ("matplotlib", "sqlite3", "jedi")]
        entry(key, wheel, old["version"], old["imports"], depends)
        todo.extend(depends)
    new = copy.deepcopy(lock)
    new["packages"] = dict(sorted(entries.items()))
    (target / "pyodide-lock.json").write_text(json.dumps(new, indent=1, sort_keys=True))
    return [*KERNEL_PACKAGES, *APP_PACKAGES]


# ---------------------------------------------------------------- build

def lite_config(packages: list[str]) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "cardgames",
            "disabledExtensions": ["@jupyterlite/pyodide-kernel-extension:piplite-ui"],
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": "./static/pyodide/pyodide.js",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": packages},
                },
            },
        },
    }


def build(out: Path, apps: tuple[str, ...], exercises: bool = True) -> None:
    modules = npm_modules()
    work = CACHE / "build"
    lite = work / "lite"
    if work.exists():        # with its .jupyterlite.doit.db: doit would skip the tasks it ran
        shutil.rmtree(work)
    lite.mkdir(parents=True)
    packages = pyodide_folder(modules, lite / "static" / "pyodide")
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=1))
    pages = contents(work / "content", apps, exercises)
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATES), env.get("JUPYTER_PATH")]))
    if out.exists():
        shutil.rmtree(out)
    voici = [sys.executable, "-c", "from voici_core.app import main; main()", "build", "--lite-dir", str(lite),
             "--contents", str(work / "content"), "--output-dir", str(out),
             "--no-sourcemaps", "--no-unused-shared-packages",
             "--VoilaConfiguration.template=cardgames",
             "--VoilaConfiguration.strip_sources=True",
             "--VoilaConfiguration.show_tracebacks=False"]
    run(voici, cwd=work, env=env)
    # the rules pages the apps link to (widgets.kit.rule_links: ../files/rules/ of a page)
    rules = out / "voici" / "files" / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        shutil.copy2(REPO / "lessons" / "rules" / f"{lang}.html", rules / f"{lang}.html")
    start_pages(out, apps, pages)


#: the build tools' own environment: voici-core, jupyterlite-core and the Pyodide kernel
#: (the ``site`` extra of pyproject.toml) live there, not in .venv: their JupyterLab
#: extension (``@jupyterlite/pyodide-kernel-extension``) breaks every JupyterLab and Voila
#: page of the environment it is installed in ("Shared module @jupyterlite/services
#: doesn't exist").  The rest (the widgets, matplotlib, Voila's templates) is the running
#: environment's, through a ``.pth`` line and JUPYTER_PATH.
BUILD_ENV = CACHE / "tools-venv"


def _site_pins() -> list[str]:
    import tomllib

    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return list(data["project"]["optional-dependencies"]["site"])


def build_python() -> Path:
    """The Python of :data:`BUILD_ENV`, made (a venv that sees this environment's
    packages, plus the ``site`` pins) when missing or when the pins changed."""
    import site
    import venv

    pins = _site_pins()
    python = BUILD_ENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    stamp = BUILD_ENV / ".pins"
    wanted = "\n".join(pins + [sys.prefix])
    if python.exists() and stamp.exists() and stamp.read_text(encoding="utf-8") == wanted:
        return python
    if BUILD_ENV.exists():
        shutil.rmtree(BUILD_ENV)
    venv.EnvBuilder(with_pip=True).create(BUILD_ENV)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "_cardgames_parent_env.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *pins])
    stamp.write_text(wanted, encoding="utf-8")
    return python


def main(argv: list[str] | None = None) -> int:
    if os.environ.get("CARDGAMES_SITE_BUILD_ENV") != str(BUILD_ENV):
        python = build_python()          # then this script again, in the build environment
        env = dict(os.environ, CARDGAMES_SITE_BUILD_ENV=str(BUILD_ENV))
        env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [
            str(Path(sys.prefix) / "share" / "jupyter"), os.environ.get("JUPYTER_PATH")]))
        args = sys.argv[1:] if argv is None else argv
        return subprocess.run([str(python), str(Path(__file__).resolve()), *args],
                              env=env).returncode
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "site",
                        help="the folder to write (default: site/)")
    parser.add_argument("--apps", nargs="*", default=list(APPS), help="only these apps")
    parser.add_argument("--no-exercises", action="store_true", help="no exercise pages")
    args = parser.parse_args(argv)
    build(args.out.resolve(), tuple(args.apps), not args.no_exercises)
    return 0


if __name__ == "__main__":
    sys.exit(main())
