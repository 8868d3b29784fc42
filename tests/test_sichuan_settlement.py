"""Sichuan settlements: a worked example per payment kind (刮风下雨: 直杠, 面下杠, 暗杠;
呼叫转移; 查花猪; 查大叫 with 退税; 一炮多响 with three winners; 自摸加底; 点杠花), each line's
arithmetic in its detail, and the records that cannot have happened (RecordError naming the
field)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sichuan_records import meld, player, record, win

import majiang
from majiang.errors import MajiangError, RecordError
from majiang.variants.sichuan import EXAMPLE, HandRecord, settle

# Three winners: seat 1 self-draws 5m (清一色), seat 2 and seat 3 win on seat 0's discards.
LOSER = "1367m2468p13789s"
S1 = player("1112345678999m", "s")
S2 = player("1122334455667p", "m")
WINS = [win(1, "5m", None), win(2, "7p", 0), win(3, "9s", 0)]


def s3(kind: str, source: int | None) -> dict[str, Any]:
    return player("234567p78s99s", "m", [meld(kind, "5555s", source)])


def lines(settlement: majiang.Settlement, reason: str) -> list[tuple[int, int, int]]:
    return [(p.payer, p.payee, p.amount) for p in settlement.items if p.reason == reason]


def test_the_example_record_settles_to_zero_sum() -> None:
    s = settle(EXAMPLE)
    assert sum(s.deltas) == 0 and s.deltas == (-17, 24, 0, -7)
    assert majiang.settle(EXAMPLE).deltas == s.deltas  # through the registry


def test_zhi_gang_one_base_from_the_feeder() -> None:
    r = record(
        [player(LOSER, "p"), S1, S2, s3("ming_gang", 0)],
        WINS,
        [{"seat": 3, "kind": "ming_gang", "tile": "5s", "from": 0, "after_wins": 0}],
    )
    s = settle(r)
    assert lines(s, "直杠") == [(0, 3, 1)]
    assert "1 x 1 (base) from the feeder" in s.by_reason("直杠")[0].detail
    assert lines(s, "点炮")[-1] == (0, 3, 2)  # 平胡 + 根 (the kong): 2^1


def test_mian_xia_gang_one_base_from_each_seat_still_in_play() -> None:
    r = record(
        [player(LOSER, "p"), S1, S2, s3("bu_gang", 0)],
        WINS,
        [{"seat": 3, "kind": "bu_gang", "tile": "5s", "from": None, "after_wins": 1}],
    )
    assert lines(settle(r), "面下杠") == [(0, 3, 1), (2, 3, 1)]  # seat 1 had won: it pays nothing


def test_an_gang_two_bases_from_each_seat_still_in_play() -> None:
    r = record(
        [player(LOSER, "p"), S1, S2, s3("an_gang", None)],
        WINS,
        [{"seat": 3, "kind": "an_gang", "tile": "5s", "from": None, "after_wins": 0}],
        options={"base": 3},
    )
    s = settle(r)
    assert lines(s, "暗杠") == [(0, 3, 6), (1, 3, 6), (2, 3, 6)]
    assert "2 x 3 (base) from each seat in play" in s.by_reason("暗杠")[0].detail


def test_hu_jiao_zhuan_yi_the_kong_money_goes_to_the_gang_pao_winner() -> None:
    wins = [win(1, "5m", None), win(2, "7p", 3, gang_pao=True), win(3, "9s", 0)]
    kongs = [{"seat": 3, "kind": "an_gang", "tile": "5s", "from": None, "after_wins": 1}]
    r = record([player(LOSER, "p"), S1, S2, s3("an_gang", None)], wins, kongs)
    s = settle(r)
    assert lines(s, "暗杠") == [(0, 3, 2), (2, 3, 2)]
    assert lines(s, "呼叫转移") == [(3, 2, 4)]
    assert "杠上炮" in s.pattern["wins"][1]["scores"][0]["extras"]
    off = settle({**r, "options": {"hujiao_zhuanyi": False}})
    assert lines(off, "呼叫转移") == []
    assert off.deltas[3] - s.deltas[3] == 4


def test_yi_pao_duo_xiang_three_winners_each_paid_by_the_discarder() -> None:
    r = record(
        [
            player("222p333p444p666p7p", "m"),
            player("1112345678999m", "p"),
            player("123m46m789s111s99s", "p"),
            player("55m123s456s789s66s", "p"),
        ],
        [win([1, 2, 3], "5m", 0)],
    )
    s = settle(r)
    assert lines(s, "点炮") == [(0, 1, 4), (0, 2, 1), (0, 3, 1)]
    assert s.deltas == (-6, 4, 1, 1) and s.pattern["winners"] == [1, 2, 3]


def test_zimo_jia_di_adds_a_base_after_the_cap() -> None:
    s = settle({**EXAMPLE, "options": {"self_draw": "add_base"}})
    assert lines(s, "自摸")[0] == (0, 1, 5)  # 清一色 2^2 + 1
    assert "+ 1 (自摸加底)" in s.by_reason("自摸")[0].detail


def test_dian_gang_hua_as_a_discard_the_feeder_alone_pays() -> None:
    """Seat 1 kongs seat 2's 9p (直杠) and wins on the replacement draw (杠上花)."""
    s1 = player("1112345678m", "s", [meld("ming_gang", "9999p", 2)])
    wins = [win(1, "8m", None, gang_kai=True), win(2, "7p", 0), win(3, "9s", 0)]
    kongs = [{"seat": 1, "kind": "ming_gang", "tile": "9p", "from": 2, "after_wins": 0}]
    base = record([player(LOSER, "p"), s1, S2, s3("peng", 0)], wins, kongs)
    base["players"][3]["melds"] = [meld("peng", "555s", 0)]
    as_self_draw = settle(base)
    assert [x[0] for x in lines(as_self_draw, "自摸")] == [0, 2, 3]
    assert "杠上花" in as_self_draw.pattern["wins"][0]["scores"][0]["extras"]
    as_discard = settle({**base, "options": {"dian_gang_hua": "discard"}})
    assert [x[0] for x in lines(as_discard, "点杠花")] == [2]
    assert lines(as_discard, "自摸") == []


def _drawn_record(**options: Any) -> dict[str, Any]:
    """Seat 1 won; the wall ran out: seat 0 holds three suits (花猪), seat 2 is ready (清七对
    on 7p), seat 3 is not ready and made a 暗杠 (2 from each) it must hand back."""
    s3_ = player("24p567p13s79s9s", "m", [meld("an_gang", "5555s", None)])
    return record(
        [player(LOSER, "p"), S1, S2, s3_],
        [win(1, "5m", None)],
        [{"seat": 3, "kind": "an_gang", "tile": "5s", "from": None, "after_wins": 0}],
        options=options,
    )


def test_cha_hua_zhu_pays_16_bases_to_every_seat_that_is_not_hua_zhu() -> None:
    s = settle(_drawn_record())
    assert lines(s, "查花猪") == [(0, 1, 16), (0, 2, 16), (0, 3, 16)]
    assert s.pattern["huazhu"] == [0]
    only = settle(_drawn_record(huazhu_pays_winners=False))
    assert lines(only, "查花猪") == [(0, 2, 16), (0, 3, 16)]


def test_cha_da_jiao_with_refunds() -> None:
    s = settle(_drawn_record())
    assert lines(s, "查大叫") == [(3, 2, 8)]  # 清七对 4 番, capped at 3: 2^3
    assert "清七对" in s.by_reason("查大叫")[0].detail
    assert lines(s, "退税") == [(3, 0, 2), (3, 1, 2), (3, 2, 2)]
    assert s.pattern["ready"] == [2] and s.pattern["not_ready"] == [3]
    # kong +6, 查大叫 -8, 退税 -6, from the 花猪 +16, seat 1's 自摸 (清一色 3 番) -8
    assert s.deltas[3] == 6 - 8 - 6 + 16 - 8


def test_a_drawn_hand_without_pigs_or_waiters_moves_only_kong_money() -> None:
    r = _drawn_record()
    r["players"][0] = player("13679m1379s2468s", "p")  # two suits, not ready
    r["players"][2] = player("1357p2468p1368s9s", "m")  # not ready either
    s = settle(r)
    assert lines(s, "查花猪") == [] and lines(s, "查大叫") == []
    assert s.pattern["not_ready"] == [0, 2, 3]


# ------------------------------------------------------------------ bad records
def _broken(change: Any) -> dict[str, Any]:
    r = copy.deepcopy(EXAMPLE)
    change(r)
    return r


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["players"][3].update(hand="234567p78m99s"), "wins[2].tile"),  # three suits
        (lambda r: r["players"][1].update(void="m"), "wins[0].tile"),  # holds its void
        (lambda r: r["wins"].append(win(1, "6m", None)), "wins[3].winner"),  # wins twice
        (lambda r: r.update(result={"kind": "draw"}), "result.kind"),  # 查大叫 without a draw
        (lambda r: r["players"][0].update(discards="1m"), "players[0].discards"),  # a fifth 1m
        (lambda r: r["players"][0].update(hand="1367m2468p1357z"), "players[0].hand"),
        (lambda r: r["players"][2].update(void=None), "players[2].void"),
        (
            lambda r: r["kongs"].append(
                {"seat": 0, "kind": "an_gang", "tile": "1m", "after_wins": 0}
            ),
            "kongs",
        ),
        (lambda r: r["wins"].__setitem__(2, win(3, "9s", 1)), "wins[2].from"),  # seat 1 is out
        (
            lambda r: r["players"][3]["melds"].append(meld("chi", "123s", 2)),
            "players[3].melds[1].kind",
        ),
    ],
)
def test_records_that_cannot_have_happened(change: Any, field: str) -> None:
    with pytest.raises(RecordError) as e:
        settle(_broken(change))
    assert str(e.value).startswith(field), str(e.value)


def test_a_kong_paid_by_a_seat_already_out_is_refused() -> None:
    r = record(
        [player(LOSER, "p"), S1, S2, s3("ming_gang", 1)],
        WINS,
        [{"seat": 3, "kind": "ming_gang", "tile": "5s", "from": 1, "after_wins": 1}],
    )
    with pytest.raises(RecordError, match=r"^kongs\[0\]\.from: seat 1 had won"):
        settle(r)


def test_a_record_round_trips() -> None:
    r = HandRecord.from_dict(_drawn_record())
    assert HandRecord.from_dict(r.to_dict()) == r
    assert settle(r).deltas == settle(r.to_dict()).deltas


# ------------------------------------------------------------------ the input path, fuzzed
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    path=st.lists(
        st.sampled_from(
            [
                "players",
                0,
                1,
                2,
                3,
                "wins",
                "kongs",
                "hand",
                "melds",
                "void",
                "winner",
                "tile",
                "from",
                "result",
                "options",
                "kind",
                "after_wins",
                "dealer",
            ]
        ),
        min_size=1,
        max_size=4,
    ),
    value=JSONISH,
)
def test_any_mutation_is_settled_or_refused_with_a_majiang_error(
    path: list[Any], value: Any
) -> None:
    r: Any = copy.deepcopy(EXAMPLE)
    r["kongs"] = [{"seat": 3, "kind": "an_gang", "tile": "1s", "from": None, "after_wins": 0}]
    target = r
    for key in path[:-1]:
        try:
            target = target[key]
        except (KeyError, IndexError, TypeError):
            return
    try:
        target[path[-1]] = value
    except (TypeError, IndexError):
        return
    before = copy.deepcopy(r)
    try:
        s = settle(r)
    except MajiangError:
        pass
    else:
        assert sum(s.deltas) == 0
    assert r == before  # the input is never changed


def _xueliu_record() -> dict[str, Any]:
    from majiang.game import EfficiencyBot, Game, play

    for seed in range(20):
        game = play(Game("sichuan", seed=seed, options={"xueliu": True}),
                    [EfficiencyBot() for _ in range(4)])  # fmt: skip
        record = game.records[0]
        seats = [s for w in record["wins"] for s in
                 (w["winner"] if isinstance(w["winner"], list) else [w["winner"]])]  # fmt: skip
        if len(seats) > len(set(seats)):
            return copy.deepcopy(record)
    raise AssertionError("no seat won twice")


def test_xueliu_each_win_is_scored_on_the_hand_it_was_won_with() -> None:
    record = _xueliu_record()
    s = settle(record)
    assert sum(s.deltas) == 0 and len(s.pattern["wins"]) == len(record["wins"])
    without = copy.deepcopy(record)
    del without["wins"][0]["hands"]
    with pytest.raises(RecordError, match=r"^wins\[0\]\.hands"):
        settle(without)
    as_xuezhan = {**record, "options": {**record["options"], "xueliu": False}}
    with pytest.raises(RecordError):
        settle(as_xuezhan)  # a seat winning twice, or hands given outside 血流成河


# ------------------------------------------------------------------ the tile count, brute force
def _first_fifth(r: dict[str, Any]) -> str | None:
    """Brute force: the field where a fifth copy of a kind first appears, counting the hands
    (all four; when they alone hold a fifth, hand by hand), then the melds, the discards and
    the wins' tiles, in record order; None when no kind is there five times."""
    from majiang.tiles import to_counts

    def kinds(text: str) -> list[int]:
        counts = to_counts(text) if text else [0] * 34
        return [k for k in range(34) for _ in range(counts[k])]

    players = r["players"]
    fields: list[tuple[str, list[int]]] = []
    hands = [kinds(p["hand"]) for p in players]
    total = [0] * 34
    for h in hands:
        for k in h:
            total[k] += 1
    if max(total) > 4:
        fields += [(f"players[{s}].hand", h) for s, h in enumerate(hands)]
        start = [0] * 34
    else:
        start = total
    for s, p in enumerate(players):
        for i, m in enumerate(p.get("melds") or []):
            fields.append((f"players[{s}].melds[{i}]", kinds(m["tiles"])))
    for s, p in enumerate(players):
        fields.append((f"players[{s}].discards", kinds(p.get("discards") or "")))
    fields += [(f"wins[{i}].tile", kinds(w["tile"])) for i, w in enumerate(r["wins"])]
    seen = list(start)
    for name, ks in fields:
        for k in ks:
            seen[k] += 1
            if seen[k] > 4:
                return name
    return None


def test_the_tile_count_agrees_with_a_brute_force() -> None:
    """The check's packed tile count (a sum of packed counts, the field-by-field count only
    when it finds a fifth, and for more than 32 wins) against the brute force above, on
    records with random tiles added to the ponds and wins repeated (血流成河: up to 40)."""
    import random

    rng = random.Random(1313)
    bases = [EXAMPLE, _drawn_record(), _xueliu_record()]
    suits = "mps"
    fifths = 0
    for _ in range(400):
        r: Any = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.randrange(4)):
            p = r["players"][rng.randrange(4)]
            extra = "".join(f"{rng.randrange(1, 10)}{rng.choice(suits)}" for _ in range(3))
            p["discards"] = (p.get("discards") or "") + extra
        if r.get("options", {}).get("xueliu") and rng.random() < 0.5:
            r["wins"] = r["wins"] + [copy.deepcopy(r["wins"][0])] * rng.randrange(1, 41)
        expected = _first_fifth(r)
        try:
            settle(r)
        except RecordError as e:
            if expected is None:
                assert "a fifth" not in str(e), str(e)
            else:
                fifths += 1
                assert str(e).startswith(f"{expected}: a fifth "), (str(e), expected)
        else:
            assert expected is None
    assert fifths > 100


def test_tui_shui_a_hua_zhu_hands_back_its_kong_money_too() -> None:
    """退税 covers the 花猪 as well as the seats not ready: "必须退回全部刮风下雨所得"."""
    r = _drawn_record()
    r["players"][0] = player("1367m246p138s", "s", [meld("an_gang", "9999p", None)])
    r["kongs"].insert(0, {"seat": 0, "kind": "an_gang", "tile": "9p", "from": None,
                          "after_wins": 0})  # fmt: skip
    s = settle(r)
    assert s.pattern["huazhu"] == [0]
    assert lines(s, "暗杠")[:3] == [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    assert [x for x in lines(s, "退税") if x[0] == 0] == [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
