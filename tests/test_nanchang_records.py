"""Hand records: the typed form round-trips, and a record that cannot have happened is refused
with a RecordError naming the field (nothing is settled)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from nanchang_records import table_record

import majiang
from majiang.errors import MajiangError, RecordError
from majiang.variants.nanchang import HandRecord, Meld, NanchangOptions, PlayerRecord, WinResult
from majiang.variants.nanchang.record import DrawResult


def good() -> dict[str, Any]:
    """Seat 1 wins 德国 平胡 on seat 2's discard; seat 3 has a peng of 东 from seat 0."""
    return table_record(
        "123m456m789s11s67p",
        "5p",
        winner=1,
        discarder=2,
        hands={3: "4p"},
        other_melds={3: [{"kind": "peng", "tiles": "111z", "from": 0}]},
    )


def test_the_good_record_settles() -> None:
    assert sum(majiang.settle(good()).deltas) == 0


def test_typed_record_round_trips() -> None:
    record = HandRecord.from_dict(good())
    again = HandRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record
    assert isinstance(record.result, WinResult)
    assert record.players[3].melds == (Meld("peng", "111z", 0),)
    assert majiang.settle(record) == majiang.settle(good())


def test_typed_record_built_by_hand_is_checked() -> None:
    players = tuple(PlayerRecord.from_dict(p) for p in good()["players"])
    record = HandRecord(0, "3p", players, WinResult(1, "5p", 2), options=NanchangOptions())
    assert majiang.settle(record).pattern["de_guo"] == "德国"
    with pytest.raises(RecordError, match=r"^result\.tile: "):
        HandRecord(0, "3p", players, WinResult(1, "9p", 2))
    with pytest.raises(RecordError, match=r"^players\[0\]\.hand: "):
        HandRecord(0, "3p", (PlayerRecord("123m"), *players[1:]), DrawResult())


Edit = Callable[[dict[str, Any]], object]


def _replace(record: dict[str, Any], new: dict[str, Any]) -> None:
    record.clear()
    record.update(new)


def _set(path: str, value: Any) -> Edit:
    """An edit setting ``path`` (dots and [i]) in the record to ``value``."""

    def edit(record: dict[str, Any]) -> None:
        node: Any = record
        keys = path.replace("[", ".").replace("]", "").split(".")
        for key in keys[:-1]:
            node = node[int(key)] if key.isdigit() else node[key]
        last = keys[-1]
        if last.isdigit():
            node[int(last)] = value
        else:
            node[last] = value

    return edit


def _delete(path: str) -> Edit:
    def edit(record: dict[str, Any]) -> None:
        node: Any = record
        keys = path.split(".")
        for key in keys[:-1]:
            node = node[key]
        del node[keys[-1]]

    return edit


BAD: list[tuple[str, Edit, str]] = [
    # tile counts over four across all players
    (
        "fifth copy in a pond",
        _set("players[2].discards", "7p7p7p7p"),
        r"^players\[2\]\.discards: a fifth 7p",
    ),
    # the winner's 14 tiles do not complete
    (
        "not a winning hand",
        _set("result.tile", "9p"),
        r"^result\.tile: players\[1\]'s hand .* does not complete",
    ),
    # hand sizes that do not fit the melds
    (
        "hand too long",
        _set("players[0].hand", "123456789m12345z"),
        r"^players\[0\]\.hand: 14 tiles",
    ),
    (
        "winner hand short",
        _set("players[1].hand", "123m456m789s11s6p"),
        r"^players\[1\]\.hand: 12 tiles without the winning tile",
    ),
    ("meld not counted", _set("players[3].melds", []), r"^players\[3\]\.hand: 10 tiles"),
    # melds that are no melds
    (
        "chi not a sequence",
        _set("players[3].melds[0]", {"kind": "chi", "tiles": "157z", "from": 2}),
        r"^players\[3\]\.melds\[0\]\.tiles: 157z is no sequence",
    ),
    (
        "chi from the wrong seat",
        _set("players[3].melds[0]", {"kind": "chi", "tiles": "567z", "from": 0}),
        r"^players\[3\]\.melds\[0\]\.from: a chi takes the previous player's",
    ),
    (
        "peng of two kinds",
        _set("players[3].melds[0]", {"kind": "peng", "tiles": "112z", "from": 0}),
        r"^players\[3\]\.melds\[0\]\.tiles: a peng is 3 of one kind",
    ),
    (
        "kong of three",
        _set("players[3].melds[0]", {"kind": "ming_gang", "tiles": "111z", "from": 0}),
        r"^players\[3\]\.melds\[0\]\.tiles: a ming_gang has 4 tiles, got 3",
    ),
    (
        "concealed kong claimed",
        _set("players[3].melds[0]", {"kind": "an_gang", "tiles": "1111z", "from": 0}),
        r"^players\[3\]\.melds\[0\]\.from: an an_gang is concealed",
    ),
    (
        "peng from itself",
        _set("players[3].melds[0].from", 3),
        r"^players\[3\]\.melds\[0\]\.from: a peng claims another player's tile",
    ),
    (
        "peng from nobody",
        _set("players[3].melds[0].from", None),
        r"^players\[3\]\.melds\[0\]\.from: a peng needs the seat",
    ),
    (
        "unknown meld kind",
        _set("players[3].melds[0].kind", "kan"),
        r"^players\[3\]\.melds\[0\]\.kind: expected one of",
    ),
    # unknown seat, option or field
    ("dealer seat 4", _set("dealer", 4), r"^dealer: expected a seat 0-3, got 4"),
    ("winner seat 7", _set("result.winner", 7), r"^result\.winner: expected a seat 0-3, got 7"),
    ("discarder seat -1", _set("result.from", -1), r"^result\.from: expected a seat 0-3, got -1"),
    (
        "meld from seat 9",
        _set("players[3].melds[0].from", 9),
        r"^players\[3\]\.melds\[0\]\.from: expected a seat 0-3, got 9",
    ),
    ("seat as text", _set("dealer", "0"), r"^dealer: expected a seat 0-3, got '0'"),
    (
        "unknown option",
        _set("options", {"de_guo_bonus": 5}),
        r"^options: de_guo_bonus: unknown option",
    ),
    ("unknown field", _set("players[0].hnad", "1m"), r"^players\[0\]\.hnad: unknown field"),
    ("unknown top field", _set("winner", 1), r"^winner: unknown field"),
    ("unknown variant", _set("variant", "hongkong"), r"^variant: unknown variant 'hongkong'"),
    (
        "three players",
        lambda r: r["players"].pop(),
        r"^players: expected exactly four players, got 3",
    ),
    # other fields
    ("bad tile text", _set("players[2].hand", "123x"), r"^players\[2\]\.hand: bad tile"),
    (
        "hand not text",
        _set("players[2].hand", None),
        r"^players\[2\]\.hand: expected tiles as text",
    ),
    (
        "two indicator tiles",
        _set("jing_indicator", "3p4p"),
        r"^jing_indicator: expected one tile, got 2",
    ),
    ("streak zero", _set("dealer_streak", 0), r"^dealer_streak: expected a whole number ≥ 1"),
    ("flag not bool", _set("result.gang_kai", 1), r"^result\.gang_kai: expected true or false"),
    (
        "discard win from itself",
        _set("result.from", 1),
        r"^result\.from: a discard win takes another player's tile",
    ),
    (
        "gang kai on a discard",
        _set("result.gang_kai", True),
        r"^result\.gang_kai: 杠开 is self-drawn",
    ),
    (
        "gang kai without kong",
        lambda r: r["result"].update({"from": None, "gang_kai": True}),
        r"^result\.gang_kai: 杠开 needs a kong",
    ),
    (
        "qiang gang without peng",
        _set("result.qiang_gang", True),
        r"^result\.qiang_gang: seat 2 has no peng of 5p",
    ),
    (
        "tian hu by a non-dealer",
        lambda r: r["result"].update({"from": None, "tian_hu": True}),
        r"^result\.tian_hu: 天胡 is the dealer's",
    ),
    (
        "di hu not on the dealer",
        _set("result.di_hu", True),
        r"^result\.di_hu: 地胡 is a non-dealer winning on the dealer's discard",
    ),
    (
        "two flags",
        lambda r: r["result"].update({"tian_hu": True, "di_hu": True}),
        r"^result\.di_hu: cannot go with tian_hu",
    ),
    ("result kind", _set("result.kind", "tie"), r"^result\.kind: expected 'win' or 'draw'"),
    (
        "draw with a winner",
        _set("result", {"kind": "draw", "winner": 1}),
        r"^result\.winner: unknown field",
    ),
    (
        "empty record",
        lambda r: _replace(r, {"variant": "nanchang"}),
        r"^dealer: expected a seat 0-3, got None",
    ),
    (
        "dealt partly",
        lambda r: (
            r.update({"lower_jing_indicator": "5s"})
            or r["players"][0].update({"dealt": "123456789m12345z"})
        ),
        r"^players\[1\]\.dealt: needed for 下翻",
    ),
    (
        "dealt wrong size",
        _set("players[2].dealt", "123m"),
        r"^players\[2\]\.dealt: the non-dealer is dealt 13, got 3",
    ),
]


@pytest.mark.parametrize(("what", "edit", "message"), BAD, ids=[b[0] for b in BAD])
def test_impossible_record_is_refused_naming_the_field(what: str, edit: Edit, message: str) -> None:
    record = copy.deepcopy(good())
    edit(record)
    with pytest.raises(RecordError, match=message) as caught:
        majiang.settle(record)
    assert isinstance(caught.value, MajiangError)
    assert isinstance(caught.value, ValueError)


def test_fifth_copy_in_a_meld_is_named() -> None:
    record: dict[str, Any] = {
        "variant": "nanchang",
        "dealer": 0,
        "jing_indicator": "3p",
        "players": [
            {"hand": "123456789m1234z"},
            {"hand": "123m456m789s11s67p"},
            {"hand": "123456789p5677z"},
            {"hand": "4p112233s556z", "melds": [{"kind": "peng", "tiles": "777p", "from": 2}]},
        ],
        "result": {"kind": "win", "winner": 1, "tile": "5p", "from": 2},
    }
    with pytest.raises(RecordError, match=r"^players\[3\]\.melds\[0\]: a fifth 7p"):
        majiang.settle(record)
    record["players"][2]["hand"] = "12345689p55667z"
    assert majiang.settle(record).pattern["de_guo"] == "德国"


def test_a_cached_check_does_not_let_true_pass_for_seat_1() -> None:
    record = good()
    majiang.settle(record)  # seat 3's peng "from": 0 is now checked and cached
    record["players"][3]["melds"][0]["from"] = False
    with pytest.raises(RecordError, match=r"^players\[3\]\.melds\[0\]\.from: expected a seat"):
        majiang.settle(record)
    record["result"]["winner"] = True
    with pytest.raises(RecordError, match=r"^result\.winner: expected a seat"):
        majiang.settle(record)


def test_record_must_be_an_object() -> None:
    with pytest.raises(RecordError, match=r"^variant: expected the rules' name"):
        majiang.settle([1, 2])
    with pytest.raises(RecordError, match=r"^record: expected an object, got list"):
        majiang.variants.nanchang.settle([1, 2])  # type: ignore[arg-type]


def test_missing_field_is_named() -> None:
    record = good()
    _delete("result")(record)
    with pytest.raises(RecordError, match=r"^result: expected an object, got NoneType"):
        majiang.settle(record)
