"""majiang.advice: typed results, the figures against a brute force over every draw with the
single-hand shanten, the chances against a plain simulation written here, bad input, the batch
form, and a cross-check of effective tiles against xiangting / riichienv (test-only peers)."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import majiang
from conftest import near_complete_counts, random_counts
from majiang import batch
from majiang.tiles import KINDS

PRESETS = ["standard", "nanchang", "pingxiang", "nanjing", "gb"]


def _unseen_default(counts: list[int]) -> list[int]:
    return [4 - c for c in counts]


def _brute(
    counts: list[int], rules: str, unseen: list[int], jing: list[str]
) -> tuple[int, dict[str, int], dict[str, int]]:
    """Shanten, effective kinds and 改良 kinds (with raises_to) of a 13-3k hand, by the
    definitions, with nothing but majiang.shanten."""

    def sh(c: list[int]) -> int:
        return majiang.shanten(c, rules=rules, jing=jing)

    def total(c: list[int], u: list[int]) -> int:
        s = sh(c)
        out = 0
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                if sh(c) < s:
                    out += u[k]
                c[k] -= 1
        return out

    s = sh(counts)
    base = total(counts, unseen)
    effective: dict[str, int] = {}
    improving: dict[str, int] = {}
    for k in range(34):
        if counts[k] >= 4:
            continue
        c14 = list(counts)
        c14[k] += 1
        after = sh(c14)
        if after < s:
            effective[KINDS[k]] = unseen[k]
            continue
        if unseen[k] == 0:
            continue
        nxt = list(unseen)
        nxt[k] -= 1
        best = 0
        for d in range(34):
            if c14[d]:
                c14[d] -= 1
                if sh(c14) == s:
                    best = max(best, total(c14, nxt))
                c14[d] += 1
        if best > base:
            improving[KINDS[k]] = best
    return s, effective, improving


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(PRESETS), st.booleans())
def test_figures_agree_with_brute_force(seed: int, rules: str, seen_some: bool) -> None:
    rng = random.Random(seed)
    counts = near_complete_counts(rng, 13) if seed % 2 else random_counts(rng, 13)
    unseen = _unseen_default(counts)
    if seen_some:
        for _ in range(30):
            k = rng.randrange(34)
            unseen[k] = max(0, unseen[k] - 1)
    jing = [KINDS[seed % 34]] if rules == "nanchang" and seed % 3 == 0 else []
    (a,) = majiang.advice(counts, rules=rules, unseen=unseen, jing=jing)
    s, effective, improving = _brute(counts, rules, unseen, jing)
    assert a.discard is None
    assert a.shanten == s
    assert {e.tile: e.unseen for e in a.effective} == effective
    assert a.effective_total == sum(effective.values())
    assert {i.tile: i.raises_to for i in a.improving} == improving
    assert a.improving_total == sum(unseen[KINDS.index(t)] for t in improving)


def test_results_are_typed_ranked_and_json_ready() -> None:
    found = majiang.advice("2356m456p789s1135z", rules="standard", draws=8, samples=300)
    assert [a.discard for a in found[:2]] == ["3z", "5z"] or [a.discard for a in found[:2]] == [
        "5z",
        "3z",
    ]
    best = found[0]
    assert isinstance(best, majiang.Advice)
    assert best.shanten == 1 and best.effective_total == 12  # 1m 4m 7m, four each
    assert best.next_average is not None and 0 < best.next_average <= 136
    assert best.tenpai is not None and best.tenpai.exact and 0 < best.tenpai.value < 1
    assert best.win is not None and best.win.exact and best.win.value < best.tenpai.value
    worse = [a for a in found if a.shanten > best.shanten]
    assert worse and all(a.win is None for a in worse)
    keys = [(a.shanten, -a.effective_total) for a in found]
    assert keys == sorted(keys)
    json.dumps([a.to_dict() for a in found])


def test_ready_hand_wait_chances_are_hypergeometric() -> None:
    (a,) = majiang.advice("13m456p789s123s11z", rules="standard", draws=10)
    pool = 136 - 13
    assert [(w.tile, w.unseen) for w in a.waits] == [("2m", 4)]
    want = 1 - math.comb(pool - 4, 10) / math.comb(pool, 10)
    assert a.waits[0].chance == pytest.approx(want, abs=1e-12)
    assert a.wait_chance == pytest.approx(want, abs=1e-12)
    # best play can only do better than never changing the hand
    assert a.win is not None and a.win.value >= want - 1e-12


def _simulate_tanki(start: str, unseen: list[int], draws: int, games: int, seed: int) -> float:
    """A plain simulation of the model for a one-tile hand (four melds declared): draw from
    the pool (unseen less tiles drawn and still held), win on a pair, else keep whichever
    single tile has more left in the pool (ties keep the tile held)."""
    rng = random.Random(seed)
    s = KINDS.index(start)
    wins = 0
    for _ in range(games):
        held = s
        for _ in range(draws):
            pool = [unseen[k] - (1 if k == held and k != s else 0) for k in range(34)]
            k = rng.choices(range(34), weights=pool)[0]
            if k == held:
                wins += 1
                break
            new_pool = unseen[k] - (1 if k != s else 0)
            if new_pool > pool[held]:
                held = k
    return wins / games


def test_chances_agree_with_a_plain_simulation() -> None:
    rng = random.Random(7)
    unseen = [max(0, 4 - rng.randrange(4)) for _ in range(34)]
    unseen[KINDS.index("5m")] = 1  # few left of the tile held: switching pays
    games = 20_000
    sim = _simulate_tanki("5m", unseen, 6, games, seed=3)
    sim_se = math.sqrt(sim * (1 - sim) / games)
    exact = majiang.advice("5m", rules="standard", melds=4, unseen=unseen, draws=6)[0].win
    mc = majiang.advice(
        "5m", rules="standard", melds=4, unseen=unseen, draws=6, exact=False, samples=4000
    )[0].win
    assert exact is not None and exact.exact
    assert mc is not None and mc.samples == 4000 and mc.std_error > 0
    assert abs(exact.value - sim) <= 3 * sim_se, (exact, sim)
    assert abs(mc.value - sim) <= 3 * math.hypot(mc.std_error, sim_se), (mc, sim)
    assert abs(mc.value - exact.value) <= 3 * mc.std_error, (mc, exact)


def test_far_hands_are_sampled_with_a_standard_error() -> None:
    found = majiang.advice(
        "1257m3468p99s1556z", rules="nanchang", jing=["4m", "5m"], draws=8, samples=200, seed=1
    )
    best = found[0]
    assert best.shanten == 2
    assert best.win is not None and best.win.samples == 200 and best.win.std_error > 0
    again = majiang.advice(
        "1257m3468p99s1556z", rules="nanchang", jing=["4m", "5m"], draws=8, samples=200, seed=1
    )
    assert again == found


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"tiles": "11111m456p789s123z"}, majiang.InvalidHandError, "1m"),
        ({"tiles": "123m456p789s1122z5z", "unseen": [4] * 34}, majiang.InvalidHandError, "1m"),
        ({"tiles": "123m456p789s1122z5z", "seen": "111z"}, majiang.InvalidHandError, "1z"),
        ({"tiles": "123m456p789s1122z5z", "draws": -1}, majiang.RulesError, "draws"),
        ({"tiles": "123m456p789s1122z5z", "draws": 500}, majiang.RulesError, "draws"),
        ({"tiles": "123m456p789s1122z55z"}, majiang.InvalidHandError, "15"),
        (
            {"tiles": "123m456p789s1122z5z", "unseen": [0] * 34, "seen": "1z"},
            majiang.InvalidHandError,
            "not both",
        ),
        ({"tiles": "123m456p789s1122z5z", "samples": 0}, majiang.RulesError, "samples"),
        ({"tiles": "123m456p789s1122z5z", "draws": 10**40}, majiang.RulesError, "draws"),
        ({"tiles": "123m456p789s1122z5z", "draws": True}, majiang.ArgumentTypeError, "draws"),
        ({"tiles": "123m456p789s1122z5z", "samples": 2.0}, majiang.ArgumentTypeError, "samples"),
        ({"tiles": "123m456p789s1122z5z", "chances": 1}, majiang.ArgumentTypeError, "chances"),
        ({"tiles": "123m456p789s1122z5z", "melds": 5}, majiang.InvalidHandError, "melds"),
    ],
)
def test_bad_input_names_the_problem(
    kwargs: dict[str, object], error: type[Exception], words: str
) -> None:
    tiles = kwargs.pop("tiles")
    with pytest.raises(error, match=words):
        majiang.advice(tiles, rules="standard", **kwargs)  # type: ignore[arg-type]


def test_seen_is_unseen_complement() -> None:
    a = majiang.advice("123m456p789s1122z5z", rules="standard", seen="1z2z")
    b = majiang.advice(
        "123m456p789s1122z5z",
        rules="standard",
        unseen=[
            4 - c - s
            for c, s in zip(
                majiang.tiles.to_counts("123m456p789s1122z5z"),
                majiang.tiles.to_counts("1z2z"),
                strict=True,
            )
        ],
    )
    assert a == b and a[0].effective_total == 2


def test_batch_matches_single_calls(rng: random.Random) -> None:
    rows = [near_complete_counts(rng, 14) for _ in range(200)]
    counts = np.array(rows, dtype=np.uint8)
    unseen = np.array([[max(0, 4 - c - rng.randrange(2)) for c in r] for r in rows], np.uint8)
    out = batch.advice(counts, unseen, rules="nanchang", threads=2)
    assert out.shanten.shape == (200, 34) and out.next_average.dtype == np.float32
    for i, r in enumerate(rows):
        for a in majiang.advice(r, rules="nanchang", unseen=unseen[i].tolist()):
            k = KINDS.index(a.discard or "")
            assert out.shanten[i, k] == a.shanten
            assert out.effective[i, k] == a.effective_total
            assert out.improving[i, k] == a.improving_total
            if a.next_average is None:
                assert np.isnan(out.next_average[i, k])
            else:
                assert out.next_average[i, k] == pytest.approx(a.next_average, rel=1e-6)
        for k in range(34):
            if r[k] == 0:
                assert out.shanten[i, k] == batch.NOT_HELD
    bad = unseen.copy()
    bad[5] = 4
    with pytest.raises(majiang.InvalidHandError, match="row 5"):
        batch.advice(counts, bad, rules="nanchang")


def test_effective_tiles_agree_with_xiangting_on_10000_hands(rng: random.Random) -> None:
    """mahjong-helper's 进张 is the kinds that lower the shanten; xiangting computes the same
    as 'necessary tiles' (riichi shapes: the standard preset)."""
    xiangting = pytest.importorskip("xiangting")
    for i in range(10_000):
        counts = (near_complete_counts if i % 2 else random_counts)(rng, 13)
        (a,) = majiang.advice(counts, rules="standard")
        rn, bits = xiangting.calculate_necessary_tiles(counts, xiangting.PlayerCount.FOUR)
        theirs = {KINDS[k] for k in range(34) if bits >> k & 1 and counts[k] < 4}
        assert a.shanten == rn - 1, counts
        assert {e.tile for e in a.effective} == theirs, counts


def test_discard_shanten_agrees_with_riichienv(rng: random.Random) -> None:
    riichienv = pytest.importorskip("riichienv")
    for i in range(2000):
        counts = (near_complete_counts if i % 2 else random_counts)(rng, 14)
        for a in majiang.advice(counts, rules="standard"):
            c = list(counts)
            c[KINDS.index(a.discard or "")] -= 1
            ids = [4 * k + j for k in range(34) for j in range(c[k])]
            assert a.shanten == riichienv.calculate_shanten(ids), c


def test_cli_advice_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    from majiang.cli import main

    hand = "2356m456p789s1135z"
    args = ["analyze", hand, "--rules", "standard", "--advice", "--draws", "8"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    want = majiang.advice(hand, rules="standard", draws=8)
    assert data["advice"] == json.loads(json.dumps([a.to_dict() for a in want]))
    assert main(args) == 0
    text = capsys.readouterr().out.splitlines()
    head = next(i for i, line in enumerate(text) if line.startswith("discard"))
    assert "effective" in text[head] and "win" in text[head]
    assert text[head + 1].split()[0] == want[0].discard
    assert main([*args, "--zh", "--seen", "1m"]) == 0
    out = capsys.readouterr().out
    assert "进张" in out and "和率" in out
    # the advice options need --advice; a bad draws count is named
    assert main(["analyze", hand, "--rules", "standard", "--draws", "3"]) != 0
    assert "--advice" in capsys.readouterr().err
    assert main(["analyze", hand, "--rules", "standard", "--advice", "--draws", "-2"]) != 0
    assert "draws" in capsys.readouterr().err
