"""docs/learning.md's examples run as written: its doctest blocks print what they say, its other
Python blocks run."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "learning.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_there_are_examples() -> None:
    assert len(BLOCKS) >= 3 and any(b.startswith(">>>") for b in BLOCKS)


@pytest.mark.parametrize("block", BLOCKS)
def test_rl_doc_examples(block: str) -> None:
    if block.startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(block, {}, "docs/learning.md", str(DOC), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0
    else:
        exec(compile(block, "docs/learning.md", "exec"), {})
