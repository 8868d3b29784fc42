"""``majiang analyze``: shanten, waits, discards and decompositions of one hand."""

from __future__ import annotations

import argparse
import json
from typing import Any

import majiang
from majiang.cli.analyze_rules import (
    SUIT_NAMES,
    check_in_set,
    sichuan_facts,
    sichuan_fan,
    sichuan_waits,
)
from majiang.cli.commands import SUMMARIES
from majiang.cli.variants_help import listed, variant_help
from majiang.errors import InvalidHandError, RulesError, quoted
from majiang.tiles import KINDS, to_counts
from majiang.variants import get_variant, lookup
from majiang.variants import names as variant_names
from majiang.variants.registry import DEFAULT

EXAMPLE = """examples:
  majiang analyze "123m456p789s12z55m" --indicator 4m     Nanchang, jing 4m/5m
  majiang analyze "123m456p789s13s55m" --variant pingxiang  Pingxiang's shapes
  majiang analyze "1112345678999m" --rules standard        waits of a 13-tile hand
  majiang analyze "123m456p789s1122z5z" --json             discards, as JSON
  majiang analyze "2356m456p789s1135z" --rules standard --advice --draws 12
                                                          进张, 改良 and chances per discard
  majiang analyze "123m456m789m234p55p" --rules gb --self-drawn   GB: the 番 (won on 5p)
  majiang analyze "234p55p" --rules gb --meld 123m --meld 456m --meld an:7777m --win 5p
                                                          GB with declared melds
"""


WINDS = ["E", "S", "W", "N"]
"""The winds ``--seat-wind`` and ``--prevalent-wind`` take, in seat order."""

MAX_LIMIT = 10_000
"""The most decompositions ``--limit`` may ask for."""


def register(commands: Any) -> None:
    p = commands.add_parser(
        "analyze",
        help=SUMMARIES["analyze"],
        description="Analyse a concealed hand: shanten per shape, then the winning tiles "
        "(13-3k tiles), the discards ranked by effective tiles (14-3k tiles) or the "
        "decompositions of a complete hand, under the variant's rules (its tile set, "
        "Sichuan's 缺一门; GB and Sichuan: the 番 of a complete hand)."
        f"\n\nVariants: {listed()}.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("hand", help="concealed tiles: MPSZ, Chinese names or glyphs")
    wild = p.add_mutually_exclusive_group()
    wild.add_argument("--jing", nargs="+", default=[], metavar="TILE", help="wild tiles")
    wild.add_argument(
        "--indicator",
        metavar="TILE",
        help="the flipped indicator of a variant that flips one (Nanchang: 正精 = it, 副精 = next)",
    )
    p.add_argument("--melds", type=int, default=None, help="declared melds (their tiles omitted)")
    p.add_argument(
        "--meld",
        action="append",
        default=[],
        metavar="TILES",
        help="a declared meld with its tiles (repeat for each): a chow 123m, a pung 555z, a "
        "kong 5555z, a concealed kong an:5555z; GB scores the hand with them",
    )
    p.add_argument(
        "--variant",
        default=DEFAULT,
        choices=variant_names(),
        help=variant_help("whose tiles, shapes, wild tiles, suit rules and 番"),
    )
    p.add_argument(
        "--rules",
        help="a core shape preset instead of the variant's: "
        + ", ".join(majiang.Rules.preset_names())
        + "; gb: the GB shapes and, for a complete hand, its 番 (as --variant gb)",
    )
    p.add_argument(
        "--win",
        metavar="TILE",
        help="GB, Sichuan: the winning tile of a complete hand (default: the last tile written)",
    )
    p.add_argument(
        "--self-drawn", action="store_true", help="GB, Sichuan: the winning tile was drawn"
    )
    p.add_argument("--last-copy", action="store_true", help="GB: 和绝张, the tile's last copy")
    p.add_argument(
        "--replacement", action="store_true", help="GB: 杠上开花, won on a kong's replacement"
    )
    p.add_argument("--robbing", action="store_true", help="GB: 抢杠和, robbing a kong")
    p.add_argument(
        "--last-tile",
        action="store_true",
        help="GB: the wall's last tile (妙手回春 self-drawn, 海底捞月 on its discard)",
    )
    p.add_argument("--seat-wind", choices=WINDS, default="E", help="GB: 门风 (default E)")
    p.add_argument("--prevalent-wind", choices=WINDS, default="E", help="GB: 圈风 (default E)")
    p.add_argument("--flowers", type=int, default=0, help="GB: flowers laid aside (0-8)")
    p.add_argument(
        "--advice",
        action="store_true",
        help="discard advice: 进张, 改良, the average 进张 one step ahead and, with --draws, "
        "the tenpai and win chances (docs/advice.md)",
    )
    seen = p.add_mutually_exclusive_group()
    seen.add_argument("--unseen", metavar="TILES", help="--advice: the tiles not yet seen")
    seen.add_argument(
        "--seen", metavar="TILES", help="--advice: tiles seen outside the hand (ponds, melds)"
    )
    p.add_argument("--draws", type=int, default=None, help="--advice: draws left (0 to 122)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--glyphs", action="store_true", help="show tiles as Unicode glyphs")
    p.add_argument("--zh", action="store_true", help="show tiles by Chinese name")
    p.add_argument("--limit", type=int, default=20, help="most decompositions to show")
    p.set_defaults(run=run)


def analysis(args: argparse.Namespace) -> dict[str, Any]:
    """The analysis as JSON-ready data."""
    melds = [_meld(text) for text in args.meld]
    if args.melds is None:
        args.melds = len(melds)
    elif melds and args.melds != len(melds):
        raise InvalidHandError(
            f"--melds: {args.melds} meld(s) given but {len(melds)} written with --meld"
        )
    args.meld_tuples = melds
    if not 0 <= args.melds <= 4:  # checked here: a huge number is no count the core can read
        raise InvalidHandError(f"--melds: melds must be 0 to 4, got {quoted(args.melds)}")
    if not 0 <= args.limit <= MAX_LIMIT:
        raise RulesError(f"--limit: expected 0 to {MAX_LIMIT}, got {quoted(args.limit)}")
    if args.rules == "gb":
        args.variant, args.rules = "gb", None
    variant = get_variant(args.variant)
    rules: Any = args.rules or variant.table.shapes
    if args.variant == "gb" and not args.rules:
        rules = "gb"  # the core preset: regular, seven pairs, thirteen orphans, 全不靠
    if args.indicator:
        if not variant.table.flips_wild:
            raise RulesError(f"--indicator: {args.variant} flips no indicator")
        # jing_pair checks the indicator is one tile and no flower; the variant names the wilds.
        flipped = KINDS.index(majiang.jing_pair(args.indicator)[0])
        jing = [KINDS[k] for k in variant.wilds(flipped)]
    else:
        jing = [t for group in args.jing for t in majiang.parse_tiles(group)]
    opts: dict[str, Any] = {"rules": rules, "jing": jing, "melds": args.melds}
    majiang.shanten(args.hand, **opts)  # checks the hand as given, naming tiles in errors
    counts = to_counts(args.hand)
    size = sum(counts)
    own_rules = not args.rules  # the variant's rules, not a core preset named instead
    if own_rules:
        check_in_set(args.variant, counts, "hand")
        for text, (_, kinds, _) in zip(args.meld, melds, strict=True):
            check_in_set(args.variant, [kinds.count(k) for k in range(34)], f"--meld {text}")
        check_in_set(args.variant, [jing.count(k) for k in KINDS], "--jing")
    sichuan = own_rules and args.variant == "sichuan"
    out: dict[str, Any] = {
        "hand": majiang.tiles.from_counts(counts),
        "variant": args.variant,
        "rules": args.rules or args.variant,
        "shape_rules": rules,
        "jing": jing,
        "melds": args.melds,
        "shanten": majiang.shanten(counts, **opts),
        "shapes": majiang.shanten_detail(counts, **opts),
    }
    if sichuan:
        out.update(sichuan_facts(counts, melds))
        out["complete"] = out["shanten"] == -1 and out["que_yi_men"]
    if size == 13 - 3 * args.melds:
        waits = (
            [KINDS[k] for k in sichuan_waits(counts, melds)]
            if sichuan
            else majiang.winning_tiles(counts, **opts)
        )
        out["waits"] = [{"tile": t, "unseen": 4 - counts[KINDS.index(t)]} for t in waits]
        waiting = {w["tile"] for w in out["waits"]}
        notes = lookup(args.variant).analysis_notes(counts, waiting, set(jing))
        out.update((key, value) for key, value, _ in notes)
        out["notes"] = [line for _, value, line in notes if value]
    elif out["shanten"] == -1 and out.get("complete", True):
        found = majiang.decompositions(counts, limit=args.limit, **opts)
        out["decompositions"] = [d.to_dict() for d in found]
        if args.variant == "gb":
            out["fan"] = _gb_fan(args, counts)
        elif sichuan:
            out["fan"] = _sichuan_fan(args, counts) if out["complete"] else None
    else:
        out["discards"] = majiang.discard_options(counts, **opts)
    if args.advice:
        out["advice"] = _advice(args, counts, opts)
    elif args.unseen or args.seen or args.draws is not None:
        raise RulesError("--unseen, --seen and --draws go with --advice")
    return out


def _advice(args: argparse.Namespace, counts: list[int], opts: dict[str, Any]) -> list[Any]:
    """``--advice``: :func:`majiang.advice` as JSON-ready data, best discard first."""
    found = majiang.advice(
        counts,
        unseen=to_counts(args.unseen) if args.unseen else None,
        seen=to_counts(args.seen) if args.seen else None,
        draws=args.draws,
        **opts,
    )
    return [a.to_dict() for a in found]


_MELD_SOURCE = {"chi": 3, "peng": 2, "ming_gang": 2, "an_gang": None}
"""Where a meld's claimed tile came from, seen from seat 0 (a chow's from the seat before)."""


def _meld(text: str) -> tuple[str, tuple[int, ...], int | None]:
    """A ``--meld`` as ``(kind, kinds, source)`` for :func:`majiang.gb.fan`."""
    concealed = text.startswith("an:")
    names = majiang.parse_tiles(text[3:] if concealed else text)
    flower = next((t for t in names if t not in KINDS), None)
    if flower is not None:
        raise InvalidHandError(f"--meld: {quoted(text)} holds {flower}, a flower: no meld")
    kinds = sorted(KINDS.index(t) for t in names)
    kind = None
    if len(kinds) == 4 and len(set(kinds)) == 1:
        kind = "an_gang" if concealed else "ming_gang"
    elif not concealed and len(kinds) == 3 and len(set(kinds)) == 1:
        kind = "peng"
    elif (
        not concealed
        and len(kinds) == 3
        and kinds[0] < 27
        and kinds[0] % 9 <= 6
        and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
    ):
        kind = "chi"
    if kind is None:
        raise InvalidHandError(
            f"--meld: {quoted(text)} is no chow, pung or kong (an: marks a concealed kong)"
        )
    return kind, tuple(kinds), _MELD_SOURCE[kind]


def _winning_tile(args: argparse.Namespace, counts: list[int]) -> int:
    """The kind of ``--win`` (default: the hand's last tile written), which the hand holds."""
    names = majiang.parse_tiles(args.win) if args.win else majiang.parse_tiles(args.hand)[-1:]
    if len(names) != 1 or names[0] not in KINDS:
        raise InvalidHandError(f"--win: expected one tile, got {quoted(args.win)}")
    win = KINDS.index(names[0])
    if counts[win] == 0:
        raise InvalidHandError(f"--win: {names[0]} is not in the hand")
    return win


def _sichuan_fan(args: argparse.Namespace, counts: list[int]) -> dict[str, Any]:
    """The 番 of a complete Sichuan hand (default options), concealed or beside ``--meld``'s
    melds (with only a ``--melds`` count their tiles are unknown: then unscored)."""
    if args.melds and not args.meld_tuples:
        return {"note": "the 番 need the melds' tiles: give each with --meld"}
    win = _winning_tile(args, counts)
    found = sichuan_fan(counts, args.meld_tuples, win, args.self_drawn)
    if found is None:  # the melds break 缺一门 or the shapes (checked with the tiles above)
        return {"note": "no Sichuan win with these melds"}
    return found


def _gb_fan(args: argparse.Namespace, counts: list[int]) -> dict[str, Any]:
    """The 番 of a complete GB hand, concealed or with the melds ``--meld`` gives (with only a
    ``--melds`` count the melds' tiles are unknown: then unscored)."""
    if args.melds and not args.meld_tuples:
        return {"note": "the 番 need the melds' tiles: give each with --meld"}
    win = _winning_tile(args, counts)
    names = [KINDS[win]]
    before = list(counts)
    before[win] -= 1
    flags = {
        "self_drawn": args.self_drawn,
        "last_copy": args.last_copy,
        "replacement": args.replacement,
        "robbing": args.robbing,
        "last_draw": args.last_tile and args.self_drawn,
        "last_claim": args.last_tile and not args.self_drawn,
    }
    if not 0 <= args.flowers <= 8:
        raise InvalidHandError(f"--flowers: expected 0 to 8, got {quoted(args.flowers)}")
    # Imported here: the GB calculator's module brings numpy (its batch form), which no other
    # analysis needs.
    from majiang import gb

    r = gb.fan(
        before,
        win,
        melds=args.meld_tuples,
        seat_wind=WINDS.index(args.seat_wind),
        prevalent_wind=WINDS.index(args.prevalent_wind),
        flowers=args.flowers,
        **flags,
    )
    return {
        "win": names[0],
        "melds": [
            {"kind": kind, "tiles": [KINDS[k] for k in kinds]}
            for kind, kinds, _ in args.meld_tuples
        ],
        "flags": [name for name, on in flags.items() if on],
        "seat_wind": args.seat_wind,
        "prevalent_wind": args.prevalent_wind,
        "flowers": args.flowers,
        "self_drawn": args.self_drawn,
        "total": r.total,
        "fans": [{"zh": zh, "en": en, "points": p, "count": n} for zh, en, p, n in r.fans],
        "shape": r.shape,
    }


def _tile(name: str, args: argparse.Namespace) -> str:
    if args.glyphs:
        return majiang.to_glyphs(name)
    if args.zh:
        return majiang.to_chinese(name)[0]
    return name


def _tiles(names: list[str], args: argparse.Namespace) -> str:
    if args.glyphs or args.zh:
        return " ".join(_tile(n, args) for n in names)
    return majiang.to_mpsz(names) if names else "-"


def render(a: dict[str, Any], args: argparse.Namespace) -> str:
    lines = [
        f"hand    {_tiles(majiang.parse_tiles(a['hand']), args)}"
        + (f"  + {a['melds']} meld(s)" if a["melds"] else ""),
        f"rules   {a['rules']}"
        + (f" (shapes {a['shape_rules']})" if a["shape_rules"] != a["rules"] else "")
        + (f"   jing {_tiles(a['jing'], args)}" if a["jing"] else ""),
        "shanten "
        + _shanten_text(a)
        + "   ("
        + ", ".join(f"{k} {v}" for k, v in a["shapes"].items())
        + ")",
    ]
    if "que_yi_men" in a:
        lines.append(_que_yi_men_line(a))
    if "waits" in a:
        if a["waits"]:
            waits = ", ".join(f"{_tile(w['tile'], args)} ({w['unseen']})" for w in a["waits"])
            lines.append(f"waits   {waits}   [{sum(w['unseen'] for w in a['waits'])} unseen]")
            lines.extend(a.get("notes", ()))
        else:
            lines.append("waits   none (not tenpai)")
    if "discards" in a and "advice" not in a:  # the advice table holds the same and more
        lines.append("discard  shanten  unseen  effective tiles")
        if not a.get("que_yi_men", True):  # the core's figures know no suit rule
            lines[-1] += "   (on the shapes: the third suit still to give up)"
        for o in a["discards"][:10]:
            eff = _tiles(o["effective"], args)
            lines.append(f"{_tile(o['discard'], args):8} {o['shanten']:7}  {o['unseen']:6}  {eff}")
    if "advice" in a:
        lines.extend(_advice_lines(a["advice"], args))
    if "decompositions" in a:
        for i, d in enumerate(a["decompositions"], 1):
            blocks = []
            for b in d["blocks"]:
                parts = [
                    _tile(t, args) if not w else f"{_tile(s, args)}→{_tile(t, args)}"
                    for t, s, w in zip(b["tiles"], b["sources"], b["wild"], strict=True)
                ]
                blocks.append("[" + " ".join(parts) + "]")
            tags = lookup(a["variant"]).decomposition_tags
            flags = [flag for flag in ("wilds_as_themselves",) if d[flag]]
            tag = "".join(f"  {tags.get(flag, flag.replace('_', ' '))}" for flag in flags)
            lines.append(f"{i:2}. {d['shape']:16} {' '.join(blocks)}{tag}")
    fan = a.get("fan")
    if fan and "detail" in fan:  # Sichuan's
        how = "self-drawn" if fan["self_drawn"] else "on a discard"
        lines.append(f"番      {fan['detail']}   (won on {_tile(fan['win'], args)}, {how})")
    elif fan and "total" in fan:
        listed = ", ".join(
            f"{f['zh']} {f['points']}" + (f"x{f['count']}" if f["count"] > 1 else "")
            for f in fan["fans"]
        )
        how = "self-drawn" if fan["self_drawn"] else "on a discard"
        lines.append(f"番      {listed} = {fan['total']}   (won on {fan['win']}, {how})")
        if fan["melds"]:
            shown = ", ".join(f"{m['kind']} {_tiles(m['tiles'], args)}" for m in fan["melds"])
            lines.append(f"melds   {shown}")
    elif fan:
        lines.append(f"番      {fan['note']}")
    return "\n".join(lines)


_ADVICE_HEAD = {
    False: ("discard", "shanten", "effective", "improving", "next", "tenpai", "win"),
    True: ("打", "向听", "进张", "改良", "一步后", "听牌率", "和率"),
}
"""The advice table's column names, English and Chinese (``--zh``)."""


def _percent(c: dict[str, Any] | None) -> str:
    if c is None:
        return "-"
    if c["samples"]:
        return f"{100 * c['value']:.1f}±{100 * c['std_error']:.1f}%"
    return f"{100 * c['value']:.1f}%"


def _advice_lines(rows: list[dict[str, Any]], args: argparse.Namespace) -> list[str]:
    """The advice table, best discard first, like mahjong-helper's: each discard's shanten,
    进张 (total and kinds), 改良 (total), average 进张 one step ahead and chances."""
    head = _ADVICE_HEAD[bool(args.zh)]
    lines = [
        f"{head[0]:8} {head[1]:>7} {head[2]:>9} {head[3]:>9} {head[4]:>7}"
        f" {head[5]:>12} {head[6]:>12}  tiles"
    ]
    for r in rows[:14]:
        kinds = [e["tile"] for e in r["effective"]]
        nxt = "-" if r["next_average"] is None else f"{r['next_average']:.2f}"
        tenpai = _percent(r["tenpai"]) if r["shanten"] > 0 else "-"
        chance = _percent(r["win"])
        if r["wait_chance"] is not None and r["win"] is None:
            chance = f"({100 * r['wait_chance']:.1f}%)"
        name = _tile(r["discard"], args) if r["discard"] else "-"
        lines.append(
            f"{name:8} {r['shanten']:7} {r['effective_total']:9} {r['improving_total']:9}"
            f" {nxt:>7} {tenpai:>12} {chance:>12}  {_tiles(kinds, args)}"
        )
    return lines


def _shanten_text(a: dict[str, Any]) -> str:
    """The shanten, or complete; with three suits under 缺一门 the shapes' figure is only a
    lower bound (the suit given up costs more draws): said so."""
    n = a["shanten"]
    if a.get("que_yi_men", True):
        return "complete" if n == -1 else str(n)
    if n == -1:
        return "-1 on the shapes, but not complete: three suits held (缺一门)"
    return f"{n} on the shapes, at least (three suits held: 缺一门)"


def _que_yi_men_line(a: dict[str, Any]) -> str:
    """Sichuan's 缺一门: the suits held, and the one cheapest to give up when three are."""
    suits = " ".join(f"{s} ({SUIT_NAMES[s]})" for s in a["suits"]) or "none"
    if a["que_yi_men"]:
        return f"缺一门  suits {suits}: at most two, may win"
    fewest = a["fewest"]
    return (
        f"缺一门  three suits {suits}: give one up to win "
        f"(fewest: {fewest['suit']}, {fewest['tiles']} tile(s))"
    )


def run(args: argparse.Namespace) -> int:
    a = analysis(args)
    print(json.dumps(a, ensure_ascii=False, indent=2) if args.json else render(a, args))
    return 0
