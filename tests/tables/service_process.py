"""The table service in a process of its own, for a test to ``kill -9`` (issue 29):
``python service_process.py FOLDER PORT``.

The service of ``python -m classroom.tables`` (``routes.open_service``: every stored table
resumes from ``FOLDER/tables.sqlite3``, a bot to act plays at once) behind its seat
websocket on ``127.0.0.1:PORT``, but without the ticker: no student's seat is played by
the bot here (a test's fake clock decides that, in the process that restarts from the
store), so what the process logs is exactly what the test's clients ask for and the bot
seats' moves.  Prints ``ready`` once it listens.
"""

from __future__ import annotations

import asyncio
import sys


def main(argv: list[str]) -> None:
    from tornado.ioloop import IOLoop
    from tornado.web import Application

    from classroom.tables.routes import open_service, table_handlers

    folder, port = argv[0], int(argv[1])
    asyncio.set_event_loop(asyncio.new_event_loop())
    svc = open_service(folder)
    app = Application(table_handlers("/"), cardgames_tables=svc)
    app.listen(port, "127.0.0.1")
    print("ready", flush=True)
    IOLoop.current().start()


if __name__ == "__main__":
    main(sys.argv[1:])
