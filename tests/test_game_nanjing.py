"""Nanjing played by the engine (docs/rules/nanjing.md).

Each match is checked step by step (144 tiles, no chow offered, no dragon held, the 16
kept-back tiles never drawn) and as a whole (zero-sum scores, every record accepted by
``majiang.variants.nanjing.HandRecord`` and re-settled to the same amounts, every win a Nanjing win,
比下胡 carried and keeping the dealer, 海底 and 罚 as the events show, the log replayed, a
snapshot continuing identically).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest

import majiang
from majiang.game import Deal, EfficiencyBot, Game, RandomBot, replay, simulate
from majiang.game.actions import PONG, Chow, Declare, Discard, Kong, Pass, Pong
from majiang.game.bots import Bot
from majiang.variants.nanjing import HandRecord, bixiahu_triggered, is_winning
from majiang.variants.nanjing.play import NanjingVariant, penalties

MATCHES = 100
HANDS_PER_MATCH = 5
KEPT = 16
DRAGONS = (31, 32, 33)


def mixed_bots(match: int) -> list[Bot]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def play_checked(game: Game, bots: list[Bot], stop_after: int | None = None) -> None:
    steps = 0
    while not game.over and (stop_after is None or steps < stop_after):
        st = game.state
        assert game.tile_count() == 144
        assert st.wall.remaining >= KEPT, "the 8 kept-back stacks are never drawn"
        assert all(not hand[k] for hand in st.hands for k in DRAGONS), "dragons are flowers"
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        assert not any(isinstance(a, Chow) for a in legal), "no chow in Nanjing"
        observation = game.observation(seat)
        assert observation.wall == st.wall.remaining - KEPT
        game.step(seat, bots[seat].act(observation, legal))
        steps += 1


def hand_events(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    hands: list[list[dict[str, Any]]] = []
    for e in events:
        if e["event"] == "deal":
            hands.append([])
        hands[-1].append(e)
    return hands


def decline_openings(game: Game) -> Game:
    """Every seat asked to declare 报听 after the deal declines (the crafted deals below test
    other rules)."""
    while game.state.phase == "declare":
        seat = game.to_act()[0]
        game.step(seat, Pass())
    return game


def winners(result: dict[str, Any]) -> list[int]:
    found = result["winner"]
    return list(found) if isinstance(found, list) else [found]


def check_win(record: dict[str, Any]) -> None:
    result = record["result"]
    for winner in winners(result):
        p = record["players"][winner]
        melds = [(m["kind"], m["tiles"], m["from"]) for m in p["melds"]]
        assert is_winning(
            p["hand"],
            result["tile"],
            melds,
            flowers=p["flowers"],
            source=result["from"],
            winner=winner,
            options=majiang.variants.nanjing.NanjingOptions.from_dict(record["options"]),
        )


def check_match(game: Game) -> Counter[str]:
    seen: Counter[str] = Counter()
    assert sum(game.scores) == 0
    per_hand = hand_events(game.events)
    assert len(per_hand) == len(game.records)
    for i, (record, settlement) in enumerate(zip(game.records, game.settlements, strict=True)):
        assert record["variant"] == "nanjing"
        assert HandRecord.from_dict(record).to_dict()["players"] == record["players"]
        assert majiang.settle(record).deltas == settlement.deltas
        events = per_hand[i]
        assert record["penalties"] == penalties(events)
        seen["penalty"] += bool(record["penalties"])
        result = record["result"]
        # live tiles at the end: the wall dealt minus every draw made
        left = len(events[0]["wall"]) - sum(e["event"] == "draw" for e in events)
        if result["kind"] == "win":
            check_win(record)
            assert result["haidi"] == (left <= KEPT + 4)
            declared = {e["seat"] for e in events if e["event"] == "declare"}
            assert [p["ready"] for p in record["players"]] == [s in declared for s in range(4)]
            first = winners(result)[0]
            assert result["di_hu"] == (
                len(winners(result)) == 1
                and first in declared
                and not record["players"][first]["melds"]
                and not result["tian_hu"]
                and not result["qiang_gang"]
            )
            seen["di_hu"] += result["di_hu"]
            seen["win"] += 1
            if len(winners(result)) > 1:
                assert result["from"] is not None and len(set(winners(result))) > 1
                seen["several winners"] += 1
            seen["haidi"] += result["haidi"]
            seen[f"gang_kai {result['gang_kai']}"] += 1
            seen["kong_feeder"] += result["kong_feeder"] is not None
        else:
            assert left == KEPT, "a drawn hand ends when only the kept-back tiles are left"
            seen["draw"] += 1
        triggered = bixiahu_triggered(record)
        if i + 1 < len(game.records):
            nxt = game.records[i + 1]
            assert nxt["bixiahu"] == triggered
            following = per_hand[i + 1][0]
            if triggered:
                assert nxt["dealer"] == record["dealer"], "比下胡 keeps the dealer"
                assert following["dealer_streak"] == events[0]["dealer_streak"] + 1
                assert following["carry"] == {"bixiahu": True}
                seen["bixiahu"] += 1
            else:
                assert nxt["dealer"] == (record["dealer"] + 1) % 4
                assert "carry" not in following
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert replayed.scores == tuple(game.scores)
    assert [h.record for h in replayed.hands] == game.records
    return seen


def test_nanjing_matches_hold_every_invariant() -> None:
    seen: Counter[str] = Counter()
    for match in range(MATCHES):
        rng = random.Random(match)
        bots = mixed_bots(match)
        game = Game("nanjing", seed=match, hands=HANDS_PER_MATCH)
        play_checked(game, bots, stop_after=rng.randrange(400))
        if not game.over:
            restored = Game.restore(json.loads(json.dumps(game.snapshot())))
            same_bots = copy.deepcopy(bots)  # bots hold state (a RandomBot's generator)
            assert restored.state == game.state
            play_checked(game, bots)
            play_checked(restored, same_bots)
            assert restored.events == game.events
            assert restored.records == game.records
        seen += check_match(game)
    assert seen["win"] > MATCHES and seen["draw"] > 0
    assert seen["bixiahu"] > MATCHES
    assert seen["gang_kai small"] > 0 and seen["haidi"] > 0
    assert seen["several winners"] > 0  # 一炮多响
    assert seen["di_hu"] > 0  # 报听 declared after the deal, then won


def test_options_reach_the_variant_and_the_records() -> None:
    game = Game("nanjing", seed=2, options={"values": "v2_run10"})
    assert isinstance(game.variant, NanjingVariant)
    assert game.variant.options.v2
    bots = mixed_bots(3)
    while not game.over:
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    assert game.records[0]["options"] == {"values": "v2_run10"}
    with pytest.raises(majiang.RecordError, match="no_such_option"):
        Game("nanjing", options={"no_such_option": 1})


def test_bixiahu_keeps_the_dealer_and_doubles_the_next_win() -> None:
    doubled = 0
    for seed in range(40):
        game = Game("nanjing", seed=seed, hands=4)
        bots = [EfficiencyBot() for _ in range(4)]
        while not game.over:
            seat = game.to_act()[0]
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        for before, after, settled in zip(
            game.records, game.records[1:], game.settlements[1:], strict=False
        ):
            if not bixiahu_triggered(before):
                continue
            assert after["dealer"] == before["dealer"] and after["bixiahu"] is True
            if after["result"]["kind"] == "win":
                assert settled.pattern["bixiahu"] == 2
                single = majiang.settle({**after, "bixiahu": False})
                win_money = [p for p in settled.items if p.reason in ("胡牌分", "包牌")]
                plain = [p for p in single.items if p.reason in ("胡牌分", "包牌")]
                assert sum(p.amount for p in win_money) == 2 * sum(p.amount for p in plain)
                doubled += 1
    assert doubled > 0


def penalty_deal() -> Deal:
    """Every seat holds one East and nothing that could win or pung it."""
    hands = (
        "1z147m258p369s234z9m",
        "1z147p258s369m234z",
        "1z147s258m369p234z",
        "1z147m258p369s234z",
    )
    dealt = Counter(majiang.parse_tiles("".join(hands)))
    wall = [
        t for t in (f"{n}{s}" for s in "mps" for n in range(1, 10)) for _ in range(4 - dealt[t])
    ]
    return Deal(hands, wall, "9s", "9s")


def test_four_discards_of_one_tile_in_a_row_are_a_penalty() -> None:
    game = Game("nanjing", seed=1, hands=2, deal=penalty_deal(), dealer=0)
    for seat in range(4):
        assert game.to_act() == [seat]
        game.step(seat, Discard("1z"))
    bots = mixed_bots(5)
    while len(game.records) < 1:
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    record = game.records[0]
    assert {"kind": "same_four_in_a_row", "seat": 0, "tile": "1z"} in record["penalties"]
    fines = [p for p in game.settlements[0].items if p.reason == "罚"]
    assert {(p.payer, p.payee) for p in fines} >= {(0, 1), (0, 2), (0, 3)}
    assert game.state.dealer == 0 and game.records[0]["dealer"] == 0  # 比下胡: the dealer stays


def test_penalties_from_events() -> None:
    def discard(seat: int, tile: str) -> dict[str, Any]:
        return {"event": "discard", "seat": seat, "tile": tile}

    four_by_one = [discard(2, "9s"), discard(3, "1m"), discard(2, "9s"), discard(2, "9s")]
    four_by_one += [{"event": "pong", "seat": 0}, discard(2, "9s")]
    assert penalties(four_by_one) == [{"kind": "four_by_one", "seat": 2, "tile": "9s"}]
    interrupted = [discard(1, "2z"), discard(2, "2z"), {"event": "kong", "seat": 0}]
    interrupted += [discard(0, "2z"), discard(3, "2z")]
    assert penalties(interrupted) == []
    same_seat_twice = [discard(s, "3p") for s in (1, 2, 1, 3)]
    assert penalties(same_seat_twice) == []


def test_kept_back_tiles_are_never_drawn() -> None:
    draws = 0
    for seed in range(30):
        game = Game("nanjing", seed=seed)
        bots: list[Bot] = [RandomBot(seed * 4 + s) for s in range(4)]
        play_checked(game, bots)
        if game.records[0]["result"]["kind"] == "draw":
            assert game.state.wall.remaining == KEPT
            draws += 1
    assert draws > 0


def test_simulate_nanjing() -> None:
    stats = simulate(hands=20, seed=3, variant="nanjing")
    assert stats["hands"] == 20
    assert abs(sum(stats["mean_score"])) < 1e-9


def test_a_win_on_a_kong_replacement_is_big_gang_kai_with_its_feeder() -> None:
    hands = (
        "5m147m258s369p1234z",
        "555m123p456p789p1s",
        "2m3m6m8m9m3s4s6s7s9s123z",
        "2m3m6m8m9m3s4s6s7s9s234z",
    )
    dealt = Counter(majiang.parse_tiles("".join(hands)))
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + ["1z", "2z", "3z", "4z"]
    wall = [t for t in kinds if t != "1s" for _ in range(4 - dealt[t])] + ["1s"]
    game = decline_openings(Game("nanjing", deal=Deal(hands, wall, "9s", "9s"), dealer=0))
    game.step(0, Discard("5m"))
    assert game.to_act() == [1]
    game.step(1, {"type": "kong", "tile": "5m", "kind": "exposed"})
    game.step(1, {"type": "win"})
    result = game.records[0]["result"]
    assert (result["gang_kai"], result["kong_feeder"], result["from"]) == ("big", 0, None)
    assert game.settlements[0].pattern["liable"] == 0  # the feeder pays for the 杠开


def test_several_winners_on_one_discard_only_with_the_option() -> None:
    several = {True: 0, False: 0}
    for allowed in (True, False):
        for seed in range(40):
            options = {"multiple_winners": allowed}
            game = Game("nanjing", seed=seed, hands=3, options=options)
            bots = [EfficiencyBot() for _ in range(4)]
            while not game.over:
                seat = game.to_act()[0]
                legal = game.legal_actions(seat)
                game.step(seat, bots[seat].act(game.observation(seat), legal))
            for record, settlement in zip(game.records, game.settlements, strict=True):
                if isinstance(record["result"].get("winner"), list):
                    several[allowed] += 1
                    assert {w["winner"] for w in settlement.pattern["winners"]} == set(
                        record["result"]["winner"]
                    )
            assert replay(game.events).scores == tuple(game.scores)
    assert several[True] > 0 and several[False] == 0


def test_a_win_on_the_replacement_for_a_flower_kong_is_flower_gang_kai() -> None:
    """Seat 1 pungs (no 门清 any more) with three flowers aside; its fourth flower makes 春夏秋冬
    (a 花杠) and four hard flowers, so the replacement 1s wins: 花杠开."""
    hands = (
        "5m147m258s369p1234z",
        "55m123p456p789p1s2s",
        "2m3m6m8m9m3s4s6s7s9s123z",
        "2m3m6m8m9m3s4s6s7s9s234z",
    )
    dealt = Counter(majiang.parse_tiles("".join(hands)))
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + ["1z", "2z", "3z", "4z"]
    filler = [t for t in kinds if t != "1s" for _ in range(4 - dealt[t])]
    wall = [*filler[:3], "4f", *filler[3:], "1s"]
    deal = Deal(hands, wall, "9s", "9s", flowers=("", "1f2f3f", "", ""))
    game = decline_openings(Game("nanjing", deal=deal, dealer=0))

    def pass_claims() -> None:
        while game.state.phase == "claim" and not game.over:
            for s in game.to_act():
                game.step(s, {"type": "pass"})

    game.step(0, Discard("5m"))
    game.step(1, {"type": "pong"})
    pass_claims()
    game.step(1, Discard("2s"))
    pass_claims()
    for seat in (2, 3, 0):
        assert game.to_act() == [seat]
        drawn = game.state.drawn
        assert drawn is not None
        game.step(seat, Discard(majiang.tiles.KINDS[drawn]))
        pass_claims()
    assert game.to_act() == [1] and game.state.flowers[1] == (34, 35, 36, 37)
    game.step(1, {"type": "win"})
    result = game.records[0]["result"]
    assert (result["gang_kai"], result["kong_feeder"], result["tile"]) == ("flower", None, "1s")
    assert game.records[0]["players"][1]["flowers"] == "1f2f3f4f"
    assert "花杠开" in game.settlements[0].pattern["hands"]


def test_a_small_hand_with_a_pung_needs_four_hard_flowers() -> None:
    from majiang.game.state import Meld

    variant = NanjingVariant()
    hand = majiang.tiles.to_counts("123p456p789p1s")
    pung = (Meld("peng", (4, 4, 4), 0),)
    assert variant.waits(hand, pung, flowers=(34, 35, 36), seat=1) == frozenset()
    assert variant.waits(hand, pung, flowers=(34, 35, 36, 31), seat=1) == {18}


def passed_pong_offered_again(variant: str, matches: int) -> tuple[int, int]:
    """Plays RandomBot matches, tracking (from the outside) which seat passed a pong of which
    kind since its last draw; returns (pongs passed, times one was offered again)."""
    passed: set[tuple[int, int]] = set()
    count = offered_again = 0
    for match in range(matches):
        game = Game(variant, seed=match, hands=3)
        bots = [RandomBot(match * 4 + s) for s in range(4)]
        while not game.over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            st = game.state
            tile = st.last_discard if st.phase == "claim" else None
            if tile is not None and (seat, tile) in passed and PONG in legal:
                offered_again += 1
            action = bots[seat].act(game.observation(seat), legal)
            seen = len(game.events)
            hand_before = len(game.records)
            game.step(seat, action)
            if tile is not None and PONG in legal and not isinstance(action, Pong | Kong):
                passed.add((seat, tile))
                count += 1
            if len(game.records) != hand_before:
                passed.clear()  # a new hand
            for e in game.events[seen:]:
                if e["event"] == "draw":
                    passed = {(s, k) for s, k in passed if s != e["seat"]}
    return count, offered_again


def test_a_passed_pong_is_not_offered_again_before_the_next_draw() -> None:
    """No 弃先碰后 in Nanjing `[004 v2]`; Nanchang has no such rule, so the same situation
    does come up there (the control: the check can see it)."""
    passed, again = passed_pong_offered_again("nanjing", 40)
    assert passed > 50 and again == 0
    passed, again = passed_pong_offered_again("nanchang", 40)
    assert passed > 50 and again > 0


# 报听 (docs/rules/nanjing.md §8, [004]): declared after the deal by a ready seat; the hand is
# then fixed, and a win is 地胡.
READY_HANDS = ("123456789m1122p5s", "123456789p1234s", "147m258p369s1233z", "13579m1357p1357s")


def ready_deal(head: str, hands: tuple[str, str, str, str] = READY_HANDS) -> Deal:
    """``hands`` (by default the dealer and seat 1 ready), the wall starting with ``head`` and
    then every other tile of the set but the dragons (no 补花 in these tests)."""
    first = majiang.parse_tiles(head)
    used = Counter(majiang.parse_tiles("".join(hands))) + Counter(first)
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + ["1z", "2z", "3z", "4z"]
    rest = [t for t in kinds for _ in range(4 - used[t])]
    return Deal(hands, first + rest)


def test_only_ready_seats_are_asked_to_declare_bao_ting() -> None:
    game = Game("nanjing", dealer=0, deal=ready_deal("9s"))
    assert game.state.phase == "declare" and game.to_act() == [0, 1]
    assert game.legal_actions(0) == [Declare("ready"), Pass()]
    assert game.legal_actions(2) == []
    v2 = Game("nanjing", dealer=0, deal=ready_deal("9s"), options={"values": "v2_run10"})
    assert v2.to_act() == [1], "v2: 报听 is a non-dealer's"


def test_after_bao_ting_the_hand_is_fixed() -> None:
    game = Game("nanjing", dealer=0, deal=ready_deal("9s"))
    game.step(0, Declare("ready"))
    game.step(1, Declare("ready"))
    assert [e for e in game.events if e["event"] == "declare"] == [
        {"event": "declare", "seat": s, "what": "ready", "value": ""} for s in (0, 1)
    ]
    assert game.observation(3).declared == ((("ready", ""),), (("ready", ""),), (), ())
    # the dealer declared on 14 tiles: its first discard must leave it ready
    assert [a for a in game.legal_actions(0) if isinstance(a, Discard)] == [Discard("5s")]
    game.step(0, Discard("5s"))
    # seat 1 drew 9s: it may only discard the drawn tile
    assert game.state.turn == 1 and game.state.drawn == 26
    assert game.legal_actions(1) == [Discard("9s")]


def test_no_claim_after_bao_ting() -> None:
    hands = ("123456789m1122p1s", "123456789p1145s", "147m258p369s1233z", "13579m1357p1357s")
    for declares in (False, True):
        game = Game("nanjing", dealer=0, deal=ready_deal("9s", hands))
        game.step(0, Pass())
        game.step(1, Declare("ready") if declares else Pass())
        game.step(0, Discard("1s"))
        if declares:
            assert game.state.phase == "turn" and game.state.turn == 1, "no pong after 报听"
        else:
            assert game.to_act() == [1] and Pong() in game.legal_actions(1)


def test_a_ready_seats_win_is_di_hu() -> None:
    game = Game("nanjing", dealer=0, deal=ready_deal("9s9m4s"))
    game.step(0, Pass())
    game.step(1, Declare("ready"))
    game.step(0, Discard("5s"))
    game.step(1, Discard("9s"))  # 报听: the drawn tile goes
    game.step(2, Discard("9m"))
    game.step(3, Discard("4s"))
    assert game.to_act() == [1] and game.legal_actions(1) == [majiang.game.Win(), Pass()]
    game.step(1, majiang.game.Win())
    record = game.records[0]
    assert record["players"][1]["ready"] and record["result"]["di_hu"]
    assert "地胡" in game.settlements[0].pattern["hands"]
    assert replay(game.events).scores == tuple(game.scores)


def test_a_pong_may_be_made_a_kong_at_once() -> None:
    """碰后可以立马杠 [004 v2]: right after a pong the seat may add its fourth tile."""
    hands = (
        "258m369p258s1234z9s",
        "258m258s369p134z4z",
        "999s368m36s3z128p7m",
        "258m147s369p24z3p1p",
    )
    wall = "7p7p7p1s1s1s6m6m6m7s7s3s3s4p4p2p2p8p"
    game = decline_openings(Game("nanjing", seed=0, dealer=0, deal=Deal(hands, wall, drawn="9s")))
    game.step(0, Discard("9s"))
    for seat in game.to_act():
        game.step(seat, Pong() if seat == 2 else Pass())
    assert game.state.turn == 2 and Kong("9s", "added") in game.legal_actions(2)
    game.step(2, Kong("9s", "added"))
    assert [m.kind for m in game.state.melds[2]] == ["bu_gang"]
    assert game.state.melds[2][0].source == 0  # the pong's feeder (二杠)


def test_several_seats_rob_one_kong_with_multiple_winners() -> None:
    """一炮多响 applies to a robbed kong too: seats 1 and 2 both wait on 5p (46p); seat 0 adds
    the fourth 5p to its pong and both rob it, each paid by seat 0 as on a self-draw."""
    hands = (
        "55p111s999s234m67m1z",
        "123m456m789m11p46p",
        "123s456s789s22p46p",
        "5p3p7p9p1m5m9m3s7s8s2z3z4z",
    )
    for several in (True, False):
        deal = ready_deal("1z1z1z4z4z4z5p", hands)
        options = {"multiple_winners": several}
        game = decline_openings(Game("nanjing", dealer=0, deal=deal, options=options))
        game.step(0, Discard("1z"))
        for seat in (1, 2):
            game.step(seat, Discard("1z"))
        game.step(3, Discard("5p"))  # seats 1 and 2 pass their win; seat 0 pongs
        for seat in game.to_act():
            game.step(seat, Pong() if seat == 0 else Pass())
        game.step(0, Discard("6m"))
        for seat in (1, 2, 3):
            game.step(seat, Discard("4z"))
        assert game.state.turn == 0 and Kong("5p", "added") in game.legal_actions(0)
        game.step(0, Kong("5p", "added"))
        assert game.state.phase == "rob" and game.to_act() == [1, 2]
        for seat in (1, 2):
            game.step(seat, majiang.game.Win())
        result = game.records[0]["result"]
        assert result["qiang_gang"] and result["from"] == 0
        assert result["winner"] == ([1, 2] if several else 1)
        deltas = game.settlements[0].deltas
        assert deltas[3] == 0 and deltas[0] < 0 and (deltas[2] > 0) == several
