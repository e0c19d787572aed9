"""The table service as a JupyterHub managed service: who is who there (issue 21).

``python -m classroom.tables`` (:mod:`classroom.tables.__main__`) started by the hub
(``c.JupyterHub.services`` in ``deploy/jupyterhub/jupyterhub_config.py``) serves the
same routes as ``make serve`` (``routes.table_handlers``) under the service's prefix
``/services/cardgames-tables/``, with :class:`HubTablesAuth` in place of the teacher
token of :class:`classroom.tables.auth.TokenAuth` (the same methods):

* **browser pages** (join, teacher, replay, their JSON): the hub's log-in, through
  OAuth (``HubOAuth``): a page opened without the service's cookie redirects to the
  hub, which sends the browser back to ``<prefix>oauth_callback`` (with
  ``oauth_no_confirm`` no question is asked), which sets the cookie.  The display
  name is the hub user's name; what the student typed is ignored.
* **the teacher's pages** need the custom scope :data:`TEACH_SCOPE`
  (``custom:cardgames-tables:teach``, granted by a role to the teachers; the service's
  OAuth tokens may carry it: ``oauth_client_allowed_scopes``) or a hub admin (read
  with the service's own token, role scope ``read:users``).
* **a seat's websocket** (the student's kernel, never the browser) must carry
  ``Authorization: token <JUPYTERHUB_API_TOKEN>`` of the student's own server; the
  hub says whose token it is (``HubAuth.user_for_token``), and the seat named in the
  first frame (``hello``) must be that user's seat: a token of bob cannot take
  alice's seat, even with her seat's key (:class:`NotYourSeat`, close code 4403).
  A socket without a valid token is refused before the upgrade (HTTP 403).

:func:`hub_handlers` wraps the table routes so that each page learns its hub user
before it runs (asynchronously: the hub's answer is awaited, never waited for on the
loop), and adds the OAuth callback and the service's home page.

>>> hub_display_name("  alice ")
'alice'
>>> hub_display_name("x" * 30) == "x" * 24
True
>>> teach_scope("cardgames-tables")
'custom:cardgames-tables:teach'
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import time
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import quote

from jupyterhub.services.auth import (
    HubOAuth,
    HubOAuthCallbackHandler,
    HubOAuthenticated,
    check_scopes,
)
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.httputil import url_concat
from tornado.routing import URLSpec
from tornado.websocket import WebSocketHandler

from cardgames.errors import CardgamesError
from cardgames.i18n import gettext as _

__all__ = ["SERVICE_NAME", "TEACH_SCOPE", "HubTablesAuth", "NotYourSeat", "hub_display_name",
           "hub_handlers", "teach_scope"]

log = logging.getLogger("cardgames.tables.hub")

#: The service's name in ``c.JupyterHub.services`` (its URL: ``/services/<name>/``).
SERVICE_NAME = "cardgames-tables"
#: The longest display name (as ``classroom.tables.auth.NAME_MAX``).
NAME_MAX = 24
#: The websocket's close code when a seat is not the token's user's.
CLOSE_NOT_YOURS = 4403
#: Seconds the hub's answer "is this user an admin?" is kept.
ADMIN_CACHE_SECONDS = 60.0
_HELLO_MAX = 4096


def teach_scope(service_name: str = SERVICE_NAME) -> str:
    """The custom scope that opens the teacher's pages of the service ``service_name``."""
    return f"custom:{service_name}:teach"


#: The custom scope of the teacher's pages (define it in ``c.JupyterHub.custom_scopes``).
TEACH_SCOPE = teach_scope()


class NotYourSeat(CardgamesError):
    """A seat's socket whose hub token belongs to another user than the seat's."""

    code = "not-your-seat"

    def __init__(self, table: str, seat: object) -> None:
        super().__init__(_("seat {seat} at table {code} belongs to another user of the hub: "
                           "open the table from your own log-in").format(seat=seat, code=table))


def hub_display_name(name: object) -> str:
    """A hub user's name as a seat's display name: trimmed, NFC, printable characters
    only, at most :data:`NAME_MAX` characters (hub names are rarely longer)."""
    text = unicodedata.normalize("NFC", str(name)).strip()
    text = "".join(ch for ch in text if ch.isprintable())
    return text[:NAME_MAX] or "?"


AdminCheck = Callable[[str], Awaitable[bool]]


class HubTablesAuth:
    """The tables' auth on JupyterHub (the methods of ``TokenAuth``; see the module doc).

    ``hub_auth``: the :class:`HubOAuth` (default: from the service's environment,
    ``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_CLIENT_ID``, ...).  ``admin_check``: an
    ``async name -> bool`` (default: ask the hub's API with the service's token).
    ``secret``: the key of the table-creator cookies (the service's cookie secret).
    """

    #: No display name is typed on the hub: a seat's name is the hub user's (the join
    #: page says "You join as <user>" instead of asking).
    names_typed = False

    def __init__(self, *, hub_auth: HubOAuth | None = None, scope: str | None = None,
                 admin_check: AdminCheck | None = None, secret: bytes | None = None) -> None:
        self.hub_auth = hub_auth if hub_auth is not None else HubOAuth.instance()
        name = os.environ.get("JUPYTERHUB_SERVICE_NAME", "") or SERVICE_NAME
        self.scope = scope or teach_scope(name)
        self._admin_check = admin_check or self._ask_hub_admin
        self._admins: dict[str, tuple[float, bool]] = {}
        self._secret = secret or os.urandom(32)

    # ------------------------------------------------------------ who is asking
    def _access_ok(self, model: dict[str, Any]) -> bool:
        """The browser's token may use this service (``access:services!service=...``,
        which every user has through ``extra_user_scopes``, a teacher through the role)."""
        wanted = self.hub_auth.access_scopes
        return not wanted or bool(check_scopes(wanted, set(model.get("scopes", ()))))

    async def identify(self, handler: Any) -> dict[str, Any] | None:
        """The hub user of a browser request (token header or the service's OAuth cookie;
        a cookie-authenticated POST needs the hub's XSRF token), remembered on the
        handler with whether they are a teacher; ``None``: not logged in (or no access)."""
        if hasattr(handler, "_cardgames_hub_user"):
            return handler._cardgames_hub_user
        model = await self.hub_auth.get_user(handler, sync=False)
        if model is not None and (model.get("kind", "user") != "user"
                                  or not self._access_ok(model)):
            model = None
        teacher = False
        if model is not None:
            teacher = self.scope in set(model.get("scopes", ())) or \
                await self._is_admin(model["name"])
        handler._cardgames_hub_user = model
        handler._cardgames_hub_teacher = teacher
        return model

    async def identify_socket(self, handler: Any) -> dict[str, Any] | None:
        """The hub user whose token the socket's ``Authorization`` header carries (the
        student's server's ``JUPYTERHUB_API_TOKEN``); cookies are not looked at."""
        if hasattr(handler, "_cardgames_socket_user"):
            return handler._cardgames_socket_user
        header = handler.request.headers.get("Authorization", "")
        match = self.hub_auth.auth_header_pat.match(header)
        model = None
        if match and len(match.group(1)) <= 512:
            model = await self.hub_auth.user_for_token(match.group(1).strip(), sync=False)
        if model is not None and model.get("kind", "user") != "user":
            model = None
        handler._cardgames_socket_user = model
        return model

    async def _is_admin(self, name: str) -> bool:
        now = time.monotonic()
        hit = self._admins.get(name)
        if hit is not None and now - hit[0] < ADMIN_CACHE_SECONDS:
            return hit[1]
        try:
            admin = bool(await self._admin_check(name))
        except (HTTPClientError, OSError, ValueError) as e:
            log.warning("cardgames: could not ask the hub whether %s is an admin: %s", name, e)
            return False
        self._admins[name] = (now, admin)
        return admin

    async def _ask_hub_admin(self, name: str) -> bool:
        """``GET <hub api>/users/<name>`` with the service's token (``read:users``)."""
        url = self.hub_auth.api_url.rstrip("/") + "/users/" + quote(name, safe="")
        request = HTTPRequest(url, headers={"Authorization": f"token {self.hub_auth.api_token}"},
                              request_timeout=10)
        try:
            response = await AsyncHTTPClient().fetch(request)
        except HTTPClientError as e:
            if e.code in (403, 404):
                return False
            raise
        return bool(json.loads(response.body).get("admin", False))

    def login_url(self, handler: Any) -> str:
        """The hub's OAuth address for ``handler``'s page (sets the OAuth state cookie,
        with PKCE), to which the hub sends the browser back after its log-in."""
        params: dict[str, str] = {}
        verifier = None
        if getattr(self.hub_auth, "pkce_enabled", False):
            verifier, challenge, method = self.hub_auth.generate_pkce_code_challenge()
            params.update(code_challenge=challenge, code_challenge_method=method)
        params["state"] = self.hub_auth.set_state_cookie(
            handler, next_url=handler.request.uri, code_verifier=verifier)
        return url_concat(self.hub_auth.login_url, params)

    def _user(self, handler: Any) -> dict[str, Any] | None:
        if not hasattr(handler, "_cardgames_hub_user"):   # not through hub_handlers
            model = self.hub_auth.get_user(handler)
            handler._cardgames_hub_user = model
            handler._cardgames_hub_teacher = model is not None and self.scope in set(
                model.get("scopes", ()))
        return handler._cardgames_hub_user

    def user_name(self, handler: Any) -> str | None:
        """The hub user's name of a browser request, or ``None``."""
        model = self._user(handler)
        return None if model is None else str(model["name"])

    # ------------------------------------------------------------ TokenAuth's methods
    def is_teacher(self, handler: Any) -> bool:
        """A hub user with :attr:`scope` or a hub admin."""
        return self._user(handler) is not None and bool(handler._cardgames_hub_teacher)

    def display_name(self, handler: Any, typed: str) -> str:
        """The hub user's name (what was typed is ignored)."""
        model = self._user(handler)
        if model is None:
            raise web.HTTPError(403, "not logged in to the hub")
        return hub_display_name(model["name"])

    def check_socket(self, handler: Any) -> bool:
        """The socket carries a valid hub token (checked by :func:`hub_handlers`'s
        wrapper before the upgrade; checked here, blocking, if it was not)."""
        if not hasattr(handler, "_cardgames_socket_user"):
            header = handler.request.headers.get("Authorization", "")
            match = self.hub_auth.auth_header_pat.match(header)
            model = self.hub_auth.user_for_token(match.group(1).strip()) if match else None
            handler._cardgames_socket_user = (
                model if model is not None and model.get("kind", "user") == "user" else None)
        return handler._cardgames_socket_user is not None

    def socket_name(self, handler: Any) -> str | None:
        """The display name of the socket's hub user (``None``: no valid token)."""
        model = getattr(handler, "_cardgames_socket_user", None)
        return None if model is None else hub_display_name(model["name"])

    def teacher_token(self) -> str:
        """There is no teacher token on the hub (the teacher logs in): ``""``."""
        return ""

    def matches(self, offered: object) -> bool:
        """No token opens the teacher's pages on the hub."""
        return False

    def offered_token(self, handler: Any) -> str:
        return ""

    def remember(self, handler: Any, *, path: str = "/") -> None:
        """Nothing to remember: the hub's OAuth cookie is the teacher's."""

    def creator_key(self, code: str) -> str:
        """The key of the student who made table ``code`` (an HMAC under the service's
        secret, as ``TokenAuth.creator_key`` under the teacher token)."""
        return hmac.new(self._secret, f"creator:{code}".encode(), "sha256").hexdigest()

    def is_creator(self, handler: Any, code: str) -> bool:
        cookie = handler.request.cookies.get(f"cgmade_{code}")
        return cookie is not None and hmac.compare_digest(
            cookie.value.encode("utf-8", "replace"), self.creator_key(code).encode())

    # ------------------------------------------------------------ the seat's owner
    def check_hello(self, handler: Any, message: Any, service: Any) -> NotYourSeat | None:
        """The refusal of a socket's first frame naming a student's seat whose name is
        not the token's user's; ``None`` if it is theirs, or if the frame is not a
        readable hello (the service itself refuses those)."""
        if not isinstance(message, str) or len(message) > _HELLO_MAX:
            return None
        try:
            hello = json.loads(message)
        except ValueError:
            return None
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return None
        code, seat = hello.get("table"), hello.get("seat")
        if not isinstance(code, str) or not isinstance(seat, int) or isinstance(seat, bool):
            return None
        try:
            seats = service.welcome(code, seat)["seats"]
        except (CardgamesError, KeyError, IndexError, TypeError):
            return None
        if not 0 <= seat < len(seats):
            return None
        owner = seats[seat]
        if owner.get("kind") == "student" and owner.get("name") == self.socket_name(handler):
            return None
        return NotYourSeat(code.strip().upper()[:12], seat)


# ---------------------------------------------------------------- the routes on the hub
class _HubBrowser(HubOAuthenticated):  # type: ignore[misc]
    """A browser's page of the service: JupyterHub's XSRF token and check (tied to the
    OAuth cookie), with the auth's HubOAuth.  Being ``HubAuthenticated`` also keeps
    HubOAuth from patching tornado's own XSRF methods for every handler of the process."""

    @property
    def hub_auth(self) -> HubOAuth:
        return self.settings["cardgames_tables_auth"].hub_auth  # type: ignore[attr-defined]

    @hub_auth.setter
    def hub_auth(self, value: object) -> None:
        pass


class _HubPage(_HubBrowser):
    """Before a page runs: its hub user (else the hub's log-in, or 403 for an API or a
    POST)."""

    async def prepare(self) -> None:
        auth = self.settings["cardgames_tables_auth"]  # type: ignore[attr-defined]
        if await auth.identify(self) is None:
            request = self.request  # type: ignore[attr-defined]
            if request.method in ("GET", "HEAD") and "/api/" not in request.path:
                self.redirect(auth.login_url(self))  # type: ignore[attr-defined]
                return
            raise web.HTTPError(403, "log in to the hub first")
        result = super().prepare()  # type: ignore[misc]
        if result is not None:
            await result


class _HubSocket:
    """Before the upgrade: the hub token (else HTTP 403); the first frame: the seat is
    the token's user's (else an error frame and close 4403)."""

    _cardgames_hello_seen = False

    async def prepare(self) -> None:
        auth = self.settings["cardgames_tables_auth"]  # type: ignore[attr-defined]
        if await auth.identify_socket(self) is None:
            raise web.HTTPError(403, "a seat's socket needs the hub token of your server")
        result = super().prepare()  # type: ignore[misc]
        if result is not None:
            await result

    def on_message(self, message: Any) -> Any:
        if not self._cardgames_hello_seen:
            self._cardgames_hello_seen = True
            auth = self.settings["cardgames_tables_auth"]  # type: ignore[attr-defined]
            refusal = auth.check_hello(self, message, self.settings["cardgames_tables"])  # type: ignore[attr-defined]
            if refusal is not None:
                log.warning("cardgames: %s refused: %s", auth.socket_name(self), refusal)
                self.write_message(json.dumps(  # type: ignore[attr-defined]
                    {"type": "error", "code": refusal.code, "message": str(refusal)}))
                self.close(CLOSE_NOT_YOURS, refusal.code)  # type: ignore[attr-defined]
                return None
        return super().on_message(message)  # type: ignore[misc]


class HomeHandler(_HubBrowser, web.RequestHandler):
    """The service's own address (the hub's Services menu links to it): the teacher's
    page for a teacher, else the page to type a table's code."""

    async def get(self) -> None:
        auth = self.settings["cardgames_tables_auth"]
        if await auth.identify(self) is None:
            self.redirect(auth.login_url(self))
            return
        base = self.settings["cardgames_tables_prefix"]
        self.redirect(base + ("tables/teacher" if auth.is_teacher(self) else "tables/join"))


class OAuthCallbackHandler(_HubBrowser, HubOAuthCallbackHandler):  # type: ignore[misc]
    """The hub's OAuth callback (``<prefix>oauth_callback``), with the auth's HubOAuth."""


def _wrap(cls: type) -> type:
    if issubclass(cls, web.StaticFileHandler) or not issubclass(cls, web.RequestHandler):
        return cls
    mixin = _HubSocket if issubclass(cls, WebSocketHandler) else _HubPage
    return type(f"Hub{cls.__name__}", (mixin, cls), {})


def hub_handlers(prefix: str, specs: list[Any]) -> list[Any]:
    """The table routes ``specs`` (``routes.table_handlers(prefix)``) as the hub serves
    them (every page and the socket wrapped, see the module doc), with the OAuth
    callback at ``<prefix>oauth_callback`` and the home page at ``<prefix>``."""
    out: list[Any] = [(prefix + "oauth_callback", OAuthCallbackHandler),
                      (prefix + "?", HomeHandler)]
    for spec in specs:
        if isinstance(spec, URLSpec):
            spec.handler_class = _wrap(spec.handler_class)
            out.append(spec)
        else:
            pattern, cls, *rest = spec
            out.append((pattern, _wrap(cls), *rest))
    return out
