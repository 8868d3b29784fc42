"""Rules of play of the Nanchang engine, one example per rule (docs/rules/nanchang.md §5).

Deals use jing indicator 9m (jing 9m and 1m), so the hands below hold no jing unless said.
"""

from __future__ import annotations

import copy

import pytest

import majiang
from majiang.game import Chow, Deal, Discard, Game, Kong, Pass, Pong, Win

FILLER = "7p7p7p1s1s1s9s9s9s"

# Dealer (seat 0) discards 5p: seat 1 (下家) may chow it, seat 2 pong it, seat 3 win on it.
DEALER = "258m369p258s1234z5p"
CHOWER = "46p258m258s13z3p6z4z"
PONGER = "55p368m367s1357z8p"
WINNER = "234s456s234m777z5p"


def game(hands: tuple[str, str, str, str], wall: str = FILLER) -> Game:
    for seat, hand in enumerate(hands):
        assert len(majiang.parse_tiles(hand)) == (14 if seat == 0 else 13), seat
    return Game(seed=0, dealer=0, deal=Deal(hands, wall, "9m", "5z"))


def answer(g: Game, choices: dict[int, object]) -> None:
    """Every seat asked about the discard answers: ``choices`` or Pass."""
    for seat in g.to_act() if g.state.phase in ("claim", "rob") else []:
        act = choices.get(seat, Pass())
        assert act in g.legal_actions(seat), (seat, act)
        g.step(seat, act)


def test_claim_options_per_seat() -> None:
    g = game((DEALER, CHOWER, PONGER, WINNER))
    g.step(0, Discard("5p"))
    assert Chow("456p") in g.legal_actions(1)
    assert Pong() in g.legal_actions(2) and Chow("456p") not in g.legal_actions(2)
    assert Win() in g.legal_actions(3)


def test_win_beats_pong_beats_chow() -> None:
    g = game((DEALER, CHOWER, PONGER, WINNER))
    g.step(0, Discard("5p"))
    answer(g, {1: Chow("456p"), 2: Pong(), 3: Win()})
    assert g.records[0]["result"]["winner"] == 3
    assert g.records[0]["result"]["di_hu"] is True  # on the dealer's first discard

    g = game((DEALER, CHOWER, PONGER, WINNER))
    g.step(0, Discard("5p"))
    answer(g, {1: Chow("456p"), 2: Pong()})
    assert g.state.melds[2][0].kind == "peng" and g.state.turn == 2
    assert g.state.ponds[0] == ()  # the claimed tile left the pond
    assert 3 in g.state.furiten  # passed a win: 弃先胡后

    g = game((DEALER, CHOWER, PONGER, WINNER))
    g.step(0, Discard("5p"))
    answer(g, {1: Chow("456p")})
    assert g.state.melds[1][0].to_dict() == {"kind": "chi", "tiles": "456p", "from": 0}


def test_lan_hu_nearest_after_the_discarder_wins() -> None:
    other_winner = "234s456s234m111z5p".replace("111z", "666z")
    g = game((DEALER, other_winner, PONGER.replace("55p", "28p"), WINNER))
    g.step(0, Discard("5p"))
    answer(g, {1: Win(), 3: Win()})
    assert g.records[0]["result"]["winner"] == 1


@pytest.mark.parametrize(
    ("discard", "lower_hand", "chow"),
    [("1z", "23z" + "258m258s368p4p5z", "123z"), ("2z", "14z" + "258m258s368p4p5z", "124z")],
)
def test_wind_chow_only_by_the_next_seat(discard: str, lower_hand: str, chow: str) -> None:
    dealer = "36m36s2p5p8p" + discard + "5z6z6z7z7z2s"
    g = game((dealer, lower_hand, "34z36m36s368p2p6z78s", "23z47m47s47p2p5p6z58s"))
    g.step(0, Discard(discard))
    assert Chow(chow) in g.legal_actions(1)
    assert all(not isinstance(a, Chow) for a in g.legal_actions(2) + g.legal_actions(3))


def test_dragon_chow_and_no_mixed_honor_chow() -> None:
    g = game(
        (
            "258m258s258p5z1z2z3z4z",
            "67z368m368s368p2p4p",
            "12z47m47s47p6p8p5z3s2s",
            "5m5m5s5s5p5p2z2z3z3z4z4z7z",
        )
    )
    g.step(0, Discard("5z"))
    assert Chow("567z") in g.legal_actions(1)
    g = game(
        (
            "258m258s258p5z1z2z3z4z",
            "12z368m368s368p4p2p",
            "67z47m47s47p6p8p5z3s2s",
            "5m5m5s5s5p5p2z3z3z4z4z4z7z",
        )
    )
    g.step(0, Discard("5z"))
    assert all(not isinstance(a, Chow) for a in g.legal_actions(1))  # E+S do not chow 白


def test_furiten_until_own_draw() -> None:
    # Seat 3 waits on 5p or 7z; it passes the dealer's 5p and may not take seat 1's 7z.
    waiter = "234s456s234m77z55p"
    g = game((DEALER, "258m258s369p1346z", "368m367s1357z128p", waiter), "7z" + FILLER)
    g.step(0, Discard("5p"))
    answer(g, {})
    assert 3 in g.state.furiten and g.state.turn == 1
    g.step(1, Discard("7z"))
    assert Win() not in g.legal_actions(3)
    answer(g, {})
    g.step(2, Discard(majiang.tiles.KINDS[g.state.drawn or 0]))
    answer(g, {})
    assert g.state.turn == 3 and 3 not in g.state.furiten


def test_jing_diao_cannot_win_on_a_discard() -> None:
    lone_jing = "234s456s234m777z1m"  # 1m is a jing: any tile completes the hand
    assert len(majiang.winning_tiles(lone_jing, jing=("9m", "1m"))) >= 33
    g = game((DEALER, "258m258s369p1346z", "368m367s1357z128p", lone_jing), "7p1s9s1m" + FILLER)
    g.step(0, Discard("5p"))  # the dealer's first discard: 精钓地胡 (below); seat 3 passes
    while g.state.phase == "claim":
        g.step(g.to_act()[0], Pass())
    for seat, tile in ((1, "7p"), (2, "1s"), (3, "9s")):
        g.step(seat, Discard(tile))
        while g.state.phase == "claim":
            g.step(g.to_act()[0], Pass())
    g.step(0, Discard("9p"))
    assert 3 not in g.to_act(), "精钓 takes no discard"


def test_robbing_an_added_kong_voids_it() -> None:
    # Seat 1 pongs the dealer's 5p, later draws the fourth 5p and adds it; seat 3 (4p6p) robs.
    robber = "234s456s234m77z46p"
    wall = "1z" + "2z" + "3z" + "5p" + FILLER
    g = game((DEALER, "55p258m258s369p13z", "368m367s1357z8p9p2s", robber), wall)
    g.step(0, Discard("5p"))
    answer(g, {1: Pong(), 3: Pass()})
    for seat in (1, 2, 3, 0):  # each discards the tile it drew (seat 1 its 3z)
        drawn = g.state.drawn
        g.step(seat, Discard("3z" if drawn is None else majiang.tiles.KINDS[drawn]))
        answer(g, {})
    assert g.state.turn == 1
    g.step(1, Kong("5p", "added"))
    assert g.to_act() == [3]
    g.step(3, Win())
    record = g.records[0]
    assert record["result"]["qiang_gang"] and record["result"]["winner"] == 3
    assert record["players"][1]["melds"][0]["kind"] == "peng"  # the kong is void


def test_dealer_no_concealed_kong_on_turn_one() -> None:
    g = game(("1111s47m47p258s123z", CHOWER, PONGER, WINNER), "9s")
    assert all(not isinstance(a, Kong) for a in g.legal_actions(0))


def test_exposed_kong_draws_replacement_from_the_tail() -> None:
    g = game((DEALER, CHOWER, "555p369m369s1357z", WINNER.replace("5p", "8p")), FILLER + "4z")
    g.step(0, Discard("5p"))
    answer(g, {2: Kong("5p", "exposed")})
    assert g.state.turn == 2 and g.state.drawn == majiang.tile_index("4z")
    assert g.events[-1] == {"event": "draw", "seat": 2, "tile": "4z", "replacement": True}


def test_exhaustive_draw_when_the_wall_runs_out() -> None:
    g = game((DEALER, "258m258s369p1346z", "368m367s1357z128p", "258m147s369p2456z"), "9s")
    g.step(0, Discard("5p"))
    answer(g, {})
    g.step(1, Discard("9s"))
    answer(g, {})
    assert g.over and g.records[0]["result"] == {"kind": "draw"}
    assert g.events[-2] == {"event": "draw-game"}
    assert sum(g.scores) == 0


def test_illegal_actions_leave_the_state_unchanged() -> None:
    g = Game(seed=11, dealer=0)
    before = copy.deepcopy(g.state)
    events = list(g.events)
    hand = g.observation(0).hand
    missing = next(t for t in majiang.tiles.KINDS if t not in majiang.parse_tiles(hand))
    bad: list[object] = [
        Discard(missing),
        Pong(),
        Pass(),
        Chow("123m"),
        Kong("1m", "added"),
        {"type": "discard"},
        {"type": "discard", "tile": "0x"},
        {"type": "fly"},
    ]
    for act in bad:
        with pytest.raises(majiang.IllegalActionError):
            g.step(0, act)  # type: ignore[arg-type]
    with pytest.raises(majiang.IllegalActionError):
        g.step(1, Discard(hand[:2]))
    with pytest.raises(majiang.IllegalActionError):
        g.step(7, Pass())
    assert g.state == before and g.events == events


def test_same_seed_same_event_log() -> None:
    from majiang.game import EfficiencyBot, RandomBot, play

    def log(seed: int) -> list[dict[str, object]]:
        bots = [RandomBot(1), EfficiencyBot(), RandomBot(2), EfficiencyBot()]
        return play(Game(seed=seed, hands=3), bots).events

    assert log(5) == log(5)
    assert log(5) != log(6)


def test_tian_hu_on_the_dealt_fourteen() -> None:
    g = game(("234s456s234m777z5p5p", CHOWER, "368m367s1357z8p9p2s", "258m147s369p2456z"))
    assert Win() in g.legal_actions(0)
    g.step(0, Win())
    assert g.records[0]["result"]["tian_hu"] is True
    assert g.settlements[0].pattern["tian_hu"] is True


def test_chao_zhuang_when_all_follow_the_dealer() -> None:
    from majiang.game import EfficiencyBot, play

    third = "368m367s1357z8p9p2s"
    g = game((DEALER, CHOWER, third, "258m147s369p456z4p"), "2z2z2z" + FILLER)
    g.step(0, Discard("2z"))
    answer(g, {})
    for seat in (1, 2, 3):
        assert g.state.turn == seat
        g.step(seat, Discard("2z"))
        answer(g, {})
    play(g, [EfficiencyBot() for _ in range(4)])
    assert g.records[0]["chao_zhuang"] is True
    assert sum(g.scores) == 0


def test_win_on_the_replacement_draw_is_gang_kai() -> None:
    konger = "555p234s456s234m7z"
    g = game((DEALER, CHOWER, konger, "258m147s369p2456z"), FILLER + "7z")
    g.step(0, Discard("5p"))
    answer(g, {2: Kong("5p", "exposed")})
    assert Win() in g.legal_actions(2)
    g.step(2, Win())
    result = g.records[0]["result"]
    assert result["gang_kai"] is True and result["from"] is None
    assert g.settlements[0].pattern["gang_kai"] is True


# 精钓 on a discard (docs/rules/nanchang.md §5): a lone jing that pairs with anything wins
# only self-drawn — but the dealer's first discard wins it as 精钓地胡 ([000], [002]), and a
# discard that completes the hand with every jing as itself wins it as 德国 ([002]).
JING_DIAO = "234s456s234m777z1m"  # jing 9m/1m: the lone 1m pairs with anything


def everyone_passes(g: Game) -> None:
    while g.state.phase == "claim":
        g.step(g.to_act()[0], Pass())


def test_jing_diao_wins_the_dealers_first_discard_as_di_hu() -> None:
    g = game((DEALER, JING_DIAO, "368m367s1357z128p", "258m147s369p2456z"))
    g.step(0, Discard("5p"))
    assert Win() in g.legal_actions(1)
    g.step(1, Win())
    result, pattern = g.records[0]["result"], g.settlements[0].pattern
    assert result["di_hu"] and pattern["jing_diao"]
    paid = {p.payer: p.amount for p in g.settlements[0].by_reason("地胡")}
    assert paid == {0: 40, 2: 40, 3: 40}  # 精钓地胡: 40 from each


def test_jing_diao_takes_the_jing_itself_on_a_later_discard_as_de_guo() -> None:
    hands = (DEALER, "258m258s369p1346z", "368m367s1357z128p", JING_DIAO)
    g = game(hands, wall="7p1s9s1m" + FILLER)
    g.step(0, Discard("5p"))
    everyone_passes(g)
    for seat, tile in ((1, "7p"), (2, "1s"), (3, "9s")):
        g.step(seat, Discard(tile))
        everyone_passes(g)
    g.step(0, Discard("1m"))  # 234s 456s 234m 777z 11m: every jing as itself
    answer(g, {3: Win()})
    result, pattern = g.records[0]["result"], g.settlements[0].pattern
    assert result["winner"] == 3 and not result["di_hu"]
    assert pattern["de_guo"] == "德国" and not pattern["jing_diao"]


# 弃先胡后 ([002], the default): a passed win blocks every discard until the seat's next draw,
# chow, pong or kong; [000] (option passed_win="same_until_draw"): only that tile, until its
# next draw. Seat 3 could win the dealer's 5p but pongs it instead, then discards 2m; the
# dealer discards 4z; seat 1's 5m completes seat 3's hand.
PASSER = ("258m369p258s1234z5p", "258m258s369p1347z", "368m367s1357z128p", "234s456s234m77z55p")


def passed_then_offered(options: dict[str, str]) -> tuple[bool, bool]:
    g = Game(seed=0, dealer=0, options=options, deal=Deal(PASSER, "9s5m" + FILLER, "9m", "5z"))
    g.step(0, Discard("5p"))
    assert Win() in g.legal_actions(3)
    answer(g, {3: Pong()})
    blocked_after_pong = 3 in g.state.furiten or (3, 13) in g.state.win_passed
    g.step(3, Discard("2m"))
    answer(g, {})
    g.step(0, Discard("4z"))
    answer(g, {})
    g.step(1, Discard("5m"))
    return blocked_after_pong, 3 in g.to_act() and Win() in g.legal_actions(3)


def test_a_pong_lifts_a_passed_win_by_default() -> None:
    assert passed_then_offered({}) == (False, True)  # [002]: the pong lifted it


def test_a_passed_win_blocks_only_that_tile_under_seed_000() -> None:
    # [000]: only 5p was blocked (until seat 3's next draw); 5m is another tile
    assert passed_then_offered({"passed_win": "same_until_draw"}) == (True, True)


def test_a_passed_win_blocks_every_tile_without_a_meld() -> None:
    hands = (DEALER, "258m258s369p1346z", "368m367s1357z128p", "234s456s234m77z55p")
    g = game(hands, "7z" + FILLER)
    g.step(0, Discard("5p"))
    answer(g, {})
    g.step(1, Discard("7z"))
    assert Win() not in g.legal_actions(3)  # [002]: any tile until the next draw
    g = Game(
        seed=0,
        dealer=0,
        options={"passed_win": "same_until_draw"},
        deal=Deal(hands, "7z" + FILLER, "9m", "5z"),
    )
    g.step(0, Discard("5p"))
    answer(g, {})
    g.step(1, Discard("7z"))
    assert Win() in g.legal_actions(3)  # [000]: 7z is not the tile passed
