"""The wall: 136 tiles shuffled from a seed, dice, draws from the head, the tail for kong
replacements and the indicator flip.

Example:
    >>> from majiang.game.wall import Wall
    >>> w = Wall.build(seed=1)
    >>> len(w), w.remaining
    (136, 136)
    >>> t = w.draw(); w.remaining
    135
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.errors import RecordError
from majiang.tiles import TILE_NAMES

__all__ = ["Wall"]


@dataclass
class Wall:
    """Tiles in draw order (kind indices 0-33): ``tiles[head:tail]`` are still in the wall."""

    tiles: list[int]
    dice: tuple[int, int]
    flip_dice: int
    head: int = 0
    tail: int = 136

    @classmethod
    def build(cls, seed: int, tile_set: Sequence[int] | None = None) -> Wall:
        """Shuffle ``tile_set`` (default: the 136 tiles) with ``random.Random(seed)``, roll two
        dice (the second roll's total decides where dealing starts) and the dealer's roll for
        the indicator flip.

        Example:
            >>> Wall.build(7).tiles == Wall.build(7).tiles
            True
        """
        rng = random.Random(seed)
        # Sorting by random keys is a uniform shuffle, three times faster than rng.shuffle in
        # CPython (one C-level random() per tile, one C sort) and as reproducible.
        ordered = [k for k in range(34) for _ in range(4)] if tile_set is None else list(tile_set)
        draw = rng.random
        keys = [draw() for _ in ordered]
        tiles = list(map(ordered.__getitem__, sorted(range(len(ordered)), key=keys.__getitem__)))
        first = rng.randint(1, 6) + rng.randint(1, 6)
        second = rng.randint(1, 6) + rng.randint(1, 6)
        # The second roller sits (first - 1) seats after the dealer; each side holds a quarter.
        side = (first - 1) % 4
        start = (side * len(tiles) // 4 + 2 * second) % len(tiles)
        tiles = tiles[start:] + tiles[:start]
        flip = rng.randint(1, 6) + rng.randint(1, 6)
        return cls(tiles, (first, second), flip, 0, len(tiles))

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def remaining(self) -> int:
        """Tiles still in the wall.

        Example:
            >>> Wall.build(3).remaining
            136
        """
        return self.tail - self.head

    def draw(self) -> int:
        """Draw from the head.

        Example:
            >>> w = Wall.build(3); w.draw() == w.tiles[0]
            True
        """
        self.head += 1
        return self.tiles[self.head - 1]

    def draw_tail(self) -> int:
        """A replacement draw from the tail.

        Example:
            >>> w = Wall.build(3); w.draw_tail() == w.tiles[-1]
            True
        """
        self.tail -= 1
        return self.tiles[self.tail]

    def flip(self) -> tuple[int, int]:
        """The indicator flip: counting ``flip_dice`` stacks back from the tail, the top tile (上精
        indicator) and the one under it (下精 indicator). Both stay in the wall.

        Example:
            >>> w = Wall.build(3); up, low = w.flip(); 0 <= up < 34 and 0 <= low < 34
            True
        """
        top = self.tail - 2 * self.flip_dice
        return self.tiles[top], self.tiles[top + 1]

    def live(self) -> list[int]:
        """The tiles still in the wall.

        Example:
            >>> len(Wall.build(3).live())
            136
        """
        return self.tiles[self.head : self.tail]

    def to_json(self) -> dict[str, Any]:
        """JSON form: every tile by MPSZ name in draw order, with the dice and draw positions.

        Example:
            >>> w = Wall.build(3); Wall.from_json(w.to_json()) == w
            True
        """
        return {
            "tiles": [TILE_NAMES[t] for t in self.tiles],
            "dice": list(self.dice),
            "flip_dice": self.flip_dice,
            "head": self.head,
            "tail": self.tail,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Wall:
        """Inverse of :meth:`to_json`; RecordError when malformed.

        Example:
            >>> Wall.from_json({"tiles": ["1m"], "dice": [2, 3], "flip_dice": 4, "head": 2,
            ...                 "tail": 1})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: state.wall: head 2 and tail 1 do not fit 1 tiles
        """
        index = {name: i for i, name in enumerate(TILE_NAMES)}
        try:
            tiles = [index[t] for t in data["tiles"]]
            first, second = (int(d) for d in data["dice"])
            wall = cls(tiles, (first, second), int(data["flip_dice"]), data["head"], data["tail"])
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"state.wall: malformed ({e!r})") from e
        if not (
            isinstance(wall.head, int) and isinstance(wall.tail, int)
        ) or not 0 <= wall.head <= wall.tail <= len(tiles):
            raise RecordError(
                f"state.wall: head {wall.head} and tail {wall.tail} do not fit {len(tiles)} tiles"
            )
        return wall
