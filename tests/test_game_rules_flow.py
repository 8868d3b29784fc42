"""Rules of play the engine applies for every variant by table rule, one test per rule
(issue 25 items 14-17 and 23): a passed win blocks after another seat wins the same
discard, the dealer's first-turn 暗杠 per variant, the last discard, 最后四张自动胡 over a
passed win, and no exposed kong from the kept-back tiles."""

from __future__ import annotations

import pytest

import majiang
from majiang.game import Deal, Game
from majiang.game.actions import Declare, Discard, Kong, Pass, Pong, Win

SICHUAN_DEALER = "5m222p333p444p666p7p"  # void m: the 5m goes first
NINE_GATES = "1112345678999m"  # void p; waits on every m tile
WAITS_5M = "123m46m789s111s99s"  # void p; waits on 5m
NOT_READY = "13579s2468s3579m"  # void p; waits on nothing


def sichuan(hands: tuple[str, str, str, str], wall: list[str], voids: str) -> Game:
    game = Game(
        "sichuan", deal=Deal(hands, wall, dice=(0, 0)), dealer=0, options={"tiandi_hu": False}
    )
    for seat, letter in enumerate(voids):
        game.step(seat, Declare("void", letter))
    return game


def test_a_passed_win_blocks_after_another_seat_wins_the_same_discard() -> None:
    # 一炮多响 with one pass: seat 2 wins the 5m, seat 1 passes it; the 血战 hand goes on
    # and seat 1 may not win seat 3's 8m before its own next draw (过手胡)
    wall = ["8m", "1p", "1p", "1p", "1p", "9p", "9p", "9p"]
    game = sichuan((SICHUAN_DEALER, NINE_GATES, WAITS_5M, NOT_READY), wall, "mppp")
    game.step(0, Discard("5m"))
    assert sorted(game.to_act()) == [1, 2]
    game.step(1, Pass())
    game.step(2, Win())
    assert not game.over and game.state.turn == 3 and 1 in game.state.furiten
    game.step(3, Discard("8m"))
    assert Win() not in game.legal_actions(1)


def test_a_passed_rob_blocks_after_another_seat_robs_the_kong() -> None:
    # seat 1 adds the 5s to its pong; seats 2 and 3 may rob it, seat 3 does and seat 2 passes:
    # the 血战 hand goes on, and seat 2 may not win seat 0's 2s before its own next draw
    hands = (
        "5s222p333p444p666p7p",
        "55s111m222m333m78s",
        "123m456m789m34s99s",
        "123p456p789p46s11s",
    )
    wall = ["9m", "9m", "8m", "5s", "2s", "8p", "8p", "8p", "9p", "9p", "9p"]
    game = sichuan(hands, wall, "mppm")
    game.step(0, Discard("5s"))
    game.step(2, Pass())
    game.step(3, Pass())
    game.step(1, Pong())
    game.step(1, Discard("8s"))
    for seat in (2, 3, 0):
        drawn = game.state.drawn
        assert game.state.turn == seat and drawn is not None
        game.step(seat, Discard(majiang.tiles.KINDS[drawn]))
    game.step(1, Kong("5s", "added"))
    assert game.state.phase == "rob" and sorted(game.to_act()) == [2, 3]
    game.step(2, Pass())
    game.step(3, Win())
    assert not game.over and game.state.turn == 0 and 2 in game.state.furiten
    game.step(0, Discard("2s"))
    assert Win() not in game.legal_actions(2)


FOUR_OF_A_KIND = ("1111s234s567s789s9s", "1122334455667p", "1122334455667m", "8899p8899m12345m")


def opened(variant: str, hands: tuple[str, str, str, str], wall: list[str]) -> Game:
    """A game on a chosen deal, past its openings (Sichuan's 定缺: m for every seat; any other
    declaration declined)."""
    game = Game(variant, deal=Deal(hands, wall, "1z", "2z"), dealer=0)
    while game.state.phase == "declare":
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        void = Declare("void", "m")
        game.step(seat, void if void in legal else (Pass() if Pass() in legal else legal[0]))
    return game


@pytest.mark.parametrize(
    ("variant", "allowed"),
    [
        ("nanchang", False),
        ("pingxiang", False),
        ("nanjing", False),
        ("sichuan", True),
        ("gb", True),
    ],
)
def test_the_dealers_first_turn_concealed_kong_is_a_table_rule(variant: str, allowed: bool) -> None:
    # Nanchang "庄家起手不能开暗杠" [000] (Pingxiang, Nanjing: the library's choice); Sichuan's
    # 下雨 and GB set no first-turn limit
    game = opened(variant, FOUR_OF_A_KIND, ["9p"] * 2 + ["9m"] * 2)
    assert game.table.dealer_first_kong is allowed
    assert game.state.turn == 0 and game.state.discards_made == 0
    assert (Kong("1s", "concealed") in game.legal_actions(0)) is allowed


LAST_TILE = ("13579p13579s1357m", "2468p2468s2468m9m", "55m22334p667788s", "1379m1379p1379s5z")


@pytest.mark.parametrize(
    ("variant", "wins_only"), [("gb", True), ("nanchang", True), ("pingxiang", False)]
)
def test_the_discard_of_the_walls_last_tile_is_claimed_only_by_a_win(
    variant: str, wins_only: bool
) -> None:
    # GB (seed 001 "打出后仍无人和牌") and Nanchang (seed 000 "打出后仍无人胡牌则为荒牌"): no pong
    # of the last tile; Pingxiang keeps it claimable
    game = opened(variant, LAST_TILE, ["5m"])
    game.step(0, Discard("1m"))
    assert game.state.turn == 1 and game.state.wall.remaining == 0
    game.step(1, Discard("5m"))
    assert game.table.last_discard_wins_only is wins_only
    if wins_only:
        assert game.over and game.records[0]["result"]["kind"] == "draw"
    else:
        assert Pong() in game.legal_actions(2)


LAST_FOUR = (SICHUAN_DEALER, "1113456789m999s", "13579p1357s2468s", "2468p9p1457s2468s")
# seat 1 (void p) waits on 2m 3m 6m 9m; each seat discards what it draws; the wall's 6th tile
# is drawn by seat 2 (5 left), the 7th by seat 3 (4 left), the 8th by seat 0 (3 left)


def discard_drawn_until(game: Game, remaining: int) -> None:
    """Each seat discards the tile it drew, nobody claiming, until the discard made with
    ``remaining`` tiles in the wall has been made."""
    while True:
        seat, drawn = game.state.turn, game.state.drawn
        assert drawn is not None
        last = game.state.wall.remaining == remaining
        game.step(seat, Discard(majiang.tiles.KINDS[drawn]))
        if last:
            return
        assert game.state.phase == "turn", game.to_act()


def test_zui_hou_si_zhang_overrides_a_passed_win() -> None:
    # seat 1 passes the 3m with 5 left (过手胡 blocks it until its next draw), then seat 0
    # discards 6m with 3 left: "只能胡牌 … 没有选择的权利" [001], the forced win stands
    wall = ["1p", "1p", "3s", "1s", "9p", "3m", "5s", "6m", "8p", "8p", "8p"]
    game = sichuan(LAST_FOUR, wall, "mpmm")
    game.step(0, Discard("5m"))
    discard_drawn_until(game, 5)
    assert game.to_act() == [1] and game.legal_actions(1) == [Win(), Pass()]
    game.step(1, Pass())
    assert 1 in game.state.furiten
    discard_drawn_until(game, 3)
    assert game.to_act() == [1] and game.legal_actions(1) == [Win()]
    game.step(1, Win())
    assert [(w["winner"], w["tile"]) for w in game.state.wins] == [(1, "6m")]


def test_zui_hou_si_zhang_starts_below_four_tiles_left() -> None:
    # with exactly four tiles left the win may still be passed; with three it may not
    wall = ["1p", "1p", "3s", "1s", "9p", "5s", "2m", "6m", "8p", "8p", "8p"]
    game = sichuan(LAST_FOUR, wall, "mpmm")
    game.step(0, Discard("5m"))
    discard_drawn_until(game, 4)
    assert game.to_act() == [1] and game.legal_actions(1) == [Win(), Pass()]
    game.step(1, Pass())
    discard_drawn_until(game, 3)
    assert game.legal_actions(1) == [Win()]


def suit_wall(hands: tuple[str, str, str, str], size: int) -> list[str]:
    """``size`` suit tiles the hands leave in the set, 9s first."""
    held = [sum(c) for c in zip(*(majiang.tiles.to_counts(h) for h in hands), strict=True)]
    kinds = [k for k in range(26, -1, -1) for _ in range(4 - held[k])]
    return [majiang.tiles.KINDS[k] for k in kinds[:size]]


@pytest.mark.parametrize(("left", "kong"), [(16, False), (17, True)])
def test_no_exposed_kong_when_only_the_kept_back_tiles_are_left(left: int, kong: bool) -> None:
    # Nanjing keeps the last 16 tiles back; a kong then would have no tile to replace it
    # ("海底如果后面没牌不能杠" [004 v2]); the pong stays
    hands = ("13579p13579s1357m", "2468p2468s2468m9m", "111m2233p466788s", "3579m1379p1379s9s")
    game = opened("nanjing", hands, suit_wall(hands, left))
    assert game.table.kept_back == 16
    game.step(0, Discard("1m"))
    assert game.state.wall.remaining == left
    legal = game.legal_actions(2)
    assert Pong() in legal and (Kong("1m", "exposed") in legal) is kong
