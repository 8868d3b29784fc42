"""``majiang serve``'s limit flags (frames a second, open connections per address, rooms a
minute per address): their defaults are ``Limits``' own, bad values are refused, and a real
server started with them refuses past each limit with its error frame and close code."""

from __future__ import annotations

import argparse
import json
import time
import urllib.request
from pathlib import Path

import pytest
from server_process import ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from majiang.cli import main
from majiang.cli.serve import parse_limits
from majiang.cli.serve_limits import LIMIT_FLAGS, add_limit_flags, limit_fields
from majiang.server import Limits
from majiang.server.limits import AddressConnections


def flags(*argv: str) -> dict[str, float]:
    p = argparse.ArgumentParser()
    add_limit_flags(p)
    return limit_fields(p.parse_args(list(argv)))


def test_each_flag_default_is_the_limits_default() -> None:
    default = Limits()
    for f in LIMIT_FLAGS:
        fields = f.fields(f.default)
        assert {k: getattr(default, k) for k in fields} == pytest.approx(fields), f.flag
    assert flags() == {}, "a flag not given changes nothing"


def test_flags_set_limits_and_limit_items_override_them() -> None:
    base = flags("--frames-per-second", "5", "--connections-per-address", "3")
    limits = parse_limits(["burst=7"], base)
    assert (limits.rate, limits.burst, limits.address_connections) == (5.0, 7.0, 3)
    limits = parse_limits([], flags("--rooms-per-minute", "120"))
    assert (limits.address_burst, limits.address_rate) == (120.0, 2.0)


@pytest.mark.parametrize(
    "argv",
    [
        ["--frames-per-second", "0"],
        ["--frames-per-second", "10001"],
        ["--connections-per-address", "-1"],
        ["--rooms-per-minute", "1.5"],
        ["--rooms-per-minute", "many"],
    ],
)
def test_out_of_bounds_flags_are_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["serve", "--db", ":memory:", *argv])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert argv[0] in err and ("is not" in err), err


def test_the_address_table_holds_only_open_addresses() -> None:
    table = AddressConnections(1)
    assert table.open("a") and not table.open("a") and table.open("b")
    table.close("a")
    table.close("b")
    assert table.counts == {} and table.total == 0
    table.close("c")  # a close never counted changes nothing
    assert table.total == 0


def test_a_server_refuses_past_each_limit(tmp_path: Path) -> None:
    args: tuple[str, ...] = ("--claim-window", "0", "--connections-per-address", "3")
    args = (*args, "--rooms-per-minute", "2", "--frames-per-second", "5")
    proc = ServerProcess(tmp_path / "t.db", args=args).start()
    url = f"ws://127.0.0.1:{proc.port}/ws"
    try:
        a, b = proc.client(), proc.client()
        # rooms a minute, per address: two from one connection, then none from another
        for _ in range(2):
            a.send(type="create", hands=1)
            assert a.until("created")["type"] == "created"
        b.send(type="create", hands=1, id="third")
        err = b.until("error")
        assert (err["code"], err["id"]) == ("too_many_rooms", "third")
        assert "2 rooms at once" in err["message"]
        # open connections per address: the fourth gets an error frame, then 1013
        c = proc.client()
        with connect(url, open_timeout=10) as d:
            frame = json.loads(d.recv(10))
            assert frame["type"] == "error" and frame["code"] == "too_many_connections"
            assert "at most 3 open connections" in frame["message"]
            with pytest.raises(ConnectionClosed) as closed:
                d.recv(10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        c.close()
        time.sleep(0.3)  # the server sees the close
        e = proc.client()  # one left: a connection is welcome again
        # frames a second: a burst of 10, then each refused with flood
        for _ in range(15):
            e.send(type="ping")
        replies = [e.recv(10) for _ in range(15)]
        assert [r["type"] for r in replies[:10]] == ["pong"] * 10
        assert {r.get("code") for r in replies[10:]} == {"flood"}
        # a flood that goes on is disconnected with 1008 after 20 refusals in a row
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(200):
                e.send(type="ping")
            while True:
                e.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        a.send(type="ping", id="alive")
        assert a.until("pong")["id"] == "alive", "the others play on"
        with urllib.request.urlopen(proc.url + "/metrics", timeout=10) as r:
            text = r.read().decode()
        for code in ("too_many_rooms", "too_many_connections", "flood"):
            assert f'majiang_errors_total{{code="{code}"}}' in text, code
    finally:
        proc.stop()
