"""A throwaway PostgreSQL cluster for the server's storage tests: ``initdb`` in a temporary
folder, ``pg_ctl`` to start it listening only on a unix socket in that folder (no port, no
password: trust on the socket), one fresh database per test, the whole folder removed at
the end. Debian's ``postgresql`` package gives the binaries (scripts/test.sh installs it).

PostgreSQL refuses to run as root: when the tests do, the cluster runs as the ``postgres``
user (Debian's package creates it; else ``nobody``) through ``setpriv``, the folder made
its own. Without the binaries the tests that need them are skipped, and say so (in CI, where
scripts/test.sh installs them, they fail).
"""

from __future__ import annotations

import atexit
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_counter = itertools.count()


def _bindir() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent  # a symlink: the folder of the real binaries
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda d: int(d.split("/")[-2]))
    return Path(dirs[-1]) if dirs and (Path(dirs[-1]) / "pg_ctl").exists() else None


class Cluster:
    """One running cluster: :meth:`database` creates a fresh database and gives its URL."""

    def __init__(self, bindir: Path) -> None:
        self.bin = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="majiang-pg-"))
        self.data = self.dir / "data"
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            user = "postgres"
            try:
                pwd.getpwnam(user)
            except KeyError:
                user = "nobody"
            entry = pwd.getpwnam(user)
            os.chown(self.dir, entry.pw_uid, entry.pw_gid)
            self.prefix = [
                "setpriv",
                f"--reuid={entry.pw_uid}",
                f"--regid={entry.pw_gid}",
                "--clear-groups",
                "--",
            ]
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "majiang",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--locale=C",
        )
        options = (
            f"-c listen_addresses='' -c unix_socket_directories='{self.dir}' -c fsync=off"
            " -c synchronous_commit=on -c full_page_writes=off -c max_connections=50"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.dir / "log"),
            "-o",
            options,
            "-w",
            "-t",
            "30",
            "start",
        )
        self.running = True

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self.prefix, str(self.bin / tool), *args],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=self.dir,
        )

    def url(self, database: str = "postgres") -> str:
        """The libpq URL of one of the cluster's databases (over the unix socket)."""
        return f"postgresql://majiang@/{database}?host={self.dir}"

    def database(self) -> str:
        """A new empty database; its URL."""
        import psycopg  # the test extra: only tests that use PostgreSQL need it

        name = f"t{os.getpid()}_{next(_counter)}"
        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        if self.running:
            self.running = False
            subprocess.run(
                [
                    *self.prefix,
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-m",
                    "immediate",
                    "-w",
                    "stop",
                ],
                check=False,
                capture_output=True,
            )
        shutil.rmtree(self.dir, ignore_errors=True)


_cluster: Cluster | None = None


def cluster() -> Cluster:
    """The test run's cluster, started on first use and stopped when the run ends (skips
    the test when PostgreSQL is not installed)."""
    global _cluster
    if _cluster is None:
        bindir = _bindir()
        if bindir is None:
            if os.environ.get("CI"):  # CI installs it: its absence there is a failure
                raise RuntimeError("PostgreSQL is not installed (scripts/test.sh installs it)")
            pytest.skip("PostgreSQL is not installed (scripts/test.sh installs it)")
        _cluster = Cluster(bindir)
        atexit.register(_cluster.stop)
    return _cluster


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The URL of a fresh, empty PostgreSQL database."""
    yield cluster().database()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend: a SQLite file, a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    return cluster().database()
