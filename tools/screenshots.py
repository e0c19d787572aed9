"""Screenshots of the online tables for the docs (issue 21's note): docs/screenshots/*.png.

    .venv/bin/python tools/screenshots.py                  # all five, into docs/screenshots/
    .venv/bin/python tools/screenshots.py --out /tmp/shots --keep-log
    .venv/bin/python tools/screenshots.py --only class     # the class view only

Starts the classroom server as ``make serve`` does (``benchmarks/_voila.py``:
``python -m classroom lessons`` on a free port of 127.0.0.1) with ``CARDGAMES_DATA_DIR``
a fresh temporary folder, where eight tables were made first with the service's own
API (``benchmarks/tables.py``'s ``make_tables`` for the Liar ones, ``TableService`` for
the Thirty-One ones): some full and playing, one waiting for players.  Their seats are
taken through the join page and played by websocket-level clients of the seat protocol
(``benchmarks/_tables.py``: ``join_http``, ``SeatClient``, ``choose``), or by the bots
the teacher's start button puts in the empty seats; one seat is a phone (375 px) in
headless Chromium (Debian's, ``benchmarks/_voila.py``'s flags).  Then it saves:

* ``teacher_tables.png``: the teacher's page (1600 px wide, the projector) with the eight
  tables live;
* ``phone_table.png``: that phone's page at its Liar table (the Voila app
  ``app_online.ipynb``), its turn;
* ``phone_join.png``: the join page on a phone, a name typed;
* ``replay.png``: the teacher's replay of a table, a few steps in;
* ``class_view.png``: the teacher's class view (``tables/teacher/class``, issue 22) after a
  scripted class of 12 students (:data:`CLASS`) checked exercises of lessons 01-03, right,
  wrong with the exercises' known mistakes, some stuck (three tries), posted to the class
  API (``tables/api/class/send``) from 127.0.0.1 as the lesson pages' kernels post them.

``--only bot`` walks a slow student's seat at a Thirty-One table (issue 29, finding 2),
in English, Croatian and German, on a phone (375 x 740) and a laptop (1280 x 800): its
own server whose bot takes a seat after :data:`BOT_TIMEOUT` s, one table and one page per
language and size, each started by the teacher; the student lets her turn run out.  It
saves ``bot-walk-countdown-{phone,laptop}-{lang}.png`` (the countdown's line, its
seconds counting down), ``bot-walk-bot-plays-…`` (the bot playing for her, the *Take my
seat back* button), ``bot-walk-seat-back-…`` (her seat back, the line gone) and
``bot-walk-teacher-{lang}.png`` (the teacher's card of her table saying so).
Each step waits for the page to say it, in its language (the catalogs' words), else it
stops with the step that failed.

Each PNG is kept under 300 kB (reduced to 256 colours if it is larger).  Only
127.0.0.1 is contacted (the pages' other requests are aborted); every wait is bounded;
the server and the browser are stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "screenshots"
MAX_BYTES = 300_000
PHONE = {"width": 375, "height": 812}
PROJECTOR = {"width": 1600, "height": 900}
OPEN_TIMEOUT_MS = 180_000
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def _load(name: str, path: Path) -> Any:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# the benchmark's harness: it loads benchmarks/_voila.py and _tables.py as these names
_bench = _load("benchmarks_tables", REPO / "benchmarks" / "tables.py")
_voila = sys.modules["_voila"]
_tables = sys.modules["_tables"]

#: the tables: (game, seats, students at websocket level, moves they make before the
#: screenshots, started by the teacher)
LIAR = [  # made by benchmarks/tables.py's make_tables (Liar, 4 seats)
    ("phone", 2, True),     # + the phone's student; the teacher starts it (a bot for the rest)
    ("full-a", 4, False),   # full: starts by itself
    ("full-b", 4, False),
    ("bots", 1, True),      # one student and three bots
    ("waiting", 2, False),  # two of four seats taken, waiting
]
THIRTY_ONE = [  # (name, seats, students, started by the teacher)
    ("t31-a", 3, 3, False),
    ("t31-b", 4, 2, True),
    ("t31-c", 3, 1, True),
]
#: the scripted class of the class view: (exercise, [(answer typed, hint)...] of its wrong
#: answers, by the exercise's known mistakes (``mistake-N``: the N-th of
#: ``cardgames.courseware.exercise_data``'s ``mistakes``) or a general hint, and its right
#: answer as typed)
CLASS_EXERCISES = [
    ("01-six-players", [("VII, King", "mistake-0"), ("VIII, X, Ober, Ace", "mistake-2"),
                        ("VII, IX, King", "hint-1")], "VII, IX, Unter, King"),
    ("01-all-ranks", [("3", "mistake-0"), ("3, 5", "mistake-1"), ("2, 4, 6, 8", "mistake-2")],
     "3, 5, 7"),
    ("01-after-a-call", [("seat 1, VII", "mistake-1"), ("seat 0, X", "mistake-0")],
     "seat 1, X"),
    ("01-who-starts", [("a", "mistake-0"), ("c", "mistake-1")], "b"),
    ("02-rounds-ending", [("21", "mistake-0"), ("15", "mistake-1"), ("11", "hint-1")], "12"),
    ("02-pale-with-ace", [("seat 0, then seat 0", "mistake-0"),
                          ("seat 0, then seat 1", "mistake-1")], "seat 2, then seat 0"),
    ("02-after-aces", [("Ace", "mistake-0"), ("VIII", "mistake-1")], "VII"),
    ("03-count-31", [("6", "mistake-0"), ("16", "mistake-1"), ("48", "mistake-2")], "24"),
    ("03-p32", [("1/310", "mistake-0"), ("0.0030", "rounding"), ("1/31", "mistake-2")],
     "1/341"),
]
#: the students: a display name or ``None`` (anonymous), and how far through the list
#: above they got; each exercise: solved at the first try, after one or two wrong ones,
#: or stuck (three wrong), by a seeded draw
CLASS = [("Ana", 9), ("Ben", 9), (None, 8), ("Ivo", 7), ("Mia", 9), (None, 6),
         ("Luka", 8), ("Sara", 5), ("Jonas", 9), (None, 7), ("Lena", 4), ("Marko", 6)]
NAMES = ["Ana", "Ben", "Ivo", "Mia", "Luka", "Sara", "Jonas", "Lena", "Marko", "Petra",
         "Tom", "Eva", "Nina", "Filip", "Klara", "David", "Iva", "Paul", "Maja", "Leon"]


def make_tables(data: Path) -> dict[str, tuple[str, str]]:
    """The eight tables in ``data``'s store, before the server starts (it loads them):
    ``{name: (code, game)}``."""
    codes, _keys = _bench.make_tables(data, len(LIAR), 4)
    from classroom.tables import TableService, TableStore

    svc = TableService(TableStore(data / "tables.sqlite3"))
    try:
        svc.load()
        made = {name: (code, "liar") for (name, *_), code in zip(LIAR, codes)}
        for name, seats, _students, _start in THIRTY_ONE:
            t = svc.create_table(game="thirty-one", seats=seats, bots="heuristic",
                                 options={"lives": 3}, by="teacher")
            made[name] = (t.code, "thirty-one")
        return made
    finally:
        svc.close()


class Students:
    """The websocket-level students: they join through the join page and play legal
    moves (``choose``) whenever their seat is to act, until :meth:`stop`."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.clients: list[Any] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.names = iter(NAMES)
        self.running = True

    async def seat(self, code: str, game: str, *, think: float, seed: int) -> None:
        joined = await asyncio.to_thread(_tables.join_http, self.base, code, next(self.names))
        client = await _tables.SeatClient.connect(self.base, code, joined.seat, joined.key)
        self.clients.append(client)
        self.tasks.append(asyncio.create_task(self.play(client, game, think, seed)))

    async def play(self, client: Any, game: str, think: float, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(10_000):
            if not self.running or client.closed is not None:
                return
            if not await client.wait_for(lambda c: c.my_turn() or c.over(), timeout=1.0):
                continue
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            if not self.running:
                return
            if client.over():
                if not (client.view or {}).get("match_over"):
                    await client.next()
                else:
                    await asyncio.sleep(1.0)
            elif client.my_turn():
                await client.act(_tables.choose(game, client, rng, call_rate=0.35))

    async def stop(self) -> None:
        self.running = False
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for client in self.clients:
            await client.close()


async def isolated(browser: Any, base: str, **options: Any) -> Any:
    """A browser context that reaches only the server."""
    context = await browser.new_context(**options)

    async def route(r: Any) -> None:
        if r.request.url.startswith((base, "data:", "blob:")):
            await r.continue_()
        else:
            await r.abort()

    await context.route("**/*", route)
    return context


async def save(page_or_locator: Any, path: Path, **options: Any) -> Path:
    """A screenshot at ``path``, reduced to 256 colours if it is over :data:`MAX_BYTES`."""
    await page_or_locator.screenshot(path=str(path), **options)
    if path.stat().st_size > MAX_BYTES:
        from PIL import Image

        with Image.open(path) as im:
            im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(
                path, optimize=True)
    size = path.stat().st_size
    print(f"[screenshots] {path} ({size // 1000} kB)", flush=True)
    if size > MAX_BYTES:
        raise SystemExit(f"{path} is {size} bytes, over {MAX_BYTES}")
    return path


async def wait_until(predicate: Any, *, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not await predicate():
        if time.monotonic() > deadline:
            raise SystemExit(f"[screenshots] timed out waiting for {what}")
        await asyncio.sleep(0.5)


#: the Voila page scrolls in an inner element, not the document: the tallest scrolled
#: element's content height (and its top), so that the page can be grown to show it all
SCROLLER = """() => {
  let best = null;
  for (const e of document.querySelectorAll('*')) {
    const y = getComputedStyle(e).overflowY;
    if ((y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight + 4
        && (!best || e.scrollHeight > best.scrollHeight)) best = e;
  }
  if (!best) return null;
  best.scrollTop = 0;
  return {height: best.scrollHeight, top: best.getBoundingClientRect().top};
}"""


async def whole_page(page: Any, most: int = 4000) -> None:
    """Grow the phone's viewport (its width kept) to the page's whole height, at most
    ``most`` px, so that the screenshot shows it from the top."""
    found = await page.evaluate(SCROLLER)
    if found:
        height = min(most, int(found["height"] + found["top"]) + 16)
        await page.set_viewport_size({"width": PHONE["width"], "height": height})
        await asyncio.sleep(1.0)
        await page.evaluate(SCROLLER)


async def phone_turn(page: Any, timeout: float = 120.0) -> None:
    """Until the phone's seat may put down cards (its card buttons enabled); a call
    window on the way is answered "let it stand" (the decision button that is neither
    the call nor a bot's), as ``benchmarks/tables.py`` clicks it."""
    table = page.locator(".liar-table")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await table.locator("button.cg-pick:not(:disabled)").count():
            await asyncio.sleep(1.0)
            return
        if await table.locator("button.mod-danger:not(:disabled)").count():
            box = table.locator(".widget-hbox:has(> button.mod-danger)")
            await box.locator("button:not(.mod-primary):not(.mod-danger):not(:disabled)"
                              ).filter(has_not_text=re.compile(r"bot", re.I)).first.click()
        await asyncio.sleep(0.5)
    raise SystemExit("[screenshots] the phone's seat got no turn to play cards")


def class_checks(seed: int = 22) -> list[tuple[str, str | None, dict[str, str]]]:
    """The scripted class's checks, in the order sent: ``(student key, name, payload)``."""
    import secrets

    rng = random.Random(seed)
    sent: list[tuple[str, str | None, dict[str, str]]] = []
    for name, reached in CLASS:
        key = secrets.token_urlsafe(18)
        for exercise, wrong, right in CLASS_EXERCISES[:reached]:
            fate = rng.choices(["first", "one", "two", "stuck"], weights=[5, 3, 2, 2])[0]
            misses = {"first": 0, "one": 1, "two": 2, "stuck": 3}[fate]
            for _ in range(misses):
                answer, hint = rng.choices(wrong, weights=range(len(wrong) + 1, 1, -1))[0]
                sent.append((key, name, {"exercise": exercise, "answer": answer,
                                         "verdict": "wrong", "hint": hint}))
            if fate != "stuck":
                sent.append((key, name, {"exercise": exercise, "answer": right,
                                         "verdict": "right", "hint": ""}))
    return sent


def post_class(base: str) -> int:
    """Post :func:`class_checks` to the class API as the kernels do (JSON, from
    127.0.0.1, each with its own id); the number of checks counted."""
    import json
    import urllib.error
    import urllib.request

    counted = 0
    for i, (key, name, payload) in enumerate(class_checks()):
        body: dict[str, Any] = {"id": f"shots-{i}", "kind": "check", "student": key,
                                "payload": payload, "lang": "en"}
        if name:
            body["name"] = name
        request = urllib.request.Request(f"{base}tables/api/class/send", method="POST",
                                         data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        for _try in range(20):                  # the per-student rate limit: wait, again
            try:
                with urllib.request.urlopen(request, timeout=10) as r:  # noqa: S310
                    counted += bool(json.loads(r.read()).get("ok"))
                    break
            except urllib.error.HTTPError as e:
                if e.code != 429:
                    raise SystemExit(f"[screenshots] the class API refused a check: "
                                     f"{e.code} {e.read()[:300]!r}") from None
                time.sleep(0.3)
    return counted


async def class_view(browser: Any, base: str, token: str, out: Path) -> Path:
    """``class_view.png``: the teacher's class view after the scripted class."""
    counted = await asyncio.to_thread(post_class, base)
    print(f"[screenshots] the class view: {counted} checks of {len(CLASS)} students",
          flush=True)
    ctx = await isolated(browser, base, viewport=PROJECTOR, locale="en-US")
    try:
        page = await ctx.new_page()
        page.set_default_timeout(60_000)
        await page.goto(f"{base}tables/teacher/class?token={token}&lang=en")
        await page.locator("#class-view section.lesson").nth(2).wait_for()
        await asyncio.sleep(0.5)
        return await save(page, out / "class_view.png", full_page=True)
    finally:
        await ctx.close()


async def shoot(base: str, data: Path, tables: dict[str, tuple[str, str]], out: Path,
                think: float, only: str = "all") -> list[Path]:
    from playwright.async_api import async_playwright

    token = (data / "teacher-token").read_text().strip()
    students = Students(base)
    saved: list[Path] = []
    async with async_playwright() as pw:
        browser = await _voila.launch_chromium(pw)
        try:
            if only in ("all", "class"):
                saved.append(await class_view(browser, base, token, out))
            if only == "class":
                return saved
            # the websocket students take their seats through the join page
            seed = 0
            for (name, n, _start) in LIAR:
                for _ in range(n):
                    seed += 1
                    await students.seat(tables[name][0], "liar", think=think, seed=seed)
            for name, _seats, n, _start in THIRTY_ONE:
                for _ in range(n):
                    seed += 1
                    await students.seat(tables[name][0], "thirty-one", think=think, seed=seed)

            # the phone's student joins the Liar table "phone" in Chromium at 375 px
            phone_ctx = await isolated(browser, base, viewport=PHONE, device_scale_factor=2,
                                       is_mobile=True, has_touch=True, locale="en-US")
            phone = await phone_ctx.new_page()
            phone.set_default_timeout(60_000)
            await phone.goto(f"{base}tables/join/{tables['phone'][0]}?lang=en")
            await phone.get_by_role("textbox").first.fill("Zoe")
            await phone.locator("#join-form button[type=submit]").click()
            await phone.wait_for_url(re.compile(r"voila/render/app_online"),
                                     timeout=OPEN_TIMEOUT_MS, wait_until="commit")

            # the teacher's page on the projector: start the tables that wait for bots
            teacher_ctx = await isolated(browser, base, viewport=PROJECTOR, locale="en-US")
            teacher = await teacher_ctx.new_page()
            teacher.set_default_timeout(60_000)
            await teacher.goto(f"{base}tables/teacher?token={token}&lang=en")
            await teacher.locator("article.table").nth(len(tables) - 1).wait_for()
            for name, (code, _game) in tables.items():
                start = dict((n, s) for n, *_, s in LIAR + THIRTY_ONE)[name]
                if start:
                    button = teacher.locator(f"#t-{code} button.start")
                    await button.wait_for(state="visible")
                    await button.click()
            await phone.locator(".liar-table").wait_for(state="visible",
                                                        timeout=OPEN_TIMEOUT_MS)
            # a while of play: piles, calls, hands and lives move
            await asyncio.sleep(12 * think)
            # the phone: its own turn to put down cards (a call window first: let it stand)
            await phone_turn(phone)
            await whole_page(phone)
            saved.append(await save(phone, out / "phone_table.png", full_page=True))

            await wait_until(lambda: teacher.locator(".table .status.playing").count(),
                             timeout=30, what="a table playing on the teacher's page")
            await asyncio.sleep(1.5)                       # one more refresh of the list
            saved.append(await save(teacher, out / "teacher_tables.png", full_page=True))

            # the join page on a phone (the table still waiting for two players)
            join_ctx = await isolated(browser, base, viewport=PHONE, device_scale_factor=2,
                                      is_mobile=True, has_touch=True, locale="en-US")
            join = await join_ctx.new_page()
            await join.goto(f"{base}tables/join/{tables['waiting'][0]}?lang=en")
            await join.get_by_role("textbox").first.fill("Mia")
            saved.append(await save(join, out / "phone_join.png", full_page=True))

            # the replay of a full table, a few steps in
            await teacher.goto(f"{base}tables/teacher/replay/{tables['full-a'][0]}?lang=en")
            slider = teacher.locator("input[type=range]").first
            await slider.wait_for()
            await slider.focus()
            for _ in range(6):
                await teacher.keyboard.press("ArrowRight")
            await asyncio.sleep(0.5)
            saved.append(await save(teacher, out / "replay.png", full_page=True))
            for ctx in (phone_ctx, teacher_ctx, join_ctx):
                await ctx.close()
        finally:
            await students.stop()
            await browser.close()
    return saved


#: the bot walk: a student has this many seconds for a move (the countdown shows its
#: last ``widgets.tables.online.COUNTDOWN_S``)
BOT_TIMEOUT = 40
LAPTOP = {"width": 1280, "height": 800}
PHONE_740 = {"width": 375, "height": 740}
LOCALES = {"en": "en-US", "hr": "hr-HR", "de": "de-DE"}


def make_bot_tables(data: Path) -> dict[tuple[str, str], str]:
    """One two-seat Thirty-One table (the other seat a heuristic bot) for each language
    and size of the bot walk: ``{(lang, size): code}``."""
    from classroom.tables import TableService, TableStore

    svc = TableService(TableStore(data / "tables.sqlite3"))
    try:
        return {(lang, size): svc.create_table(game="thirty-one", seats=2, bots="heuristic",
                                               options={"lives": 3}, by="teacher").code
                for lang in LOCALES for size in ("phone", "laptop")}
    finally:
        svc.close()


async def bot_walk(browser: Any, base: str, token: str, code: str, lang: str, size: str,
                   out: Path, joined: asyncio.Event) -> list[Path]:
    """One student, ``lang`` at ``size``, at table ``code``: joins, waits for her turn and
    lets it run out; the countdown, the bot playing for her, her seat back."""
    from cardgames.i18n import gettext, ngettext

    viewport = PHONE_740 if size == "phone" else LAPTOP
    phone = size == "phone"
    ctx = await isolated(browser, base, viewport=viewport, locale=LOCALES[lang],
                         device_scale_factor=2 if phone else 1, is_mobile=phone,
                         has_touch=phone)
    page = await ctx.new_page()
    page.set_default_timeout(OPEN_TIMEOUT_MS)
    saved = []
    name = {"en": "Sara", "hr": "Ana", "de": "Lena"}[lang]
    try:
        await page.goto(f"{base}tables/join/{code}?lang={lang}")
        await page.get_by_role("textbox").first.fill(name)
        await page.locator("#join-form button[type=submit]").click()
        await page.wait_for_url(re.compile(r"/tables/play/|voila/render/app_online"),
                                timeout=OPEN_TIMEOUT_MS, wait_until="commit")
        joined.set()                                     # the teacher may start the table
        await page.locator(".thirty-one-table .cg-own-hand").first.wait_for(
            state="attached", timeout=OPEN_TIMEOUT_MS)
        bot = page.locator(".online-bot")
        # the countdown: the line with its seconds, in the page's language
        words = ngettext("Your move: in {n} second the bot plays for you.",
                         "Your move: in {n} seconds the bot plays for you.", 20, lang=lang)
        head = words.split("{n}")[0].strip()
        await bot.filter(has_text=head).wait_for(state="visible",
                                                 timeout=(BOT_TIMEOUT + 120) * 1000)
        await asyncio.sleep(2.5)                         # a few seconds counted down
        saved.append(await save(page, out / f"bot-walk-countdown-{size}-{lang}.png"))
        playing = gettext("The bot is playing for you — take your seat back.", lang=lang)
        await bot.filter(has_text=playing).wait_for(state="visible",
                                                    timeout=(BOT_TIMEOUT + 60) * 1000)
        back = page.get_by_role("button", name=gettext("Take my seat back", lang=lang))
        await back.wait_for(state="visible")
        await asyncio.sleep(1.0)
        saved.append(await save(page, out / f"bot-walk-bot-plays-{size}-{lang}.png"))
        if size == "laptop":            # the teacher's card of her table, the same moment
            t_ctx = await isolated(browser, base, viewport=LAPTOP, locale=LOCALES[lang])
            teacher = await t_ctx.new_page()
            await teacher.goto(f"{base}tables/teacher?token={token}&lang={lang}")
            card = teacher.locator(f"#t-{code}")
            await card.wait_for(state="visible")
            await asyncio.sleep(1.5)
            saved.append(await save(card, out / f"bot-walk-teacher-{lang}.png"))
            await t_ctx.close()
        await back.click()
        await bot.filter(has_text=playing).wait_for(state="hidden", timeout=30_000)
        await asyncio.sleep(1.0)
        saved.append(await save(page, out / f"bot-walk-seat-back-{size}-{lang}.png"))
        return saved
    except Exception as e:
        await page.screenshot(path=str(out / f"failed-bot-walk-{size}-{lang}.png"))
        raise SystemExit(f"[screenshots] the bot walk ({lang}, {size}) stopped: {e}") from e
    finally:
        await ctx.close()


async def shoot_bot(base: str, data: Path, tables: dict[tuple[str, str], str],
                    out: Path) -> list[Path]:
    """The bot walk's pages, all at once (their turns run out side by side)."""
    from playwright.async_api import async_playwright

    token = (data / "teacher-token").read_text().strip()
    async with async_playwright() as pw:
        browser = await _voila.launch_chromium(pw)
        try:
            joined = {code: asyncio.Event() for code in tables.values()}
            walks = [asyncio.create_task(bot_walk(browser, base, token, code, lang, size, out,
                                                  joined[code]))
                     for (lang, size), code in tables.items()]
            # the teacher starts each table once its student sits (the bot in the other seat)
            t_ctx = await isolated(browser, base, viewport=PROJECTOR, locale="en-US")
            teacher = await t_ctx.new_page()
            teacher.set_default_timeout(OPEN_TIMEOUT_MS)
            await teacher.goto(f"{base}tables/teacher?token={token}&lang=en")
            for code in tables.values():
                await asyncio.wait_for(joined[code].wait(), OPEN_TIMEOUT_MS / 1000)
                button = teacher.locator(f"#t-{code} button.start")
                await button.wait_for(state="visible")
                await button.click()
            await t_ctx.close()
            done = await asyncio.gather(*walks)
            return [p for paths in done for p in paths]
        finally:
            await browser.close()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=OUT, help="folder of the PNGs")
    p.add_argument("--think", type=float, default=1.0,
                   help="seconds a websocket student thinks before a move (about)")
    p.add_argument("--keep-log", action="store_true", help="print the server's log path")
    p.add_argument("--only", choices=["all", "tables", "class", "bot"], default="all",
                   help="the tables' four PNGs, the class view's, all five, or the bot "
                        "walk's (countdown, bot playing, seat back: en/hr/de, phone/laptop)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardgames-shots-") as tmp:
        folder = Path(tmp)
        data = folder / "data"
        data.mkdir()
        os.environ["CARDGAMES_DATA_DIR"] = str(data)
        bot_walk_only = args.only == "bot"
        tables = make_bot_tables(data) if bot_walk_only else make_tables(data)
        log = folder / "voila.log"
        extra = [f"--ClassroomVoila.tables_bot_timeout={BOT_TIMEOUT}"] if bot_walk_only else []
        server = _voila.start_voila("lessons", log_path=log, runtime_dir=folder,
                                    cwd=REPO, extra_args=extra)
        try:
            work = (shoot_bot(server.url, data, tables, args.out) if bot_walk_only  # type: ignore[arg-type]
                    else shoot(server.url, data, tables, args.out, args.think, args.only))
            asyncio.run(asyncio.wait_for(work, 600))
        finally:
            errors = _voila.log_errors(server.log())
            server.stop()
            if args.keep_log:
                keep = args.out / "screenshots-server.log"
                keep.write_text(server.log())
                print(f"[screenshots] the server's log: {keep}")
        if errors:
            print("[screenshots] the server logged errors:\n  " + "\n  ".join(errors[:20]))
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
