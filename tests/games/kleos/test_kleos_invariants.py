"""Random event sequences, valid or not, never break the Kleos invariants or the replay.

Hypothesis draws compact integer steps that are decoded into events against the
current state, the way a screen builds commands; that keeps whole five-day games
cheap to generate while a share of each kind of event is still nonsense to refuse.
"""
import json
import random

from hypothesis import event as note_event
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.games.kleos.game import GAME

GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]
CITY = ["port", "market", "arena", "theater"]
REASONS = ["recruit", "kill", "champion", "slaughter", "card", "correction", "control"]
STEP = st.tuples(st.integers(0, 19), st.integers(0, 255), st.integers(-6, 6))


def pick(players: list[str], a: int) -> str:
    return "zeus" if a % 13 == 0 else players[a % len(players)]


def sheet(players: list[str], a: int) -> dict:
    rng = random.Random(a)
    champion_at = {p: rng.choice(CITY + [None]) for p in players}
    board: dict = {}
    for loc in CITY:
        if rng.random() < 0.7:
            board[loc] = {}
            for p in rng.sample(players, rng.randint(0, len(players))):
                champ = champion_at[p] == loc
                board[loc][p] = [rng.randint(int(champ), 2), champ]
    if a % 9 == 0:
        board[rng.choice(["isle", "port"])] = {rng.choice(players + ["zeus"]): [rng.randint(0, 3), True]}
    return board


def decode(state: dict, step: tuple[int, int, int]) -> dict:
    kind, a, b = step
    players = state["players"]
    if kind < 8:
        return {"type": "phase.next"}
    if kind < 10:
        return {"type": "dusk.score", "board": sheet(players, a)}
    if kind == 10:
        return {"type": "dusk.score", "board": {}}
    if kind < 13:
        amount = {} if b == 0 else {"amount": b}
        return {"type": "glory.add", "player": pick(players, a), "reason": REASONS[a % len(REASONS)], **amount}
    if kind == 13:
        return {"type": "favor.give", "player": pick(players, a), "minion": [None, "", "Minotaur", "Medusa"][b % 4]}
    if kind == 14:
        return {"type": "favor.clear"}
    if kind == 15:
        return {"type": "first_player.set", "player": pick(players, a)}
    if kind == 16:
        return {"type": "setup.check", "item": ["decks", "isles", "hands", "dice"][a % 4], "done": b > 0}
    pending = state["tiebreak"] or {"criterion": "epics", "players": players}
    criterion = pending["criterion"] if a % 5 else ["champion", "epics", "city_minions"][b % 3]
    choices = ["port", "market", "none", "isle"] if criterion == "champion" else [0, 1, 2, 3, 9]
    rng = random.Random(a)
    return {"type": "tiebreak.answer", "criterion": criterion,
            "values": {p: rng.choice(choices) for p in pending["players"]}}


def check(state: dict) -> None:
    players = state["players"]
    assert 1 <= state["day"] <= 5
    assert state["favor"] is None or state["favor"]["player"] in players
    for p in players:
        assert state["glory"][p] >= 0
        assert state["glory"][p] == sum(e["amount"] for e in state["glory_log"] if e["player"] == p)
        assert len(state["glory_by_day"][p]) == state["day"]
        assert state["glory_by_day"][p][-1] == state["glory"][p]
    assert (state["turn"] in players) == (state["phase"] in ("play", "action"))
    assert state["first_player"] in players
    assert (state["winners"] != []) == (state["phase"] == "end" and state["tiebreak"] is None)
    assert set(state["winners"]) <= set(players)
    view = GAME.view(state, None)
    assert set(view["pity"]) <= set(players)
    assert json.loads(json.dumps(view)) == view


@settings(max_examples=200, deadline=None)
@given(
    players=st.permutations(GODS).flatmap(lambda gods: st.integers(2, 5).map(lambda n: list(gods[:n]))),
    seed=st.integers(0, 2**32 - 1),
    # A drawn length, because plain lists stay short and would rarely finish a game.
    steps=st.integers(0, 250).flatmap(lambda n: st.lists(STEP, min_size=n, max_size=n)),
)
def test_random_sequences_keep_invariants_and_replay(players, seed, steps):
    initial = GAME.setup({"players": players, "seed": seed})
    state, accepted, rng = initial, [], random.Random(seed)
    check(state)
    for step in steps:
        event = {**decode(state, step), "by": "host", "at": 0.0}
        before = json.dumps(state)
        try:
            event = GAME.prepare(state, event, rng)
            after = GAME.apply(state, event)
        except RuleError as err:
            assert err.message
            assert json.dumps(state) == before
            continue
        assert json.dumps(state) == before, "apply must not change its input"
        json.dumps(event)
        accepted.append(event)
        state = after
        check(state)
    note_event(f"reached {state['phase'] if state['phase'] == 'end' else 'day ' + str(state['day'])}")
    replayed = initial
    for event in accepted:
        replayed = GAME.apply(replayed, event)
    assert replayed == state
