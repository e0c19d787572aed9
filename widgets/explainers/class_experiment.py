"""A class experiment in a lesson (issue 22): "add my share", my result beside the class's.

The button runs one share of an experiment of :mod:`cardgames.analysis.experiments` and
shows the student's own result; in a class (the classroom server set
``CARDGAMES_TABLES_URL`` for this kernel) the seed comes from the class server, the result
goes back to it (re-checked there) and the class's pooled figure appears beside the
student's. The network is used in a background thread only (std-lib ``urllib``, never on
the kernel's loop); each message carries an id made once, so a message resent after a lost
connection is counted once, and a result that could not be sent is sent again by the next
click. Without a class server (JupyterLab, nbval) the share is run from a local seed: the
student's own result and the exact value, and one line saying that results are not shared.

>>> w = ClassExperiment("hands", url="", seed=5)
>>> "not shared" in w.note.value, w.shares
(True, 0)
>>> w.add_share(); w.shares, "of 100" in w.mine.value
(1, True)
>>> "4/31" in w.pooled.value
True
>>> w.close_all()
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import secrets
import threading
import time
import urllib.error
import urllib.request
from typing import Any

import ipywidgets as ipw

from cardgames.analysis.experiments import ExperimentError, Pooled, Result, experiment
from cardgames.i18n import decimal, format_count
from cardgames.i18n import gettext as _

__all__ = ["ClassExperiment", "MAX_SHARES", "class_api_base"]

#: Shares one widget runs at most (a click after that changes nothing).
MAX_SHARES = 50
ENV_URL = "CARDGAMES_TABLES_URL"
_STUDENT: list[str] = []       # this kernel's student key, when the page gave none


def class_api_base(url: str | None = None) -> str | None:
    """``http://host:port/base/tables/api/experiments/`` from the tables' websocket address
    (``CARDGAMES_TABLES_URL``), or None without one.

    >>> class_api_base("ws://127.0.0.1:8866/tables/ws")
    'http://127.0.0.1:8866/tables/api/experiments/'
    >>> class_api_base("wss://hub.example/services/cardgames-tables/tables/ws")
    'https://hub.example/services/cardgames-tables/tables/api/experiments/'
    >>> class_api_base("") is None
    True
    """
    url = os.environ.get(ENV_URL, "") if url is None else url
    if not url or not url.startswith(("ws://", "wss://")) or not url.endswith("tables/ws"):
        return None
    return "http" + url[2:-len("ws")] + "api/experiments/"


def _student_key() -> str:
    """The page's ``?student=`` key (the class link's identity), else one made by this kernel."""
    from widgets.kit.classlink import page_student_key

    try:
        from widgets.app.request import page_query_string

        key = page_student_key(page_query_string())
    except Exception:                           # no Voila: a notebook kernel
        key = None
    if key:
        return key
    if not _STUDENT:
        _STUDENT.append(secrets.token_urlsafe(24))   # the class link's form of a key
    return _STUDENT[0]


class ClassExperiment(ipw.VBox):
    """One experiment's "add my share" button, the student's result and the class's.

    ``key``: ``"hands"``, ``"liar"`` or ``"reveal"``. ``url``: the tables' websocket
    address (default: ``$CARDGAMES_TABLES_URL``; ``""``: no class server). ``seed``: the
    first local seed when there is no class server (the next shares use the next seeds).
    """

    def __init__(self, key: str, *, url: str | None = None, seed: int = 1,
                 student: str | None = None, timeout: float = 10.0, **kwargs: Any) -> None:
        self._experiment = experiment(key)
        self._base = class_api_base(url)
        self._student = student or (_student_key() if self._base else "")
        self._timeout = timeout
        self._local_seed = seed
        self._results: list[Result] = []          # this student's shares (plain Python)
        self._pending: tuple[str, Result] | None = None   # a result not yet acknowledged
        self._busy = False
        self._count = 0
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        e = self._experiment
        self.title = ipw.HTML(f"<b>{html.escape(_(e.title))}</b> {html.escape(_(e.question))}")
        self.button = ipw.Button(description=_("Add my share"), button_style="primary",
                                 tooltip=_("run your share of the experiment and send it"))
        self.mine = ipw.HTML()
        self.pooled = ipw.HTML()
        self.note = ipw.HTML()
        self.status = ipw.HTML()
        self.button.on_click(lambda _b: self.add_share())
        super().__init__([self.title, self.button, self.mine, self.pooled, self.note,
                          self.status], **kwargs)
        self.add_class("cg-class-experiment")
        if self._base is None:
            self.note.value = html.escape(_("Results are not shared (no class server): you "
                                            "see your own result and the exact value."))
        self._show_mine()
        self._show_pooled(None)

    @property
    def shares(self) -> int:
        """The shares this student has run (and, in a class, had accepted)."""
        return len(self._results)

    # ------------------------------------------------------------ the click
    def add_share(self) -> None:
        """Run one more share (a click; ignored while one is on its way, or after
        :data:`MAX_SHARES`)."""
        if self._busy or len(self._results) >= MAX_SHARES:
            return
        if self._base is None:
            r = self._experiment.share(self._local_seed + len(self._results))
            self._results.append(r)
            self._show_mine()
            self._show_pooled(None)
            return
        self._busy = True
        self.button.disabled = True
        self.status.value = html.escape(_("Running your share and sending it..."))
        if self._loop is None:
            self._work()
        else:
            threading.Thread(target=self._work, daemon=True).start()

    def _work(self) -> None:
        """(A background thread.) Ask for a seed, run the share, send it; the answer goes
        to the widgets through the kernel's loop."""
        try:
            if self._pending is None:
                got = self._post("seed", {"experiment": self._experiment.key})
                if not got.get("accepted"):
                    self._later(self._refused, got)
                    return
                r = self._experiment.share(int(got["seed"]), int(got["n"]))
                self._pending = (self._new_id(), r)
            mid, r = self._pending
            answer = self._post("result", {"result": r.to_dict()}, mid=mid)
        except (OSError, ValueError, ExperimentError) as err:
            self._later(self._offline, str(err))
            return
        self._pending = None
        if answer.get("accepted"):
            self._later(self._accepted, r, answer)
        else:
            self._later(self._refused, answer)

    def _new_id(self) -> str:
        self._count += 1
        return f"x{self._count}-{secrets.token_hex(6)}"

    def _post(self, path: str, body: dict[str, Any], *, mid: str | None = None
              ) -> dict[str, Any]:
        data = {"id": mid or self._new_id(), "student": self._student, **body}
        headers = {"Content-Type": "application/json"}
        token = os.environ.get("JUPYTERHUB_API_TOKEN")
        if token:
            headers["Authorization"] = f"token {token}"
        req = urllib.request.Request(str(self._base) + path, data=json.dumps(data).encode(),
                                     headers=headers, method="POST")
        for attempt in range(3):           # the same id each time: counted once
            try:
                with urllib.request.urlopen(req, timeout=self._timeout) as resp:  # noqa: S310
                    out: dict[str, Any] = json.loads(resp.read(65536))
                    return out
            except urllib.error.HTTPError as e:      # a refusal: its JSON body
                answer: dict[str, Any] = json.loads(e.read(65536) or b"{}")
                return answer
            except (urllib.error.URLError, TimeoutError, ConnectionError):
                if attempt == 2:
                    raise
                time.sleep(0.5 * (attempt + 1))
        raise OSError("unreachable")                 # pragma: no cover

    def _later(self, fn: Any, *args: Any) -> None:
        if self._loop is None or self._loop.is_closed():
            fn(*args)
        else:
            self._loop.call_soon_threadsafe(fn, *args)

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

    def _refused(self, answer: dict[str, Any]) -> None:
        message = str((answer.get("error") or {}).get("message", ""))[:300]
        self.status.value = html.escape(_("Not counted: {reason}").format(reason=message))
        self._done()

    def _offline(self, reason: str) -> None:
        self.status.value = html.escape(_("The class server does not answer: your result is "
                                          "kept and sent when you press the button again."))
        self._done()

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
                html.escape(_("The class ({n} shares):").format(
                    n=format_count(int(data.get("shares", 0))))),
                html.escape("; ".join(texts))))
        exact = [(label, x) for label, x in zip(e.series, e.exact, strict=True) if x is not None]
        if exact:
            parts.append("<b>{}</b> {}".format(html.escape(_("Exact value:")), html.escape(
                "; ".join(f"{x} = {_num(float(x))}" for _label, x in exact))))
        self.pooled.value = "<br>".join(parts)

    def _words(self, p: Pooled) -> str:
        return "; ".join(_("{label}: {k} of {n} ({p})").format(
            label=_(s.label), k=format_count(s.successes), n=format_count(s.trials),
            p=_num(s.value)) for s in p.series)


def _num(x: Any) -> str:
    return "–" if x is None else decimal(f"{float(x):.4f}")
