"""The safety net of live screens: after any run of changes, every device shows exactly what a
device opened fresh on the final state shows.

For every registered game, Hypothesis draws a sequence of commands (each field from the values
its schema admits: the table's players, a Literal's choices, small numbers); the hub refuses the
invalid ones and applies the rest through the live path, and undo/redo come in between. Every
device kind (the tablet, each seat's phone, a spectator), in English and in Portuguese, follows
along; at the end each one's tree, as its browser was told it (the register answer and every
patch applied in order, tests/ui/live_device.py), must equal a fresh device's, control ids aside.
`LIVE_EXAMPLES` sets the budget per game (default 6).
"""
from __future__ import annotations

import asyncio
import copy
import os
import time
import typing

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.core.access import Access, ReadOnly
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.games.registry import GAMES
from companion.ui.app import PREF_TABLET
from companion.ui.context import ServerInfo
from companion.ui.devices import Screens
from live_device import Device, every_device, first_difference

EXAMPLES = int(os.environ.get("LIVE_EXAMPLES", 6))
STEPS, TRIES = 8, 12
HOST = Access("host")
OPTIONS = {
    "scorepad": {"players": ["Ana", "Bia"]},
    "kleos": {"players": ["ares", "athena", "hermes"]},
    "cyclades": {"players": ["ana", "bia"]},
    "lords_of_hellas": {"players": ["ana", "bia", "caio"]},
    "fleecing_olympus": {"players": ["ana", "bia", "caio"]},
}
WORDS = ["kill", "recruit", "correction", "port", "arena", "temple", "zeus", "athena", "poseidon", "ares",
         "apollo", "hades", "even", "odd", "legend", "lands", "priests", "card", "none"]


def values_for(annotation: object, players: list[str]) -> st.SearchStrategy:
    """What a field of this type could plausibly hold at this table."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return st.one_of([values_for(a, players) for a in args])
    if annotation is type(None):
        return st.none()
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        return st.integers(-2, 6)
    if annotation is str:
        return st.sampled_from(players + WORDS)
    if origin in (list, tuple, set):
        return st.lists(values_for(args[0] if args else str, players), max_size=3)
    if origin is dict:
        return st.dictionaries(st.sampled_from(players + WORDS), values_for(args[1], players), max_size=3)
    return st.none() | st.integers(0, 3) | st.sampled_from(players + WORDS)


@st.composite
def commands(draw, game_id: str, players: list[str]) -> dict:
    schemas = GAMES[game_id].event_schemas
    kind = draw(st.sampled_from([*sorted(schemas), "undo", "redo"]))
    command = {"type": kind}
    for name, info in (schemas[kind].model_fields.items() if kind in schemas else ()):
        if name != "type" and (info.is_required() or draw(st.booleans())):
            command[name] = draw(values_for(info.annotation, players))
    return command


def _storage(live, device: Device) -> dict | None:
    """A fresh tab in the same browser as `device`: a tablet's keeps only its key to the table
    (the tablet's link itself opens the table on one device only, ui/app.py), not its device id."""
    return None if device.storage is None else {PREF_TABLET.format(table=live.table.id): live.table.host_token}


def apply(live, command: dict) -> bool:
    """Through the hub, as an API call or a tap would; False (and nothing changed) if refused."""
    try:
        if command["type"] == "undo":
            live.undo(HOST)
        elif command["type"] == "redo":
            live.redo(HOST)
        else:
            live.dispatch(command, HOST)
    except (RuleError, ReadOnly):
        return False
    return True


async def follow_and_compare(server: ServerInfo, game_id: str, data: st.DataObject) -> None:
    live = server.hub.create(game_id, OPTIONS[game_id])
    players = [p.lower() for p in OPTIONS[game_id]["players"]]
    shown = await every_device(server, live)
    sequence = []
    for _ in range(data.draw(st.integers(1, STEPS), label="changes")):
        for _ in range(TRIES):  # most drawn commands are refused: draw again, so most steps change something
            command = data.draw(commands(game_id, players))
            if apply(live, command):
                sequence.append(command)
                break
        made = copy.deepcopy(live.state)
        await shown[0][1].settle()
        # Snapshots share the state's values (core/secrets.cut_view): a render only reads them
        assert live.state == made, f"{game_id}: a render changed the table's state after {sequence}"
    # What fades (a glow, the news line) is over on every device: the final state, as a device
    # opened now shows it. Every render reads the clock once (Session.clock), so move it.
    later = time.time() + 3600
    for name, device in shown:
        device.app.clock = lambda: later
        await device.run(device.app.render)
        fresh = await Device(server, device.route, device.size, device.lang, wall=lambda: later,
                             storage=_storage(live, device)).open()
        await fresh.settle()
        difference = first_difference(device.shown(), fresh.shown())
        assert difference is None, f"{game_id}: {name} after {sequence}: {difference}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_device_shows_what_a_fresh_render_of_the_final_state_shows(tmp_path_factory, game_id):
    # Every kind of device twice (en, pt) and a fresh one beside each: more screens per seat than
    # a real table allows (ui/devices.py, tested on its own), none of which may crowd another out.
    server = ServerInfo(hub=Hub(tmp_path_factory.mktemp("live") / "data", GAMES), admin_token="a" * 32,
                        base_url="http://tablet.lan:8550", screens=Screens(per_seat=64, per_device=64, per_address=10_000))

    # No shrinking: an example opens a dozen sessions, so shrinking a failure ran for Hypothesis'
    # five-minute limit (a suite that looked hung); a run is at most eight changes anyway.
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=False,
              phases=[Phase.explicit, Phase.reuse, Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def check(data: st.DataObject) -> None:
        asyncio.run(follow_and_compare(server, game_id, data))

    check()
