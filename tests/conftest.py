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
