"""The tables mounted in the classroom server (``python -m classroom``, as ``make serve``):
the kernels it starts learn the seat websocket's address (``CARDGAMES_TABLES_URL``),
and the websocket answers there (issue 21, item 1)."""

from __future__ import annotations

import re
import time
import urllib.request

import nbformat
import pytest
from socket_kit import Client
from testkit import REPO, missing, voila_harness


@pytest.mark.parametrize("pooled", [False, True], ids=["started-for-the-page", "pre-heated"])
def test_kernels_of_the_server_get_the_tables_url(tmp_path, pooled):
    # pre-heated kernels (make serve STUDENTS=.. NOTEBOOKS=app_online) are started by Voila
    # as soon as its kernel manager exists: they too must know the address
    try:
        import voila  # noqa: F401
    except ImportError:
        missing("voila is not installed (pip install -e '.[apps]')", suite="the tables tests")
    folder = tmp_path / "notebooks"
    folder.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        'import os\nprint("URL=" + os.environ.get("CARDGAMES_TABLES_URL", "none"))')]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, folder / "env.ipynb")
    harness = voila_harness()
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    try:
        server = harness.start_voila(str(folder), cwd=REPO, log_path=tmp_path / "server.log",
                                     runtime_dir=runtime,
                                     extra_args=[f"--tables-dir={tmp_path / 'data'}",
                                                 *(["--students=1", "--notebooks=env"]
                                                   if pooled else [])])
    except harness.VoilaStartError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        deadline = time.monotonic() + 90
        while pooled and "The pool is warm" not in server.log():
            assert time.monotonic() < deadline, "the pool did not get warm in 90 s"
            time.sleep(0.5)
        with urllib.request.urlopen(server.app_url("env.ipynb"), timeout=90) as resp:
            html = resp.read().decode()
        url = f"ws://127.0.0.1:{server.port}/tables/ws"
        assert re.findall(r"URL=[^<\s]*", html) == [f"URL={url}"]
        c = Client(url)                              # and the websocket is there
        c.send({"type": "hello", "table": "ZZZZZZ", "seat": 0, "key": "k" * 20})
        assert c.recv()["code"] == "unknown-table"
        assert c.closed_with() == 4404
        assert (tmp_path / "data" / "tables.sqlite3").exists()
        assert not harness.log_errors(server.log())
    finally:
        server.stop()
