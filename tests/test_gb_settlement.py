"""GB settlement (docs/rules/gb.md, "Settlement") and record checks.

Each test builds a full record; the other seats' tiles are filled from what the test hands
leave (they play no part in the payments). The expected 番 come from ``majiang.gb.fan`` called
directly, the payments from the rule (8 + 番 from each loser on a self-draw; 8 + 番 from the
discarder and 8 from the others on a discard).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import majiang
from majiang import gb
from majiang.errors import MajiangError, RecordError
from majiang.tiles import from_counts, to_counts
from majiang.variants.gb import HandRecord, settle

ROOT = Path(__file__).resolve().parent.parent


def meld(kind: str, tiles: str, source: int | None = None) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "from": source}


def record(
    winner_hand: str | None,
    tile: str | None = None,
    source: int | None = None,
    *,
    winner: int = 0,
    melds: Sequence[Sequence[dict[str, Any]]] = ((), (), (), ()),
    flowers: Sequence[str] = ("", "", "", ""),
    discards: Sequence[str] = ("", "", "", ""),
    dealer: int = 0,
    options: dict[str, Any] | None = None,
    **flags: Any,
) -> dict[str, Any]:
    """A record in JSON form; ``winner_hand`` None: a drawn hand."""
    used = [0] * 34
    for text in [m["tiles"] for ms in melds for m in ms] + [winner_hand or "", tile or ""]:
        for k, c in enumerate(to_counts(text)):
            used[k] += c
    for text in discards:
        for k, c in enumerate(to_counts(text)):
            used[k] += c
    players = []
    for seat in range(4):
        size = 13 - 3 * len(melds[seat])
        if seat == winner and winner_hand is not None:
            hand = winner_hand
        else:
            counts = [0] * 34
            for k in range(33, -1, -1):
                while counts[k] + used[k] < 4 and sum(counts) < size:
                    counts[k] += 1
            used = [u + c for u, c in zip(used, counts, strict=True)]
            hand = from_counts(counts)
        players.append(
            {
                "hand": hand,
                "melds": list(melds[seat]),
                "flowers": flowers[seat],
                "discards": discards[seat],
            }
        )
    result: dict[str, Any] = {"kind": "draw"}
    if winner_hand is not None:
        result = {"kind": "win", "winner": winner, "tile": tile, "from": source, **flags}
    return {
        "variant": "gb",
        "options": options or {},
        "dealer": dealer,
        "players": players,
        "result": result,
    }


def expected_deltas(winner: int, source: int | None, fan: int, base: int = 8) -> list[int]:
    deltas = [0] * 4
    for seat in range(4):
        if seat == winner:
            continue
        pay = base + fan if source is None or seat == source else base
        deltas[seat] -= pay
        deltas[winner] += pay
    return deltas


def test_self_draw_each_loser_pays_base_plus_fan() -> None:
    r = record("123m456m789m234p5p", "5p", None, winner=2)
    want = gb.fan("123m456m789m234p5p", "5p", self_drawn=True, seat=2, seat_wind=2)
    s = settle(r)
    assert s.pattern["fan"] == want.total == 23
    assert list(s.deltas) == expected_deltas(2, None, 23) == [-31, -31, 93, -31]
    assert all("8 (底分) + " in p.detail and p.amount == 31 for p in s.items)


def test_discard_discarder_pays_base_plus_fan_the_others_base() -> None:
    r = record("123m456m789m234p5p", "5p", 3, winner=1)
    want = gb.fan("123m456m789m234p5p", "5p", seat=1, seat_wind=1)
    s = settle(r)
    assert s.pattern["fan"] == want.total
    assert list(s.deltas) == expected_deltas(1, 3, want.total)
    by_payer = {p.payer: p for p in s.items}
    assert by_payer[3].amount == 8 + want.total and by_payer[3].reason == "点和"
    assert by_payer[0].amount == by_payer[2].amount == 8


def test_robbed_kong_pays_as_the_discarder() -> None:
    melds = ((), (meld("peng", "555p", 0),), (), ())
    r = record("123m456m789m22p34p", "5p", 1, winner=0, melds=melds, qiang_gang=True)
    s = settle(r)
    want = gb.fan("123m456m789m22p34p", "5p", robbing=True)
    assert "抢杠和" in s.pattern["hands"] and s.pattern["fan"] == want.total
    assert list(s.deltas) == expected_deltas(0, 1, want.total)


def test_flowers_score_but_do_not_reach_the_minimum() -> None:
    # 碰碰和 6 + ...: a hand below 8 without flowers stays a false win with 8 flowers.
    hand = "123m456p678s234s5m"  # 平和 门前清 ...: few 番
    plain = gb.fan(hand, "5m", self_drawn=False)
    assert plain.total_without_flowers < 8
    flowers = ("12345678f", "", "", "")
    with pytest.raises(RecordError, match=r"^result: 错和: .* below 起和 8"):
        settle(record(hand, "5m", 1, flowers=flowers))
    s = settle(record(hand, "5m", 1, flowers=flowers, options={"min_fan": 0}))
    assert s.pattern["fan"] == plain.total + 8
    assert s.pattern["fan_without_flowers"] == plain.total_without_flowers


def test_min_fan_option_changes_the_bar() -> None:
    hand = "123m456m789m22p34p"
    total = gb.fan(hand, "5p").total_without_flowers  # 清龙 16 + ...
    settle(record(hand, "5p", 1, options={"min_fan": total}))
    with pytest.raises(RecordError, match="错和"):
        settle(record(hand, "5p", 1, options={"min_fan": total + 1}))


def test_a_draw_pays_nothing() -> None:
    s = settle(record(None))
    assert s.deltas == (0, 0, 0, 0) and s.pattern == {"result": "draw"}


def test_base_option_is_the_stake() -> None:
    r = record("123m456m789m234p5p", "5p", None, options={"base": 2})
    assert list(settle(r).deltas) == expected_deltas(0, None, 23, base=2)


def test_last_copy_is_read_from_the_visible_tiles() -> None:
    # the winner waits on 3p (edge); the three other 3p lie in a pung: 和绝张
    hand = "123m456m789m12p55z"
    melds = ((), (meld("peng", "333p", 2),), (), ())
    assert "和绝张" in settle(record(hand, "3p", 3, melds=melds)).pattern["hands"]
    assert "和绝张" in settle(record(hand, "3p", None, melds=melds)).pattern["hands"]
    # two in a pond, one hidden in a hand: not 和绝张
    discards = ("", "3p3p", "", "")
    assert "和绝张" not in settle(record(hand, "3p", 3, discards=discards)).pattern["hands"]
    # all three in the ponds: 和绝张
    discards = ("", "3p3p", "3p", "")
    assert "和绝张" in settle(record(hand, "3p", 3, discards=discards)).pattern["hands"]


def test_last_tile_is_last_draw_or_last_claim() -> None:
    hand = "123m456m789m22p34p"
    assert "妙手回春" in settle(record(hand, "5p", None, last_tile=True)).pattern["hands"]
    assert "海底捞月" in settle(record(hand, "5p", 2, last_tile=True)).pattern["hands"]


def test_extras_are_off_by_default() -> None:
    hand = "123m456m789m22p34p"
    off = settle(record(hand, "5p", None, tian_hu=True))
    on = settle(record(hand, "5p", None, tian_hu=True, options={"extras": True}))
    assert "天和" not in off.pattern["hands"] and "天和" in on.pattern["hands"]
    assert on.pattern["fan"] == off.pattern["fan"] + 168


def test_sifang_dafa_replaces_big_four_winds() -> None:
    hand = "111z222z333z444z6z"
    off = settle(record(hand, "6z", None))
    on = settle(record(hand, "6z", None, options={"extras": True}))
    assert "大四喜" in off.pattern["hands"] and "四方大发" not in off.pattern["hands"]
    assert "四方大发" in on.pattern["hands"] and "大四喜" not in on.pattern["hands"]
    assert on.pattern["fan"] == off.pattern["fan"] - 88 + 168


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["result"].update(tile="9p"), r"^result.tile: 错和"),
        (lambda r: r["players"][0].update(hand="1111m56789m234p"), r"^players\[0\]\.hand"),
        (
            lambda r: r["players"][1].update(
                melds=[meld("chi", "135p", 0)], hand=r["players"][1]["hand"][4:]
            ),
            r"^players\[1\]\.melds\[0\]\.tiles",
        ),
        (lambda r: r["players"][1].update(melds=[meld("chi", "123p", 2)]), r"melds\[0\]\.from"),
        (lambda r: r["players"][2].update(flowers="1f"), r"^players\[2\]\.flowers.*twice"),
        (lambda r: r["players"][0].update(flowers="1m"), r"^players\[0\]\.flowers"),
        (lambda r: r.update(prevalent_wind=7), r"^prevalent_wind"),
        (lambda r: r["result"].update(ren_hu="yes"), r"^result\.ren_hu"),
        (lambda r: r["result"].update(gang_kai=True), r"^result"),
        (lambda r: r["options"].update(min_fan=-1), r"^options\.min_fan"),
        (lambda r: r["options"].update(bonus=1), r"^options\.bonus"),
    ],
)
def test_bad_records_name_the_field(change: Any, field: str) -> None:
    r = record("123m456m789m234p5p", "5p", None, flowers=("1f", "", "", ""))
    settle(r)
    change(r)
    with pytest.raises(RecordError, match=field):
        settle(r)


def test_a_fifth_copy_is_refused() -> None:
    r = record("123m456m789m234p5p", "5p", None)
    r["players"][1]["discards"] = "5p5p5p"
    with pytest.raises(RecordError, match="fifth 5p"):
        settle(r)


def test_flowers_off_refuses_flowers() -> None:
    r = record("123m456m789m234p5p", "5p", None, flowers=("1f", "", "", ""))
    r["options"] = {"flowers": False}
    with pytest.raises(RecordError, match=r"players\[0\]\.flowers: no flowers"):
        settle(r)


def test_record_round_trip_and_example_file() -> None:
    data = json.loads((ROOT / "examples" / "gb-hand.json").read_text("utf-8"))
    r = HandRecord.from_dict(data)
    assert HandRecord.from_dict(r.to_dict()) == r
    s = majiang.settle(data)
    assert settle(r).deltas == s.deltas and sum(s.deltas) == 0
    win = data["players"][1]
    want = gb.fan(
        win["hand"],
        "3z",
        melds=[("chi", "123p", 0), ("chi", "456p", 0)],
        self_drawn=True,
        seat=1,
        seat_wind=1,
        flowers=2,
    )
    assert s.pattern["fan"] == want.total
    assert list(s.deltas) == expected_deltas(1, None, want.total)


def _mutate(rng: random.Random, value: Any) -> Any:
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted(value))
        return {**value, key: _mutate(rng, value[key])}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        return [*value[:i], _mutate(rng, value[i]), *value[i + 1 :]]
    return rng.choice(
        [None, True, 0, 5, -1, "5p", "1f", "123m", "", [], {}, "x", 3, "555z", "chi", "an_gang"]
    )


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_mutated_records_settle_to_zero_or_raise_a_record_error(rng: random.Random) -> None:
    base = json.loads((ROOT / "examples" / "gb-hand.json").read_text("utf-8"))
    data = base
    for _ in range(rng.randint(1, 3)):
        data = _mutate(rng, data)
    try:
        s = settle(data)
    except RecordError:
        return
    except MajiangError as e:  # every refusal is a RecordError naming the field
        raise AssertionError(f"not a RecordError: {e!r}") from e
    assert sum(s.deltas) == 0


def test_cli_settle_and_analyze_gb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from majiang.cli import main

    data = json.loads((ROOT / "examples" / "gb-hand.json").read_text("utf-8"))
    del data["variant"]
    path = tmp_path / "gb.json"
    path.write_text(json.dumps(data), "utf-8")
    assert main(["settle", str(path), "--variant", "gb", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deltas"] == list(majiang.settle({**data, "variant": "gb"}).deltas)
    assert main(["settle", str(ROOT / "examples" / "pingxiang-hand.json"), "--variant", "gb"]) == 2
    assert "not gb" in capsys.readouterr().err
    hand = "123m456m789m234p55p"
    assert main(["analyze", hand, "--rules", "gb", "--self-drawn", "--json"]) == 0
    fan = json.loads(capsys.readouterr().out)["fan"]
    want = gb.fan("123m456m789m234p5p", "5p", self_drawn=True)
    assert fan["total"] == want.total
    assert [(f["zh"], f["points"]) for f in fan["fans"]] == [(z, p) for z, _e, p, _n in want.fans]
    assert main(["analyze", hand, "--variant", "gb", "--win", "2p"]) == 0
    assert "won on 2p, on a discard" in capsys.readouterr().out
    assert main(["analyze", hand, "--variant", "gb", "--win", "9s"]) == 2
