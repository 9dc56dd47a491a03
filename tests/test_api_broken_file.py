"""A table whose file breaks in the middle, through the API: it reads (every whole event before the
break), says it is read-only in both languages, refuses every write with that message, and its
file stays byte for byte as it was."""
from api_app import ADMIN, api_client
from companion.core import store
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


def test_health_counts_the_tables_open_read_only_from_the_index(client, hub, monkeypatch):
    """A table read-only for a broken middle line is not damaged (it opens), but the health check
    says how many there are, without opening any table."""
    made = [client.post("/api/tables", params={"admin": ADMIN},
                        json={"game": "scorepad", "options": {"players": ["Ana", "Bia"]}}).json() for _ in range(2)]
    for table in made:
        for amount in (1, 2, 3):
            client.post(f"/api/tables/{table['id']}/events", params={"k": table["host_token"]},
                        json={"type": "points.add", "player": "ana", "amount": amount})
    assert client.get("/api/health").json()["read_only"] == 0
    hub.index.close()
    path = hub.store.path(made[0]["id"])
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2][:9]  # the first event's line, broken; two whole ones after it
    path.write_bytes(b"\n".join(lines))

    opened: list = []
    monkeypatch.setattr(store.TableStore, "__init__", lambda self, path, *a, **kw: opened.append(path))
    fresh = Hub(hub.store.data_dir, GAMES)  # the server started again: the index reads the changed file
    health = api_client(fresh).get("/api/health").json()
    assert (health["tables"], health["damaged"], health["read_only"]) == (2, 0, 1)
    assert opened == []  # counted without opening a table
