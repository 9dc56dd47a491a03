"""The Dusk sheet is the table's shared draft (core/drafts.py), and a table saved when the sheet
had its own `dusk.set` events still replays to the same state, reads the same in the history,
and confirms as it did."""
from __future__ import annotations

import pytest

from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.core.steps import Stale
from companion.games.kleos import DUSK_SHEET, dusk_draft
from companion.games.registry import GAMES


@pytest.fixture
def at_dusk(two_gods, host):
    """A new two-god table (conftest.py) moved on to the first Dusk, at each call."""
    def make():
        live = two_gods()
        while live.state["phase"] != "dusk":
            live.dispatch({"type": "phase.next", "from_step": live.step}, host)
        return live
    return make


def entry(loc: str, player: str, minions: int, champion: bool = False) -> dict:
    return {"type": "draft.set", "draft": DUSK_SHEET, "path": f"{loc}.{player}", "value": [minions, champion]}


def test_a_table_saved_with_dusk_set_events_replays_to_the_same_sheet(at_dusk, host, athena, tmp_path):
    old, new = at_dusk(), at_dusk()
    # The old app wrote these straight into the table's file: append them as it did.
    for event, access in ((("port", "ares", 1, False), host), (("arena", "athena", 2, True), athena)):
        loc, player, minions, champion = event
        old.store.append({"type": "dusk.set", "location": loc, "player": player, "minions": minions,
                          "champion": champion, "by": access.actor, "at": 0})
        new.dispatch(entry(loc, player, minions, champion), access)
    reopened = Hub(tmp_path / "data", GAMES).get(old.table.id)
    assert reopened.state["drafts"] == new.state["drafts"]
    assert dusk_draft(reopened.state)["board"]["arena"] == {"athena": [2, True]}
    assert dusk_draft(reopened.state)["by"]["arena"] == {"athena": "athena"}
    # The old table's history reads as it was kept (those entries were changes then, in the sheet's
    # words); an entry on today's sheet makes no line (core/drafts.py).
    old_lines = [r["text"] for r in reopened.history(host)]
    assert "Arena" in old_lines[0] and "Athena" in old_lines[0] and "Port" in old_lines[1]
    assert [r["text"] for r in new.history(host)] == old_lines[2:]
    board = {"port": {"ares": [1, False]}, "arena": {"athena": [2, True]}}
    seen = reopened.state["drafts"][DUSK_SHEET]["version"]
    reopened.dispatch({"type": "dusk.score", "board": board, "from_step": reopened.step, "from_draft": seen}, host)
    assert reopened.state["glory"] == {"ares": 2, "athena": 1}
    assert reopened.state["drafts"] == {}  # confirmed: the sheet is empty again


def test_a_bad_entry_is_refused_and_saves_nothing(at_dusk, host):
    live = at_dusk()
    before = live.seq
    for bad in (entry("olympus", "ares", 1), entry("port", "zeus", 1), {**entry("port", "ares", 0), "value": [0, True]},
                {**entry("port", "ares", 0), "value": "two"}, entry("port", "ares", 99)):
        with pytest.raises(RuleError):
            live.dispatch(bad, host)
    assert live.seq == before and not live.state.get("drafts")


def test_the_old_event_is_no_longer_taken_from_a_device(at_dusk, host):
    live = at_dusk()
    with pytest.raises(RuleError):
        live.dispatch({"type": "dusk.set", "location": "port", "player": "ares", "minions": 1, "champion": False}, host)


def test_a_confirm_that_missed_an_entry_is_refused_and_one_that_sends_another_board_too(at_dusk, host, athena):
    live = at_dusk()
    live.dispatch(entry("port", "ares", 1), host)
    seen = live.state["drafts"][DUSK_SHEET]["version"]
    live.dispatch(entry("arena", "athena", 1), athena)
    with pytest.raises(Stale):
        live.dispatch({"type": "dusk.score", "board": {"port": {"ares": [1, False]}}, "from_step": live.step,
                       "from_draft": seen}, host)
    now = live.state["drafts"][DUSK_SHEET]["version"]
    with pytest.raises(RuleError, match="not the Dusk sheet the table holds"):
        live.dispatch({"type": "dusk.score", "board": {"port": {"ares": [1, False]}}, "from_step": live.step,
                       "from_draft": now}, host)
    assert live.state["dusk"] is None


def test_a_confirm_scores_the_sheet_the_table_holds_and_the_event_keeps_it(at_dusk, host, athena):
    live = at_dusk()
    live.dispatch(entry("port", "ares", 1), host)
    live.dispatch(entry("arena", "athena", 2, True), athena)
    seen = live.state["drafts"][DUSK_SHEET]["version"]
    event = live.dispatch({"type": "dusk.score", "from_step": live.step, "from_draft": seen}, host)
    assert event["board"] == {"port": {"ares": [1, False]}, "market": {}, "arena": {"athena": [2, True]}, "theater": {}}
    assert live.state["glory"] == {"ares": 2, "athena": 1}
    assert live.state["dusk"]["controllers"] == {"port": "ares", "market": None, "arena": "athena", "theater": None}


def test_a_board_sent_over_an_empty_sheet_is_refused_in_both_languages_and_saves_nothing(hub, client, at_dusk, host):
    """Nobody entered a count: a hand-made board would score what no screen showed."""
    live = at_dusk()
    before = live.seq
    url = f"/api/tables/{live.table.id}/events"
    sent = {"type": "dusk.score", "board": {"port": {"ares": [1, False]}}, "from_step": live.step}
    for lang, said in (("en", "not the Dusk sheet the table holds"), ("pt", "não é a folha do Crepúsculo")):
        answer = client.post(url, params={"k": live.table.host_token, "lang": lang}, json=sent)
        assert answer.status_code == 422 and said in answer.json()["error"]
        assert answer.json()["key"] == "kleos.err.dusk_board_not_sheet"
    assert live.seq == before and live.state["dusk"] is None and live.state["glory"] == {"ares": 0, "athena": 0}
    # The same empty sheet, sent as such or left out, scores nothing.
    assert client.post(url, params={"k": live.table.host_token}, json={**sent, "board": {"port": {}}}).status_code == 200
    assert live.state["dusk"]["controllers"] == dict.fromkeys(("port", "market", "arena", "theater"))


def test_a_table_saved_with_boards_sent_beside_the_sheet_replays_as_it_scored(at_dusk, host, tmp_path):
    """Before the sheet was the only source, a confirm carried its own board, over an empty sheet too."""
    live = at_dusk()
    board = {"port": {"ares": [1, False]}, "market": {"athena": [2, True]}}
    live.store.append({"type": "dusk.score", "board": board, "by": "host", "at": 0})
    reopened = Hub(tmp_path / "data", GAMES).get(live.table.id)
    assert reopened.state["glory"] == {"ares": 2, "athena": 1}
    assert reopened.state["dusk"]["board"] == board
