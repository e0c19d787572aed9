"""Re-execute lesson notebooks in place, the way they are stored.

    .venv/bin/python tools/execute_lessons.py lessons/01_deck_and_rank_order.ipynb [...]
    .venv/bin/python tools/execute_lessons.py            # every numbered lesson

Runs each notebook top to bottom in the ``python3`` kernel of this interpreter's
environment, from the notebook's folder, and writes it back:

* no widget state in ``metadata.widgets`` (it could carry hidden cards, R-L11, R-T9);
* no per-cell timing metadata (so a re-execution only changes what really changed);
* it stops at the first error (a stored lesson never holds an error).

Then ``pytest tests/lessons`` checks the stored outputs (nbval) and the numbers.
"""

from __future__ import annotations

import pathlib
import sys
import time

import nbformat
from nbclient import NotebookClient

LESSONS = pathlib.Path(__file__).resolve().parents[1] / "lessons"


def execute(path: pathlib.Path) -> float:
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, timeout=300, kernel_name="python3", record_timing=False,
                   store_widget_state=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    paths = [pathlib.Path(a) for a in argv] or sorted(LESSONS.glob("[0-9][0-9]_*.ipynb"))
    for path in paths:
        print(f"{path.name}: executed in {execute(path):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
