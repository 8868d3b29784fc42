"""Every example in the public docstrings runs and prints what it says."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import types

import pytest

import majiang
import majiang._core

# Every module of the package (the command-line entry ``__main__`` aside), found by walking it
# so that a new module cannot be forgotten.
MODULES: list[types.ModuleType] = [majiang] + [
    importlib.import_module(info.name)
    for info in pkgutil.walk_packages(majiang.__path__, "majiang.")
    if not info.name.endswith("__main__")
]


def _examples() -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests: list[doctest.DocTest] = []
    for module in MODULES:
        tests.extend(finder.find(module, module.__name__, extraglobs={"majiang": majiang}))
    for name in dir(majiang._core):
        obj = getattr(majiang._core, name)
        if callable(obj) and obj.__doc__ and ">>>" in obj.__doc__:
            tests.extend(finder.find(obj, name, module=False, globs={"majiang": majiang}))
    unique = {t.name: t for t in tests if t.examples}
    return sorted(unique.values(), key=lambda t: t.name)


@pytest.mark.parametrize("test", _examples(), ids=lambda t: t.name)
def test_docstring_examples(test: doctest.DocTest) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{test.name}: {runner.failures} failing example(s)"


def test_every_public_function_has_an_example() -> None:
    for name in majiang.__all__:
        obj = getattr(majiang, name)
        if callable(obj) and not isinstance(obj, type):
            assert obj.__doc__ and ">>>" in obj.__doc__, name
