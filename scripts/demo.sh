#!/usr/bin/env bash
# The main job: set up, then analyse Nanchang hands with wild tiles, simulate 1,000 hands
# between bots, and compare speed with the peer packages (shanten on the same random hands,
# whole random-play hands against riichienv's environment).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python -m pip install --quiet xiangting riichienv mahjong
echo
.venv/bin/majiang analyze "123m456p789s12z55m" --indicator 4m
echo
.venv/bin/majiang analyze "147m258p369s1234z5p" --indicator 4p
echo
.venv/bin/majiang simulate --hands 1000 --seed 7 --workers 2
echo
.venv/bin/python benches/compare_peers.py --hands 10000 --repeat 3
echo
.venv/bin/python benches/compare_game.py --hands 200 --repeat 3
