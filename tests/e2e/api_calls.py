"""The JSON API as a script drives it: a request, the status and the answer; a table with a key per device.

Shared by the API tests that run against the real server (they create their own tables
through the API only, so they share their worker's server: `shares_server`)."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
import uuid

from drive import Server


def call(server: Server, method: str, path: str, body: dict | None = None, lang: str = "en") -> tuple[int, dict]:
    req = urllib.request.Request(f"{server.url}{path}", method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json", "Accept-Language": lang})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def new_table(server: Server, game: str, options: dict) -> tuple[str, dict[str, str]]:
    """The table id and a key per device: "host" for the tablet, one per claimed seat."""
    status, table = call(server, "POST", f"/api/tables?admin={server.admin}", {"game": game, "options": options})
    assert status == 201, table
    keys = {"host": table["host_token"]}
    for seat, invite in table["seats"].items():
        keys[seat] = server.claim(table["id"], invite["token"])
    return table["id"], keys


def step_of(server: Server, tid: str, key: str) -> int:
    status, body = call(server, "GET", f"/api/tables/{tid}?k={key}")
    assert status == 200, body
    return body["step"]


def send(server: Server, tid: str, key: str, command: dict, lang: str = "en") -> tuple[int, dict]:
    return call(server, "POST", f"/api/tables/{tid}/events?k={key}",
                {**command, "client_id": uuid.uuid4().hex}, lang)


def log_types(server: Server, tid: str, key: str) -> list[str]:
    status, events = call(server, "GET", f"/api/tables/{tid}/events?k={key}")
    assert status == 200
    return [e["type"] for e in events]


def together(*sends) -> list[tuple[int, dict]]:
    """Run each send on its own thread, released at the same moment, like two hands on two screens."""
    start, out = threading.Barrier(len(sends)), [None] * len(sends)

    def run(i, fn):
        start.wait()
        out[i] = fn()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(sends)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return out
