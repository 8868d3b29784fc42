"""``majiang analyze``: shanten, waits, discards and decompositions of one hand."""

from __future__ import annotations

import argparse
import json
from typing import Any

import majiang
from majiang import gb
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
  majiang analyze "123m456m789m234p55p" --rules gb --self-drawn   GB: the 番 (won on 5p)
"""


MAX_LIMIT = 10_000
"""The most decompositions ``--limit`` may ask for."""


def register(commands: Any) -> None:
    p = commands.add_parser(
        "analyze",
        help="shanten, waits, discards and decompositions of a hand",
        description="Analyse a concealed hand: shanten per shape, then the winning tiles "
        "(13-3k tiles), the discards ranked by effective tiles (14-3k tiles) or the "
        "decompositions of a complete hand.",
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
    p.add_argument("--melds", type=int, default=0, help="declared melds (their tiles omitted)")
    p.add_argument(
        "--variant",
        default=DEFAULT,
        choices=variant_names(),
        help=f"whose shapes, wild tiles and words (default {DEFAULT})",
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
        help="GB: the winning tile of a complete hand (default: the last tile written)",
    )
    p.add_argument("--self-drawn", action="store_true", help="GB: the winning tile was drawn")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--glyphs", action="store_true", help="show tiles as Unicode glyphs")
    p.add_argument("--zh", action="store_true", help="show tiles by Chinese name")
    p.add_argument("--limit", type=int, default=20, help="most decompositions to show")
    p.set_defaults(run=run)


def analysis(args: argparse.Namespace) -> dict[str, Any]:
    """The analysis as JSON-ready data."""
    if not 0 <= args.melds <= 4:  # checked here: a huge number is no count the core can read
        raise InvalidHandError(f"--melds: melds must be 0 to 4, got {quoted(args.melds)}")
    if not 0 <= args.limit <= MAX_LIMIT:
        raise RulesError(f"--limit: expected 0 to {MAX_LIMIT}, got {quoted(args.limit)}")
    if args.rules == "gb":
        args.variant, args.rules = "gb", None
    variant = get_variant(args.variant)
    rules: Any = args.rules or variant.table.shapes
    if args.variant == "gb" and not args.rules:
        rules = gb.GB_SHAPES  # regular, seven pairs, thirteen orphans, 全不靠
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
    out: dict[str, Any] = {
        "hand": majiang.tiles.from_counts(counts),
        "variant": args.variant,
        "rules": "gb" if rules is gb.GB_SHAPES else rules,
        "jing": jing,
        "melds": args.melds,
        "shanten": majiang.shanten(counts, **opts),
        "shapes": majiang.shanten_detail(counts, **opts),
    }
    if size == 13 - 3 * args.melds:
        out["waits"] = [
            {"tile": t, "unseen": 4 - counts[KINDS.index(t)]}
            for t in majiang.winning_tiles(counts, **opts)
        ]
        waiting = {w["tile"] for w in out["waits"]}
        notes = lookup(args.variant).analysis_notes(counts, waiting, set(jing))
        out.update((key, value) for key, value, _ in notes)
        out["notes"] = [line for _, value, line in notes if value]
    elif out["shanten"] == -1:
        found = majiang.decompositions(counts, limit=args.limit, **opts)
        out["decompositions"] = [d.to_dict() for d in found]
        if args.variant == "gb":
            out["fan"] = _gb_fan(args, counts)
    else:
        out["discards"] = majiang.discard_options(counts, **opts)
    return out


def _gb_fan(args: argparse.Namespace, counts: list[int]) -> dict[str, Any]:
    """The 番 of a complete GB hand (concealed, or with ``--melds`` melds: then unscored)."""
    if args.melds:
        return {"note": "the 番 need the melds' tiles: score them with majiang.gb.fan"}
    names = majiang.parse_tiles(args.win) if args.win else majiang.parse_tiles(args.hand)[-1:]
    if len(names) != 1 or names[0] not in KINDS:
        raise InvalidHandError(f"--win: expected one tile, got {quoted(args.win)}")
    win = KINDS.index(names[0])
    if counts[win] == 0:
        raise InvalidHandError(f"--win: {names[0]} is not in the hand")
    before = list(counts)
    before[win] -= 1
    r = gb.fan(before, win, self_drawn=args.self_drawn)
    return {
        "win": names[0],
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
        f"rules   {a['rules']}" + (f"   jing {_tiles(a['jing'], args)}" if a["jing"] else ""),
        "shanten "
        + ("complete" if a["shanten"] == -1 else str(a["shanten"]))
        + "   ("
        + ", ".join(f"{k} {v}" for k, v in a["shapes"].items())
        + ")",
    ]
    if "waits" in a:
        if a["waits"]:
            waits = ", ".join(f"{_tile(w['tile'], args)} ({w['unseen']})" for w in a["waits"])
            lines.append(f"waits   {waits}   [{sum(w['unseen'] for w in a['waits'])} unseen]")
            lines.extend(a.get("notes", ()))
        else:
            lines.append("waits   none (not tenpai)")
    if "discards" in a:
        lines.append("discard  shanten  unseen  effective tiles")
        for o in a["discards"][:10]:
            eff = _tiles(o["effective"], args)
            lines.append(f"{_tile(o['discard'], args):8} {o['shanten']:7}  {o['unseen']:6}  {eff}")
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
    if fan and "total" in fan:
        listed = ", ".join(
            f"{f['zh']} {f['points']}" + (f"x{f['count']}" if f["count"] > 1 else "")
            for f in fan["fans"]
        )
        how = "self-drawn" if fan["self_drawn"] else "on a discard"
        lines.append(f"番      {listed} = {fan['total']}   (won on {fan['win']}, {how})")
    elif fan:
        lines.append(f"番      {fan['note']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    a = analysis(args)
    print(json.dumps(a, ensure_ascii=False, indent=2) if args.json else render(a, args))
    return 0
