"""The browser table in a real headless Chromium (Debian's ``chromium`` and
``chromium-driver``, driven by selenium): open the page, create a room with three bots,
play a hand to its end by clicking legal actions, read the settlement, open the replay and
step through it, in both languages. Screenshots are kept in artifacts/browser/."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from server_process import ServerProcess

import majiang

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.common.exceptions import (  # noqa: E402
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
ARTIFACTS = Path(os.environ.get("MAJIANG_ARTIFACTS", Path(__file__).parents[1] / "artifacts"))

if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()) and not os.environ.get("CI"):
    pytest.skip("Debian's chromium and chromium-driver are not installed", allow_module_level=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    opts = Options()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        opts.add_argument(arg)
    opts.add_argument("--window-size=1200,1600")
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
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


def pick(buttons: list[Any]) -> Any:
    """Wins when it can, passes on claims, else the last legal action."""
    texts = [(b, b.get_attribute("data-action") or "") for b in buttons]
    for kind in ('"win"', '"pass"'):
        for b, a in texts:
            if f'"type": {kind}' in a or f'"type":{kind}' in a:
                return b
    return buttons[-1]


def test_play_a_hand_read_the_settlement_and_replay_it(browser: Any, server: ServerProcess) -> None:
    d = browser
    d.get(server.url + "/")
    wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#variant option"))
    assert d.find_element(By.ID, "create").text.startswith("开房间")
    assert d.find_element(By.ID, "people").get_attribute("value") == "1"  # three bots
    d.find_element(By.ID, "lang").click()
    assert d.find_element(By.ID, "create").text == "Create the room (bots take the other seats)"
    d.find_element(By.ID, "create").click()
    clicks = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if d.find_elements(By.ID, "match-over"):
            break
        try:
            buttons = d.find_elements(By.CSS_SELECTOR, "#actions button.action")
            if buttons:
                pick(buttons).click()
                clicks += 1
                if clicks == 2:
                    shot(d, "table.png")
        except (StaleElementReferenceException, WebDriverException):
            pass
        time.sleep(0.05)
    assert d.find_elements(By.ID, "match-over"), "the hand did not end"
    assert clicks > 0
    rows = d.find_elements(By.CSS_SELECTOR, "#settlement-table tr.settle-row")
    deltas = [int(r.find_element(By.CSS_SELECTOR, ".delta").text) for r in rows]
    assert len(deltas) == 4 and sum(deltas) == 0
    shot(d, "settlement.png")
    stored = server.get("/api/hands")
    assert stored[-1]["deltas"] == deltas
    # the replay of that hand
    d.find_element(By.ID, "back-to-lobby").click()
    opened = wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "button.replay-open"))
    opened[0].click()
    pos = wait_for(lambda: d.find_element(By.ID, "replay-pos").text)
    first, total = (int(x) for x in pos.split(" / "))
    assert first == 1 and total == len(server.get(f"/api/hands/{stored[-1]['room']}/0")["events"])
    assert total >= 3  # a deal, a win or a draw, a settlement
    d.find_element(By.ID, "replay-step").click()
    d.find_element(By.ID, "replay-step").click()
    assert d.find_element(By.ID, "replay-pos").text.startswith("3 /")
    d.find_element(By.ID, "replay-back").click()
    assert d.find_element(By.ID, "replay-pos").text.startswith("2 /")
    assert len(d.find_elements(By.CSS_SELECTOR, "#replay-seats .seat")) == 4
    d.find_element(By.ID, "replay-play").click()
    wait_for(
        lambda: int(d.find_element(By.ID, "replay-pos").text.split(" / ")[0]) > min(4, total - 1)
    )
    shot(d, "replay.png")
    d.find_element(By.ID, "replay-play").click()  # pause
    for _ in range(total):
        d.find_element(By.ID, "replay-step").click()
    assert d.find_element(By.ID, "replay-pos").text == f"{total} / {total}"
    assert d.find_elements(By.CSS_SELECTOR, "#replay-settlement #settlement-table")
    d.find_element(By.ID, "lang").click()
    assert d.find_element(By.ID, "replay-step").text == "前进"
    shot(d, "replay_end.png")


def tiles_in(box: Any) -> list[str]:
    return [t.get_attribute("data-tile") for t in box.find_elements(By.CSS_SELECTOR, ".tile")]


def click_first(d: Any, selector: str) -> bool:
    found = d.find_elements(By.CSS_SELECTOR, selector)
    if found:
        found[0].click()
    return bool(found)


def play_to_the_end(d: Any, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if d.find_elements(By.ID, "match-over"):
            return
        try:
            buttons = d.find_elements(By.CSS_SELECTOR, "#actions button.action")
            if buttons:
                pick(buttons).click()
        except (StaleElementReferenceException, WebDriverException):
            pass
        time.sleep(0.05)
    raise AssertionError("the hand did not end")


def test_the_table_shows_the_horses_a_guangdong_winner_turns_up(
    browser: Any, server: ServerProcess
) -> None:
    """Guangdong 抓马: after a win the table shows the public horse event's tiles (and the
    replay of the hand from that event on); a drawn hand shows none."""
    from selenium.webdriver.support.ui import Select

    d = browser
    for _ in range(6):  # until a hand is won (a drawn hand turns up no horses)
        d.get(server.url + "/")
        wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#variant option[value=guangdong]"))
        Select(d.find_element(By.ID, "variant")).select_by_value("guangdong")
        d.find_element(By.ID, "create").click()
        play_to_the_end(d)
        stored = server.get("/api/hands")[-1]
        events = server.get(f"/api/hands/{stored['room']}/0")["events"]
        horses = [e for e in events if e["event"] == "horses"]
        panel = d.find_element(By.ID, "horses")
        if not horses:
            assert not panel.is_displayed()
            continue
        expected = majiang.parse_tiles(horses[0]["tiles"])
        assert panel.is_displayed() and len(expected) == 2  # the default room turns up two
        assert tiles_in(panel) == expected
        shot(d, "guangdong_horses.png")
        d.find_element(By.ID, "back-to-lobby").click()
        wait_for(lambda: click_first(d, "button.replay-open"))  # the list may be redrawn
        total = int(wait_for(lambda: d.find_element(By.ID, "replay-pos").text).split(" / ")[1])
        assert not d.find_element(By.ID, "replay-horses").is_displayed()  # not before the win
        for _ in range(total):
            d.find_element(By.ID, "replay-step").click()
        assert tiles_in(d.find_element(By.ID, "replay-horses")) == expected
        shot(d, "guangdong_horses.png")
        return
    pytest.skip("six Guangdong hands in a row were drawn")
