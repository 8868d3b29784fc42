"""``majiang settle FILE|-``: a table for people, JSON for programs, exit 2 on bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from nanchang_records import table_record

from majiang.cli import main


def record() -> dict[str, Any]:
    # 德国 平胡: seat 1 wins 5p on seat 2's discard; seat 3 holds one 4p (霸王精).
    return table_record("123m456m789s11s67p", "5p", winner=1, discarder=2, hands={3: "4p"})


def write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "hand.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_table_lists_every_payment_and_the_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["settle", write(tmp_path, record())]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "seat 1 wins on seat 2's discard: 平胡 德国"
    assert any(line.split()[:4] == ["2", "1", "4", "胡牌分"] for line in lines)
    assert any(line.split()[:4] == ["2", "1", "5", "德国"] for line in lines)
    assert any(line.split()[:4] == ["0", "3", "1", "霸王精"] for line in lines)
    # 德国 N←N 9 + 4 + 2 = 15 to seat 1; seat 3's 霸王精 2 from each.
    assert lines[-1].split() == ["total", "-6", "+13", "-11", "+4"]


def test_json_is_the_settlement(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", write(tmp_path, record()), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deltas"] == [-6, 13, -11, 4]
    assert data["pattern"]["de_guo"] == "德国"
    assert {"payer", "payee", "amount", "reason", "detail"} == set(data["items"][0])


def test_reads_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(record())))
    assert main(["settle", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deltas"] == [-6, 13, -11, 4]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not JSON"),
        ({**record(), "dealer": 9}, "dealer: expected a seat 0-3, got 9"),
        ({**record(), "variant": "hongkong"}, "variant: unknown variant 'hongkong'"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Any, message: str
) -> None:
    assert main(["settle", write(tmp_path, content)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1
    assert message in captured.err


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert "cannot read" in err


def test_bad_stdin_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("[1, 2"))
    assert main(["settle", "-"]) == 2
    assert capsys.readouterr().err.startswith("majiang: stdin: not JSON")
