"""What a finished hand moves between the four seats, for every variant.

:class:`Payment` is one line (who pays whom how much and why, in words a player knows);
:class:`Settlement` holds the lines, the per-seat totals and what was recognised. :func:`settle`
takes a hand record (JSON-ready dict, or a variant's typed record) and dispatches on its
``variant`` through the variant registry (:mod:`majiang.variants.registry`), so another
variant plugs in with :func:`register_variant` without touching this module.

Example:
    >>> p = Payment(payer=2, payee=1, amount=4, reason="胡牌分", detail="1 (平胡) x 2 (放炮) x 2")
    >>> s = Settlement.from_items([p], pattern={"shape": "平胡"})
    >>> s.deltas
    (0, 4, -4, 0)
    >>> s.to_dict()["items"][0]["reason"]
    '胡牌分'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from majiang.errors import RecordError, RulesError, quoted, surrogate_path
from majiang.tiles import SEATS
from majiang.variants import registry

__all__ = [
    "Payment",
    "Settlement",
    "deltas_of",
    "register_variant",
    "settle",
    "text_error",
    "variants",
]


@dataclass(frozen=True, init=False)
class Payment:
    """One payment: ``payer`` gives ``payee`` ``amount`` points for ``reason``.

    ``reason`` is the word players use (胡牌分, 正精, 副精, 冲关, 霸王精, 明杠, 暗杠, 补杠, 杠精,
    德国, 德中德, 荒庄, 抄庄, 下翻); ``detail`` says how the amount was reached.
    """

    payer: int
    payee: int
    amount: int
    reason: str
    detail: str = ""

    def __init__(self, payer: int, payee: int, amount: int, reason: str, detail: str = "") -> None:
        # One dict update instead of the generated per-field object.__setattr__ calls: a
        # settlement makes dozens of these. The instance stays frozen (assignment raises).
        self.__dict__.update(payer=payer, payee=payee, amount=amount, reason=reason, detail=detail)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form.

        Example:
            >>> Payment(0, 3, 5, "荒庄").to_dict()
            {'payer': 0, 'payee': 3, 'amount': 5, 'reason': '荒庄', 'detail': ''}
        """
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class Settlement:
    """The whole result of one hand.

    ``deltas`` has one entry per seat (what the hand moved; they sum to zero), ``items`` every
    payment in settlement order, ``pattern`` what was recognised (shape, 德国, 精钓, jing points
    per seat, multipliers used, ...), JSON-ready.
    """

    deltas: tuple[int, ...]
    items: tuple[Payment, ...]
    pattern: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_items(
        cls,
        items: Iterable[Payment],
        pattern: Mapping[str, Any] | None = None,
        seats: int = SEATS,
    ) -> Settlement:
        """The settlement of these payments at a table of ``seats``; the deltas are their
        sums per seat.

        Example:
            >>> Settlement.from_items([Payment(0, 1, 3, "正精"), Payment(2, 1, 3, "正精")]).deltas
            (-3, 6, -3, 0)
            >>> Settlement.from_items([Payment(1, 0, 2, "自摸")], seats=2).deltas
            (2, -2)
        """
        kept = tuple(p for p in items if p.amount != 0)
        deltas = [0] * seats
        for p in kept:
            deltas[p.payer] -= p.amount
            deltas[p.payee] += p.amount
        return cls(tuple(deltas), kept, dict(pattern or {}))

    def paid(self, payer: int, payee: int) -> int:
        """Everything ``payer`` paid ``payee`` (all reasons).

        Example:
            >>> s = Settlement.from_items([Payment(0, 1, 3, "正精"), Payment(0, 1, 4, "胡牌分")])
            >>> s.paid(0, 1), s.paid(1, 0)
            (7, 0)
        """
        return sum(p.amount for p in self.items if p.payer == payer and p.payee == payee)

    def by_reason(self, reason: str) -> tuple[Payment, ...]:
        """The payments made for ``reason``.

        Example:
            >>> s = Settlement.from_items([Payment(0, 1, 3, "正精"), Payment(0, 1, 4, "胡牌分")])
            >>> [p.amount for p in s.by_reason("胡牌分")]
            [4]
        """
        return tuple(p for p in self.items if p.reason == reason)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{"deltas": [...], "items": [...], "pattern": {...}}``.

        Example:
            >>> Settlement.from_items([Payment(0, 1, 5, "抄庄")]).to_dict()["deltas"]
            [-5, 5, 0, 0]
        """
        return {
            "deltas": list(self.deltas),
            "items": [p.to_dict() for p in self.items],
            "pattern": dict(self.pattern),
        }


def deltas_of(items: Iterable[Payment]) -> tuple[int, int, int, int]:
    """What the payments move per seat.

    Example:
        >>> deltas_of([Payment(0, 1, 3, "正精"), Payment(2, 1, 1, "副精")])
        (-3, 4, -1, 0)
    """
    deltas = [0, 0, 0, 0]
    for p in items:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return deltas[0], deltas[1], deltas[2], deltas[3]


def text_error(record: Any) -> RecordError:
    """The RecordError for a record whose check met text that is not valid Unicode (a lone
    surrogate, which JSON allows): it names the field. For the error path of a settle
    function that caught UnicodeEncodeError.

    Example:
        >>> text_error({"players": [{"hand": "\\ud800"}]})
        RecordError('players[0].hand: not valid Unicode text (a lone surrogate)')
    """
    if not isinstance(record, Mapping | list) and hasattr(record, "to_dict"):
        record = record.to_dict()
    path = surrogate_path(record) or "record"
    return RecordError(f"{path}: not valid Unicode text (a lone surrogate)")


Settler = Callable[[Any], Settlement]
"""A variant's settle function: takes the record (dict or the variant's typed record)."""


def register_variant(name: str, settler: Settler) -> None:
    """Makes :func:`settle` send records with ``"variant": name`` to ``settler`` (a variant
    that can be settled but not played; :func:`majiang.variants.register` also takes the
    engine plug-in).

    Example:
        >>> register_variant("demo", lambda record: Settlement.from_items([]))
        >>> settle({"variant": "demo"}).deltas
        (0, 0, 0, 0)
        >>> from majiang.variants import registry; _ = registry.unregister("demo")
    """
    registry.register(name, settler)


def variants() -> list[str]:
    """The variant names :func:`settle` knows.

    Example:
        >>> "nanchang" in variants()
        True
    """
    return registry.names()


def settle(record: Any) -> Settlement:
    """Settles a finished hand: who pays whom how much, and why.

    ``record`` is a hand record as JSON-ready data (its ``"variant"`` picks the rules; see
    ``docs/rules/nanchang.md``) or a variant's typed record such as
    :class:`majiang.variants.nanchang.HandRecord`.

    Example:
        >>> import majiang
        >>> record = {
        ...     "variant": "nanchang", "dealer": 0, "jing_indicator": "9p",
        ...     "players": [
        ...         {"hand": "123m456m789m23s55p", "discards": "1z"},
        ...         {"hand": "147m258p369s1234z", "discards": "5z"},
        ...         {"hand": "22m33m44m66s88s777z", "discards": "6z"},
        ...         {"hand": "567m567p78s8p9s135z", "discards": "2z"},
        ...     ],
        ...     "result": {"kind": "win", "winner": 0, "tile": "4s", "from": None},
        ... }
        >>> s = majiang.settle(record)
        >>> s.pattern["shape"], s.pattern["de_guo"]       # nobody holds a jing (9p, 1p)
        ('平胡', '德中德')
        >>> s.deltas              # each pays 1 x 2 (自摸) x 2 (庄家) x 4 (德中德) + 5
        (63, -21, -21, -21)
    """
    if type(record) is dict or isinstance(record, Mapping):
        name = record.get("variant")
    else:
        name = getattr(record, "variant", None)
    if not isinstance(name, str):
        known = ", ".join(variants())
        raise RecordError.at(
            ("variant",), f"expected the rules' name ({known}), got {quoted(name)}"
        )
    try:
        entry = registry.lookup(name)
    except RulesError:
        raise RecordError.at(
            ("variant",), f"unknown variant {name!r} (known: {', '.join(variants())})"
        ) from None
    try:
        return entry.settle(record)
    except UnicodeEncodeError:
        raise text_error(record) from None
