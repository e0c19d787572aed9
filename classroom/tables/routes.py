"""What the classroom server mounts for the online tables.

- :func:`table_handlers`: the seat websocket ``<base>tables/ws``, the class link's API
  (:func:`classroom.tables.classapi.class_handlers`, taking the kinds of message of
  :func:`classroom.tables.kinds.class_kinds`), the teacher's class view
  (:func:`classroom.tables.classview.classview_handlers`) and the pages
  (:func:`classroom.tables.pages.page_handlers`);
- :func:`open_service`: the :class:`TableService` of a data folder, loaded (every table
  resumes), and :func:`start_ticker`, its timer for the seats of students who are away;
- :func:`tables_url`: the websocket's address for the kernels (``CARDGAMES_TABLES_URL``).

>>> [h[0] for h in table_handlers("/")][:1]
['/tables/ws']
>>> tables_url(8866, "/")
'ws://127.0.0.1:8866/tables/ws'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import pages
from .projector import experiment_handlers  # the class experiments (issue 22)
from .service import TableService
from .socket import SeatSocket
from .store import TableStore, data_dir

__all__ = ["DB_NAME", "ENV_URL", "open_service", "start_ticker", "table_handlers", "tables_url"]

DB_NAME = "tables.sqlite3"
#: The environment variable that tells a kernel where the seat websocket is.
ENV_URL = "CARDGAMES_TABLES_URL"


def _base(base_url: str) -> str:
    return "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"


def table_handlers(base_url: str) -> list[Any]:
    """The tornado handlers of the tables under ``base_url`` (``"/"`` for ``make serve``)."""
    base = _base(base_url)
    from .classapi import class_handlers
    from .classview import classview_handlers
    from .kinds import class_kinds

    # the class link's kinds of message: one table, built here (no module registers itself)
    return [(base + "tables/ws", SeatSocket), *class_handlers(base, class_kinds()),
            *classview_handlers(base),
            *experiment_handlers(base), *pages.page_handlers(base)]


def tables_url(port: int, base_url: str, host: str = "127.0.0.1") -> str:
    return f"ws://{host}:{port}{_base(base_url)}tables/ws"


def open_service(folder: str | Path | None = None, **options: Any) -> TableService:
    """The service on ``folder/tables.sqlite3`` (default :func:`data_dir`), every stored
    table loaded."""
    path = Path(folder) if folder is not None else data_dir()
    service = TableService(TableStore(path / DB_NAME), **options)
    service.load()
    return service


def start_ticker(service: TableService, seconds: float = 1.0) -> Any:
    """A tornado ``PeriodicCallback`` running ``service.tick()`` (started; ``.stop()`` it)."""
    from tornado.ioloop import PeriodicCallback

    def tick() -> None:
        service.tick()

    ticker = PeriodicCallback(tick, seconds * 1000)
    ticker.start()
    return ticker
