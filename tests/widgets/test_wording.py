"""Words the apps show: the project's names for things, everywhere (issue 18 item 7)."""

from __future__ import annotations

import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "cardgames" / "locale"


def test_the_joker_is_called_the_chronicler_in_every_msgid():
    msgids = re.findall(r'^msgid "(.*)"$', (LOCALE / "cardgames.pot").read_text(encoding="utf-8"),
                        flags=re.M)
    assert "with the Chronicler (T2)" in msgids
    assert not [m for m in msgids if re.search(r"\bjoker\b", m, flags=re.I)]


def test_the_setting_label_is_exempt_only_as_a_whole_text():
    from hidden import cards_in

    from cardgames.cards import CHRONICLER

    assert cards_in(["with the Chronicler"]) == set()
    assert CHRONICLER in cards_in(["seat 1 holds the Chronicler"])
    assert CHRONICLER in cards_in(["with the Chronicler and AH"])
