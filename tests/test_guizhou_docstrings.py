"""The Guizhou modules' examples run (test_docstrings walks registered packages only, and
variants/guizhou has no __init__.py until it is registered)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ("hands", "options", "record", "rules", "settle")


@pytest.mark.parametrize("name", MODULES)
def test_examples_run(name: str) -> None:
    module = importlib.import_module(f"majiang.variants.guizhou.{name}")
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = doctest.DocTestFinder().find(module)
    assert any(t.examples for t in tests)
    for t in tests:
        runner.run(t)
    assert runner.failures == 0
