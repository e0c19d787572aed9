"""A seat is a browser, and a restart is invisible (issue 29, findings 3 and 4).

One classroom server (as ``make serve`` runs it) on a fixed free port with its data
folder a temporary one; Chromium joins a 2-seat Liar table through the join page.

- The seat's page is ``tables/play/<CODE>``: its address holds no secret (no ``key=``,
  no ``seat=``), the seat's secret is in an HttpOnly cookie of the tables' path, and the
  page is sent with ``Referrer-Policy: no-referrer``.  (On 937bc5c the join page sent
  the browser to ``voila/render/app_online.ipynb?table=..&seat=0&key=..``.)
- Another browser that has the address only is sent to the join page, never to the seat.
- The server is stopped and started again on the same port and data folder: the first
  reload of the page shows the seat again (no 403 on its own kernel, no raw
  ``VBox(children=...`` text).  (On 937bc5c the login cookie's secret was new at each
  start: the first reload got 403 on its own kernel and showed the raw widget text.)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
harness = sys.modules["cardgames_voila_harness"]
WAITING = re.compile(r"Waiting for players")
TIMEOUT_MS = 180_000


@pytest.fixture
def table(tmp_path):
    from classroom.tables import TableService, TableStore

    data = tmp_path / "data"
    svc = TableService(TableStore(data / "tables.sqlite3"))
    try:
        code = svc.create_table(game="liar", seats=2, bots="heuristic",
                                options={"rounds": 1}).code
    finally:
        svc.close()
    return data, code


def _serve(tmp_path, artifacts, data: Path, port: int, name: str):
    try:
        return harness.start_voila("lessons", cwd=REPO, log_path=artifacts / f"voila-{name}.log",
                                   runtime_dir=tmp_path / f"rt-{name}", port=port,
                                   env={"CARDGAMES_DATA_DIR": str(data)})
    except harness.VoilaStartError as e:
        pytest.fail(str(e), pytrace=False)


def _context(chromium, url: str):
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
        (url, "data:", "blob:")) else r.abort())
    return context


def test_seat_cookie_and_reload_after_restart(chromium, artifacts, tmp_path, table):
    data, code = table
    port = harness.free_port()
    server = _serve(tmp_path, artifacts, data, port, "seat-restart-1")
    context = _context(chromium, server.url)
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        failed: list[tuple[int, str]] = []
        page.on("response", lambda r: failed.append((r.status, r.url))
                if r.status >= 400 else None)
        page.goto(f"{server.url}tables/join/{code}?lang=en")
        page.get_by_role("textbox").first.fill("Ana")
        with page.expect_response(re.compile(r"/tables/play/")) as played:
            page.locator("form [type=submit], form button").first.click()
        page.get_by_text(WAITING).wait_for(timeout=TIMEOUT_MS)
        # the address: the table's code, no secret
        assert re.search(rf"/tables/play/{code}\b", page.url), page.url
        assert "key=" not in page.url and "seat=" not in page.url, page.url
        assert played.value.headers.get("referrer-policy") == "no-referrer"
        seat = [c for c in context.cookies() if c["name"] == f"cgseat_{code}"]
        assert len(seat) == 1, context.cookies()
        assert seat[0]["httpOnly"] and seat[0]["path"] == "/tables/", seat
        assert seat[0]["sameSite"] in ("Lax", "Strict"), seat
        secret = seat[0]["value"].partition(":")[2]
        assert secret and secret not in page.url and secret not in page.content()

        # whoever has the address only is sent to the join page, not to the seat
        other = _context(chromium, server.url)
        try:
            spy = other.new_page()
            spy.goto(page.url)
            assert re.search(rf"/tables/join/{code}\b", spy.url), spy.url
            assert "Ana" not in spy.inner_text("body") or "Waiting" not in spy.inner_text("body")
        finally:
            other.close()

        # the server stops and starts again (same port, same data folder)
        server.stop()
        server = _serve(tmp_path, artifacts, data, port, "seat-restart-2")
        failed.clear()
        page.reload()
        page.get_by_text(WAITING).wait_for(timeout=TIMEOUT_MS)
        body = page.inner_text("body")
        assert "VBox(children" not in body, body[:500]
        # (the old page's kernel is gone: 404 until the reload; its own kernel: never 403)
        assert not [f for f in failed if f[0] == 403], failed
        assert "Clearing invalid/expired login cookie" not in server.log()
        page.screenshot(path=str(artifacts / "seat-reload-after-restart.png"))
    finally:
        context.close()
        server.stop()
