"""Builders of Nanchang hand records for the settlement tests.

``table_record`` writes the full record of a seed example: the winner's real tiles, the other
hands filled with tiles that hold no jing (so they neither score nor spoil 德国), and any extra
jing a test places on purpose. ``random_record`` draws a random valid record around a random
complete hand.
"""

from __future__ import annotations

import random
from typing import Any

import majiang
from majiang.tiles import KINDS, from_counts
from majiang.variants.nanchang.tile_counts import counts, is_chi, jing_kinds, kinds_of

DEALER = 0
SEATS = 4

# Seats for the five table scenarios (dealer 0): (winner, discarder or None).
SCENARIOS: dict[str, tuple[int, int | None]] = {
    "闲家自摸": (1, None),
    "庄家自摸": (0, None),
    "闲家点炮闲家": (1, 2),
    "庄家点炮闲家": (1, 0),
    "闲家点炮庄家": (0, 1),
}


def fill(used: list[int], size: int, avoid: set[int]) -> str:
    """``size`` tiles not yet used four times, none of the kinds in ``avoid``; updates
    ``used``. Spreads over the kinds so no hand is accidentally complete."""
    out = [0] * 34
    k = 0
    while sum(out) < size:
        k = (k + 7) % 34
        if k not in avoid and used[k] < 4 and out[k] < 2:
            used[k] += 1
            out[k] += 1
    return from_counts(out)


def table_record(
    hand: str,
    tile: str,
    *,
    winner: int | None,
    discarder: int | None,
    indicator: str = "3p",
    melds: list[dict[str, Any]] | None = None,
    hands: dict[int, str] | None = None,
    discards: dict[int, str] | None = None,
    other_melds: dict[int, list[dict[str, Any]]] | None = None,
    options: dict[str, Any] | None = None,
    **flags: Any,
) -> dict[str, Any]:
    """A full record: ``winner`` (hand + ``tile``) wins, or nobody (``winner`` None: 荒庄);
    dealer is seat 0; seats in ``hands`` get those tiles; every other concealed tile is filler
    holding no jing."""
    zheng, fu = jing_kinds(indicator)
    hands = dict(hands or {})
    discards = discards or {}
    other_melds = other_melds or {}
    used = counts(kinds_of(hand), kinds_of(tile)) if winner is not None else [0] * 34
    for m in melds or []:
        used = [a + b for a, b in zip(used, counts(kinds_of(m["tiles"])), strict=True)]
    for seat in range(SEATS):
        for m in other_melds.get(seat, []):
            used = [a + b for a, b in zip(used, counts(kinds_of(m["tiles"])), strict=True)]
        for text in (hands.get(seat, ""), discards.get(seat, "")):
            used = [a + b for a, b in zip(used, counts(kinds_of(text)), strict=True)]
    players = []
    for seat in range(SEATS):
        seat_melds = (melds or []) if seat == winner else other_melds.get(seat, [])
        if seat == winner:
            concealed = hand
        else:  # the given tiles, padded with tiles holding no jing
            given = hands.get(seat, "")
            room = 13 - 3 * len(seat_melds) - len(kinds_of(given))
            concealed = given + fill(used, room, {zheng, fu})
        players.append({"hand": concealed, "melds": seat_melds, "discards": discards.get(seat, "")})
    result: dict[str, Any] = {"kind": "draw"}
    if winner is not None:
        result = {"kind": "win", "winner": winner, "tile": tile, "from": discarder, **flags}
    return {
        "variant": "nanchang",
        "options": options or {},
        "dealer": DEALER,
        "dealer_streak": 1,
        "jing_indicator": indicator,
        "players": players,
        "result": result,
    }


def _take(rng: random.Random, wall: list[int], kinds: list[int]) -> bool:
    if all(wall[k] >= kinds.count(k) for k in kinds):
        for k in kinds:
            wall[k] -= 1
        return True
    return False


def random_block(rng: random.Random) -> list[int]:
    """A random triplet, number sequence or honor sequence."""
    r = rng.random()
    if r < 0.4:
        return [rng.randrange(34)] * 3
    if r < 0.85:
        suit, n = rng.randrange(3), rng.randrange(7)
        return [suit * 9 + n + i for i in range(3)]
    if r < 0.95:
        return rng.sample(range(27, 31), 3)
    return [31, 32, 33]


def _complete(rng: random.Random, wall: list[int], blocks: int) -> list[int] | None:
    """Concealed tiles of a complete hand with ``blocks`` blocks, taken from ``wall``."""
    shape = rng.random() if blocks == 4 else 0.0
    tiles: list[int] = []
    if shape < 0.7:
        while len(tiles) < 3 * blocks:
            block = random_block(rng)
            if _take(rng, wall, block):
                tiles += block
        for _ in range(50):
            k = rng.randrange(34)
            if _take(rng, wall, [k, k]):
                return [*tiles, k, k]
        return None
    if shape < 0.85:
        while len(tiles) < 14:
            k = rng.randrange(34)
            if _take(rng, wall, [k, k]):
                tiles += [k, k]
        return tiles
    numbers = [s * 9 + n for s in range(3) for n in rng.choice([(0, 3, 6), (1, 4, 7), (2, 5, 8)])]
    pool = numbers + list(range(27, 34))
    picked = rng.sample(pool, 14)
    return picked if _take(rng, wall, picked) else None


def random_melds(rng: random.Random, wall: list[int], seat: int, n: int) -> list[dict[str, Any]]:
    """``n`` random melds for ``seat``, tiles taken from ``wall``."""
    out: list[dict[str, Any]] = []
    while len(out) < n:
        kind = rng.choice(["chi", "peng", "peng", "ming_gang", "an_gang", "bu_gang"])
        if kind == "chi":
            block = random_block(rng)
            if not is_chi(tuple(block)):
                continue
        else:
            block = [rng.randrange(34)] * (3 if kind == "peng" else 4)
        if not _take(rng, wall, block):
            continue
        source = None
        if kind == "chi":
            source = (seat + 3) % SEATS
        elif kind != "an_gang":
            source = rng.choice([s for s in range(SEATS) if s != seat])
        out.append(
            {"kind": kind, "tiles": majiang.to_mpsz([KINDS[k] for k in block]), "from": source}
        )
    return out


def _draw(rng: random.Random, wall: list[int], n: int) -> list[int]:
    pool = [k for k in range(34) for _ in range(wall[k])]
    picked = rng.sample(pool, n)
    for k in picked:
        wall[k] -= 1
    return picked


def random_record(rng: random.Random, *, draw_share: float = 0.15) -> dict[str, Any]:
    """A random valid record: a random complete hand (jing sprinkled in as wild tiles) for the
    winner, random melds, hands and ponds for the others."""
    while True:
        record = _try_random_record(rng, draw_share)
        if record is not None:
            return record


def _try_random_record(rng: random.Random, draw_share: float) -> dict[str, Any] | None:
    wall = [4] * 34
    indicator = KINDS[rng.randrange(34)]
    zheng, fu = jing_kinds(indicator)
    dealer = rng.randrange(SEATS)
    draw = rng.random() < draw_share
    winner = rng.randrange(SEATS)
    meld_counts = [rng.choice([0, 0, 0, 1, 1, 2]) for _ in range(SEATS)]
    players: list[dict[str, Any]] = [{} for _ in range(SEATS)]
    result: dict[str, Any] = {"kind": "draw"}
    if not draw:
        k = meld_counts[winner]
        melds = random_melds(rng, wall, winner, k)
        concealed = _complete(rng, wall, 4 - k)
        if concealed is None:
            return None
        for _ in range(rng.choice([0, 1, 1, 2, 3])):  # a few tiles become jing standing in
            i = rng.randrange(len(concealed))
            j = rng.choice([zheng, fu])
            if wall[j]:
                wall[j] -= 1
                wall[concealed[i]] += 1
                concealed[i] = j
        rng.shuffle(concealed)
        tile = concealed.pop()
        source = (
            None if rng.random() < 0.4 else rng.choice([s for s in range(SEATS) if s != winner])
        )
        has_gang = any(m["kind"] in ("ming_gang", "an_gang", "bu_gang") for m in melds)
        result = {
            "kind": "win",
            "winner": winner,
            "tile": KINDS[tile],
            "from": source,
            "gang_kai": source is None and has_gang and rng.random() < 0.5,
        }
        players[winner] = {
            "hand": from_counts(counts(concealed)),
            "melds": melds,
            "discards": from_counts(counts(_draw(rng, wall, rng.randrange(8)))),
        }
    for seat in range(SEATS):
        if players[seat]:
            continue
        melds = random_melds(rng, wall, seat, meld_counts[seat])
        hand = _draw(rng, wall, 13 - 3 * len(melds))
        pond = _draw(rng, wall, rng.randrange(8))
        players[seat] = {
            "hand": from_counts(counts(hand)),
            "melds": melds,
            "discards": from_counts(counts(pond)),
        }
    return {
        "variant": "nanchang",
        "dealer": dealer,
        "dealer_streak": rng.choice([1, 1, 2, 3]),
        "jing_indicator": indicator,
        "players": players,
        "result": result,
    }


def xia_fan_record(
    options: dict[str, Any] | None = None, hands: dict[int, str] | None = None
) -> dict[str, Any]:
    """A drawn hand (荒庄) whose dealt hands carry the lower jing 5s/6s, for 下翻."""
    record = table_record("", "", winner=None, discarder=None, options=options, hands=hands)
    # Dealt hands: 下精 5s (2 points) and 6s (1 point). Dealer 5s 5s 6s = 5 (冲关 10),
    # seat 2 one 6s = 1.
    record["lower_jing_indicator"] = "5s"
    dealt = [
        "5s5s6s123m456m789m12z",
        "123p456p789p1267z",
        "6s123m456p789p156z",
        "234m567m234p2334z",
    ]
    for player, tiles in zip(record["players"], dealt, strict=True):
        player["dealt"] = tiles
    return record


def qiang_gang_record(options: dict[str, Any] | None = None) -> dict[str, Any]:
    # 閒家 (seat 1) holds 3p 3p 4p (3p/4p jing, 5 points) all as themselves (德国) and robs the
    # dealer's added kong of 7s. Seat 2 has a 4p in its pond (1 point: no 霸王精).
    return table_record(
        "33p456p123m789m56s",
        "7s",
        winner=1,
        discarder=0,
        other_melds={0: [{"kind": "peng", "tiles": "777s", "from": 2}]},
        discards={2: "4p"},
        qiang_gang=True,
        options=options,
    )
