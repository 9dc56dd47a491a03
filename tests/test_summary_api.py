"""GET /api/tables/{id}/summary: JSON or CSV that match the final state, and no secret while the game runs."""
from __future__ import annotations

import csv
import re
import io

from api_app import ADMIN


def create(client, game: str, options: dict) -> dict:
    r = client.post("/api/tables", params={"admin": ADMIN}, json={"game": game, "options": options})
    assert r.status_code == 201
    return r.json()


def post(client, table: dict, token: str, **event) -> None:
    """Sent from the step the device reads now, as a screen does (core/steps.py)."""
    step = client.get(f"/api/tables/{table['id']}", params={"k": token}).json()["step"]
    r = client.post(f"/api/tables/{table['id']}/events", params={"k": token}, json={**event, "from_step": step})
    assert r.status_code == 200, r.text


def test_json_and_csv_match_the_final_state(client):
    table = create(client, "scorepad", {"players": ["Ana", "Bia", "Caio"]})
    host = table["host_token"]
    for player, amount in (("ana", 4), ("bia", 9), ("caio", 4)):
        post(client, table, host, type="points.add", player=player, amount=amount)
    post(client, table, host, type="game.end")
    state = client.get(f"/api/tables/{table['id']}", params={"k": host}).json()["state"]
    data = client.get(f"/api/tables/{table['id']}/summary", params={"k": host}).json()
    assert data["finished"] and data["game"] == "scorepad"
    assert {p["id"]: p["score"] for p in data["players"]} == state["scores"]
    assert [(p["name"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Bia", 1, True), ("Ana", 2, False), ("Caio", 2, False)]
    for params, headers in (({"k": host, "format": "csv"}, {}), ({"k": host}, {"Accept": "text/csv"})):
        r = client.get(f"/api/tables/{table['id']}/summary", params=params, headers=headers)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
        assert "attachment" in r.headers["content-disposition"]
        rows = list(csv.DictReader(io.StringIO(r.text)))
        assert list(rows[0]) == ["date", "game", "player", "score", "winner", "rank", "start_player", "role",
                                 "duration_min", "clock_seconds"]
        assert [(row["player"], int(row["score"]), row["winner"], int(row["rank"])) for row in rows] == [
            (p["name"], p["score"], "true" if p["winner"] else "false", p["rank"]) for p in data["players"]]
        assert {row["date"] for row in rows} == {data["date"]} and rows[0]["game"] == "Score pad"
        assert rows[0]["start_player"] == "false" and rows[1]["start_player"] == "true"
    # "Download JSON" saves a file too; a script asking without `format` still reads the JSON inline.
    saved = client.get(f"/api/tables/{table['id']}/summary", params={"k": host, "format": "json"})
    assert saved.json() == data and saved.headers["content-type"].startswith("application/json")
    assert re.fullmatch(r'attachment; filename="scorepad-\d{4}-\d\d-\d\d-\w+\.json"', saved.headers["content-disposition"])
    inline = client.get(f"/api/tables/{table['id']}/summary", params={"k": host})
    assert "content-disposition" not in inline.headers


def test_no_seat_secret_while_the_game_runs_and_bad_keys_are_refused(client):
    table = create(client, "cyclades", {"players": ["red", "blue", "green"]})
    host = table["host_token"]
    red = client.post(f"/api/tables/{table['id']}/claim", params={"k": table["seats"]["red"]["token"]}).json()["key"]
    post(client, table, host, type="start", order=["red", "blue", "green"], gods=["ares", "athena"])
    post(client, table, host, type="phase.next")
    post(client, table, host, type="income", player="red", prosperity=7)
    for token in (host, red, table["spectator_token"]):
        data = client.get(f"/api/tables/{table['id']}/summary", params={"k": token}).json()
        assert data["finished"] is False and data["missing"][0]["key"] == "summary.missing_cyclades"
        assert "gold" not in str(data) and "12" not in str([p["score"] for p in data["players"]])
        text = client.get(f"/api/tables/{table['id']}/summary", params={"k": token, "format": "csv"}).text
        assert "12" not in text.split("\r\n", 1)[1].replace(data["date"], "")
    assert client.get(f"/api/tables/{table['id']}/summary", params={"k": "nope"}).status_code == 404  # same answer as an unknown table
    assert client.get("/api/tables/nosuch/summary", params={"k": host}).status_code == 404


def test_download_links_carry_a_ticket_that_opens_the_summary_only_never_a_key(client):
    """The summary screen's links hold a ticket (core/tickets.py): no device key is in any URL."""
    from companion.core import tickets
    table = create(client, "scorepad", {"players": ["Ana", "Bia"]})
    host, tid = table["host_token"], table["id"]
    post(client, table, host, type="points.add", player="bia", amount=3)
    secret = ADMIN  # what the screens sign their tickets with: the server's secret, no table's key
    ticket = tickets.mint(tid, secret)
    assert host not in ticket and secret not in ticket
    r = client.get(f"/api/tables/{tid}/summary", params={"ticket": ticket, "format": "csv"})
    assert r.status_code == 200 and "Bia" in r.text
    # a ticket opens nothing else: not the table, not its events, not another table's summary
    assert client.get(f"/api/tables/{tid}", params={"k": ticket}).status_code == 404
    assert client.post(f"/api/tables/{tid}/events", params={"k": ticket},
                       json={"type": "points.add", "player": "ana", "amount": 1}).status_code in (403, 404)
    other = create(client, "scorepad", {"players": ["Ana", "Bia"]})
    assert client.get(f"/api/tables/{other['id']}/summary", params={"ticket": ticket}).status_code == 404
    # a forged or expired one opens nothing
    expired = tickets.mint(tid, secret, now=0)
    assert client.get(f"/api/tables/{tid}/summary", params={"ticket": expired}).status_code == 404
    forged = ticket[:-1] + ("0" if ticket[-1] != "0" else "1")
    assert client.get(f"/api/tables/{tid}/summary", params={"ticket": forged}).status_code == 404
    # nor one a device could mint with a key it holds
    assert client.get(f"/api/tables/{tid}/summary",
                      params={"ticket": tickets.mint(tid, table["spectator_token"])}).status_code == 404


def test_a_download_that_cannot_be_built_in_time_is_given_up_with_a_message(client, monkeypatch):
    """Built in a worker with a bound: a stuck one answers 503 saying so, and the next is served."""
    import threading

    from companion import api
    from companion.core.hub import LiveTable

    table = create(client, "scorepad", {"players": ["Ana", "Bia"]})
    stuck, built = threading.Event(), LiveTable.summary
    monkeypatch.setattr(api, "EXPORT_SECONDS", 0.2)
    monkeypatch.setattr(LiveTable, "summary", lambda live: stuck.wait(30) and built(live))
    try:
        for lang, words in (("en", "took longer than 0.2 seconds"), ("pt", "levou mais de 0.2 segundos")):
            r = client.get(f"/api/tables/{table['id']}/summary", params={"k": table["host_token"], "format": "csv"},
                           headers={"Accept-Language": lang})
            assert r.status_code == 503 and words in r.json()["error"]
    finally:
        stuck.set()
    r = client.get(f"/api/tables/{table['id']}/summary", params={"k": table["host_token"]})
    assert r.status_code == 200 and r.json()["game"] == "scorepad"
    r = client.get(f"/api/tables/{table['id']}/events", params={"k": table["host_token"]})
    assert r.status_code == 200 and r.json() == []  # a new table: no events yet


def test_csv_writes_formula_like_names_as_text_and_negative_scores_as_numbers(client):
    """OWASP's rule for CSV injection: a text cell starting with = + - @ (tab, CR) gets a leading '."""
    names = ['=HYPERLINK("http://x.invalid")', "+1+1", "@SUM(A1)", "-2", "Ana"]
    table = create(client, "scorepad", {"players": names})
    host = table["host_token"]
    ids = list(table["seats"])
    post(client, table, host, type="points.add", player=ids[-1], amount=-3)
    post(client, table, host, type="points.add", player=ids[0], amount=2)
    post(client, table, host, type="game.end")
    text = client.get(f"/api/tables/{table['id']}/summary", params={"k": host, "format": "csv"}).text
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(text))}
    assert set(rows) == {"'" + name for name in names[:4]} | {"Ana"}
    assert rows["Ana"]["score"] == "-3" and int(rows["Ana"]["score"]) == -3  # a number: no quote before it
    assert rows["'" + names[0]]["score"] == "2"
    assert not any(line.split(",", 3)[2].startswith(("=", "+", "@", '"=')) for line in text.splitlines()[1:])
