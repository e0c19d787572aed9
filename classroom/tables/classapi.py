"""The class link's HTTP API: what the students' kernels post to (issue 22).

``POST <base>tables/api/class/send`` with a JSON body (``Content-Type:
application/json``, at most :data:`MAX_BODY` bytes) of exactly these fields::

    {"id": "3f9c...-7", "kind": "check", "student": "<student key>",
     "payload": {...}, "name": "Ana" (optional), "lang": "hr" (optional)}

``id`` is made by the client, unique per message; ``kind`` names a kind of the table
the app builds (:func:`classroom.tables.kinds.class_kinds`: ``"check"`` of
:mod:`classroom.tables.checks`, the experiments' kinds), whose ``check`` validates the
payload and whose ``apply``
stores it, inside :meth:`ClassStore.submit <classroom.tables.students.ClassStore.submit>`'s
transaction: a repeated (student, id) is answered with the first answer and counted
once.  ``ping`` (payload ``{}``) only says the service is there; ``name`` (payload
``{}``) stores the envelope's display name.

Answers: ``200 {"id": ..., "ok": true, "answer": {...}}``, or a refusal that changed
nothing, ``{"id": ..., "ok": false, "error": {"code": ..., "message": ...}}`` with
400 (bad message, bad student key, bad name), 403 (no hub user), 404 (unknown kind),
409 (the kind's own refusal, e.g. a closed experiment), 413 (too large), 415 (not
JSON) or 429 (over the rate limit: :data:`RATE` messages a second per student, burst
:data:`BURST`; the client sends it again later).  The message's ``lang`` words the
refusal.  The student is identified by :func:`classroom.tables.students.identify`
(the key's hash; on the hub the hub user of the request's token).  No answer ever
holds another student's data or an exercise's solution: the kinds answer only
about the message itself.

Under ``make serve`` the lesson pages' kernels run on the server, so only messages
from its own address (loopback) are taken: a student's browser or script on the
network gets 403 (``not-a-kernel``); on the hub the kernel's token says who it is.
Browsers cannot post here from another site either: a JSON body needs a CORS
preflight, which this API answers only for the origins the teacher named
(``cardgames serve --allow-origin``: the static site's pages, whose Python runs in the
browser; :mod:`classroom.tables.cors`, with ``tables/api/class/key``, where such a page
gets its student key); the kernels post with ``urllib`` (:mod:`widgets.kit.classlink`),
so there is no XSRF cookie to check.

>>> [p for p, *_ in class_handlers("/")]
['/tables/api/class/send', '/tables/api/class/progress', '/tables/api/class/key']
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Mapping
from typing import Any

from tornado import web

from cardgames.errors import CardgamesError
from cardgames.i18n import SUPPORTED, language
from cardgames.i18n import gettext as _

from . import checks
from .cors import ClassKeyHandler, cors_headers, from_named_origin, preflight
from .errors import BadMessage, RateLimited, TableError, TooLarge
from .kinds import Kind, class_kinds
from .protocol import TokenBuckets, error_dict
from .students import BadStudent, ClassStore, check_mid, class_store, identify

__all__ = ["BURST", "MAX_BODY", "RATE", "BadStudent", "ClassApiHandler",
           "ClassProgressHandler", "Kind", "NotAKernel", "NotJson", "UnknownKind",
           "class_handlers"]

MAX_BODY = 4096
#: Messages a second per student, and the burst (a token bucket per student).
RATE = 5.0
BURST = 30
#: Students whose buckets are kept (the oldest are forgotten beyond it).
MAX_BUCKETS = 5000
_FIELDS = {"id", "kind", "student", "payload", "name", "lang"}
#: HTTP status of a refusal, by its code (else 409).
STATUS = {"bad-message": 400, "bad-student": 400, "bad-name": 400, "unknown-kind": 404,
          "not-a-kernel": 403,
          "too-large": 413, "rate-limited": 429, "not-json": 415}


class UnknownKind(TableError):
    code = "unknown-kind"

    def __init__(self, kind: object) -> None:
        super().__init__(_("the class server knows no message of kind {kind!r}")
                         .format(kind=str(kind)[:20]))


class NotJson(TableError):
    code = "not-json"

    def __init__(self) -> None:
        super().__init__(_("the class server reads JSON bodies only "
                           "(Content-Type: application/json)"))


class NotAKernel(TableError):
    code = "not-a-kernel"

    def __init__(self) -> None:
        super().__init__(_("the class server takes results only from the lesson pages "
                           "of this server"))


@web.stream_request_body
class ClassApiHandler(web.RequestHandler):
    """``tables/api/class/send`` (see the module doc).  The body is read in chunks and
    kept only up to :data:`MAX_BODY` bytes: a longer one is refused (413) without being
    held in memory, one announced longer (``Content-Length``) before it is read."""

    #: ``tables/api/class/progress``: only ``progress`` reads (:class:`ClassProgressHandler`)
    read_only = False

    def initialize(self, kinds: Mapping[str, Kind]) -> None:
        #: the kinds of message taken, by name (the app's table, :mod:`.kinds`)
        self.kinds = kinds

    def prepare(self) -> None:
        self._chunks: list[bytes] = []
        self._size = 0
        length = self.request.headers.get("Content-Length", "")
        if length.isdigit() and int(length) > MAX_BODY:
            self._refuse(TooLarge(int(length), MAX_BODY))
            return
        connection = getattr(self.request, "connection", None)
        if connection is not None and hasattr(connection, "set_max_body_size"):
            connection.set_max_body_size(16 * MAX_BODY)     # a lying client: cut off

    def data_received(self, chunk: bytes) -> None:
        self._size += len(chunk)
        if self._size <= MAX_BODY:
            self._chunks.append(chunk)

    def set_default_headers(self) -> None:
        # a refusal made before the body is read (413; on the hub a 403 in prepare) makes
        # tornado close the connection: say so, or a proxy in front (the hub's) reuses the
        # closed connection for the next request and answers it 503 (ECONNRESET)
        self.set_header("Connection", "close")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        cors_headers(self)        # a page of the static site the teacher named, if it is one

    def options(self) -> None:
        """The CORS preflight of a static site's page (:func:`~.cors.preflight`)."""
        preflight(self, "POST")

    def check_xsrf_cookie(self) -> None:
        """No XSRF cookie: the kernels post, and a JSON body cannot come from another
        site's form (see the module doc)."""

    def _refuse(self, e: CardgamesError, mid: object = None) -> None:
        error = error_dict(e)
        error["code"] = str(getattr(e, "code", "") or error["code"])
        self.set_status(STATUS.get(error["code"], 409))
        self.finish(json.dumps({"id": mid if isinstance(mid, str) else None, "ok": False,
                                "error": error}))

    def _allowed(self, student: str) -> bool:
        return TokenBuckets.of(self.settings, "cardgames_class_buckets", rate=RATE,
                               burst=BURST, most=MAX_BUCKETS).take(student)

    async def post(self) -> None:
        if self._finished:
            return
        body = b"".join(self._chunks)
        lang = "en"
        try:
            if self._size > MAX_BODY:
                raise TooLarge(self._size, MAX_BODY)
            ctype = self.request.headers.get("Content-Type", "").split(";")[0].strip().lower()
            if ctype != "application/json":
                raise NotJson()
            msg = _parse(body)
        except CardgamesError as e:
            self._refuse(e)
            return
        if msg.get("lang") in SUPPORTED:
            lang = str(msg["lang"])
        with language(lang):
            begun = self._begin(msg)
        if begun is None:
            return
        mid, student, name, kind, payload, store = begun
        if kind.prepare is not None and store.answered(student, str(mid)) is None:
            try:          # (the language is a stack, not a context: none held over an await)
                payload = await kind.prepare(store, student, payload, lang)
            except CardgamesError as e:
                with language(lang):
                    self._refuse(e, mid)
                return
        with language(lang):
            self._submit(mid, student, name, kind, payload, store)

    def _from_kernel(self, auth: Any) -> bool:
        """Under ``make serve`` the lesson pages' kernels run on the server itself: a
        message from another address is not from a kernel (a browser, a script) and is
        refused, unless ``settings["cardgames_class_remote"]`` allows it, or the page
        is of an origin the teacher named (the static site: :mod:`.cors`).  On the hub
        the token says who sends (the kernels run in the students' own servers)."""
        if callable(getattr(auth, "user_name", None)) or self.settings.get(
                "cardgames_class_remote") or from_named_origin(self):
            return True
        try:
            return ipaddress.ip_address(str(self.request.remote_ip)).is_loopback
        except ValueError:
            return False

    def _begin(self, msg: dict[str, Any]) -> tuple[Any, ...] | None:
        """The checks before the kind's slow work: ``(mid, student, name, kind, payload,
        store)``, or None when refused or answered (a ping)."""
        mid = msg.get("id")
        auth = self.settings.get("cardgames_tables_auth")
        try:
            if not self._from_kernel(auth):
                raise NotAKernel()
            check_mid(mid)
            student, name = identify(self, auth, msg.get("student"), msg.get("name"))
            if not self._allowed(student):
                raise RateLimited()
            if self.read_only != (msg.get("kind") == "progress"):
                raise UnknownKind(msg.get("kind"))
            if self.read_only:            # the student's own progress: read, nothing stored
                lesson = checks.progress_payload(msg.get("payload"))["lesson"]
                answer = checks.progress(class_store(self.settings), student, lesson)
                self.finish(json.dumps({"id": mid, "ok": True, "answer": answer}))
                return
            kind = self.kinds.get(str(msg.get("kind")))
            if kind is None:
                raise UnknownKind(msg.get("kind"))
            payload = kind.check(msg.get("payload"))
            if kind.name == "ping":
                self.finish(json.dumps({"id": mid, "ok": True, "answer": {}}))
                return None
            store = class_store(self.settings)
            if kind.schema:
                store.ensure(kind.schema)
        except CardgamesError as e:
            self._refuse(e, mid)
            return None
        return mid, student, name, kind, payload, store

    def _submit(self, mid: Any, student: str, name: str | None, kind: Kind,
                payload: dict[str, Any], store: ClassStore) -> None:
        try:
            answer = store.submit(student, str(mid), kind.name, payload,
                                  lambda db, p: kind.apply(store, db, student, name, p),
                                  name=name)
        except CardgamesError as e:
            self._refuse(e, mid)
            return
        self.finish(json.dumps({"id": mid, "ok": True, "answer": answer}))


class ClassProgressHandler(ClassApiHandler):
    """``tables/api/class/progress``: a student's kernel reads the student's own progress
    on a lesson (issue 31: a reloaded page restores it).  The same envelope, checks and
    identity as ``send`` (a kernel on this server, or the hub user of the token; the
    student key's hash names the student, so only their own checks are read), kind
    ``progress``, payload ``{"lesson": "05"}``; the answer is
    :func:`classroom.tables.checks.progress`.  Nothing is stored."""

    read_only = True


def _parse(body: bytes) -> dict[str, Any]:
    try:
        msg = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise BadMessage(_("not JSON")) from None
    if not isinstance(msg, dict):
        raise BadMessage(_("a message is a JSON object"))
    for name in msg:
        if name not in _FIELDS:
            raise BadMessage(_("unknown field {field!r} in a {type!r} message").format(
                field=str(name)[:20], type="class"))
    for name in ("id", "kind", "payload"):
        if name not in msg:
            raise BadMessage(_("a {type!r} message needs the field {field!r}").format(
                type="class", field=name))
    if not isinstance(msg["payload"], dict):
        raise BadMessage(_("a message's payload is a JSON object"))
    return msg


def class_handlers(base_url: str, kinds: Mapping[str, Kind] | None = None
                   ) -> list[tuple[Any, ...]]:
    """The class API's routes under ``base_url`` (``"/"`` for ``make serve``), taking the
    messages of ``kinds`` (default: every kind, :func:`classroom.tables.kinds.class_kinds`)."""
    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    options = {"kinds": class_kinds() if kinds is None else kinds}
    return [(base + "tables/api/class/send", ClassApiHandler, options),
            (base + "tables/api/class/progress", ClassProgressHandler, options),
            (base + "tables/api/class/key", ClassKeyHandler)]


