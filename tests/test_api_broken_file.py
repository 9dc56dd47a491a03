"""A table whose file breaks in the middle, through the API: it reads (every whole event before the
break), says it is read-only in both languages, refuses every write with that message, and its
file stays byte for byte as it was."""
from api_app import ADMIN, api_client
from companion.core.hub import Hub
from companion.games.registry import GAMES


def test_a_file_broken_in_the_middle_reads_and_refuses_writes_clearly(client, hub):
    made = client.post("/api/tables", params={"admin": ADMIN},
                       json={"game": "scorepad", "options": {"players": ["Ana", "Bia"]}}).json()
    tid, host = made["id"], made["host_token"]
    ana = client.post(f"/api/tables/{tid}/claim", params={"k": made["seats"]["ana"]["token"]}).json()["key"]
    for amount in (1, 2, 3, 4):
        assert client.post(f"/api/tables/{tid}/events", params={"k": host},
                           json={"type": "points.add", "player": "ana", "amount": amount}).status_code == 200
    hub.index.flush()
    path = hub.store.path(tid)
    lines = path.read_bytes().split(b"\n")
    assert len(lines) == 7  # the table, its claimed seat, four events, and the end of the last line
    lines[4] = lines[4][:9]  # the third event's line, broken; the fourth stays whole after it
    path.write_bytes(b"\n".join(lines))
    before = path.read_bytes()

    again = api_client(Hub(hub.store.data_dir, GAMES))  # the server started again
    assert again.get(f"/api/tables/{tid}", params={"k": host}).status_code == 200  # today: 409, wholly unreadable
    for lang, words in (("en", "Read-only"), ("pt", "Somente leitura")):
        r = again.get(f"/api/tables/{tid}", params={"k": host}, headers={"Accept-Language": lang})
        assert r.json()["state"]["scores"]["ana"] == 3 and r.json()["seq"] == 2
        assert words in r.json()["read_only"]
        w = again.post(f"/api/tables/{tid}/events", params={"k": ana}, headers={"Accept-Language": lang},
                       json={"type": "points.add", "player": "ana", "amount": 5})
        assert w.status_code == 409 and w.json()["key"] == "store.read_only" and words in w.json()["error"]
    assert again.get(f"/api/tables/{tid}", params={"k": ana}).json()["seat"] == "ana"
    assert again.post(f"/api/tables/{tid}/undo", params={"k": host}).status_code == 409
    assert again.post(f"/api/tables/{tid}/redo", params={"k": host}).status_code == 409
    claim = again.post(f"/api/tables/{tid}/claim", params={"k": made["seats"]["bia"]["token"]})
    assert claim.status_code == 403 and claim.json()["key"] == "store.read_only"
    assert len(again.get(f"/api/tables/{tid}/events", params={"k": host}).json()) == 2
    assert again.get("/api/health").json()["ok"]
    assert path.read_bytes() == before
