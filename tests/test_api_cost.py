"""What a change through the API works out besides the change itself (issue #26): deterministic
counts, not timings. The reply carries `seq`, `step` and the device's `state`, so it must not pay
for what only a screen reads (its history's words, its Undo's label)."""
from __future__ import annotations

from companion.core.access import Access


def _counting_describe(monkeypatch, game) -> list[tuple]:
    worded: list[tuple] = []
    describe = game.describe

    def counted(event, seat, lang):
        worded.append((event.get("seq"), seat, lang))
        return describe(event, seat, lang)

    monkeypatch.setattr(game, "describe", counted)
    return worded


def test_a_phones_change_is_answered_without_wording_its_seats_history(client, hub, monkeypatch):
    made = client.post("/api/tables", params={"admin": "admin-secret"},
                       json={"game": "scorepad", "options": {"players": ["Ana", "Bia"]}}).json()
    tid = made["id"]
    key = client.post(f"/api/tables/{tid}/claim", params={"k": made["seats"]["ana"]["token"]}).json()["key"]
    live = hub.get(tid)
    worded = _counting_describe(monkeypatch, live.game)
    for amount in (1, 2, 3):
        r = client.post(f"/api/tables/{tid}/events", params={"k": key},
                        json={"type": "points.add", "player": "ana", "amount": amount})
        assert r.status_code == 200
    assert worded == []  # no screen watches: nothing needed the history's words
    reply = r.json()
    assert reply == {"seq": 3, "step": live.step, "state": reply["state"]}
    assert reply["state"] == live.snapshot(Access("seat", "ana", key))["state"]
    assert reply["state"]["scores"]["ana"] == 6


def test_the_reply_and_the_seats_screen_share_one_view_per_change(hub):
    """The view the reply sends is the one the seat's snapshot holds: worked out once per change."""
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    ana = Access("seat", "ana")
    live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, ana)
    step, view = live.reading(ana)
    snap = live.snapshot(ana)
    assert view is snap["state"] and step == snap["step"]


def test_the_write_routes_leave_their_two_parameters_to_the_handler(hub):
    """FastAPI validates a declared parameter with pydantic on every request; a change's table id
    and key are plain strings the handler reads itself, so nothing is validated per change."""
    from fastapi.routing import APIRoute

    from companion.api import router

    writes = [r for r in router(hub, "admin").routes
              if isinstance(r, APIRoute) and r.path.rsplit("/", 1)[-1] in ("events", "undo", "redo") and "POST" in r.methods]
    assert len(writes) == 3
    for route in writes:
        assert route.dependant.path_params == [] and route.dependant.query_params == [], route.path
