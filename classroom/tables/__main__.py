"""``python -m classroom.tables``: the table service on its own (tornado), as
``make serve`` mounts it (``routes.table_handlers``), or as a JupyterHub managed service.

* **Standalone** (no JupyterHub environment): ``--ip``/``--port``/``--base-url``, the
  teacher token of :class:`classroom.tables.auth.TokenAuth` (printed with the
  teacher's address).  The students' kernels need ``CARDGAMES_TABLES_URL`` set to
  ``ws://<ip>:<port><base-url>tables/ws``.
* **On JupyterHub** (``JUPYTERHUB_SERVICE_URL`` is set: the hub started it from
  ``c.JupyterHub.services``): the address of ``JUPYTERHUB_SERVICE_URL`` (``--ip``
  overrides its host: ``0.0.0.0`` in the hub's pod on Kubernetes), the routes
  under ``JUPYTERHUB_SERVICE_PREFIX``, :class:`classroom.tables.hub.HubTablesAuth`.

The data folder: ``--data-dir``, else ``CARDGAMES_DATA_DIR``, else on the hub the
folder ``cardgames-tables`` in the service's working directory (``cwd`` of the
service, by default the hub's), else ``classroom.tables.data_dir()``.  The cookie
secret is kept there (``cookie-secret``, mode 0600), so a restart keeps everyone
logged in; the tables resume from the SQLite file there (``svc.load()``).

>>> args = parse_args(["--port", "9000", "--data-dir", "/tmp/x"])
>>> args.port, str(args.data_dir), args.base_url
(9000, '/tmp/x', '/')
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import signal
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

__all__ = ["build_app", "cookie_secret", "hub_settings", "main", "parse_args",
           "resolve_data_dir"]

log = logging.getLogger("cardgames.tables")

SECRET_FILE = "cookie-secret"
TICK_SECONDS = 0.5


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m classroom.tables",
        description="The card tables' service (standalone, or a JupyterHub managed service).")
    parser.add_argument("--ip", default=None,
                        help="address to listen on (default 127.0.0.1; on the hub: the host "
                             "of JUPYTERHUB_SERVICE_URL)")
    parser.add_argument("--port", type=int, default=8870, help="port (standalone)")
    parser.add_argument("--base-url", default="/", help="URL prefix (standalone)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="the tables' folder (default: CARDGAMES_DATA_DIR, ...)")
    parser.add_argument("--bot-timeout", type=float, default=60.0,
                        help="seconds a connected student may think before the bot plays")
    parser.add_argument("--reconnect-grace", type=float, default=10.0,
                        help="seconds a disconnected student's seat waits for them")
    args = parser.parse_args(argv)
    if not args.base_url.startswith("/"):
        args.base_url = "/" + args.base_url
    if not args.base_url.endswith("/"):
        args.base_url += "/"
    return args


def on_hub() -> bool:
    """Was this process started by JupyterHub as a service with a URL?"""
    return bool(os.environ.get("JUPYTERHUB_SERVICE_URL"))


def resolve_data_dir(args: argparse.Namespace) -> Path:
    if args.data_dir is not None:
        return Path(args.data_dir).expanduser()
    env = os.environ.get("CARDGAMES_DATA_DIR", "").strip()
    if env:
        return Path(env).expanduser()
    if on_hub():
        return Path.cwd() / "cardgames-tables"
    from . import data_dir

    return Path(data_dir())


def cookie_secret(folder: Path) -> bytes:
    """The secret signing the service's cookies, made once (mode 0600) in ``folder``."""
    path = folder / SECRET_FILE
    try:
        secret = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        secret = ""
    if len(secret) < 32:
        secret = secrets.token_hex(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secret + "\n")
    return secret.encode("ascii")


def build_app(service: Any, auth: Any, *, prefix: str, secret: bytes, hub: bool) -> Any:
    """The tornado application of the table routes under ``prefix`` (on the hub: wrapped
    by :func:`classroom.tables.hub.hub_handlers`)."""
    from tornado import web

    from .routes import table_handlers

    handlers = table_handlers(prefix)
    if hub:
        from .hub import hub_handlers

        handlers = hub_handlers(prefix, handlers)
    settings: dict[str, Any] = {"cardgames_tables": service, "cardgames_tables_auth": auth,
                                "cardgames_tables_prefix": prefix, "cookie_secret": secret,
                                "base_url": prefix}
    if hub:
        settings.update(hub_settings())
    return web.Application(handlers, **settings)


def hub_settings() -> dict[str, str]:
    """On the hub: the student's app opens in their own server (``/hub/user-redirect/``
    sends the browser to ``/user/<name>/``), and the join links use the hub's public
    address if the hub knows it (``c.JupyterHub.public_url``; else the request's host).

    >>> os.environ["JUPYTERHUB_BASE_URL"] = "/"
    >>> hub_settings()["cardgames_tables_app_url"]
    '/hub/user-redirect/voila/render/app_online.ipynb'
    """
    base = os.environ.get("JUPYTERHUB_BASE_URL", "/") or "/"
    out = {"cardgames_tables_app_url":
           base.rstrip("/") + "/hub/user-redirect/voila/render/app_online.ipynb"}
    public = os.environ.get("JUPYTERHUB_PUBLIC_URL", "")
    if public:
        out["cardgames_tables_public_url"] = public
    return out


def main(argv: list[str] | None = None) -> int:
    # warnings of every library; the service's, tornado's and the hub auth's news too
    logging.basicConfig(level=logging.WARNING, stream=sys.stdout,
                        format="[%(levelname)1.1s %(asctime)s cardgames-tables] %(message)s")
    for name in ("cardgames", "classroom", "tornado", "JupyterHub"):
        logging.getLogger(name).setLevel(logging.INFO)
    args = parse_args(argv)
    from tornado import ioloop

    from .routes import DB_NAME, open_service, start_ticker

    folder = resolve_data_dir(args)
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["CARDGAMES_DATA_DIR"] = str(folder)     # data_dir() for every module here
    secret = cookie_secret(folder)
    hub = on_hub()
    if hub:
        from .hub import HubTablesAuth

        url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
        ip, port = args.ip if args.ip is not None else (url.hostname or ""), url.port or 80
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/cardgames-tables/")
        auth: Any = HubTablesAuth(secret=secret)
    else:
        from .auth import TokenAuth

        ip, port, prefix = args.ip or "127.0.0.1", args.port, args.base_url
        auth = TokenAuth.load(folder)
    service = open_service(folder, bot_timeout=args.bot_timeout,
                           reconnect_grace=args.reconnect_grace)      # every table resumes
    loaded = len(service.tables())
    app = build_app(service, auth, prefix=prefix, secret=secret, hub=hub)
    server = app.listen(port, address=ip, xheaders=hub)
    loop = ioloop.IOLoop.current()
    ticker = start_ticker(service, TICK_SECONDS)
    from .classview import start_warming

    start_warming()            # the class view's labels ready before the first check (issue 31)
    shown = ip or "0.0.0.0"
    log.info("the tables (%d resumed, data in %s) at http://%s:%d%s", loaded,
             folder / DB_NAME, shown, port, prefix)
    if hub:
        log.info("on JupyterHub: the teacher's page is %stables/teacher (teacher scope "
                 "%s or an admin)", prefix, auth.scope)
    else:
        from .auth import teacher_line

        print(teacher_line(auth, ip=ip, port=port, base_url=prefix), flush=True)

    def stop(*_: object) -> None:
        loop.add_callback(loop.stop)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        loop.start()
    finally:
        ticker.stop()
        server.stop()
        service.close()
        log.info("the tables stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
