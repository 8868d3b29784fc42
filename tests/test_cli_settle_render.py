"""The settlement table shared by ``settle``, ``replay`` and ``play`` (rich, plain when piped)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import majiang
from majiang.cli import main
from majiang.cli.console import console
from majiang.cli.table_view import settlement_view
from majiang.settlement import Payment, Settlement

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "nanchang-hand.json"


def shown(s: Settlement) -> list[str]:
    buf = io.StringIO()
    console(buf).print(settlement_view(s))
    return buf.getvalue().splitlines()


def test_settle_prints_one_row_per_payment_and_the_totals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["settle", str(EXAMPLE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    s = majiang.settle(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert lines[0] == "seat 1 wins self-drawn: 平胡 精钓"
    assert "payer  payee  amount  reason    how" in lines
    rows = [line.split(maxsplit=4) for line in lines if line[:5].strip().isdigit()]
    assert rows == [
        [str(p.payer), str(p.payee), str(p.amount), p.reason, p.detail] for p in s.items
    ]
    assert lines[-2:] == [
        "seat        0       1       2       3",
        "total      -7     +13     -11      +5",
    ]
    assert all(line == line.rstrip() for line in lines)


def test_a_draw_has_its_headline() -> None:
    s = Settlement.from_items([Payment(0, 3, 5, "荒庄")], pattern={"result": "draw"})
    lines = shown(s)
    assert lines[0] == "exhaustive draw (荒庄)"
    assert lines[-1].split() == ["total", "-5", "+0", "+0", "+5"]


def test_no_payments() -> None:
    lines = shown(Settlement.from_items([], pattern={}))
    assert lines[0] == "no payments"
    assert lines[-1].split() == ["total", "+0", "+0", "+0", "+0"]


PINGXIANG_RECORD = {
    "variant": "pingxiang",
    "dealer": 0,
    "players": [
        {"hand": "1112223335m", "melds": [{"kind": "peng", "tiles": "888m", "from": 2}]},
        {"hand": "147m258p369s1234z"},
        {"hand": "22p33p44p66s88s777z"},
        {"hand": "567m567p78s8p9s135z"},
    ],
    "result": {"kind": "win", "winner": 0, "tile": "5m", "from": None},
}


def test_settle_shows_a_pingxiang_hand_by_its_big_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pingxiang.json"
    path.write_text(json.dumps(PINGXIANG_RECORD, ensure_ascii=False), encoding="utf-8")
    assert main(["settle", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "seat 0 wins self-drawn: 清一色 对对胡 带真将 (16 番)"
    assert lines[-1].split() == ["total", "+48", "-16", "-16", "-16"]
