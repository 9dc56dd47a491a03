"""A wrong or absent key never opens a table file (issue #43): the key is checked first, against the
table in memory or the saved-tables index, so a stranger cannot make the server read a large table."""
from __future__ import annotations

import asyncio

import pytest
from api_app import ADMIN, api_client
from live_device import PHONE, TABLET, Device

from companion.core import store, tickets
from companion.core.access import Access
from companion.core.hub import Hub
from companion.games.registry import GAMES
from companion.ui.context import ServerInfo


@pytest.fixture
def saved(tmp_path, monkeypatch):
    """A table with events saved by one server; then a server started afresh on the folder, which
    counts every table file it opens."""
    first = Hub(tmp_path / "data", GAMES)
    live = first.create("scorepad", {"players": ["ana", "bo"]})
    seat_key = live.claim(live.table.seats[0].token)[1]
    for _ in range(5):
        live.dispatch({"type": "points.add", "player": "bo", "amount": 1}, Access("host"))
    first.index.close()
    opened: list = []
    real = store.TableStore.__init__

    def counted(self, path, *args, **kwargs):
        opened.append(path)
        real(self, path, *args, **kwargs)

    monkeypatch.setattr(store.TableStore, "__init__", counted)
    hub = Hub(tmp_path / "data", GAMES)
    return hub, live.table, seat_key, opened


WRONG = ["wrong-key", "", "A" * 16]


def test_a_wrong_key_on_the_api_opens_no_file(saved):
    hub, table, seat_key, opened = saved
    client = api_client(hub)
    base = f"/api/tables/{table.id}"
    for key in WRONG:
        params = {"k": key} if key else {}
        assert client.get(base, params=params).status_code == 404
        assert client.post(f"{base}/events", params=params,
                           json={"type": "points.add", "player": "bo", "amount": 1}).status_code == 404
        assert client.post(f"{base}/undo", params=params).status_code == 404
        assert client.post(f"{base}/claim", params=params).status_code == 404
        assert client.get(f"{base}/events", params=params).status_code == 404
        assert client.get(f"{base}/summary", params=params).status_code == 404
    assert client.get(f"{base}/summary", params={"ticket": "1.abc"}).status_code == 404  # expired
    assert opened == []
    assert client.get(base, params={"k": seat_key}).json()["state"]["scores"]["bo"] == 5
    assert len(opened) == 1  # the right key opens it, once


def test_a_wrong_key_on_the_screens_route_opens_no_file(saved):
    hub, table, seat_key, opened = saved
    server = ServerInfo(hub=hub, admin_token="a" * 32, base_url="http://127.0.0.1:8550")

    async def go() -> None:
        for key in WRONG:
            phone = await Device(server, f"/t/{table.id}?k={key}", PHONE).open()
            await phone.settle()
            assert phone.app.ui.live is None
        stranger = await Device(server, f"/t/{table.id}", TABLET).open()  # no key, nothing stored
        await stranger.settle()
        assert stranger.app.ui.live is None
        assert opened == []
        phone = await Device(server, f"/t/{table.id}?k={seat_key}", PHONE).open()
        await phone.settle()
        assert phone.app.ui.live is not None and len(opened) == 1

    asyncio.run(go())


def test_a_key_made_after_the_index_row_still_opens_the_table(tmp_path):
    """A seat claimed in play, the table then let go: its new key is in the index (written at the sweep)."""
    hub = Hub(tmp_path / "data", GAMES, idle_seconds=0.0)
    live = hub.create("scorepad", {"players": ["ana", "bo"]})
    key = live.claim(live.table.seats[1].token)[1]
    table_id = live.table.id
    del live
    hub.sweep(force=True)
    hub._live.clear()  # as when nothing holds the table any more
    assert hub.admits(table_id, key) and not hub.admits(table_id, "wrong-key")
    assert hub.join(table_id, key)[1].seat == "bo"


def test_a_ticket_that_does_not_verify_opens_no_file(saved):
    """A download ticket is checked before the table is read, like a key: a forged one, one for
    another table or one signed with a key a device holds reads nothing, though none has expired."""
    hub, table, seat_key, opened = saved
    client = api_client(hub)
    url = f"/api/tables/{table.id}/summary"
    good = tickets.mint(table.id, ADMIN)
    forged = good[:-1] + ("0" if good[-1] != "0" else "1")
    for ticket in (forged, tickets.mint("0000ffff", ADMIN), tickets.mint(table.id, table.spectator_token),
                   tickets.mint(table.id, seat_key)):
        assert tickets.unexpired(ticket)
        assert client.get(url, params={"ticket": ticket}).status_code == 404
    assert opened == []
    reply = client.get(url, params={"ticket": good, "format": "csv"})
    assert reply.status_code == 200 and "bo" in reply.text
    assert len(opened) == 1  # the server's own ticket opens it, once
