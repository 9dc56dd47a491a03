"""Hidden gems: what each device receives, event by event, through a whole scripted game."""
import copy
import json

import pytest

from companion.games.fleecing_olympus.game import GAME

PLAYERS = ["ana", "bia", "caio", "dora"]
DEITIES = {"ana": "ares", "bia": "hera", "caio": "zeus", "dora": "hermes"}
OPENING = {"ana": [6, 6], "bia": [1, 2], "caio": [6, 5], "dora": [2, 2]}

# Every event type; Caio shows his gems midway and hides them again; Bia ends up paying short.
SCRIPT = [
    ("opening_roll", "host", {"rounds": [OPENING]}),
    ("power", "ana", {"side": "odd"}),  # Ares: gem or card from each other player
    ("tribute", "bia", {"pay": True}),
    ("tribute", "host", {"seat": "caio", "pay": False}),
    ("tribute", "dora", {"pay": True}),
    ("roll", "ana", {"target": "bia", "dice": [3, 4]}),
    ("card", "caio", {"kind": "legend", "wager": 2}),
    ("card", "caio", {"kind": "legend", "wager": 1}),
    ("card", "dora", {"kind": "destiny", "reroll": [0], "values": [5]}),
    ("card", "ana", {"kind": "destiny", "flip": True}),
    ("card", "bia", {"kind": "fate", "resist": "legend"}),
    ("card", "dora", {"kind": "greed", "take": 1}),
    ("stop", "caio", {}),
    ("reveal", "caio", {}),
    ("give", "bia", {"to": "ana", "amount": 22}),
    ("deck_out", "dora", {}),
    ("power", "bia", {"side": "even", "pick": "dora"}),  # Hera: Dora's costs go to Bia
    ("roll", "host", {"target": "dora", "dice": [2, 2]}),
    ("card", "dora", {"kind": "destiny"}),
    ("card", "dora", {"kind": "destiny", "judgment": "dora"}),
    ("resolve", "bia", {}),
    ("reveal", "caio", {"open": False}),
    ("power", "caio", {"side": "odd", "neighbour": "right", "borrow": "odd"}),  # Zeus borrows Hera Odd
    ("roll", "caio", {"target": "ana", "dice": [1, 5]}),
    ("resolve", "caio", {}),
    ("power", "dora", {"side": "even", "pay": 1}),
    ("roll", "dora", {"target": "caio", "dice": [6, 6]}),
    ("resolve", "host", {}),
    ("power", "ana", {"side": "even", "to": "dora"}),
    ("roll", "ana", {"target": "bia", "dice": [6, 4]}),  # Bia owes 6 and holds less
    ("card", "ana", {"kind": "legend", "wager": 3}),
    ("resolve", "ana", {}),
    ("end", "host", {}),
]


def play(table, bonus: dict[str, int] | None = None):
    """Run SCRIPT; `bonus` secretly adds gems at the start, which other devices must never notice."""
    game = table(PLAYERS, deities=DEITIES)
    for player, extra in (bonus or {}).items():
        game.state["gems"][player] += extra
    steps = []
    for action, by, fields in SCRIPT:
        event = game.do(action, by=by, **copy.deepcopy(fields))
        steps.append((event, copy.deepcopy(game.state)))
    return steps


def walk(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, path + (index,))


def test_the_script_reaches_a_short_payment_and_the_end(table):
    steps = play(table)
    kinds = {event["type"] for event, _ in steps}
    assert kinds == set(GAME.handlers)
    short = [s["last"] for e, s in steps if e["type"] == "resolve" and s["last"]["paid"] < s["last"]["wager"]]
    assert short and short[-1]["payer"] == "bia"
    assert steps[-1][1]["phase"] == "over"


@pytest.mark.parametrize("seat", [None, *PLAYERS])
def test_each_device_receives_only_its_own_and_revealed_counts(table, seat):
    for event, state in play(table)[:-1]:
        view = GAME.view(state, seat)
        allowed = set(state["revealed"]) | ({seat} if seat else set())
        assert set(view["gems"]) == allowed, (event["type"], seat)
        assert all(view["gems"][p] == state["gems"][p] for p in allowed)
        last = view["last"]
        if last is not None:
            assert ("paid" in last) == (seat in (last["payer"], last["payee"]))
        assert view["result"] is None
        gem_paths = [p for p, _ in walk(view) if p and p[-1] in ("gems", "paid")]
        assert gem_paths == [("gems",)] + ([("last", "paid")] if last and "paid" in last else [])
        json.dumps(view)


def test_a_view_and_the_secret_cut_change_no_state(table):
    """The game's view shares the state's values (a state is never changed once made) and cuts
    new dicts only where it hides a count; the hub's secret cut copies only the dicts it cuts
    and shares the rest: what a device is given is read, never written (LIVE.md rule 8)."""
    state = play(table)[-5][1]
    assert state["last"] and "paid" in state["last"]
    before = copy.deepcopy(state)
    view = GAME.view(state, "bia")
    assert "paid" not in view["last"] and set(view["gems"]) == {"bia"}
    assert view["turn"] is state["turn"] and view["opening"] is state["opening"]  # shared: one copy, the hub's
    view["gems"].clear()
    view["last"].clear()
    assert state == before
    sent = GAME.secrets.cut_view(state, GAME.view(state, "bia"), "bia")
    assert set(sent["gems"]) == {"bia"} and "paid" not in sent["last"]
    assert sent["turn"] is state["turn"]  # shared, as the view's
    sent["gems"].clear()
    del sent["last"]
    assert state == before


def test_at_the_end_every_device_sees_every_count(table):
    state = play(table)[-1][1]
    for seat in (None, *PLAYERS):
        assert GAME.view(state, seat)["gems"] == state["gems"]


def test_stored_events_carry_no_count_and_read_the_same_on_every_device(table):
    for event, _ in play(table):
        counts = [p for p, _ in walk(event) if p and p[-1] in ("gems", "paid")]
        # One exception, declared: a wager paid short keeps what was paid, for the payer and payee only.
        assert counts == ([("paid",)] if "paid" in event else []), event["type"]
        for seat in (None, *PLAYERS):
            cut = GAME.secrets.cut_event(event, seat)
            assert ("paid" in cut) == ("paid" in event and seat in (event.get("payer"), event.get("payee")))
        for lang in ("en", "pt"):
            lines = {GAME.describe(event, seat, lang) for seat in (None, *PLAYERS)}
            assert len(lines) == 1 and "{" not in lines.pop()


@pytest.mark.parametrize("seat", [None, "dora"])
def test_secret_counts_of_others_change_nothing_a_device_receives(table, seat):
    # Ana, Bia and Caio get 7 secret gems more in the second game. Caio shows his gems
    # for a while, so only the moments his screen is up may differ; nothing else may.
    plain = play(table)
    richer = play(table, {"ana": 7, "bia": 7, "caio": 7})
    for (event_a, state_a), (event_b, state_b) in list(zip(plain, richer))[:-1]:
        assert GAME.secrets.cut_event(event_a, seat) == GAME.secrets.cut_event(event_b, seat)
        view_a, view_b = GAME.view(state_a, seat), GAME.view(state_b, seat)
        for view in (view_a, view_b):
            view["gems"].pop("caio", None)
        assert view_a == view_b, event_a["type"]
    assert plain[-2][1]["last"]["paid"] != richer[-2][1]["last"]["paid"], "the script must pay short in one game"


def test_only_a_players_own_phone_can_show_their_gems(table):
    game = table(PLAYERS, deities=DEITIES)
    assert "own phone" in game.refused("reveal")
    game.do("reveal", by="bia")
    game.do("reveal", by="bia")
    assert game.state["revealed"] == ["bia"]
    assert GAME.view(game.state, None)["gems"] == {"bia": 20}
    game.do("reveal", by="bia", open=False)
    assert GAME.view(game.state, None)["gems"] == {}
