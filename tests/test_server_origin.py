"""``/ws`` refuses web pages of other origins (issue 25, item 12: cross-site WebSocket
hijacking): no ``Origin`` (clients that are not browsers) and the server's own origin are
accepted, any other is refused with HTTP 403 unless ``--allow-origin`` lists it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_process import ServerProcess, raw_socket

from majiang.server import ServerConfigError, TableServer
from majiang.server.origin import normalize_origin, origin_allowed


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("origin") / "t.db"
    proc = ServerProcess(db, args=("--allow-origin", "https://table.example")).start()
    yield proc
    proc.stop()


def status(server: ServerProcess, origin: str | None) -> str:
    headers = {} if origin is None else {"Origin": origin}
    sock, line = raw_socket(server.port, headers)
    sock.close()
    return line


def test_foreign_origins_are_refused(server: ServerProcess) -> None:
    assert " 101 " in status(server, None)  # no Origin: not a browser
    assert " 101 " in status(server, f"http://127.0.0.1:{server.port}")  # its own page
    assert " 101 " in status(server, f"http://localhost:{server.port}")
    assert " 101 " in status(server, "https://table.example")  # listed
    for foreign in (
        "https://evil.example",
        f"http://evil.example:{server.port}",
        "http://127.0.0.1:1",
        "null",
        "https://table.example.evil",
        "\u00e9://x",
    ):
        assert " 403 " in status(server, foreign), foreign


def test_the_app_factory_takes_the_list(tmp_path: Path) -> None:
    server = TableServer(":memory:")
    assert not server.allow_origins
    server.app(allow_origins=["HTTPS://Table.Example:443"])
    assert server.allow_origins == ("https://table.example",)
    with pytest.raises(ServerConfigError, match="is not '\\*' or scheme://host"):
        server.app(allow_origins=["table.example"])
    with pytest.raises(ServerConfigError, match="allowed origin"):
        TableServer(":memory:", allow_origins=["ftp://x"])


def test_a_bad_allowed_origin_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    from majiang.cli import main

    assert main(["serve", "--allow-origin", "nope", "--db", ":memory:"]) == 2
    captured = capsys.readouterr()
    assert "serving" not in captured.out
    assert captured.err.count("\n") == 1 and "allowed origin 'nope'" in captured.err


@settings(max_examples=300, deadline=None)
@given(
    st.none() | st.text(max_size=40) | st.from_regex(r"(https?|wss?)://[a-z0-9.:\[\]-]{0,20}"),
    st.none() | st.text(max_size=30) | st.from_regex(r"[a-z0-9.:\[\]-]{0,20}"),
    st.lists(st.sampled_from(["*", "https://a.example", "http://localhost:8000"]), max_size=2),
)
def test_any_origin_and_host_give_a_verdict(
    origin: str | None, host: str | None, allowed: list[str]
) -> None:
    verdict = origin_allowed(origin, host, allowed)
    assert isinstance(verdict, bool)
    if origin is None or "*" in allowed:
        assert verdict
    elif verdict:  # an allowed browser page is listed or served from the Host itself
        mine = normalize_origin(origin)
        assert mine is not None
        assert mine in allowed or host is not None
