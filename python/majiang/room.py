"""``RoomConfig``: one validated room configuration every entry point accepts.

A room is what a server's players choose before a match: the variant, its rule options, the
match length (局数: hands), the base stake (底分), the caps (单把上限, 进园子) and who sits in
each seat (a bot's name, or ``human``). Built from a dict or JSON, it is checked at once:
an unknown field, an unknown option or a value that does not fit raises
:class:`~majiang.errors.RulesError` naming the field. Every number has an upper bound
(:mod:`majiang.bounds`: ``hands`` ≤ 1000, the stake and the caps ≤ 10**6, each option's in
docs/options.md), so nothing a room allows can overflow a settlement later.
``Game(config)``, ``simulate(..., config=config)`` and ``majiang simulate --config FILE``
take it; the options it gives each hand record are :meth:`RoomConfig.game_options`.
:meth:`RoomConfig.json_schema` describes it (JSON Schema, every variant's options included).

The stake and the caps are the variant's own options under a common name
(``ROOM_FIELDS`` in the variant's ``options.py``): Nanchang's ``di_fen``, Pingxiang's
``base``, Nanjing's ``hand_cap`` and ``yuanzi``. A variant without one refuses it.

Example:
    >>> from majiang.room import RoomConfig
    >>> room = RoomConfig.from_dict({"variant": "nanchang", "hands": 8, "stake": 4,
    ...                             "options": {"discard_payers": "discarder"}})
    >>> room.game_options()
    {'discard_payers': 'discarder', 'di_fen': 4}
    >>> RoomConfig.from_dict({"variant": "nanchang", "options": {"bawang": 1}})
    Traceback (most recent call last):
    ...
    majiang.errors.RulesError: options.bawang: unknown option (known: an_gang_points, ...)
    >>> RoomConfig.from_dict({"variant": "nanjing", "stake": 2})
    Traceback (most recent call last):
    ...
    majiang.errors.RulesError: stake: nanjing has no stake option
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from majiang.bounds import MAX_HANDS, MAX_STAKE, in_range, range_text
from majiang.errors import ArgumentTypeError, MajiangError, RulesError, quoted
from majiang.variants import get_variant, names
from majiang.variants.option_fields import (
    number_range,
    option_rows,
    options_class,
    options_module,
    room_fields,
    variant_options,
)

__all__ = ["HUMAN", "ROOM_KEYS", "RoomConfig"]

ROOM_KEYS = ("variant", "options", "hands", "stake", "hand_cap", "match_cap", "bots")
"""The fields of a room configuration, in order."""

HUMAN = "human"
"""The seat name for a person (the CLI's player); every other name is a bot's."""

_COMMON: dict[str, tuple[int, str]] = {
    # field: (its neutral value, what it is); each from the neutral value to MAX_STAKE
    "stake": (1, "the base stake (底分): every amount of a hand x this"),
    "hand_cap": (0, "单把上限: the most a player pays in one hand (0: none)"),
    "match_cap": (0, "进园子: the most a player can lose in the match (0: 敞开头, none)"),
}


BOT_NAMES = ("efficiency", "random")
"""The bots a seat may hold, by name (:data:`majiang.game.simulation.BOTS` makes them)."""


def _bot_names() -> list[str]:
    return sorted(BOT_NAMES)


MAX_JSON_SIZE = 1 << 20
"""The longest room configuration text :meth:`RoomConfig.from_json` reads (characters, or
bytes): a room is a few hundred."""
MAX_JSON_DEPTH = 32
"""The deepest nesting of objects and lists a room configuration text may have (a room has 2)."""

_JSON_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]')
"""A string (its brackets are text) or one bracket."""


def _json_value(text: Any) -> Any:
    """The JSON value of ``text`` (str or bytes), its size and nesting depth checked before
    it is parsed (the parser recurses once per level): RulesError when it is too large, too
    deep or not JSON."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_JSON_SIZE:
            raise RulesError(f"not a room configuration: more than {MAX_JSON_SIZE} bytes")
        try:
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        except UnicodeDecodeError as e:
            raise RulesError(f"not JSON: {e}") from None
    elif not isinstance(text, str):
        raise ArgumentTypeError(f"expected JSON text (str or bytes), got {quoted(text)}")
    if len(text) > MAX_JSON_SIZE:
        raise RulesError(f"not a room configuration: more than {MAX_JSON_SIZE} characters")
    depth = 0
    for token in _JSON_TOKENS.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise RulesError(
                    f"not a room configuration: nested more than {MAX_JSON_DEPTH} deep"
                )
        elif bracket in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except ValueError as e:  # JSONDecodeError, or an integer of over 4300 digits
        raise RulesError(f"not JSON: {e}") from None


def _whole(value: Any, path: str, least: int, most: int) -> int:
    if not in_range(value, least, most):
        raise RulesError(f"{path}: expected {range_text(least, most)}, got {quoted(value)}")
    return int(value)


_EVERY_SEAT: tuple[str, ...] = ("efficiency",) * 4
"""The default seats (the one object: a table of fewer seats gets one bot a seat)."""


@dataclass(frozen=True)
class RoomConfig:
    """A checked room: see the module docstring. Build it with :meth:`from_dict` (or
    :meth:`from_json`); the constructor checks the same way.

    Example:
        >>> RoomConfig("pingxiang", stake=5).game_options()
        {'base': 5}
        >>> RoomConfig(hands=0)
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: hands: expected a whole number ≥ 1 and ≤ 1000, got 0
    """

    variant: str = "nanchang"
    options: Mapping[str, Any] = field(default_factory=dict)
    hands: int = 1
    """The match length in hands (局数: a Nanchang room plays 4, 8 or 16)."""
    stake: int = 1
    hand_cap: int = 0
    match_cap: int = 0
    bots: tuple[str, ...] = _EVERY_SEAT
    """Who sits in each seat: a bot's name (``efficiency``, ``random``) or ``human``, one a
    seat of the variant's table (default: ``efficiency`` in every seat)."""

    def __post_init__(self) -> None:
        if not isinstance(self.variant, str) or self.variant not in names():
            raise RulesError(
                f"variant: expected one of {', '.join(names())}, got {quoted(self.variant)}"
            )
        if not isinstance(self.options, Mapping):
            raise RulesError(f"options: expected an object, got {quoted(self.options)}")
        _whole(self.hands, "hands", 1, MAX_HANDS)
        for name, (neutral, _) in _COMMON.items():
            _whole(getattr(self, name), name, neutral, MAX_STAKE)
        bots = self.bots
        seats = get_variant(self.variant).table.seats
        if bots is _EVERY_SEAT:
            bots = ("efficiency",) * seats
        if isinstance(bots, str) or not isinstance(bots, (list, tuple)) or len(bots) != seats:
            many = {2: "two", 3: "three"}.get(seats, "four")
            raise RulesError(f"bots: expected {many} seat names, got {quoted(bots)}")
        known = [*_bot_names(), HUMAN]
        for seat, name in enumerate(bots):
            if name not in known:
                raise RulesError(
                    f"bots[{seat}]: expected one of {', '.join(known)}, got {quoted(name)}"
                )
        object.__setattr__(self, "bots", tuple(bots))
        object.__setattr__(self, "options", dict(self.options))
        merged = self.game_options()
        try:
            get_variant(self.variant).bind(merged)
        except MajiangError as e:
            message = str(e)
            if not message.startswith("options"):
                message = f"options.{message}"
            raise RulesError(message) from None

    def game_options(self) -> dict[str, Any]:
        """The options every hand record gets: ``options`` with the stake and caps put under
        the variant's names (RulesError when the variant has no such option, or ``options``
        sets it to something else).

        Example:
            >>> RoomConfig("nanjing", match_cap=100, hand_cap=300).game_options()
            {'hand_cap': 300, 'yuanzi': 100}
        """
        out = dict(self.options)
        fields = room_fields(self.variant)
        for name, (neutral, _) in _COMMON.items():
            value = getattr(self, name)
            if value == neutral:
                continue
            option = fields.get(name)
            if option is None:
                what = name.replace("_", " ")
                raise RulesError(f"{name}: {self.variant} has no {what} option")
            if option in out and out[option] != value:
                raise RulesError(
                    f"{name}: {value} disagrees with options.{option} = {quoted(out[option])}"
                )
            out[option] = value
        return out

    def game_arguments(
        self, options: Mapping[str, Any] | None, hands: int
    ) -> tuple[str, dict[str, Any], int]:
        """What ``Game(room, ...)`` plays: the variant, :meth:`game_options` and the match
        length (``hands`` when given other than 1); options given beside a room are refused.

        Example:
            >>> RoomConfig("pingxiang", hands=4).game_arguments(None, 1)
            ('pingxiang', {}, 4)
            >>> RoomConfig().game_arguments({"palou": False}, 1)
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: options: given by the room configuration, not beside it
        """
        if options is not None:
            raise RulesError("options: given by the room configuration, not beside it")
        return self.variant, self.game_options(), self.hands if hands == 1 else hands

    def bot_names(self) -> tuple[str, ...]:
        """The four seats' bots, for self-play (RulesError when a seat is ``human``).

        Example:
            >>> RoomConfig(bots=("random", "efficiency", "random", "efficiency")).bot_names()
            ('random', 'efficiency', 'random', 'efficiency')
        """
        if HUMAN in self.bots:
            raise RulesError(f"bots: self-play needs a bot in every seat, got {list(self.bots)}")
        return self.bots

    @classmethod
    def from_dict(cls, data: Any) -> RoomConfig:
        """A room from its JSON form; unknown fields are refused.

        Example:
            >>> RoomConfig.from_dict({"variant": "nanchang", "seats": 4})
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: seats: unknown field (known: variant, options, ...)
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"expected a room configuration object, got {quoted(data)}")
        for key in data:
            if key not in ROOM_KEYS:
                shown = key if isinstance(key, str) and len(key) <= 60 else quoted(key)
                raise RulesError(f"{shown}: unknown field (known: {', '.join(ROOM_KEYS)})")
        values = dict(data)
        if "bots" in values and isinstance(values["bots"], list):
            values["bots"] = tuple(values["bots"])
        return cls(**values)

    @classmethod
    def from_json(cls, text: str | bytes) -> RoomConfig:
        """A room from JSON text.

        Example:
            >>> RoomConfig.from_json('{"variant": "pingxiang", "hands": 4}').hands
            4
            >>> RoomConfig.from_json("{")
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: not JSON: Expecting property name ... (char 1)
            >>> RoomConfig.from_json("[" * 100_000)
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: not a room configuration: nested more than 32 deep
        """
        return cls.from_dict(_json_value(text))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``RoomConfig.from_dict(room.to_dict()) == room``).

        Example:
            >>> RoomConfig().to_dict()["bots"]
            ['efficiency', 'efficiency', 'efficiency', 'efficiency']
        """
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "hands": self.hands,
            "stake": self.stake,
            "hand_cap": self.hand_cap,
            "match_cap": self.match_cap,
            "bots": list(self.bots),
        }

    @staticmethod
    def json_schema() -> dict[str, Any]:
        """A JSON Schema (draft 2020-12) of the room configuration, each variant's options
        with their values, defaults and descriptions.

        Example:
            >>> schema = RoomConfig.json_schema()
            >>> schema["properties"]["hands"]["minimum"]
            1
            >>> sorted(schema["$defs"])
            ['gb_options', 'guangdong_options', ...]
        """
        with_options = list(variant_options())
        defs = {f"{v}_options": _options_schema(v) for v in with_options}
        common = {
            name: {"type": "integer", "minimum": n, "maximum": MAX_STAKE, "default": n}
            | {"description": what}
            for name, (n, what) in _COMMON.items()
        }
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "majiang.RoomConfig",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "variant": {"enum": list(names()), "default": "nanchang"},
                "options": {"type": "object", "description": "the variant's options"},
                "hands": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_HANDS,
                    "default": 1,
                    "description": "the match length in hands (局数)",
                },
                **common,
                "bots": {
                    "type": "array",
                    "items": {"enum": [*_bot_names(), HUMAN]},
                    "minItems": 4,
                    "maxItems": 4,
                    "description": "who sits in each seat",
                },
            },
            "allOf": [
                {
                    "if": {"properties": {"variant": {"const": v}}, "required": ["variant"]},
                    "then": {"properties": {"options": {"$ref": f"#/$defs/{v}_options"}}},
                }
                for v in with_options
            ],
            "$defs": defs,
        }


def _options_schema(variant: str) -> dict[str, Any]:
    """One variant's options as a JSON Schema object (no other property allowed)."""
    module = options_module(variant)
    cls = options_class(variant)
    hints = typing.get_type_hints(cls, vars(module))
    choices: Mapping[str, tuple[Any, ...]] = getattr(module, "_CHOICES", {})
    rows = {r.name: r for r in option_rows(variant)}
    props: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        args = typing.get_args(hint)
        nullable = type(None) in args
        literal = [a for a in (hint, *args) if typing.get_origin(a) is typing.Literal]
        if f.name in choices:
            prop: dict[str, Any] = {"enum": list(choices[f.name])}
        elif literal:
            prop = {"enum": [v for lit in literal for v in typing.get_args(lit)]}
        elif hint is bool or bool in args:
            prop = {"type": "boolean"}
        else:
            least, most = number_range(module, f.name)
            prop = {"type": "integer", "minimum": least, "maximum": most}
        if nullable:
            prop = {"anyOf": [prop, {"type": "null"}]}
        prop["default"] = f.default
        prop["description"] = rows[f.name].changes
        props[f.name] = prop
    return {"type": "object", "additionalProperties": False, "properties": props}
