"""Every example in the settlement modules' docstrings runs and prints what it says."""

from __future__ import annotations

import doctest
import importlib
import inspect

import pytest

import majiang

MODULES = [
    "majiang.settlement",
    "majiang.cli.settle",
    "majiang.variants.nanchang",
    "majiang.variants.nanchang.facts",
    "majiang.variants.nanchang.hands",
    "majiang.variants.nanchang.jing",
    "majiang.variants.nanchang.kongs",
    "majiang.variants.nanchang.options",
    "majiang.variants.nanchang.readings",
    "majiang.variants.nanchang.record",
    "majiang.variants.nanchang.settle",
    "majiang.variants.nanchang.tile_counts",
]


def _examples() -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests: list[doctest.DocTest] = []
    for name in MODULES:
        module = importlib.import_module(name)
        tests += finder.find(module, name, extraglobs={"majiang": majiang})
    return sorted((t for t in tests if t.examples), key=lambda t: t.name)


@pytest.mark.parametrize("test", _examples(), ids=lambda t: t.name)
def test_docstring_examples(test: doctest.DocTest) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{test.name}: {runner.failures} failing example(s)"


@pytest.mark.parametrize("name", MODULES)
def test_public_functions_have_an_example(name: str) -> None:
    module = importlib.import_module(name)
    for attr in getattr(module, "__all__", []):
        obj = getattr(module, attr)
        if inspect.isfunction(obj):
            assert obj.__doc__ and ">>>" in obj.__doc__, f"{name}.{attr}"
