"""What a new process imports: a shape query loads neither numpy nor the game engine, and
``majiang analyze`` neither the engine, the terminal tables nor the server; the names the
packages import on first use are the objects their modules define.

Timings are benchmarks (benches/cold_start.py, docs/performance.md); these tests check the
imports that the timings depend on.
"""

from __future__ import annotations

import json
import subprocess
import sys
from types import ModuleType

import pytest

import majiang
import majiang.game

HEAVY = ("numpy", "majiang.game.engine", "rich", "majiang.server")


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    ).stdout
    return set(json.loads(out.splitlines()[-1]))


def loaded(modules: set[str], name: str) -> bool:
    return name in modules or any(m.startswith(name + ".") for m in modules)


def test_a_shape_query_loads_no_numpy_no_engine_no_variant() -> None:
    modules = modules_after("import majiang; majiang.shanten('123m456p789s1122z')")
    for name in (*HEAVY, "majiang.game", "majiang.variants", "majiang.settlement", "majiang.batch"):
        assert not loaded(modules, name), name
    assert "majiang._core" in modules


def test_analyze_loads_no_engine_no_rich_no_server() -> None:
    code = (
        "import contextlib, io\n"
        "from majiang.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['analyze', '123m456p789s1122z']) == 0"
    )
    modules = modules_after(code)
    for name in HEAVY:
        assert not loaded(modules, name), name
    for other in ("play", "simulate", "serve", "replay", "settle"):
        assert f"majiang.cli.{other}" not in modules, other


@pytest.mark.parametrize("module", [majiang, majiang.game], ids=lambda m: m.__name__)
def test_lazy_names_are_the_modules_objects(module: ModuleType) -> None:
    table = module._LAZY
    for name, (source, attribute) in table.items():
        origin = sys.modules.get(source) or __import__(source, fromlist=["_"])
        expected = origin if attribute is None else getattr(origin, attribute)
        assert getattr(module, name) is expected, name
        assert name in dir(module)


@pytest.mark.parametrize("module", [majiang, majiang.game], ids=lambda m: m.__name__)
def test_every_exported_name_resolves(module: ModuleType) -> None:
    for name in module.__all__:
        assert getattr(module, name) is not None, name


@pytest.mark.parametrize(
    ("module", "name", "message"),
    [
        (majiang, "Gmae", r"module 'majiang' has no attribute 'Gmae'"),
        (majiang.game, "Engine", r"module 'majiang\.game' has no attribute 'Engine'"),
    ],
)
def test_an_unknown_name_is_an_attribute_error(module: object, name: str, message: str) -> None:
    with pytest.raises(AttributeError, match=message):
        getattr(module, name)


def test_first_use_in_a_fresh_process_gives_the_same_answers() -> None:
    code = (
        "import majiang\n"
        "print(majiang.Game('nanjing', seed=3).state.hands[0] is not None,"
        " majiang.settle is majiang.settlement.settle,"
        " majiang.batch.shanten.__module__)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    assert out == ["True", "True", "majiang.batch"]
