"""The teacher's class view (issue 22): placeholder until the page lands."""

from __future__ import annotations

from typing import Any

__all__ = ["classview_handlers"]


def classview_handlers(base_url: str) -> list[tuple[Any, ...]]:
    return []
