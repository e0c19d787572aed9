"""``python tools/handouts.py [--out handouts]``: the same as ``cardgames handouts --out``
(the builder is :mod:`classroom.handouts`, shipped in the wheel)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from classroom.handouts import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
