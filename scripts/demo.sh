#!/usr/bin/env bash
# The main job: set up, then analyse a Nanchang hand with wild tiles and compare speed with
# the peer packages on the same random hands.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python -m pip install --quiet xiangting riichienv mahjong
echo
.venv/bin/majiang analyze "123m456p789s12z55m" --indicator 4m
echo
.venv/bin/majiang analyze "147m258p369s1234z5p" --indicator 4p
echo
.venv/bin/python benches/compare_peers.py --hands 10000 --repeat 3
