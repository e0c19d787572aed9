"""Seeds for the play apps: unpredictable when served, fixed when tested.

A served table must not be dealt from a seed a student can know: the same
seed deals the same cards, so a fixed seed in an app notebook would let anyone
who has played it once (or read the notebook) know every hidden card
(R-L11, R-T9).  ``app_seed("liar")`` therefore draws a fresh seed from the
operating system, unless the environment variable ``CARDGAMES_SEED_LIAR``
holds one; the test suite sets it to replay the app exactly.

>>> import os
>>> os.environ["CARDGAMES_SEED_DEMO"] = "42"
>>> app_seed("demo")
42
>>> del os.environ["CARDGAMES_SEED_DEMO"]
>>> app_seed("demo") != app_seed("demo")   # fresh each time (63 random bits)
True
"""

from __future__ import annotations

import os
import re
import secrets

__all__ = ["app_seed", "seed_variable"]


def seed_variable(app: str) -> str:
    """The environment variable that fixes the seed of ``app``: ``CARDGAMES_SEED_<APP>``."""
    return "CARDGAMES_SEED_" + re.sub(r"[^A-Z0-9]+", "_", app.upper()).strip("_")


def app_seed(app: str) -> int:
    """The seed for a new table of ``app``: from ``CARDGAMES_SEED_<APP>`` if set, else random."""
    name = seed_variable(app)
    text = os.environ.get(name, "").strip()
    if text:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{name}={text!r} is not a whole number; unset it for a random "
                             "seed") from None
    return secrets.randbits(63)
