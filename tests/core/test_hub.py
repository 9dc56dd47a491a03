import json
import threading

import pytest

from companion.core.access import Access
from companion.core.hub import Hub, ReadOnly
from companion.core.model import RuleError
from companion.core.table_file import inspect
from companion.games.registry import GAMES

HOST = Access("host")


def _pad(hub, players=("Ana", "Bia")):
    return hub.create("scorepad", {"players": list(players)})


def test_apply_updates_state_and_log(hub):
    live = _pad(hub)
    event = live.dispatch({"type": "points.add", "player": "ana", "amount": 3, "reason": "kill"}, HOST)
    assert event["seq"] == 1 and event["by"] == "host"
    assert live.state["scores"] == {"ana": 3, "bia": 0}


def test_refusal_changes_neither_state_nor_file(hub):
    live = _pad(hub)
    live.dispatch({"type": "points.add", "player": "ana", "amount": 3}, HOST)
    before_state = json.dumps(live.state, sort_keys=True)
    before_file = live.store.path.read_bytes()
    for bad in ({"type": "points.add", "player": "zed", "amount": 1},
                {"type": "points.add", "player": "ana", "amount": "many"},
                {"type": "no.such"}, {"amount": 1}):
        with pytest.raises(RuleError):
            live.dispatch(bad, HOST)
    assert json.dumps(live.state, sort_keys=True) == before_state
    assert live.store.path.read_bytes() == before_file


def test_spectator_is_read_only(hub):
    live = _pad(hub)
    with pytest.raises(ReadOnly):
        live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, Access("spectator"))


def test_undo_redo_are_events_and_new_event_clears_redo(hub):
    live = _pad(hub)
    for amount in (1, 2, 4):
        live.dispatch({"type": "points.add", "player": "ana", "amount": amount}, HOST)
    live.undo(HOST)
    live.undo(HOST)
    assert live.state["scores"]["ana"] == 1
    live.redo(HOST)
    assert live.state["scores"]["ana"] == 3
    live.dispatch({"type": "points.add", "player": "bia", "amount": 5}, HOST)
    with pytest.raises(RuleError, match="nothing to redo"):
        live.redo(HOST)
    assert [e["type"] for e in live.events()] == ["points.add"] * 3 + ["undo", "undo", "redo", "points.add"]
    history = live.history(HOST)
    assert history[0]["text"].startswith("Bia +5")  # display names, not ids
    assert [row["undone"] for row in history if row["type"] == "points.add"] == [False, True, False, False]
    assert live.history(HOST, limit=3) == history[:3]  # the newest rows, undone marks and all


def test_undo_with_empty_log_is_refused(hub):
    with pytest.raises(RuleError, match="nothing to undo"):
        _pad(hub).undo(HOST)


def test_replay_after_reopen_gives_the_same_state(hub, tmp_path):
    live = _pad(hub)
    for amount in (1, 2, 4, -3):
        live.dispatch({"type": "points.add", "player": "bia", "amount": amount}, HOST)
    live.undo(HOST)
    fresh = Hub(tmp_path / "data", GAMES).get(live.table.id)
    assert fresh.state == live.state == {**live.state, "scores": {"ana": 0, "bia": 7}}
    assert fresh.seq == live.seq == 5


def test_concurrent_dispatch_8_threads_x_100(hub, tmp_path):
    live = _pad(hub)

    def work():
        for _ in range(100):
            live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, HOST)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert live.state["scores"]["ana"] == 800
    data, _, _ = inspect(live.store.path.read_bytes())
    assert len(data["events"]) == 800
    assert Hub(tmp_path / "data", GAMES).get(live.table.id).state["scores"]["ana"] == 800


def test_listeners_are_told_and_can_leave(hub):
    live = _pad(hub)
    calls = []
    stop = live.subscribe(lambda: calls.append(live.seq))
    live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, HOST)
    stop()
    live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, HOST)
    assert calls == [1] and live.listener_count == 0


def test_a_seat_sees_only_its_own_note(hub):
    live = _pad(hub)
    ana, bia = Access("seat", "ana"), Access("seat", "bia")
    live.dispatch({"type": "note.set", "player": "ana", "text": "secret-plan-xyz"}, ana)
    with pytest.raises(RuleError):
        live.dispatch({"type": "note.set", "player": "ana", "text": "forged"}, bia)
    assert live.snapshot(ana)["state"]["notes"] == {"ana": "secret-plan-xyz"}
    for other in (bia, HOST, Access("spectator")):
        assert "secret-plan-xyz" not in json.dumps(live.snapshot(other))
        assert "secret-plan-xyz" not in json.dumps(live.history(other))


def test_unknown_game_and_bad_players_are_refused(hub):
    with pytest.raises(RuleError):
        hub.create("chess", {"players": ["a"]})
    with pytest.raises(RuleError):
        hub.create("scorepad", {"players": []})
    with pytest.raises(RuleError):
        hub.create("scorepad", {"players": ["Ana", "ana"]})
    assert hub.store.table_ids() == []


def test_summaries_and_delete(hub):
    live = _pad(hub)
    live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, HOST)
    [summary] = hub.summaries()
    assert summary.id == live.table.id and summary.events == 1 and summary.players == ["Ana", "Bia"]
    hub.delete(live.table.id)
    assert hub.summaries() == []
    with pytest.raises(KeyError):
        hub.get(live.table.id)


def test_every_device_of_a_kind_shares_one_snapshot_per_change(hub):
    """Ten devices reading after a change cost one view per kind of device, not ten."""
    live = _pad(hub)
    ana = Access("seat", "ana")
    first = live.snapshot(ana, "en")
    assert live.snapshot(Access("seat", "ana"), "en") is first
    assert live.snapshot(HOST, "en") is not first and live.snapshot(ana, "pt") is not first
    live.dispatch({"type": "points.add", "player": "ana", "amount": 2}, ana)
    after = live.snapshot(ana, "en")
    assert after is not first and after["state"]["scores"]["ana"] == 2 and after["can_undo"]
    live.undo(ana)
    assert live.snapshot(ana, "en")["state"]["scores"]["ana"] == 0  # an undo is a new change too


def test_history_rows_are_worded_once_and_follow_undo(hub):
    live = _pad(hub)
    live.dispatch({"type": "points.add", "player": "ana", "amount": 2}, HOST)
    row = live.history(HOST, "en")[0]
    live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, HOST)
    rows = live.history(HOST, "en")
    assert rows[1] is row and rows[0]["text"] != row["text"]  # the older row is reused, not worded again
    live.undo(HOST)
    rows = live.history(HOST, "en")
    assert rows[0]["type"] == "undo" and rows[0]["text"].startswith("↶") and rows[1]["undone"]
    assert rows[2] is row and not row["undone"]
    assert live.history(HOST, "pt")[2] is not row


def test_an_answer_is_worded_before_the_screens_are_told(hub):
    live = _pad(hub)
    told = []
    live.subscribe(lambda: told.append(live.seq))
    with live.answering():
        live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, HOST)
        assert told == [] and live.snapshot(HOST)["state"]["scores"]["ana"] == 1
    assert told == [1]
    with live.answering(), pytest.raises(RuleError):
        live.dispatch({"type": "points.add", "player": "zed", "amount": 1}, HOST)
    assert told == [1]  # nothing changed, nobody told
    other = []

    def elsewhere() -> None:  # another thread's change is not held by this one's answer
        live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, HOST)
        other.append(list(told))

    with live.answering():
        worker = threading.Thread(target=elsewhere)
        worker.start()
        worker.join()
    assert other == [[1, 2]] and told == [1, 2]
