"""``majiang serve``: its options, and a bad port refused before anything starts."""

from __future__ import annotations

from pathlib import Path

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


def test_a_database_that_cannot_be_used_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database, but long enough to be read as one " * 40)
    for db in (text, tmp_path / "no" / "such" / "folder" / "t.db"):
        assert main(["serve", "--db", str(db), "--port", "0"]) == 2
        captured = capsys.readouterr()
        assert "serving" not in captured.out
        assert captured.err.count("\n") == 1 and "cannot use" in captured.err
        assert "Traceback" not in captured.err


def test_a_corrupt_finished_room_is_listed_as_broken(tmp_path: Path) -> None:
    import sqlite3

    from majiang.server import TableServer

    db = str(tmp_path / "t.db")
    server = TableServer(db)
    bots = {"variant": "nanchang", "options": {}, "hands": 1, "seats": ["bot"] * 4}
    done = server.create_room({**bots, "time_limit": 0.0})
    waiting = server.create_room({**bots, "seats": ["person"] * 4, "time_limit": 0.0})
    odd = server.create_room({**bots, "seats": ["person"] * 4, "time_limit": 0.0})
    assert done.status == "finished"
    con = sqlite3.connect(db)
    con.execute("UPDATE rooms SET config = '{not json' WHERE id = ?", (done.id,))
    con.execute("UPDATE rooms SET config = '[1, 2]' WHERE id = ?", (odd.id,))
    con.commit()
    con.close()
    again = TableServer(db)
    assert again.load() == 1 and list(again.rooms) == [waiting.id]
    assert sorted(again.broken) == sorted([done.id, odd.id])


def test_limits_can_be_changed_and_bad_ones_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from majiang.cli.serve import parse_limits

    limits = parse_limits(["creates=500", "address_rate=2.5", "address_rooms=1000"])
    assert (limits.creates, limits.address_rate, limits.address_rooms) == (500, 2.5, 1000)
    for bad in ("nope=1", "creates=x", "creates=0", "address_rate=nan", "rooms=1e99"):
        assert main(["serve", "--db", ":memory:", "--limit", bad]) == 2, bad
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--limit" in err, err
