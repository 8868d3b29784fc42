"""The browser table in a real headless Chromium (Debian's ``chromium`` and
``chromium-driver``, driven by selenium): whole hands of Nanchang, Sichuan and Guangdong
played by clicking at a square table, the claim prompts naming their tile, the countdown
ticking, a reload mid-hand back at the same seat, the settlement in both languages, the
DOM holding no other seat's concealed tile (checked against the stored log), phones at
390x844 and 360x740 (Chrome's mobile emulation), two browsers at one table, the replay's
seek bar and keys. Screenshots are kept in artifacts/browser/."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from server_process import ServerProcess

from majiang.variants import get_variant, names

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.common.exceptions import (  # noqa: E402
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
ARTIFACTS = Path(os.environ.get("MAJIANG_ARTIFACTS", Path(__file__).parents[1] / "artifacts"))

if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()) and not os.environ.get("CI"):
    pytest.skip("Debian's chromium and chromium-driver are not installed", allow_module_level=True)

CLAIMS = Counter[str]()  # claim prompts seen over the module's hands, by action type


def chrome(width: int = 1280, height: int = 800, mobile: bool = False) -> Any:
    opts = Options()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        opts.add_argument(arg)
    if mobile:  # Chrome's mobile emulation: a headless window cannot be narrower than 500 px
        metrics = {"width": width, "height": height, "pixelRatio": 2.0}
        opts.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    else:
        opts.add_argument(f"--window-size={width},{height + 200}")
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    if not mobile:
        metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    return driver


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chrome()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("browser") / "tables.db").start()
    yield proc
    proc.stop()


def wait_for(check: Callable[[], Any], timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = check()
        except (StaleElementReferenceException, WebDriverException):
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def shot(driver: Any, name: str) -> None:
    out = ARTIFACTS / "browser"
    out.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(out / name))


def lobby(d: Any, server: ServerProcess) -> None:
    d.get(server.url + "/")
    wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#variant option"))


def new_room(
    d: Any,
    server: ServerProcess,
    variant: str,
    time_limit: float = 0,
    claim_window: float = 0,
    people: int = 1,
    hands: int = 1,
    options: dict[str, int] | None = None,
) -> str:
    """Creates a room from the lobby's form; returns its id once the table is drawn."""
    lobby(d, server)
    d.execute_script(
        "const [v, tl, cw, p, h] = arguments; document.getElementById('hands').value = h;"
        " const s = document.getElementById('variant');"
        "s.value = v; s.onchange(); document.getElementById('time-limit').value = tl;"
        "document.getElementById('claim-window').value = cw;"
        "document.getElementById('people').value = p;",
        variant,
        str(time_limit),
        str(claim_window),
        str(people),
        str(hands),
    )
    for name, value in (options or {}).items():  # whole-number options of the form
        d.execute_script(
            "document.getElementById('opt-' + arguments[0]).value = arguments[1]", name, str(value)
        )
    d.find_element(By.ID, "create").click()
    wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#board .seat.pos-bottom"))
    return str(wait_for(lambda: d.find_element(By.ID, "room-id").text))


def label(button: Any) -> str:
    return str(button.find_element(By.CSS_SELECTOR, ".label").text)


def check_claim(button: Any, driver: Any) -> None:
    """A claim button names its tile: the chow's tiles, the discard ponged, kong's tile."""
    action = json.loads(button.get_attribute("data-action"))
    text = label(button)
    CLAIMS[action["type"]] += 1
    if action["type"] == "chow":
        assert text.endswith(action["tiles"]), text
    elif action["type"] == "kong":
        assert action["tile"] in text, text
    elif action["type"] in ("pong", "win"):
        assert re.search(r"\d[mpsz]$", text), text
        shown = button.find_elements(By.CSS_SELECTOR, ".tile")
        assert shown and all(t.get_attribute("data-tile") == text[-2:] for t in shown)
    elif action["type"] == "declare" and action["what"] == "void":
        assert text in {"定缺 万", "定缺 筒", "定缺 条", "void: characters"} or text.startswith(
            "void "
        ), text


def click_once(d: Any) -> str:
    """One move at the table: win when offered, pass other claims, declare the first
    choice, else discard the drawn tile (or the last in hand). Returns what was done."""
    buttons = d.find_elements(By.CSS_SELECTOR, "#prompt button.action")
    if buttons:
        acts = [json.loads(b.get_attribute("data-action")) for b in buttons]
        for b in buttons:
            check_claim(b, d)
        for kind in ("win", "pass"):
            for b, a in zip(buttons, acts, strict=True):
                if a["type"] == kind:
                    b.click()
                    return str(kind)
        buttons[0].click()
        return str(acts[0]["type"])
    tiles = d.find_elements(By.CSS_SELECTOR, ".seat.pos-bottom .hand button.tile.can")
    if tiles:
        tiles[-1].click()
        return "discard"
    return ""


SNAPSHOT = """
const seats = [...document.querySelectorAll('#board .seat:not(.pos-bottom)')].map((seat) => [
  Number(seat.dataset.seat),
  [...seat.querySelectorAll('[data-tile]')].map((t) => t.dataset.tile),
  [...seat.querySelectorAll('.hand.concealed [data-tile]')].length,
]);
const wall = document.querySelector('#board .info .wall').textContent;
return [wall, seats, document.documentElement.outerHTML];
"""


def snapshot(d: Any) -> tuple[int, dict[int, Counter[str]], str]:
    """The wall count, the tiles drawn face up at each seat other than the bottom one
    (melds, flowers, a hand only once shown) and the page, read in one script (the board
    is redrawn on every frame); no seat's concealed rack names a tile."""
    wall, seats, source = d.execute_script(SNAPSHOT)
    for _, _, concealed in seats:
        assert concealed == 0
    shown = {int(seat): Counter(names) for seat, names, _ in seats}
    return int(re.findall(r"\d+", wall)[0]), shown, str(source)


def names_of(tiles: str) -> list[str]:
    names, digits = [], ""
    for ch in tiles:
        if ch.isdigit():
            digits += ch
        else:
            names += [x + ch for x in digits]
            digits = ""
    return names


def public_tiles(
    steps: list[dict[str, Any]], k: int, seat: int, kongs_up: bool
) -> tuple[Counter[str], bool]:
    """What seat ``seat`` has face up after step ``k`` of the true log: its melds and
    flowers (its concealed kongs face down), and (True) its whole hand and concealed kongs
    once it has won and left play (Sichuan)."""
    step = steps[k]
    # another seat's concealed kong is drawn face down unless the variant lays it face up
    # (Nanjing's 暗杠也亮: its table's concealed_kongs_shown)
    melds = [m for m in step["melds"][seat] if kongs_up or m.get("kind") != "an_gang"]
    tiles = "".join(m.get("tiles") or "" for m in melds) + step["flowers"][seat]
    won = [
        e["tile"]
        for e in (s["event"] for s in steps[: k + 1])
        if e["event"] == "win"
        and seat in ([e["winner"]] if isinstance(e["winner"], int) else e["winner"])
    ]
    if won:
        kongs = "".join(m.get("tiles") or "" for m in step["melds"][seat] if m not in melds)
        return Counter(names_of(tiles + kongs + step["hands"][seat]) + won), True
    return Counter(names_of(tiles)), False


def check_hidden(
    snaps: list[tuple[int, dict[int, Counter[str]], str]], stored: dict[str, Any]
) -> None:
    """Each snapshot's other seats show exactly their melds and flowers at some step of the
    true log with that wall count (a seat that has won: within its laid-down hand), and
    the page draws tiles as elements named by data-tile (so the count means something)."""
    steps = stored["steps"]
    table = get_variant(stored["events"][0]["variant"]).table
    kongs_up = bool(table.concealed_kongs_shown)
    for wall, shown, source in snaps:
        # a kong's replacement comes from the tail: the frame may count it a step apart
        at = [k for k, s in enumerate(steps) if abs(s["wall"] - wall) <= 1]
        assert at, wall
        for seat, seen in shown.items():
            for k in at:
                public, won = public_tiles(steps, k, seat, kongs_up)
                if seen == public or (won and seen <= public):
                    break
            else:
                raise AssertionError(f"seat {seat} shows {seen}, the log {public}")
        assert re.findall(r'data-tile="(\d[mpszf])"', source)


def play_out(
    d: Any, name: str, limit: float = 90
) -> list[tuple[int, dict[int, Counter[str]], str]]:
    """Clicks until the match is over, a screenshot at the first prompt after five moves
    and a snapshot every fourth move."""
    snaps = []
    pictured = False
    clicks = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and not d.find_elements(By.ID, "match-over"):
        try:
            if not pictured and clicks >= 5 and d.find_elements(By.CSS_SELECTOR, "#prompt .action"):
                shot(d, f"{name}_prompt.png")
                pictured = True
            if click_once(d):
                clicks += 1
                if clicks % 4 == 1:
                    snaps.append(snapshot(d))
        except (StaleElementReferenceException, WebDriverException):
            pass
        time.sleep(0.05)
    assert d.find_elements(By.ID, "match-over"), "the hand did not end"
    assert clicks > 0
    return snaps


def test_lobby_names_variants_in_the_chosen_language(browser: Any, server: ServerProcess) -> None:
    d = browser
    lobby(d, server)
    catalog = server.get("/api/catalog")
    sel = d.find_element(By.ID, "variant")
    assert sel.get_attribute("value") == catalog["default"] == "nanchang"
    texts = [o.text for o in sel.find_elements(By.TAG_NAME, "option")]
    assert "南昌麻将" in texts and "gb" not in texts
    assert d.find_element(By.ID, "create").text.startswith("开房间")
    # the options of the chosen variant, with their defaults
    sichuan = {o["name"]: o for o in catalog["variants"]["sichuan"]["options"]}
    d.execute_script(
        "const s = document.getElementById('variant'); s.value = 'sichuan'; s.onchange();"
    )
    assert d.find_element(By.ID, "opt-cap").get_attribute("value") == str(sichuan["cap"]["default"])
    cap = d.find_element(By.ID, "opt-cap").find_element(By.XPATH, "..")
    assert (
        cap.get_attribute("textContent").startswith("cap 封顶")
        and cap.get_attribute("title") == sichuan["cap"]["changes"]
    )
    before = {
        e.get_attribute("data-t"): e.text
        for e in d.find_elements(By.CSS_SELECTOR, "[data-t]")
        if e.text
    }
    d.find_element(By.ID, "lang").click()
    after = {
        e.get_attribute("data-t"): e.text
        for e in d.find_elements(By.CSS_SELECTOR, "[data-t]")
        if e.text
    }
    assert before.keys() <= after.keys() and all(after[k] != v for k, v in before.items())
    assert d.find_element(By.ID, "create").text == "Create the room (bots take the other seats)"
    assert "Sichuan (blood battle)" in [o.text for o in sel.find_elements(By.TAG_NAME, "option")]

    def lists() -> str:
        return str(
            d.find_element(By.ID, "rooms-list").text + d.find_element(By.ID, "hands-list").text
        )

    wait_for(lambda: "none yet" in lists())
    assert not re.search("暂无|回放|局", lists())
    d.find_element(By.ID, "lang").click()  # back to Chinese
    d.execute_script("localStorage.removeItem('majiang.variant')")


@pytest.mark.parametrize("variant", sorted(names()))
def test_a_hand_by_clicking(browser: Any, server: ServerProcess, variant: str) -> None:
    d = browser
    # Sichuan's room takes an option from the lobby's form: 封顶 4 番
    rid = new_room(d, server, variant, options={"cap": 4} if variant == "sichuan" else None)
    shot(d, f"{variant}_start.png")
    snaps = play_out(d, variant)
    box = wait_for(lambda: d.find_element(By.CSS_SELECTOR, "#settlement .card"))
    wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#settle-hands .shown-hand"))
    assert box.find_element(By.TAG_NAME, "h2").text.startswith("结算")
    rows = d.find_elements(By.CSS_SELECTOR, "#settlement-table tr.settle-row")
    deltas = [int(r.find_element(By.CSS_SELECTOR, ".delta").text) for r in rows]
    stored = server.get(f"/api/hands/{rid}/0")
    assert deltas == stored["settlement"]["deltas"] and sum(deltas) == 0
    assert stored["events"][0]["options"] == ({"cap": 4} if variant == "sichuan" else {})
    winds = d.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#board .seat')]"
        ".map((e) => [e.dataset.seat, e.querySelector('.wind').textContent]));"
    )
    dealer = stored["events"][0]["dealer"]
    seats = len(deltas)
    assert {int(k): v for k, v in winds.items()} == {
        (dealer + k) % seats: "東南西北"[k] for k in range(seats)
    }  # the dealer sits East, 下家 South
    pattern = stored["settlement"]["pattern"]
    if pattern.get("jing"):  # Nanchang: the 精 and, under 下翻, the lower 精 with their points
        lines = d.find_elements(By.CSS_SELECTOR, "#pattern .jing-line")
        got = [
            [t.get_attribute("data-tile") for t in x.find_elements(By.CSS_SELECTOR, ".tile")]
            for x in lines
        ]
        want = [pattern["jing"]] + ([pattern["xia_fan"]["jing"]] if pattern.get("xia_fan") else [])
        assert got == want
    winners: set[int] = set()
    for e in stored["events"]:
        if e["event"] == "win":
            winners |= {e["winner"]} if isinstance(e["winner"], int) else set(e["winner"])
    marked = {
        int(r.get_attribute("data-seat"))
        for r in d.find_elements(By.CSS_SELECTOR, ".shown-hand.winner")
    }
    assert marked == winners
    if winners:
        assert d.find_elements(By.CSS_SELECTOR, ".shown-hand.winner .tile.winning")
    shot(d, f"{variant}_settlement.png")
    d.find_element(By.ID, "lang").click()
    card = wait_for(lambda: d.find_element(By.CSS_SELECTOR, "#settlement .card h2"))
    assert card.text.startswith("Settlement")
    heads = [h.text for h in d.find_elements(By.CSS_SELECTOR, "#settlement th")]
    assert "this hand" in heads and "本局" not in heads
    for cell in d.find_elements(By.CSS_SELECTOR, "#settlement td.reason"):
        assert re.search(r"[a-z]", cell.text), cell.text  # every reason read in English
    assert not d.find_elements(By.ID, "auto-off") and not d.find_elements(By.ID, "auto-on")
    shot(d, f"{variant}_settlement_en.png")
    d.find_element(By.ID, "lang").click()
    check_hidden(snaps, stored)
    horses = [t for e in stored["events"] if e["event"] == "horses" for t in names_of(e["tiles"])]
    drawn = [
        t.get_attribute("data-tile") for t in d.find_elements(By.CSS_SELECTOR, "#horses .tile")
    ]
    assert drawn == horses
    if variant == "sichuan":
        assert CLAIMS["declare"] >= 1  # its 定缺 was chosen by a click


def mine(d: Any) -> tuple[str, list[str]] | None:
    """The bottom seat's number and hand, read in one script (None before it is drawn)."""
    found = d.execute_script(
        "const s = document.querySelector('#board .seat.pos-bottom');"
        "return s && [s.dataset.seat, [...s.querySelectorAll('.hand .tile')]"
        ".map((t) => t.dataset.tile)];"
    )
    return (str(found[0]), list(found[1])) if found and found[1] else None


def click_last(d: Any, css: str) -> bool:
    found = d.find_elements(By.CSS_SELECTOR, css)
    if found:
        found[-1].click()
    return bool(found)


def until_my_turn(d: Any) -> None:
    """Passes every claim offered until this seat is to discard."""

    def turn() -> bool:
        for b in d.find_elements(By.CSS_SELECTOR, "#prompt button.act-pass"):
            b.click()
        return bool(d.find_elements(By.CSS_SELECTOR, ".seat.pos-bottom .hand button.tile.can"))

    wait_for(turn, timeout=40)


def test_countdown_ticks_and_a_reload_keeps_the_seat(browser: Any, server: ServerProcess) -> None:
    d = browser
    new_room(d, server, "nanchang", time_limit=25)  # long enough for a loaded machine
    # wait for this seat's turn: the countdown starts at the time limit and goes down
    until_my_turn(d)
    first = float(wait_for(lambda: d.find_element(By.ID, "deadline").get_attribute("data-left")))
    assert 20 < first <= 25
    time.sleep(1.3)
    later = float(d.find_element(By.ID, "deadline").get_attribute("data-left"))
    assert first - 2 < later < first - 0.8
    shown = d.find_element(By.ID, "deadline").text
    assert re.fullmatch(r"⏱ \d+ 秒", shown)
    found = mine(d)
    assert found is not None
    seat, hand = found
    d.refresh()
    wait_for(lambda: d.find_elements(By.CSS_SELECTOR, ".seat.pos-bottom .hand button.tile.can"))
    assert wait_for(lambda: mine(d)) == (seat, hand)
    # the table's own strings follow the language switch too
    words = (
        "return [...document.querySelectorAll('#board .plate .name, #board .info > div,"
        " #prompt .hint, #deadline, #table-foot button, #table-foot summary, #log li')]"
        ".map((e) => e.textContent).join('|')"
    )
    zh = d.execute_script(words)
    d.find_element(By.ID, "lang").click()
    en = d.execute_script(words)
    d.find_element(By.ID, "lang").click()
    assert "座位" in zh and "余牌" in zh and "秒" in zh and "托管" in zh
    assert "Seat" in en and "wall" in en and "Auto-play" in en and "your turn" in en
    assert not re.search("座位|余牌|秒|托管|轮到你|大厅|记录|摸牌|打出", en), en
    # play continues from the reloaded page: this seat discards
    # (counted in the log: a bot may claim it off the river at once)
    mine_out = (
        "return [...document.querySelectorAll('#log li')]"
        ".filter((e) => e.textContent.startsWith('座位 ' + arguments[0] + ' (你) 打出')).length"
    )
    before = d.execute_script(mine_out, seat)
    wait_for(lambda: click_last(d, ".seat.pos-bottom .hand button.tile.can"))
    wait_for(lambda: d.execute_script(mine_out, seat) == before + 1)
    # a token kept the way the page kept it before (one key a room) still finds the seat
    d.execute_script(
        "const all = JSON.parse(localStorage.getItem('majiang.tokens'));"
        "for (const [r, tok] of Object.entries(all))"
        " localStorage.setItem('majiang.token.' + r, tok);"
        "localStorage.removeItem('majiang.tokens');"
    )
    d.refresh()
    assert wait_for(lambda: mine(d))[0] == seat
    # back in the lobby the room is listed to rejoin, and rejoining gives the same seat
    d.find_element(By.ID, "leave").click()
    wait_for(lambda: click_last(d, "#rooms-list button.room-rejoin"))
    assert wait_for(lambda: mine(d))[0] == seat

    # 托管 plays the rest; once the match is over it is not offered any more
    def ask_auto() -> bool:
        button = d.find_elements(By.ID, "auto-on")
        if button:
            button[0].click()
            return True
        return bool(d.find_elements(By.ID, "match-over"))  # a win on that discard

    wait_for(ask_auto)
    # (the bots and 托管 may finish the hand before the flag is drawn)
    wait_for(lambda: d.find_elements(By.ID, "auto-off") or d.find_elements(By.ID, "match-over"))
    wait_for(lambda: d.find_elements(By.ID, "match-over"), timeout=90)
    assert not d.find_elements(By.ID, "auto-off") and not d.find_elements(By.ID, "auto-on")


def inside(driver: Any, element: Any) -> bool:
    r = element.rect
    w, h = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    return bool(
        r["x"] >= 0 and r["y"] >= 0 and r["x"] + r["width"] <= w and r["y"] + r["height"] <= h
    )


@pytest.mark.parametrize("size", [(390, 844), (360, 740)])
def test_a_phone_sees_hand_claims_and_timer(server: ServerProcess, size: tuple[int, int]) -> None:
    d = chrome(*size, mobile=True)
    try:
        # Sichuan: its 定缺 prompt comes every hand, where the claims come
        new_room(d, server, "sichuan", time_limit=60)
        deadline = time.monotonic() + 60
        claimed = pictured = False
        while time.monotonic() < deadline and not d.find_elements(By.ID, "match-over"):
            try:
                buttons = d.find_elements(By.CSS_SELECTOR, "#prompt button.action")
                tiles = d.find_elements(By.CSS_SELECTOR, ".seat.pos-bottom .hand .tile")
                if tiles and d.find_elements(By.ID, "deadline"):
                    assert all(inside(d, t) for t in tiles)
                    assert inside(d, d.find_element(By.ID, "deadline"))
                if buttons:  # 定缺 or a claim: every button on screen
                    assert all(inside(d, b) for b in buttons)
                    kinds = {json.loads(b.get_attribute("data-action"))["type"] for b in buttons}
                    if not claimed or (kinds != {"declare"} and not pictured):
                        pictured = kinds != {"declare"}
                        shot(
                            d, f"phone_{size[0]}x{size[1]}_{'claim' if pictured else 'prompt'}.png"
                        )
                    claimed = True
                if not click_once(d):
                    time.sleep(0.05)
            except (StaleElementReferenceException, WebDriverException):
                pass
        assert claimed, "no prompt was offered"
        shot(d, f"phone_{size[0]}x{size[1]}.png")
        assert d.execute_script("return document.documentElement.scrollWidth") <= size[0]
    finally:
        d.quit()


def test_two_browsers_at_one_table(browser: Any, server: ServerProcess) -> None:
    a = browser
    rid = new_room(a, server, "guangdong", people=2)
    wait_for(lambda: "3/4" in a.find_element(By.ID, "status").text)
    assert a.find_element(By.ID, "room-id").text == rid
    b = chrome()
    try:
        b.get(server.url + "/#room=" + rid)  # the shared link
        wait_for(lambda: b.find_elements(By.CSS_SELECTOR, "#board .seat.pos-bottom"))
        sa = int(
            a.find_element(By.CSS_SELECTOR, "#board .seat.pos-bottom").get_attribute("data-seat")
        )
        sb = int(
            b.find_element(By.CSS_SELECTOR, "#board .seat.pos-bottom").get_attribute("data-seat")
        )
        assert sa != sb
        assert b.find_element(By.ID, "room-id").text == rid
        wait_for(lambda: "/4" not in a.find_element(By.ID, "status").text)  # playing now

        def rivers(d: Any) -> dict[str, list[str]]:
            # read in one script: the board is redrawn on every frame
            found: list[tuple[str, list[str]]] = d.execute_script(
                "return [...document.querySelectorAll('#board .river')].map((r) =>"
                " [r.dataset.seat, [...r.querySelectorAll('.tile')].map((t) => t.dataset.tile)]);"
            )
            return dict(found)

        for _ in range(400):  # both play; each sees the other's discards in its river
            for d in (a, b):
                with contextlib.suppress(StaleElementReferenceException, WebDriverException):
                    click_once(d)
            ra, rb = rivers(a), rivers(b)
            if len(ra.get(str(sa), [])) >= 2 and len(ra.get(str(sb), [])) >= 2 and ra == rb:
                break
            time.sleep(0.05)
        assert len(rb[str(sa)]) >= 2 and len(ra[str(sb)]) >= 2 and ra == rb
        shot(b, "two_browsers.png")
    finally:
        b.quit()


def test_replay_seek_bar_keys_and_link(browser: Any, server: ServerProcess) -> None:
    d = browser
    stored = server.get("/api/hands")
    last = stored[-1]
    d.get(f"{server.url}/replay/{last['room']}/{last['hand']}")
    total = len(server.get(f"/api/hands/{last['room']}/{last['hand']}")["events"])

    def pos() -> str:
        return str(d.find_element(By.ID, "replay-pos").text)

    wait_for(lambda: pos() == f"1 / {total}")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert pos() == f"3 / {total}"
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    assert pos() == f"2 / {total}"
    d.execute_script(
        "const s = document.getElementById('replay-seek'); s.value = s.max;"
        "s.dispatchEvent(new Event('input'));"
    )
    assert pos() == f"{total} / {total}"
    assert d.find_elements(By.CSS_SELECTOR, "#replay-settlement #settlement-table")
    assert len(d.find_elements(By.CSS_SELECTOR, "#replay-board .seat")) == 4
    shot(d, "replay.png")
    d.find_element(By.ID, "replay-close").click()
    links = wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "a.replay-open"))
    assert links[0].get_attribute("href").endswith(f"/replay/{last['room']}/{last['hand']}")
    assert links[0].text == "回放" and "第1局" in d.find_element(By.ID, "hands-list").text
    d.find_element(By.ID, "lang").click()
    wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "a.replay-open")[0].text == "Replay")
    assert "hand 1" in d.find_element(By.ID, "hands-list").text
    assert not re.search("第|局|回放", d.find_element(By.ID, "hands-list").text)
    d.find_element(By.ID, "lang").click()
