"""Rich renderables shared by ``majiang settle``, ``replay`` and ``play``: the table of a game,
one event as a line, and a settlement.

Tiles are MPSZ text by default, Unicode glyphs with ``glyphs=True``, Chinese names with
``zh=True``.

Example:
    >>> import io
    >>> from majiang.cli.console import console
    >>> from majiang.game import Game
    >>> buf = io.StringIO()
    >>> console(buf).print(event_line({"event": "discard", "seat": 2, "tile": "5m"}))
    >>> buf.getvalue()
    'seat 2 discards 5m\\n'
    >>> console(buf).print(table_view(Game(seed=1, dealer=0), seat=2))
    >>> "(13 tiles)" in buf.getvalue()
    True
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from majiang.cli.seat_view import known_to_act, seat_grid, seat_table
from majiang.cli.tiles_text import Tiles, Trimmed, hand_text, jing_text
from majiang.errors import MajiangError, RulesError
from majiang.game.engine import Game
from majiang.game.state import HandState
from majiang.settlement import Settlement
from majiang.tiles import KINDS, TILE_INDEX, TILE_NAMES
from majiang.variants import Variant, get_variant, lookup
from majiang.variants.protocol import named_hands

__all__ = [
    "Tiles",
    "Trimmed",
    "action_text",
    "event_line",
    "settlement_headline",
    "settlement_view",
    "table_view",
]

MELD_NAMES = {
    "chi": "chow",
    "peng": "pong",
    "ming_gang": "kong",
    "an_gang": "concealed kong",
    "bu_gang": "added kong",
}


def table_view(
    game: Game,
    seat: int | None = None,
    *,
    glyphs: bool = False,
    zh: bool = False,
    title: str | None = None,
    state: HandState | None = None,
    winner: int | None = None,
) -> RenderableType:
    """The table of ``game``'s hand in play: a header (jing, indicator, tiles left to draw,
    dealer and 爬楼 floor, scores), then per seat the concealed hand, melds and pond in
    discard order, with 庄 at the dealer and ▶ at the seats to act. ``seat`` shows only that
    seat's view, built from its observation alone
    (:func:`majiang.cli.seat_view.seat_table`). Without a seat every hand is shown (a
    referee's view, or a finished hand, which is public); ``state`` then shows an earlier
    hand of the match (its final state once the next hand is dealt), whose ``winner`` has
    the winning tile shown.

    Example:
        >>> import io
        >>> from majiang.cli.console import console
        >>> buf = io.StringIO()
        >>> console(buf).print(table_view(Game(seed=1, dealer=0)))
        >>> buf.getvalue().splitlines()[0].startswith("jing 正精")
        True
    """
    if seat is not None:
        if state is not None and state is not game.state:
            raise RulesError("table_view: a seat's view is of the hand in play (no state=)")
        o = game.observation(seat)
        acting = known_to_act(o, bool(game.legal_actions(seat)))
        return seat_table(o, game.table, acting, glyphs=glyphs, zh=zh, title=title)
    tiles = Tiles(glyphs, zh)
    current = state is None or state is game.state
    st = game.state if state is None else state
    acting = set(game.to_act()) if current else set()
    jing = [KINDS[k] for k in st.wilds]
    header = Text()
    if title:
        header.append(title + "  ", style="bold")
    if jing:
        header.append(f"jing {jing_text(jing, tiles)}")
        if st.indicator is not None:
            header.append(f"  (indicator {tiles.one(TILE_NAMES[st.indicator])})")
        header.append("  ")
    if st.lower_shown and st.lower is not None:  # turned up for every seat after the deal
        header.append(f"lower indicator {tiles.one(TILE_NAMES[st.lower])}  ")
    header.append(f"wall {max(0, st.wall.remaining - game.table.kept_back)}")
    label = game.table.streak_label
    floor = f", {label} {st.streak}" if label and st.streak > 1 else ""
    header.append(f"  dealer seat {st.dealer}{floor}")
    header.append("  scores " + " ".join(f"{s:+d}" for s in game.scores))
    table = seat_grid(any(st.flowers))
    if current and st.phase == "over":
        winner = game.records[-1]["result"].get("winner")
    for s in range(game.seats):
        marks = ("庄" if s == st.dealer else "  ") + (" ▶" if s in acting else "")
        drawn = st.drawn if st.phase == "turn" and s == st.turn and current else None
        hand = Text(hand_text(st.hands[s], drawn, tiles))
        won = s in winner if isinstance(winner, list) else s == winner
        if won and st.won_on is not None:
            hand.append(f" + {tiles.one(TILE_NAMES[st.won_on])}", style="bold green")
        melds = "  ".join(
            tiles.text(m.tiles) + (f"<{m.source}" if m.source is not None else "")
            for m in st.melds[s]
        )
        pond = tiles.row(KINDS[k] for k in st.ponds[s])
        cells: list[RenderableType] = [Text(str(s)), marks, hand, melds or "-", pond]
        if any(st.flowers):
            cells.append(tiles.row(TILE_NAMES[t] for t in st.flowers[s]))
        table.add_row(*cells)
    return Group(header, Trimmed(table))


def _seat(seat: Any, viewer: int | None) -> str:
    if isinstance(seat, list):  # several winners (一炮多响)
        return " and ".join(_seat(s, viewer) for s in seat)
    return f"seat {seat}" + (" (you)" if viewer is not None and seat == viewer else "")


def event_line(
    event: Mapping[str, Any],
    viewer: int | None = None,
    *,
    glyphs: bool = False,
    zh: bool = False,
    shows_concealed_kongs: bool = False,
    private_openings: Collection[str] = (),
) -> Text:
    """One logged event as a short line. With ``viewer`` (a seat), the tiles other seats
    draw are hidden, and so is the kind of their concealed kongs unless the variant shows
    them (``shows_concealed_kongs``, Nanjing's 暗杠也亮), and the value of their
    ``private_openings`` declarations (换三张) unless the event's ``seen_by`` names the
    viewer (the receiver of the tiles); that seat is marked "(you)". A win's ``shown`` hands
    (laid face up as winners leave play, 血战) are public.

    Example:
        >>> str(event_line({"event": "pong", "seat": 1, "tiles": "555p", "source": 0}))
        'seat 1 pongs 555p from seat 0'
        >>> str(event_line({"event": "draw", "seat": 0, "tile": "5m"}, viewer=1))
        'seat 0 draws'
        >>> str(event_line({"event": "kong", "seat": 0, "kind": "concealed", "tile": "5m"}, 1))
        'seat 0 declares a concealed kong'
        >>> str(event_line({"event": "win", "winner": 3, "tile": "7m", "from": 0,
        ...     "gang_kai": False, "qiang_gang": False, "tian_hu": False, "di_hu": False}))
        "seat 3 wins on seat 0's 7m"
        >>> passed = {"event": "declare", "seat": 0, "what": "exchange", "value": "123m",
        ...           "seen_by": [1]}   # 换三张: seat 1 receives the three tiles
        >>> [str(event_line(passed, v, private_openings=("exchange",))) for v in (1, 2)]
        ['seat 0 declares exchange 123m to seat 1 (you)', 'seat 0 declares exchange to seat 1']
        >>> str(event_line({"event": "reveal", "tiles": ["", "11m", "", "2m"],
        ...     "lower_indicator": "1m"}, 1))   # 下翻: every seat's 下精, public
        'reveal: lower indicator 1m; seat 1 (you) shows 11m; seat 3 shows 2m'
    """
    tiles = Tiles(glyphs, zh)
    kind = event.get("event")
    who = _seat(event.get("seat"), viewer)
    if kind == "deal":
        variant = _playable(event.get("variant"))
        label = "streak" if variant is None else variant.table.streak_label
        streak = event.get("dealer_streak", 1)
        floor = f", {label} {streak}" if label and isinstance(streak, int) and streak > 1 else ""
        line = f"deal: dealer seat {event.get('dealer')}{floor}"
        indicator = TILE_INDEX.get(str(event.get("indicator")))
        # Only a variant that flips one shows the indicator (older logs hold one for all).
        if variant is not None and variant.table.flips_wild and indicator is not None:
            line += f"; indicator {tiles.one(TILE_NAMES[indicator])}"
            jing = [KINDS[k] for k in variant.wilds(indicator)]
            if jing:
                line += f", jing {jing_text(jing, tiles)}"
        return Text(line, style="bold")
    if kind == "draw":
        shown = viewer is None or viewer == event.get("seat")
        what = " a replacement" if event.get("replacement") else ""
        tile = f" {tiles.one(str(event['tile']))}" if shown and "tile" in event else ""
        return Text(f"{who} draws{what}{tile}", style="dim")
    if kind == "flower":
        return Text(f"{who} lays aside {tiles.one(str(event.get('tile')))} (补花)", style="dim")
    if kind == "discard":
        return Text(f"{who} discards {tiles.one(str(event.get('tile')))}")
    if kind in ("pong", "chow"):
        verb = "pongs" if kind == "pong" else "chows"
        return Text(
            f"{who} {verb} {tiles.text(str(event.get('tiles')))} from "
            f"{_seat(event.get('source'), viewer)}",
            style="cyan",
        )
    if kind == "kong":
        tile = str(event.get("tile"))
        if event.get("kind") == "exposed":
            src = _seat(event.get("source"), viewer)
            return Text(f"{who} kongs {tiles.text(tile * 4)} from {src}", style="cyan")
        if event.get("kind") == "added":
            return Text(f"{who} adds {tiles.one(tile)} to its pong (补杠)", style="cyan")
        if viewer is not None and viewer != event.get("seat") and not shows_concealed_kongs:
            return Text(f"{who} declares a concealed kong", style="cyan")
        return Text(f"{who} declares a concealed kong of {tiles.text(tile * 4)}", style="cyan")
    if kind == "win":
        winner = _seat(event.get("winner"), viewer)
        tile = tiles.one(str(event.get("tile")))
        if event.get("from") is None:
            line = f"{winner} wins self-drawn on {tile}"
        elif event.get("qiang_gang"):
            line = f"{winner} robs {_seat(event.get('from'), viewer)}'s kong of {tile} (抢杠)"
        else:
            line = f"{winner} wins on {_seat(event.get('from'), viewer)}'s {tile}"
        extras = [
            n
            for k, n in (("gang_kai", "杠开"), ("tian_hu", "天胡"), ("di_hu", "地胡"))
            if event.get(k)
        ]
        laid = event.get("shown")  # the hands laid face up as their winners leave play (血战)
        if isinstance(laid, Mapping) and len(laid) == 1:
            extras += [f"shows {tiles.text(str(h))}" for h in laid.values()]
        elif isinstance(laid, Mapping):
            extras += [f"{_seat(int(s), viewer)} shows {tiles.text(str(h))}"
                       for s, h in laid.items() if str(s).isdigit()]  # fmt: skip
        return Text(line + "".join(f" ({e})" for e in extras), style="bold green")
    if kind == "declare":
        what, value = str(event.get("what")), str(event.get("value", ""))
        told_to = event.get("seen_by")
        secret = (
            viewer is not None
            and viewer != event.get("seat")
            and what in private_openings
            and not (isinstance(told_to, list) and viewer in told_to)
        )
        told = "" if secret or not value else f" {value}"
        to = ""
        if isinstance(told_to, list) and what in private_openings and told_to:
            to = " to " + " and ".join(_seat(s, viewer) for s in told_to)
        return Text(f"{who} declares {what}{told}{to}", style="cyan")
    if kind == "reveal":  # shown to every seat after the deal, then taken back
        parts = []
        if event.get("lower_indicator"):
            parts.append(f"lower indicator {tiles.one(str(event['lower_indicator']))}")
        each = event.get("tiles")
        if isinstance(each, list):
            parts += [f"{_seat(s, viewer)} shows {tiles.text(str(t))}"
                      for s, t in enumerate(each) if t]  # fmt: skip
        return Text("reveal: " + ("; ".join(parts) or "nothing shown"), style="bold")
    if kind == "horses":
        return Text(f"{who} turns up horses {tiles.text(str(event.get('tiles')))} (抓马)")
    if kind == "draw-game":
        return Text("the wall is empty: exhaustive draw (荒庄)", style="bold yellow")
    if kind == "payment":  # paid at once during the hand (Sichuan's kong money)
        deltas = " ".join(f"{d:+d}" for d in event.get("deltas", []))
        return Text(f"paid at once ({event.get('reason')}): {deltas}", style="yellow")
    if kind == "settlement":
        deltas = " ".join(f"{d:+d}" for d in event.get("deltas", []))
        scores = " ".join(f"{s:+d}" for s in event.get("scores", []))
        return Text(f"settlement: {deltas}; scores {scores}", style="bold")
    return Text(f"{kind}: {dict(event)}")


def action_text(action: Any, *, glyphs: bool = False, zh: bool = False) -> str:
    """A legal action in words, for prompts.

    Example:
        >>> from majiang.game import Chow, Discard
        >>> action_text(Discard("5m")), action_text(Chow("345m"))
        ('discard 5m', 'chow 345m')
        >>> from majiang.game import Declare
        >>> action_text(Declare("void", "p"))
        'void p (筒)'
    """
    tiles = Tiles(glyphs, zh)
    name = type(action).__name__.lower()
    if name == "declare":
        return declare_text(action.what, action.value, tiles)
    if name == "discard":
        return f"discard {tiles.one(action.tile)}"
    if name == "chow":
        return f"chow {tiles.text(action.tiles)}"
    if name == "kong":
        return f"kong {tiles.text(action.tile * 4)} ({action.kind})"
    return name


OPENINGS = {"void": "定缺", "exchange": "换三张", "ready": "报听"}
"""The openings' names, as players say them."""
SUITS = {"m": "万", "p": "筒", "s": "条"}


def declare_text(what: str, value: str, tiles: Tiles | None = None) -> str:
    """A declaration to choose, in words: 定缺 names the suit (letter and Chinese name),
    换三张 the tiles, 报听 only itself.

    Example:
        >>> [declare_text("void", v) for v in "mps"]
        ['void m (万)', 'void p (筒)', 'void s (条)']
        >>> declare_text("exchange", "123m"), declare_text("ready", "")
        ('exchange 123m (换三张)', 'ready (报听)')
    """
    said = OPENINGS.get(what)
    if what == "void" and value in SUITS:
        return f"void {value} ({SUITS[value]})"
    shown = (tiles or Tiles()).text(value) if value and what == "exchange" else value
    words = " ".join(w for w in (what, shown) if w)
    return f"{words} ({said})" if said else words


def _playable(name: object) -> Variant | None:
    """The engine plug-in of the variant named ``name``, or None (a log's unknown variant)."""
    try:
        return get_variant(name)
    except MajiangError:
        return None


def settlement_headline(s: Settlement, variant: str | None = None) -> str:
    """The result in one line: the winner, how, and what the hand is called in ``variant``
    (its ``describe``: Nanchang's shape and extras, Pingxiang's big hands and 番, Nanjing's
    hands and 花); or 荒庄. Without a known variant, the hands the pattern names.

    Example:
        >>> settlement_headline(Settlement.from_items([], pattern={"result": "draw"}))
        'exhaustive draw (荒庄)'
        >>> settlement_headline(Settlement.from_items([], pattern={"result": "win",
        ...     "winner": 2, "from": 0, "self_drawn": False, "hands": ["清一色"], "fan": 4}),
        ...     "pingxiang")
        "seat 2 wins on seat 0's discard: 清一色 (4 番)"
        >>> settlement_headline(Settlement.from_items([], pattern={"result": "win",
        ...     "winner": 1, "self_drawn": False, "hands": ["门清"], "flowers": 50}), "nanjing")
        'seat 1 wins on a discard: 门清 (50 花)'
        >>> settlement_headline(Settlement.from_items([], pattern={"result": "draw", "wins": [],
        ...     "huazhu": [2]}), "sichuan")
        '流局 查花猪 seat 2'
    """
    p = s.pattern
    if "wins" in p and "winner" not in p:  # a hand that went on after its wins (血战)
        return _described(p, variant)
    if p.get("result") == "win":
        if p.get("self_drawn"):
            how = "self-drawn"
        else:
            how = f"on seat {p['from']}'s discard" if "from" in p else "on a discard"
        return f"seat {p.get('winner')} wins {how}: {_described(p, variant)}"
    if p.get("result") == "draw":
        return "exhaustive draw (荒庄)"
    return "settlement"


def _described(pattern: Mapping[str, Any], variant: str | None) -> str:
    """A won hand's pattern in the variant's words (the registry's ``describe``)."""
    if variant is not None:
        try:
            return lookup(variant).describe(pattern)
        except MajiangError:
            pass
    return " ".join(named_hands(pattern)) or str(pattern.get("shape", "a win"))


def settlement_view(
    s: Settlement, variant: str | None = None, *, glyphs: bool = False, zh: bool = False
) -> RenderableType:
    """The settlement of a hand of ``variant``: a headline, the dealer (and the wild tiles),
    one row per payment (payer, payee, amount, reason, how), then each seat's total.

    Example:
        >>> import io
        >>> from majiang.cli.console import console
        >>> from majiang.settlement import Payment
        >>> s = Settlement.from_items([Payment(2, 1, 4, "胡牌分", "1 x 4")], pattern={})
        >>> buf = io.StringIO(); console(buf).print(settlement_view(s))
        >>> buf.getvalue().splitlines()[-1]
        'total      +0      +4      -4      +0'
    """
    tiles = Tiles(glyphs, zh)
    p = s.pattern
    parts: list[RenderableType] = []
    headline = settlement_headline(s, variant)
    if headline != "settlement" or p:
        parts.append(Text(headline, style="bold"))
    if "dealer" in p:
        floor = f", 爬楼 x{p['palou_factor']}" if p.get("palou_factor", 1) > 1 else ""
        jing = " ".join(tiles.one(str(t)) for t in p.get("jing", []))
        parts.append(Text(f"dealer seat {p['dealer']}{floor}; jing {jing}"))
    if parts:
        parts.append(Text(""))
    payments = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    payments.add_column("payer", justify="right")
    payments.add_column("payee", justify="right")
    payments.add_column("amount", justify="right")
    payments.add_column("reason", min_width=8)
    payments.add_column("how")
    for item in s.items:
        payments.add_row(
            str(item.payer), str(item.payee), str(item.amount), item.reason, item.detail
        )
    if s.items:
        parts += [Trimmed(payments), Text("")]
    else:
        parts += [Text("no payments"), Text("")]
    totals = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    totals.add_column("seat", min_width=5)
    for seat in range(len(s.deltas)):
        totals.add_column(str(seat), justify="right", min_width=6)
    totals.add_row(
        "total",
        *(Text(f"{d:+d}", style="green" if d > 0 else "red" if d < 0 else "") for d in s.deltas),
    )
    parts.append(Trimmed(totals))
    return Group(*parts)
