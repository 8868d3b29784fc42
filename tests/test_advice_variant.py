"""``majiang.advice(..., variant=...)``: a wait the variant's ``may_win`` refuses is no wait
(checked hand by hand against the variant object), a refused win is no win in the chances,
and bad arguments are refused with a MajiangError naming them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import majiang
from majiang.errors import ArgumentTypeError, MajiangError, RulesError
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX, KINDS, to_counts
from majiang.variants import get_variant
from majiang.variants.protocol import WinQuery


def accepted(
    variant: str, options: dict[str, object], hand: list[int], melds: tuple[Meld, ...], tile: int
) -> bool:
    v = get_variant(variant).bind(options)
    return bool(v.may_win(WinQuery(0, tile, None, hand, melds)))


def check_against_variant(
    variant: str, options: dict[str, object], hand: list[int], melds: tuple[Meld, ...] = ()
) -> int:
    """Every figure equals the plain advice's, but each ready discard's waits are the plain
    waits the variant accepts. Returns how many waits were refused."""
    rules = get_variant(variant).table.shapes
    count: int | tuple[Meld, ...] = melds if melds else 0
    plain = majiang.advice(hand, rules=rules, melds=len(melds), chances=False, draws=10)
    got = majiang.advice(
        hand, variant=variant, options=options, melds=count, chances=False, draws=10
    )
    by = {a.discard: a for a in plain}
    refused = 0
    assert len(got) == len(plain)
    for a in got:
        p = by[a.discard]
        assert a.shanten == p.shanten
        if a.shanten >= 2:
            assert a == p
        if a.shanten != 0:
            continue
        rest = list(hand)
        if a.discard is not None:
            rest[KIND_INDEX[a.discard]] -= 1
        want = [w for w in p.waits if accepted(variant, options, rest, melds, KIND_INDEX[w.tile])]
        assert [w.tile for w in a.waits] == [w.tile for w in want]
        assert [(e.tile, e.unseen) for e in a.effective] == [(w.tile, w.unseen) for w in want]
        assert a.effective_total == sum(w.unseen for w in want)
        refused += len(p.waits) - len(want)
    return refused


def test_sichuan_refuses_a_third_suit() -> None:
    hand = "123m456p789s1122s5s"
    assert check_against_variant("sichuan", {}, list(to_counts(hand))) > 0
    best = {a.discard: a for a in majiang.advice(hand, variant="sichuan", draws=12)}
    assert best["5s"].shanten == 0 and best["5s"].waits == ()
    assert best["5s"].win is not None and best["5s"].win.value == 0.0
    assert best["5s"].tenpai is not None and best["5s"].tenpai.value < 1.0
    rules = get_variant("sichuan").table.shapes
    plain = {a.discard: a for a in majiang.advice(hand, rules=rules, draws=12)}
    assert plain["5s"].waits and plain["5s"].win is not None and plain["5s"].win.value > 0.0
    # two suits: Sichuan accepts every wait the shapes give
    two = "123m456m789p1122p5p"
    assert check_against_variant("sichuan", {}, list(to_counts(two))) == 0


def test_gb_minimum_fan_refuses_cheap_waits_and_the_option_lifts_it() -> None:
    rng = random.Random(8)
    refused = 0
    for _ in range(40):
        # ready-ish hands: four blocks of one of the suits and a pair wait
        tiles = []
        for _ in range(4):
            s = rng.choice("mps")
            r = rng.randrange(1, 8)
            tiles.append(f"{r}{r + 1}{r + 2}{s}")
        z = rng.sample(range(1, 8), 2)
        text = "".join(tiles) + f"{z[0]}{z[1]}z"
        counts = list(to_counts(text))
        if max(counts) > 4:
            continue
        refused += check_against_variant("gb", {}, counts)
        assert check_against_variant("gb", {"min_fan": 0}, counts) == 0
    assert refused > 0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(KINDS[:27]), min_size=14, max_size=14))
def test_sichuan_waits_are_the_variants(tiles: list[str]) -> None:
    counts = [0] * 34
    for t in tiles:
        counts[KIND_INDEX[t]] += 1
    if max(counts) > 4:
        return
    check_against_variant("sichuan", {}, counts)


def test_declared_melds_are_seen_by_the_check() -> None:
    # Cutting 5p leaves 123m456m11m55s, ready on 1m/4m/7m/5s: beside a pung of 7s two suits
    # (accepted), beside a pung of 7p three (refused).
    hand = "123m456m11m55s5p"
    for meld, waits in (
        (Meld("peng", "777s", 1), ["1m", "4m", "7m", "5s"]),
        (Meld("peng", "777p", 1), []),
    ):
        check_against_variant("sichuan", {}, list(to_counts(hand)), (meld,))
        got = majiang.advice(hand, variant="sichuan", melds=[meld], draws=6)
        five_p = next(a for a in got if a.discard == "5p")
        assert five_p.shanten == 0 and [w.tile for w in five_p.waits] == waits


def test_a_win_the_variant_refuses_lowers_the_chance() -> None:
    # 13-tile ready hand over three suits: no Sichuan win on any wait.
    hand = "123m456p789s1112s"
    a = majiang.advice(hand, variant="sichuan", draws=8)[0]
    assert a.waits == () and a.win is not None and a.win.value == 0.0
    b = majiang.advice(hand, rules=get_variant("sichuan").table.shapes, draws=8)[0]
    assert b.win is not None and b.win.value > 0.0


def test_bad_variant_arguments() -> None:
    with pytest.raises(RulesError):
        majiang.advice("123m456p789s1122z5z", variant="no-such-variant")
    with pytest.raises(ArgumentTypeError, match="options"):
        majiang.advice("123m456p789s1122z5z", options={"min_fan": 0})
    with pytest.raises(ArgumentTypeError, match="melds"):
        majiang.advice("123m456m11m55s5p", variant="sichuan", melds=["777s"])  # type: ignore[list-item]
    with pytest.raises(MajiangError):
        majiang.advice("123m456p789s1122z5z", variant="gb", options={"min_fan": "x"})


def test_an_error_in_the_check_is_raised() -> None:
    from majiang._core import advice as core_advice

    def broken(concealed: list[int], tile: int) -> bool:
        raise ValueError("check failed")

    with pytest.raises(ValueError, match="check failed"):
        core_advice("123m456p789s1122z5z", rules="standard", may_win=broken)
    with pytest.raises(MajiangError, match="may_win"):
        core_advice("123m456p789s1122z5z", rules="standard", may_win=3)  # type: ignore[arg-type]


def test_a_bad_seat_is_refused() -> None:
    with pytest.raises(RulesError, match="seat"):
        majiang.advice("123m456p789s1122s5s", variant="sichuan", seat=4)
