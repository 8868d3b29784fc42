"""The JSON API's input (issue 25, items 11 and 5): a hand number out of range or not a
number is 404, never 500; ``/api/hands`` is paged (``limit`` ≤ MAX_PAGE, ``offset``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from server_inproc import http_get, local_server

from majiang.server.store import MAX_PAGE

BOTS = {"variant": "nanjing", "options": {}, "hands": 3, "seats": ["bot"] * 4, "time_limit": 0.0}


def test_a_hand_number_out_of_range_is_404() -> None:
    server = local_server()
    room = server.create_room(BOTS)
    status, _, hand = http_get(server, f"/api/hands/{room.id}/2")
    assert status == 200 and len(hand["steps"]) == len(hand["events"])
    for path in (
        f"/api/hands/{room.id}/9223372036854775808",
        f"/api/hands/{room.id}/{2**70}",
        f"/api/hands/{room.id}/3",
        f"/api/hands/{room.id}/64",
        f"/api/hands/{room.id}/-1",
        f"/api/hands/{room.id}/1e3",
        f"/api/hands/{room.id}/x",
        f"/api/hands/{room.id}/\u0661",  # an Arabic-Indic digit: not an ASCII number
        "/api/hands/x/9223372036854775808",
        "/api/hands/" + "r" * 65 + "/0",
    ):
        status, _, body = http_get(server, path)
        assert status == 404 and body == {"error": "no such finished hand"}, path


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=1, max_size=30).filter(lambda t: "/" not in t and "?" not in t))
def test_any_hand_path_is_200_or_404(text: str) -> None:
    server = local_server()
    status, _, _ = http_get(server, f"/api/hands/r/{text}")
    assert status == 404


def test_the_hand_list_is_paged() -> None:
    server = local_server()
    rooms = [server.create_room(BOTS) for _ in range(3)]
    status, headers, page = http_get(server, "/api/hands")
    assert status == 200 and headers["x-total-count"] == "9" and len(page) == 9
    status, headers, page = http_get(server, "/api/hands", "limit=2&offset=3")
    assert [(h["room"], h["hand"]) for h in page] == [(rooms[1].id, 0), (rooms[1].id, 1)]
    assert http_get(server, "/api/hands", "offset=8")[2][0]["room"] == rooms[2].id
    assert http_get(server, "/api/hands", "offset=9")[2] == []
    for query in (f"limit={MAX_PAGE + 1}", "limit=0", "limit=x", "offset=-1", "offset=1e9"):
        status, _, body = http_get(server, "/api/hands", query)
        assert status == 400 and "must be an integer" in body["error"], query
