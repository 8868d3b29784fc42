"""docs/engine.md's examples run as doctests (the seam's worked example among them)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "engine.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("block", BLOCKS)
def test_engine_doc_examples(block: str) -> None:
    test = doctest.DocTestParser().get_doctest(block, {}, "docs/engine.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"docs/engine.md example failed ({runner.failures} lines)"


def test_the_doc_has_the_worked_variant() -> None:
    assert any("class KongMoney(Variant)" in b for b in BLOCKS)
