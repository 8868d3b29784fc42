"""Each Nanchang rule option changes exactly what it says, and nothing else.

Every case settles one record twice, with the default rules and with one option changed, and
compares the payment lines: only lines of the named reasons may differ, and the case checks
the new amounts.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from nanchang_records import qiang_gang_record, table_record, xia_fan_record

import majiang
from majiang.errors import RecordError, RulesError
from majiang.settlement import Settlement
from majiang.variants.nanchang.options import OPTION_SOURCES, NanchangOptions

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules" / "nanchang.md"


def changed_reasons(a: Settlement, b: Settlement) -> set[str]:
    """The reasons of the payment lines that differ between two settlements."""
    lines_a = Counter((p.payer, p.payee, p.amount, p.reason) for p in a.items)
    lines_b = Counter((p.payer, p.payee, p.amount, p.reason) for p in b.items)
    diff = (lines_a - lines_b) + (lines_b - lines_a)
    return {reason for _, _, _, reason in diff}


def amounts(s: Settlement, reason: str, payee: int | None = None) -> list[int]:
    return [p.amount for p in s.items if p.reason == reason and payee in (None, p.payee)]


def with_options(record: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {**record, "options": {**record.get("options", {}), **options}}


# Records the cases use.
def de_guo_discard() -> dict[str, Any]:  # 德国 平胡: seat 1 wins on seat 2; seat 3 holds a 4p
    return table_record("123m456m789s11s67p", "5p", winner=1, discarder=2, hands={3: "4p"})


def ping_hu_self_draw() -> dict[str, Any]:  # 平胡 with a wild 4p, seat 1 self-draws
    return table_record("123m456m789s11s6p4p", "7p", winner=1, discarder=None, hands={3: "4p"})


def ping_hu_discard() -> dict[str, Any]:  # the same hand on seat 2's discard
    return table_record("123m456m789s11s6p4p", "7p", winner=1, discarder=2, hands={3: "4p"})


def kongs_and_pond_jing() -> dict[str, Any]:  # kongs of each kind, a jing in a pond
    return table_record(
        "123m456m789s11s67p",
        "5p",
        winner=1,
        discarder=2,
        discards={2: "4p"},
        other_melds={
            0: [{"kind": "an_gang", "tiles": "1111z", "from": None}],
            2: [{"kind": "ming_gang", "tiles": "2222z", "from": 3}],
            3: [{"kind": "bu_gang", "tiles": "3333z", "from": 0}],
        },
    )


def gang_jing_draw() -> dict[str, Any]:  # 荒庄; seat 1 has 暗杠 4444p (副精) and a 3p
    return table_record(
        "",
        "",
        winner=None,
        discarder=None,
        hands={1: "3p"},
        other_melds={
            1: [{"kind": "an_gang", "tiles": "4444p", "from": None}],
            3: [{"kind": "ming_gang", "tiles": "7777z", "from": 1}],
        },
        discards={2: "3p"},
    )


def de_guo_xiao_qi_dui_self_draw() -> dict[str, Any]:
    return table_record("11m22m33s44s55p77z9s", "9s", winner=1, discarder=None, hands={3: "4p"})


def da_qi_dui_discard() -> dict[str, Any]:
    return table_record("111m222s555p99s7z4p", "7z", winner=1, discarder=2, hands={3: "4p"})


def jing_diao_gang_kai_de_guo() -> dict[str, Any]:
    return table_record(
        "123m456p789s3p",
        "3p",
        winner=1,
        discarder=None,
        melds=[{"kind": "ming_gang", "tiles": "9999m", "from": 3}],
        gang_kai=True,
    )


def di_hu() -> dict[str, Any]:
    return table_record(
        "123m456p789s234z5s", "5s", winner=1, discarder=0, di_hu=True, hands={3: "4p"}
    )


def streak_2_draw() -> dict[str, Any]:
    record = table_record("", "", winner=None, discarder=None, hands={2: "4p"})
    record["dealer_streak"] = 2
    record["chao_zhuang"] = True
    return record


Check = Callable[[Settlement, Settlement], None]


def _jing_count_discards(base: Settlement, changed: Settlement) -> None:
    assert base.pattern["jing_points"][2] == 1
    assert changed.pattern["jing_points"][2] == 0


def _bawang(base: Settlement, changed: Settlement) -> None:
    # seat 3's one 副精 alone: worth 1, doubled to 2 (霸王精 line 1) or + 10 (line 10)
    assert amounts(base, "霸王精") == [1, 1, 1]
    assert amounts(changed, "霸王精") == [10, 10, 10]


def _an_gang(base: Settlement, changed: Settlement) -> None:
    assert amounts(base, "暗杠") == [2, 2, 2]
    assert amounts(changed, "暗杠") == [3, 3, 3]


def _ming_gang(base: Settlement, changed: Settlement) -> None:
    assert amounts(base, "明杠") + amounts(base, "补杠") == [1] * 6
    assert amounts(changed, "明杠") + amounts(changed, "补杠") == [2] * 6


def _gang_jing_fu(base: Settlement, changed: Settlement) -> None:
    assert amounts(base, "杠精") == [10, 10, 10]
    assert amounts(changed, "杠精") == [20, 20, 20]


def _gang_jing_zheng(base: Settlement, changed: Settlement) -> None:
    assert amounts(changed, "杠精") == [40, 40, 40]


def _double_count(base: Settlement, changed: Settlement) -> None:
    assert amounts(changed, "杠精") == [14, 14, 14]


def _gang_points_on_draw(base: Settlement, changed: Settlement) -> None:
    assert amounts(base, "明杠") == [1, 1, 1]
    assert amounts(changed, "明杠") == []
    assert amounts(changed, "杠精") == [10, 10, 10]


def _da_qidui_base(base: Settlement, changed: Settlement) -> None:
    # seat 2 discards: 2 x 2 (放炮) = 4 -> 8; dealer 2 x 2 = 4 -> 8; seat 3 2 -> 4
    assert amounts(base, "胡牌分") == [4, 4, 2]
    assert amounts(changed, "胡牌分") == [8, 8, 4]


def _dealer_double(base: Settlement, changed: Settlement) -> None:
    # non-dealer self-draw: the dealer pays 1 x 2 (自摸) = 2 instead of 4
    assert amounts(base, "胡牌分") == [4, 2, 2]
    assert amounts(changed, "胡牌分") == [2, 2, 2]


def _de_bonus(base: Settlement, changed: Settlement) -> None:
    assert amounts(base, "德国") == [5]
    assert amounts(changed, "德国") == [10]


def _de_bonus_payers(base: Settlement, changed: Settlement) -> None:
    assert [(p.payer, p.amount) for p in base.by_reason("德国")] == [(2, 5)]
    assert [(p.payer, p.amount) for p in changed.by_reason("德国")] == [(0, 5), (2, 5), (3, 5)]


def _de_pairs(base: Settlement, changed: Settlement) -> None:
    # dealer 2 x 2 x 2 x 2 (德国) x 2 (德国小七对) = 32 -> 16
    assert amounts(base, "胡牌分") == [32, 16, 16]
    assert amounts(changed, "胡牌分") == [16, 8, 8]


def _jingdiao_de_bonus(base: Settlement, changed: Settlement) -> None:
    assert amounts(base, "德国") == [5, 5, 5]
    assert amounts(changed, "德国") == [10, 10, 10]


def _qiang_gang(base: Settlement, changed: Settlement) -> None:
    # dealer 1 x 2 (抢杠) x 2 (庄家) x 2 (德国) = 8 -> x 2 (抢杠) again = 16
    assert amounts(base, "胡牌分") == [8, 4, 4]
    assert amounts(changed, "胡牌分") == [16, 8, 8]


def _tian_di_scoring(base: Settlement, changed: Settlement) -> None:
    assert amounts(base, "地胡") == [20, 20, 20]
    assert amounts(changed, "地胡") == [40, 20, 20]  # [003]: 德国地胡 dealer 40, 闲家 20


def _tian_di_points(base: Settlement, changed: Settlement) -> None:
    assert amounts(changed, "地胡") == [30, 30, 30]


def _palou(base: Settlement, changed: Settlement) -> None:
    assert amounts(base, "副精") == [2, 2, 2]
    assert amounts(changed, "副精") == [1, 1, 1]


def _palou_on_penalties(base: Settlement, changed: Settlement) -> None:
    assert amounts(base, "荒庄") + amounts(base, "抄庄") == [5] * 6
    assert amounts(changed, "荒庄") + amounts(changed, "抄庄") == [10] * 6


def _huang_zhuang(base: Settlement, changed: Settlement) -> None:
    assert amounts(changed, "荒庄") == [3, 3, 3]


def _chao_zhuang(base: Settlement, changed: Settlement) -> None:
    assert amounts(changed, "抄庄") == [7, 7, 7]


def _xia_fan(base: Settlement, changed: Settlement) -> None:
    assert len(base.by_reason("下翻")) == 6
    assert changed.by_reason("下翻") == ()


def _discard_payers(base: Settlement, changed: Settlement) -> None:
    # 点炮一家付: only the discarder (seat 2) pays the hand, its own share
    assert [(p.payer, p.amount) for p in changed.by_reason("胡牌分")] == [
        (p.payer, p.amount) for p in base.by_reason("胡牌分") if p.payer == 2
    ]


def _di_fen(base: Settlement, changed: Settlement) -> None:
    assert [p.amount for p in changed.items] == [3 * p.amount for p in base.items]


def fed_chong_guan() -> dict[str, Any]:  # [000]'s example: seat 1 chowed seat 0's 副精 4p
    return {
        "variant": "nanchang",
        "dealer": 3,
        "jing_indicator": "3p",
        "players": [
            {"hand": "147m258s1234567z"},
            {"hand": "3p3p123m789m12s", "melds": [{"kind": "chi", "tiles": "456p", "from": 0}]},
            {"hand": "4p258m369s123456z"},
            {"hand": "369m179p47s12347z"},
        ],
        "result": {"kind": "win", "winner": 1, "tile": "3s", "from": None},
        "fed_jing": [{"seat": 1, "from": 0, "tile": "4p"}],
    }


def _feeder_pays(base: Settlement, changed: Settlement) -> None:
    # seats 2 and 3 no longer pay seat 1's 冲关; seat 0 pays it for all three
    assert sorted((p.payer, p.amount) for p in base.by_reason("冲关")) == [(0, 5), (2, 5), (3, 5)]
    assert sorted((p.payer, p.amount) for p in changed.by_reason("冲关")) == [(0, 5), (0, 20)]


CASES: list[tuple[str, Any, Callable[[], dict[str, Any]] | None, set[str], Check]] = [
    ("jing_count_discards", False, kongs_and_pond_jing, {"副精", "霸王精"}, _jing_count_discards),
    ("bawang_mode", "plus_10", de_guo_discard, {"霸王精"}, _bawang),
    ("an_gang_points", 3, kongs_and_pond_jing, {"暗杠"}, _an_gang),
    ("ming_gang_points", 2, kongs_and_pond_jing, {"明杠", "补杠"}, _ming_gang),
    ("gang_jing_bonus_fu", 20, gang_jing_draw, {"杠精"}, _gang_jing_fu),
    ("gang_jing_bonus_zheng", 40, None, {"杠精"}, _gang_jing_zheng),  # record below
    ("gang_jing_double_count", True, gang_jing_draw, {"杠精"}, _double_count),
    ("gang_points_on_draw", False, gang_jing_draw, {"明杠"}, _gang_points_on_draw),
    ("da_qidui_base", 4, da_qi_dui_discard, {"胡牌分"}, _da_qidui_base),
    ("dealer_double", "winner_or_discarder", ping_hu_self_draw, {"胡牌分"}, _dealer_double),
    ("de_bonus", 10, de_guo_discard, {"德国"}, _de_bonus),
    ("de_bonus_payers", "every_loser", de_guo_discard, {"德国"}, _de_bonus_payers),
    ("de_pairs_extra_double", False, de_guo_xiao_qi_dui_self_draw, {"胡牌分"}, _de_pairs),
    ("jingdiao_doubles_de_bonus", True, jing_diao_gang_kai_de_guo, {"德国"}, _jingdiao_de_bonus),
    ("qiang_gang_extra_double", True, qiang_gang_record, {"胡牌分"}, _qiang_gang),
    ("tian_di_hu_scoring", "seed003_variant", di_hu, {"地胡"}, _tian_di_scoring),
    ("tian_di_hu_points", 30, di_hu, {"地胡"}, _tian_di_points),
    ("palou", False, streak_2_draw, {"副精", "霸王精"}, _palou),
    ("palou_on_penalties", True, streak_2_draw, {"荒庄", "抄庄"}, _palou_on_penalties),
    ("huang_zhuang_penalty", 3, streak_2_draw, {"荒庄"}, _huang_zhuang),
    ("chao_zhuang_penalty", 7, streak_2_draw, {"抄庄"}, _chao_zhuang),
    # seat 2 also holds an upper jing, so the record has other payments 下翻 must not touch
    ("xia_fan", False, lambda: xia_fan_record(hands={2: "4p"}), {"下翻"}, _xia_fan),
    ("discard_payers", "discarder", ping_hu_discard, {"胡牌分"}, _discard_payers),
    ("di_fen", 3, streak_2_draw, {"副精", "霸王精", "荒庄", "抄庄"}, _di_fen),
    ("chong_guan_feeder_pays", True, fed_chong_guan, {"冲关"}, _feeder_pays),
]


def zheng_gang_jing_draw() -> dict[str, Any]:
    return table_record(
        "",
        "",
        winner=None,
        discarder=None,
        other_melds={1: [{"kind": "an_gang", "tiles": "3333p", "from": None}]},
        discards={2: "4p"},
    )


@pytest.mark.parametrize(
    ("name", "value", "build", "reasons", "check"), CASES, ids=[c[0] for c in CASES]
)
def test_option_changes_only_its_lines(
    name: str,
    value: Any,
    build: Callable[[], dict[str, Any]] | None,
    reasons: set[str],
    check: Check,
) -> None:
    record = (build or zheng_gang_jing_draw)()
    base = majiang.settle(record)
    changed = majiang.settle(with_options(record, **{name: value}))
    assert changed_reasons(base, changed) == reasons
    assert sum(changed.deltas) == 0
    check(base, changed)


def test_dealer_double_option_keeps_the_discarding_dealer_doubled() -> None:
    # "dealer doubling only when the dealer wins or discards": N←D still 4 from the dealer;
    # N←N the dealer pays 1 instead of 2.
    on_dealer = table_record("123m456m789s11s6p4p", "7p", winner=1, discarder=0, hands={3: "4p"})
    option = {"dealer_double": "winner_or_discarder"}
    s = majiang.settle(with_options(on_dealer, **option))
    assert amounts(s, "胡牌分") == [4, 1, 1]
    s = majiang.settle(with_options(ping_hu_discard(), **option))
    assert amounts(s, "胡牌分") == [1, 2, 1]


def test_indicator_out_of_the_wall_counts_as_a_copy() -> None:
    # The 3p indicator back in the wall (default) lets seat 1 kong all four 3p; with the option
    # off, the record has five 3p and is refused.
    majiang.settle(zheng_gang_jing_draw())
    with pytest.raises(RecordError, match=r"^players\[1\]\.melds\[0\]: a fifth 3p"):
        majiang.settle(with_options(zheng_gang_jing_draw(), indicator_back_in_wall=False))


def test_every_option_has_a_case_a_source_and_a_doc_line() -> None:
    names = {f.name for f in dataclasses.fields(NanchangOptions)}
    # passed_win is a rule of play: tests/test_game_rules.py plays both readings
    covered = {c[0] for c in CASES} | {"indicator_back_in_wall", "passed_win"}
    assert covered == names
    assert set(OPTION_SOURCES) == names
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("## 14. Settlement options") :]
    for name in names:
        assert f"`{name}`" in section, name


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"bawang": "double"}, r"^options: bawang: unknown option"),
        ({"palou": 1}, r"^options: palou: expected true or false"),
        ({"da_qidui_base": -1}, r"^options: da_qidui_base: expected a whole number"),
        ({"bawang_mode": "triple"}, r"^options: bawang_mode: 'triple' is not one of"),
        ({"de_bonus": True}, r"^options: de_bonus: expected a whole number"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        majiang.settle(with_options(de_guo_discard(), **options))
    with pytest.raises(RulesError):
        NanchangOptions.from_dict(options)
