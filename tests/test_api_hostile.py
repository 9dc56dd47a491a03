"""Clumsy or hostile requests: each gets a 4xx with a message, the table file stays byte-identical,
and the server goes on answering."""
import errno
import json

import pytest

from api_app import ADMIN
from companion.core import drafts
from companion.core import append_storage
from companion.games.registry import GAMES
from companion.i18n import LANGS, missing

JSON = {"Content-Type": "application/json"}


def make(client, game, players, **options):
    r = client.post("/api/tables", params={"admin": ADMIN},
                    json={"game": game, "options": {"players": players, **options}})
    assert r.status_code == 201, r.text
    return r.json()


@pytest.fixture
def pad(client):
    return make(client, "scorepad", ["Ana", "Bia"])


def table_file(hub, table):
    return hub.store.path(table["id"]).read_bytes()


def send(client, table, body, token=None, headers=JSON):
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post(f"/api/tables/{table['id']}/events", params={"k": token or table["host_token"]},
                       content=raw, headers=headers)


def refused_unharmed(client, hub, table, body, status=422, **kw):
    """The request is refused with a message; the file is untouched and the server still answers."""
    before = table_file(hub, table)
    r = send(client, table, body, **kw)
    assert r.status_code == status, r.text
    assert r.json()["error"] and r.json()["key"]
    assert table_file(hub, table) == before
    assert client.get("/api/health").status_code == 200
    assert client.get(f"/api/tables/{table['id']}", params={"k": table["host_token"]}).status_code == 200
    return r.json()


@pytest.mark.parametrize("body", [
    {"type": "points.add", "player": ["ana"], "amount": 1},
    {"type": "points.add", "player": {"id": "ana"}, "amount": 1},
    {"type": "points.add", "player": "ana", "amount": True},
    {"type": "points.add", "player": "ana", "amount": 1.0},
    {"type": "points.add", "player": "ana", "amount": 10**15},
    {"type": "points.add", "player": "ana", "amount": 1, "reason": "x" * 20_000},
    {"type": "points.add", "player": "ana", "amount": 1, "sneaky": "extra"},
    {"type": "points.add", "player": "ana"},
    {"type": "note.set", "player": "ana", "text": "n" * 501},
    {"type": "no.such.action"},
    {"type": ["points.add"]},
    {"type": "undo", "extra": 1},
    {"type": "points.add", "player": "ana", "amount": 1, "client_id": "x" * 65},
])
def test_malformed_events_are_refused_with_a_message(client, hub, pad, body):
    refused_unharmed(client, hub, pad, body)


def test_a_refusal_is_worded_in_the_asker_language(client, hub, pad):
    r = send(client, pad, {"type": "points.add", "player": "ana", "amount": 1, "sneaky": 1})
    assert r.json()["error"] == "This action has no field called sneaky."
    r = client.post(f"/api/tables/{pad['id']}/events", params={"k": pad["host_token"], "lang": "pt"},
                    json={"type": "points.add", "player": "ana", "amount": 1, "sneaky": 1})
    assert r.json()["error"] == "Esta ação não tem nenhum campo chamado sneaky."


@pytest.mark.parametrize("raw", [
    b'{"type": "note.set", "player": "ana", "text": "\\ud800"}',
    b'{"type": "points.add", "player": "\\udfff", "amount": 1}',
    b'{"type": "points.add", "player": "ana", "amount": NaN}',
    b'{"type": "points.add", "player": "ana", "amount": 1, "x": Infinity}',
    b'{"type": "points.add", "player": "ana", "amount": 1, "x": ' + b"[" * 10_000 + b"]" * 10_000 + b"}",
    b'{"type": "points.add", "player": "ana", "amount": 1, "x": ' + b"[" * 20 + b"]" * 20 + b"}",
    b"\xff\xfe not utf-8",
    b"{not json",
    b"[1, 2]",
])
def test_bodies_that_cannot_be_saved_as_sent_are_refused(client, hub, pad, raw):
    refused_unharmed(client, hub, pad, raw)


def test_a_body_over_64_kb_gets_413_and_is_never_stored(client, hub, pad):
    body = {"type": "note.set", "player": "ana", "text": "x" * (2 * 1024 * 1024)}
    assert refused_unharmed(client, hub, pad, body, status=413)["key"] == "validation.too_large_body"
    deep = b"[" * 100_000 + b"]" * 100_000
    refused_unharmed(client, hub, pad, deep, status=413)


def test_options_of_the_wrong_shape_are_refused_and_make_no_file(client, hub):
    for options in ({"players": ["Ana"], "names": 5}, {"players": ["Ana"], "colours": ["red"]},
                    {"players": ["Ana"], "names": {"ana": "n" * 41}}, {"players": ["a" * 41]},
                    {"players": ["Ana"], "blob": "x" * 1000}, {"players": [["Ana"]]}):
        r = client.post("/api/tables", params={"admin": ADMIN}, json={"game": "scorepad", "options": options})
        assert r.status_code == 422 and r.json()["error"], options
    r = client.post("/api/tables", params={"admin": ADMIN},
                    json={"game": "kleos", "options": {"players": ["ares", "athena"], "names": [1]}})
    assert r.status_code == 422
    assert hub.store.table_ids() == []


def test_fleecing_olympus_reroll_junk_is_refused(client, hub):
    table = make(client, "fleecing_olympus", ["ana", "bia", "caio"])
    for reroll in ([[0]], [{}], ["x"], [0, 1, 1], [7]):
        refused_unharmed(client, hub, table, {"type": "card", "kind": "destiny", "seat": "ana", "reroll": reroll})


def claim(client, table: dict, seat: str) -> str:
    """A phone's key: what the first device to open the seat's invitation gets."""
    return client.post(f"/api/tables/{table['id']}/claim", params={"k": table["seats"][seat]["token"]}).json()["key"]


def test_a_huge_cyclades_correction_is_refused(client, hub):
    table = make(client, "cyclades", ["ana", "bia", "caio"])
    refused_unharmed(client, hub, table, {"type": "tracker.adjust", "player": "ana", "item": "philosophers",
                                          "delta": 4 * 10**12}, token=claim(client, table, "ana"))


def test_many_philosophers_at_once_settle_without_a_loop_per_philosopher():
    from companion.games.cyclades.tracker import settle_metropolises
    record = {"philosophers": 4 * 10**12 + 3, "metropolises": 0,
              "buildings": {"university": 10**12, "port": 10**12, "temple": 10**12 + 1, "fortress": 10**12}}
    assert settle_metropolises(record) == 2 * 10**12
    assert record["philosophers"] == 3 and record["buildings"]["temple"] == 1


@pytest.mark.parametrize("length", [65, 300, 5000])
def test_absurd_table_ids_answer_404(client, length):
    r = client.get(f"/api/tables/{'a' * length}", params={"k": "x"})
    assert r.status_code == 404 and r.json()["error"]
    r = client.post(f"/api/tables/{'a' * length}/events", params={"k": "x"}, json={"type": "x"})
    assert r.status_code == 404


def test_only_json_is_accepted(client, hub, pad):
    body = json.dumps({"type": "points.add", "player": "ana", "amount": 1}).encode()
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        refused_unharmed(client, hub, pad, body, status=415, headers={"Content-Type": kind})
    r = client.post("/api/tables", params={"admin": ADMIN}, content=b'{"game": "scorepad"}',
                    headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    assert send(client, pad, body, headers={"Content-Type": "application/json; charset=utf-8"}).status_code == 200


def test_writes_from_another_site_are_refused(client, hub, pad):
    body = {"type": "points.add", "player": "ana", "amount": 1}
    refused_unharmed(client, hub, pad, body, status=403, headers={**JSON, "Origin": "http://evil.example"})
    refused_unharmed(client, hub, pad, body, status=403, headers={**JSON, "Origin": "null"})
    r = client.post("/api/tables", params={"admin": ADMIN}, json={"game": "scorepad", "options": {"players": ["A"]}},
                    headers={"Origin": "http://evil.example"})
    assert r.status_code == 403
    r = client.post(f"/api/tables/{pad['id']}/undo", params={"k": pad["host_token"]},
                    headers={"Origin": "http://evil.example"})
    assert r.status_code == 403
    assert send(client, pad, body, headers={**JSON, "Origin": "http://testserver"}).status_code == 200


def test_answers_carry_the_safety_headers(client, pad):
    for r in (client.get(f"/api/tables/{pad['id']}", params={"k": pad["host_token"]}), client.get("/api/health"),
              client.post("/api/tables", params={"admin": ADMIN},
                          json={"game": "scorepad", "options": {"players": ["A"]}})):
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["cache-control"] == "no-store"


def test_a_retried_client_id_is_stored_once_and_answered_the_same(client, hub, pad):
    body = {"type": "points.add", "player": "ana", "amount": 3, "client_id": "phone-7f3a"}
    first, again = send(client, pad, body), send(client, pad, body)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert again.json()["state"]["scores"]["ana"] == 3
    undo = {"type": "undo", "client_id": "phone-7f3b"}
    assert send(client, pad, undo).json()["seq"] == send(client, pad, undo).json()["seq"] == 2
    events = client.get(f"/api/tables/{pad['id']}/events", params={"k": pad["host_token"]}).json()
    assert [e["seq"] for e in events] == [1, 2]
    hub._live.clear()  # a restart: the ids are read back from the file
    assert send(client, pad, body).json()["seq"] == 1
    assert len(client.get(f"/api/tables/{pad['id']}/events", params={"k": pad["host_token"]}).json()) == 2


def test_a_full_disk_answers_503_saves_nothing_and_the_next_write_works(client, hub, pad, monkeypatch):
    assert send(client, pad, {"type": "points.add", "player": "ana", "amount": 1}).status_code == 200
    before = table_file(hub, pad)
    real_write = append_storage.os.write

    def full(fd, data):
        real_write(fd, data[: len(data) // 2])  # half a line reaches the disk, then it is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(append_storage.os, "write", full)
    r = send(client, pad, {"type": "points.add", "player": "ana", "amount": 5})
    assert r.status_code == 503 and r.json()["error"] == "Not saved: the tablet's disk is full"
    assert table_file(hub, pad) == before
    monkeypatch.setattr(append_storage.os, "write", real_write)
    state = client.get(f"/api/tables/{pad['id']}", params={"k": pad["host_token"]}).json()
    assert state["seq"] == 1 and state["state"]["scores"]["ana"] == 1
    r = send(client, pad, {"type": "points.add", "player": "ana", "amount": 2})
    assert r.status_code == 200 and r.json()["seq"] == 2 and r.json()["state"]["scores"]["ana"] == 3
    hub._live.clear()
    assert client.get(f"/api/tables/{pad['id']}", params={"k": pad["host_token"]}).json()["seq"] == 2


@pytest.mark.parametrize("content, problem", [
    (b'{"table": {"1": {"id": "x"', "not JSON"),
    (b"\x00\x01garbage\xff", "not JSON"),
    (b"[1, 2, 3]", "not a table"),
    (b'{"table": {"1": {"id": "x"}}}', "incomplete"),
    (b'{"events": {}}\n', "missing or incomplete"),
])
def test_a_damaged_file_is_listed_counted_and_explained_without_hiding_others(client, hub, pad, content, problem):
    bad = hub.store.path("dead0001")
    bad.write_bytes(content)
    assert problem in hub.damaged()["dead0001"].problem
    assert [s.id for s in hub.summaries()] == [pad["id"]]
    health = client.get("/api/health").json()
    assert health["damaged"] == 1 and health["tables"] == 2
    r = client.get("/api/tables/dead0001", params={"k": "any"})
    assert r.status_code == 409 and "damaged" in r.json()["error"]
    hub.delete("dead0001")
    assert not bad.exists() and hub.damaged() == {}
    assert len(list(hub.store.trash_dir.glob("dead0001-*.json"))) == 1


def test_every_event_type_of_every_game_has_a_schema():
    for game in GAMES.values():
        shared = {drafts.TYPE} if game.drafts else set()  # core/drafts.py handles it
        assert set(game.handlers) | shared == set(game.event_schemas), game.id
        assert game.options_schema is not None


def test_every_refusal_and_file_problem_reads_in_english_and_portuguese():
    for lang in LANGS:
        assert [k for k in missing(lang) if k.startswith(("validation.", "store."))] == []


def test_too_few_players_reads_as_a_plain_sentence_in_both_languages(client, hub):
    for lang, words in (("en", "Add at least one player."), ("pt", "Adicione pelo menos um jogador.")):
        r = client.post("/api/tables", params={"admin": ADMIN}, headers={"Accept-Language": lang},
                        json={"game": "scorepad", "options": {"players": []}})
        assert r.status_code == 422 and r.json()["error"] == words
    r = client.post("/api/tables", params={"admin": ADMIN}, json={"game": "cyclades", "options": {"players": ["a"]}})
    assert r.status_code == 422 and "entries" not in r.json()["error"]
    assert hub.store.table_ids() == []
