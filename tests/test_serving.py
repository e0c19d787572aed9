"""The classroom server's settings: voila.json as Voila 0.5 reads it, and `make serve`."""

from __future__ import annotations

import json
import pathlib
import signal
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def voila_app(monkeypatch):
    """A Voila application initialised from the repository root, as `make serve` runs it."""
    app_module = pytest.importorskip("voila.app")
    monkeypatch.chdir(ROOT)
    old = signal.getsignal(signal.SIGTERM)
    app = app_module.Voila()
    try:
        app.initialize(["lessons"])
        yield app
    finally:
        signal.signal(signal.SIGTERM, old)   # Voila installs its own SIGTERM handler
        app.clear_instance()


def test_voila_reads_the_project_settings(voila_app):
    conf = voila_app.voila_configuration
    assert voila_app.ip == "127.0.0.1" and voila_app.port == 8866
    assert voila_app.open_browser is False
    assert conf.show_tracebacks is False
    assert conf.strip_sources is True
    assert conf.classic_tree is True
    assert voila_app.root_dir == str(ROOT / "lessons")
    # XSRF stays on: the page carries the _xsrf cookie (classroom.app), docs/serving.md
    assert not voila_app.tornado_settings.get("disable_check_xsrf", False)
    assert voila_app.config.KernelManager.transport == "ipc"   # no TCP port race
    kernels = voila_app.config.MappingKernelManager
    assert kernels.cull_idle_timeout == 900 and kernels.cull_interval == 60
    assert kernels.cull_connected is True and kernels.cull_busy is False
    # the rules pages are served (cardgames.rules.rule_url), but not listed in the index
    assert r"rules/(en|hr|de)\.html" in conf.file_allowlist
    assert r".*\.(ipynb|py)" in conf.file_denylist                     # Voila's default kept
    from jupyter_server.services.contents.largefilemanager import LargeFileManager
    contents = LargeFileManager(parent=voila_app)       # as Voila.start() makes its own
    assert "rules" in contents.hide_globs
    assert "__pycache__" in contents.hide_globs                         # the defaults kept


def test_voila_json_is_plain_json_with_known_sections():
    conf = json.loads((ROOT / "voila.json").read_text())
    assert set(conf) == {"Voila", "VoilaConfiguration", "KernelManager", "MappingKernelManager",
                         "VoilaExecutor", "ContentsManager", "TagRemovePreprocessor"}
    # under load a page must not lose outputs ("Timeout waiting for IOPub output", issue 11)
    assert conf["VoilaExecutor"]["iopub_timeout"] >= 30


def test_teacher_cells_are_left_out_of_the_served_page(voila_app):
    """Cells tagged ``teacher`` (notes, answers) never reach a student's page: Voila's
    exporter (an nbconvert HTMLExporter) runs TagRemovePreprocessor with this config
    before it executes and renders the notebook."""
    import nbformat
    from voila.exporter import VoilaExporter

    tags = voila_app.config.TagRemovePreprocessor
    assert tags.enabled is True and list(tags.remove_cell_tags) == ["teacher"]
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("student text"),
        nbformat.v4.new_markdown_cell("TEACHER ONLY", metadata={"tags": ["teacher"]})])
    exporter = VoilaExporter(config=voila_app.config, template_name="lab")
    out, _ = exporter.from_notebook_node(nb)
    assert "student text" in out and "TEACHER ONLY" not in out


def test_make_serve_runs_voila_standalone_on_lessons():
    make = subprocess.run(["make", "-n", "serve", "VOILA_IP=0.0.0.0", "VOILA_PORT=9001",
                           "STUDENTS=30", "NOTEBOOKS=app_liar app_call_odds", "MAX_KERNELS=40"],
                          cwd=ROOT, capture_output=True, text=True, check=True).stdout
    line = [ln for ln in make.replace("\\\n", " ").splitlines() if "cardgames serve" in ln][-1]
    words = line.split()
    # one implementation (issue 30): make serve is the installed package's `cardgames serve`
    # (standalone Voila through the classroom launcher, the template found by the command)
    assert words[0].endswith("/bin/python") and words[1:5] == ["-m", "cardgames", "serve",
                                                               "lessons"]
    assert "--ip=0.0.0.0" in line and "--port=9001" in line
    assert "--students='30'" in line and "--notebooks='app_liar app_call_odds'" in line
    assert "--max-kernels='40'" in line
