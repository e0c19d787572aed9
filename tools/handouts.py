"""``python tools/handouts.py [--out handouts]``: the same as ``cardgames handouts --out``.

The builder is :mod:`classroom.handouts` (shipped in the wheel); its names are here too
(``PAGES``, ``build_html``, ``class_experiment``, ...), as before it moved.
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from classroom.handouts import *  # noqa: E402,F403
from classroom.handouts import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
