import json

import pytest

from api_app import ADMIN
from companion.api import is_loopback

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def table(client):
    r = client.post("/api/tables", params={"admin": ADMIN},
                    json={"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    assert r.status_code == 201
    return r.json()


@pytest.fixture
def keys(client, table):
    """Each seat claimed as a phone would, by opening its invitation."""
    out = {}
    for seat, invite in table["seats"].items():
        r = client.post(f"/api/tables/{table['id']}/claim", params={"k": invite["token"]})
        assert r.status_code == 200 and r.json()["seat"] == seat
        out[seat] = r.json()["key"]
    return out


def test_create_needs_loopback_or_admin(client):
    body = {"game": "scorepad", "options": {"players": ["Ana"]}}
    assert client.post("/api/tables", json=body).status_code == 403  # TestClient is not loopback
    assert client.post("/api/tables", json=body, params={"admin": "wrong"}).status_code == 403
    r = client.post("/api/tables", json=body, headers={"X-Companion-Admin": ADMIN})
    assert r.status_code == 201
    assert set(r.json()) == {"id", "host_token", "spectator_token", "seats"}
    assert set(r.json()["seats"]) == {"ana"}


def test_loopback_detection():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("127.8.9.10")
    assert not is_loopback("192.168.1.5") and not is_loopback("testclient") and not is_loopback(None)


def test_create_refuses_bad_requests_clearly(client):
    for body in ({"game": "chess", "options": {"players": ["a"]}}, {"options": {}},
                 {"game": "scorepad", "options": {"players": []}}, {"game": "scorepad", "options": []}):
        r = client.post("/api/tables", json=body, params={"admin": ADMIN})
        assert r.status_code == 422 and r.json()["error"]
    r = client.post("/api/tables", content=b"{not json", params={"admin": ADMIN}, headers=JSON)
    assert r.status_code == 422


def test_read_by_role_and_errors(client, table, keys):
    tid = table["id"]
    r = client.get(f"/api/tables/{tid}", params={"k": table["host_token"]})
    assert r.status_code == 200
    assert set(r.json()) == {"id", "game", "seq", "step", "role", "seat", "state", "told", "read_only"}
    assert r.json()["role"] == "host" and r.json()["seat"] is None and r.json()["seq"] == 0
    seat = client.get(f"/api/tables/{tid}", params={"k": keys["bia"]}).json()
    assert (seat["role"], seat["seat"]) == ("seat", "bia")
    assert client.get(f"/api/tables/{tid}", params={"k": table["spectator_token"]}).json()["role"] == "spectator"
    # A wrong key answers exactly like an unknown table: nobody can probe which tables exist.
    answers = [client.get(f"/api/tables/{tid}"), client.get(f"/api/tables/{tid}", params={"k": "nope"}),
               client.get("/api/tables/ffffffff", params={"k": "x"})]
    assert {(r.status_code, r.text) for r in answers} == {(404, answers[0].text)}
    assert client.get("/api/tables/..%2F..%2Fadmin", params={"k": "x"}).status_code == 404


def test_events_undo_redo_and_refusals(client, table, keys):
    tid, k = table["id"], keys["ana"]
    r = client.post(f"/api/tables/{tid}/events", params={"k": k},
                    json={"type": "points.add", "player": "ana", "amount": 4, "reason": "kill"})
    assert r.status_code == 200 and r.json()["seq"] == 1 and r.json()["state"]["scores"]["ana"] == 4
    r = client.post(f"/api/tables/{tid}/events", params={"k": k}, json={"type": "points.add", "player": "x", "amount": 1})
    assert r.status_code == 422 and "no player" in r.json()["error"]
    assert client.post(f"/api/tables/{tid}/events", params={"k": k}, content=b"[1]", headers=JSON).status_code == 422
    r = client.post(f"/api/tables/{tid}/events", params={"k": table["spectator_token"]},
                    json={"type": "points.add", "player": "ana", "amount": 1})
    assert r.status_code == 403
    assert client.post(f"/api/tables/{tid}/events", params={"k": "bad"}, json={"type": "x"}).status_code == 404
    assert client.post("/api/tables/ffffffff/events", params={"k": k}, json={"type": "x"}).status_code == 404
    r = client.post(f"/api/tables/{tid}/undo", params={"k": table["host_token"]})
    assert r.status_code == 200 and r.json() == {"seq": 2, "step": 0, "state": r.json()["state"]}
    assert r.json()["state"]["scores"]["ana"] == 0
    r = client.post(f"/api/tables/{tid}/redo", params={"k": k})
    assert r.status_code == 200 and r.json()["seq"] == 3 and r.json()["state"]["scores"]["ana"] == 4
    assert client.post(f"/api/tables/{tid}/redo", params={"k": k}).status_code == 422
    assert client.post(f"/api/tables/{tid}/undo", params={"k": table["spectator_token"]}).status_code == 403


def test_export_is_host_only(client, table, keys):
    tid = table["id"]
    client.post(f"/api/tables/{tid}/events", params={"k": table["host_token"]},
                json={"type": "points.add", "player": "bia", "amount": 2})
    r = client.get(f"/api/tables/{tid}/events", params={"k": table["host_token"]})
    assert r.status_code == 200 and [e["type"] for e in r.json()] == ["points.add"] and r.json()[0]["by"] == "host"
    assert client.get(f"/api/tables/{tid}/events", params={"k": keys["bia"]}).status_code == 403


def test_a_seat_never_sees_another_seats_hidden_note(client, table, keys):
    tid = table["id"]
    ana, bia = keys["ana"], keys["bia"]
    r = client.post(f"/api/tables/{tid}/events", params={"k": ana},
                    json={"type": "note.set", "player": "ana", "text": "zeus-plan-42"})
    assert r.status_code == 200 and r.json()["state"]["notes"] == {"ana": "zeus-plan-42"}
    for token in (bia, table["host_token"], table["spectator_token"]):
        body = client.get(f"/api/tables/{tid}", params={"k": token}).json()
        assert "zeus-plan-42" not in json.dumps(body)
        assert "ana" not in body["state"]["notes"]
    r = client.post(f"/api/tables/{tid}/events", params={"k": bia},
                    json={"type": "points.add", "player": "bia", "amount": 1})
    assert "zeus-plan-42" not in json.dumps(r.json())


def test_health(client):
    assert client.get("/api/health").json()["ok"] is True
