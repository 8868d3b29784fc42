#!/usr/bin/env bash
# Sets up a development environment from nothing but Python 3.10+, pip and a Rust toolchain:
# a virtual environment in .venv, the release wheel built by maturin and installed into it
# with the test tools. Safe to run again: it rebuilds and reinstalls the wheel.
#
# The wheel is the one a release ships for Linux x86_64: manylinux2014 (glibc 2.17), linked
# by zig (the `ziglang` package from PyPI) against glibc 2.17's symbols whatever the host's
# glibc. scripts/check_dist.sh checks its tag with auditwheel.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet "maturin>=1.9,<2" "ziglang>=0.13"

# One abi3 wheel serves every CPython from 3.10 on; install it as pip users get it.
rm -rf dist
PATH="$PWD/.venv/bin:$PATH" .venv/bin/maturin build --release --zig --compatibility manylinux2014 \
    --out dist --quiet 2>&1 | grep -v "^📦\|^🔗\|^🐍" || true
wheel=$(ls dist/majiang-*.whl)
.venv/bin/python -m pip install --quiet --force-reinstall --no-deps "$wheel"
.venv/bin/python -m pip install --quiet "${wheel}[test]"
echo "set up: $(.venv/bin/python -c 'import majiang; print("majiang", majiang.__version__)') in .venv"
