"""Suite-wide settings.

The play apps deal from an unpredictable seed when served (``widgets.seeding``);
the tests fix it through the environment, which the Voila server and the nbval
kernels started by the tests inherit, so a test can replay an app exactly.
"""

from __future__ import annotations

import os

#: The seeds the app tests replay (tests/browser/test_app_*.py use the same numbers).
APP_SEEDS = {"CARDGAMES_SEED_LIAR": "14", "CARDGAMES_SEED_THIRTY_ONE": "2026"}

for _name, _value in APP_SEEDS.items():
    os.environ[_name] = _value


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def playwright_session():
    """The one Playwright of the run.  Its sync API cannot be started a second time while
    it runs, so the Voila, JupyterLab and hub browser fixtures all launch their Chromium
    from this one.  A missing Playwright fails in CI (``CI=true``) and skips elsewhere."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "playwright is not installed (pip install -e '.[test]')"
        if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
            pytest.fail(f"{reason} (CI=true: browser tests must run in CI)", pytrace=False)
        pytest.skip(reason)
    with sync_playwright() as p:
        yield p
