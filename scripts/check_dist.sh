#!/usr/bin/env bash
# The packaging checks (run by scripts/test.sh after scripts/setup.sh built dist/*.whl):
#   1. the wheel is manylinux2014 per auditwheel, under 1.5 MB, with license, stubs, py.typed;
#   2. the sdist is made, and twine passes both (the README renders on PyPI);
#   3. the release workflow passes the GitHub Actions workflow schema;
#   4. the wheel installed into a new venv, with no Rust on PATH and run from outside the
#      source tree, passes scripts/smoke_install.py (README examples, simulate, the rl and
#      server extras, mypy --strict on a user script);
#   5. the sdist builds and installs into another new venv with only pip and Rust.
# Each step fails the run. pip's cache (~/.cache/pip) keeps the fresh venvs' installs short.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
PYTHON=${PYTHON:-python3}
wheel=$(ls "$root"/dist/majiang-*.whl)

echo "== wheel: manylinux2014 (auditwheel), size, contents"
.venv/bin/python scripts/check_wheel.py "$wheel"

echo "== sdist, twine check"
rm -f dist/majiang-*.tar.gz
.venv/bin/maturin sdist --out dist 2>&1 | grep -v "^🔗\|^📡" || true
sdist=$(ls "$root"/dist/majiang-*.tar.gz)
.venv/bin/twine check --strict "$wheel" "$sdist"

echo "== release workflow: GitHub Actions schema"
.venv/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml

work=$(mktemp -d /tmp/majiang-dist-check.XXXXXX)
trap 'rm -rf "$work"' EXIT
# The environment a pip user has: no cargo or rustc (they live in ~/.cargo/bin), no
# variables of this shell; HOME kept for pip's cache.
clean_path=/usr/local/bin:/usr/bin:/bin
clean() { env -i HOME="$HOME" LANG=C.UTF-8 TERM=dumb PATH="$1/bin:$clean_path" "${@:2}"; }

echo "== clean install of the wheel (no Rust, outside the source tree)"
mkdir -p "$work/user/examples"
cp README.md "$work/user/" && cp examples/nanchang-hand.json "$work/user/examples/"
cp scripts/smoke_install.py "$work/user/"
"$PYTHON" -m venv "$work/wheel-venv"
clean "$work/wheel-venv" pip install --quiet --disable-pip-version-check "${wheel}[rl,server]" mypy
(cd "$work/user" && clean "$work/wheel-venv" python smoke_install.py)

echo "== the sdist builds and installs with only pip and Rust"
"$PYTHON" -m venv "$work/sdist-venv"
cargo_bin=$(dirname "$(command -v cargo)")
start=$SECONDS
clean "$work/sdist-venv" env PATH="$work/sdist-venv/bin:$cargo_bin:$clean_path" \
    pip install --quiet --disable-pip-version-check "$sdist"
echo "sdist built and installed in $((SECONDS - start)) s"
(cd "$work/user" && clean "$work/sdist-venv" python -c '
import majiang
assert majiang.shanten("123m456p789s123z5m5m") == -1
assert majiang.winning_tiles("1112345678999m", rules="standard") == [f"{i}m" for i in range(1, 10)]
print("ok  the sdist-built majiang", majiang.__version__, "answers")')
