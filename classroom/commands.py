"""The teacher's commands of ``cardgames``: serve, lab, handouts, lessons copy (issue 30),
site (issue 33).

``cardgames/classcli.py`` reads their arguments (``--help`` in en/hr/de) and calls the
functions here, which import Jupyter only when they run.  Every problem a teacher can
meet before the server starts is a :class:`CommandError` with one line that names it and
says what to do (``cardgames`` prints it, exit code 2): a folder that is missing or holds
no notebooks, a port in use, a missing extra (``pip install "cardgames[apps]"``), a class
that does not fit in the memory.

>>> folder_problem(Path("no such folder"))[:34]
'no such folder: there is no folder'
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

from cardgames.i18n import get_language
from cardgames.i18n import gettext as _

from . import bundle, launch

__all__ = ["CommandError", "copy_lessons", "folder_problem", "handouts", "lab", "port_problem",
           "serve", "site"]

#: The modules each command needs, and the extra that installs them.
NEEDS = {"serve": ("apps", ("voila", "ipykernel", "ipywidgets", "psutil")),
         "lab": ("lab", ("jupyterlab", "voila", "ipywidgets")),
         "handouts": ("handouts", ("playwright", "mistune", "ipywidgets")),
         # the build draws the Hand scorer's charts and uses Voila's page templates
         "site": ("apps", ("voila", "ipywidgets", "matplotlib", "babel"))}
#: Files of the lessons' folder a teacher's copy does not need (the tests' nbval settings).
NOT_COPIED = ("__pycache__", "*.pyc", ".ipynb_checkpoints", "nbval_sanitize.cfg")


class CommandError(ValueError):
    """A command that cannot run as asked; the message says why and what to do."""


def need(command: str) -> None:
    """Raise :class:`CommandError` when a module ``command`` needs is not installed."""
    extra, modules = NEEDS[command]
    for module in modules:
        try:
            found = importlib.util.find_spec(module) is not None
        except ImportError:                  # a broken install is a missing one
            found = False
        if not found:
            raise CommandError(_('this command needs {module}, which is not installed: '
                                 'pip install "cardgames[{extra}]"').format(module=module,
                                                                            extra=extra))


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot be served (missing, not a folder, no notebooks), or None."""
    if not folder.exists():
        return _("{folder}: there is no folder of that name (make one with: cardgames "
                 "lessons copy {folder})").format(folder=folder)
    if not folder.is_dir():
        return _("{folder} is a file, not a folder of notebooks").format(folder=folder)
    if not any(folder.glob("*.ipynb")):
        return _("{folder} holds no notebooks (.ipynb): give the folder of the lessons, or "
                 "make one with: cardgames lessons copy DIR").format(folder=folder)
    return None


def port_problem(ip: str, port: int) -> str | None:
    """Why the server could not listen on ``ip``:``port`` (in use, not allowed), or None."""
    host = "" if ip in ("", "0.0.0.0", "*") else ip
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as s:
            if os.name == "posix":          # as the server binds (a closed port in TIME_WAIT)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OSError as e:
        return e.strerror or str(e)
    return None


def _served(folder: str | None) -> Path:
    path = bundle.lessons_dir() if folder is None else Path(folder).expanduser()
    problem = folder_problem(path)
    if problem:
        raise CommandError(problem)
    return path.resolve()


def _check_port(ip: str, port: int, option: str) -> None:
    problem = port_problem(ip, port)
    if problem:
        raise CommandError(_("port {port} on {ip} is in use or not allowed ({problem}): "
                             "stop the other server (another cardgames serve?) or choose "
                             "another port: {option} {next}").format(
            port=port, ip=ip or "0.0.0.0", problem=problem, option=option, next=port + 1))


def _languages(lang: str | None) -> list[str]:
    """The languages served: ``--lang``, else ``CARDGAMES_LANG``'s, else all three (the
    start page offers each)."""
    from cardgames.i18n import SUPPORTED

    if lang:
        return [lang]
    if os.environ.get("CARDGAMES_LANG", "").strip():
        return [get_language()]
    return list(SUPPORTED)


def _jupyter_env() -> None:
    """The page template on ``JUPYTER_PATH`` (first), for the server and its kernels."""
    mine = str(bundle.jupyter_path())
    rest = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != mine]
    os.environ["JUPYTER_PATH"] = os.pathsep.join([mine, *rest])


def serve(folder: str | None = None, *, students: str = "", notebooks: str = "",
          ip: str = "127.0.0.1", port: int = 8866, lang: str | None = None,
          max_kernels: str = "", warm_mb: int | None = None, data_dir: str = "",
          check: bool = False, jupyter_args: list[str] | None = None,
          allow_origins: tuple[str, ...] = ()) -> int:
    """``cardgames serve``: check everything, print the plan, run the server until Ctrl+C."""
    root = _served(folder)
    need("serve")
    origins = _origins(allow_origins)
    if lang:
        os.environ["CARDGAMES_LANG"] = lang             # the server's pages and its kernels
    try:
        names = notebooks.replace(",", " ").split()
        count = launch.parse_students(students)
        if count or names:
            p = launch.plan(root, students=count, notebooks=names,
                            max_kernels=launch.parse_cap(max_kernels))
        else:
            p = launch.warm_plan(root, langs=_languages(lang), budget_mb=warm_mb,
                                 max_kernels=launch.parse_cap(max_kernels))
    except launch.ServeError as e:
        raise CommandError(cli_words(str(e))) from None
    smallest = min([*p.sizes.values(), *map(launch.kernel_mb, launch.memory.MEASURED_USS_MB)])
    if p.memory_mb < smallest:
        raise CommandError(_("this computer has {mb} MB of memory free, less than one page's "
                             "kernel needs (~{need} MB) after {reserve} MB for the system: "
                             "close other programs and start again").format(
            mb=p.available_mb, need=smallest, reserve=launch.RESERVE_MB))
    if not check:
        _check_port(ip, port, "--port")
    print(p.describe(), flush=True)
    if check:
        return 0
    _jupyter_env()
    host = ip if ip not in ("", "0.0.0.0", "::", "*") else _lan_ip()
    print(_("[classroom] Serving {folder}: students open http://{host}:{port}/ (Ctrl+C "
            "stops the server)").format(folder=root, host=host, port=port), flush=True)
    args = [f"--Voila.ip={ip}", f"--port={port}", "--no-browser", "--Voila.port_retries=0",
            *(jupyter_args or [])]
    if os.name == "nt":            # zmq's ipc transport (voila.json) is for POSIX only
        args.append("--KernelManager.transport=tcp")
    launch.start(root, p, args, tables_dir=data_dir, config_dir=bundle.data_root(),
                 allow_origins=origins)
    return 0


def _origins(given: tuple[str, ...]) -> tuple[str, ...]:
    """``--allow-origin``'s origins, each checked (:func:`classroom.tables.cors.parse_origin`)."""
    from .tables.cors import parse_origin

    try:
        return tuple(parse_origin(o) for o in given)
    except ValueError as e:
        raise CommandError(f"--allow-origin: {e}") from None


#: The launcher's words for its settings (``make serve``'s variables) -> the options.
_OPTIONS = {"STUDENTS": "--students", "NOTEBOOKS": "--notebooks", "MAX_KERNELS": "--max-kernels"}


def cli_words(message: str) -> str:
    """A launcher's message in the command's words: ``STUDENTS=30`` -> ``--students 30``.

    >>> cli_words('STUDENTS needs NOTEBOOKS: e.g. NOTEBOOKS="04_a app_b"; at most STUDENTS=12 here')
    '--students needs --notebooks: e.g. --notebooks "04_a app_b"; at most --students 12 here'
    """
    return re.sub(r"\b(STUDENTS|NOTEBOOKS|MAX_KERNELS)\b(=)?",
                  lambda m: _OPTIONS[m.group(1)] + (" " if m.group(2) else ""), message)


def _lan_ip() -> str:
    from .tables.pagebase import lan_ip

    return lan_ip() or "127.0.0.1"


def lab(folder: str | None = None, *, port: int = 8888,
        jupyter_args: list[str] | None = None) -> int:
    """``cardgames lab``: JupyterLab on this computer only, in the lessons' folder."""
    root = _served(folder)
    need("lab")
    _check_port("127.0.0.1", port, "--port")
    if folder is None and bundle.data_root() != bundle.HERE.parent:
        print(_("These are the installed lessons: to change them, copy them first: "
                "cardgames lessons copy DIR, then cardgames lab DIR"), flush=True)
    _jupyter_env()
    from jupyterlab.labapp import LabApp

    LabApp.launch_instance(argv=["--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
                                 "--ServerApp.port_retries=0",
                                 f"--ServerApp.root_dir={root}", *(jupyter_args or [])])
    return 0


def handouts(out: str) -> int:
    """``cardgames handouts --out DIR``: the teacher's kit as PDFs."""
    need("handouts")
    from . import handouts as kit

    target = Path(out).expanduser()
    if target.exists() and not target.is_dir():
        raise CommandError(_("{out} is a file, not a folder").format(out=target))
    try:
        written = kit.build(target)
    except kit.NoBrowserError as e:
        raise CommandError(str(e)) from None
    for path in written:
        print(path)
    return 0


def site_tool() -> Path | None:
    """The static site's build script (``tools/static_site.py`` of a checkout, or of the
    wheel's ``classroom/data/``), or None."""
    try:
        tool = bundle.data_root() / "tools" / "static_site.py"
    except bundle.BundleError:
        return None
    return tool if tool.is_file() else None


def site(out: str, *, langs: list[str] | None = None, class_server: str | None = None) -> int:
    """``cardgames site --out DIR``: the static site (``tools/static_site.py``, which says
    what went wrong in one line and exits 2; its exit status is this command's)."""
    tool = site_tool()
    if tool is None:
        raise CommandError(_("the static site's build script is not installed with this "
                             "cardgames: reinstall it (pip install --force-reinstall "
                             "\"cardgames[apps]\"), or build in a clone of the source: make "
                             "site; it needs npm, and PyPI and the npm registry for the first "
                             "build (docs/serving.md)"))
    need("site")
    argv = [sys.executable, str(tool), "--out", str(Path(out).expanduser().resolve())]
    if langs:
        argv += ["--lang", *dict.fromkeys(langs)]
    if class_server is not None:
        argv += ["--class-server", class_server]
    # (the script imports the packages beside it: a checkout's, or the installed ones)
    return subprocess.run(argv).returncode


def copy_lessons(dest: str, *, lang: str | None = None) -> int:
    """``cardgames lessons copy DIR [--lang hr]``: the lessons, apps and rules pages into a
    new (or empty) folder the teacher owns; with ``--lang`` the lessons of that language
    only, at the folder's top (one file per lesson to change)."""
    source = bundle.lessons_dir()
    target = Path(dest).expanduser()
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise CommandError(_("{dest} already exists and is not empty: choose a new folder "
                             "(nothing is overwritten)").format(dest=target))
    built = [lg for lg in launch_languages() if (source / lg).is_dir()]   # hr, de
    if lang is None:                                  # everything, as served
        shutil.copytree(source, target, ignore=shutil.ignore_patterns(*NOT_COPIED),
                        dirs_exist_ok=True)
    elif lang == "en":                                # the English lessons, no hr/ de/
        shutil.copytree(source, target, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(*NOT_COPIED, *built))
    else:                                             # hr/NN_*.ipynb at the top, the apps
        shutil.copytree(source, target, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(*NOT_COPIED, *built, "*.ipynb"))
        for nb in sorted(source.glob("app_*.ipynb")):
            shutil.copy2(nb, target / nb.name)
        for nb in sorted((source / lang).glob("*.ipynb")):
            shutil.copy2(nb, target / nb.name)
    count = sum(1 for _p in target.rglob("*.ipynb"))
    print(_("Copied {n} notebooks to {dest}; serve them with: cardgames serve {dest}").format(
        n=count, dest=target), flush=True)
    return 0


def launch_languages() -> tuple[str, ...]:
    """The languages lessons are built in (``lessons/<lang>/``)."""
    from .catalog import LESSON_LANGUAGES

    return LESSON_LANGUAGES
