"""The table server's JSON frames: parsing and checking what a client sends, building what
the server sends. Protocol ``majiang.server/1`` (docs/server.md has every frame).

A client frame is one JSON object with a ``type`` and that type's fields, nothing else (an
optional ``id`` on any frame, echoed in the reply). :func:`parse_frame` checks the text, its
size, the JSON and every field, and raises :class:`ProtocolError` (a ``MajiangError`` and
``ValueError``) with a code and a message naming what is wrong; it never raises anything else.

Example:
    >>> parse_frame('{"type": "ready"}')
    {'type': 'ready'}
    >>> parse_frame('{"type": "act", "action": {"type": "pass"}, "id": 7}')
    {'type': 'act', 'action': {'type': 'pass'}, 'id': 7}
    >>> parse_frame('{"type": "dance"}')
    Traceback (most recent call last):
    ...
    majiang.server.protocol.ProtocolError: bad_frame: unknown frame type 'dance'
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import Any

from majiang.errors import MajiangError
from majiang.variants import get_variant

__all__ = [
    "CLIENT_FRAMES",
    "MAX_FRAME",
    "MAX_HANDS",
    "MAX_WATCH_DELAY",
    "PROTOCOL",
    "SEAT_KINDS",
    "ProtocolError",
    "ServerConfigError",
    "error_frame",
    "parse_frame",
]

PROTOCOL = "majiang.server/1"
"""The protocol name and version sent in the ``welcome`` frame."""

MAX_FRAME = 16 * 1024
"""The largest client frame accepted, in bytes of UTF-8 (a larger one is refused)."""

MAX_HANDS = 64
"""The longest match a room may be created for."""

MAX_TIME_LIMIT = 3600.0

CLAIM_WINDOW = 1.0
"""Seconds a claim window lasts at least when a ``create`` frame does not say (the server's
default, ``majiang serve --claim-window``): every discard and added kong waits this long,
whether or not anyone may claim it."""

MAX_CLAIM_WINDOW = 30.0
"""The longest ``claim_window`` a room may ask for, in seconds."""

MAX_WATCH_DELAY = 600.0
"""The longest ``watch_delay`` a room may ask for, in seconds: spectators see each frame
that long after it happened."""
SEAT_KINDS = ("person", "bot")
_MAX_TEXT = 128
_MAX_DEPTH = 8


class ProtocolError(MajiangError, ValueError):
    """A client frame that is not valid: ``code`` (machine-readable) and the message.

    Example:
        >>> str(ProtocolError("bad_json", "not JSON"))
        'bad_json: not JSON'
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ServerConfigError(MajiangError, ValueError):
    """A server that cannot start as asked: a database that is not SQLite or cannot be
    opened, an allowed origin that is not an origin.

    Example:
        >>> str(ServerConfigError("--db x: not a SQLite database"))
        '--db x: not a SQLite database'
    """


def error_frame(code: str, message: str, ref: object = None) -> dict[str, Any]:
    """The server's ``error`` frame (``id`` echoes the client frame's, when it had one).

    Example:
        >>> error_frame("stale", "answers event 3", 3)
        {'type': 'error', 'code': 'stale', 'message': 'answers event 3', 'id': 3}
    """
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        frame["id"] = ref
    return frame


def _bad(message: str) -> ProtocolError:
    return ProtocolError("bad_frame", message)


def _text(name: str, value: object, limit: int = _MAX_TEXT) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise _bad(f"{name} must be a non-empty string of at most {limit} characters")
    return value


def _int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(f"{name} must be an integer from {low} to {high}")
    return value


def _depth(value: object, level: int = 0) -> int:
    if level > _MAX_DEPTH:
        return level
    if isinstance(value, Mapping):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def _object(name: str, value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(f"{name} must be a JSON object")
    if _depth(value) > _MAX_DEPTH:
        raise _bad(f"{name} is nested too deeply")
    return value


def _table_seats(variant: str) -> int:
    """The seats of the variant's table (4 for a name the room will refuse anyway)."""
    try:
        return get_variant(variant).table.seats
    except MajiangError:
        return 4


def _create(f: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "create"}
    out["variant"] = _text("variant", f.get("variant", "nanchang"), 32)
    out["options"] = _object("options", f.get("options", {}))
    out["hands"] = _int("hands", f.get("hands", 1), 1, MAX_HANDS)
    seats = f.get("seats", ["person", "bot", "bot", "bot"])
    # two to four: the room holds the count to the variant's table
    if (
        not isinstance(seats, list)
        or not 2 <= len(seats) <= 4
        or any(s not in SEAT_KINDS for s in seats)
    ):
        raise _bad(f"seats must be a list of two to four of {list(SEAT_KINDS)}")
    if "seats" not in f:  # the default: one person, a bot in each other seat of the table
        seats = seats[: _table_seats(out["variant"])]
    out["seats"] = list(seats)
    limit = f.get("time_limit", 30)
    if (
        isinstance(limit, bool)
        or not isinstance(limit, (int, float))
        or not math.isfinite(limit)
        or not 0 <= limit <= MAX_TIME_LIMIT
    ):
        raise _bad(f"time_limit must be a number of seconds from 0 (none) to {MAX_TIME_LIMIT:g}")
    out["time_limit"] = float(limit)
    if "claim_window" in f:  # else the server's default
        out["claim_window"] = claim_window(f["claim_window"])
    if "watch_delay" in f:
        out["watch_delay"] = watch_delay(f["watch_delay"])
    for name, least in (("stake", 1), ("hand_cap", 0), ("match_cap", 0)):
        if name in f:  # RoomConfig's common names for the variant's stake and caps
            out[name] = _int(name, f[name], least, 10**6)
    return out


def claim_window(window: object) -> float:
    """A claim window's length in seconds, 0 to :data:`MAX_CLAIM_WINDOW` (ProtocolError
    ``bad_frame`` otherwise).

    Example:
        >>> claim_window(2), claim_window(0.5)
        (2.0, 0.5)
    """
    if (
        isinstance(window, bool)
        or not isinstance(window, (int, float))
        or not math.isfinite(window)
        or not 0 <= window <= MAX_CLAIM_WINDOW
    ):
        raise _bad(f"claim_window must be a number of seconds from 0 to {MAX_CLAIM_WINDOW:g}")
    return float(window)


def watch_delay(delay: object) -> float:
    """A room's spectator delay in seconds, 0 to :data:`MAX_WATCH_DELAY` (ProtocolError
    ``bad_frame`` otherwise).

    Example:
        >>> watch_delay(30)
        30.0
    """
    if (
        isinstance(delay, bool)
        or not isinstance(delay, (int, float))
        or not math.isfinite(delay)
        or not 0 <= delay <= MAX_WATCH_DELAY
    ):
        raise _bad(f"watch_delay must be a number of seconds from 0 to {MAX_WATCH_DELAY:g}")
    return float(delay)


def _watch(f: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "watch", "room": _text("room", f.get("room"), 64)}
    if "since" in f:
        out["since"] = _int("since", f["since"], 0, 2**31)
    return out


def _join(f: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "join", "room": _text("room", f.get("room"), 64)}
    if "seat" in f:
        out["seat"] = _int("seat", f["seat"], 0, 3)
    if "token" in f:
        out["token"] = _text("token", f["token"])
    if "auth" in f:  # a signed join token (majiang.server.join_tokens)
        out["auth"] = _text("auth", f["auth"], 2048)
    if "since" in f:
        out["since"] = _int("since", f["since"], 0, 2**31)
    if "lean" in f:
        if not isinstance(f["lean"], bool):
            raise _bad("lean must be true or false")
        out["lean"] = f["lean"]
    return out


def _resync(f: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "resync"}
    if "since" in f:
        out["since"] = _int("since", f["since"], 0, 2**31)
    return out


def _act(f: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "act", "action": _object("action", f.get("action"))}
    if "seq" in f:
        out["seq"] = _int("seq", f["seq"], 0, 2**31)
    return out


def _auto(f: Mapping[str, Any]) -> dict[str, Any]:
    on = f.get("on")
    if not isinstance(on, bool):
        raise _bad("on must be true or false")
    return {"type": "auto", "on": on}


def _bare(kind: str) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    return lambda f: {"type": kind}


CLIENT_FRAMES: dict[str, tuple[frozenset[str], Callable[[Mapping[str, Any]], dict[str, Any]]]] = {
    "create": (
        frozenset(
            {
                "variant",
                "options",
                "hands",
                "seats",
                "time_limit",
                "claim_window",
                "stake",
                "hand_cap",
                "match_cap",
                "watch_delay",
            }
        ),
        _create,
    ),
    "join": (frozenset({"room", "seat", "token", "since", "lean", "auth"}), _join),
    "watch": (frozenset({"room", "since"}), _watch),
    "ready": (frozenset(), _bare("ready")),
    "act": (frozenset({"action", "seq"}), _act),
    "resync": (frozenset({"since"}), _resync),
    "auto": (frozenset({"on"}), _auto),
    "ping": (frozenset(), _bare("ping")),
}
"""Each client frame type: the fields it may have (besides ``type`` and ``id``) and its
checker."""


_UNCHECKED_TEXT = ("token", "id")  # a token only matches or not; an id is echoed escaped


def _unicode(value: object) -> bool:
    """Every string in ``value`` (keys too) is valid Unicode (no lone surrogate)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def parse_frame(data: str | bytes, limit: int = MAX_FRAME) -> dict[str, Any]:
    """One client frame, checked; :class:`ProtocolError` (``too_large``, ``bad_json`` or
    ``bad_frame``) for anything else.

    Example:
        >>> parse_frame('{"type": "join", "room": "r1", "seat": 2}')
        {'type': 'join', 'room': 'r1', 'seat': 2}
        >>> parse_frame('{"type": "join", "room": "r1", "seat": 9}')
        Traceback (most recent call last):
        ...
        majiang.server.protocol.ProtocolError: bad_frame: seat must be an integer from 0 to 3
        >>> parse_frame("{nope")
        Traceback (most recent call last):
        ...
        majiang.server.protocol.ProtocolError: bad_json: the frame is not a JSON object
    """
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ProtocolError("too_large", f"the frame has {size} bytes, at most {limit} allowed")
    try:
        frame = json.loads(data, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as e:
        raise ProtocolError("bad_json", "the frame is not a JSON object") from e
    if not isinstance(frame, dict):
        raise ProtocolError("bad_json", "the frame is not a JSON object")
    kind = frame.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_FRAMES:
        shown = kind if isinstance(kind, str) and len(kind) <= 32 else "?"
        raise _bad(f"unknown frame type {shown!r}")
    if not _unicode({k: v for k, v in frame.items() if k not in _UNCHECKED_TEXT}):
        raise _bad("the frame holds a lone surrogate (\\ud800-\\udfff): not valid Unicode")
    allowed, check = CLIENT_FRAMES[kind]
    extra = sorted(k for k in frame if k not in allowed and k not in ("type", "id"))
    if extra:
        raise _bad(f"{kind} frame has unknown field {extra[0][:32]!r}")
    out = check(frame)
    if "id" in frame:
        ref = frame["id"]
        if not (isinstance(ref, str) and len(ref) <= 64) and not (
            isinstance(ref, int) and not isinstance(ref, bool) and abs(ref) < 2**53
        ):
            raise _bad("id must be a string of at most 64 characters or an integer")
        out["id"] = ref
    return out
