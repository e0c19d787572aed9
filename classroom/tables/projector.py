"""The class experiments' pages (issue 22): the teacher's projector, and the pooled figure.

The students' kernels send their messages through the class link
(``tables/api/class/send``, :mod:`classroom.tables.classapi`; the kinds
``experiment-seed`` and ``experiment-result`` of :mod:`classroom.tables.experiments`).
Here:

- ``tables/api/experiments/status/<key>`` GET: open or not, the share size, the pooled
  figure (no one's result);
- the teacher (the token; else 403): ``tables/teacher/experiments?key=hands`` (the projector
  page: open/close, the live chart from ``tables/api/experiments/live/<key>`` polled each
  second), ``tables/api/experiments/open/<key>`` and ``.../close/<key>`` (POST, ``_xsrf``),
  ``tables/api/experiments/csv/<key>`` (the latest run's shares as CSV).

>>> [p for p, *_ in experiment_handlers("/")][:2]
['/tables/api/experiments/status/([a-z]{1,20})', '/tables/teacher/experiments/?']
"""

from __future__ import annotations

from typing import Any

from tornado import web

from cardgames.analysis.experiments import EXPERIMENTS
from cardgames.i18n import N_, N_plural, ngettext
from cardgames.i18n import gettext as _

from .experiments import ExperimentService
from .pagebase import Shared, script_json
from .teacher import TeacherHandler

__all__ = ["WORDS", "experiment_handlers", "experiment_service", "projector_words"]

WORDS = {
    "projector_title": N_("Class experiment"),
    "experiment": N_("Choose an experiment"),
    "share_size": N_("Trials per student"),
    "open": N_("Open it for the class"),
    "close": N_("Close it"),
    "csv": N_("Download the results (CSV)"),
    "is_open": N_("Open: students can add their share."),
    "is_closed": N_("Closed: no more results are taken."),
    "never": N_("Not opened yet."),
    "shares": N_("Shares: {n} (seeds handed out: {seeds})"),
    "trials": N_("trials"),
    "estimate": N_("class estimate"),
    "interval": N_("95 percent interval"),
    "exact": N_("exact value"),
    "chart_title": N_("The class's estimate as results arrive"),
    "chart_alt": N_("Line chart: the class's estimate and its 95 percent interval against "
                    "the number of trials; the exact value as a dashed line."),
    "hist_title": N_("The class's hands against the exact distribution"),
    "hist_alt": N_("Bar chart: the share of the class's hands at each score from 21 to 33; "
                   "the exact shares as outlines."),
    "score": N_("score"),
    "separated": N_("The intervals no longer overlap: the two thresholds really differ."),
    "overlap": N_("The intervals still overlap: more games are needed to tell them apart."),
    "no_results": N_("No results yet: students press \"add my share\" in the lesson."),
    "back": N_("Back to the teacher's page"),
    "refused": N_("Refused: {reason}"),
    "updated": N_("Updated {time}"),
    "offline": N_("The server does not answer; trying again."),
    "row": N_("{label}: {estimate} (95%: {low} to {high}), {trials} trials"),
    "row_exact": N_("exact {exact}"),
    # predict first (issue 31): the exact value is off the projector until the teacher shows it
    "show_exact": N_("Show the exact value"),
    "hide_exact": N_("Hide the exact value"),
}
#: "Students who contributed: {n}" in its plural forms (Croatian has three).
STUDENTS = N_plural("Students who contributed: {n}", "Students who contributed: {n}")
#: A number of each CLDR plural category of the three languages (the page picks one with
#: Intl.PluralRules): hr 1 → one, 2 → few, 5 → other; de and en 1 → one, 5 → other.
_PLURAL_SAMPLES = {"one": 1, "few": 2, "other": 5}


def projector_words(lang: str) -> dict[str, str]:
    """The projector's words in ``lang``, and every experiment's title and series labels.

    >>> projector_words("de")["projector_title"]
    'Klassenexperiment'
    >>> w = projector_words("hr")
    >>> [w[f"students_{c}"].format(n=n) for c, n in (("one", 21), ("few", 3), ("other", 11))]
    ['Pridonio je 21 učenik', 'Pridonijela su 3 učenika', 'Pridonijelo je 11 učenika']
    """
    out = {k: _(v, lang=lang) for k, v in WORDS.items()}
    for category, n in _PLURAL_SAMPLES.items():
        out[f"students_{category}"] = ngettext(*STUDENTS, n, lang=lang)
    for key, e in EXPERIMENTS.items():
        out[f"title_{key}"] = _(e.title, lang=lang)
        out[f"question_{key}"] = _(e.question, lang=lang)
        for i, label in enumerate(e.series):
            out[f"series_{key}_{i}"] = _(label, lang=lang)
    return out


def experiment_service(settings: dict[str, Any]) -> ExperimentService:
    """The experiments' service of a server: ``settings["cardgames_experiments"]``, else the
    one of the class store (:func:`classroom.tables.students.class_store`)."""
    svc = settings.get("cardgames_experiments")
    if svc is not None:
        return svc  # type: ignore[no-any-return]
    from .students import class_store

    return ExperimentService.of(class_store(settings))


class StatusApi(web.RequestHandler):
    """``tables/api/experiments/status/<key>``: the pooled figure, for anyone."""

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def get(self, key: str) -> None:
        if key not in EXPERIMENTS:
            raise web.HTTPError(404)
        self.finish(experiment_service(self.settings).status(key))


class ProjectorHandler(TeacherHandler):
    @property
    def xsvc(self) -> ExperimentService:
        return experiment_service(self.settings)

    def key(self, raw: str | None = None) -> str:
        key = (raw if raw is not None else self.get_argument("key", "hands"))[:20]
        if key not in EXPERIMENTS:
            raise web.HTTPError(404)
        return key


class ProjectorPage(ProjectorHandler):
    """``tables/teacher/experiments?key=...``: the projector's page."""

    def get(self) -> None:
        if self._finished:
            return
        key = self.key()
        x = projector_words(self.lang)
        self.page("projector.html", x=x, key=key, experiments=list(EXPERIMENTS),
                  current=EXPERIMENTS[key], xwords_json=script_json(x))


class LiveApi(ProjectorHandler):
    """``tables/api/experiments/live/<key>``: what the projector draws."""

    def get(self, raw: str) -> None:
        if self._finished:
            return
        key = self.key(raw)
        svc = self.xsvc
        run = svc.latest_run(key)
        e = EXPERIMENTS[key]
        self.finish({"experiment": key, "run": run, "open": bool(run and run["closed"] is None),
                     "n": run["n"] if run else e.n, "max_n": e.max_n,
                     "pooled": svc.pooled(key).to_dict(), "history": svc.history(key)})


class OpenApi(ProjectorHandler):
    def post(self, action: str, raw: str) -> None:
        key = self.key(raw)
        if action == "open":
            text = self.get_body_argument("n", "").strip()[:6]
            n = int(text) if text.isdigit() else None
            try:
                run = self.xsvc.open_run(key, n=n)
            except ValueError as e:
                self.set_status(400)
                self.finish({"error": projector_words(self.lang)["refused"].format(reason=e)})
                return
            self.finish({"open": True, "run": run})
        else:
            self.finish({"open": False, "run": self.xsvc.close_run(key)})


class CsvApi(ProjectorHandler):
    def get(self, raw: str) -> None:
        if self._finished:
            return
        key = self.key(raw)
        self.set_header("Content-Type", "text/csv; charset=UTF-8")
        self.set_header("Content-Disposition", f'attachment; filename="experiment-{key}.csv"')
        self.finish(self.xsvc.csv(key))


def experiment_handlers(base_url: str) -> list[tuple[Any, ...]]:
    """The routes of the class experiments under ``base_url``."""
    shared = Shared(base_url)
    b = shared.base_url + "tables"
    kw = {"shared": shared}
    return [
        (b + r"/api/experiments/status/([a-z]{1,20})", StatusApi),
        (b + r"/teacher/experiments/?", ProjectorPage, kw),
        (b + r"/api/experiments/live/([a-z]{1,20})", LiveApi, kw),
        (b + r"/api/experiments/(open|close)/([a-z]{1,20})", OpenApi, kw),
        (b + r"/api/experiments/csv/([a-z]{1,20})", CsvApi, kw),
    ]
