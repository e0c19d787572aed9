"""Two students on the school's JupyterHub (deploy/jupyterhub/): each logs in with Chromium,
lands on the project's start page in their own server (``/user/<name>/cardgames/``, the
classroom server extension), opens the Liar app from its link and plays a card, in a kernel
of their own; the start page's language picker works there; one student's server (start
page, app, API) refuses the other; stopping the hub stops everything.

The test prints (and writes to test-artifacts/hub.json) how long each step took and the
memory of each student's server with the Liar app open: the resident memory (RSS) of the
single-user server process plus its kernel(s), read with psutil.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import psutil
import pytest
from testkit import let_claims_stand

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LESSONS = REPO / "lessons"

APP = "app_liar.ipynb"
#: the start page's title and headings, in English and Croatian (the msgids, and their
#: Croatian in cardgames/locale/hr: tests/test_classroom.py checks the same words)
TITLE = "Card games: lessons and apps"
HEADINGS = {"en": ["Lessons", "Apps", "Rules"], "hr": ["Lekcije", "Aplikacije", "Pravila"]}


def expected_links(name: str) -> list[str]:
    """The start page's links in a student's server, from the lessons folder itself:
    the lessons, then the apps, then the rules pages, all in that student's server."""
    notebooks = sorted(p.name for p in LESSONS.glob("*.ipynb"))
    rules = [f"rules/{lang}.html" for lang in ("en", "hr", "de")
             if (LESSONS / "rules" / f"{lang}.html").exists()]
    base = f"/user/{name}/voila"
    return ([f"{base}/render/{n}" for n in notebooks if not n.startswith("app_")]
            + [f"{base}/render/{n}" for n in notebooks if n.startswith("app_")]
            + [f"{base}/files/{r}" for r in rules])


def check_start_page(page, name: str, lang: str = "en") -> None:
    """The start page of ``name``'s server, in ``lang``: its title, groups and links."""
    assert page.locator("html").get_attribute("lang") == lang
    if lang == "en":
        assert page.title() == TITLE
    assert page.locator("h1").inner_text() == page.title()
    assert page.locator("h2").all_inner_texts() == HEADINGS[lang]
    hrefs = page.locator("a.entry").evaluate_all("els => els.map(a => a.getAttribute('href'))")
    # the class link's student key (classroom/extension.py) rides on every page link; on
    # the hub the hub user is the student, the key is only carried along
    hrefs = [re.sub(r"[?&]student=[^&]*$", "", h) for h in hrefs]
    # a lesson or an app opens in the page's language (classroom.startpage), a rules page
    # is in its own
    suffix = {h: f"?lang={lang}" if lang != "en" and "/render/" in h else ""
              for h in expected_links(name)}
    # a lesson built in the page's language opens in its copy lessons/<lang>/ (make lessons)
    expected = [h.replace("/render/", f"/render/{lang}/")
                if (LESSONS / lang / h.rsplit("/", 1)[-1]).is_file() else h
                for h in expected_links(name)]
    assert hrefs == [e + suffix[h] for e, h in zip(expected, expected_links(name))]


@pytest.fixture
def expect():
    """Playwright's ``expect`` waiting up to 30 s (JupyterLab and the kernels on 2 busy
    cores), set back to its 5 s default after the test."""
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)
    try:
        yield expect
    finally:
        expect.set_options(timeout=5_000)


def log_in(page, hub, name: str) -> None:
    page.goto(f"{hub.url}hub/login")
    page.locator("input[name=username]").fill(name)
    page.locator("input[name=password]").fill(hub.password)
    page.locator("input[type=submit], button[type=submit]").first.click()


def play_a_card(page, expect) -> str:
    """Let the bots' claims stand until it is the student's turn, then play the first card.
    Returns the log line of the student's play."""
    status = page.locator(".liar-status")
    expect(status).to_be_visible(timeout=60_000)
    log = page.locator(".liar-log li")
    let_claims_stand(page, expect)
    expect(status).to_contain_text("Your turn")
    n = log.count()
    page.locator('button[title^="Pick the "]').first.click()
    play = page.get_by_role("button", name=re.compile(r"^Play 1 × "))
    expect(play).to_be_enabled()
    play.click()
    expect(log).not_to_have_count(n)
    return log.nth(n).inner_text()


def server_processes(hub_pid: int) -> dict[str, psutil.Process]:
    """Each student's single-user server: a child of the hub whose environment names
    the student (JUPYTERHUB_USER)."""
    found = {}
    for child in psutil.Process(hub_pid).children():
        try:
            user = child.environ().get("JUPYTERHUB_USER")
        except (psutil.AccessDenied, psutil.NoSuchProcess):
            continue
        if user:
            found[user] = child
    return found


def kernel_ids_of(server: psutil.Process) -> dict[str, int]:
    """Kernel id -> pid of the kernels the server started (their connection file
    ``kernel-<id>.json`` is on their command line)."""
    out = {}
    for k in server.children(recursive=True):
        m = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(k.cmdline()))
        if m:
            out[m.group(1)] = k.pid
    return out


def rss_mb(server: psutil.Process) -> dict[str, float]:
    """Resident memory (MB) of the server process, of its children (the kernel), total."""
    own = server.memory_info().rss / 2**20
    kids = sum(p.memory_info().rss for p in server.children(recursive=True)) / 2**20
    return {"server": round(own, 1), "kernels": round(kids, 1), "total": round(own + kids, 1)}


def test_two_students_each_in_their_own_server(hub, hub_context, expect):
    timings = {"hub start": hub.startup_seconds}
    students = hub.students
    contexts = {name: hub_context(viewport={"width": 1280, "height": 1000})
                for name in students}
    pages = {name: ctx.new_page() for name, ctx in contexts.items()}
    problems: list[str] = []
    for name, page in pages.items():
        page.set_default_timeout(60_000)
        page.on("pageerror", lambda exc, name=name: problems.append(f"{name}: {exc}"))
    try:
        # each logs in and lands on the start page in their own server (the deployment's
        # LANDING_URL), then opens the Liar app from its link there and plays a card
        plays = {}
        for name, page in pages.items():
            t0 = time.monotonic()
            log_in(page, hub, name)
            page.wait_for_url(f"{hub.url}user/{name}/cardgames/", timeout=90_000)
            timings[f"{name}: log in to landing page"] = time.monotonic() - t0
            check_start_page(page, name)
            if name == students[0]:
                # the language picker stays on this student's page, in their server
                picker = page.locator("#language-picker")
                picker.get_by_role("link", name="Hrvatski").click()
                page.wait_for_url(f"{hub.url}user/{name}/cardgames/?lang=hr")
                check_start_page(page, name, "hr")
                picker.get_by_role("link", name="English").click()
                page.wait_for_url(f"{hub.url}user/{name}/cardgames/?lang=en")
                check_start_page(page, name)
            t0 = time.monotonic()
            with page.expect_navigation(wait_until="commit") as nav:
                # (the link carries the class link's student key: ?student=...)
                page.locator(f'a.entry[href^="/user/{name}/voila/render/{APP}"]').click()
            assert nav.value is not None and nav.value.status == 200
            assert page.url.split("?")[0] == f"{hub.url}user/{name}/voila/render/{APP}"
            plays[name] = play_a_card(page, expect)
            timings[f"{name}: open the app and play a card"] = time.monotonic() - t0
            assert "LiarTable(" not in page.content()          # no code on the page
        for name, line in plays.items():
            assert re.match(r'Player \d put down 1 card and announced "1 ', line), (name, line)

        # each has their own kernel: the server's API lists it, in each student's browser
        listed = {}
        for name, page in pages.items():
            resp = page.request.get(f"{hub.url}user/{name}/api/kernels")
            assert resp.status == 200, (name, resp.status)
            listed[name] = {k["id"] for k in resp.json()}
            assert listed[name], f"{name} has no kernel"
        assert not listed["alice"] & listed["bob"]
        # ... run by their own server process, as children of it, with their own home
        servers = server_processes(hub.process.pid)
        assert set(servers) == set(students)
        assert servers["alice"].pid != servers["bob"].pid
        kernels = {name: kernel_ids_of(servers[name]) for name in students}
        for name in students:
            assert listed[name] <= set(kernels[name]), (name, listed[name], kernels[name])
            assert servers[name].environ()["HOME"] == str(hub.home / name)
        assert not set(kernels["alice"].values()) & set(kernels["bob"].values())

        # memory per student server with the app open: server + kernel(s)
        memory = {name: rss_mb(servers[name]) for name in students}

        # everything the hub started, to be checked after it stops
        started = [(p.pid, p.create_time(), " ".join(p.cmdline())[:80])
                   for p in psutil.Process(hub.process.pid).children(recursive=True)]
        assert len(started) >= 5   # the proxy, two servers, two kernels
        # (leaving the app's page below shuts its kernel down: Voila asks on unload)

        # voila.json applies in the student's server: Voila's own file list hides the
        # rules folder (ContentsManager.hide_globs), which the start page links to
        tree = pages["alice"].request.get(f"{hub.url}user/alice/voila/tree")
        assert tree.status == 200
        listed_files = re.findall(r"<li><a [^>]*>(?:<i [^>]*></i>)?\s*([^<]+?)\s*</a>",
                                  tree.text())
        assert APP in listed_files and "rules" not in listed_files, listed_files

        # one student's server refuses the other: bob opens alice's start page, her app
        # and her API
        bob = pages["bob"]
        resp = bob.goto(f"{hub.url}user/alice/cardgames/")
        assert resp.status == 403, (resp.status, resp.url)
        assert bob.locator("a.entry").count() == 0
        resp = bob.goto(f"{hub.url}user/alice/voila/render/{APP}")
        assert resp.status == 403, (resp.status, resp.url)
        assert bob.locator(".liar-status").count() == 0
        resp = bob.request.get(f"{hub.url}user/alice/api/kernels")
        assert resp.status == 403, (resp.status, resp.url)
        # leaving his app's page shut bob's kernel down (Voila asks on unload; the XSRF
        # check is on in a Jupyter server, and the request carries the token)
        shutdown = [f"204 POST /user/bob/voila/api/shutdown/{k}" for k in listed["bob"]]
        deadline = time.monotonic() + 20
        while not all(line in hub.log() for line in shutdown):
            assert time.monotonic() < deadline, shutdown
            time.sleep(0.5)
        # ... and someone not logged in is sent to the log-in page
        with hub_context() as anonymous:
            page = anonymous.new_page()
            for path in ("cardgames/", f"voila/render/{APP}"):
                page.goto(f"{hub.url}user/alice/{path}")
                assert "/hub/login" in page.url, path
                assert page.locator("a.entry").count() == 0
        assert problems == []

    finally:
        for ctx in contexts.values():
            ctx.close()

    # the hub logged the refusal, and no other error
    errors = [line for line in hub.log().splitlines() if re.match(r"\[E |Traceback", line)]
    assert errors and all("not allowed to access Server at /user/alice/" in line
                          for line in errors), errors

    stop_seconds = hub.stop()
    timings["hub stop (servers, kernels, proxy)"] = stop_seconds
    assert hub.process.returncode == 0, hub.log()[-3000:]

    def alive(pid: int, created: float) -> bool:
        try:
            return psutil.Process(pid).create_time() == created
        except psutil.NoSuchProcess:
            return False

    # a student's server exits on the hub's SIGTERM without waiting for its kernels; each
    # kernel notices its parent is gone (ipykernel's parent poller, every second) and
    # stops itself: give them a few seconds, then nothing may be left
    deadline = time.monotonic() + 15
    while any(alive(pid, created) for pid, created, _ in started) and \
            time.monotonic() < deadline:
        time.sleep(0.5)
    left = [(pid, cmd) for pid, created, cmd in started if alive(pid, created)]
    for pid, _ in left:                     # tidy up before failing
        psutil.Process(pid).kill()
    assert left == [], "left behind after the hub stopped"
    timings["total"] = time.monotonic() - hub.started_at

    report = {"seconds": {k: round(v, 1) for k, v in timings.items()},
              "memory_mb_per_student_server": memory,
              "load_average_1min": round(psutil.getloadavg()[0], 2)}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "hub.json").write_text(json.dumps(report, indent=2))
    print("\n" + json.dumps(report, indent=2))
