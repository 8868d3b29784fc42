"""Signed join tokens: the operator's own login service lets a user into a room's seat by
handing the client a token signed with the secret it shares with the table server
(``majiang serve --join-secret``, or the environment variable ``MAJIANG_JOIN_SECRET``).

A token is ``mj1.<payload>.<signature>``: the payload is the JSON object ``{"exp", "room",
"seat", "user"}`` (expiry in Unix seconds, room id, seat number or null for any free seat,
the operator's user id) in base64url without padding, and the signature is HMAC-SHA256 with
the secret over ``mj1.<payload>``, base64url too. The server checks the signature (in
constant time), then the expiry, then the room; each refusal has its own error code.

Example:
    >>> token = mint_join_token("a secret of 16+ bytes", "Xo3k9Qm2b1c", "alice", seat=2,
    ...                         expires_at=2_000_000_000)
    >>> verify_join_token("a secret of 16+ bytes", token, "Xo3k9Qm2b1c", now=1_900_000_000)
    JoinGrant(room='Xo3k9Qm2b1c', seat=2, user='alice', expires_at=2000000000)
    >>> verify_join_token("a secret of 16+ bytes", token, "another", now=1_900_000_000)
    Traceback (most recent call last):
    ...
    majiang.server.join_tokens.JoinTokenError: wrong_room: the token is for another room
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any, NamedTuple

from majiang.errors import MajiangError

__all__ = [
    "ENV",
    "MIN_SECRET",
    "PREFIX",
    "JoinGrant",
    "JoinTokenError",
    "checked_secret",
    "join_as",
    "mint_join_token",
    "verify_join_token",
]

PREFIX = "mj1"
"""The token format's name and version (the first part of every token)."""

ENV = "MAJIANG_JOIN_SECRET"
"""The environment variable ``majiang serve`` reads the secret from (unlike a flag, it is
not shown in the process list)."""

MIN_SECRET = 16
"""The shortest secret accepted, in bytes of UTF-8 (32 random bytes are better)."""

MAX_TOKEN = 2048
"""The longest token a ``join`` frame may carry."""

MAX_USER = 128
"""The longest user id, in characters."""


class JoinTokenError(MajiangError, ValueError):
    """A join token refused: ``code`` (``bad_auth``: not a token of this server's secret,
    malformed or altered; ``auth_expired``; ``wrong_room``) and the message.

    Example:
        >>> str(JoinTokenError("auth_expired", "the token expired"))
        'auth_expired: the token expired'
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class JoinGrant(NamedTuple):
    """What a valid token allows: ``user`` into ``room``, at ``seat`` (None: any free
    seat), until ``expires_at`` (Unix seconds)."""

    room: str
    seat: int | None
    user: str
    expires_at: int


def checked_secret(secret: str | bytes) -> bytes:
    """The secret as bytes (ValueError when shorter than :data:`MIN_SECRET` bytes).

    Example:
        >>> checked_secret("short")
        Traceback (most recent call last):
        ...
        ValueError: a join secret needs at least 16 bytes, got 5
    """
    key = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
    if len(key) < MIN_SECRET:
        raise ValueError(f"a join secret needs at least {MIN_SECRET} bytes, got {len(key)}")
    return key


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sign(key: bytes, signed: str) -> str:
    return _b64(hmac.new(key, signed.encode("ascii"), hashlib.sha256).digest())


def mint_join_token(
    secret: str | bytes,
    room: str,
    user: str,
    seat: int | None = None,
    expires_in: float = 300.0,
    expires_at: int | None = None,
) -> str:
    """A join token for ``user`` into ``room`` (at ``seat``, or None for any free seat),
    valid ``expires_in`` seconds from now or until ``expires_at`` (Unix seconds). This is
    the function the operator's login service runs (it needs only the standard library):

    .. code-block:: python

        from majiang.server.join_tokens import mint_join_token
        token = mint_join_token(os.environ["MAJIANG_JOIN_SECRET"], room_id, user_id)
        # the client sends {"type": "join", "room": room_id, "auth": token}

    Example:
        >>> t = mint_join_token("0123456789abcdef", "r1", "bob", expires_at=5)
        >>> t.startswith("mj1.") and t.count(".") == 2
        True
    """
    if not isinstance(user, str) or not 0 < len(user) <= MAX_USER:
        raise ValueError(f"user must be a non-empty string of at most {MAX_USER} characters")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise ValueError("seat must be a seat number or None")
    exp = int(time.time() + expires_in) if expires_at is None else int(expires_at)
    body = {"exp": exp, "room": room, "seat": seat, "user": user}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    payload = _b64(text.encode("utf-8"))
    signed = f"{PREFIX}.{payload}"
    return f"{signed}.{_sign(checked_secret(secret), signed)}"


def verify_join_token(
    secret: str | bytes, token: str, room: str, now: float | None = None
) -> JoinGrant:
    """The grant of a token made with ``secret`` for ``room``, valid at ``now`` (default:
    the wall clock); :class:`JoinTokenError` otherwise."""
    bad = JoinTokenError("bad_auth", "the join token is not one this server signed")
    parts = token.split(".") if isinstance(token, str) and len(token) <= MAX_TOKEN else []
    if len(parts) != 3 or parts[0] != PREFIX or not parts[1].isascii():
        raise bad
    expected = _sign(checked_secret(secret), f"{PREFIX}.{parts[1]}")
    if not hmac.compare_digest(expected.encode("ascii"), parts[2].encode("utf-8", "replace")):
        raise bad
    try:
        body = json.loads(_unb64(parts[1]))
    except (ValueError, binascii.Error, RecursionError):
        raise bad from None
    if not isinstance(body, dict) or set(body) != {"exp", "room", "seat", "user"}:
        raise bad
    exp, rid, seat, user = body["exp"], body["room"], body["seat"], body["user"]
    if not (
        isinstance(exp, int)
        and isinstance(rid, str)
        and (seat is None or (isinstance(seat, int) and not isinstance(seat, bool)))
        and isinstance(user, str)
        and 0 < len(user) <= MAX_USER
    ):
        raise bad
    if (time.time() if now is None else now) >= exp:
        raise JoinTokenError("auth_expired", "the join token has expired: ask for a new one")
    if rid != room:
        raise JoinTokenError("wrong_room", "the token is for another room")
    return JoinGrant(rid, seat, user, exp)


def join_as(
    secret: bytes | None, room: str, frame: Mapping[str, Any], now: float | None = None
) -> tuple[int | None, str | None]:
    """The seat a checked ``join`` frame asks for and the user id of its signed token
    (``auth``; None without one). :class:`JoinTokenError` when the token is refused, when
    it names another seat than the frame, or when it is missing on a server with a secret
    (``auth_required``; a reconnection with the seat's own token needs none).

    Example:
        >>> join_as(None, "r1", {"type": "join", "room": "r1", "seat": 2})
        (2, None)
        >>> key = b"0123456789abcdef"
        >>> join_as(key, "r1", {"room": "r1", "auth": mint_join_token(key, "r1", "ann", 1)})
        (1, 'ann')
    """
    seat = frame.get("seat")
    if "auth" not in frame:
        if secret is not None and "token" not in frame:
            raise JoinTokenError(
                "auth_required", "this server seats users with a signed join token (auth)"
            )
        return seat, None
    if "token" in frame:
        raise JoinTokenError("bad_frame", "a join has a token or an auth, not both")
    if secret is None:
        raise JoinTokenError("auth_unavailable", "this server takes no signed join tokens")
    grant = verify_join_token(secret, frame["auth"], room, now)
    if grant.seat is not None:
        if seat is not None and seat != grant.seat:
            raise JoinTokenError("bad_auth", f"the token is for seat {grant.seat}, not {seat}")
        seat = grant.seat
    return seat, grant.user
