"""One seat's table, built from its :class:`~majiang.game.Observation` alone: what ``majiang
play`` shows the human and ``majiang replay --seat`` shows of a seat.

Nothing here reads the referee's state: the others' hand sizes follow from what is public
(13 tiles, one more for the seat holding a tile to discard, three fewer a meld), and the seats
marked to act are the turn seat on a turn, otherwise (a claim window, an opening declaration)
only the viewer itself when it is asked: who else is asked tells what they hold.

Example:
    >>> import io
    >>> from majiang.cli.console import console
    >>> from majiang.game import Game
    >>> g = Game("sichuan", seed=1)   # seat 1 deals: 定缺 first, seat 1 holds 14
    >>> o = g.observation(0)
    >>> [hand_size(o, s) for s in range(4)]
    [13, 14, 13, 13]
    >>> buf = io.StringIO()
    >>> console(buf).print(seat_table(o, g.table, known_to_act(o, True)))
    >>> buf.getvalue().splitlines()[2].split()
    ['0', '▶', '1169m26778p1369s', '-', '-']
"""

from __future__ import annotations

from collections.abc import Collection

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from majiang.cli.tiles_text import Tiles, Trimmed, hand_text, jing_text
from majiang.game.observation import Observation
from majiang.game.state import mpsz
from majiang.tiles import KINDS, TILE_NAMES
from majiang.variants.protocol import TableRules

__all__ = ["hand_size", "known_to_act", "seat_grid", "seat_table"]


def hand_size(o: Observation, seat: int) -> int:
    """How many concealed tiles ``seat`` holds, as the observer of ``o`` can tell: 13, three
    fewer for each meld (a kong's fourth tile is replaced), one more for the seat holding a
    tile to discard (the turn seat; the dealer during the opening declarations).

    Example:
        >>> from majiang.game import Game
        >>> o = Game(seed=1, dealer=2).observation(0)
        >>> [hand_size(o, s) for s in range(4)]
        [13, 13, 14, 13]
    """
    extra = (o.phase == "turn" and o.turn == seat) or (o.phase == "declare" and o.dealer == seat)
    return 13 - 3 * len(o.melds[seat]) + (1 if extra else 0)


def known_to_act(o: Observation, asked: bool) -> set[int]:
    """The seats the observer knows are to act: the turn seat on a turn; in a claim window
    or a declaration only itself, when it is ``asked`` (has legal actions).

    Example:
        >>> from majiang.game import Game
        >>> known_to_act(Game(seed=1, dealer=2).observation(0), False)
        {2}
    """
    if o.phase == "over":
        return set()
    if o.phase == "turn":
        return {o.turn}
    return {o.seat} if asked else set()


def seat_table(
    o: Observation,
    table: TableRules,
    acting: Collection[int] = (),
    *,
    glyphs: bool = False,
    zh: bool = False,
    title: str | None = None,
) -> RenderableType:
    """The table as seat ``o.seat`` sees it: a header (jing and indicator, the lower
    indicator once shown, the tiles left to draw, the dealer and its streak, the scores),
    then per seat its hand (the viewer's own, with the tile just drawn apart; another's as a
    count, with the tiles it showed after the deal and still holds, or face up once it has
    won and left play), melds (another's concealed kong without its kind unless the table
    lays them face up), pond and the tiles laid aside. ``acting``: the seats marked ▶
    (:func:`known_to_act`).
    """
    tiles = Tiles(glyphs, zh)
    header = Text()
    if title:
        header.append(title + "  ", style="bold")
    if o.wilds:
        header.append(f"jing {jing_text(o.wilds, tiles)}")
        if o.indicator is not None:
            header.append(f"  (indicator {tiles.one(o.indicator)})")
        header.append("  ")
    if o.lower_indicator is not None:
        header.append(f"lower indicator {tiles.one(o.lower_indicator)}  ")
    header.append(f"wall {o.wall}")
    label = table.streak_label
    floor = f", {label} {o.dealer_streak}" if label and o.dealer_streak > 1 else ""
    header.append(f"  dealer seat {o.dealer}{floor}")
    header.append("  scores " + " ".join(f"{s:+d}" for s in o.scores))
    laid_aside = any(o.flowers)
    grid = seat_grid(laid_aside)
    won_on = {s: k for winners, k in o.wins for s in winners}
    for s in range(len(o.pond_kinds)):  # the table's seats
        marks = ("庄" if s == o.dealer else "  ") + (" ▶" if s in acting else "")
        melds = [_meld_text(m.kind, m.kinds, m.tiles, m.source, zh, tiles) for m in o.melds[s]]
        cells: list[RenderableType] = [
            Text(str(s), style="bold" if s == o.seat else ""),
            marks,
            _hand_cell(o, s, won_on, tiles),
            "  ".join(melds) or "-",
            tiles.row(KINDS[k] for k in o.pond_kinds[s]),
        ]
        if laid_aside:
            cells.append(tiles.row(TILE_NAMES[t] for t in o.flowers[s]))
        grid.add_row(*cells)
    return Group(header, Trimmed(grid))


def seat_grid(flowers: bool) -> Table:
    """The empty table of seats both views fill: seat, marks, hand, melds, pond and, when
    any seat laid tiles aside, flowers.

    Example:
        >>> [c.header for c in seat_grid(True).columns]
        ['seat', '', 'hand', 'melds', 'pond', 'flowers']
    """
    grid = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    grid.add_column("seat", justify="right")
    grid.add_column("", no_wrap=True)
    grid.add_column("hand", no_wrap=True)
    grid.add_column("melds", no_wrap=True)
    grid.add_column("pond")
    if flowers:
        grid.add_column("flowers")
    return grid


def _hand_cell(o: Observation, s: int, won_on: dict[int, int], tiles: Tiles) -> Text:
    if s == o.seat:
        hand = Text(hand_text(o.hand_counts, o.drawn_kind, tiles))
        if o.phase == "over" and s in won_on:
            hand.append(f" + {tiles.one(TILE_NAMES[won_on[s]])}", style="bold green")
        return hand
    if o.shown[s]:  # won and left play: its hand lies face up
        hand = Text(tiles.text(mpsz(o.shown[s])))
        hand.append(" (won)", style="bold green")
        return hand
    hand = Text(f"({hand_size(o, s)} tiles)", style="dim")
    if o.revealed[s] and any(o.revealed[s]):  # shown after the deal, still known held
        hand.append(f" showed {tiles.text(mpsz(o.revealed[s]))}")
    return hand


def _meld_text(
    kind: str, kinds: tuple[int, ...], text: str, source: int | None, zh: bool, tiles: Tiles
) -> str:
    if kind == "an_gang" and not kinds:  # another seat's concealed kong: no kind shown
        return "[暗杠]" if zh else "[concealed kong]"
    return tiles.text(text) + (f"<{source}" if source is not None else "")
