"""majiang.RoomConfig: one checked room configuration for Game, simulate and the CLI."""

from __future__ import annotations

import dataclasses
import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import majiang
from majiang import RoomConfig, RulesError
from majiang.cli import main
from majiang.game import play
from majiang.game.simulation import make_bots, simulate
from majiang.variants.options_doc import VARIANT_OPTIONS
from majiang.variants.registry import package_of


def test_round_trip_and_json() -> None:
    room = RoomConfig.from_dict(
        {"variant": "nanjing", "hands": 4, "hand_cap": 300, "options": {"waibao": True}}
    )
    assert RoomConfig.from_dict(room.to_dict()) == room
    assert RoomConfig.from_json(json.dumps(room.to_dict())) == room
    assert room.game_options() == {"waibao": True, "hand_cap": 300}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"variant": "sichuan-ish"}, "variant"),
        ({"colour": "red"}, "colour"),
        ({"options": {"bawang": 1}}, "options.bawang"),
        ({"variant": "nanjing", "options": {"kong_an": -1}}, "options.kong_an"),
        ({"variant": "pingxiang", "options": {"luanjiang_fan": 6}}, "options.luanjiang_fan"),
        ({"options": []}, "options"),
        ({"hands": 0}, "hands"),
        ({"stake": 0}, "stake"),
        ({"variant": "nanjing", "stake": 2}, "stake"),
        ({"variant": "nanchang", "match_cap": 100}, "match_cap"),
        ({"variant": "pingxiang", "hand_cap": 100}, "hand_cap"),
        ({"stake": 2, "options": {"di_fen": 4}}, "stake"),
        ({"bots": ["efficiency"] * 3}, "bots"),
        ({"bots": ["efficiency", "efficiency", "efficiency", "bob"]}, "bots[3]"),
    ],
)
def test_bad_rooms_are_refused_naming_the_field(data: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError) as e:
        RoomConfig.from_dict(data)
    assert str(e.value).startswith(f"{field}:"), str(e.value)


def test_common_fields_land_on_the_variants_options() -> None:
    assert RoomConfig("nanchang", stake=4).game_options() == {"di_fen": 4}
    assert RoomConfig("pingxiang", stake=10).game_options() == {"base": 10}
    assert RoomConfig("nanjing", match_cap=200).game_options() == {"yuanzi": 200}
    # the same value given both ways is no conflict
    assert RoomConfig("nanchang", stake=4, options={"di_fen": 4}).game_options() == {"di_fen": 4}


def test_game_plays_the_room() -> None:
    room = RoomConfig("nanchang", hands=3, stake=4, options={"discard_payers": "discarder"})
    g = play(majiang.Game(room, seed=4), make_bots(room.bot_names()))
    assert len(g.records) == 3
    for record, s in zip(g.records, g.settlements, strict=True):
        assert record["options"] == {"discard_payers": "discarder", "di_fen": 4}
        assert all(p.amount % 4 == 0 for p in s.items)
        assert majiang.settle(record).deltas == s.deltas
    same = majiang.Game("nanchang", seed=4, options=room.game_options(), hands=3)
    assert play(same, make_bots(room.bot_names())).scores == g.scores


def test_game_refuses_options_beside_a_room() -> None:
    with pytest.raises(RulesError, match=r"^options:"):
        majiang.Game(RoomConfig(), options={"palou": False})


def test_simulate_takes_a_room() -> None:
    room = RoomConfig("pingxiang", hands=2, stake=5, bots=("random", "efficiency") * 2)
    by_room = simulate(4, seed=2, config=room)
    by_hand = simulate(
        4,
        seed=2,
        variant="pingxiang",
        options={"base": 5},
        bots=list(room.bots),
        per_game=2,
    )
    assert by_room == by_hand
    with pytest.raises(RulesError, match=r"^config:"):
        simulate(4, config=room, variant="nanjing")
    with pytest.raises(RulesError, match=r"^bots:"):
        simulate(4, config=RoomConfig(bots=("human", "efficiency", "efficiency", "efficiency")))


def test_cli_simulate_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "room.json"
    path.write_text(json.dumps({"variant": "nanjing", "hands": 2, "match_cap": 100}))
    assert main(["simulate", "--hands", "4", "--config", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "nanjing" and out["hands"] == 4
    path.write_text(json.dumps({"variant": "nanjing", "options": {"nope": True}}))
    assert main(["simulate", "--hands", "4", "--config", str(path)]) != 0
    assert "options.nope" in capsys.readouterr().err


def test_json_schema_describes_every_option_as_the_parsers_take_them() -> None:
    schema = RoomConfig.json_schema()
    json.dumps(schema)  # JSON-ready
    assert set(schema["properties"]) == set(majiang.room.ROOM_KEYS)
    for variant, name in VARIANT_OPTIONS.items():
        options = schema["$defs"][f"{variant}_options"]
        assert options["additionalProperties"] is False
        module = importlib.import_module(f"majiang.variants.{package_of(variant)}.options")
        cls = getattr(module, name)
        assert set(options["properties"]) == {f.name for f in dataclasses.fields(cls)}
        for option, prop in options["properties"].items():
            inner = prop["anyOf"][0] if "anyOf" in prop else prop
            good: list[Any] = list(inner.get("enum", []))
            bad: list[Any] = ["no such value"] if "enum" in inner else []
            if inner.get("type") == "boolean":
                good, bad = [True, False], [1]
            if inner.get("type") == "integer":
                good, bad = [inner["minimum"]], [inner["minimum"] - 1, True]
            for value in good:
                RoomConfig(variant, options={option: value})
            for value in bad:
                with pytest.raises(RulesError):
                    RoomConfig(variant, options={option: value})


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 600) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=12,
)
KEYS = st.sampled_from([*majiang.room.ROOM_KEYS, "seats"])


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(KEYS, JSONISH, max_size=5))
def test_any_json_is_a_room_or_a_rules_error(data: dict[str, Any]) -> None:
    try:
        room = RoomConfig.from_dict(data)
    except RulesError:
        return
    assert RoomConfig.from_dict(room.to_dict()) == room


def test_cli_play_config_seats_the_human(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    path = tmp_path / "room.json"
    room = {
        "variant": "pingxiang",
        "hands": 2,
        "stake": 5,
        "bots": ["random", "efficiency", "human", "random"],
    }
    path.write_text(json.dumps(room))
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 600))
    assert main(["play", "--seed", "3", "--config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "pingxiang" in out and "you are seat 2" in out
    assert "── hand 2 of 2: you are seat 2 ──" in out
    totals = [line.split()[1:] for line in out.splitlines() if line.startswith("total ")]
    assert totals and all(int(x) % 5 == 0 for t in totals for x in t)
    path.write_text(json.dumps({**room, "bots": ["human"] * 4}))
    assert main(["play", "--config", str(path)]) != 0
