"""`majiang analyze` through the real entry point: output and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from majiang.cli import main
from majiang.variants import get_variant, names


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


def analyze(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed command (``python -m majiang analyze``) in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "majiang", "analyze", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("variant", names())
def test_every_variant_reports_its_own_rules(variant: str) -> None:
    done = analyze("123m456p789s55m12p", "--variant", variant, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["variant"] == data["rules"] == variant
    assert data["shape_rules"] == get_variant(variant).table.shapes
    text = analyze("123m456p789s55m12p", "--variant", variant).stdout
    assert text.splitlines()[1].startswith(f"rules   {variant}")


@pytest.mark.parametrize("variant", names())
def test_honours_only_where_the_variant_has_them(variant: str) -> None:
    done = analyze("123m456p789s55m11z", "--variant", variant)
    if any(k >= 27 for k in get_variant(variant).table.tiles if k < 34):
        assert done.returncode == 0, done.stderr
    else:  # Sichuan's 108 tiles: no honours, in the hand or a meld
        assert done.returncode == 2 and done.stdout == ""
        said = f"majiang: hand: {variant} plays without 1z (its 108 tiles: m, p, s)\n"
        assert done.stderr == said
        meld = analyze("123m456p789p55m", "--variant", variant, "--meld", "555z")
        assert meld.returncode == 2 and "--meld 555z" in meld.stderr


def test_sichuan_three_suits_are_not_complete() -> None:
    # Complete on the shapes, but three suits: 缺一门 says no.
    done = analyze("123m456m789p123s55s", "--variant", "sichuan", "--json")
    data = json.loads(done.stdout)
    assert data["shanten"] == -1 and data["complete"] is False
    assert data["suits"] == ["m", "p", "s"] and data["que_yi_men"] is False
    assert data["fewest"] == {"suit": "p", "tiles": 3}
    assert "decompositions" not in data and data["discards"]
    text = analyze("123m456m789p123s55s", "--variant", "sichuan").stdout
    assert "not complete: three suits held (缺一门)" in text
    assert "give one up to win (fewest: p, 3 tile(s))" in text
    assert "(on the shapes: the third suit still to give up)" in text
    # The same tiles in Nanjing (no such rule) are complete.
    nanjing = json.loads(analyze("123m456m789p123s55s", "--variant", "nanjing", "--json").stdout)
    assert nanjing["shanten"] == -1 and "decompositions" in nanjing
    # A waiting hand of three suits waits on nothing (the shapes would take 5s).
    waits = json.loads(analyze("123m456m789m123p5s", "--variant", "sichuan", "--json").stdout)
    assert waits["shanten"] == 0 and waits["waits"] == []
    two = json.loads(analyze("123m456m789m12p55p", "--variant", "sichuan", "--json").stdout)
    assert [w["tile"] for w in two["waits"]] == ["3p"] and two["que_yi_men"] is True


def test_sichuan_complete_hand_gets_its_fan() -> None:
    done = analyze("11223344556677p", "--variant", "sichuan", "--win", "7p", "--json")
    fan = json.loads(done.stdout)["fan"]
    assert fan["hands"] == ["清七对"] and fan["total"] == 4 and fan["capped"] == 3
    assert fan["win"] == "7p" and fan["self_drawn"] is False
    drawn = analyze("123m456m789m123p55p", "--variant", "sichuan", "--self-drawn")
    assert "番      平胡 0 + 自摸加番 1 = 1 番   (won on 5p, self-drawn)" in drawn.stdout
    melded = analyze("123m456m123p55p", "--variant", "sichuan", "--meld", "999m", "--json")
    fan = json.loads(melded.stdout)["fan"]
    assert fan["total"] == 0 and fan["hands"] == ["平胡"]
    # A meld of the third suit breaks 缺一门: not complete, no 番.
    third = json.loads(
        analyze("123m456m123p55p", "--variant", "sichuan", "--meld", "999s", "--json").stdout
    )
    assert third["complete"] is False and "fan" not in third


def test_a_flower_in_a_meld_is_one_line_and_exit_2() -> None:
    # Found by the property test: a flower (5f) in --meld escaped as a ValueError.
    done = analyze("123m456p789s55m", "--rules", "gb", "--meld", "5f")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "majiang: --meld: '5f' holds 5f, a flower: no meld\n"
