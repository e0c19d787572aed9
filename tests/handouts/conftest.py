"""The handouts' tests: ``handouts`` (session) builds them once, with the same command as
``make handouts``, into a temporary folder (English at the top, ``hr/`` and ``de/`` below).

It prints with headless Chromium and the tests read the PDFs with poppler-utils: in CI
(``CI=true``) a missing tool FAILS the tests; elsewhere they are skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from testkit import missing

REPO = Path(__file__).resolve().parents[2]
SUITE = "the handouts"


@pytest.fixture(scope="session")
def handouts(tmp_path_factory) -> Path:
    for tool in ("pdftotext", "pdfinfo"):
        if shutil.which(tool) is None:
            missing(f"{tool} not found (apt-get install poppler-utils)", suite=SUITE)
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing("playwright is not installed (pip install -e '.[test]')", suite=SUITE)
    if not (os.environ.get("CHROMIUM") or shutil.which("chromium")
            or Path("/usr/bin/chromium").exists()):
        missing("Chromium not found (apt-get install chromium)", suite=SUITE)
    out = tmp_path_factory.mktemp("handouts")
    # the same command as `make handouts` (`cardgames handouts`), into a temporary folder
    result = subprocess.run([sys.executable, "-m", "cardgames", "handouts", "--out", str(out)],
                            cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return out
