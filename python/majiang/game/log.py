"""Event logs as JSON Lines: one event (a JSON object with an ``event`` key) per line.

Example:
    >>> import io
    >>> buf = io.StringIO()
    >>> write_events(buf, [{"event": "draw", "seat": 1, "tile": "5m"}])
    >>> list(read_events(io.StringIO(buf.getvalue())))
    [{'event': 'draw', 'seat': 1, 'tile': '5m'}]
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from majiang.errors import ReplayError, quoted

__all__ = ["EventSource", "read_events", "write_events"]

EventSource = (
    str
    | os.PathLike[str]
    | IO[str]
    | IO[bytes]
    | Iterable[str]
    | Iterable[bytes]
    | Iterable[Mapping[str, Any]]
)
"""A log: a path, an open file (text or binary), JSON lines, or events already parsed."""


def write_events(
    target: str | os.PathLike[str] | IO[str], events: Iterable[Mapping[str, Any]]
) -> None:
    """Write ``events`` as JSON Lines to a path (created or truncated) or an open text file.

    Example:
        >>> import io
        >>> buf = io.StringIO(); write_events(buf, [{"event": "draw-game"}]); buf.getvalue()
        '{"event": "draw-game"}\\n'
    """
    if isinstance(target, str | os.PathLike):
        with Path(target).open("w", encoding="utf-8") as f:
            write_events(f, events)
        return
    for event in events:
        target.write(json.dumps(event, ensure_ascii=False) + "\n")


def read_events(source: EventSource) -> Iterator[dict[str, Any]]:
    """The events of a log, one dict each; ReplayError naming the line of anything that is
    not a JSON object with an ``event`` key: not UTF-8 text, not JSON, nested too deeply.
    Blank lines are skipped. A path is read as bytes, so a line that is not UTF-8 is named
    exactly; lines may also be given as ``bytes``.

    Example:
        >>> import io
        >>> list(read_events(io.StringIO('{"event": "draw-game"}\\n\\n[1]\\n')))
        Traceback (most recent call last):
        ...
        majiang.errors.ReplayError: line 3: expected an event object, got [1]
        >>> list(read_events([b'{"event": "draw-game"}', b"\\xff"]))
        Traceback (most recent call last):
        ...
        majiang.errors.ReplayError: line 2: not UTF-8 text (byte 0xff at column 1)
    """
    if isinstance(source, str | os.PathLike):
        try:
            with Path(source).open("rb") as f:
                yield from read_events(f)
        except OSError as e:
            raise ReplayError(f"cannot read {os.fspath(source)}: {e.strerror}") from None
        return
    lines = iter(source)
    number = 0
    while True:
        number += 1
        try:
            item = next(lines)
        except StopIteration:
            return
        except UnicodeDecodeError as e:  # a text stream that is not UTF-8
            raise ReplayError(f"line {number}: not UTF-8 text ({e.reason})") from None
        if isinstance(item, bytes | bytearray):
            try:
                item = bytes(item).decode("utf-8")
            except UnicodeDecodeError as e:
                byte = item[e.start]
                raise ReplayError(
                    f"line {number}: not UTF-8 text (byte {byte:#04x} at column {e.start + 1})"
                ) from None
        if isinstance(item, str):
            if not item.strip():
                continue
            try:
                item = json.loads(item)
            except RecursionError:
                raise ReplayError(f"line {number}: not JSON (nested too deeply)") from None
            except ValueError as e:  # JSONDecodeError, or a number too long to read
                reason = e.msg if isinstance(e, json.JSONDecodeError) else str(e)
                raise ReplayError(f"line {number}: not JSON ({reason})") from None
        if not isinstance(item, Mapping) or not isinstance(item.get("event"), str):
            raise ReplayError(f"line {number}: expected an event object, got {quoted(item)}")
        yield dict(item)
