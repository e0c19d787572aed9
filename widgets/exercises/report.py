"""Each check of an exercise, reported to the teacher's class view (issue 22).

:func:`report_check` sends one check through the kernel's class link
(:func:`widgets.kit.classlink.class_link`) with only what the class view needs
(:func:`check_payload`): the exercise id, the answer as typed (at most
:data:`ANSWER_MAX` characters), the verdict (``right``, ``wrong``, ``rounding``) and
which hint was given (:func:`hint_id`: ``mistake-<i>`` for the targeted hint of the
exercise's known mistake ``i``, ``hint-<n>`` for its ``n``-th general hint,
``rounding``, ``""`` when right).  Never the answer's value or the solution: the
widget keeps those in Python.  Without a class server (JupyterLab, nbval) nothing is
sent.

:class:`ClassNote` is the one line under an exercise: "results are not shared (no
class server)", or shared / kept until the server is back; the first exercise of a
page also offers a display name for the teacher (optional, its box shown on a click;
not on the hub, where the teacher sees the hub user's name); Enter or **Save name**
saves it, and a line under the box says what happened: sending, saved (the class server
took it), refused and why, or no name.

>>> from cardgames.courseware.exercise_data import get
>>> from cardgames.courseware.answers import Verdict
>>> ex = get("01-six-players")
>>> hint_id(ex, 1, Verdict("wrong", "x", mistake=ex.mistakes[0][1], mistake_index=0))
'mistake-0'
>>> hint_id(ex, 2, Verdict("wrong", "x")), hint_id(ex, 1, Verdict("right"))
('hint-2', '')
"""

from __future__ import annotations

import asyncio
import html
import os
from typing import Any

import ipywidgets as ipw

from cardgames.courseware.answer_numbers import canonical
from cardgames.courseware.answers import Exercise, Kind, Verdict
from cardgames.i18n import get_language
from cardgames.i18n import gettext as _
from widgets.kit.classlink import LOCAL_NOTE, ClassLink, check_display_name, class_link

__all__ = ["ANSWER_MAX", "ClassNote", "check_payload", "hint_id", "report_check"]

ANSWER_MAX = 200


def hint_id(ex: Exercise, wrong_tries: int, verdict: Verdict) -> str:
    """Which hint ``verdict`` got (see the module doc), as ``answers.hint_for`` picks it."""
    if verdict.status == "right":
        return ""
    if verdict.status == "rounding":
        return "rounding"
    if verdict.mistake_index is not None:      # by its index: the hint is translated
        return f"mistake-{verdict.mistake_index}"
    return f"hint-{max(1, min(wrong_tries, len(ex.hints)))}"


def check_payload(ex: Exercise, text: object, verdict: Verdict, wrong_tries: int,
                  ) -> dict[str, Any]:
    """The check as sent: exercise id, answer as typed, verdict, hint id, variant (seed)."""
    typed = text if isinstance(text, str) else ""
    if ex.kind is Kind.NUMBER:        # one way of writing: 0,5 and 0.5 are one answer
        typed = canonical(typed) or typed
    return {"exercise": ex.key, "answer": " ".join(typed.split())[:ANSWER_MAX],
            "verdict": verdict.status, "hint": hint_id(ex, wrong_tries, verdict),
            "variant": ex.seed}


def report_check(ex: Exercise, text: object, verdict: Verdict, wrong_tries: int, *,
                 link: ClassLink | None = None) -> str | None:
    """Send the check if this kernel has a class link and it was a try; the message id."""
    if not verdict.counts_as_try:
        return None
    link = link if link is not None else class_link()
    if link is None:
        return None
    return link.send("check", check_payload(ex, text, verdict, wrong_tries))


_NAME_OFFERED: list[bool] = []


class ClassNote(ipw.VBox):
    """The class link's line under an exercise (see the module doc)."""

    def __init__(self, *, link: ClassLink | None = None, offer_name: bool | None = None,
                 **kwargs: Any) -> None:
        self._link = link if link is not None else class_link()
        self.line = ipw.HTML()
        children: list[ipw.Widget] = [self.line]
        self.name_box: ipw.Text | None = None
        self.name_button: ipw.Button | None = None
        self.save_button: ipw.Button | None = None
        self.name_note: ipw.HTML | None = None
        self._sent_name: str | None = None
        if offer_name is None:
            offer_name = (self._link is not None and not _NAME_OFFERED
                          and not os.environ.get("JUPYTERHUB_API_TOKEN"))
        if offer_name and self._link is not None:
            _NAME_OFFERED.append(True)
            # the box appears on request: the exercise's own answer box stays its only one
            self.name_button = ipw.Button(description=_("Give the teacher your name"),
                                          layout=ipw.Layout(width="auto"))
            self.name_button.on_click(self._ask_name)
            children.append(self.name_button)
        super().__init__(children, **kwargs)
        self.add_class("cg-class-note")
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        if self._link is not None:
            self._link.listeners.append(self._from_thread)
        self._draw()

    def _draw(self, error: str = "") -> None:
        text = _(LOCAL_NOTE) if self._link is None else self._link.status_text()
        if error:
            text = f"{text} {error}"
        self.line.value = (f"<span class='cg-class-note-line' style='color:#555;"
                           f"font-size:.9em'>{html.escape(text)}</span>")

    def _from_thread(self, state: str) -> None:
        """(The link's thread) the link's state changed: redraw on the kernel's loop."""
        if self._loop is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._draw)
                return
            except RuntimeError:
                pass
        self._draw()

    def _ask_name(self, _button: object = None) -> None:
        """The name box, made on request (the page's only other text box until then is
        the exercise's answer), with a **Save** button and a line saying what happened."""
        if self.name_box is not None or self.name_button is None or self._link is None:
            return
        self.name_box = ipw.Text(
            value=self._link.name or "", placeholder=_("optional"),
            description=_("Your name for the teacher:"),
            style={"description_width": "initial"}, continuous_update=False,
            layout=ipw.Layout(width="auto", max_width="100%"))
        self.name_box.observe(self._named, names="value")
        self.save_button = ipw.Button(description=_("Save name"), layout=ipw.Layout(width="auto"))
        self.save_button.on_click(lambda _b: self._save(self.name_box.value if self.name_box
                                                        else ""))
        self.name_note = ipw.HTML()
        self.name_note.add_class("cg-name-note")
        self.name_button.layout.display = "none"
        self.children = (self.line, self.name_button, self.name_box, self.save_button,
                         self.name_note)

    def _named(self, change: dict[str, Any]) -> None:
        self._save(str(change.get("new") or ""))

    def _say_name(self, text: str, colour: str = "#555") -> None:
        """The line under the name box (what happened to the name), in the language."""
        if self.name_note is not None:
            self.name_note.value = (f"<span class='cg-name-note-line' role='status' "
                                    f"style='color:{colour};font-size:.9em'>"
                                    f"{html.escape(text)}</span>")

    def _save(self, typed: str) -> None:
        """Save the typed name (Enter, leaving the box, or **Save name**): checked here,
        sent to the class server, and the line under the box says so; the server's answer
        confirms it (or says why not)."""
        if self._link is None:
            return
        if not typed.strip():
            self._link.name = self._sent_name = None
            self._draw()
            self._say_name(_("No name: the teacher sees your results without a name."))
            return
        try:
            name = check_display_name(typed)
        except ValueError as e:
            self._draw(str(e))
            self._say_name("✘ " + str(e), "#b00020")
            return
        if name == self._link.name and self._sent_name == name:
            return                       # Enter, then Save: sent once, its line stands
        self._link.name = self._sent_name = name
        self._draw()
        self._say_name(_("Sending your name to the teacher…"))
        lang = get_language()                     # the page's, for the answer's line
        self._link.send("name", {}, on_answer=lambda reply: self._on_loop(
            lambda: self._name_answered(name, reply, lang)))   # the teacher's view learns it now

    def _name_answered(self, name: str, reply: dict[str, Any], lang: str) -> None:
        if self._link is None or self._link.name != name:
            return                                # typed again since: that one's answer counts
        if reply.get("ok"):
            self._say_name("✔ " + _("Saved: the teacher sees you as {name}.", lang=lang)
                           .format(name=name), "green")
        else:
            error = reply.get("error")
            why = error.get("message") if isinstance(error, dict) else str(error or "")
            self._say_name("✘ " + _("The class server did not take the name: {why}",
                                    lang=lang).format(why=why), "#b00020")

    def _on_loop(self, call: Any) -> None:
        """(The link's thread) run ``call`` on the kernel's loop (a widget is changed there)."""
        if self._loop is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(call)
                return
            except RuntimeError:
                pass
        call()

    def close(self) -> None:
        if self._link is not None and self._from_thread in self._link.listeners:
            self._link.listeners.remove(self._from_thread)
        for w in (self.line, self.name_box, self.name_button, self.save_button, self.name_note):
            if w is not None:
                w.close()
        super().close()
