#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs every check: the packaging checks (scripts/check_dist.sh:
# the manylinux2014 wheel, the sdist, a clean install, the release workflow); Rust tests,
# clippy and rustfmt; the Python tests against the installed wheel (Debian's chromium
# installed for the browser table's test, Debian's postgresql and haproxy for the server's
# PostgreSQL and worker tests); ruff and mypy --strict.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
export PYO3_PYTHON="$PWD/.venv/bin/python"
bash scripts/check_dist.sh

echo "== cargo fmt --check"
cargo fmt --check
echo "== cargo clippy (core and bindings)"
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --features python -- -D warnings
echo "== cargo test"
cargo test
echo "== ruff"
.venv/bin/ruff check python tests benches scripts
.venv/bin/ruff format --check python tests benches scripts
echo "== mypy --strict"
.venv/bin/mypy --strict python/majiang tests benches scripts
echo "== stubtest (the .pyi stubs match the built module)"
.venv/bin/python -m mypy.stubtest majiang._core
echo "== Debian chromium for the browser table's test (tests/test_server_browser.py)"
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver \
            fonts-wqy-zenhei fonts-noto-core >/dev/null
    else
        echo "chromium/chromedriver missing and not installable here: the browser test fails in CI"
    fi
fi
echo "== Debian postgresql for the server's PostgreSQL tests (tests/pg_cluster.py)"
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 && ! command -v pg_ctl >/dev/null; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    else
        echo "postgresql missing and not installable here: the PostgreSQL tests fail in CI"
    fi
fi
echo "== Debian haproxy for the two-worker test behind a proxy (tests/test_server_workers.py)"
if ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ]; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
    else
        echo "haproxy missing and not installable here: the two-worker test fails in CI"
    fi
fi
echo "== pytest (installed wheel)"
# Run from tests/ so `import majiang` resolves to the installed wheel, not the source tree.
cd tests && ../.venv/bin/python -m pytest -q -p no:cacheprovider --rootdir=.. -c ../pyproject.toml .
