"""Shape rules as the seeds state them, and the shape queries agreeing with each other."""

from __future__ import annotations

import random
from typing import Any

import pytest

import majiang
from conftest import near_complete_counts, random_counts

NANCHANG = "nanchang"


class TestNanchangShapes:
    """Seeds 000 and 002: honor sequences, 小七对 with repeats, 十三烂 and 七星."""

    def test_any_three_different_winds_form_a_sequence(self) -> None:
        for winds in ("123z", "124z", "134z", "234z"):
            assert majiang.is_winning(f"123m456p11s{winds}567z", rules=NANCHANG), winds
            assert not majiang.is_winning(f"123m456p11s{winds}567z", rules="standard")

    def test_zhong_fa_bai_form_a_sequence_but_winds_and_dragons_do_not_mix(self) -> None:
        assert majiang.is_winning("123m456p789s567z11m", rules=NANCHANG)
        assert not majiang.is_winning("123m456p789s157z11m", rules=NANCHANG)

    def test_xiao_qi_dui_allows_four_of_a_kind_as_two_pairs(self) -> None:
        assert majiang.is_winning("1111m2233p4455s66z", rules=NANCHANG)
        assert not majiang.is_winning("1111m2233p4455s66z", rules="standard")

    def test_thirteen_rotten_spacing(self) -> None:
        # numbers in a suit at least 3 apart, honors all different
        assert majiang.is_winning("147m258p369s12345z", rules=NANCHANG)
        assert majiang.is_winning("14m159p369s123457z", rules=NANCHANG)
        assert not majiang.is_winning("146m258p369s12345z", rules=NANCHANG)  # 4 and 6
        assert not majiang.is_winning("147m258p369s12344z", rules=NANCHANG)  # honor repeated

    def test_seven_stars_thirteen_rotten(self) -> None:
        detail = majiang.shanten_detail("147m258p3s1234567z", rules=NANCHANG)
        assert detail["thirteen_rotten"] == -1

    def test_jing_stands_for_any_tile_or_itself(self) -> None:
        jing = majiang.jing_pair("3p")
        # a 4p (副精) stands in for the missing 3m
        assert majiang.is_winning("12m4p456p789s11122z", rules=NANCHANG, jing=jing)
        # both jing standing for themselves: 精还原, and still a win
        ds = majiang.decompositions("123p456p789s11122z", rules=NANCHANG, jing=jing)
        assert any(d.wilds_as_themselves for d in ds)

    def test_jing_diao_waits_on_every_tile(self) -> None:
        # four blocks and one lone jing: any draw pairs with it (精钓)
        waits = majiang.winning_tiles("123m456p789s567z3p", rules=NANCHANG, jing=("3p", "4p"))
        assert len(waits) == 34

    def test_no_fifth_copy(self) -> None:
        # 1111m held: a jing cannot be a fifth 1m to make 111m + 11m
        assert not majiang.is_winning("1111m456p789s567z3p", rules=NANCHANG, jing="3p")

    def test_melded_hands(self) -> None:
        assert majiang.is_winning("55m", rules=NANCHANG, melds=4)
        assert majiang.shanten("5m", rules=NANCHANG, melds=4) == 0
        assert majiang.winning_tiles("5m", rules=NANCHANG, melds=4) == ["5m"]
        # seven pairs and thirteen-rotten need a closed hand
        assert set(majiang.shanten_detail("1122m33p4455s", rules=NANCHANG, melds=1)) == {"regular"}


class TestPingxiangShapes:
    """Seed 001: 258 pair, knitted 十三烂, 乱将."""

    def test_pair_must_be_258(self) -> None:
        assert majiang.is_winning("123m456p789s123s55m", rules="pingxiang")
        assert not majiang.is_winning("123m456p789s123s44m", rules="pingxiang")
        assert not majiang.is_winning("123m456p789s123s11z", rules="pingxiang")

    def test_knitted(self) -> None:
        assert majiang.is_winning("147m258p369s12345z", rules="pingxiang")
        assert not majiang.is_winning("147m258p359s12345z", rules="pingxiang")

    def test_knitted_honors_knob(self) -> None:
        # option P8: 十三烂 with at least five honors (default) or exactly five
        exactly = majiang.Rules.preset("pingxiang").replace(knitted_honors="exactly_5")
        for hand, at_least_wins, exactly_wins in [
            ("147m258p369s12345z", True, True),
            ("147m258p36s123456z", True, False),
            ("147m258p3s1234567z", True, False),
            ("147m147p369s12345z", False, False),
        ]:
            assert majiang.is_winning(hand, rules="pingxiang") == at_least_wins, hand
            assert majiang.is_winning(hand, rules=exactly) == exactly_wins, hand
            shapes = {d.shape for d in majiang.decompositions(hand, rules="pingxiang")}
            assert ("knitted" in shapes) == at_least_wins, hand
        assert majiang.shanten_detail("147m258p36s123456z", rules=exactly)["knitted"] == 0
        # a wild tile may be the fifth honor, never a sixth one
        jing = "1m"
        assert majiang.is_winning("1147m258p36s12345z", rules=exactly, jing=jing)
        assert not majiang.is_winning("1147m258p3s123456z", rules=exactly, jing=jing)

    def test_all_258_in_any_arrangement(self) -> None:
        assert majiang.is_winning("258m258p258s22258m", rules="pingxiang")
        detail = majiang.shanten_detail("258m258p258s22258m", rules="pingxiang")
        assert detail["all_258"] == -1


def test_rules_object_equals_preset() -> None:
    built = majiang.Rules(
        honor_sequences=True, seven_pairs="four_as_two", thirteen_rotten="nanchang"
    )
    assert built == majiang.Rules.preset("nanchang")
    assert majiang.shanten("123m456p11s123z567z", rules=built) == -1
    assert majiang.Rules.preset("nanjing").to_dict()["seven_pairs"] == "four_as_two"
    for name in majiang.Rules.preset_names():
        preset = majiang.Rules.preset(name)
        knobs: dict[str, Any] = preset.to_dict()
        assert majiang.Rules(**knobs) == preset
        assert preset.replace() == preset
        assert preset.knitted_honors == "at_least_5"


def test_rules_replace_changes_only_the_knobs_given() -> None:
    base = majiang.Rules.preset("pingxiang")
    five = base.replace(knitted_honors="exactly_5")
    assert five != base and hash(five) != hash(base)
    assert {k: v for k, v in five.to_dict().items() if k != "knitted_honors"} == {
        k: v for k, v in base.to_dict().items() if k != "knitted_honors"
    }
    assert five.replace(knitted_honors="at_least_5") == base
    assert base.replace(pair="any", all_258=False).pair == "any"
    with pytest.raises(majiang.RulesError, match="knitted_honors"):
        base.replace(knitted_honors="six")  # type: ignore[arg-type]
    with pytest.raises(majiang.ArgumentTypeError, match="all_258"):
        base.replace(all_258=1)  # type: ignore[arg-type]


PRESETS = majiang.Rules.preset_names()  # standard, nanchang, pingxiang, nanjing, gb


def _jing(rng: random.Random) -> tuple[str, ...]:
    kinds = majiang.tiles.KINDS
    return rng.choice([(), (rng.choice(kinds),), majiang.jing_pair(rng.choice(kinds))])


@pytest.mark.parametrize("preset", PRESETS)
def test_winning_tiles_agree_with_is_winning(preset: str, rng: random.Random) -> None:
    for i in range(300):
        melds = i % 5
        gen = near_complete_counts if i % 2 else random_counts
        counts = gen(rng, 13 - 3 * melds)
        jing = _jing(rng)
        waits = set(majiang.winning_tiles(counts, rules=preset, jing=jing, melds=melds))
        for k, name in enumerate(majiang.tiles.KINDS):
            if counts[k] == 4:
                assert name not in waits
                continue
            after = list(counts)
            after[k] += 1
            wins = majiang.is_winning(after, rules=preset, jing=jing, melds=melds)
            assert wins == (name in waits), (counts, jing, name)
        assert (majiang.shanten(counts, rules=preset, jing=jing, melds=melds) == 0) == bool(waits)


@pytest.mark.parametrize("preset", PRESETS)
def test_discard_options_agree_with_shanten(preset: str, rng: random.Random) -> None:
    for i in range(150):
        melds = i % 5
        counts = near_complete_counts(rng, 14 - 3 * melds)
        jing = _jing(rng)
        options = majiang.discard_options(counts, rules=preset, jing=jing, melds=melds)
        assert len(options) == sum(1 for c in counts if c)
        keys = [(o["shanten"], -o["unseen"], -len(o["effective"])) for o in options]
        assert keys == sorted(keys)
        full = majiang.shanten(counts, rules=preset, jing=jing, melds=melds)
        assert options[0]["shanten"] == max(full, 0)
        for o in options[:3]:
            left = list(counts)
            left[majiang.tile_index(o["discard"])] -= 1
            assert o["shanten"] == majiang.shanten(left, rules=preset, jing=jing, melds=melds)
            for name in o["effective"]:
                k = majiang.tile_index(name)
                drawn = list(left)
                drawn[k] += 1
                got = majiang.shanten(drawn, rules=preset, jing=jing, melds=melds)
                assert got < o["shanten"]
            held = sum(counts[majiang.tile_index(n)] for n in o["effective"])
            assert o["unseen"] == 4 * len(o["effective"]) - held


@pytest.mark.parametrize("preset", PRESETS)
def test_best_discard_is_the_first_option_not_kept(preset: str, rng: random.Random) -> None:
    # Against the whole ranking (discard_options): the first whose discard is not kept, else
    # the first; with visible tiles and a kept set of the wild kinds plus random others.
    for i in range(200):
        melds = i % 5
        counts = (
            near_complete_counts(rng, 14 - 3 * melds)
            if i % 2
            else random_counts(rng, 14 - 3 * melds)
        )
        jing = _jing(rng)
        visible = [rng.randrange(5 - c) if rng.random() < 0.3 else 0 for c in counts]
        wild = [majiang.tile_index(t) for t in jing]
        keep = tuple(k for k in range(34) if k in wild or (counts[k] and rng.random() < 0.2))
        args: dict[str, Any] = {"rules": preset, "jing": jing, "melds": melds, "visible": visible}
        options = majiang.discard_options(counts, **args)
        names = {majiang.tiles.KINDS[k] for k in keep}
        want = next((o for o in options if o["discard"] not in names), options[0])
        assert majiang.best_discard(counts, keep=keep, **args) == want, (counts, jing, keep)
        assert majiang.best_discard(counts, **args) == options[0]


def test_best_discard_errors() -> None:
    with pytest.raises(majiang.InvalidHandError, match="needs 14 concealed tiles"):
        majiang.best_discard("123m456p789s1234z")
    with pytest.raises(majiang.InvalidHandError, match="more than four in all"):
        majiang.best_discard("1111m456p789s1234z", visible="1m")
    with pytest.raises(majiang.InvalidHandError, match="keep: 1f is a flower"):
        majiang.best_discard("123m456p789s1234z5z", keep="1f")
    with pytest.raises(majiang.ArgumentTypeError, match="keep"):
        majiang.best_discard("123m456p789s1234z5z", keep=5.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", PRESETS)
def test_decompositions_exist_exactly_for_complete_hands(preset: str, rng: random.Random) -> None:
    for i in range(300):
        melds = i % 5
        counts = near_complete_counts(rng, 14 - 3 * melds)
        jing = _jing(rng)
        ds = majiang.decompositions(counts, rules=preset, jing=jing, melds=melds, limit=20)
        assert bool(ds) == majiang.is_winning(counts, rules=preset, jing=jing, melds=melds)
        for d in ds:
            sources = sorted(t for b in d.blocks for t in b.sources)
            assert sources == sorted(majiang.parse_tiles(majiang.tiles.from_counts(counts)))
            as_themselves = all(
                t == s for b in d.blocks for t, s in zip(b.tiles, b.sources, strict=True)
            )
            assert d.wilds_as_themselves == as_themselves
            _check_typed(d)


def _check_typed(d: majiang.Decomposition) -> None:
    """The typed value against its JSON form, field by field."""
    as_dict = d.to_dict()
    assert as_dict["shape"] == d.shape
    assert as_dict["wilds_as_themselves"] == d.wilds_as_themselves
    assert [b.to_dict() for b in d.blocks] == as_dict["blocks"]
    for b, bd in zip(d.blocks, as_dict["blocks"], strict=True):
        assert bd == {
            "kind": b.kind,
            "tiles": list(b.tiles),
            "sources": list(b.sources),
            "wild": list(b.wild),
        }
        assert b.tiles == tuple(majiang.tiles.KINDS[k] for k in b.kinds)
        assert b.sources == tuple(majiang.tiles.KINDS[k] for k in b.source_kinds)
        assert len(b) == len(b.kinds)
        assert b.stands_for == tuple(
            (s, t) for t, s, w in zip(b.tiles, b.sources, b.wild, strict=True) if w
        )
        assert all(t == s for t, s, w in zip(b.tiles, b.sources, b.wild, strict=True) if not w)


def test_decompositions_are_frozen_typed_values() -> None:
    ds = majiang.decompositions("12m4p456p789s11122z", jing=("3p", "4p"))
    again = majiang.decompositions("12m4p456p789s11122z", jing=("3p", "4p"))
    assert ds == again and len({*ds, *again}) == len(ds) == 2
    assert ds[0] != ds[1]
    d = ds[0]
    assert isinstance(d, majiang.Decomposition) and isinstance(d.blocks[0], majiang.Block)
    assert d.blocks is d.blocks  # built once
    with pytest.raises(AttributeError):
        d.shape = "seven_pairs"  # type: ignore[misc]
    with pytest.raises(TypeError):
        majiang.Decomposition()
    seq = d.blocks[2]
    assert (seq.kind, seq.kinds, seq.source_kinds) == ("sequence", (0, 1, 2), (0, 1, 12))
    assert seq.stands_for == (("4p", "3m"),)
    assert repr(seq) == "Block('sequence', ('1m', '2m', '3m'), stands_for=(('4p', '3m'),))"
    assert repr(d).startswith("Decomposition('regular', (Block('pair', ('2z', '2z')), ")
    # the JSON form is what the dicts were before the typed values
    assert d.to_dict() == {
        "shape": "regular",
        "wilds_as_themselves": False,
        "blocks": [
            {"kind": "pair", "tiles": ["2z", "2z"], "sources": ["2z", "2z"], "wild": [False] * 2},
            {"kind": "triplet", "tiles": ["1z"] * 3, "sources": ["1z"] * 3, "wild": [False] * 3},
            {
                "kind": "sequence",
                "tiles": ["1m", "2m", "3m"],
                "sources": ["1m", "2m", "4p"],
                "wild": [False, False, True],
            },
            {
                "kind": "sequence",
                "tiles": ["4p", "5p", "6p"],
                "sources": ["4p", "5p", "6p"],
                "wild": [True, False, False],
            },
            {
                "kind": "sequence",
                "tiles": ["7s", "8s", "9s"],
                "sources": ["7s", "8s", "9s"],
                "wild": [False] * 3,
            },
        ],
    }
    _check_typed(d)
