"""``majiang serve``: its options, and a bad port refused before anything starts."""

from __future__ import annotations

import pytest

from majiang.cli import main


def test_serve_help_names_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["serve", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "docs/server.md"):
        assert option in out


def test_a_bad_port_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "port 70000 is not 0-65535" in capsys.readouterr().err
    with pytest.raises(SystemExit) as done:
        main(["serve", "--port", "eighty"])
    assert done.value.code == 2
