"""The online tables' pages in Chromium (issue 21): the join page on a phone, in
Croatian and German, the teacher's page making a table (its code and QR code appear),
the replay's slider and arrows changing the hands, axe-core on each (0 serious or
critical), and a screenshot of the teacher's page with eight live tables
(``test-artifacts/online-teacher-8-tables.png``).

The pages run in a tornado server of their own on 127.0.0.1 (``page_handlers`` with
the tables' service in its settings, as the classroom server mounts them), so these
tests need no Voila kernel; the redirect to the Voila app is answered by a stub page.
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
import threading

import pytest
from pagecheck import PHONE, axe_serious, overflowing

harness = sys.modules["cardgames_voila_harness"]
TOKEN = "browser-test-teacher-token-0123456789"

_TARGETS_JS = """(least) => [...document.querySelectorAll(
        'main button, main select, main input, main a.button, header a.lang')]
    .filter(el => el.offsetParent !== null)
    .map(el => [(el.type === 'checkbox' && el.closest('label')) || el, el])
    .filter(([t, el]) => { const r = t.getBoundingClientRect(), b = el.getBoundingClientRect();
                           // a check box is hit through its label, but must be seen itself
                           return r.width < least - 0.5 || r.height < least - 0.5
                                  || b.width < 16 || b.height < 16; })
    .map(([t, el]) => el.tagName + ' ' + (el.id || el.textContent.trim()).slice(0, 30))"""


def _stub():
    """The Voila app's address: a stub page (no kernel in these tests)."""
    from tornado import web

    class Stub(web.RequestHandler):
        def get(self):
            self.finish("<!DOCTYPE html><html lang='en'><title>app</title><p>app</p></html>")

    return Stub


class Server:
    """The pages and a fake service in a tornado loop of their own thread."""

    def __init__(self) -> None:
        from tornado import web

        from classroom.tables.auth import TokenAuth
        from classroom.tables.pages import page_handlers
        from classroom.tables.routes import open_service

        self.folder = tempfile.TemporaryDirectory()
        self.svc = open_service(self.folder.name)
        self.port = harness.free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            app = web.Application([*page_handlers("/"), (r"/voila/render/.*", _stub()),
                                   (r"/tables/play/.*", _stub())],
                                  cardgames_tables=self.svc,
                                  cardgames_tables_auth=TokenAuth(TOKEN))
            self.http = app.listen(self.port, "127.0.0.1")
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(10)

    def call(self, fn, *args, **kwargs):
        """Run ``fn`` on the server's loop (as the classroom server calls the service)."""
        async def go():
            return fn(*args, **kwargs)
        return asyncio.run_coroutine_threadsafe(go(), self.loop).result(10)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.http.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.svc.close()
        self.folder.cleanup()

    def names(self, code: str) -> list[str]:
        table = next(t for t in self.svc.tables() if t.code == code)
        return [p["name"] for p in table.players if p["kind"] == "student"]


@pytest.fixture(scope="module")
def server():
    s = Server()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def context(chromium, server):
    ctx = chromium.new_context(viewport=PHONE, bypass_csp=True)   # axe is injected
    errors: list[str] = []
    outside: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(server.url) or url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    ctx.route("**/*", route)
    ctx.errors = errors
    ctx.outside = outside
    try:
        yield ctx
    finally:
        ctx.close()


def new_page(context):
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("console", lambda m: m.type == "error" and context.errors.append(m.text))
    page.on("pageerror", lambda e: context.errors.append(str(e)))
    return page


def fits_phone(page) -> None:
    found = overflowing(page)
    assert found["viewport"] == PHONE["width"] and found["items"] == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.evaluate(_TARGETS_JS, 44) == []


def test_join_page_on_a_phone_takes_a_seat(server, context, axe_js, artifacts):
    code = server.call(server.svc.create_table, game="liar", seats=3).code
    page = new_page(context)
    page.goto(server.url + "tables/join")
    fits_phone(page)
    assert axe_serious(page, axe_js) == []
    page.get_by_label("Table code").fill(code.lower())
    page.get_by_role("button", name="Go to the table").click()
    page.wait_for_url(re.compile(rf"/tables/join/{code}\?lang=en$"))
    fits_phone(page)
    assert axe_serious(page, axe_js) == []
    page.screenshot(path=str(artifacts / "online-join-phone.png"), full_page=True)
    page.get_by_label("Your name at the table").fill("Ana")
    page.get_by_role("button", name="Take a seat").click()
    # the seat's page: no secret in its address, the seat in the cookie (issue 29)
    page.wait_for_url(re.compile(rf"/tables/play/{code}\?lang=en$"))
    first = page.url
    assert "key=" not in first and "seat=" not in first
    # the same phone opens the link again: the same seat, no second one
    page.goto(server.url + f"tables/join/{code}")
    page.wait_for_url(re.compile(r"/tables/play/"))
    assert page.url == first
    assert server.call(server.names, code) == ["Ana"]
    assert context.errors == [] and context.outside == []


@pytest.mark.parametrize("lang,label,button,title", [
    ("hr", "Tvoje ime za stolom", "Zauzmi mjesto", "Stol"),
    ("de", "Dein Name am Tisch", "Platz nehmen", "Tisch"),
])
def test_join_page_in_croatian_and_german(server, context, axe_js, lang, label, button, title):
    code = server.call(server.svc.create_table, game="thirty-one", seats=2).code
    page = new_page(context)
    page.goto(server.url + f"tables/join/{code}?lang={lang}")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("h1").inner_text().startswith(f"{title} {code}")
    page.get_by_label(label).fill("x" * 24 + " ")          # trimmed: 24 characters
    fits_phone(page)
    assert axe_serious(page, axe_js) == []
    page.get_by_role("button", name=button, exact=True).click()
    page.wait_for_url(re.compile(rf"lang={lang}$"))
    # the unknown code's page, in the browser's language
    de = context.browser.new_context(locale="de-DE", extra_http_headers={
        "Accept-Language": "de-DE,de;q=0.9"})
    try:
        p = de.new_page()
        response = p.goto(server.url + "tables/join/QQQQQQ")
        assert response.status == 404 and "Kein Tisch hat diesen Code" in p.content()
    finally:
        de.close()


def open_teacher(context, server, size=None):
    page = new_page(context)
    if size:
        page.set_viewport_size(size)
    page.goto(server.url + f"tables/teacher?token={TOKEN}")
    page.wait_for_url(re.compile(r"/tables/teacher$"))        # the token left the address
    return page


def test_teacher_page_makes_a_table_and_shows_its_code_and_qr(server, context, axe_js):
    import urllib.error
    import urllib.request
    with pytest.raises(urllib.error.HTTPError) as refused:       # a student, no token
        urllib.request.urlopen(server.url + "tables/teacher", timeout=10)
    assert refused.value.code == 403
    page = open_teacher(context, server)
    page.get_by_label("Game", exact=True).select_option("thirty-one")
    page.get_by_label("Seats", exact=True).fill("3")
    page.get_by_label("Lives", exact=True).fill("2")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_function("() => /Table \\w{6} is ready/.test("
                           "document.getElementById('create-result').textContent)")
    code = re.search(r"Table (\w{6})", page.locator("#create-result").inner_text()).group(1)
    card = page.locator(f"#t-{code}")
    card.wait_for()
    assert card.locator(".code").inner_text() == code
    qr = card.locator("img.qr")
    qr.wait_for()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=qr.element_handle())
    assert code in qr.get_attribute("alt")
    assert card.locator("a.link").get_attribute("href").endswith(f"/tables/join/{code}")
    # start it: bots take the empty seats, the list follows within a few seconds
    card.get_by_role("button", name="Start the game").click()
    page.wait_for_function("c => !/waiting/.test(document.querySelector('#t-' + c + ' .status')"
                           ".textContent)", arg=code, timeout=10_000)
    fits_phone(page)
    assert axe_serious(page, axe_js) == []
    assert context.errors == [] and context.outside == []
    # a refusal in the engine's words (R-L2: one deck holds 2-4 players)
    page.get_by_label("Game", exact=True).select_option("liar")
    page.get_by_label("Seats", exact=True).fill("7")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_function("() => /R-L2/.test(document.getElementById('create-result')"
                           ".textContent)")


def test_teacher_page_with_eight_live_tables_on_a_projector(server, context, artifacts):
    svc = server.svc

    def eight():
        for k in range(8):
            game = "liar" if k % 2 == 0 else "thirty-one"
            t = svc.create_table(game=game, seats=4, options={})
            for name in ("Ana", "Ben", "Ivo")[: 1 + k % 3]:
                svc.join(t.code, name)
            if k < 6:
                svc.start(t.code)

    server.call(eight)
    page = open_teacher(context, server, size={"width": 1920, "height": 1080})
    page.wait_for_function("() => document.querySelectorAll('article.table').length >= 8")
    page.wait_for_timeout(1500)
    assert overflowing(page)["items"] == []
    font = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.table .code'))"
                         ".fontSize)")
    assert font >= 40                                  # a code readable from the back
    page.screenshot(path=str(artifacts / "online-teacher-8-tables.png"), full_page=True)


def test_replay_slider_and_arrows_change_the_hands(server, context, axe_js, artifacts):
    page = open_teacher(context, server, size={"width": 1280, "height": 900})
    page.goto(server.url + "tables/teacher/replay")
    page.get_by_label("Game", exact=True).select_option("liar")
    page.get_by_label("Seed").fill("5")
    page.get_by_label(re.compile("^Bots, one per seat")).fill("heuristic heuristic heuristic")
    page.get_by_role("button", name="Play it and show the replay").click()
    page.locator("#seat-0 .true-hand").wait_for()
    hand = lambda: page.locator("#seat-0 .true-hand").get_attribute("data-cards")  # noqa: E731
    from cardgames.liar import LiarGame
    dealt = LiarGame(players=3).new_state(seed=5)
    assert sorted(hand().split()) == sorted(str(c) for c in dealt.hand(0))
    # seat 1's hand is unknown to seat 0 at the deal: only backs
    assert page.locator("#seat-0 .knew .known").first.get_attribute("data-cards") == ""
    assert page.locator("#seat-0 .knew .known").first.locator("svg").count() == len(dealt.hand(1))
    assert axe_serious(page, axe_js) == []
    steps = int(page.locator("#step").get_attribute("max"))
    assert steps > 5
    before = hand()
    # seat 0's first play, from the engine: the same bots' round, replayed move by move
    from cardgames.session import Seat, Session
    played = Session.new("liar", seats=[Seat.bot("heuristic")] * 3, seed=5, match=False)
    played.run_bots()
    state = LiarGame(players=3).new_state(seed=5)
    for k, action in enumerate(played.state.history):
        mover = state.current_player
        state.apply(action)
        if mover == 0 and str(action).startswith("play"):
            break
    gone = str(action).split()[1:]
    page.locator("#step").fill(str(k + 1))
    assert page.locator("#step-text").inner_text().startswith(f"Step {k + 2} of {steps + 1}")
    left = sorted(before.split())
    for card in gone:
        left.remove(card)
    assert sorted(hand().split()) == left
    page.locator("#step").fill("3")
    page.get_by_role("button", name="Previous").click()
    assert page.locator("#step").input_value() == "2"
    page.locator("h1").click()
    page.keyboard.press("End")
    assert page.locator("#step").input_value() == str(steps)
    page.keyboard.press("ArrowLeft")
    assert page.locator("#step").input_value() == str(steps - 1)
    page.keyboard.press("Home")
    assert hand() == before
    page.locator("#step").fill(str(k + 1))
    page.screenshot(path=str(artifacts / "online-replay.png"), full_page=True)
    page.set_viewport_size(PHONE)
    assert overflowing(page)["items"] == []
    assert context.errors == [] and context.outside == []


def test_a_student_makes_a_table_and_shares_its_code(server, context, axe_js):
    page = new_page(context)
    response = page.goto(server.url + "tables/new?lang=hr")
    assert response.status == 403 and page.locator("html").get_attribute("lang") == "hr"
    context.errors.clear()                  # the browser logs the refused page's 403
    teacher = open_teacher(context, server)
    teacher.get_by_role("checkbox", name=re.compile("Let students make tables")).check()
    teacher.wait_for_function("() => document.getElementById('students-make').checked")
    page.wait_for_timeout(500)
    teacher.close()
    page.goto(server.url + "tables/new?lang=de")
    fits_phone(page)
    assert axe_serious(page, axe_js) == []
    page.get_by_label("Spiel", exact=True).select_option("thirty-one")
    page.get_by_label("Plätze", exact=True).fill("3")
    page.get_by_role("button", name="Tisch anlegen").click()
    page.wait_for_url(re.compile(r"/tables/new/\w{6}\?lang=de$"))
    code = re.search(r"/tables/new/(\w{6})", page.url).group(1)
    assert page.locator("#code").inner_text() == code
    assert page.locator(".qr-box svg[role=img]").count() == 1
    fits_phone(page)
    assert axe_serious(page, axe_js) == []
    page.get_by_role("button", name="Spiel starten").click()
    page.locator("#started").wait_for()
    status = server.call(lambda: next(t.status for t in server.svc.tables() if t.code == code))
    assert status != "waiting"
    assert context.errors == [] and context.outside == []


def test_the_teacher_gives_a_code_that_moves_a_seat(server, context, chromium):
    """Issue 29: a student's seat moves to another device only with a one-time code; the
    teacher's page makes one (a button per student), the other device types it."""
    code = server.call(server.svc.create_table, game="liar", seats=2).code
    seat, secret = server.call(server.svc.join, code, "Ana")
    server.call(server.svc.join, code, "Ben")                  # full: dealt
    page = open_teacher(context, server)
    page.locator(f"#t-{code} button.move").first.click()
    shown = page.locator(f"#t-{code} .move-code")
    shown.get_by_text(re.compile(r"Ana: type [A-Z0-9]{8} ")).wait_for(timeout=10_000)
    typed = re.search(r"type ([A-Z0-9]{8}) ", shown.inner_text()).group(1)
    phone = chromium.new_context()
    try:
        p = phone.new_page()
        response = p.goto(server.url + f"tables/join/{code}")
        assert response.status == 409
        p.get_by_role("link", name=re.compile("Move it here")).click()
        p.get_by_label("The code from your seat's page").fill(typed)
        p.get_by_role("button", name="Take my seat here").click()
        p.wait_for_url(re.compile(rf"/tables/play/{code}\?"))
        cookie = next(c for c in phone.cookies() if c["name"] == f"cgseat_{code}")
        assert cookie["httpOnly"] and cookie["value"].strip('"').startswith(f"{seat}:")
    finally:
        phone.close()
    assert not server.call(server.svc.check_seat, code, seat, secret)   # the old one stops
    assert context.errors == []
