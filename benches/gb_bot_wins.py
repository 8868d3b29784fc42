"""How often EfficiencyBots win GB hands: before (the ``nanjing`` shapes, no 起和 hint), with
the GB shapes, and with the GB shapes and the variant's ``bot_may_win`` (the default).

    python benches/gb_bot_wins.py [--hands N] [--seed S]

The same seeded hands under each setting (one-hand matches, four EfficiencyBots); prints wins,
draws (荒庄) and the CPU time of each. Figures: docs/performance.md ("GB bots").
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from majiang.game.simulation import simulate
from majiang.variants.gb import play as gb_play
from majiang.variants.gb import rules as gb_rules


@contextmanager
def setting(shapes: str, hint: bool) -> Iterator[None]:
    """The GB variant with ``shapes`` as its table's preset and its bot hint on or off."""
    table = gb_rules.TABLE  # the default options: flowers in play
    saved_table, saved_hint = gb_play.GbVariant.table, gb_play.GbVariant.bot_may_win
    gb_play.GbVariant.table = dataclasses.replace(table, shapes=shapes)
    if not hint:

        def no_hint(self: Any, *args: Any, **kwargs: Any) -> bool | None:
            return None

        gb_play.GbVariant.bot_may_win = no_hint  # type: ignore[method-assign]
    try:
        yield
    finally:
        gb_play.GbVariant.table = saved_table
        gb_play.GbVariant.bot_may_win = saved_hint  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    print(f"{args.hands} GB hands, seed {args.seed}, four EfficiencyBots")
    for name, shapes, hint in [
        ("before: nanjing shapes", "nanjing", False),
        ("gb shapes", "gb", False),
        ("gb shapes + bot_may_win", "gb", True),
    ]:
        with setting(shapes, hint):
            cpu = time.process_time()
            r = simulate(args.hands, seed=args.seed, variant="gb")
            cpu = time.process_time() - cpu
        wins = round((r["self_draw_rate"] + r["discard_win_rate"]) * args.hands)
        draws = round(r["draw_rate"] * args.hands)
        print(
            f"{name:26} wins {wins:5} ({wins / args.hands:.1%})  draws {draws:4}  "
            f"discards/hand {r['average_turns']:.1f}  cpu {cpu:.1f} s"
        )


if __name__ == "__main__":
    main()
