"""The two-player game's 番: a table read from a data file (``fan_table.json``, the 二人麻将
table the research notes name) and the scorer that applies it to a won hand.

The seed gives no 番 table; the library's default is the gofishing ``ermj`` 二人麻将 table
(docs/rules/two_player.md §6). Its hands are recognised by the GB scorer
(:func:`majiang.gb.fan`, with GB's exclusions): each entry of the data file names the GB 番
it stands for (``gb``); the seed's own (报听, 花牌, 海底捞月, 天胡, 地胡), 人胡 and 天听 are
added here, and the entries GB lacks (大七星, 四喜七对, 三元七对, 四字刻, 小三风) are read from the
counts (:mod:`majiang.variants.two_player.patterns`); a GB 番 the table does not list counts
nothing. The total is capped at the table's ``cap``
(the seed's 封顶 13番) and is at least its ``minimum``. A room swaps the table with the
option ``fan_table`` (:func:`register_fan_table` adds one).

Example:
    >>> from majiang.tiles import to_counts
    >>> s = score_hand(to_counts("123m456m789m234p5p"), (), 13, self_drawn=True)
    >>> [(name, value) for name, value, _ in s.fans], s.total, s.paid
    ([('清龙', 16), ('不求人', 4), ('平胡', 2)], 22, 13)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from majiang import gb
from majiang.errors import InvalidHandError, NotWinningError, RulesError, quoted
from majiang.meld import Meld
from majiang.variants.two_player.patterns import extra_hands

__all__ = ["DEFAULT_TABLE", "FanTable", "TwoPlayerScore", "fan_table", "register_fan_table"]

DEFAULT_TABLE = "ermj"
"""The table a room plays when its options name none."""

_SOURCE = {"chi": 3, "an_gang": None}
"""A meld's source for the GB scorer, as seen from seat 0 (its 上家 is seat 3): the shape
decides the 番, not which seat fed the meld."""


@dataclass(frozen=True, eq=False)  # hashed by identity: scores are cached per table
class FanTable:
    """A 番 table: each entry's value by name, the GB 番 each stands for, the cap and the
    least a win is worth.

    Example:
        >>> t = fan_table()
        >>> t.values["报听"], t.by_gb["平和"], t.cap
        (4, '平胡', 13)
    """

    name: str
    values: Mapping[str, int]
    by_gb: Mapping[str, str]
    cap: int
    minimum: int

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> FanTable:
        """A table from its JSON form (the data file's); RulesError naming what is wrong.

        Example:
            >>> FanTable.from_data({"name": "x", "cap": 0, "fans": []})
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: fan table x: cap: expected a whole number 1-88, got 0
        """
        name = data.get("name")
        if not isinstance(name, str) or not name:
            raise RulesError(f"fan table: name: expected a text, got {quoted(name)}")
        where = f"fan table {name}"
        cap, least = data.get("cap"), data.get("minimum", 1)
        for key, value in (("cap", cap), ("minimum", least)):
            if type(value) is not int or not 1 <= value <= 88:
                raise RulesError(
                    f"{where}: {key}: expected a whole number 1-88, got {quoted(value)}"
                )
        fans = data.get("fans")
        if not isinstance(fans, list):
            raise RulesError(f"{where}: fans: expected a list")
        values: dict[str, int] = {}
        by_gb: dict[str, str] = {}
        known = {zh for _n, zh, _en, _p in gb.FAN_TABLE}
        for i, entry in enumerate(fans):
            fan_name, value = entry.get("name"), entry.get("value")
            if not isinstance(fan_name, str) or fan_name in values:
                raise RulesError(f"{where}: fans[{i}]: name: expected a new text, got {fan_name!r}")
            if type(value) is not int or not 0 <= value <= 88:
                raise RulesError(f"{where}: fans[{i}]: value: expected 0-88, got {quoted(value)}")
            values[fan_name] = value
            counterpart = entry.get("gb")
            if counterpart is not None:
                if counterpart not in known or counterpart in by_gb:
                    raise RulesError(f"{where}: fans[{i}]: gb: {quoted(counterpart)}")
                by_gb[counterpart] = fan_name
        return cls(name, values, by_gb, int(cap), int(least))  # type: ignore[arg-type]


def _bundled() -> FanTable:
    text = resources.files(__package__).joinpath("fan_table.json").read_text("utf-8")
    return FanTable.from_data(json.loads(text))


_TABLES: dict[str, FanTable] = {DEFAULT_TABLE: _bundled()}


def register_fan_table(data: Mapping[str, Any] | FanTable) -> FanTable:
    """Adds (or replaces) a 番 table a room may name in the option ``fan_table``.

    Example:
        >>> t = register_fan_table({"name": "flat", "cap": 4, "fans": [{"name": "平胡",
        ...     "value": 1, "gb": "平和"}]})
        >>> fan_table("flat").values
        {'平胡': 1}
    """
    table = data if isinstance(data, FanTable) else FanTable.from_data(data)
    _TABLES[table.name] = table
    return table


def fan_table(name: str = DEFAULT_TABLE) -> FanTable:
    """The registered table ``name``; RulesError for an unknown one.

    Example:
        >>> fan_table("nope")
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: fan_table: no table 'nope' (known: ...)
    """
    found = _TABLES.get(name)
    if found is None:
        raise RulesError(f"fan_table: no table {quoted(name)} (known: {', '.join(_TABLES)})")
    return found


def fan_tables() -> tuple[str, ...]:
    """The names of the registered tables.

    Example:
        >>> "ermj" in fan_tables()
        True
    """
    return tuple(_TABLES)


@dataclass(frozen=True)
class TwoPlayerScore:
    """A scored win: ``fans`` as (name, value, count), ``total`` their sum, ``paid`` what it is
    worth after the cap and the minimum.

    Example:
        >>> TwoPlayerScore((("平胡", 2, 1),), 2, 2).detail
        '平胡 2 = 2'
    """

    fans: tuple[tuple[str, int, int], ...]
    total: int
    paid: int

    @property
    def detail(self) -> str:
        """The arithmetic of what the win is worth.

        Example:
            >>> TwoPlayerScore((("清龙", 16, 1), ("花牌", 1, 2)), 18, 13).detail
            '清龙 16 + 花牌 1x2 = 18, 封顶 13'
        """
        parts = [f"{n} {v}" if c == 1 else f"{n} {v}x{c}" for n, v, c in self.fans]
        text = f"{' + '.join(parts) or '0'} = {self.total}"
        if self.paid < self.total:
            text += f", 封顶 {self.paid}"
        elif self.paid > self.total:
            text += f", 最少 {self.paid}"
        return text


def score_hand(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    tile: int,
    *,
    self_drawn: bool,
    robbing: bool = False,
    replacement: bool = False,
    last_copy: bool = False,
    last_tile: bool = False,
    last_chance: bool = False,
    tian_hu: bool = False,
    di_hu: bool = False,
    ren_hu: bool = False,
    ready: bool = False,
    tian_ting: bool = False,
    shown: Sequence[int] = (),
    table: FanTable | None = None,
) -> TwoPlayerScore:
    """The 番 of a win: ``concealed`` the counts without the winning ``tile``; the flags as
    the engine's win has them (``robbing`` 抢杠, scored as a self-draw: 自摸 is added;
    ``last_tile`` the wall's last tile, 妙手回春 or GB's 海底捞月; ``last_chance`` the seed's
    海底捞月; ``ren_hu`` the non-dealer's win on its first draw, 人胡), ``ready`` the winner
    declared 报听, ``tian_ting`` that 报听 was 天听 (with its first discard: the caller drops
    ``ready`` where the room counts 天听 in its place), ``shown`` the kinds turned face up
    at the start (花牌: one each copy the winner holds, melds and the winning tile included).
    NotWinningError if the tiles do not win.

    Example:
        >>> from majiang.tiles import to_counts
        >>> s = score_hand(to_counts("11m234567p789s11z"), (), 0, self_drawn=False,
        ...                ready=True, shown=(0, 27))
        >>> [(n, c) for n, _v, c in s.fans], s.paid
        ([('报听', 1), ('花牌', 5), ('门前清', 1), ('连六', 1), ('幺九刻', 1)], 13)
    """
    t = fan_table() if table is None else table
    shapes = [(m.kind, m.kinds, _SOURCE.get(m.kind, 2)) for m in melds]
    try:
        r = gb.fan(
            list(concealed),
            tile,
            melds=shapes,
            self_drawn=self_drawn and not robbing,
            last_copy=last_copy and not robbing,
            replacement=replacement,
            robbing=robbing,
            last_draw=last_tile and self_drawn and not last_chance,
            last_claim=last_tile and not self_drawn and not robbing,
        )
    except InvalidHandError as e:
        raise NotWinningError(str(e)) from None
    counted: list[tuple[str, int, int]] = []
    values = t.values

    def add(name: str, count: int = 1) -> None:
        value = values.get(name, 0)
        if value and count:
            counted.append((name, value, count))

    if tian_hu:
        add("天胡")
    if di_hu:
        add("地胡")
    if ren_hu:
        add("人胡")
    if tian_ting:
        add("天听")
    if ready:
        add("报听")
    if shown:
        held = [*concealed]
        held[tile] += 1
        for m in melds:
            for k in m.kinds:
                held[k] += 1
        add("花牌", sum(held[k] for k in shown))
    if last_chance:
        add("海底捞月")
    for zh, _en, _points, n in r.fans:
        name = t.by_gb.get(zh)
        if name is not None and not (last_chance and name == "海底捞月"):
            add(name, n)
    if robbing:
        add("自摸")  # 抢杠 is scored as a self-draw (the seed)
    counted = _with_extra_hands(counted, concealed, melds, tile, values)
    if ren_hu and values.get("人胡"):
        counted = [f for f in counted if f[0] != "门前清"]  # ermj: 人胡 excludes 门前清
    total = sum(v * c for _n, v, c in counted)
    return TwoPlayerScore(tuple(counted), total, max(t.minimum, min(total, t.cap)))


def _with_extra_hands(
    counted: list[tuple[str, int, int]],
    concealed: Sequence[int],
    melds: Sequence[Meld],
    tile: int,
    values: Mapping[str, int],
) -> list[tuple[str, int, int]]:
    """``counted`` with the table's hands GB has no counterpart for (read from the counts),
    each dropping what it excludes, and dropped itself where a hand that excludes it scored."""
    names = {n for n, _v, _c in counted}
    held = [*concealed]
    held[tile] += 1
    for m in melds:
        for k in m.kinds:
            held[k] += 1
    pairs = "七对" in names or "连七对" in names or (not melds and all(n in (0, 2) for n in held))
    out = list(counted)
    for hand in extra_hands(held, pairs=pairs):
        value = values.get(hand.name, 0)
        if not value or names.intersection(hand.suppressed_by):
            continue
        out = [f for f in out if f[0] not in hand.excludes]
        out.insert(0, (hand.name, value, 1))
    return out


def is_winning(concealed: Sequence[int], melds: Sequence[Meld], tile: int) -> bool:
    """Whether ``tile`` completes the hand (a GB shape the scorer reads).

    Example:
        >>> from majiang.tiles import to_counts
        >>> is_winning(to_counts("123m456m789m234p5p"), (), 13), is_winning([0] * 34, (), 0)
        (True, False)
    """
    try:
        score_hand(concealed, melds, tile, self_drawn=False)
    except NotWinningError:
        return False
    return True
