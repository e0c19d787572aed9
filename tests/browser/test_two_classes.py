"""One store per class (issue 29, finding 5): two classroom servers on one computer, as
``make serve`` starts them (the same served folder, two ports, no data folder named,
``JUPYTER_DATA_DIR`` a temporary folder), never see each other's data.

- Each prints its data folder; the two differ, both under ``<jupyter data dir>/cardgames``;
  each folder is 0700 and every file in it 0600.  (937bc5c: both used
  ``<jupyter data dir>/cardgames``, its SQLite files 0644 in a 0755 folder.)
- An answer sent to one server's class link is in its class store only; the other's
  class view counts nothing, and refuses the first class's student key.
- The teacher tokens differ: one class's teacher is not the other's.
"""

from __future__ import annotations

import json
import re
import sqlite3
import stat
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
harness = sys.modules["cardgames_voila_harness"]


def _send(server, key: str, mid: str) -> tuple[int, dict]:
    body = {"id": mid, "kind": "check", "student": key, "payload": {
        "exercise": "01-six-players", "answer": "4", "verdict": "right", "hint": ""}}
    req = urllib.request.Request(server.url + "tables/api/class/send",
                                 data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _checks(folder: Path) -> int:
    path = folder / "class.sqlite3"
    if not path.exists():
        return 0
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
        return db.execute("SELECT COUNT(*) FROM submissions").fetchone()[0] \
            if "submissions" in tables else 0
    finally:
        db.close()


def test_two_servers_never_share_a_store(tmp_path, artifacts):
    from classroom.tables.store import secret_file
    from classroom.tables.students import SECRET_FILE, issue_key

    jupyter_data = tmp_path / "jupyter-data"
    env = {"JUPYTER_DATA_DIR": str(jupyter_data), "CARDGAMES_DATA_DIR": ""}
    servers = []
    try:
        for name in ("class-a", "class-b"):
            try:
                servers.append(harness.start_voila(
                    "lessons", cwd=REPO, log_path=artifacts / f"voila-{name}.log",
                    runtime_dir=tmp_path / f"rt-{name}", env=env))
            except harness.VoilaStartError as e:
                pytest.fail(str(e), pytrace=False)
        folders = []
        for server in servers:
            said = re.search(r"\[classroom\] Data folder: (.+)", server.log())
            assert said, server.log()[-2000:]
            folders.append(Path(said.group(1).strip()))
        a, b = folders
        assert a != b and a.parent == b.parent == jupyter_data / "cardgames", folders
        for folder in folders:
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
            files = [p for p in folder.iterdir() if p.is_file()]
            assert files, folder
            for p in files:
                assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
        assert (a / "teacher-token").read_text() != (b / "teacher-token").read_text()
        # an answer to class A (with a key class A issued) stays in class A
        key_a = issue_key(secret_file(a, SECRET_FILE))
        status, answer = _send(servers[0], key_a, "m1")
        assert status == 200 and answer["ok"], answer
        assert _checks(a) == 1 and _checks(b) == 0
        # class B does not take class A's student
        status, answer = _send(servers[1], key_a, "m2")
        assert status == 400 and answer["error"]["code"] == "bad-student", answer
        assert _checks(b) == 0
        for p in a.iterdir():                 # the files made since the start: 0600 too
            if p.is_file():
                assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
    finally:
        for server in servers:
            server.stop()
