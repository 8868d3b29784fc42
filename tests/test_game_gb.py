"""GB played by the engine (docs/rules/gb.md, "The engine"): the variant class behind the same
interface, no engine change.

Each match is checked step by step (144 tiles, no honor chow, flowers only laid aside) and as a
whole (zero-sum scores, every win scored again by ``majiang.gb.fan`` from the record at 8 番 or
more without flowers, every record re-settled to the same amounts, the dealer passed on every
hand and the prevalent wind advanced every four, the log replayed, a snapshot continuing
identically).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from typing import Any

import pytest

import majiang
from majiang import gb
from majiang.game import EfficiencyBot, Game, RandomBot, replay, simulate
from majiang.game.actions import Chow, Win
from majiang.game.bots import Bot
from majiang.meld import Meld
from majiang.tiles import to_counts
from majiang.variants.gb.play import GbVariant
from majiang.variants.protocol import WinQuery

MATCHES = 24
HANDS_PER_MATCH = 5


def mixed_bots(match: int) -> list[Bot]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def play_checked(game: Game, bots: list[Bot], stop_after: int | None = None) -> None:
    steps = 0
    size = len(game.variant.table.tiles)
    while not game.over and (stop_after is None or steps < stop_after):
        seat = game.to_act()[0]
        assert game.tile_count() == size
        for s in range(4):
            assert all(c >= 0 for c in game.state.hands[s])
            assert all(f >= 34 for f in game.state.flowers[s])
        legal = game.legal_actions(seat)
        for action in legal:
            if isinstance(action, Chow):
                assert "z" not in action.tiles, "honors are never chowed [MCR]"
                assert game.state.discarder == (seat + 3) % 4, "chow by the 下家 only"
        game.step(seat, bots[seat].act(game.observation(seat), legal))
        steps += 1


def rescored(record: dict[str, Any]) -> gb.FanResult:
    """The win scored again from the record alone, by the core, with its flags."""
    r = record["result"]
    winner = r["winner"]
    p = record["players"][winner]
    melds = [Meld.from_dict(m) for m in p["melds"]]
    visible = 0
    kind = majiang.tile_index(r["tile"])
    for seat, q in enumerate(record["players"]):
        visible += to_counts(q["discards"])[kind]
        for m in q["melds"]:
            if m["kind"] != "an_gang" or seat == winner:
                visible += to_counts(m["tiles"])[kind]
    self_drawn = r["from"] is None
    return gb.fan(
        p["hand"],
        r["tile"],
        melds=melds,
        self_drawn=self_drawn,
        last_copy=visible == 3 and not r["qiang_gang"],
        replacement=r["gang_kai"],
        robbing=r["qiang_gang"],
        last_draw=r["last_tile"] and self_drawn,
        last_claim=r["last_tile"] and not self_drawn and not r["qiang_gang"],
        seat_wind=(winner - record["dealer"]) % 4,
        prevalent_wind=record["prevalent_wind"],
        flowers=len(p["flowers"]) // 2,
        seat=winner,
    )


def check_match(game: Game, first_streak: int = 1) -> None:
    assert sum(game.scores) == 0
    for i, (record, settlement) in enumerate(zip(game.records, game.settlements, strict=True)):
        assert record["variant"] == "gb"
        assert majiang.settle(record).deltas == settlement.deltas
        assert sum(settlement.deltas) == 0
        n = first_streak + i
        assert record["dealer_streak"] == n
        assert record["prevalent_wind"] == (n - 1) // 4 % 4
        result = record["result"]
        if result["kind"] == "win":
            score = rescored(record)
            assert score.total_without_flowers >= 8, "起和 8 番 without flowers [001]"
            assert settlement.pattern["fan"] == score.total
            loser_pay = sorted(-d for d in settlement.deltas if d < 0)
            if result["from"] is None:
                assert loser_pay == [8 + score.total] * 3
            else:
                assert loser_pay == [8, 8, 8 + score.total]
        else:
            assert settlement.deltas == (0, 0, 0, 0)
        if i + 1 < len(game.records):
            nxt = game.records[i + 1]
            assert nxt["dealer"] == (record["dealer"] + 1) % 4, "the dealer never repeats [001]"
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert replayed.scores == tuple(game.scores)
    assert [h.record for h in replayed.hands] == game.records


def check_flower_replacements(events: list[dict[str, Any]]) -> None:
    """补花: a flower laid aside in play is replaced from the tail (the seat's next draw is a
    replacement draw, unless the hand ended first) [001]."""
    for i, e in enumerate(events):
        if e["event"] != "flower":
            continue
        nxt = next(
            (f for f in events[i + 1 :] if f["event"] in ("draw", "deal", "draw-game")), None
        )
        if nxt is not None and nxt["event"] == "draw":
            assert nxt["seat"] == e["seat"] and nxt["replacement"], (e, nxt)


def test_gb_matches_hold_every_invariant() -> None:
    wins = flowers = 0
    for match in range(MATCHES):
        rng = random.Random(match)
        bots = mixed_bots(match)
        game = Game("gb", seed=match, hands=HANDS_PER_MATCH)
        play_checked(game, bots, stop_after=rng.randrange(400))
        if not game.over:
            restored = Game.restore(json.loads(json.dumps(game.snapshot())))
            same_bots = copy.deepcopy(bots)  # bots hold state (a RandomBot's generator)
            play_checked(game, bots)
            play_checked(restored, same_bots)
            assert restored.events == game.events
        check_match(game)
        check_flower_replacements(game.events)
        wins += sum(r["result"]["kind"] == "win" for r in game.records)
        flowers += sum(e["event"] == "flower" for e in game.events)
    assert wins > MATCHES // 2
    assert flowers > MATCHES * HANDS_PER_MATCH  # 8 flowers a hand, laid aside and replaced


def test_flowers_off_plays_136_tiles() -> None:
    game = Game("gb", seed=3, hands=3, options={"flowers": False})
    play_checked(game, [EfficiencyBot() for _ in range(4)])
    assert game.tile_count() == 136
    assert not any(e["event"] == "flower" for e in game.events)
    check_match(game)


def test_min_fan_off_lets_small_wins_through() -> None:
    small = 0
    for seed in range(6):
        game = Game("gb", seed=seed, hands=4, options={"min_fan": 0})
        play_checked(game, [EfficiencyBot() for _ in range(4)])
        for r in game.records:
            if r["result"]["kind"] == "win":
                small += rescored(r).total_without_flowers < 8
    assert small > 0, "without the minimum, EfficiencyBots win small hands"


def test_a_win_below_the_minimum_is_never_offered() -> None:
    """Whenever a seat is offered Win, the hand scores 8 番 or more without flowers (scored
    again from the true state by the core); under min_fan 0 more wins are offered."""
    offered = {8: 0, 0: 0}
    small = 0
    for min_fan in (8, 0):
        for seed in range(8):
            game = Game("gb", seed=seed, hands=2, options={"min_fan": min_fan})
            bots = [EfficiencyBot() for _ in range(4)]
            while not game.over:
                seat = game.to_act()[0]
                legal = game.legal_actions(seat)
                st = game.state
                if any(isinstance(a, Win) for a in legal):
                    offered[min_fan] += 1
                    if st.phase == "turn":
                        tile, source = st.drawn, None
                    else:
                        tile = st.rob_tile if st.phase == "rob" else st.last_discard
                        source = st.discarder
                    assert tile is not None
                    concealed = list(st.hands[seat])
                    if source is None:
                        concealed[tile] -= 1
                    others = [s for s in range(4) if s != seat]
                    hidden = sum(st.hands[s][tile] for s in others)
                    hidden += sum(m.kinds.count(tile) for s in others for m in st.melds[s]
                                  if m.kind == "an_gang")  # fmt: skip
                    hidden += st.wall.live().count(tile)
                    robbing = st.phase == "rob"
                    empty = st.wall.remaining == 0
                    score = gb.fan(
                        concealed,
                        tile,
                        melds=st.melds[seat],
                        self_drawn=source is None,
                        robbing=robbing,
                        replacement=source is None and st.after_kong,
                        last_copy=not robbing and hidden == 0 and concealed[tile] == 0,
                        last_draw=empty and source is None,
                        last_claim=empty and source is not None and not robbing,
                        seat_wind=(seat - st.dealer) % 4,
                        prevalent_wind=(st.streak - 1) // 4 % 4,
                        seat=seat,
                    )
                    if min_fan:
                        assert score.total_without_flowers >= 8, score
                    else:
                        small += score.total_without_flowers < 8
                game.step(seat, bots[seat].act(game.observation(seat), legal))
    assert offered[8] > 0 and small > 0


def test_the_match_is_four_rounds_of_prevalent_wind() -> None:
    game = Game("gb", seed=2, hands=20)
    bots = [EfficiencyBot() for _ in range(4)]
    while not game.over:
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    assert len(game.records) == 16, "the match ends after four rounds [001]"
    assert [r["prevalent_wind"] for r in game.records] == [w for w in range(4) for _ in range(4)]
    dealers = [r["dealer"] for r in game.records]
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(dealers))


def test_options_reach_the_variant() -> None:
    game = Game("gb", options={"min_fan": 0, "extras": True})
    assert isinstance(game.variant, GbVariant)
    assert game.variant.options.min_fan == 0 and game.variant.options.extras
    with pytest.raises(majiang.RecordError, match="no_such_option"):
        Game("gb", options={"no_such_option": 1})


def test_simulate_gb() -> None:
    stats = simulate(hands=24, seed=3, variant="gb")
    assert stats["hands"] == 24
    assert abs(sum(stats["mean_score"])) < 1e-9


def test_engine_waits_agree_with_asking_fan_of_every_kind() -> None:
    """The engine's waits (the core's gb preset) equal the brute force: every kind for which
    majiang.gb.fan says the hand wins (组合龙 with a meld and every other GB shape)."""
    from gb_hands import random_gb_hand
    from majiang.variants.gb.hands import engine_waits, is_winning

    rng = random.Random(14)
    checked = 0
    for _ in range(1500):
        h = random_gb_hand(rng)
        melds = [Meld.from_dict({"kind": k, "tiles": t, "from": s}) if isinstance(t, str)
                 else Meld(k, tuple(t), s) for k, t, s in h.melds]  # fmt: skip
        waits = engine_waits(h.concealed, melds)
        in_melds = [sum(m.kinds.count(k) for m in melds) for k in range(34)]
        brute = frozenset(
            k
            for k in range(34)
            if h.concealed[k] + in_melds[k] < 4 and is_winning(h.concealed, melds, k)
        )
        assert waits == brute, (h, waits, brute)
        assert h.win in waits
        checked += 1
    assert checked == 1500


def test_extras_let_a_blessing_of_heaven_through_the_minimum() -> None:
    """天和 (the dealer's dealt hand, nothing discarded) is 168 under ``extras`` [001], so a
    small hand reaches 起和; without extras the same hand is below it."""
    game = Game("gb", seed=1, dealer=0, options={"extras": True})
    st = game.state
    assert st.discards_made == 0 and not any(st.melds)
    hand = to_counts("123m567m789p234s5p")
    small = gb.fan(hand, 13, self_drawn=True)
    assert small.total_without_flowers < 8
    query = WinQuery(0, 13, None, hand, (), state=st)
    assert game.variant.may_win(query)
    assert not GbVariant().may_win(query)
    # another seat in the first go-round: 人和 (108) under the reading of docs/rules/gb.md
    later = WinQuery(1, 13, None, hand, (), state=st)
    assert game.variant.may_win(later) and not GbVariant().may_win(later)


def _turn_observation(hand: list[int], variant: str) -> Any:
    """Seat 0 to discard from ``hand``, nothing else on the table (dealer, first hand)."""
    from majiang.game.observation import Observation

    empty: tuple[tuple[Any, ...], ...] = ((), (), (), ())
    return Observation(
        0, tuple(hand), empty, empty, 60, None, (), (0,) * 4, 0, 1, 0, "turn", None, None,
        None, empty, "gb", variant=variant,
    )  # fmt: skip


def test_bots_value_hands_by_every_gb_shape() -> None:
    from majiang.game.actions import Discard
    from majiang.tiles import KINDS
    from majiang.variants.gb.rules import NO_FLOWERS, TABLE

    assert TABLE.shapes == NO_FLOWERS.shapes == "gb"
    # 组合龙 + 5z pung + 7z: the knitted straight is one discard (the 7z) from waiting
    hand = to_counts("147m258p369s5557z2p")
    legal = [Discard(KINDS[k]) for k in range(34) if hand[k]]
    choice = EfficiencyBot().act(_turn_observation(hand, "gb"), legal)
    assert isinstance(choice, Discard) and choice.tile in {"7z", "2p"}
    after = list(hand)
    after[KINDS.index(choice.tile)] -= 1
    assert gb.shanten(after)["knitted_straight"] == 0


def test_bot_prefers_a_wait_it_can_win_on() -> None:
    """Two discards leave the hand waiting; the one with more waiting tiles wins on none of
    them at 8 番, the bot takes the other (the variant's bot_may_win); a variant with no such
    condition (none named here) keeps the plain choice."""
    from majiang.game.actions import Discard
    from majiang.tiles import KINDS
    from majiang.variants.gb.hands import engine_waits

    hand = to_counts("35789m333888p789s")
    legal = [Discard(KINDS[k]) for k in range(34) if hand[k]]
    variant = GbVariant()
    obs = _turn_observation(hand, "gb")
    hinted = EfficiencyBot().act(obs, legal)
    plain = EfficiencyBot().act(_turn_observation(hand, ""), legal)
    nanjing = EfficiencyBot().act(_turn_observation(hand, "nanjing"), legal)
    assert nanjing == plain  # a variant with no bot_may_win: the plain choice
    assert isinstance(hinted, Discard) and isinstance(plain, Discard)

    def winnable(discard: Discard) -> list[int]:
        after = list(hand)
        after[KINDS.index(discard.tile)] -= 1
        return [
            k
            for k in engine_waits(after, ())
            if variant.bot_may_win(obs, after, k, self_drawn=True)
            or variant.bot_may_win(obs, after, k, self_drawn=False)
        ]

    assert hinted != plain
    assert winnable(hinted) and not winnable(plain)


def test_efficiency_bots_win_gb_hands() -> None:
    """Four EfficiencyBots on seeded hands: most hands are won (at 8 番 or more: the engine
    checks it), few end in 荒庄; benches/gb_bot_wins.py compares the settings on 2,000."""
    stats = simulate(hands=40, seed=5, variant="gb")
    assert stats["self_draw_rate"] + stats["discard_win_rate"] >= 0.8
    assert stats["draw_rate"] <= 0.2


def test_bot_hint_follows_the_rooms_minimum() -> None:
    """The bot asks the variant bound to the game's options (public): in a room with 起和 0
    every wait is winnable, at the default 8 番 a 平和-like wait is not."""
    from majiang.game.bots import variant_of

    default = Game("gb", seed=1).observation(0)
    open_room = Game("gb", seed=1, options={"min_fan": 0}).observation(0)
    assert default.options == () and dict(open_room.options) == {"min_fan": 0}
    bound, plain = variant_of(open_room), variant_of(default)
    assert isinstance(bound, GbVariant) and isinstance(plain, GbVariant)
    assert bound.options.min_fan == 0 and plain.options.min_fan == 8
    concealed = to_counts("123m456m789p234s5p")
    assert variant_of(open_room).bot_may_win(open_room, concealed, 13, self_drawn=False)
    assert not variant_of(default).bot_may_win(default, concealed, 13, self_drawn=False)
