"""The table server's structured logs: one JSON object a line per event, through the
standard :mod:`logging` (logger ``majiang.server.events``) with :class:`JsonFormatter`.

An event is a name and a few fields (docs/server.md, "Logs"): ids, seats, counts, codes,
action types. What a log line may hold is decided here, not by the caller: only the fields
:data:`FIELDS` names, each of its own kind (a number, a bool, a name in lower case, an id
of at most 128 characters, a list of numbers). So no tile, no token and no message text a
client wrote can reach a log line.

Example:
    >>> import io
    >>> out = io.StringIO()
    >>> handler = logging.StreamHandler(out)
    >>> handler.setFormatter(JsonFormatter(clock=lambda: 0.0))
    >>> EVENTS.addHandler(handler); EVENTS.setLevel(logging.INFO)
    >>> log_event("seat_joined", room="r1", seat=2, token="secret!")
    >>> EVENTS.removeHandler(handler); EVENTS.setLevel(logging.NOTSET)
    >>> out.getvalue()
    '{"ts": 0.0, "level": "info", "event": "seat_joined", "room": "r1", "seat": 2}\\n'
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import traceback
from collections.abc import Callable
from typing import IO, Any

__all__ = ["EVENTS", "FIELDS", "JsonFormatter", "configure", "log_event"]

EVENTS = logging.getLogger("majiang.server.events")
"""The logger of the server's events (INFO), under ``majiang.server``."""

_WORD = re.compile(r"[a-z][a-z0-9_-]{0,63}")  # a name: never a tile (they start with a digit)


def _word(v: object) -> bool:
    return isinstance(v, str) and _WORD.fullmatch(v) is not None


def _text(v: object) -> bool:
    return isinstance(v, str) and len(v) <= 128


def _int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _ints(v: object) -> bool:
    return isinstance(v, (list, tuple)) and all(_int(x) for x in v)


def _kinds(v: object) -> bool:
    return isinstance(v, (list, tuple)) and all(x in ("person", "bot") for x in v)


FIELDS: dict[str, Callable[[object], bool]] = {
    "room": _text,  # room id (public: the lobby lists them)
    "seat": _int,
    "variant": _word,
    "hands": _int,
    "seats": _kinds,  # the kind of each seat
    "address": _text,  # the client's address as the server sees it
    "user": _text,  # the user id of a signed join token (the operator's own)
    "reconnect": lambda v: isinstance(v, bool),
    "actor": _word,
    "action": _word,  # an action's type only: never its tiles
    "seq": _int,
    "events": _int,  # how many events an action caused
    "hand": _int,
    "deltas": _ints,
    "scores": _ints,
    "code": _word,  # an error frame's code
    "frame": _word,  # the type of the client frame that caused it
    "status": _word,
    "connections": _int,
    "db_ms": lambda v: isinstance(v, float),
    "limit": _int,
}
"""The fields a log line may carry, each with the check its value must pass (a field not
named, or a value that fails, is left out: a hand's tiles are not a number, a tile not a
name)."""


class JsonFormatter(logging.Formatter):
    """A log record as one JSON object: ``ts`` (Unix seconds), ``level``, ``event`` (the
    record's message for a record that is not an event, with ``logger``; an exception's
    type name and where it was raised, never its text, which could hold a frame's or a
    hand's content) and the event's fields."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.clock = clock

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {"ts": round(self.clock(), 3), "level": record.levelname.lower()}
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line["event"] = record.msg
            line |= {
                k: v for k, v in fields.items() if v is not None and k in FIELDS and FIELDS[k](v)
            }
        else:
            line["event"] = "log"
            line["logger"] = record.name
            line["message"] = record.getMessage()[:500]
            if record.exc_info and record.exc_info[0] is not None:
                kind, _, tb = record.exc_info
                line["exception"] = kind.__name__
                line["stack"] = [
                    f"{f.filename}:{f.lineno} in {f.name}" for f in traceback.extract_tb(tb)
                ]
        return json.dumps(line, ensure_ascii=False)


def log_event(name: str, level: int = logging.INFO, **fields: object) -> None:
    """Logs one event with its fields (only those :data:`FIELDS` allows are written)."""
    if EVENTS.isEnabledFor(level):
        EVENTS.log(level, name, extra={"fields": fields})


def configure(level: str = "warning", stream: IO[str] | None = None) -> logging.Handler:
    """Sends the ``majiang.server`` logs to ``stream`` (stderr) as JSON lines, at ``level``
    (``info``: every event; ``warning``: only what went wrong, the default of
    ``majiang serve``); returns the handler (to remove it again)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger("majiang.server")
    root.addHandler(handler)
    root.setLevel(level.upper())
    root.propagate = False
    return handler
