"""The opening roll's hand-copied totals are the table's shared draft: checked as they are entered,
read in the history in both languages, and a table saved before replays its bare roll as it did."""
from __future__ import annotations

import pytest

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.games.fleecing_olympus import OPENING, opening_totals
from companion.games.registry import GAMES

HOST = Access("host")
BIA = Access("seat", "bia")
OPTIONS = {"players": ["ana", "bia", "caio"]}


def total(player: object, value: object) -> dict:
    return {"type": "draft.set", "draft": OPENING, "path": player, "value": value}


def test_totals_from_two_devices_are_one_form_and_no_line_of_history(hub):
    """The totals are a form, not moves: the history (every device, both languages) reads the roll once."""
    live = hub.create("fleecing_olympus", OPTIONS)
    live.dispatch(total("ana", 9), HOST)
    live.dispatch(total("bia", 12), BIA)
    assert opening_totals(live.state) == {"ana": 9, "bia": 12}
    assert [live.history(access, lang) for access in (HOST, BIA) for lang in ("en", "pt")] == [[]] * 4


def test_a_total_two_dice_cannot_show_or_for_nobody_rolling_is_refused_and_saves_nothing(hub):
    live = hub.create("fleecing_olympus", OPTIONS)
    before = live.seq
    for bad in (total("ana", 1), total("ana", 13), total("ana", "7"), total("ana", True), total("zeus", 7)):
        with pytest.raises(RuleError):
            live.dispatch(bad, HOST)
    assert live.seq == before and not live.state.get("drafts")


def test_a_tie_re_roll_starts_with_no_totals(hub):
    live = hub.create("fleecing_olympus", OPTIONS)
    live.dispatch(total("ana", 8), HOST)
    rolls = {"ana": [4, 4], "bia": [6, 2], "caio": [1, 1]}
    live.dispatch({"type": "opening_roll", "rounds": [rolls], "from_step": live.step,
                   "from_draft": live.state["drafts"][OPENING]["version"]}, HOST)
    assert live.state["phase"] == "opening" and opening_totals(live.state) == {}


def test_a_table_saved_with_a_bare_roll_replays_to_the_same_start(hub, tmp_path):
    live = hub.create("fleecing_olympus", OPTIONS)
    rolls = {"ana": [6, 6], "bia": [1, 2], "caio": [1, 3]}
    live.store.append({"type": "opening_roll", "rounds": [rolls], "by": "host", "at": 0})
    reopened = Hub(tmp_path / "data", GAMES).get(live.table.id)
    assert reopened.state["opening"]["decided"] == ["ana", "caio"] and reopened.state["judgment"] == "caio"
