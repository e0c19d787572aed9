"""The one build step pyproject.toml cannot say: the class's files go into the wheel.

A class needs more than the import packages: the lessons (en/hr/de, executed, and the
apps), their rules pages, the Voila page template, ``voila.json``, the handout sources,
the lessons' translations and the static site's build script (``cardgames site``).  They stay where they are in the repository (``lessons/``,
``share/``, ``docs/``, ``translations/``); ``build_py`` copies them into the built
package as ``classroom/data/`` (found at run time by ``classroom.bundle``).  The sdist
carries the same folders (MANIFEST.in), so a wheel built from it is the same.  An
editable install copies nothing: ``classroom.bundle`` then reads the checkout itself.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: (folder or file in the repository, where it goes under classroom/data/)
DATA = ("lessons", "share/jupyter/voila/templates/cardgames", "voila.json", "docs/cards",
        "docs/handouts", "docs/rules", "translations",
        # cardgames site (the static site, issue 33): its build script and npm lock
        "tools/static_site.py", "tools/static_site_pages.py", "tools/static_site_npm")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "*~", ".DS_Store")


class build_py_with_data(build_py):  # noqa: N801 -- setuptools' command naming
    """``build_py``, then the class's files into ``<build_lib>/classroom/data/``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "classroom" / "data"
        for item in DATA:
            source, dest = HERE / item, target / item
            if not source.exists():
                raise FileNotFoundError(f"{item} is missing: the wheel needs it (setup.py DATA)")
            if source.is_dir():
                shutil.copytree(source, dest, ignore=SKIP, dirs_exist_ok=True)
            else:
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, dest)


setup(cmdclass={"build_py": build_py_with_data})
