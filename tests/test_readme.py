"""The README's examples run as written and print what the README says they print."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from majiang.cli import main

README = Path(__file__).resolve().parent.parent / "README.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("block", _blocks("python"))
def test_python_examples_run(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(README.parent)  # the examples use paths from the repository root
    exec(compile(block, "README.md", "exec"), {})


def _cli_examples() -> list[tuple[str, list[str]]]:
    """Each `$ .venv/bin/majiang ...` line with the output lines shown under it."""
    examples = []
    for block in _blocks("sh"):
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("$ .venv/bin/majiang "):
                shown = []
                for out in lines[i + 1 :]:
                    if out.startswith("$ "):
                        break
                    shown.append(out)
                examples.append((line.removeprefix("$ .venv/bin/majiang "), shown))
    return examples


@pytest.mark.parametrize(("command", "shown"), _cli_examples())
def test_cli_examples_print_what_the_readme_shows(
    command: str,
    shown: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import shlex

    monkeypatch.chdir(README.parent)
    assert main(shlex.split(command)) == 0
    printed = capsys.readouterr().out.splitlines()
    for line in shown:
        if "..." in line:
            # an elided line: what precedes the ellipsis must start some printed line
            prefix = line.split("...")[0].rstrip()
            assert any(p.startswith(prefix) for p in printed), line
        elif line.strip():
            assert line in printed, line


def test_readme_has_cli_examples() -> None:
    assert len(_cli_examples()) >= 2
