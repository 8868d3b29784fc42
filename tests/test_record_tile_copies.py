"""Five or more copies of a tile in one field of a hand record (a hand, a pond, the dealt
tiles, the flowers, a meld): a RecordError naming that field, in every variant (issue 25,
item 7: Sichuan raised IndexError from ``tiles.mpsz``)."""

from __future__ import annotations

import random

import pytest
from bounds_records import VARIANTS, records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang import settle
from majiang._core import parse_tiles
from majiang.errors import RecordError

TILE_FIELDS = ("hand", "discards", "dealt", "flowers")
COPIED = ("5m", "9s", "1p", "7z", "1f")


def _fields(variant: str) -> list[tuple[int, str]]:
    first = records(variant)[0]
    return [
        (seat, name)
        for seat, p in enumerate(first["players"])
        for name in TILE_FIELDS
        if isinstance(p.get(name), str)
    ]


CASES = [(v, seat, name) for v in VARIANTS for seat, name in _fields(v) if seat in (0, 3)]


@pytest.mark.parametrize(("variant", "seat", "name"), CASES)
@pytest.mark.parametrize("tile", COPIED)
def test_five_copies_in_one_field_name_the_field(
    variant: str, seat: int, name: str, tile: str
) -> None:
    record = records(variant)[0]
    tiles = list(parse_tiles(record["players"][seat][name]))
    record["players"][seat][name] = tile * 5 + "".join(tiles[5:])  # same length (or 5)
    with pytest.raises(RecordError) as e:
        settle(record)
    assert str(e.value).startswith(f"players[{seat}].{name}"), e.value


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["hand", "discards"])
def test_only_five_copies_name_the_field(variant: str, name: str) -> None:
    record = records(variant)[0]
    record["players"][1][name] = "55555m"
    with pytest.raises(RecordError, match=rf"^players\[1\]\.{name}: "):
        settle(record)


@pytest.mark.parametrize("variant", ["sichuan"])
def test_sichuan_fifth_copy_message(variant: str) -> None:
    for name in ("hand", "discards"):
        record = records(variant)[0]
        record["players"][2][name] = "1111123456789m" if name == "hand" else "55555p"
        with pytest.raises(RecordError) as e:
            settle(record)
        kind = "1m" if name == "hand" else "5p"
        assert str(e.value) == f"players[2].{name}: a fifth {kind}: only four of each tile exist"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_meld_of_five_copies_names_the_meld(variant: str) -> None:
    for record in records(variant):
        for seat, p in enumerate(record["players"]):
            if p["melds"]:
                p["melds"][0]["tiles"] = "55555s"
                with pytest.raises(RecordError, match=rf"^players\[{seat}\]\.melds\[0\]"):
                    settle(record)
                return
    pytest.skip(f"no meld in the {variant} records")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1))
def test_random_tile_counts_settle_or_raise_record_error(variant: str, seed: int) -> None:
    """A field given any number of copies of some tiles: it settles or is a RecordError."""
    rng = random.Random(seed)
    record = rng.choice(records(variant))
    seat = rng.randrange(4)
    player = record["players"][seat]
    name = rng.choice([n for n in TILE_FIELDS if isinstance(player.get(n), str)])
    tiles = list(parse_tiles(player[name]))
    for _ in range(rng.randint(1, 3)):
        tiles += [rng.choice([*tiles, *COPIED])] * rng.randint(1, 9)
    rng.shuffle(tiles)
    player[name] = "".join(tiles[: rng.randint(0, len(tiles))])
    try:
        s = settle(record)
    except RecordError:
        return
    assert sum(s.deltas) == 0
