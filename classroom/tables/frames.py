"""What a seat is sent, as JSON data: :func:`dump_seat_view` and :func:`dump_event`.

The wire format is ``cardgames.wire``'s (helper *remote*).  PLACEHOLDER: until that
module is merged, a seat view is ``SeatView.to_dict()`` and an event its class name
with its ``describe()`` text (both hold only what the seat may know: the view is
``session.view(seat)``, the events are public by construction, R-L11, R-T9).
"""

from __future__ import annotations

from typing import Any

__all__ = ["dump_event", "dump_seat_view"]

try:
    from cardgames.wire import dump_event, dump_seat_view  # type: ignore[import-not-found]
except ImportError:  # PLACEHOLDER until cardgames/wire.py (helper remote) is merged
    def dump_seat_view(sv: Any) -> dict[str, Any]:  # type: ignore[misc]
        data: dict[str, Any] = sv.to_dict()
        return data

    def dump_event(e: Any) -> dict[str, Any]:  # type: ignore[misc]
        return {"type": type(e).__name__, "text": e.describe()}
