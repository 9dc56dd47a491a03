"""A tap on a shared form is a draft, not a move (core/drafts.py, core/timeline.py).

In every game with drafts: the entries make no history line on any device, Undo (tablet
or phone) never takes one back and Redo never redoes one, the Undo button names the latest
real change, the confirm reads once in words, undoing the confirm brings the form back as
it was confirmed, and the entries survive a restart as they did when they were events.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.core.timeline import in_effect
from companion.games.registry import GAMES

HOST = Access("host")
ATTACKER = {"player": "red", "base": 2, "hoplites": 3, "fortified": 0, "can_retreat": True,
            "cards": [{"strength": 2, "casualties": 0}]}
DEFENDER = {"player": "blue", "base": 1, "hoplites": 2, "fortified": 1, "can_retreat": False, "cards": []}


@pytest.fixture
def hub(tmp_path) -> Hub:
    return Hub(tmp_path, GAMES)


def do(live, command: dict, access: Access = HOST) -> dict:
    return live.dispatch({**command, "from_step": live.step}, access)


def tap(live, draft: str, path: str, value, access: Access = HOST) -> dict:
    return live.dispatch({"type": "draft.set", "draft": draft, "path": path, "value": value}, access)


def confirm(live, draft: str, command: dict, access: Access = HOST) -> dict:
    return do(live, {**command, "from_draft": live.state["drafts"][draft]["version"]}, access)


def seat(live, seat_id: str) -> Access:
    found = live.table.seat(seat_id)
    return Access("seat", seat_id, found.key or live.claim(found.token)[1])


def lines(live, access: Access = HOST, lang: str = "en") -> list[str]:
    return [row["text"] for row in live.history(access, lang)]


def undo_words(live, access: Access = HOST) -> str | None:
    label = live.snapshot(access)["undo"]
    return label and label["text"]


def entries(live, draft: str) -> dict:
    return ((live.state.get("drafts") or {}).get(draft) or {}).get("entries") or {}


def cyclades_at_offerings(hub: Hub):
    live = hub.create("cyclades", {"players": ["red", "blue", "green"]})
    do(live, {"type": "start", "gods": ["athena", "ares"]})
    do(live, {"type": "phase.next"})
    for player in ("red", "blue", "green"):
        do(live, {"type": "income", "player": player, "prosperity": 0})
    do(live, {"type": "phase.next"})
    return live


def kleos_at_dusk(hub: Hub):
    live = hub.create("kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
    while live.state["phase"] != "dusk":
        do(live, {"type": "phase.next"})
    return live


# Each game's form: the table at the form, its taps, its confirm, and the confirm's words.
def _cyclades(hub):
    live = cyclades_at_offerings(hub)
    bidder = live.state["turn_order"][0]
    taps = [("bid", "amount", n) for n in (2, 3, 4)]
    command = {"type": "offering.bid", "faction": bidder, "god": "athena", "amount": 4}
    return live, taps, "bid", command, f"{bidder} offers 4 gold to Athena."


def _lords(hub):
    live = hub.create("lords_of_hellas", {"players": ["red", "blue"]})
    do(live, {"type": "tracker.set", "player": "red", "field": "priests", "value": 3})
    taps = [("battle", "attacker", {**ATTACKER, "hoplites": n}) for n in (1, 2, 3)] + [("battle", "defender", DEFENDER)]
    command = {"type": "battle.resolve", "attacker": ATTACKER, "defender": DEFENDER}
    return live, taps, "battle", command, "Battle: Red"


def _fleecing(hub):
    live = hub.create("fleecing_olympus", {"players": ["ana", "bia", "caio"]})
    taps = [("opening", "ana", 8), ("opening", "ana", 9), ("opening", "bia", 11), ("opening", "caio", 4)]
    command = {"type": "opening_roll", "rounds": [{"ana": [6, 3], "bia": [5, 6], "caio": [2, 2]}]}
    return live, taps, "opening", command, "Opening dice: Ana 9, Bia 11, Caio 4."


def _kleos(hub):
    live = kleos_at_dusk(hub)
    taps = [("dusk", "port.ares", [1, False]), ("dusk", "port.ares", [2, True]), ("dusk", "arena.athena", [1, False])]
    return live, taps, "dusk", {"type": "dusk.score"}, "Dusk scoring: Ares +2, Athena +1"


FORMS = {"cyclades": _cyclades, "lords_of_hellas": _lords, "fleecing_olympus": _fleecing, "kleos": _kleos}


@pytest.mark.parametrize("game", FORMS)
def test_form_taps_make_no_history_line_and_undo_names_the_last_real_change(hub, game):
    live, taps, draft, command, said = FORMS[game](hub)
    before = lines(live)
    last_change = undo_words(live)
    for name, path, value in taps:
        tap(live, name, path, value)
    for lang in ("en", "pt"):
        assert len(lines(live, HOST, lang)) == len(before)  # no line of their own, in any language
    assert lines(live) == before
    assert undo_words(live) == last_change  # the Undo button still names the last real change
    held = dict(entries(live, draft))
    confirm(live, draft, command)
    assert len(lines(live)) == len(before) + 1 and lines(live)[0].startswith(said)  # the result, once, in words
    assert undo_words(live).startswith(said)
    live.undo(HOST)
    assert entries(live, draft) == held  # the form back as it was confirmed
    assert lines(live)[1:] == [lines(live)[1], *before]  # only the confirm and its undo were added
    live.redo(HOST)  # Redo restores the confirm, not a tap
    assert entries(live, draft) == {} and lines(live)[0].startswith("↷ " + said)
    live.undo(HOST)
    if last_change is None:  # nothing came before the form (the opening roll): nothing else to take back
        assert live.snapshot(HOST)["undo"] is None and entries(live, draft) == held
        return
    taken = live.undo(HOST)  # the change before the form: no tap is taken back on the way
    assert next(e for e in live.events() if e["seq"] == taken["target"])["type"] != "draft.set"
    assert lines(live)[0] == "↶ " + last_change
    live.redo(HOST)  # and back: the form as it was, whether its taps stayed or went with that change
    assert entries(live, draft) == held


@pytest.mark.parametrize("game", FORMS)
def test_form_taps_survive_a_restart_and_replay_to_the_same_table(hub, game, tmp_path):
    live, taps, draft, command, _ = FORMS[game](hub)
    for name, path, value in taps:
        tap(live, name, path, value)
    confirm(live, draft, command)
    live.undo(HOST)
    tap(live, *taps[0])  # the form changed again after the undo
    state, shown = live.state, lines(live)
    table_id = live.table.id
    reopened = Hub(tmp_path, GAMES).get(table_id)
    assert reopened.state == state and lines(reopened) == shown
    assert entries(reopened, draft)[taps[0][1]] == taps[0][2]


def test_undo_of_a_bid_takes_the_next_bidders_taps_along_and_redo_brings_them_back(hub):
    live, taps, draft, command, said = _cyclades(hub)
    for name, path, value in taps:
        tap(live, name, path, value)
    confirm(live, draft, command)
    tap(live, "bid", "amount", 2)  # the next pawn's bid, begun on another device
    nxt = dict(entries(live, "bid"))
    assert nxt == {"amount": 2}
    assert undo_words(live).startswith(said)
    live.undo(HOST)
    assert entries(live, "bid") == {"amount": 4}  # the first bid's form as confirmed, not overwritten by the next one
    live.redo(HOST)
    assert entries(live, "bid") == nxt and live.state["offerings"]["bids"]["athena"]["amount"] == 4


def test_a_phone_undo_skips_form_taps_of_its_own_and_of_others(hub):
    live = hub.create("lords_of_hellas", {"players": ["red", "blue"]})
    red, blue = seat(live, "red"), seat(live, "blue")
    do(live, {"type": "tracker.set", "player": "red", "field": "priests", "value": 3}, red)
    own = undo_words(live, red)
    tap(live, "battle", "attacker", ATTACKER, red)
    tap(live, "battle", "defender", DEFENDER, blue)
    assert undo_words(live, red) == own and lines(live, red)[0] == own
    with pytest.raises(RuleError) as refused:
        live.undo(blue)  # blue made only a form entry: there is no change of blue's to take back
    assert refused.value.key == "seats.undo_not_yours"
    live.undo(red)
    assert live.state["tracks"]["red"]["priests"] != 3
    assert entries(live, "battle") == {"attacker": ATTACKER, "defender": DEFENDER}  # nobody's entry lost
    live.redo(red)
    assert live.state["tracks"]["red"]["priests"] == 3


def test_a_form_tap_after_an_undo_leaves_redo_possible(hub):
    live = kleos_at_dusk(hub)
    last = undo_words(live)
    live.undo(HOST)
    tap(live, "dusk", "port.ares", [1, False])
    assert live.snapshot(HOST)["redo"]["text"] == last


def test_an_old_table_whose_undo_named_a_form_entry_replays_as_it_did():
    """Before the rule, a tap was undone like any change and any tap cleared Redo: those logs hold
    an undo naming an entry and no `with`; the events in effect are read as they always were."""
    a = {"seq": 1, "type": "glory.add"}
    tap1 = {"seq": 2, "type": "draft.set", "draft": "dusk", "path": "port.ares", "value": [1, False]}
    tap2 = {"seq": 3, "type": "draft.set", "draft": "dusk", "path": "port.ares", "value": [2, False]}
    log = [a, tap1, tap2, {"seq": 4, "type": "undo", "target": 3}, {"seq": 5, "type": "redo"},
           {"seq": 6, "type": "undo", "target": 3}, {"seq": 7, "type": "undo", "target": 1}]
    done, undone = in_effect(log)
    assert done == [tap1] and undone == [tap2, a]


def test_an_old_tables_undone_form_entry_is_not_offered_to_redo_and_its_lines_are_gone(hub, tmp_path):
    """A table saved before the rule may end with an undo that named an entry: after a restart its
    form reads as it did (the entry undone), nothing offers to redo an entry, and neither line shows."""
    live = kleos_at_dusk(hub)
    before = lines(live)
    entry = tap(live, "dusk", "port.ares", [2, False])
    live.store.append({"type": "undo", "target": entry["seq"], "by": "host", "at": 0})  # as the old app wrote it
    reopened = Hub(tmp_path, GAMES).get(live.table.id)
    assert entries(reopened, "dusk") == {}
    assert reopened.snapshot(HOST)["redo"] is None and lines(reopened) == before
    with pytest.raises(RuleError) as refused:
        reopened.redo(HOST)
    assert refused.value.key == "seats.nothing_to_redo"


STEPS = st.lists(st.tuples(st.sampled_from(["tap", "tap", "change", "confirm", "undo", "undo", "redo"]),
                           st.sampled_from(["host", "red", "blue"]), st.integers(1, 4)), max_size=25)


@settings(max_examples=40, deadline=None)
@given(STEPS)
def test_any_mix_of_taps_changes_undos_and_redos_replays_to_the_same_table_and_lines(tmp_path_factory, steps):
    """Whatever the order, the table in memory is the one its log replays to after a restart, no
    line and no Undo or Redo names a form entry, and no entry ever goes missing from the log."""
    data = tmp_path_factory.mktemp("data")
    live = Hub(data, GAMES).create("lords_of_hellas", {"players": ["red", "blue"]})
    who = {"host": HOST, "red": seat(live, "red"), "blue": seat(live, "blue")}
    for kind, actor, n in steps:
        access = who[actor]
        try:
            if kind == "tap":
                side = "attacker" if actor != "blue" else "defender"
                tap(live, "battle", side, {**(ATTACKER if side == "attacker" else DEFENDER), "hoplites": n}, access)
            elif kind == "change":
                do(live, {"type": "tracker.set", "player": "red", "field": "priests", "value": n}, access)
            elif kind == "confirm":
                held = entries(live, "battle")
                command = {"type": "battle.resolve", "attacker": held.get("attacker", ATTACKER),
                           "defender": held.get("defender", DEFENDER)}
                do(live, {**command, **({"from_draft": live.state["drafts"]["battle"]["version"]} if held else {})},
                   access)
            elif kind == "undo":
                live.undo(access)
            else:
                live.redo(access)
        except RuleError:
            pass
        for access in who.values():
            snap = live.snapshot(access)
            for label in (snap["undo"], snap["redo"]):
                target = label and next(e for e in live.events() if e["seq"] == label["seq"])
                assert not target or target["type"] != "draft.set"
    kinds = {e["seq"]: e["type"] for e in live.events()}
    assert all(kinds[row["seq"]] != "draft.set" for row in live.history(HOST))
    reopened = Hub(data, GAMES).get(live.table.id)
    assert reopened.state == live.state
    assert [(r["seq"], r["undone"], r["text"]) for r in reopened.history(HOST)] == [
        (r["seq"], r["undone"], r["text"]) for r in live.history(HOST)]
