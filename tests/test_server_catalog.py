"""``/api/catalog``: what the lobby offers, read from the code — the default variant, each
variant's names, and its options with the defaults, ranges and choices of its options
class (a room takes any one option set away from its default)."""

from __future__ import annotations

import dataclasses
import typing
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from server_process import ServerProcess

from majiang.server.app import TITLES, TableServer, catalog
from majiang.variants import get_variant
from majiang.variants.option_fields import number_range, options_module
from majiang.variants.registry import DEFAULT, lookup, names


def test_the_catalog_is_served_and_names_the_default(tmp_path: Path) -> None:
    proc = ServerProcess(tmp_path / "t.db").start()
    try:
        served = proc.get("/api/catalog")
        assert served == catalog()
        assert served["default"] == DEFAULT
        assert sorted(served["variants"]) == sorted(names())
        with urllib.request.urlopen(proc.url + "/replay/someroom/0", timeout=10) as page:
            assert page.status == 200 and b'<script type="module"' in page.read()
    finally:
        proc.stop()


@pytest.mark.parametrize("variant", sorted(names()))
def test_each_option_matches_its_class(variant: str) -> None:
    entry = catalog()["variants"][variant]
    assert entry["zh"] == TITLES[variant][0] and entry["en"] == TITLES[variant][1]
    table = get_variant(variant).table
    assert entry["seats"] == getattr(table, "seats", 4) and 2 <= entry["seats"] <= 4
    cls = lookup(variant).options
    fields = {f.name: f for f in dataclasses.fields(cls)} if cls is not None else {}
    assert [o["name"] for o in entry["options"]] == list(fields)
    for o in entry["options"]:
        default = fields[o["name"]].default
        assert o["default"] == default and type(o["default"]) is type(default)
        if o["kind"] == "int":
            assert (o["min"], o["max"]) == number_range(options_module(variant), o["name"])
            assert o["min"] <= default <= o["max"]
        elif o["kind"] == "bool":
            assert isinstance(default, bool)
        else:
            # one choice only where a room may add more (two_player's registered fan tables)
            assert default in o["choices"] and o["choices"]
            hint = typing.get_type_hints(cls, vars(options_module(variant)))[o["name"]]
            assert hint is not bool


@pytest.mark.parametrize("variant", sorted(names()))
def test_a_room_takes_each_option_away_from_its_default(variant: str) -> None:
    server = TableServer(":memory:")
    for o in catalog()["variants"][variant]["options"]:
        if o["kind"] == "bool":
            value = not o["default"]
        elif o["kind"] == "int":
            value = o["max"] if o["default"] != o["max"] else o["min"]
        else:
            other = [c for c in o["choices"] if c != o["default"]]
            if not other:
                continue  # nothing else to take
            value = other[0]
        config = {
            "variant": variant,
            "options": {o["name"]: value},
            "hands": 1,
            "seats": ["person"] + ["bot"] * (catalog()["variants"][variant]["seats"] - 1),
            "time_limit": 0.0,
        }
        room = server.create_room(config)
        assert room.info()["options"][o["name"]] == value
