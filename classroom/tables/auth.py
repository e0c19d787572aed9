"""Who is the teacher (a token), and what a student may call themselves (issue 21).

Under ``make serve`` the teacher is whoever holds the **teacher token**: a random
secret made on the server's first start in ``data_dir()/teacher-token`` (read back on
every later start), printed by the server with the teacher's address.  Opening
``tables/teacher?token=...`` sets an HttpOnly, SameSite=Strict cookie holding it, so
the token leaves the address bar after the first visit; every teacher page and
teacher API compares the cookie (or ``?token=``) with the token in constant time.

On JupyterHub, ``classroom.tables.hub`` has a second class with the same methods.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> auth = TokenAuth.load(folder)
>>> auth.teacher_token() == TokenAuth.load(folder).teacher_token()     # made once
True
>>> check_name("  Ana  ")
'Ana'
>>> check_name("x" * 25)
Traceback (most recent call last):
...
classroom.tables.auth.DisplayNameError: a display name is 1-24 printable characters, not 25
"""

from __future__ import annotations

import hmac
import os
import secrets
import unicodedata
from pathlib import Path
from typing import Any

from cardgames.errors import CardgamesError
from cardgames.i18n import gettext as _

__all__ = ["COOKIE", "NAME_MAX", "TOKEN_FILE", "DisplayNameError", "TokenAuth", "check_name"]

#: The file of the teacher token in the service's data folder.
TOKEN_FILE = "teacher-token"
#: The teacher's cookie (HttpOnly, SameSite=Strict).
COOKIE = "cgteacher"
#: The longest display name, in characters.
NAME_MAX = 24
_TOKEN_MAX = 200


class DisplayNameError(CardgamesError):
    """A display name that is empty, too long or holds characters that do not print."""

    code = "bad-name"


def check_name(typed: object) -> str:
    """``typed`` trimmed (and NFC-normalised) if it is 1-:data:`NAME_MAX` printable
    characters; else :class:`DisplayNameError` saying why."""
    if not isinstance(typed, str):
        raise DisplayNameError(_("a display name is text, not {value!r}").format(value=typed))
    name = unicodedata.normalize("NFC", typed[: 4 * NAME_MAX + 16]).strip()
    if len(typed) > 4 * NAME_MAX + 16 or not 1 <= len(name) <= NAME_MAX:
        n = len(name) if len(typed) <= 4 * NAME_MAX + 16 else len(typed.strip())
        raise DisplayNameError(_("a display name is 1-{most} printable characters, not {n}")
                               .format(most=NAME_MAX, n=n))
    if not name.isprintable():
        raise DisplayNameError(_("a display name holds only printable characters (no line "
                                 "breaks, tabs or invisible characters)"))
    return name


def _data_dir() -> Path:
    try:
        from classroom.tables import data_dir
    except ImportError:     # pragma: no cover - the service's package not there yet
        env = os.environ.get("CARDGAMES_DATA_DIR", "").strip()
        if env:
            return Path(env)
        from jupyter_core.paths import jupyter_data_dir

        return Path(jupyter_data_dir()) / "cardgames"
    return Path(data_dir())


class TokenAuth:
    """The teacher token of ``make serve`` (see the module doc).

    ``TokenAuth(token)`` uses a given token (tests); :meth:`load` reads or makes the
    token file of a folder (default: the service's ``data_dir()``).
    """

    #: Students type their display name on the join page (on the hub they do not).
    names_typed = True

    def __init__(self, token: str) -> None:
        if not isinstance(token, str) or not 16 <= len(token) <= _TOKEN_MAX:
            raise ValueError("a teacher token is 16-200 characters of text")
        self._token = token

    @classmethod
    def load(cls, folder: Path | str | None = None) -> TokenAuth:
        """The token of ``folder/teacher-token``, made (``secrets.token_urlsafe(24)``,
        mode 0600) if the file is missing or empty."""
        folder = Path(folder) if folder is not None else _data_dir()
        path = folder / TOKEN_FILE
        try:
            token = path.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            token = ""
        if not token:
            folder.mkdir(parents=True, exist_ok=True)
            token = secrets.token_urlsafe(24)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(token + "\n")
        return cls(token)

    def teacher_token(self) -> str:
        return self._token

    def matches(self, offered: object) -> bool:
        """Is ``offered`` the token (constant time; anything but short text: no)."""
        if not isinstance(offered, str) or not offered or len(offered) > _TOKEN_MAX:
            return False
        return hmac.compare_digest(offered.encode("utf-8", "replace"), self._token.encode())

    def offered_token(self, handler: Any) -> str:
        """The token of the request's ``?token=`` (else "")."""
        values = handler.request.query_arguments.get("token") or [b""]
        return values[0].decode("utf-8", "replace")

    def is_teacher(self, handler: Any) -> bool:
        """The request carries the token: the teacher's cookie or ``?token=``."""
        cookie = handler.request.cookies.get(COOKIE)
        if cookie is not None and self.matches(cookie.value):
            return True
        return self.matches(self.offered_token(handler))

    def remember(self, handler: Any, *, path: str = "/") -> None:
        """Set the teacher's cookie (HttpOnly, SameSite=Strict) on ``handler``'s answer."""
        handler.set_cookie(COOKIE, self._token, path=path, httponly=True, samesite="Strict",
                           expires_days=30)

    def display_name(self, handler: Any, typed: str) -> str:
        """The student's display name: what they typed, checked (:func:`check_name`)."""
        return check_name(typed)

    def check_socket(self, handler: Any) -> bool:
        """Under ``make serve`` a seat's socket needs only its seat secret."""
        return True

    def creator_key(self, code: str) -> str:
        """The key a student who made table ``code`` gets (a cookie) to start it:
        an HMAC of the code under the teacher token (nothing stored)."""
        return hmac.new(self._token.encode(), f"creator:{code}".encode(), "sha256").hexdigest()

    def is_creator(self, handler: Any, code: str) -> bool:
        cookie = handler.request.cookies.get(f"cgmade_{code}")
        return cookie is not None and hmac.compare_digest(
            cookie.value.encode("utf-8", "replace"), self.creator_key(code).encode())


def teacher_line(auth: Any, *, ip: str, port: int, base_url: str = "/") -> str:
    """The line the server prints at its start: the teacher's page with the token.

    >>> teacher_line(TokenAuth("t" * 32), ip="127.0.0.1", port=8866)
    "[classroom] Teacher's page: http://127.0.0.1:8866/tables/teacher?token=tttttttttttttttttttttttttttttttt"
    """
    host = ip
    if ip in ("", "0.0.0.0", "::", "*"):
        from .pagebase import lan_ip

        host = lan_ip() or "127.0.0.1"
    base = base_url if base_url.endswith("/") else base_url + "/"
    return (f"[classroom] Teacher's page: http://{host}:{port}{base}tables/teacher"
            f"?token={auth.teacher_token()}")
