"""The history a snapshot carries is made from the list of the change before when it can (one row
more in front), and must always equal the list worded afresh from the log: whatever mix of
changes, undos from either device, redos and clock marks came before, and whoever reads."""
from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.core.timeline import OUTSIDE_GAME, in_effect
from companion.games.registry import GAMES

HOST, ANA, BIA = Access("host"), Access("seat", "ana"), Access("seat", "bia")
READERS = [HOST, ANA, Access("spectator")]
ACTIONS = st.lists(st.tuples(st.sampled_from(["add", "add", "add", "undo", "redo", "clock.start", "clock.pause",
                                              "clock.resume"]),
                             st.sampled_from([HOST, ANA, BIA]),
                             st.sampled_from([None, 1, 3, 60]),
                             st.booleans()), max_size=40)


def expected(live, limit: int | None) -> list[tuple]:
    """Newest first, from the raw log: which events, and which of them stand undone."""
    events = live.events()
    in_force = {e["seq"] for e in in_effect(events)[0]}
    shown = events[-limit:] if limit else events
    return [(e["seq"], e["type"], e["type"] not in OUTSIDE_GAME and e["seq"] not in in_force)
            for e in reversed(shown)]


@settings(max_examples=100, deadline=None)
@given(ACTIONS)
@example([("add", HOST, None, True), ("undo", HOST, None, True), ("redo", HOST, 3, True)])
@example([("add", ANA, 1, True), ("add", BIA, 1, True), ("undo", ANA, 1, True), ("clock.start", HOST, 1, True)])
def test_the_kept_history_equals_a_fresh_one_after_any_changes(tmp_path_factory, actions):
    live = Hub(tmp_path_factory.mktemp("data"), GAMES).create("scorepad", {"players": ["Ana", "Bia"]})
    for seat in live.table.seats:
        live.claim(seat.token)
    for kind, who, limit, read in actions:
        try:
            if kind == "add":
                live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, who)
            elif kind == "undo":
                live.undo(who)
            elif kind == "redo":
                live.redo(who)
            else:
                live.dispatch({"type": kind}, HOST)
        except RuleError:
            pass  # refused: nothing changed, and the list must still be right
        if read:  # screens read after some changes, not all: a list may be kept over several
            for reader in READERS:
                rows = live.history(reader, "en", limit)
                assert [(r["seq"], r["type"], r["undone"]) for r in rows] == expected(live, limit)
    for reader in READERS:
        for limit in (None, 1, 3, 60):
            rows = live.history(reader, "en", limit)
            assert [(r["seq"], r["type"], r["undone"]) for r in rows] == expected(live, limit)
