"""PLACEHOLDER (helper *pages* writes the real module: join, teacher and replay pages).

:func:`page_handlers` returns no pages until that branch is merged.
"""

from __future__ import annotations

from typing import Any

__all__ = ["page_handlers"]


def page_handlers(base_url: str) -> list[Any]:
    return []
