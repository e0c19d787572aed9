"""``cardgames site`` (issue 33): the static site's command, as a teacher runs it.

Only what is decided before anything is built or downloaded: ``--help`` in the CLI's
languages, and each problem a teacher can meet as one line and exit code 2 (a folder
that is a file or holds other files, a class server that is not an address, an installed
package without the build's source).  The build itself: tests/browser/test_static_site.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import assert_usage_error

REPO = Path(__file__).resolve().parents[1]


def cli(*args: str, lang: str = "en"):
    env = {**os.environ, "CARDGAMES_LANG": lang,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "cardgames", *args], capture_output=True,
                          text=True, timeout=120, env=env, cwd=REPO)


@pytest.mark.parametrize("lang, words", [
    ("en", "static site for homework"),
    ("hr", "statičn"),
    ("de", "statische"),
])
def test_help_in_the_cli_languages(lang, words):
    top = cli("--help", lang=lang)
    assert top.returncode == 0 and "site" in top.stdout
    proc = cli("site", "--help", lang=lang)
    assert proc.returncode == 0, proc.stderr
    assert "--out" in proc.stdout and "--class-server" in proc.stdout
    assert "cardgames site --out" in proc.stdout                   # the examples
    assert words in (top.stdout + proc.stdout).lower() or words in top.stdout + proc.stdout


def test_serve_names_the_static_sites_origin_in_its_help():
    proc = cli("serve", "--help")
    assert proc.returncode == 0 and "--allow-origin" in proc.stdout


def test_the_folder_must_be_new_empty_or_a_site(tmp_path):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    assert_usage_error(cli("site", "--out", str(a_file)), "is a file, not a folder")
    assert a_file.read_text() == "mine"
    # a folder of the teacher's own files is never replaced
    assert_usage_error(cli("site", "--out", str(tmp_path)), "with other files in it")
    assert a_file.read_text() == "mine"


@pytest.mark.parametrize("url", ["ftp://10.0.0.5/", "10.0.0.5:8866", "http://10.0.0.5:8866/?x=1"])
def test_the_class_server_is_an_address(tmp_path, url):
    assert_usage_error(cli("site", "--out", str(tmp_path / "site"), "--class-server", url),
                       "--class-server", "not a class server's address")
    assert not (tmp_path / "site").exists()


def test_a_language_is_one_of_three(tmp_path):
    proc = cli("site", "--out", str(tmp_path / "s"), "--lang", "hr", "fr")
    assert proc.returncode == 2 and "fr" in proc.stderr


def test_an_installed_package_says_what_the_build_needs(monkeypatch, capsys):
    from cardgames.cli import main
    from classroom import commands

    monkeypatch.setattr(commands, "site_tool", lambda: None)      # as in a wheel
    assert main(["site", "--out", "x"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("cardgames site: error:")
    assert "make site" in err and "npm" in err


def test_serve_refuses_an_origin_that_is_not_one():
    proc = cli("serve", "--check", "--allow-origin", "https://school.example/homework/")
    assert_usage_error(proc, "--allow-origin", "an origin is scheme://host[:port]")
