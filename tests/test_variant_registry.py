"""A variant is one :class:`VariantSpec`, registered in one place: each built-in package's
``VARIANT``, listed by ``registry.BUILT_IN``; an outside variant is one ``register`` call, and
its options class is found from the spec (never by looking for a module or a class name)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest

import majiang
from majiang.errors import ArgumentTypeError, RulesError
from majiang.game.simulation import BOTS
from majiang.room import BOT_NAMES, RoomConfig
from majiang.settlement import Settlement
from majiang.variants import get_variant, registry
from majiang.variants.option_fields import option_rows, room_fields, variant_options
from majiang.variants.options_doc import VARIANT_OPTIONS
from majiang.variants.protocol import TableRules, Variant
from majiang.variants.registry import (
    BUILT_IN,
    PACKAGES,
    lookup,
    names,
    package_of,
    register,
    unregister,
)
from majiang.variants.sichuan import EXAMPLE
from majiang.variants.spec import VariantSpec

VARIANTS = Path(majiang.__file__).parent / "variants"


def _spec_calls(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "VariantSpec"
    ]


def test_every_variant_folder_is_listed_once_and_nothing_else_is() -> None:
    folders = sorted(p.parent.name for p in VARIANTS.glob("*/__init__.py"))
    assert sorted({package_of(n) for n in BUILT_IN}) == folders
    assert len(set(BUILT_IN)) == len(BUILT_IN)
    assert set(PACKAGES) <= set(BUILT_IN) and not set(PACKAGES.values()) & set(BUILT_IN)


@pytest.mark.parametrize("name", BUILT_IN)
def test_each_package_defines_its_variant_once_in_its_init(name: str) -> None:
    package = VARIANTS / package_of(name)
    made = {p.name: _spec_calls(p) for p in package.glob("*.py") if _spec_calls(p)}
    assert list(made) == ["__init__.py"] and len(made["__init__.py"]) == 1
    module = importlib.import_module(f"majiang.variants.{package_of(name)}")
    family = getattr(module, "VARIANTS", None)
    if name in PACKAGES:  # a family: its VARIANTS are exactly the names mapped to it
        assert family is not None and not hasattr(module, "VARIANT")
        assert sorted(family) == sorted(n for n, p in PACKAGES.items() if p == package_of(name))
    else:
        assert family is None and module.VARIANT.name == name
    for path in package.glob("*.py"):  # the old second registration, the play object
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assigned = {
            t.id
            for n in tree.body
            if isinstance(n, ast.Assign)
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        assert "PLAY" not in assigned, path


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_built_in_spec_carries_the_whole_variant(name: str) -> None:
    spec = lookup(name)
    assert spec is lookup(name) and spec.name == name
    assert spec.play is not None and spec.table is not None and spec.table.name == name
    assert type(get_variant(name)) is spec.play
    assert spec.options is not None and dataclasses.is_dataclass(spec.options)
    assert spec.options.__module__ == f"majiang.variants.{package_of(name)}.options"
    assert VARIANT_OPTIONS[name] == spec.options.__name__
    assert spec.record is not None and spec.record.__name__ == "HandRecord"
    assert callable(spec.describe) and callable(spec.highlights)


def test_settle_dispatches_through_the_spec() -> None:
    record = dict(EXAMPLE)
    assert majiang.settle(record).deltas == lookup("sichuan").settle(record).deltas != (0,) * 4


def _nothing(record: Any) -> Settlement:
    return Settlement.from_items([])


@dataclasses.dataclass(frozen=True)
class DemoOptions:
    fast: bool = False
    """Deals quickly."""
    mode: Literal["a", "b"] = "a"
    """Which mode."""

    @classmethod
    def from_dict(cls, data: Any) -> DemoOptions:
        return cls(**dict(data or {}))


class DemoTable(Variant):
    table = TableRules(name="test-demo-spec", shapes="standard")


@pytest.fixture
def demo() -> Iterator[VariantSpec]:
    spec = VariantSpec("test-demo-spec", _nothing, DemoTable, tallied=("x",), options=DemoOptions)
    yield register(spec)
    unregister(spec.name)


def test_an_outside_spec_is_one_register_call(demo: VariantSpec) -> None:
    assert lookup("test-demo-spec") is demo and "test-demo-spec" in names()
    assert get_variant("test-demo-spec").table is DemoTable.table
    assert majiang.settle({"variant": "test-demo-spec"}).deltas == (0, 0, 0, 0)
    # its options class is the spec's: no module of that name, no class name looked for
    assert variant_options()["test-demo-spec"] is DemoOptions
    rows = option_rows("test-demo-spec")
    assert [(r.name, r.values, r.default, r.changes) for r in rows] == [
        ("fast", "true, false", "false", "Deals quickly."),
        ("mode", '"a", "b"', '"a"', "Which mode."),
    ]
    assert room_fields("test-demo-spec") == {}
    schema = RoomConfig.json_schema()["$defs"]["test-demo-spec_options"]
    assert schema["properties"]["mode"]["enum"] == ["a", "b"]


def test_the_old_register_form_still_works() -> None:
    spec = register("test-demo-old", _nothing, DemoTable, tallied=("y",))
    try:
        assert lookup("test-demo-old") is spec and spec.tallied == ("y",)
        assert spec.options is None and spec.record is None
        assert variant_options().get("test-demo-old") is None
        assert registry.Entry is VariantSpec
    finally:
        unregister("test-demo-old")
    with pytest.raises(RulesError, match="unknown variant 'test-demo-old'"):
        lookup("test-demo-old")


def test_register_refuses_a_spec_with_more_fields_and_a_name_without_settle() -> None:
    spec = VariantSpec("test-demo-bad", _nothing)
    with pytest.raises(ArgumentTypeError, match="comes alone"):
        register(spec, _nothing)
    with pytest.raises(ArgumentTypeError, match="comes alone"):
        register(spec, tallied=("x",))
    with pytest.raises(ArgumentTypeError, match="needs a settle function"):
        register("test-demo-bad")
    assert "test-demo-bad" not in names()


def test_a_spec_without_play_is_settled_not_played() -> None:
    register(VariantSpec("test-demo-settle-only", _nothing))
    try:
        assert lookup("test-demo-settle-only").table is None
        with pytest.raises(RulesError, match="can be settled but not played"):
            get_variant("test-demo-settle-only")
    finally:
        unregister("test-demo-settle-only")


def test_unregistering_a_built_in_brings_the_same_variant_back() -> None:
    first = lookup("gb")
    assert unregister("gb") is first
    assert lookup("gb") is first  # the package's one VARIANT, not a copy


def test_a_room_seat_names_the_bots_the_simulation_makes() -> None:
    assert sorted(BOT_NAMES) == sorted(BOTS)
