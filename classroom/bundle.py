"""Where the class's files are: in an installed wheel, or in the repository's checkout.

A wheel carries them as ``classroom/data/`` (``setup.py`` copies them there at build
time: ``lessons/``, ``share/jupyter/voila/templates/cardgames``, ``voila.json``,
``docs/cards``, ``docs/handouts``, ``docs/rules``, ``translations/``); a checkout (and an
editable install) has them at the repository's root, next to ``classroom/``.
:func:`data_root` is whichever holds them.

That the ``widgets`` and ``classroom`` Python finds are ours (not another package's of
the same name) is checked by ``cardgames`` before it imports them
(``cardgames.classcli.check_ours``).

>>> (data_root() / "voila.json").is_file(), lessons_dir().name
(True, 'lessons')
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["BundleError", "data_root", "jupyter_path", "lessons_dir", "voila_json"]

HERE = Path(__file__).resolve().parent


class BundleError(ValueError):
    """The class's files or one of our packages cannot be found where they belong."""


def data_root() -> Path:
    """The folder holding ``lessons/``, ``share/``, ``voila.json`` and ``docs/``."""
    for root in (HERE / "data", HERE.parent):
        if (root / "voila.json").is_file() and (root / "lessons").is_dir():
            return root
    raise BundleError(f"the lessons are not installed next to {HERE} (no data/voila.json): "
                      'reinstall cardgames: pip install --force-reinstall "cardgames[apps]"')


def lessons_dir() -> Path:
    """The lessons and apps as installed (a teacher's own copy: ``cardgames lessons copy``)."""
    return data_root() / "lessons"


def jupyter_path() -> Path:
    """The ``share/jupyter`` folder whose ``voila/templates/cardgames`` is the page template
    (put first on ``JUPYTER_PATH``)."""
    return data_root() / "share" / "jupyter"


def voila_json() -> Path:
    """The Voila settings of a class (kernel culling, no tracebacks, the template)."""
    return data_root() / "voila.json"
