"""The online tables (issue 21): one authority for every table of the class.

- :mod:`.store`: :class:`TableStore`, SQLite under :func:`data_dir` (the log, the
  snapshots, the seats);
- :mod:`.service`: :class:`TableService`, the tables' sessions, seats, bots, takeovers,
  subscribers, the teacher's summary and replay;
- :mod:`.protocol`: every frame a seat's client sends, checked; the rate limit;
- :mod:`.socket`: the seat websocket ``<base>tables/ws``;
- :mod:`.routes`: :func:`table_handlers`, what the classroom server mounts.

Nothing of Jupyter is imported here: the engine and the standard library only (tornado in
``socket`` and ``routes``).
"""

from .errors import (
                     BadMessage,
                     BadSecret,
                     GameOver,
                     NotStarted,
                     RateLimited,
                     SeatHeld,
                     TableError,
                     TableFull,
                     TooLarge,
                     UnknownTable,
)
from .service import TableService
from .store import TableStore, data_dir
from .summary import TableSummary

__all__ = ["BadMessage", "BadSecret", "GameOver", "NotStarted", "RateLimited", "SeatHeld",
           "TableError", "TableFull", "TableService", "TableStore", "TableSummary",
           "TooLarge", "UnknownTable", "data_dir"]
