"""Build the static site: the apps, explainers and exercises running in the browser (issue 33).

    cardgames site --out DIR [--lang hr de] [--class-server URL]    # or: make site
    .venv/bin/python tools/static_site.py --out DIR ...             # the same

A problem it can meet (no npm, no network on the first build, the build tools not
installable, a folder that holds other files, a bad --class-server) is one line on
stderr and exit code 2.  With ``--class-server`` the site's ``class-server.json`` names
that server and the exercise pages send their checks there
(``widgets/kit/classlink_browser.py``; the server: ``cardgames serve --allow-origin``).

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

#: the checkout (or, in an installed wheel, ``classroom/data/``, which holds the lessons,
#: the page template and these tools: setup.py DATA)
REPO = Path(__file__).resolve().parents[1]
#: a checkout: its pyproject.toml is beside the tools
CHECKOUT = (REPO / "pyproject.toml").is_file()


def _cache() -> Path:
    """Where downloads and the build tools' venv are kept: ``.cache/site`` of a checkout,
    else ``$CARDGAMES_SITE_CACHE``, else the user's cache folder (``~/.cache/cardgames/site``)."""
    if os.environ.get("CARDGAMES_SITE_CACHE"):
        return Path(os.environ["CARDGAMES_SITE_CACHE"]).expanduser()
    if CHECKOUT:
        return REPO / ".cache" / "site"
    base = os.environ.get("XDG_CACHE_HOME") or (os.environ.get("LOCALAPPDATA") if os.name == "nt"
                                                else "") or str(Path.home() / ".cache")
    return Path(base) / "cardgames" / "site"


CACHE = _cache()
NPM_SPEC = REPO / "tools" / "static_site_npm"
TEMPLATES = REPO / "share" / "jupyter"
LANGUAGES = ("en", "hr", "de")
sys.path.insert(0, str(REPO))    # widgets (the charts)
sys.path.insert(0, str(REPO / "tools"))
from static_site_pages import contents, python_env, start_pages  # noqa: E402

import cardgames  # noqa: E402 - this checkout's, or the installed one

#: the folder holding the packages ``cardgames`` and ``widgets``
PACKAGES = Path(cardgames.__file__).resolve().parent.parent

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


class BuildError(Exception):
    """A build that cannot go on; the message (one line) says why and what to do."""


#: what a download failure most likely means, and what to do
OFFLINE = ("no network? The first build downloads from the package registries (PyPI, npm) "
           "and keeps everything in {cache}; later builds need no network")


def run(cmd: list[str], why: str = "", **kwargs) -> None:
    """Run ``cmd``; a failure is a :class:`BuildError` saying ``why`` (what it was for)."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    try:
        subprocess.run(cmd, check=True, **kwargs)
    except (subprocess.CalledProcessError, OSError) as e:
        raise BuildError(f"{why or cmd[0]} failed ({e})") from None


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
        raise BuildError("the build needs npm (Node.js) to download Pyodide once: install "
                         "Node.js (Debian: apt-get install npm; others: https://nodejs.org)")
    run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
        "npm ci (Pyodide and Font Awesome from the npm registry: "
        + OFFLINE.format(cache=CACHE) + ")", cwd=target)
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
             "--abi", "none", "--platform", "any", "--dest", str(folder), f"{name}=={version}"],
            f"downloading {name}=={version} from PyPI (" + OFFLINE.format(cache=CACHE) + ")")
        found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:
        raise BuildError(f"no pure-Python wheel of {name}=={version} on PyPI")
    return found[0]


def kernel_wheels() -> Path:
    """The folder of wheels jupyterlite-pyodide-kernel ships (pyodide_kernel, the ipykernel
    stand-in, piplite)."""
    import jupyterlite_pyodide_kernel

    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
        "pyodide-kernel-extension" / "static" / "pypi"
    if not share.is_dir():
        raise BuildError(f"jupyterlite-pyodide-kernel {jupyterlite_pyodide_kernel.__version__}"
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
        for path in sorted((PACKAGES / package).rglob("*")):
            rel = path.relative_to(PACKAGES).as_posix()
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
                "drawing the Hand scorer's charts (matplotlib)", env=python_env(), stdout=subprocess.DEVNULL)
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
            raise BuildError(f"{key} is a Pyodide build ({old['file_name']}): not on PyPI")
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


#: the file of a built site saying so (a folder with it may be built over)
MARKER = ".cardgames-site"


def out_problem(out: Path) -> str | None:
    """Why the site cannot be written to ``out`` (it is replaced as a whole), or None."""
    if out.exists() and not out.is_dir():
        return f"{out} is a file, not a folder"
    built = (out / MARKER).is_file() or (       # (a site built before the marker)
        (out / "voici" / "render").is_dir() and (out / "index.html").is_file())
    if out.is_dir() and any(out.iterdir()) and not built:
        return (f"{out} is a folder with other files in it: give a new or empty folder, or "
                "one this command wrote before (it is replaced as a whole)")
    return None


def class_server(text: str) -> str:
    """The class server's address as the pages use it: ``http(s)://host[:port]/[base/]``.

    >>> class_server("http://192.168.1.20:8866"), class_server("https://hub.example/class/")
    ('http://192.168.1.20:8866/', 'https://hub.example/class/')
    """
    from urllib.parse import urlsplit

    url = text.strip()
    url = url if url.endswith("/") else url + "/"
    try:
        parts = urlsplit(url)
        ok = (parts.scheme in ("http", "https") and bool(parts.hostname) and parts.port != 0
              and not (parts.query or parts.fragment or parts.username or "?" in url
                       or "#" in url) and len(url) <= 300)
    except ValueError:
        ok = False
    if not ok:
        raise BuildError(f"--class-server: {text!r} is not a class server's address: give "
                         "the address its students open, e.g. http://192.168.1.20:8866")
    return url


def build(out: Path, apps: tuple[str, ...], exercises: bool = True,
          langs: tuple[str, ...] = LANGUAGES, server: str | None = None) -> None:
    problem = out_problem(out)
    if problem:
        raise BuildError(problem)
    modules = npm_modules()
    work = CACHE / "build"
    lite = work / "lite"
    if work.exists():        # with its .jupyterlite.doit.db: doit would skip the tasks it ran
        shutil.rmtree(work)
    lite.mkdir(parents=True)
    packages = pyodide_folder(modules, lite / "static" / "pyodide")
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=1))
    pages = contents(work / "content", apps, exercises, langs, server is not None)
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
    run(voici, "voici build (the pages)", cwd=work, env=env)
    # the rules pages the apps link to (widgets.kit.rule_links: ../files/rules/ of a page)
    rules = out / "voici" / "files" / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        shutil.copy2(REPO / "lessons" / "rules" / f"{lang}.html", rules / f"{lang}.html")
    start_pages(out, apps, pages, langs, server is not None)
    # the class server the pages send the exercises' checks to (widgets.kit.classlink_browser)
    (out / "class-server.json").write_text(json.dumps({"server": server}) + "\n")
    (out / MARKER).write_text("a static site built by cardgames site (tools/static_site.py)\n")


#: the build tools' own environment: voici-core, jupyterlite-core and the Pyodide kernel
#: (the ``site`` extra of pyproject.toml) live there, not in .venv: their JupyterLab
#: extension (``@jupyterlite/pyodide-kernel-extension``) breaks every JupyterLab and Voila
#: page of the environment it is installed in ("Shared module @jupyterlite/services
#: doesn't exist").  The rest (the widgets, matplotlib, Voila's templates) is the running
#: environment's, through a ``.pth`` line and JUPYTER_PATH.
BUILD_ENV = CACHE / "tools-venv"


def _site_pins() -> list[str]:
    """The ``site`` extra: pyproject.toml's in a checkout, else the installed metadata's."""
    if CHECKOUT:
        import tomllib

        data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
        return list(data["project"]["optional-dependencies"]["site"])
    from importlib.metadata import requires

    pins = [r.split(";")[0].strip() for r in requires("cardgames") or []
            if re.search(r"""extra\s*==\s*["']site["']""", r)]
    if not pins:
        raise BuildError("the installed cardgames names no build tools (its 'site' extra): "
                         'reinstall it: pip install --force-reinstall "cardgames[apps]"')
    return pins


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
    try:
        venv.EnvBuilder(with_pip=True).create(BUILD_ENV)
    except (subprocess.CalledProcessError, OSError) as e:
        raise BuildError(f"could not make the build tools' venv {BUILD_ENV} ({e}); Debian: "
                         "apt-get install python3-venv") from None
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "_cardgames_parent_env.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    command = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
               *pins]
    try:
        run(command, "installing the build tools")
    except BuildError:
        raise BuildError("the build tools (voici-core, jupyterlite) could not be installed into "
                         f"their own venv {BUILD_ENV} (" + OFFLINE.format(cache=CACHE) + "); "
                         "install them there yourself, then build again: "
                         + " ".join(f'"{c}"' if "=" in c else c for c in command if c != "--quiet")
                         ) from None
    stamp.write_text(wanted, encoding="utf-8")
    return python


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardgames site", description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=Path("site"),
                   help="the folder to write (default: site/)")
    p.add_argument("--lang", nargs="+", choices=LANGUAGES, default=list(LANGUAGES),
                   help="the pages' languages (default: en hr de)")
    p.add_argument("--class-server", default=None, metavar="URL",
                   help="the class server the exercises' checks are sent to")
    p.add_argument("--apps", nargs="*", default=list(APPS), help="only these apps")
    p.add_argument("--no-exercises", action="store_true", help="no exercise pages")
    return p


def main(argv: list[str] | None = None) -> int:
    args_list = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(args_list)          # bad arguments: before anything is built
    try:
        server = None if args.class_server is None else class_server(args.class_server)
        problem = out_problem(args.out.resolve())
        if problem:
            raise BuildError(problem)
        if os.environ.get("CARDGAMES_SITE_BUILD_ENV") != str(BUILD_ENV):
            python = build_python()          # then this script again, in the build environment
            env = dict(os.environ, CARDGAMES_SITE_BUILD_ENV=str(BUILD_ENV))
            env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [
                str(Path(sys.prefix) / "share" / "jupyter"), os.environ.get("JUPYTER_PATH")]))
            return subprocess.run([str(python), str(Path(__file__).resolve()), *args_list],
                                  env=env).returncode
        langs = tuple(code for code in LANGUAGES if code in args.lang)
        build(args.out.resolve(), tuple(args.apps), not args.no_exercises, langs, server)
    except BuildError as e:
        print(f"cardgames site: error: {e}", file=sys.stderr, flush=True)
        return 2
    except subprocess.CalledProcessError as e:        # a helper Python: its last line
        last = str(e.stderr or "").strip().splitlines()[-1:]
        print(f"cardgames site: error: a step of the build failed (exit {e.returncode})"
              + (f": {last[0]}" if last else ""), file=sys.stderr, flush=True)
        return 2
    print(f"The static site is in {args.out.resolve()}: put the folder on any web host "
          "(docs/serving.md); its start page is index.html", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
