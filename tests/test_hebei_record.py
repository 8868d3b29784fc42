"""The Hebei hand record: typed, round-tripping, and refusing what cannot have happened with a
RecordError whose ``loc`` names the field (docs/rules/hebei.md Record)."""

from typing import Any

import pytest

import majiang
from majiang.errors import RecordError
from majiang.variants.hebei import HandRecord, settle
from majiang.variants.hebei.record import check_record

HANDS = ("1112345678999m", "147m258p369s1234z", "22m33m44m66s88s777z", "567m567p78s8p9s135z")


def record(**changes: Any) -> dict[str, Any]:
    """Seat 0's 九莲-shaped 清一色 wins on seat 3's 5m."""
    out: dict[str, Any] = {
        "variant": "hebei",
        "dealer": 1,
        "players": [{"hand": h} for h in HANDS],
        "result": {"kind": "win", "winner": 0, "tile": "5m", "from": 3},
    }
    out.update(changes)
    return out


def meld_record(meld: dict[str, Any], hand: str = "22m33m44m66s88s") -> dict[str, Any]:
    players: list[dict[str, Any]] = [{"hand": h} for h in HANDS]
    players[2] = {"hand": hand, "melds": [meld]}
    return record(players=players)


def loc_of(data: Any) -> tuple[Any, ...]:
    with pytest.raises(RecordError) as e:
        HandRecord.from_dict(data)
    return tuple(e.value.loc)


def test_round_trip_keeps_every_field() -> None:
    r = HandRecord.from_dict(record(ready=[0, 2], options={"payment": "three"}))
    assert HandRecord.from_dict(r.to_dict()) == r
    assert r.ready == (0, 2) and r.options.payment == "three"
    assert r.score == ("清一色", 9)


def test_majiang_settle_reads_the_variant_field() -> None:
    assert majiang.settle(record()).deltas == settle(record()).deltas == (9, 0, 0, -9)


def test_a_chow_is_refused_naming_the_meld() -> None:
    chow = {"kind": "chi", "tiles": "123p", "from": 1}
    assert loc_of(meld_record(chow)) == ("players", 2, "melds", 0, "kind")


def test_an_concealed_kong_takes_no_tile_from_another_seat() -> None:
    kong = {"kind": "an_gang", "tiles": "7777z", "from": 1}
    assert loc_of(meld_record(kong))[:4] == ("players", 2, "melds", 0)


def test_a_kong_of_different_tiles_is_refused() -> None:
    kong = {"kind": "ming_gang", "tiles": "7776z", "from": 1}
    assert loc_of(meld_record(kong))[:4] == ("players", 2, "melds", 0)


def test_a_claimed_kong_from_the_seat_itself_is_refused() -> None:
    kong = {"kind": "ming_gang", "tiles": "7777z", "from": 2}
    assert loc_of(meld_record(kong))[:4] == ("players", 2, "melds", 0)


def test_a_fifth_copy_is_refused() -> None:
    kong = {"kind": "an_gang", "tiles": "9999m", "from": None}
    assert loc_of(meld_record(kong))[0] == "players"


def test_a_hand_that_does_not_win_is_refused() -> None:
    bad = record(result={"kind": "win", "winner": 1, "tile": "5m", "from": 3})
    assert loc_of(bad) == ("result", "tile")


def test_a_wrong_hand_size_is_refused() -> None:
    players: list[dict[str, Any]] = [{"hand": h} for h in HANDS]
    players[1] = {"hand": "147m258p369s123z"}
    assert loc_of(record(players=players)) == ("players", 1, "hand")


def test_ready_seats_are_seats_once_each() -> None:
    assert loc_of(record(ready=[4])) == ("ready", 0)
    assert loc_of(record(ready=[1, 1])) == ("ready",)
    assert loc_of(record(ready="0")) == ("ready",)


def test_a_ready_seat_that_did_not_win_holds_a_ready_hand() -> None:
    assert loc_of(record(ready=[0, 1])) == ("ready", 1)  # 147m258p369s1234z waits on nothing
    players: list[dict[str, Any]] = [{"hand": h} for h in HANDS]
    players[1] = {"hand": "123m456p789s23s66p"}
    r = HandRecord.from_dict(record(players=players, ready=[0, 1], options={}))
    assert r.ready == (0, 1)


def test_unknown_fields_and_options_are_refused() -> None:
    assert loc_of(record(horses="5m"))[0] in ("record", "horses")
    assert loc_of(record(options={"cap": 3})) == ("options", "cap")
    assert loc_of(record(options={"payment": "all"})) == ("options", "payment")


def test_check_record_changes_nothing() -> None:
    data = record(ready=[0])
    before = repr(data)
    check_record(data)
    assert repr(data) == before


def test_dealt_tiles_are_the_seat_s_13_or_the_dealer_s_14_with_no_fifth_copy() -> None:
    players: list[dict[str, Any]] = [{"hand": h} for h in HANDS]
    players[1] = {**players[1], "dealt": "1111m234567p1234z"}  # the dealer's 14, four 1m
    assert check_record(record(players=players)) is not None
    players[1] = {**players[1], "dealt": "11111m23456p1234z"}  # a fifth 1m
    assert loc_of(record(players=players)) == ("players", 1, "dealt")
    players[1] = {**players[1], "dealt": "1111m234567p123z"}  # 13: the dealer (seat 1) has 14
    assert loc_of(record(players=players)) == ("players", 1, "dealt")
