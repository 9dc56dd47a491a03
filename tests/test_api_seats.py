"""Seats through the JSON API: an invitation is claimed once, moves are told, roles are not
names, undo belongs to its owner, and the tablet's export carries no seat's secret."""
from __future__ import annotations

import pytest

from api_app import ADMIN
from companion.i18n import t


def create(client, game: str, players: list[str], **options) -> dict:
    r = client.post("/api/tables", params={"admin": ADMIN},
                    json={"game": game, "options": {"players": players, **options}})
    assert r.status_code == 201, r.text
    return r.json()


def claim(client, table: dict, seat: str):
    return client.post(f"/api/tables/{table['id']}/claim", params={"k": table["seats"][seat]["token"]})


def test_the_first_device_claims_the_seat_and_the_invitation_is_then_spent(client):
    table = create(client, "scorepad", ["Ana", "Bia"])
    tid, invite = table["id"], table["seats"]["ana"]["token"]
    r = client.get(f"/api/tables/{tid}", params={"k": invite})
    assert r.status_code == 403 and "claim" in r.json()["error"]  # an invitation is not a key
    first = claim(client, table, "ana")
    assert first.status_code == 200 and first.json()["seat"] == "ana" and first.json()["key"] != invite
    again = claim(client, table, "ana")
    assert again.status_code == 403 and again.json()["error"] == t("seats.already_joined")
    for path in (f"/api/tables/{tid}", f"/api/tables/{tid}/events"):
        r = client.get(path, params={"k": invite})
        assert r.status_code == 403 and r.json()["error"] == t("seats.already_joined")
        assert "ana" not in r.text.lower()
    r = client.post(f"/api/tables/{tid}/events", params={"k": invite},
                    json={"type": "points.add", "player": "ana", "amount": 1})
    assert r.status_code == 403
    me = client.get(f"/api/tables/{tid}", params={"k": first.json()["key"]}).json()
    assert (me["role"], me["seat"]) == ("seat", "ana")
    assert client.post(f"/api/tables/{tid}/claim", params={"k": "nope"}).status_code == 404  # as an unknown table
    assert client.post("/api/tables/ffffffff/claim", params={"k": invite}).status_code == 404


def test_a_moved_seat_gets_a_new_invitation_and_the_old_device_is_told(client, hub):
    table = create(client, "scorepad", ["Ana", "Bia"])
    tid = table["id"]
    old_key = claim(client, table, "ana").json()["key"]
    new_invite = hub.get(tid).move("ana")
    r = client.get(f"/api/tables/{tid}", params={"k": old_key})
    assert r.status_code == 403 and r.json()["error"] == t("seats.seat_moved")
    r = client.post(f"/api/tables/{tid}/events", params={"k": old_key},
                    json={"type": "points.add", "player": "ana", "amount": 1})
    assert r.status_code == 403
    r = client.post(f"/api/tables/{tid}/claim", params={"k": new_invite})
    assert r.status_code == 200 and r.json()["seat"] == "ana"
    assert client.get(f"/api/tables/{tid}", params={"k": r.json()["key"]}).json()["seat"] == "ana"
    assert client.get(f"/api/tables/{tid}", params={"k": table["spectator_token"]}).json()["role"] == "spectator"


@pytest.mark.parametrize("game, players", [("fleecing_olympus", ["host", "bia", "caio"]),
                                           ("cyclades", ["host", "bia", "caio"]),
                                           ("lords_of_hellas", ["host", "bia"])])
def test_a_player_id_cannot_be_a_role(client, game, players):
    r = client.post("/api/tables", params={"admin": ADMIN}, json={"game": game, "options": {"players": players}})
    assert r.status_code == 422 and r.json()["error"]


def test_a_cyclades_player_called_host_has_only_a_seats_powers(client):
    table = create(client, "cyclades", ["Host", "bia", "caio"])
    host = claim(client, table, "Host").json()["key"]
    tid = table["id"]
    r = client.post(f"/api/tables/{tid}/events", params={"k": host}, json={"type": "start", "from_step": 0})
    assert r.status_code == 422 and "tablet" in r.json()["error"]
    r = client.post(f"/api/tables/{tid}/events", params={"k": table["host_token"]}, json={"type": "start", "from_step": 0})
    assert r.status_code == 200
    r = client.post(f"/api/tables/{tid}/events", params={"k": table["host_token"]},
                    json={"type": "phase.next", "from_step": r.json()["step"]})
    assert r.status_code == 200
    r = client.post(f"/api/tables/{tid}/events", params={"k": host},
                    json={"type": "income", "player": "bia", "prosperity": 3})
    assert r.status_code == 422
    assert client.post(f"/api/tables/{tid}/undo", params={"k": host}).status_code == 422


def test_a_score_pad_player_named_host_is_told_apart_from_the_tablet(client):
    table = create(client, "scorepad", ["Host", "Bia"])
    [host_seat] = [s for s in table["seats"] if s != "bia"]
    assert host_seat != "host"
    tid, key = table["id"], claim(client, table, host_seat).json()["key"]
    client.post(f"/api/tables/{tid}/events", params={"k": key},
                json={"type": "points.add", "player": host_seat, "amount": 2})
    client.post(f"/api/tables/{tid}/events", params={"k": table["host_token"]},
                json={"type": "points.add", "player": "bia", "amount": 1})
    log = client.get(f"/api/tables/{tid}/events", params={"k": table["host_token"]}).json()
    assert [e["by"] for e in log] == [host_seat, "host"]
    r = client.post(f"/api/tables/{tid}/events", params={"k": key},
                    json={"type": "note.set", "player": "bia", "text": "x"})
    assert r.status_code == 422
    r = client.post(f"/api/tables/{tid}/undo", params={"k": key})  # the tablet's change is not Host's:
    assert r.status_code == 200  # Host's phone takes back its own +2, under the tablet's change
    assert r.json()["state"]["scores"] == {host_seat: 0, "bia": 1}
    log = client.get(f"/api/tables/{tid}/events", params={"k": table["host_token"]}).json()
    assert (log[-1]["type"], log[-1]["by"], log[-1]["target"]) == ("undo", host_seat, log[0]["seq"])
    r = client.post(f"/api/tables/{tid}/undo", params={"k": key})  # nothing of Host's is left
    assert r.status_code == 422 and "tablet" in r.json()["error"] and "Tablet's" not in r.json()["error"]


def test_the_tablets_export_holds_no_seats_secret_and_the_admin_gets_the_raw_log(client):
    table = create(client, "scorepad", ["Ana", "Bia"])
    tid, ana = table["id"], claim(client, table, "ana").json()["key"]
    client.post(f"/api/tables/{tid}/events", params={"k": ana},
                json={"type": "note.set", "player": "ana", "text": "zeus-plan-42"})
    export = client.get(f"/api/tables/{tid}/events", params={"k": table["host_token"]})
    assert export.status_code == 200 and export.json()[0]["type"] == "note.set"
    assert "zeus-plan-42" not in export.text
    raw = client.get(f"/api/tables/{tid}/events", headers={"X-Companion-Admin": ADMIN})
    assert raw.status_code == 200 and raw.json()[0]["text"] == "zeus-plan-42"
    assert client.get(f"/api/tables/{tid}/events", params={"admin": "wrong"}).status_code == 404  # as a wrong key


def test_a_cyclades_export_holds_no_hidden_amount(client):
    table = create(client, "cyclades", ["ana", "bia", "caio"])
    tid, host = table["id"], table["host_token"]
    step = 0  # each command is sent from the step the previous answer reports
    for event in ({"type": "start"}, {"type": "phase.next"},
                  {"type": "income", "player": "ana", "prosperity": 137}):
        r = client.post(f"/api/tables/{tid}/events", params={"k": host}, json={**event, "from_step": step})
        assert r.status_code == 200
        step = r.json()["step"]
    export = client.get(f"/api/tables/{tid}/events", params={"k": host}).json()
    assert export[-1]["player"] == "ana" and "prosperity" not in export[-1]
    assert all(e.get("prosperity") != 137 for e in export)


def test_only_the_tablet_marks_a_seat_as_played_on_it_and_the_table_keeps_the_mark(client, hub):
    """Issue 41: the mark was one tablet session's; now the table keeps it (its file), only the
    tablet's key sets it, and never on a seat a phone holds."""
    made = client.post("/api/tables", params={"admin": ADMIN},
                       json={"game": "cyclades", "options": {"players": ["ana", "bia"]}}).json()
    tid, host = made["id"], made["host_token"]
    bia = client.post(f"/api/tables/{tid}/claim", params={"k": made["seats"]["bia"]["token"]}).json()["key"]
    url = f"/api/tables/{tid}/seats/ana/tablet"
    r = client.post(url, params={"k": bia}, json={"on": True})
    assert r.status_code == 403 and r.json()["key"] == "seats.private_tablet_only"
    r = client.post(f"/api/tables/{tid}/seats/bia/tablet", params={"k": host}, json={"on": True})
    assert r.status_code == 422 and r.json()["key"] == "seats.on_tablet_has_phone"
    assert client.post(url, params={"k": host}, json={"on": "yes"}).status_code == 422
    assert client.post(url, params={"k": host}, json={"on": True}).json() == {"seat": "ana", "tablet": True}
    live = hub.get(tid)
    assert live.table.seat("ana").tablet and live.store.table().seat("ana").tablet
    assert client.post(url, params={"k": host}, json={"on": False}).status_code == 200
    assert not live.store.table().seat("ana").tablet
