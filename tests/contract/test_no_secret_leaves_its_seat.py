"""One contract for every registered game: no secret leaves its seat, no device's key leaks.

Hypothesis plays random legal moves. A move is found by probing the game's own
reducer: the fields a handler reads are recorded and filled from a pool of
values the table offers (seat ids, strings of the state, small and marked
numbers, marked texts) until the reducer accepts or gives up. Accepted moves go
through the JSON API as a phone or the tablet would send them, and after each
one every view, history line, event reply and export for every seat, the
tablet and a spectator is checked against the game's `secrets` declaration.
A game joins this test by being registered; nothing here names a game.
"""
from __future__ import annotations

import itertools
import json
import random
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api_app import api_app
from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.games.registry import GAMES

ADMIN = "contract-admin-key"
# Player ids tried in turn until a game's setup accepts them (people, then Kleos-style gods).
CANDIDATES = (["ana", "bia", "caio", "dora", "eli"], ["ares", "athena", "hermes", "artemis", "dionysus"])
MARK = 48_271  # a number no counter reaches by chance, so finding it in text means it leaked
STEPS = 30


class Probe(dict):
    """An event that records which fields the reducer reads."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.read: set = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key) -> bool:
        self.read.add(key)
        return super().__contains__(key)


def _options(game) -> dict:
    for ids in CANDIDATES:
        for n in range(max(3, game.min_seats), game.min_seats - 1, -1):
            options = {"players": ids[:n], "seed": 7}
            try:
                game.setup(options)
                return options
            except RuleError:
                continue
    raise AssertionError(f"{game.id}: no candidate player list sets it up; add one to CANDIDATES")


def _strings(data, out: set) -> set:
    if isinstance(data, str) and len(data) < 40:
        out.add(data)
    elif isinstance(data, dict):
        for k, v in data.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(data, list):
        for v in data:
            _strings(v, out)
    return out


def _pool(state: dict, seats: list[str], n: int) -> list:
    """Values a field might take: the table's own words and numbers, plus marked ones."""
    words = sorted(_strings(state, set()))[:200]
    likely = [*seats, 1, 2, 3, MARK, f"secret-{n}-zq"]  # what most fields take: weighted up
    return [*likely * 4, *words, 0, 5, True, False, None, [seats[0]], seats[:2], [3, 4], {seats[0]: 1}]


def _mentions(text: str, value) -> bool:
    """Only marked values can be looked for as text: a note reading "players" is no leak."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int):
        return value >= MARK and re.search(rf"(?<!\d){value}(?!\d)", text) is not None
    return isinstance(value, str) and "-zq" in value and value in text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_view_history_reply_or_export_holds_another_seats_secret(game_id, tmp_path_factory):
    game = GAMES[game_id]
    options = _options(game)

    @settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def play(data) -> None:
        hub = Hub(tmp_path_factory.mktemp(game_id), GAMES)
        client = TestClient(_app(hub))
        created = client.post("/api/tables", params={"admin": ADMIN},
                              json={"game": game_id, "options": options}).json()
        tid, live = created["id"], hub.get(created["id"])
        keys = {s: client.post(f"/api/tables/{tid}/claim", params={"k": v["token"]}).json()["key"]
                for s, v in created["seats"].items()}
        devices = {**{s: k for s, k in keys.items()}, None: created["host_token"], "": created["spectator_token"]}
        every_key = [*devices.values(), *(v["token"] for v in created["seats"].values()), ADMIN]
        seats = list(keys)
        tried: dict = {}
        for n in range(STEPS):
            move = _find_move(data, game, live, seats, n, tried)
            if move is None:
                break
            actor, command = move
            sent = {**command, "from_step": live.step}  # as a screen sends it: from the step it shows
            r = client.post(f"/api/tables/{tid}/events", params={"k": devices[actor]}, json=sent)
            if r.status_code != 200:
                continue
            _check(game, live, client, tid, devices, every_key, reply=(actor, r.text))
            if data.draw(st.integers(0, 9), label="undo") == 0:
                r = client.post(f"/api/tables/{tid}/undo", params={"k": devices[actor]})
                if r.status_code == 200:
                    _check(game, live, client, tid, devices, every_key, reply=(actor, r.text))

    play()


def _app(hub: Hub) -> FastAPI:
    return api_app(hub, ADMIN)


def _find_move(data, game, live, seats: list[str], n: int, tried: dict) -> tuple[str | None, dict] | None:
    """(who sends it, a command the reducer accepts now), or None. Types least played so far
    go first (in a drawn order), so a game moves on rather than repeating one easy move; each
    is grown field by field from the pool, plus the words of the reducer's own refusals."""
    order = data.draw(st.permutations(sorted(game.handlers)), label="types")
    actors = data.draw(st.permutations([*seats, None]), label="senders")
    for kind, actor in itertools.product(sorted(order, key=lambda k: tried.get(k, 0)), actors):
        command: dict = {"type": kind}
        pool = _pool(live.state, seats, n)
        for _ in range(8):
            probe = Probe({**command, "by": actor or "host", "at": 0.0})
            refusal = _refusal(game, live.state, probe)
            if refusal is None:
                tried[kind] = tried.get(kind, 0) + 1
                return actor, command
            read = probe.read - {"type", "by", "at", "seq"}
            wanted = sorted((read - set(command)) or read, key=str)  # new fields, else guess again
            if not wanted:
                break
            hints = sorted(set(re.findall(r"[a-z][a-z_]{2,}", refusal.lower())))[:20]
            pool = [*pool, *hints * 8]  # the refusal often names the values it wants
            for field in wanted:
                command[field] = data.draw(st.sampled_from(pool), label=str(field))
    return None


def _refusal(game, state: dict, probe: Probe) -> str | None:
    """None when prepare-then-apply (as the hub runs them) takes the event, else why not;
    the fields read go on `probe`."""
    try:
        prepared = game.prepare(state, probe, random.Random(0))
        if prepared is not probe:
            read, prepared = probe.read, Probe(prepared)
            prepared.read = read
        game.apply(state, prepared)
        return None
    except Exception as err:  # noqa: BLE001 - a wrong guess may trip the reducer any way it likes
        try:
            game.apply(state, probe)  # a prepare that copies the event first hides the reads
        except Exception:  # noqa: BLE001
            pass
        return str(err)


def _check(game, live, client, tid: str, devices: dict, every_key: list[str], reply: tuple) -> None:
    """Every output for every device against the declaration, and no key anywhere."""
    secrets = game.secrets
    owned = secrets.seat_secrets(live.state, live.events())
    shown = set(secrets.shown(live.state))
    actor, reply_text = reply
    export = client.get(f"/api/tables/{tid}/events", params={"k": devices[None]})
    assert export.status_code == 200
    for event in export.json():
        declared = secrets.events.get(event.get("type", ""))
        assert not declared or not set(declared.fields) & set(event), f"export holds a secret: {event}"
    for viewer, key in devices.items():
        access = Access("seat", viewer, key) if viewer else Access("host" if viewer is None else "spectator")
        seat = access.viewer
        view = client.get(f"/api/tables/{tid}", params={"k": key}).json()
        texts = {"view": json.dumps(view, ensure_ascii=False),
                 **{f"history-{lang}": json.dumps(live.history(access, lang), ensure_ascii=False)
                    for lang in ("en", "pt")},
                 "snapshot": json.dumps(live.snapshot(access), ensure_ascii=False)}
        if viewer is None:
            texts["export"] = export.text
        if viewer == actor:
            texts["reply"] = reply_text
        for secret in secrets.state:
            part = _at(view["state"], secret.path)
            if part is None:
                continue
            if secret.owners:
                owners = set(secrets.owners(live.state, secret))
                assert seat in owners or owners <= shown, f"{secret.path} reached {viewer!r}"
            else:
                assert set(part) <= shown | {seat}, f"{secret.path} of {set(part)} reached {viewer!r}"
        mine = owned.get(seat, [])
        for owner, values in owned.items():
            if owner == seat:
                continue
            theirs = [v for v in values if v not in mine]  # a payment's amount is both sides' secret
            for (where, text), value in itertools.product(texts.items(), theirs):
                assert not _mentions(text, value), f"{owner}'s secret {value!r} is in {viewer!r}'s {where}"
        for where, text in texts.items():
            for other in every_key:
                assert other not in text, f"a device key is in {viewer!r}'s {where}"


def _at(data, path: str):
    for part in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data
