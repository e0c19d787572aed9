"""The browser tests' reading of binary websocket frames (tests/widgets/hidden.py
``frame_text``): a v1 frame's offset table is not text, its parts are.

Stop 37's CI run failed on a false alarm: a binary frame's offset 16,695 is the bytes
``37 41 00 00 00 00 00 00``, read as ``7A`` (the VII of Acorns) between NULs.  The frames
here are made by Jupyter Server's own serializer, a second implementation of the format.
"""

from __future__ import annotations

import json

import pytest

from cardgames.cards import Card
from tests.widgets.hidden import find_cards, frame_text

base = pytest.importorskip("jupyter_server.services.kernels.connection.base")


def _frame(content: dict, *, pad: int = 0, buffers: tuple[bytes, ...] = ()) -> bytes:
    pack = [json.dumps(part).encode() for part in (
        {"msg_type": "comm_msg", "msg_id": "x" * pad}, {}, {}, content)]
    return base.serialize_msg_to_ws_v1([*pack, *buffers], "iopub")


def _with_offset(target: int) -> bytes:
    """A frame one of whose offsets is ``target`` (the header's length is chosen)."""
    for pad in range(target):
        frame = _frame({"data": {"state": {"value": "no card here"}}}, pad=pad)
        count = int.from_bytes(frame[:8], "little")
        offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
        if target in offsets:
            return frame
    raise AssertionError(f"no header length gives the offset {target}")


def test_an_offset_that_spells_a_card_is_not_read_as_one():
    frame = _with_offset(int.from_bytes(b"7A", "little"))       # 16,695
    assert b"7A\x00\x00\x00\x00\x00\x00" in frame                # the raw bytes hold it
    naive = frame.decode("utf-8", "replace")
    assert find_cards([Card.parse("7A")], [naive]), "the old reading: a false alarm"
    assert not find_cards([Card.parse("7A")], [frame_text(frame)])


def test_a_card_in_the_content_or_a_buffer_is_still_found():
    frame = _frame({"data": {"state": {"value": "Ana played 7A"}}})
    assert find_cards([Card.parse("7A")], [frame_text(frame)])
    frame = _frame({"data": {}}, buffers=(b"UB played",))
    assert find_cards([Card.parse("UB")], [frame_text(frame)])


def test_the_parts_are_the_messages_parts_in_order():
    content = {"data": {"state": {"value": "ok"}}}
    parts = frame_text(_frame(content, buffers=(b"buf",))).split("\x00")
    assert parts[0] == "iopub"
    assert json.loads(parts[1])["msg_type"] == "comm_msg"
    assert json.loads(parts[4]) == content and parts[5] == "buf"


@pytest.mark.parametrize("payload", [b"", b"short", b"\xff" * 40,
                                     (3).to_bytes(8, "little") + b"\x00" * 30])
def test_a_frame_that_is_not_v1_is_read_whole(payload):
    assert frame_text(payload) == payload.decode("utf-8", "replace")


def test_text_frames_are_kept_as_they_are():
    assert frame_text('{"text": "UB"}') == '{"text": "UB"}'
