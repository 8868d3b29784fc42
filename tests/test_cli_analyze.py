"""`majiang analyze` through the real entry point: output and bad input."""

from __future__ import annotations

import json

import pytest

from majiang.cli import main


def test_waiting_hand_lists_waits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "1112345678999m", "--rules", "standard", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["shanten"] == 0
    assert [w["tile"] for w in data["waits"]] == [f"{n}m" for n in range(1, 10)]


def test_jing_diao_wait_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s111z4p", "--indicator", "4p", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["jing_diao"] is True
    assert main(["analyze", "123m456p789s111z4p", "--indicator", "4p"]) == 0
    assert "精钓" in capsys.readouterr().out
    assert main(["analyze", "123m456p789s111z9p", "--indicator", "4p", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["jing_diao"] is False  # no jing held


def test_the_variant_gives_the_shapes_and_its_own_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Pingxiang's pair must be 2/5/8 (docs/rules/pingxiang.md): 13s with 55m waits on 2s only.
    assert main(["analyze", "123m456p789s13s55m", "--variant", "pingxiang", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "pingxiang" and [w["tile"] for w in data["waits"]] == ["2s"]
    assert "jing_diao" not in data and data["notes"] == []
    assert main(["analyze", "123m456p789s13s99m", "--variant", "pingxiang", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["waits"] == []  # a 9m pair is no 将
    # --rules still picks a core preset over the variant's.
    assert main(["analyze", "123m456p789s13s99m", "--rules", "standard", "--json"]) == 0
    assert [w["tile"] for w in json.loads(capsys.readouterr().out)["waits"]] == ["2s"]


def test_an_indicator_needs_a_variant_that_flips_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s13s55m", "--variant", "nanjing", "--indicator", "3m"]) == 2
    assert "nanjing flips no indicator" in capsys.readouterr().err


def test_full_hand_ranks_discards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s1122z5z", "--rules", "standard", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["discards"][0]["discard"] == "5z"


def test_complete_hand_shows_what_each_jing_stands_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyze", "12m4p456p789s11122z", "--indicator", "3p"]) == 0
    out = capsys.readouterr().out
    assert "shanten complete" in out
    assert "4p→3m" in out  # the 副精 4p stands in for the missing 3m


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["analyze", "11111m"], "5 copies of 1m"),
        (["analyze", "123x"], 'bad tile "123x" at position 0'),
        (["analyze", "123m", "--rules", "riichi"], "unknown rules preset"),
        (["analyze", "123m456p789s1234z", "--indicator", "1f"], "flower"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], captured.err
