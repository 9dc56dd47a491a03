"""Hypothesis against the JSON API, over every event type of every game: never a 500.

Fields are drawn half from values a game could accept (its players, its words,
small numbers) so many requests get past the schema into the reducers, and half
from anything JSON can hold (huge numbers, long or broken text, deep lists).
The budget is bounded (`FUZZ_EXAMPLES` per game) so CI stays quick; how long the
slowest request takes is measured by bench/api_fuzz.py, not here.
"""
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api_app import ADMIN, api_client
from companion.core.hub import Hub
from companion.games.registry import GAMES

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", 120))
OPTIONS = {
    "scorepad": {"players": ["Ana", "Bia"]},
    "kleos": {"players": ["ares", "athena", "hermes"]},
    "cyclades": {"players": ["ana", "bia"]},
    "lords_of_hellas": {"players": ["ana", "bia", "caio"]},
    "fleecing_olympus": {"players": ["ana", "bia", "caio"]},
}
WORDS = ["ana", "bia", "caio", "ares", "athena", "hermes", "ana-1", "bia-2", "host", "port", "arena", "even", "odd",
         "left", "philosophers", "priestesses", "metropolises", "temple", "troop", "hero", "zeus", "apollo",
         "legend", "fate", "destiny", "greed", "lands", "artifacts", "charged", "build_temple", "artifacts",
         "priests", "monster_phase", "kill", "card", "correction", "recruit", "decks", "board", "none", "priest"]

PLAYER_FIELDS = {"player", "to", "target", "victim", "judgment", "pick", "seat", "faction"}
anything = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=60)
    | st.sampled_from(["\ud800", "x" * 600, 10**30, -(10**30)]),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.text(max_size=10) | st.sampled_from(WORDS), inner, max_size=5),
    max_leaves=20,
)
plausible = (
    st.sampled_from(WORDS) | st.integers(-3, 12) | st.booleans() | st.none()
    | st.lists(st.integers(0, 6), max_size=3) | st.lists(st.sampled_from(WORDS), max_size=3)
    | st.dictionaries(st.sampled_from(WORDS),
                      st.integers(0, 5) | st.lists(st.integers(0, 2) | st.booleans(), max_size=2), max_size=3)
)


def fields_of(game_id):
    schemas = GAMES[game_id].event_schemas.values()
    names = sorted({name for schema in schemas for name in schema.model_fields} - {"type"})
    return names + ["client_id", "junk"]


@st.composite
def commands(draw, game_id):
    """Mostly the fields the drawn type declares (so many pass the schema), sometimes any field at all."""
    schemas = GAMES[game_id].event_schemas
    known = st.sampled_from([*sorted(schemas), "undo", "redo"])
    kind = draw(known if draw(st.integers(0, 9)) else st.text(max_size=8))
    own = sorted(set(schemas[kind].model_fields) - {"type"}) if kind in schemas else []
    names = [name for name in own if draw(st.integers(0, 5))]
    if draw(st.booleans()):
        names += draw(st.lists(st.sampled_from(fields_of(game_id)), max_size=3, unique=True))
    command = {"type": kind}
    players = [p.lower() for p in OPTIONS[game_id]["players"]]
    for name in names:
        guess = st.sampled_from(players) if name in PLAYER_FIELDS else plausible
        command[name] = draw(guess if draw(st.integers(0, 3)) else anything)
    return command


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_request_answers_500_or_takes_a_second(tmp_path_factory, game_id):
    hub = Hub(tmp_path_factory.mktemp("fuzz") / "data", GAMES)
    client = api_client(hub, raise_server_exceptions=False)
    r = client.post("/api/tables", params={"admin": ADMIN}, json={"game": game_id, "options": OPTIONS[game_id]})
    assert r.status_code == 201, r.text
    table = r.json()
    tokens = [table["host_token"], table["spectator_token"], "wrong", *(s["token"] for s in table["seats"].values())]

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(command=commands(game_id), token=st.sampled_from(tokens),
           path=st.sampled_from(["events"] * 8 + ["undo", "redo"]))
    def one(command, token, path):
        raw = json.dumps(command).encode("utf-8", "surrogatepass")
        r = client.post(f"/api/tables/{table['id']}/{path}", params={"k": token}, content=raw,
                        headers={"Content-Type": "application/json"})
        assert r.status_code != 500, (command, r.text)
        assert r.status_code in (200, 403, 404, 413, 422), (command, r.status_code, r.text)
        assert "error" in r.json() or r.status_code == 200
        read = client.get(f"/api/tables/{table['id']}", params={"k": table["host_token"]})
        assert read.status_code == 200

    one()
    r = client.get(f"/api/tables/{table['id']}/events", params={"k": table["host_token"]})
    assert r.status_code == 200
    hub._live.clear()  # what was stored replays from the file
    assert client.get(f"/api/tables/{table['id']}", params={"k": table["host_token"]}).status_code == 200


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(game=st.sampled_from(sorted(GAMES)) | st.text(max_size=8), options=anything | st.dictionaries(
    st.sampled_from(["players", "names", "colours", "seed", "temples", "factions", "conditions", "thresholds",
                     "deities", "junk"]), plausible | anything, max_size=5))
def test_no_table_creation_answers_500(tmp_path_factory, game, options):
    hub = Hub(tmp_path_factory.mktemp("fuzz") / "data", GAMES)
    client = api_client(hub, raise_server_exceptions=False)
    raw = json.dumps({"game": game, "options": options}).encode("utf-8", "surrogatepass")
    r = client.post("/api/tables", params={"admin": ADMIN}, content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code in (201, 413, 422), (options, r.status_code, r.text)
