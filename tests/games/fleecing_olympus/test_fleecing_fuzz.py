"""Random commands, sensible or not: the reducer either refuses in words or keeps every invariant.

Commands come from a seeded `random.Random` (Hypothesis picks the seeds), which
is far cheaper than drawing each field through Hypothesis and still lets a
failure be replayed from its seed.
"""
import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.games.fleecing_olympus.game import GAME
from companion.games.fleecing_olympus.view import view

PLAYERS = ["ana", "bia", "caio", "dora"]
WHO = [*PLAYERS, "host"]
# Each field with values that fit, plus a few that do not.
FIELDS = {
    "side": ["even", "odd", "even", "odd", "both"],
    "target": [*PLAYERS, "zed", None],
    "dice": [[1, 2], [6, 6], [3, 4], [0, 3], [5], "6"],
    "kind": ["legend", "fate", "destiny", "greed", "legend", "fate", "myth"],
    "wager": [-4, -1, 1, 2, 3, 4, 30, "3"],
    "resist": ["legend", "fate", "greed"],
    "cancel": [True, False, "yes"],
    "flip": [True, False, 1],
    "reroll": [[0], [1], [0, 1], [2], [0, 0], "0"],
    "values": [[3], [6, 1], [9]],
    "judgment": [*PLAYERS, "zed"],
    "take": [1, 2, 3, 5, 0, -1],
    "share": [{"ana": 1}, {"bia": 1, "caio": 1}, {"zed": 1}, {"dora": -1}, []],
    "pay": [True, False, 0, 1, 2, 3, -1],
    "to": [*PLAYERS, "zed"],
    "pick": [*PLAYERS, None],
    "neighbour": ["left", "right", "up"],
    "borrow": ["even", "odd", None],
    "discard": [True, False],
    "seat": [*PLAYERS, "zed"],
    "amount": [1, 3, 12, 0, -2, "2"],
    "open": [True, False, "no"],
}
# Per phase, the commands that move a game along, so long games with payments and endings get played.
STEPS = {
    "power": ["power"] * 30 + ["end", "deck_out", "give", "reveal"],
    "tribute": ["tribute"] * 4 + ["give"],
    "roll": ["roll"] * 4 + ["give", "reveal"],
    "cards": ["card"] * 10 + ["stop", "resolve", "resolve", "give", "reveal"],
}
MATCHING = {"power": ["side", "to", "pick", "pay", "neighbour", "borrow", "discard"], "tribute": ["pay"],
            "roll": ["target", "dice"], "give": ["to", "amount", "seat"], "reveal": ["open"],
            "card": ["kind", "kind", "wager", "resist", "cancel", "flip", "reroll", "values", "judgment",
                     "take", "share", "target", "seat"]}


def command(rng: random.Random, state: dict) -> dict:
    if rng.random() < 0.2:
        kind = rng.choice([*GAME.handlers, "undo_me"])
        fields = rng.sample(sorted(FIELDS), rng.randint(0, 4))
    else:
        kind = rng.choice(STEPS.get(state["phase"], ["opening_roll"]))
        fields = sorted(set(rng.choices(MATCHING.get(kind, ["seat"]), k=rng.randint(1, 5))))
        fields += {"power": ["side"], "card": ["kind"]}.get(kind, [])
    cmd = {"type": kind, "by": rng.choice(WHO + ["zed"] if rng.random() < 0.05 else WHO + ["host"] * 3)}
    cmd.update({f: copy.deepcopy(rng.choice(FIELDS[f])) for f in fields})
    if kind == "roll" and rng.random() < 0.5:
        cmd.pop("dice", None)
    return cmd


def started(seed: int) -> dict:
    state = GAME.setup({"players": PLAYERS, "seed": seed})
    event = GAME.prepare(state, {"type": "opening_roll", "by": "host"}, random.Random(seed))
    return GAME.apply(state, event)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_any_command_is_either_refused_cleanly_or_keeps_the_books_straight(seed):
    rng = random.Random(seed)
    state = started(seed)
    applied = []
    for _ in range(150):
        cmd = command(rng, state)
        before, old = copy.deepcopy(state), state
        try:
            event = GAME.prepare(state, cmd, rng)
            state = GAME.apply(state, event)
        except RuleError as err:
            assert err.message and state == before
            continue
        assert old == before, "apply changed its input"
        json.dumps(state)
        json.dumps(event)
        applied.append(event)
        assert all(n >= 0 for n in state["gems"].values()) and state["bank"] >= 0
        assert sum(state["gems"].values()) + state["bank"] == 20 * len(PLAYERS)
        if state["phase"] == "power":
            assert state["judgment"] != state["active"], "a turn never starts with Judgment"
        if state["phase"] != "over" and not state["tiebreak"]:
            assert set(view(state, None)["gems"]) == set(state["revealed"])
        GAME.describe(event, None, "pt")
    replayed = started(seed)
    for event in applied:
        replayed = GAME.apply(replayed, event)
    assert replayed == state
