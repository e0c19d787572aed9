"""The kinds of message the class link takes (issue 22), as one table the app builds
(issue 32: no module registers itself on import, so nothing imports its registrar back).

:func:`class_kinds` is that table: ``ping`` and ``name`` (the envelope only), ``check``
(an exercise's check, :mod:`classroom.tables.checks`) and the class experiments'
``experiment-seed`` and ``experiment-result`` (:mod:`classroom.tables.experiments`).
:func:`classroom.tables.routes.table_handlers` hands it to the class API's handlers
(:func:`classroom.tables.classapi.class_handlers`), which look a message's kind up in it.

>>> sorted(class_kinds())
['check', 'experiment-result', 'experiment-seed', 'name', 'ping']
>>> class_kinds()["ping"].check({})
{}
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from cardgames.i18n import gettext as _

from . import checks, experiments
from .errors import BadMessage
from .students import ClassStore

__all__ = ["Kind", "class_kinds"]


@dataclass(frozen=True)
class Kind:
    """A kind of message: ``check(payload) -> payload`` (validated; raises a
    ``CardgamesError``) and ``apply(store, db, student, name, payload) -> answer`` (in the
    submission's transaction; raises a ``CardgamesError`` to refuse); ``schema``: its
    tables (``CREATE ... IF NOT EXISTS``), made in the store before its first message."""

    name: str
    check: Callable[[Any], dict[str, Any]]
    apply: Callable[[ClassStore, sqlite3.Connection, str, str | None, dict[str, Any]],
                    dict[str, Any]]
    schema: str = ""
    #: ``async prepare(store, student, payload, lang) -> payload``: slow work (a re-run)
    #: after the cheap checks and before the transaction, off the event loop
    prepare: Callable[[ClassStore, str, dict[str, Any], str],
                      Awaitable[dict[str, Any]]] | None = None


def _check_ping(payload: Any) -> dict[str, Any]:
    if payload != {}:
        raise BadMessage(_("a ping has an empty payload"))
    return {}


def _apply_ping(store: ClassStore, db: sqlite3.Connection, student: str, name: str | None,
                payload: dict[str, Any]) -> dict[str, Any]:
    return {}


def _apply_check(store: ClassStore, db: sqlite3.Connection, student: str, name: str | None,
                 payload: dict[str, Any]) -> dict[str, Any]:
    return checks.record(db, student, payload)


def _check_result(payload: Any) -> dict[str, Any]:
    return experiments.check_result_payload(payload, rerun=False)


def class_kinds() -> Mapping[str, Kind]:
    """Every kind of message the class API takes, by name (read-only)."""
    kinds = [
        Kind("ping", _check_ping, _apply_ping),
        #: ``name``: only the envelope's display name is stored (the student's row).
        Kind("name", _check_ping, _apply_ping),
        Kind("check", checks.check_payload, _apply_check, checks.SCHEMA),
        Kind(experiments.KIND_SEED, experiments.check_seed_payload,
             experiments.apply_seed, experiments.SCHEMA),
        Kind(experiments.KIND_RESULT, _check_result, experiments.apply_result,
             experiments.SCHEMA, experiments.prepare_result),
    ]
    return MappingProxyType({k.name: k for k in kinds})
