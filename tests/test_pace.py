"""A fair share per key (issue #43): one seat's 50 changes a second were all saved."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

from api_app import ADMIN, api_client

from companion.core.hub import Hub
from companion.core.pace import BURST, RATE, Pace
from companion.games.registry import GAMES
from companion.ui.context import UI, ServerInfo


class Clock:
    """Monotonic seconds that move only when the test says."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _scorepad(hub: Hub) -> tuple:
    live = hub.create("scorepad", {"players": ["ana", "bo"]})
    keys = {s.id: live.claim(s.token, None)[1] for s in live.table.seats}
    return live, keys


def _add(player: str) -> dict:
    return {"type": "points.add", "player": player, "amount": 1}


def test_a_flood_of_50_a_second_keeps_20_a_second_after_a_burst():
    clock = Clock()
    share = Pace(clock=clock)
    saved = 0
    for tick in range(50 * 60):  # one minute at 50 a second
        clock.now = 100.0 + tick / 50
        saved += share.take("seat") == 0.0
    assert saved <= BURST + RATE * 60
    assert saved >= RATE * 60  # the share is given, not lost
    assert share.take("another seat") == 0.0


def test_past_its_share_a_key_gets_429_with_retry_after_and_another_key_goes_on(tmp_path):
    clock = Clock()
    hub = Hub(tmp_path / "data", GAMES, pace=Pace(clock=clock))
    live, keys = _scorepad(hub)
    client = api_client(hub)
    url = f"/api/tables/{live.table.id}/events"
    answers = [client.post(url, params={"k": keys["ana"]}, json=_add("ana")).status_code for _ in range(60)]
    assert answers.count(200) == BURST and answers[BURST:] == [429] * (60 - BURST)
    refused = client.post(url, params={"k": keys["ana"], "lang": "pt"}, json=_add("ana"))
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "1"
    assert refused.json()["key"] == "limits.slow_down" and "espere" in refused.json()["error"]
    assert client.post(f"/api/tables/{live.table.id}/undo", params={"k": keys["ana"]}).status_code == 429
    assert client.post(url, params={"k": keys["bo"]}, json=_add("bo")).status_code == 200
    assert len(live.events()) == BURST + 1  # nothing refused was saved
    clock.now += 1.0
    assert [client.post(url, params={"k": keys["ana"]}, json=_add("ana")).status_code
            for _ in range(int(RATE) + 1)] == [200] * int(RATE) + [429]


def test_creating_tables_without_a_key_is_paced_by_address(tmp_path):
    hub = Hub(tmp_path / "data", GAMES, pace=Pace(clock=Clock()))
    client = api_client(hub)
    made = [client.post("/api/tables", params={"admin": ADMIN},
                        json={"game": "scorepad", "options": {"players": ["ana", "bo"]}}).status_code
            for _ in range(BURST + 5)]
    assert made.count(201) == BURST and made[BURST:] == [429] * 5


def test_a_screen_spends_the_same_share_and_says_slow_down(tmp_path):
    clock = Clock()
    hub = Hub(tmp_path / "data", GAMES, pace=Pace(clock=clock))
    live, keys = _scorepad(hub)
    shown: list = []
    server = ServerInfo(hub=hub, admin_token=ADMIN, base_url="http://127.0.0.1:8550")
    ui = UI(page=SimpleNamespace(width=390, show_dialog=shown.append), server=server)
    _, ui.access = hub.join(live.table.id, keys["ana"])
    ui.live = live
    api = api_client(hub)
    # the API and the screen of one key share one bucket
    for _ in range(10):
        assert api.post(f"/api/tables/{live.table.id}/events", params={"k": keys["ana"]},
                        json=_add("ana")).status_code == 200

    async def taps() -> list[bool]:
        return [await ui.send(_add("ana")) for _ in range(BURST)]

    sent = asyncio.run(taps())
    assert sent.count(True) == BURST - 10 and sent[BURST - 10:] == [False] * 10
    assert "Slow down" in shown[-1].content.label
    assert shown[-1].bgcolor is None  # a plain notice, not an error's colours
    asyncio.run(ui.undo())
    assert len(live.events()) == BURST
