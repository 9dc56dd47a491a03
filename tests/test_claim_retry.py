"""A device that claimed a seat and lost the answer gets its key when it asks again (it sends the id
its browser keeps); any other device, or one that sends no id, still reads "already joined"."""
from api_app import ADMIN

PHONE, OTHER = "p" * 16 + "phone-one", "o" * 16 + "phone-two"


def pad(client):
    r = client.post("/api/tables", params={"admin": ADMIN},
                    json={"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    return r.json()


def claim(client, table, device=None):
    params = {"k": table["seats"]["ana"]["token"], **({"device": device} if device else {})}
    return client.post(f"/api/tables/{table['id']}/claim", params=params)


def test_the_claiming_device_gets_its_key_again(client, hub):
    table = pad(client)
    first = claim(client, table, PHONE)
    assert first.status_code == 200
    again = claim(client, table, PHONE)  # the answer to the first was lost: the phone asks again
    assert again.status_code == 200 and again.json() == first.json()
    assert client.get(f"/api/tables/{table['id']}", params={"k": again.json()["key"]}).json()["seat"] == "ana"


def test_any_other_device_still_reads_already_joined(client):
    table = pad(client)
    assert claim(client, table, PHONE).status_code == 200
    for device in (OTHER, None, "short", PHONE.upper(), "é" * 20):
        r = claim(client, table, device)
        assert r.status_code == 403 and r.json()["key"] == "seats.already_joined", device


def test_the_file_keeps_a_hash_of_the_device_not_its_id(client, hub):
    table = pad(client)
    claim(client, table, PHONE)
    saved = hub.store.path(table["id"]).read_text()
    assert PHONE not in saved


def test_after_a_move_the_old_device_cannot_claim_the_new_invitation(client, hub):
    table = pad(client)
    claim(client, table, PHONE)
    token = hub.get(table["id"]).move("ana")
    r = client.post(f"/api/tables/{table['id']}/claim", params={"k": token, "device": OTHER})
    assert r.status_code == 200
    r = client.post(f"/api/tables/{table['id']}/claim", params={"k": token, "device": PHONE})
    assert r.status_code == 403 and r.json()["key"] == "seats.already_joined"
