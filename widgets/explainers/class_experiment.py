"""A class experiment in a lesson (issue 22): "add my share", my result beside the class's.

The button runs one share of an experiment of :mod:`cardgames.analysis.experiments` and
shows the student's own result. In a class (the classroom server set
``CARDGAMES_TABLES_URL`` for this kernel) it speaks through the kernel's class link
(:mod:`widgets.kit.classlink`: one outbox, a background thread, the page's student key):
an ``experiment-seed`` message asks the server for a seed, the share runs on that seed
(in the link's thread, never on the kernel's loop), an ``experiment-result`` message sends
it; the server re-runs it before counting it, and its answer holds the class's pooled
figure, shown beside the student's. A server that does not answer keeps the messages
in the outbox until it is back (each counted once). Without a class server (JupyterLab,
nbval) the share is run from a local seed: the student's own result and the exact value,
and one line saying that results are not shared.

**Predict first** (issue 31): the exact value is not on the page until the student has
written a prediction or pressed "Show the exact value"; until then it is kept in Python
(the experiment's own :attr:`exact`), never in a synced trait.  The prediction is free
text (at most :data:`MAX_PREDICTION` characters, escaped), shown back beside the value.

>>> w = ClassExperiment("hands", link=None, seed=5)
>>> "not shared" in w.note.value, w.shares
(True, 0)
>>> w.add_share(); w.shares, "of 100" in w.mine.value
(1, True)
>>> "4/31" in w.pooled.value                 # not before a prediction
False
>>> w.prediction.value = "about 15"
>>> "4/31" in w.pooled.value and "about 15" in w.pooled.value
True
>>> w.close_all()
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

import ipywidgets as ipw

from cardgames.analysis.experiments import ExperimentError, Pooled, Result, experiment
from cardgames.i18n import decimal, format_count, ngettext
from cardgames.i18n import gettext as _

__all__ = ["ClassExperiment", "KIND_RESULT", "KIND_SEED", "MAX_SHARES"]

#: Shares one widget runs at most (a click after that changes nothing).
MAX_SHARES = 50
#: The longest prediction kept (a longer text from the page is cut).
MAX_PREDICTION = 80
#: The class link's kinds (``classroom.tables.experiments``).
KIND_SEED = "experiment-seed"
KIND_RESULT = "experiment-result"
_DEFAULT: Any = object()


class ClassExperiment(ipw.VBox):
    """One experiment's "add my share" button, the student's result and the class's.

    ``key``: ``"hands"``, ``"liar"`` or ``"reveal"``. ``link``: the class link (default:
    this kernel's, :func:`widgets.kit.classlink.class_link`; ``None``: no class server).
    ``seed``: the first local seed when there is no class server (the next shares use the
    next seeds).
    """

    def __init__(self, key: str, *, link: Any = _DEFAULT, seed: int = 1,
                 **kwargs: Any) -> None:
        self._experiment = experiment(key)
        if link is _DEFAULT:
            from widgets.kit.classlink import class_link

            link = class_link()
        self._link = link
        self._local_seed = seed
        self._results: list[Result] = []          # this student's shares (plain Python)
        self._busy = False
        self._pooled: dict[str, Any] | None = None
        self._prediction = ""
        # nothing to hide when the engine knows no exact value (lesson 06's experiment)
        self._exact_shown = all(x is None for x in self._experiment.exact)
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        e = self._experiment
        self.title = ipw.HTML(f"<b>{html.escape(_(e.title))}</b> {html.escape(_(e.question))}")
        # width auto: a button's text is never cut ("Meinen Anteil beitra…" in German at
        # the default 148 px; issue 31, tests/browser/test_lesson_screenshots.py)
        wide = {"width": "auto", "max_width": "100%"}
        self.button = ipw.Button(description=_("Add my share"), button_style="primary",
                                 tooltip=_("run your share of the experiment and send it"),
                                 layout=ipw.Layout(**wide))
        self.mine = ipw.HTML()
        self.pooled = ipw.HTML()
        self.note = ipw.HTML()
        self.status = ipw.HTML()
        from widgets.kit.guard import guarded

        self.button.on_click(guarded(lambda _b: self.add_share(), where="class experiment",
                                     show=self._show_error, expected=(ValueError,)))
        self.prediction = ipw.Text(placeholder=_("write it before you look"),
                                   description=_("Your prediction:"), continuous_update=False,
                                   style={"description_width": "initial"},
                                   layout=ipw.Layout(width="24em", max_width="100%"))
        self.show_button = ipw.Button(description=_("Show the exact value"),
                                      layout=ipw.Layout(**wide))
        self.prediction.observe(self._predicted, names="value")
        self.show_button.on_click(guarded(lambda _b: self.show_exact(), where="class experiment",
                                          show=self._show_error, expected=(ValueError,)))
        self.predict_row = ipw.HBox([self.prediction, self.show_button],
                                    layout=ipw.Layout(flex_flow="row wrap", align_items="center",
                                                      display="none" if self._exact_shown else None))
        super().__init__([self.title, self.predict_row, self.button, self.mine, self.pooled,
                          self.note, self.status], **kwargs)
        self.add_class("cg-class-experiment")
        if self._link is None:
            self.note.value = html.escape(_("Results are not shared (no class server): you "
                                            "see your own result and the exact value."))
        else:
            self._link.listeners.append(self._link_state)
        self._show_mine()
        self._show_pooled(None)

    @property
    def shares(self) -> int:
        """The shares this student has run (and, in a class, had counted)."""
        return len(self._results)

    # ------------------------------------------------------------ predict first
    def _predicted(self, change: dict[str, Any]) -> None:
        text = " ".join(str(change.get("new") or "").split())[:MAX_PREDICTION]
        if text:
            self._prediction = text
            self.show_exact()

    def show_exact(self) -> None:
        """Put the exact value on the page (after a prediction, or the Show button)."""
        self._exact_shown = True
        self.predict_row.layout.display = "none"
        self._show_pooled(self._pooled)

    # ------------------------------------------------------------ the click
    def add_share(self) -> None:
        """Run one more share (a click; ignored while one is on its way, or after
        :data:`MAX_SHARES`)."""
        if self._busy or len(self._results) >= MAX_SHARES:
            return
        if self._link is None:
            r = self._experiment.share(self._local_seed + len(self._results))
            self._results.append(r)
            self._show_mine()
            self._show_pooled(None)
            return
        self._busy = True
        self.button.disabled = True
        self.status.value = html.escape(_("Running your share and sending it..."))
        self._link.send(KIND_SEED, {"experiment": self._experiment.key},
                        on_answer=self._got_seed)

    def _got_seed(self, reply: dict[str, Any]) -> None:
        """(The link's thread.) Run the share on the server's seed and send the result."""
        if not reply.get("ok"):
            self._later(self._refused, reply)
            return
        try:
            got = reply["answer"]
            r = self._experiment.share(int(got["seed"]), int(got["n"]))
        except (KeyError, TypeError, ValueError, ExperimentError) as err:
            self._later(self._refused, {"error": {"message": str(err)}})
            return
        self._link.send(KIND_RESULT, {"result": r.to_dict()},
                        on_answer=lambda answer: self._later(self._got_result, r, answer))

    def _later(self, fn: Any, *args: Any) -> None:
        """Run ``fn`` on the kernel's loop (the widgets are changed there only)."""
        if self._loop is None or self._loop.is_closed():
            fn(*args)
        else:
            self._loop.call_soon_threadsafe(fn, *args)

    def _link_state(self, state: str) -> None:
        """(The link's thread.) The link went offline or came back."""
        if state == "offline":
            self._later(self._offline)

    def _got_result(self, r: Result, reply: dict[str, Any]) -> None:
        if reply.get("ok"):
            self._accepted(r, reply.get("answer") or {})
        else:
            self._refused(reply)

    # ------------------------------------------------------------ answers
    def _done(self) -> None:
        self._busy = False
        self.button.disabled = len(self._results) >= MAX_SHARES

    def _accepted(self, r: Result, answer: dict[str, Any]) -> None:
        self._results.append(r)
        self.status.value = html.escape(_("Your share was counted."))
        self._show_mine()
        self._show_pooled(answer.get("pooled"))
        self._done()

    def close(self) -> None:
        if self._link is not None and self._link_state in self._link.listeners:
            self._link.listeners.remove(self._link_state)
        super().close()

    def _show_error(self, text: str) -> None:
        self.status.value = html.escape(text)
        self._busy = False
        self.button.disabled = len(self._results) >= MAX_SHARES

    def _refused(self, answer: dict[str, Any]) -> None:
        message = str((answer.get("error") or {}).get("message", ""))[:300]
        self.status.value = html.escape(_("Not counted: {reason}").format(reason=message))
        self._done()

    def _offline(self) -> None:
        if self._busy:
            self.status.value = html.escape(_("The class server does not answer: your share "
                                              "is kept and sent when it is back."))

    # ------------------------------------------------------------ drawing
    def _show_mine(self) -> None:
        e = self._experiment
        if not self._results:
            self.mine.value = html.escape(_("Your share: none yet. Press the button."))
            return
        mine = e.pool(self._results)
        self.mine.value = "<b>{}</b> {}".format(html.escape(_("Your result:")),
                                                 html.escape(self._words(mine)))

    def _show_pooled(self, data: dict[str, Any] | None) -> None:
        e = self._experiment
        self._pooled = data
        parts = []
        if data is not None:
            series = data.get("series") or []
            texts = []
            for label, s in zip(e.series, series, strict=False):
                texts.append(_("{label}: {k} of {n} ({p}; 95%: {lo} to {hi})").format(
                    label=_(label), k=format_count(int(s["successes"])),
                    n=format_count(int(s["trials"])), p=_num(s.get("estimate")),
                    lo=_num(s.get("low")), hi=_num(s.get("high"))))
            parts.append("<b>{}</b> {}".format(
                html.escape(ngettext("The class ({n} share):", "The class ({n} shares):",
                                     int(data.get("shares", 0))).format(
                    n=format_count(int(data.get("shares", 0))))),
                html.escape("; ".join(texts))))
        exact = [(label, x) for label, x in zip(e.series, e.exact, strict=True) if x is not None]
        if self._prediction:
            parts.append(html.escape(_("Your prediction: {prediction}").format(
                prediction=self._prediction)))
        if exact and not self._exact_shown:
            parts.append("<i>{}</i>".format(html.escape(_(
                "The exact value stays hidden until you write a prediction or press "
                "“Show the exact value”."))))
        elif exact:
            parts.append("<b>{}</b> {}".format(html.escape(_("Exact value:")), html.escape(
                "; ".join(f"{x} = {_num(float(x))}" for _label, x in exact))))
        self.pooled.value = "<br>".join(parts)

    def _words(self, p: Pooled) -> str:
        return "; ".join(_("{label}: {k} of {n} ({p})").format(
            label=_(s.label), k=format_count(s.successes), n=format_count(s.trials),
            p=_num(s.value)) for s in p.series)


def _num(x: Any) -> str:
    return "–" if x is None else decimal(f"{float(x):.4f}")
