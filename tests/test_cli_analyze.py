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


def test_gb_hand_with_declared_melds_is_scored(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyze", "234p55p", "--rules", "gb", "--meld", "123m", "--meld", "456m"]
    assert main([*argv, "--meld", "an:7777m", "--win", "5p"]) == 0
    out = capsys.readouterr().out
    assert "暗杠 2" in out and "= 5" in out  # with 连六, 缺一门, 无字
    assert "an_gang 7777m" in out
    # an exposed kong is 明杠; the flags reach the calculator
    flags = ["--self-drawn", "--last-tile", "--flowers", "2", "--seat-wind", "S", "--json"]
    assert main([*argv, "--meld", "7777m", "--win", "5p", *flags]) == 0
    fan = json.loads(capsys.readouterr().out)["fan"]
    names = {f["zh"] for f in fan["fans"]}
    assert {"明杠", "妙手回春", "花牌"} <= names and "暗杠" not in names
    assert "不求人" not in names  # melds declared: not fully concealed
    assert fan["flags"] == ["self_drawn", "last_draw"] and fan["seat_wind"] == "S"
    assert [m["kind"] for m in fan["melds"]] == ["chi", "chi", "ming_gang"]


def test_gb_knitted_straight_with_a_meld(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyze", "147m258p369s5z", "--rules", "gb", "--meld", "111z", "--json"]
    assert main(argv) == 0
    a = json.loads(capsys.readouterr().out)
    assert a["shapes"]["knitted_straight"] == 0
    assert [w["tile"] for w in a["waits"]] == ["5z"]
    assert main(["analyze", "147m258p369s55z", "--rules", "gb", "--meld", "111z", "--json"]) == 0
    fan = json.loads(capsys.readouterr().out)["fan"]
    assert "组合龙" in {f["zh"] for f in fan["fans"]} and fan["shape"] == "knitted_straight"


def test_gb_melds_count_only_is_not_scored(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "234p55p", "--rules", "gb", "--melds", "3"]) == 0
    assert "give each with --meld" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--meld", "124m"], "'124m' is no chow, pung or kong"),
        (["--meld", "an:777m"], "no chow, pung or kong"),
        (["--meld", "123m", "--melds", "2"], "2 meld(s) given but 1 written"),
        (["--meld", "123m", "--meld", "456m", "--meld", "789m", "--flowers", "9"], "--flowers"),
        (
            ["--meld", "123m", "--meld", "456m", "--meld", "777m", "--robbing", "--self-drawn"],
            "robbing",
        ),
    ],
)
def test_gb_bad_melds_and_flags_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", "234p55p", "--rules", "gb", "--win", "5p", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and fragment in captured.err, captured.err
