"""The state of one hand in play (kind indices 0-33 throughout), and its JSON form.

Example:
    >>> from majiang.game.state import mpsz
    >>> mpsz([1, 1, 1] + [0] * 24 + [2] + [0] * 6)
    '123m11z'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from majiang._core import parse_tiles
from majiang.errors import IllegalActionError, RecordError
from majiang.game.actions import Action, from_dict
from majiang.game.wall import Wall
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX as INDEX
from majiang.tiles import KINDS, TILE_INDEX, TILE_NAMES, kinds_text, mpsz

__all__ = ["HandState", "Meld", "kinds_text", "mpsz", "seat_lists"]
# Meld (majiang.meld) and the MPSZ text helpers (majiang.tiles), re-exported here.


@dataclass
class HandState:
    """Everything about the hand in play. ``phase`` is ``declare`` (seats answer the variant's
    opening declaration ``declaring``), ``turn`` (``turn`` seat acts after a draw or claim),
    ``claim`` (seats answer a discard), ``rob`` (seats may rob an added kong)
    or ``over``. ``flowers`` are the tiles each seat laid aside (补花; ids 34-41 are the
    flowers). ``indicator`` and ``lower`` are the flipped wild-tile indicators (None for a variant
    without a flip). ``won_on`` is the tile a finished hand was won on (out of every hand and
    pond). ``waits`` caches each seat's winning kinds while its hand is unchanged.

    Example:
        >>> from majiang.game import Game
        >>> st = Game(seed=1, dealer=0).state
        >>> HandState.from_json(st.to_json()) == st
        True
    """

    dealer: int
    streak: int
    wall: Wall
    indicator: int | None
    lower: int | None
    wilds: tuple[int, ...]
    hands: list[list[int]]
    dealt: list[list[int]]
    melds: list[tuple[Meld, ...]] = field(default_factory=lambda: [(), (), (), ()])
    ponds: list[tuple[int, ...]] = field(default_factory=lambda: [(), (), (), ()])
    flowers: list[tuple[int, ...]] = field(default_factory=lambda: [(), (), (), ()])
    turn: int = 0
    phase: str = "turn"
    drawn: int | None = None
    after_kong: bool = False
    after_flower: bool = False
    discards_made: int = 0
    interrupted: bool = False
    last_discard: int | None = None
    discarder: int | None = None
    rob_tile: int | None = None
    claimants: list[int] = field(default_factory=list)
    responses: dict[int, Action] = field(default_factory=dict)
    options: dict[int, list[Action]] = field(default_factory=dict)
    furiten: set[int] = field(default_factory=set)
    """Seats that passed a win and may win no discard for now (the table's ``passed_win``)."""
    win_passed: set[tuple[int, int]] = field(default_factory=set)
    """(seat, kind) pairs: the seat passed a win on that kind and may not win on it before its
    next draw (``passed_win == "same_until_draw"``)."""
    pong_passed: set[tuple[int, int]] = field(default_factory=set)
    """(seat, kind) pairs: the seat passed a pong of that kind and may not pong it again
    before its next draw (variants with ``pass_blocks_pong``, Nanjing's no 弃先碰后)."""
    turns: int = 0
    won_on: int | None = None
    declaring: str | None = None
    """The opening declaration being asked in the ``declare`` phase."""
    declared: list[dict[str, str]] = field(default_factory=lambda: [{}, {}, {}, {}])
    """What each seat declared (public): declaration -> value."""
    wins: list[dict[str, Any]] = field(default_factory=list)
    """The wins of the hand so far, in order (the win event's fields): on a table whose
    ``wins_to_end`` is above 1 their winners have left play, each win's tile out of play."""
    paid: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """What the payments made at once during the hand (kong money) moved, per seat."""
    forced: set[int] = field(default_factory=set)
    """Seats in the claim or rob window that must win (the variant's ``must_win``): no pass."""
    revealed: list[tuple[int, ...]] = field(default_factory=lambda: [(), (), (), ()])
    """Per seat, the 34 counts of the tiles it showed right after the deal
    (``Variant.reveal_after_deal``, Nanchang's 下精) that every seat still knows it holds:
    one fewer of a kind for each tile of that kind it has laid face up from its hand since
    (a discard, a meld's own tiles, a kong shown); empty when it showed none. Public."""
    lower_shown: bool = False
    """Whether the lower indicator was turned face up for every seat after the deal."""
    last_chance: bool = False
    """Whether a seat drew a kept-back tile as the hand's last chance
    (:meth:`~majiang.variants.protocol.Variant.last_chance`, the two-player game's 海底捞月)."""
    waits: list[frozenset[int] | None] = field(
        default_factory=lambda: [None] * 4, compare=False, repr=False
    )
    chain: tuple[bool, bool] = field(default=(False, False), compare=False, repr=False)
    """Within one step: whether the replacement draw to come follows a kong, and whether a
    flower was laid aside since the seat's last draw (what ``after_kong`` and
    ``after_flower`` become when a tile lands in the hand)."""

    def to_json(self) -> dict[str, Any]:
        """JSON form (tiles as MPSZ names; the ``waits`` cache is left out).

        Example:
            >>> from majiang.game import Game
            >>> Game(seed=1, dealer=0).state.to_json()["phase"]
            'turn'
        """
        return {
            "dealer": self.dealer,
            "streak": self.streak,
            "wall": self.wall.to_json(),
            "indicator": _tile_name(self.indicator),
            "lower": _tile_name(self.lower),
            "wilds": [KINDS[j] for j in self.wilds],
            "hands": [mpsz(h) for h in self.hands],
            "dealt": [mpsz(h) for h in self.dealt],
            "melds": [[m.to_dict() for m in ms] for ms in self.melds],
            "ponds": [[KINDS[t] for t in p] for p in self.ponds],
            "flowers": [[TILE_NAMES[t] for t in f] for f in self.flowers],
            "turn": self.turn,
            "phase": self.phase,
            "drawn": _name(self.drawn),
            "after_kong": self.after_kong,
            "after_flower": self.after_flower,
            "discards_made": self.discards_made,
            "interrupted": self.interrupted,
            "last_discard": _name(self.last_discard),
            "discarder": self.discarder,
            "rob_tile": _name(self.rob_tile),
            "claimants": list(self.claimants),
            "responses": {str(s): a.to_dict() for s, a in self.responses.items()},
            "options": {str(s): [a.to_dict() for a in o] for s, o in self.options.items()},
            "furiten": sorted(self.furiten),
            "win_passed": [[seat, KINDS[k]] for seat, k in sorted(self.win_passed)],
            "pong_passed": [[seat, KINDS[k]] for seat, k in sorted(self.pong_passed)],
            "turns": self.turns,
            "won_on": _name(self.won_on),
            "declaring": self.declaring,
            "declared": [dict(d) for d in self.declared],
            "wins": [dict(w) for w in self.wins],
            "paid": list(self.paid),
            "forced": sorted(self.forced),
            "revealed": [mpsz(r) if r else None for r in self.revealed],
            "lower_shown": self.lower_shown,
        } | ({"last_chance": True} if self.last_chance else {})

    @classmethod
    def from_json(cls, data: Mapping[str, Any], seats: int = 4) -> HandState:
        """Inverse of :meth:`to_json` for a table of ``seats``; RecordError naming the first
        bad field.

        Example:
            >>> HandState.from_json({"dealer": 0})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: state.streak: missing
        """
        return _read_state(data, seats)


def seat_lists(seats: int) -> dict[str, Any]:
    """The per-seat fields of a fresh :class:`HandState` at a table of ``seats`` (the
    defaults are four seats'; the hands, dealt hands and flowers come from the deal), as
    keyword arguments.

    Example:
        >>> seat_lists(2)["melds"], seat_lists(2)["paid"]
        ([(), ()], [0, 0])
    """
    return {
        "melds": [()] * seats,
        "ponds": [()] * seats,
        "declared": [{} for _ in range(seats)],
        "paid": [0] * seats,
        "revealed": [()] * seats,
        "waits": [None] * seats,
    }


def _revealed(value: Any) -> tuple[int, ...]:
    """One seat's ``revealed`` counts from their JSON form (None: it showed nothing)."""
    if value is None:
        return ()
    try:
        return tuple(_counts(value))
    except RecordError as e:
        raise RecordError(f"state.revealed: {e}") from None


def _flag(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"state.{key}: expected true or false, got {value!r}")
    return value


def _name(kind: int | None) -> str | None:
    return None if kind is None else KINDS[kind]


def _tile_name(tile: int | None) -> str | None:
    return None if tile is None else TILE_NAMES[tile]


def _kinds(text: Any) -> list[int]:
    if not isinstance(text, str):
        raise RecordError(f"expected MPSZ text, got {text!r}")
    try:
        return [INDEX[t] for t in parse_tiles(text)]
    except (KeyError, ValueError) as e:
        raise RecordError(f"not 34-kind tiles: {text!r}") from e


def _counts(text: Any) -> list[int]:
    counts = [0] * 34
    for k in _kinds(text):
        counts[k] += 1
    return counts


def _read_state(data: Mapping[str, Any], seats: int = 4) -> HandState:
    def per_seat(value: Any, key: str) -> list[Any]:  # one entry per seat
        return _per_seat(value, key, seats)

    def get(key: str) -> Any:
        if key not in data:
            raise RecordError(f"state.{key}: missing")
        return data[key]

    def kind(key: str, value: Any) -> int:
        if value not in INDEX:
            raise RecordError(f"state.{key}: expected a tile name, got {value!r}")
        return INDEX[value]

    def tile(key: str, value: Any) -> int:
        if value not in TILE_INDEX:
            raise RecordError(f"state.{key}: expected a tile name, got {value!r}")
        return TILE_INDEX[value]

    def optional_tile(key: str) -> int | None:
        value = data.get(key)  # absent or null: no indicator flipped
        return None if value is None else tile(key, value)

    def optional_kind(key: str) -> int | None:
        value = get(key)
        return None if value is None else kind(key, value)

    def flag(key: str) -> bool:
        value = get(key)
        if not isinstance(value, bool):
            raise RecordError(f"state.{key}: expected true or false, got {value!r}")
        return value

    def count(key: str, least: int = 0) -> int:
        value = get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            raise RecordError(f"state.{key}: expected a whole number >= {least}, got {value!r}")
        return value

    def listed(key: str) -> list[Any]:
        value = get(key)
        if not isinstance(value, list):
            raise RecordError(f"state.{key}: expected a list, got {value!r}")
        return value

    def pairs(key: str) -> list[tuple[Any, Any]]:
        # written only by later versions: absent in older snapshots
        value = data.get(key, []) if key in ("pong_passed", "win_passed") else get(key)
        if not isinstance(value, list) or not all(
            isinstance(x, list | tuple) and len(x) == 2 for x in value
        ):
            raise RecordError(f"state.{key}: expected a list of [seat, tile] pairs")
        return [(a, b) for a, b in value]

    def seat(key: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
            raise RecordError(f"state.{key}: expected a seat 0-{seats - 1}, got {value!r}")
        return value

    def seat_map(key: str) -> dict[int, Any]:
        raw = get(key)
        if not isinstance(raw, Mapping):
            raise RecordError(f"state.{key}: expected an object keyed by seat")
        return {seat(key, int(s) if str(s).isdigit() else s): v for s, v in raw.items()}

    try:
        state = HandState(
            dealer=seat("dealer", get("dealer")),
            streak=count("streak", 1),
            wall=Wall.from_json(get("wall")),
            indicator=optional_tile("indicator"),
            lower=optional_tile("lower"),
            wilds=tuple(kind("wilds", j) for j in listed("wilds" if "wilds" in data else "jing")),
            hands=[_counts(h) for h in per_seat(get("hands"), "hands")],
            dealt=[_counts(h) for h in per_seat(get("dealt"), "dealt")],
            melds=[
                tuple(_meld(i, j, m) for j, m in enumerate(_list(ms, f"melds[{i}]")))
                for i, ms in enumerate(per_seat(get("melds"), "melds"))
            ],
            ponds=[
                tuple(kind("ponds", t) for t in _list(p, "ponds"))
                for p in per_seat(get("ponds"), "ponds")
            ],
            flowers=[
                tuple(tile("flowers", t) for t in _list(f, "flowers"))
                for f in per_seat(get("flowers"), "flowers")
            ],
            turn=seat("turn", get("turn")),
            phase=str(get("phase")),
            drawn=optional_kind("drawn"),
            after_kong=flag("after_kong"),
            after_flower=flag("after_flower"),
            discards_made=count("discards_made"),
            interrupted=flag("interrupted"),
            last_discard=optional_kind("last_discard"),
            discarder=None if get("discarder") is None else seat("discarder", get("discarder")),
            rob_tile=optional_kind("rob_tile"),
            claimants=[seat("claimants", s) for s in listed("claimants")],
            responses={s: from_dict(a) for s, a in seat_map("responses").items()},
            options={
                s: [from_dict(a) for a in _list(o, "options")]
                for s, o in seat_map("options").items()
            },
            furiten={seat("furiten", s) for s in listed("furiten")},
            win_passed={
                (seat("win_passed", s), kind("win_passed", k)) for s, k in pairs("win_passed")
            },
            pong_passed={
                (seat("pong_passed", s), kind("pong_passed", k)) for s, k in pairs("pong_passed")
            },
            turns=count("turns"),
            won_on=optional_kind("won_on"),
            declaring=_optional_text(data.get("declaring"), "declaring"),
            declared=[
                _declared(d) for d in per_seat(data.get("declared", [{}] * seats), "declared")
            ],
            wins=[_win(w) for w in _list(data.get("wins", []), "wins")],
            paid=[_int(x, "paid") for x in per_seat(data.get("paid", [0] * seats), "paid")],
            forced={seat("forced", s) for s in _list(data.get("forced", []), "forced")},
            # written only by later versions: absent in older snapshots (nothing shown)
            revealed=[
                _revealed(r) for r in per_seat(data.get("revealed", [None] * seats), "revealed")
            ],
            lower_shown=_flag(data.get("lower_shown", False), "lower_shown"),
            last_chance=_flag(data.get("last_chance", False), "last_chance"),
            waits=[None] * seats,
        )
    except RecordError:
        raise
    except IllegalActionError as e:
        raise RecordError(f"state: bad action ({e})") from e
    except (TypeError, ValueError) as e:
        raise RecordError(f"state: malformed ({e})") from e
    if state.phase not in ("turn", "claim", "rob", "declare", "over"):
        raise RecordError(
            f"state.phase: expected turn, claim, rob, declare or over, got {state.phase!r}"
        )
    if (state.phase == "declare") != (state.declaring is not None):
        raise RecordError("state.declaring: a declaration is asked exactly in the declare phase")
    return state


def _optional_text(value: Any, key: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise RecordError(f"state.{key}: expected text or null, got {value!r}")
    return value


def _win(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise RecordError("state.wins: expected an object per win")
    return dict(value)


def _int(value: Any, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"state.{key}: expected whole numbers, got {value!r}")
    return value


def _declared(value: Any) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise RecordError("state.declared: expected an object of texts per seat")
    return dict(value)


def _meld(seat: int, index: int, data: Any) -> Meld:
    """``state.melds[seat][index]`` read; RecordError naming it."""
    if not isinstance(data, Mapping):
        raise RecordError(f"state.melds[{seat}][{index}]: expected a meld object, got {data!r}")
    try:
        return Meld.from_dict(data)
    except RecordError as e:
        raise RecordError(f"{e} (state.melds[{seat}][{index}])") from None


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"state.{key}: expected a list, got {value!r}")
    return value


def _per_seat(value: Any, key: str, seats: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != seats:
        many = {2: "two", 3: "three"}.get(seats, "four")
        raise RecordError(f"state.{key}: expected a list of {many}, one per seat")
    return value
