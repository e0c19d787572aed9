"""The start page as a handler, for ``make serve`` and for a student's server on the hub.

:class:`StartPageHandler` serves ``classroom.startpage.start_page`` over the
``classroom.catalog`` of the server's root folder, with its links under the server's
``base_url``.  It is used twice, written once:

* ``make serve`` (:class:`classroom.app.ClassroomVoila`) serves it at ``/``;
* in a Jupyter server (each student's own server on JupyterHub, where Voila runs as a
  server extension) this module is a server extension that serves it at
  ``<base_url>cardgames/``, linking to that server's own ``voila/render/...``.
  Enable it with ``--ServerApp.jpserver_extensions=classroom=True`` and land on it with
  ``--ServerApp.default_url=/cardgames/`` (``deploy/jupyterhub/jupyterhub_config.py``
  does both through the Spawner).

>>> start_page_pattern("/user/ana/")
'/user/ana/cardgames/?'
"""

from __future__ import annotations

from pathlib import Path

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web

from cardgames.errors import ConfigError

from .catalog import catalog
from .startpage import language_error_page, page_language, start_page
from .tables.students import student_cookie

__all__ = ["PATH", "StartPageHandler", "start_page_pattern"]

#: Where the start page is in a Jupyter server, under its ``base_url``.
PATH = "cardgames/"


class StartPageHandler(JupyterHandler):
    """The lessons, apps and rules under their titles (``classroom.catalog``), in the
    language of ``?lang=`` (en, hr, de), else the browser's (``Accept-Language``), else
    ``CARDGAMES_LANG``.

    The folder listed is the ``classroom_root`` setting (``make serve``) or the
    server's root folder (``ServerApp.root_dir``, the hub's ``Spawner.notebook_dir``).
    """

    _cache: tuple | None = None

    def _root(self) -> Path:
        root = self.settings.get("classroom_root") or self.settings["server_root_dir"]
        return Path(root).expanduser()

    def _entries(self):
        root = self._root()
        key = (str(root),)
        key += tuple(sorted((p.name, p.stat().st_mtime) for p in root.glob("*.ipynb")))
        key += tuple(sorted(str(p) for p in root.glob("rules/*.html")))
        if StartPageHandler._cache is None or StartPageHandler._cache[0] != key:
            StartPageHandler._cache = (key, catalog(root))
        return StartPageHandler._cache[1]

    @web.authenticated
    def get(self):
        self.xsrf_token  # noqa: B018 -- the cookie the apps' shutdown-on-close sends
        self.set_header("Cache-Control", "no-cache")
        # ?lang= (an unknown one gets 400), else the browser's language if supported (as
        # the tables' pages do), else CARDGAMES_LANG
        lang = self.get_argument("lang", "")[:8] or page_language(
            "", self.request.headers.get("Accept-Language", "")[:400])
        home = self.request.path                                # this page, for the picker
        try:
            page = start_page(self._entries(), lang=lang, base_url=self.base_url, home=home)
        except ConfigError as e:                                # never a silent fallback
            self.set_status(400)
            self.finish(language_error_page(lang, str(e), home=home))
            return
        # the class link (issue 22): this browser's student key, in its HttpOnly cookie
        # only; the classroom server hands it to the lesson page's kernel (issue 29)
        student_cookie(self, path=self.base_url)
        self.finish(page)


def start_page_pattern(base_url: str) -> str:
    """The start page's route in a Jupyter server (with or without the last slash)."""
    return url_path_join(base_url, PATH) + "?"


def _load_jupyter_server_extension(serverapp) -> None:
    """Add the start page at ``<base_url>cardgames/`` to a Jupyter server."""
    web_app = serverapp.web_app
    pattern = start_page_pattern(web_app.settings["base_url"])
    web_app.add_handlers(".*$", [(pattern, StartPageHandler)])
    serverapp.log.info("cardgames: the start page is at %s", pattern.rstrip("?"))
