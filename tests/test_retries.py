"""A `client_id` belongs to the seat that sent it and to the command it came with (core/retries.py):
another seat's equal id is its own change, the same seat's id with another command is refused,
and both hold after the server restarts."""
import json

import pytest

from api_app import ADMIN, api_client
from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.retries import DIGEST
from companion.games.registry import GAMES

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def pad(client):
    r = client.post("/api/tables", params={"admin": ADMIN},
                    json={"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    assert r.status_code == 201, r.text
    table = r.json()
    for seat in ("ana", "bia"):
        claimed = client.post(f"/api/tables/{table['id']}/claim", params={"k": table["seats"][seat]["token"]})
        table["seats"][seat]["key"] = claimed.json()["key"]
    return table


def send(client, table, body, key, lang="en"):
    return client.post(f"/api/tables/{table['id']}/events", params={"k": key}, content=json.dumps(body),
                       headers={**JSON, "Accept-Language": lang})


def events(client, table):
    return client.get(f"/api/tables/{table['id']}/events", params={"k": table["host_token"]}).json()


def scores(client, table):
    return client.get(f"/api/tables/{table['id']}", params={"k": table["host_token"]}).json()["state"]["scores"]


def add(player, amount, client_id):
    return {"type": "points.add", "player": player, "amount": amount, "client_id": client_id}


def test_another_seats_equal_id_is_its_own_change(client, pad):
    ana, bia = pad["seats"]["ana"]["key"], pad["seats"]["bia"]["key"]
    first = send(client, pad, add("ana", 3, "r-1"), ana)
    second = send(client, pad, add("bia", 5, "r-1"), bia)
    assert first.status_code == second.status_code == 200, second.text
    assert (first.json()["seq"], second.json()["seq"]) == (1, 2)
    assert scores(client, pad) == {"ana": 3, "bia": 5}
    tablet = send(client, pad, add("bia", 1, "r-1"), pad["host_token"])  # the tablet is a sender too
    assert tablet.json()["seq"] == 3 and scores(client, pad)["bia"] == 6


def test_the_same_seat_reusing_an_id_for_another_change_is_refused_in_both_languages(client, hub, pad):
    ana = pad["seats"]["ana"]["key"]
    assert send(client, pad, add("ana", 3, "r-1"), ana).status_code == 200
    before = hub.store.path(pad["id"]).read_bytes()
    for lang, words in (("en", "already used for another change"), ("pt", "já foi usado para outra alteração")):
        r = send(client, pad, add("ana", 4, "r-1"), ana, lang)
        assert r.status_code == 422, r.text
        assert r.json()["key"] == "retries.used_for_another" and words in r.json()["error"]
    assert hub.store.path(pad["id"]).read_bytes() == before
    assert scores(client, pad)["ana"] == 3


def test_the_same_seat_sending_the_same_command_again_is_stored_once(client, pad):
    ana = pad["seats"]["ana"]["key"]
    answers = [send(client, pad, add("ana", 3, "r-1"), ana).json() for _ in range(3)]
    assert answers[0] == answers[1] == answers[2] and answers[0]["seq"] == 1
    # The step a command was sent from is transport, not the command: a retry may carry another.
    assert send(client, pad, {**add("ana", 3, "r-1"), "from_step": 7}, ana).json()["seq"] == 1
    assert len(events(client, pad)) == 1 and scores(client, pad)["ana"] == 3


def test_an_undo_or_redo_under_a_used_id_is_refused_and_its_own_retry_stored_once(client, pad):
    ana = pad["seats"]["ana"]["key"]
    assert send(client, pad, add("ana", 3, "r-1"), ana).status_code == 200
    refused = send(client, pad, {"type": "undo", "client_id": "r-1"}, ana)
    assert refused.status_code == 422 and refused.json()["key"] == "retries.used_for_another"
    assert scores(client, pad)["ana"] == 3
    undo = {"type": "undo", "client_id": "u-1"}
    assert send(client, pad, undo, ana).json()["seq"] == send(client, pad, undo, ana).json()["seq"] == 2
    assert scores(client, pad)["ana"] == 0
    assert send(client, pad, {"type": "redo", "client_id": "u-1"}, ana).status_code == 422
    redo = {"type": "redo", "client_id": "u-2"}
    assert send(client, pad, redo, ana).json()["seq"] == send(client, pad, redo, ana).json()["seq"] == 3
    assert [e["type"] for e in events(client, pad)] == ["points.add", "undo", "redo"]
    assert scores(client, pad)["ana"] == 3


def test_the_ids_hold_after_a_restart_and_no_digest_leaves_the_server(tmp_path, pad, client, hub):
    ana, bia = pad["seats"]["ana"]["key"], pad["seats"]["bia"]["key"]
    assert send(client, pad, add("ana", 3, "r-1"), ana).status_code == 200
    assert send(client, pad, {"type": "undo", "client_id": "u-1"}, ana).status_code == 200
    assert b'"%s"' % DIGEST.encode() in hub.store.path(pad["id"]).read_bytes()  # kept for the restart
    hub.index.flush()
    again = api_client(Hub(hub.store.data_dir, GAMES))  # a new server over the same folder
    assert send(again, pad, add("ana", 3, "r-1"), ana).json()["seq"] == 1
    assert send(again, pad, {"type": "undo", "client_id": "u-1"}, ana).json()["seq"] == 2
    assert send(again, pad, add("ana", 9, "r-1"), ana).status_code == 422
    assert send(again, pad, {"type": "undo", "client_id": "r-1"}, ana).status_code == 422
    assert send(again, pad, add("bia", 5, "r-1"), bia).json()["seq"] == 3
    assert scores(again, pad) == {"ana": 0, "bia": 5}
    assert not any(DIGEST in e for e in events(again, pad))
    raw = again.get(f"/api/tables/{pad['id']}/events", headers={"x-companion-admin": ADMIN}).json()
    assert len(raw) == 3 and not any(DIGEST in e for e in raw)


def test_an_id_saved_before_digests_answers_its_senders_retries_as_before(hub):
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    live.store.append({"type": "points.add", "player": "ana", "amount": 2, "by": "host", "at": 0.0,
                       "client_id": "old"})  # as an older version wrote it: no digest
    hub.index.flush()
    reopened = Hub(hub.store.data_dir, GAMES).get(live.table.id)
    assert reopened.dispatch(add("ana", 2, "old"), Access("host"))["seq"] == 1
    assert len(reopened.events()) == 1


def test_the_undo_and_redo_routes_take_a_client_id_too(client, pad):
    ana = pad["seats"]["ana"]["key"]
    assert send(client, pad, add("ana", 3, "r-1"), ana).status_code == 200

    def route(kind, client_id):
        return client.post(f"/api/tables/{pad['id']}/{kind}", params={"k": ana}, headers=JSON,
                           content=json.dumps({"client_id": client_id}))
    assert route("undo", "u-1").json()["seq"] == route("undo", "u-1").json()["seq"] == 2
    assert route("redo", "u-1").status_code == 422  # that id undid something: it cannot redo
    assert route("redo", "u-2").json()["seq"] == route("redo", "u-2").json()["seq"] == 3
    assert [e["type"] for e in events(client, pad)] == ["points.add", "undo", "redo"]
    assert route("undo", "r-1").status_code == 422
    assert scores(client, pad)["ana"] == 3


def test_a_clock_command_sent_again_is_answered_once_and_its_id_bound_to_it(client, pad):
    """A pause retried after a lost answer was refused as the pause of a paused clock (clock
    commands skipped the ids); now it answers with the first pause, and the id is bound to it."""
    host = pad["host_token"]
    assert send(client, pad, {"type": "clock.start", "client_id": "c-1"}, host).status_code == 200
    first = send(client, pad, {"type": "clock.pause", "client_id": "c-2"}, host)
    again = send(client, pad, {"type": "clock.pause", "client_id": "c-2"}, host)
    assert first.status_code == again.status_code == 200, again.text
    assert again.json()["seq"] == first.json()["seq"]
    assert [e["type"] for e in events(client, pad)].count("clock.pause") == 1
    other = send(client, pad, {"type": "clock.resume", "client_id": "c-2"}, host)
    assert other.status_code == 422 and other.json()["key"] == "retries.used_for_another"
    assert send(client, pad, {"type": "clock.resume", "client_id": "c-3"}, host).status_code == 200
