"""Two students on the school's JupyterHub (deploy/jupyterhub/): each logs in with Chromium,
lands on Voila's index in their own server, opens the Liar app and plays a card, in a kernel
of their own; one student's server refuses the other; stopping the hub stops everything.

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

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

APP = "app_liar.ipynb"


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
    for _ in range(10):
        if status.inner_text().startswith("Your turn"):
            break
        n = log.count()
        page.get_by_role("button", name="Let it stand").click()
        expect(log).not_to_have_count(n)
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
        # each logs in and lands on Voila's index in their own server (the deployment's
        # LANDING_URL), then opens the Liar app from it and plays a card
        plays = {}
        for name, page in pages.items():
            t0 = time.monotonic()
            log_in(page, hub, name)
            page.wait_for_url(re.compile(rf"/user/{name}/voila/tree"), timeout=90_000)
            timings[f"{name}: log in to landing page"] = time.monotonic() - t0
            t0 = time.monotonic()
            # voila.json applies: the rules folder is hidden (ContentsManager.hide_globs)
            expect(page.locator(".voila-notebooks a").first).to_be_visible()
            assert "rules" not in page.locator(".voila-notebooks").inner_text()
            link = page.locator(f'a[href*="/voila/render/{APP}"]')    # listed on landing
            href = link.first.get_attribute("href")
            assert href.split("?")[0] == f"/user/{name}/voila/render/{APP}"
            page.goto(hub.url.rstrip("/") + href)
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

        # one student's server refuses the other: bob opens alice's app and her API
        bob = pages["bob"]
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
            page.goto(f"{hub.url}user/alice/voila/render/{APP}")
            assert "/hub/login" in page.url
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
