"""Reading the handouts' PDFs back with poppler (``pdftotext``, ``pdfinfo``), for the tests of
``make handouts`` in English (test_handouts.py) and in Croatian and German
(test_handouts_languages.py); the PDFs themselves come from the ``handouts`` fixture
(tests/handouts/conftest.py).

>>> flat("a  b\\n c")
'a b c'
>>> flat("Thirty-\\n One", hyphens=True)
'Thirty-One'
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path


def text(path: Path) -> str:
    """The PDF's text in its layout (pages separated by form feeds)."""
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def flat(words: str, *, hyphens: bool = False) -> str:
    """``words`` with every run of white space one space; with ``hyphens``, a word broken
    at a hyphen at the end of a line is joined again."""
    out = " ".join(words.split())
    return re.sub(r"-\s+", "-", out) if hyphens else out


def pages(path: Path) -> int:
    """The PDF's page count."""
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                          check=True).stdout
    found = re.search(r"^Pages:\s+(\d+)", info, re.M)
    assert found is not None, info
    return int(found.group(1))
