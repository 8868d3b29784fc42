"""How the commands write tiles (MPSZ, glyphs or Chinese names) and a table renderable
without trailing spaces.

Example:
    >>> Tiles(zh=True).one("5m")
    '五万'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment

import majiang
from majiang.tiles import KINDS, mpsz

__all__ = ["Tiles", "Trimmed", "hand_text", "jing_text"]


@dataclass(frozen=True)
class Tiles:
    """How tiles are written: MPSZ (default), Unicode glyphs or Chinese names.

    Example:
        >>> Tiles().text("55m3p"), Tiles(glyphs=True).one("1m"), Tiles(zh=True).text("12z")
        ('55m3p', '🀇', '东 南')
        >>> Tiles().row(["5m", "1z", "5m"])
        '5m 1z 5m'
    """

    glyphs: bool = False
    zh: bool = False

    def one(self, name: str) -> str:
        """One tile (an MPSZ name such as ``5m``)."""
        if self.glyphs:
            return majiang.to_glyphs(name)
        if self.zh:
            return majiang.to_chinese(name)[0]
        return name

    def text(self, tiles: str) -> str:
        """Sorted tiles given as MPSZ text (``-`` for none)."""
        if not tiles:
            return "-"
        if self.glyphs or self.zh:
            return " ".join(self.one(t) for t in majiang.parse_tiles(tiles))
        return tiles

    def row(self, names: Iterable[str]) -> str:
        """Tiles in the given order (a pond), one by one (``-`` for none)."""
        out = " ".join(self.one(n) for n in names)
        return out or "-"


class Trimmed:
    """A renderable drawn without trailing spaces on its lines (rich pads table cells to the
    column width; piped output and copied text stay clean).

    Example:
        >>> import io
        >>> from majiang.cli.console import console
        >>> from rich.table import Table
        >>> t = Table(box=None, pad_edge=False); t.add_column("a")
        >>> t.add_row("long text"); t.add_row("x")
        >>> buf = io.StringIO(); console(buf).print(Trimmed(t)); buf.getvalue().splitlines()
        ['a', 'long text', 'x']
    """

    def __init__(self, inner: RenderableType) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in console.render_lines(self.inner, options, pad=False):
            segments = list(line)
            while segments and not segments[-1].control and not segments[-1].text.strip():
                segments.pop()
            if segments and not segments[-1].control:
                last = segments[-1]
                segments[-1] = Segment(last.text.rstrip(), last.style)
            yield from segments
            yield Segment.line()


def jing_text(jing: Sequence[str], tiles: Tiles) -> str:
    """The wild tiles with their names (Nanchang's 正精 and 副精).

    Example:
        >>> jing_text(["4m", "5m"], Tiles())
        '正精 4m 副精 5m'
    """
    names = ("正精", "副精")
    return " ".join(f"{names[i] if i < 2 else '精'} {tiles.one(t)}" for i, t in enumerate(jing))


def hand_text(counts: Sequence[int], drawn: int | None, tiles: Tiles) -> str:
    """A concealed hand, with the tile just drawn (a kind index) set apart when it holds one.

    Example:
        >>> hand = [0] * 34; hand[0] = hand[4] = 1
        >>> hand_text(hand, 4, Tiles()), hand_text(hand, None, Tiles())
        ('1m + 5m', '15m')
    """
    if drawn is None or not counts[drawn]:
        return tiles.text(mpsz(counts))
    rest = list(counts)
    rest[drawn] -= 1
    return f"{tiles.text(mpsz(rest))} + {tiles.one(KINDS[drawn])}"
