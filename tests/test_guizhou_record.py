"""The Guizhou record check on the shared skeleton (variants/guizhou/record.py): known fields
only, every error at a real location, the engine's ``result`` summary agreeing with ``win``,
a fifth tile named where it appears (against a brute-force count), and remembered seats
that never carry one record's 报听 or profile into another."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import majiang
from majiang._core import parse_tiles
from majiang.errors import RecordError, loc_text
from majiang.game import EfficiencyBot, Game, play
from majiang.tiles import KINDS
from majiang.variants.guizhou.record import EXAMPLE, HandRecord

NOT_READY = ("678m23679p23459s", "2478m23469p3678s", "3578m23679p4567s", "578m1357p236s")


@cache
def _records(variant: str) -> tuple[dict[str, Any], ...]:
    out: list[dict[str, Any]] = []
    for seed in range(3):
        game = play(Game(variant, seed=seed, hands=3), [EfficiencyBot() for _ in range(4)])
        out += game.records
    return tuple(out)


def records(variant: str) -> list[dict[str, Any]]:
    return copy.deepcopy(list(_records(variant)))


def won(variant: str) -> dict[str, Any]:
    return next(r for r in records(variant) if r["win"] is not None)


def error(record: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        HandRecord.from_dict(record)
    assert str(info.value) == f"{loc_text(info.value.loc)}: {info.value.msg}"
    return info.value


@pytest.mark.parametrize("variant", ["guiyang", "tongren"])
def test_every_engine_record_checks_and_settles_as_the_engine_did(variant: str) -> None:
    for seed in range(3):
        game = play(Game(variant, seed=seed, hands=3), [EfficiencyBot() for _ in range(4)])
        for record, settled in zip(game.records, game.settlements, strict=True):
            assert majiang.settle(json.loads(json.dumps(record))) == settled


@pytest.mark.parametrize(
    ("where", "loc"),
    [
        ((), ("bogus",)),
        (("players", 2), ("players", 2, "bogus")),
        (("players", 1, "melds", 0), ("players", 1, "melds", 0, "bogus")),
        (("win",), ("win", "bogus")),
        (("result",), ("result", "bogus")),
    ],
)
def test_an_unknown_field_is_refused_where_it_is(
    where: tuple[Any, ...], loc: tuple[Any, ...]
) -> None:
    record = next(
        r for r in records("guiyang") if r["win"] is not None and r["players"][1]["melds"]
    ) if "melds" in where else won("guiyang")  # fmt: skip
    target: Any = record
    for part in where:
        target = target[part]
    target["bogus"] = 1
    e = error(record)
    assert e.loc == loc and "unknown field" in e.msg


def test_the_result_summary_must_say_what_win_says() -> None:
    record = won("guiyang")
    other = (record["win"]["winners"][0] + 1) % 4
    for field, value in (("winner", other), ("tile", "9z"), ("from", other), ("kind", "draw")):
        bad = copy.deepcopy(record)
        bad["result"][field] = value
        assert error(bad).loc[:2] == ("result", field)
    drawn = {**copy.deepcopy(EXAMPLE), "win": None, "result": {"kind": "draw"}}
    HandRecord.from_dict(drawn)
    drawn["result"] = {"kind": "win"}
    assert error(drawn).loc == ("result", "kind")
    drawn["result"] = {"kind": "draw", "winner": 0}
    assert error(drawn).loc == ("result", "winner")


def test_the_engine_fields_are_checked_too() -> None:
    record = won("tongren")
    record["dealer_streak"] = 0
    assert error(record).loc == ("dealer_streak",)
    record = won("tongren")
    record["win"]["gang_shang"] = 1
    assert error(record).loc == ("win", "gang_shang")


@pytest.mark.parametrize(
    ("field", "value"),
    [("discards", None), ("discards", []), ("melds", None), ("melds", "")],
)
def test_a_seat_field_of_the_wrong_type_is_refused_even_when_empty(field: str, value: Any) -> None:
    record = copy.deepcopy(EXAMPLE)
    record["players"][1][field] = value
    assert error(record).loc == ("players", 1, field)


def test_a_remembered_seat_keeps_no_baoting_or_profile() -> None:
    players: list[dict[str, Any]] = [{"hand": h} for h in (*NOT_READY[:3], "2233445566778s")]
    told = copy.deepcopy(players)
    told[3]["baoting"] = True
    tongren = {"variant": "tongren", "players": told, "win": None}
    assert HandRecord.from_dict(tongren).baoting == (False, False, False, True)
    # the same seats, remembered: Guiyang has no 报听, and a seat without the flag did not tell
    assert error({**tongren, "variant": "guiyang"}).loc == ("players", 3, "baoting")
    assert HandRecord.from_dict({**tongren, "players": players}).baoting == (False,) * 4


# ------------------------------------------------------------------ a fifth tile
def test_a_fifth_tile_is_named_where_it_appears() -> None:
    three = "1112223334449m"  # three 1m, one 9m (no other seat holds either)
    cases = [
        ({"discards": "1m1m"}, {"hand": three}, None, None, ("players", 3, "hand")),
        ({}, {"hand": three, "discards": "9m9m9m9m"}, None, None, ("players", 3, "discards")),
        ({}, {"hand": three, "discards": "9m9m9m"}, "9m", None, ("win", "tile")),
        ({}, {"hand": three, "discards": "9m9m9m"}, None, "9m", ("flip",)),
    ]
    for first, last, tile, flip, loc in cases:
        players = [{"hand": NOT_READY[0], **first}, {"hand": NOT_READY[1]}, {"hand": NOT_READY[2]}]
        win = None if tile is None else {"winners": [3], "from": None, "tile": tile}
        record = {"players": [*players, last], "win": win, "flip": flip}
        e = error(record)
        assert e.loc == loc and "a fifth" in e.msg, (e, loc)


def test_a_pond_of_hundreds_of_one_tile_is_refused() -> None:
    # hundreds of copies of one kind must not wrap into the next kind's count
    record = copy.deepcopy(EXAMPLE)
    record["players"][3]["discards"] = "1m" * 256
    assert error(record).loc == ("players", 3, "discards")


SUITED = st.sampled_from(KINDS[:27])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.lists(SUITED, max_size=14), min_size=4, max_size=4), st.lists(SUITED, max_size=2)
)
def test_the_tile_count_check_agrees_with_a_brute_force_count(
    ponds: list[list[str]], extra: list[str]
) -> None:
    hands = ["1112223334445m", "2233445566778s", "123456789p1234p", "6789m6789p6789s5p"]
    players = [{"hand": h, "discards": "".join(p)} for h, p in zip(hands, ponds, strict=True)]
    flip = extra[0] if extra else None
    record = {"variant": "guiyang", "players": players, "win": None, "flip": flip}
    seen: dict[str, int] = {}
    for text in [*hands, *("".join(p) for p in ponds), *(extra[:1])]:
        for tile in parse_tiles(text) if text else []:
            seen[tile] = seen.get(tile, 0) + 1
    fifth = any(n > 4 for n in seen.values())
    try:
        HandRecord.from_dict(record)
    except RecordError as e:
        assert fifth and "a fifth" in e.msg, e
    else:
        assert not fifth


# ------------------------------------------------------------------ malformed records
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*at, i))
    return out


def _resolves(record: Any, loc: tuple[Any, ...]) -> bool:
    value = record
    for i, part in enumerate(loc):
        if isinstance(value, dict):
            if part not in value:
                return i == len(loc) - 1
            value = value[part]
        elif isinstance(value, list) and type(part) is int and 0 <= part < len(value):
            value = value[part]
        else:
            return False
    return True


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_mutated_engine_record_raises_record_error_at_a_real_location(
    data: st.DataObject,
) -> None:
    seeds = records("guiyang") + records("tongren")
    record = json.loads(json.dumps(data.draw(st.sampled_from(seeds))))
    for _ in range(data.draw(st.integers(1, 2))):
        at = data.draw(st.sampled_from(_paths(record)))
        if not at:
            continue
        parent = record
        for part in at[:-1]:
            parent = parent[part]
        if data.draw(st.booleans()):
            parent[at[-1]] = data.draw(JSON)
        else:
            del parent[at[-1]]
    try:
        majiang.settle(record)
    except RecordError as e:
        if e.loc:
            assert _resolves(record, e.loc), (str(e), e.loc)
        assert str(e) == f"{loc_text(e.loc)}: {e.msg}"
    except majiang.RulesError:  # the variant's name itself was mutated
        assert record.get("variant") not in ("guiyang", "tongren")


def test_two_seats_each_with_a_fifth_of_their_own_are_refused() -> None:
    # found by the brute-force property test: two such seats' marks once cancelled out
    hands = ["1112223334445m", "2233445566778s", "123456789p1234p", "6789m6789p6789s5p"]
    ponds = ["", "", "1m" * 5, "1m" * 5]
    players = [{"hand": h, "discards": p} for h, p in zip(hands, ponds, strict=True)]
    e = error({"variant": "guiyang", "players": players, "win": None})
    assert e.loc == ("players", 2, "discards") and "a fifth 1m" in e.msg  # seat 0 holds three
