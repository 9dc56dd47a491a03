"""One contract for every registered game: no secret leaves its seat, no device's key leaks.

Hypothesis plays random legal moves. A move is found by probing the game's own
reducer: the fields a handler reads are recorded and filled from a pool of
values the table offers (seat ids, strings of the state, small and marked
numbers, marked texts) until the reducer accepts or gives up. Accepted moves go
through the JSON API as a phone or the tablet would send them, and after each
one every view, history line, event reply and export for every seat, the
tablet and a spectator is checked against the game's `secrets` declaration.
A game joins this test by being registered; nothing here names a game.

The second test plays one seat against two tables that differ only in the other
seats' secrets (the declaration says which): whatever that seat's legal moves (and
the tablet's, which runs the phases), everything it receives must be the same at both
tables, until an action the game declares a reveal (`Secrets.reveals`, accepted only
when its rules allow it now) shows it a secret; each such action must tell its victim.
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
from companion.core import validation
from companion.core.model import RuleError
from companion.core.timeline import CONTROL_TYPES
from companion.core.reveals import NOTICES_KEPT
from companion.games.registry import GAMES

ADMIN = "contract-admin-key"
# Player ids tried in turn until a game's setup accepts them (people, then Kleos-style gods).
CANDIDATES = (["ana", "bia", "caio", "dora", "eli"], ["ares", "athena", "hermes", "artemis", "dionysus"])
MARK = 48_271  # a number no counter reaches by chance, so finding it in text means it leaked
STEPS = 30
DEEP_STEPS = 90  # one seat and the tablet, well past the opening of most games


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
    words = sorted(_strings(state, set()))
    words = words[::max(1, len(words) // 60)]  # a spread of them: enough to hit ids, few enough not to drown seats
    likely = [*seats, 1, 2, 3, MARK, f"secret-{n}-zq"]  # what most fields take: weighted up
    return [*likely * 8, *words, 0, 5, True, False, None, [seats[0]], seats[:2], [3, 4], {seats[0]: 1}]


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
            move = _find_move(Seeded(data.draw(st.integers(0, 2**32 - 1), label="move")), game, live, seats, n,
                              tried)
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


class Seeded:
    """The move finder's choices, from a generator seeded by Hypothesis (one seed a move, or one a
    game): a failure still shrinks to fewer, simpler moves. A draw from Hypothesis for each of a
    game's thousands of field guesses cost more than the game itself (each draw of a long list is
    hashed, and the time of every draw is summed again after each, quadratic in the draws), and a
    long game's guesses would exhaust its choice buffer before the game got anywhere."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def order(self, values: list, label: str) -> list:
        return self._rng.sample(values, len(values))

    def pick(self, values: list, label: str):
        return self._rng.choice(values)


def _find_move(choose, game, live, seats: list[str], n: int, tried: dict,
               senders: list[str | None] | None = None, tries: int = 8,
               last: bool = True) -> tuple[str | None, dict] | None:
    """(who sends it, a command the reducer accepts now), or None. Types least played so far
    go first (in a drawn order), so a game moves on rather than repeating one easy move; each
    is grown field by field from the pool, plus the words of the reducer's own refusals.
    With `last` False a move that ends the play is taken only when nothing else is found."""
    ending = None
    order = choose.order(sorted(game.handlers), "types")
    actors = choose.order([*seats, None] if senders is None else senders, "senders")
    for kind, actor in itertools.product(sorted(order, key=lambda k: tried.get(k, 0)), actors):
        command: dict = {"type": kind}
        pool = _pool(live.state, seats, n)
        for _ in range(tries):
            probe = Probe({**command, "by": actor or "host", "at": 0.0})
            refusal = _refusal(game, live.state, probe)
            if refusal is None:
                if not last and _ends(game, live.state, command, actor):
                    ending = ending or (actor, command)
                    break
                tried[kind] = tried.get(kind, 0) + 1
                return actor, command
            read = probe.read - {"type", "by", "at", "seq"}
            wanted = sorted(read - set(command), key=str) or _suspects(read, refusal, choose)
            if not wanted:
                break
            hints = sorted(set(re.findall(r"[a-z][a-z_]{2,}", refusal.lower())))[:20]
            pool = [*pool, *hints * 2]  # the refusal often names the values it wants
            for field in wanted:
                command[field] = choose.pick(pool, str(field))
    return ending


def _ends(game, state: dict, command: dict, actor: str | None) -> bool:
    event = game.prepare(state, {**command, "by": actor or "host", "at": 0.0}, random.Random(0))
    return game.finished(game.apply(state, event))


def _suspects(read: set, refusal: str, choose) -> list:
    """Which fields to guess again: those the refusal names ("Prosperity must be..."), else one,
    so a field already right (the player) is not thrown away with the wrong one."""
    fields = sorted(read, key=str)
    named = [f for f in fields if isinstance(f, str) and f.lower() in refusal.lower()]
    return named or ([choose.pick(fields, "suspect")] if fields else [])


def _refusal(game, state: dict, probe: Probe) -> str | None:
    """None when prepare-then-apply (as the hub runs them) takes the event, else why not;
    the fields read go on `probe`."""
    try:
        prepared = game.prepare(state, probe, random.Random(0))
        if prepared is not probe:
            read, prepared = probe.read, Probe(prepared)
            prepared.read = read
        game.apply(state, prepared)
        validation.event(game.event_schemas, dict(probe), CONTROL_TYPES)  # the API's bounds too: no wasted move
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


class Twin:
    """`game` with seeded chance and, if `observer` is given, every other seat's declared
    secrets changed at setup (numbers raised, texts lengthened)."""

    def __init__(self, game, seed: int, observer: str | None = None) -> None:
        self._game, self._rng, self._observer = game, random.Random(seed), observer

    def __getattr__(self, name: str):
        return getattr(self._game, name)

    def prepare(self, state: dict, event: dict, rng) -> dict:
        return self._game.prepare(state, event, self._rng)

    def setup(self, options: dict) -> dict:
        state = self._game.setup(options)
        if self._observer is None:
            return state
        for secret in self._game.secrets.state:
            part = _at(state, secret.path)
            if secret.owners or not isinstance(part, dict):
                continue
            for seat, value in part.items():
                if seat != self._observer:
                    part[seat] = _other(value)
        return state


def _other(value):
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value + 7
    return value + "-other" if isinstance(value, str) else value


def _seen(client, live, tid: str, key: str, access: Access, reply: str) -> str:
    """Everything one device receives, with the table's own id taken out (the twins' differ)."""
    view = client.get(f"/api/tables/{tid}", params={"k": key}).json()
    view.pop("id")
    texts = [json.dumps(view, sort_keys=True, ensure_ascii=False), reply,
             *(json.dumps(live.history(access, lang), sort_keys=True, ensure_ascii=False) for lang in ("en", "pt"))]
    return "\n".join(texts).replace(tid, "<table>")


def _public(game, live) -> list:
    return [game.secrets.cut_event(e, None) for e in live.events()]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_one_seats_legal_moves_learn_no_rival_secret_but_by_a_declared_reveal_that_tells_its_victim(
        game_id, tmp_path_factory):
    game = GAMES[game_id]
    options = _options(game)

    @settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def play(data) -> None:
        seats = [p["id"] for p in game.seats(options)]
        me = data.draw(st.sampled_from(seats), label="observer")
        seed = data.draw(st.integers(0, 2**16), label="seed")
        choose = Seeded(seed)
        twins = []
        for observer in (None, me):
            hub = Hub(tmp_path_factory.mktemp(game_id), {**GAMES, game_id: Twin(game, seed, observer)},
                      now=lambda: 1000.0)
            client = TestClient(_app(hub))
            made = client.post("/api/tables", params={"admin": ADMIN},
                               json={"game": game_id, "options": options}).json()
            keys = {s: client.post(f"/api/tables/{made['id']}/claim", params={"k": v["token"]}).json()["key"]
                    for s, v in made["seats"].items()}
            twins.append((client, made["id"], hub.get(made["id"]), {**keys, None: made["host_token"]}))
        access = Access("seat", me, twins[0][3][me])
        same = True  # until `me` learns something the rules let it learn, or the table sees it
        tried: dict = {}
        for n in range(DEEP_STEPS):
            move = _find_move(choose, game, twins[0][2], seats, n, tried, senders=[me, None], tries=24,
                              last=False)
            if move is None:
                break
            actor, command = move
            undo = choose.pick(range(6), "undo") == 0
            logged = len(twins[0][2].events())
            replies = []
            for client, tid, live, keys in twins:
                r = client.post(f"/api/tables/{tid}/events", params={"k": keys[actor]}, json=command)
                if r.status_code == 200 and undo:
                    r = client.post(f"/api/tables/{tid}/undo", params={"k": keys[actor]})
                replies.append(r)
            for (client, tid, live, keys), r in zip(twins, replies):
                _told_each_time(game, client, tid, live, keys)
                _reveal_undone_only_by_tablet(game, live, r, actor)
            if not same:
                continue
            a, b = (_public(game, t[2]) for t in twins)
            if actor is None and ([r.status_code for r in replies] != [replies[0].status_code] * 2 or a != b):
                same = False  # the tablet's step came out otherwise: the whole table saw it, as at a real one
                continue
            learnt = any(r.learner in (me, None) for e in twins[0][2].events()[logged:]
                         if (r := game.secrets.revealed(e)))
            shown = any(set(game.secrets.shown(t[2].state)) - {me} for t in twins)
            seen = [_seen(c, live, tid, keys[me], access, r.text if actor == me else "")
                    for (c, tid, live, keys), r in zip(twins, replies)]
            if learnt or shown:
                same = False  # from here `me` knows what the rules showed it
                continue
            assert seen[0] == seen[1], f"{me!r} learnt a rival's secret from {command} by {actor!r}"

    play()


def _told_each_time(game, client, tid: str, live, keys: dict) -> None:
    """Every reveal in the log is on its victim's phone, naming who learnt how much, and on no other."""
    reveals = [(e, r) for e in live.events() if (r := game.secrets.revealed(e))]
    for seat, key in keys.items():
        told = client.get(f"/api/tables/{tid}", params={"k": key}).json()["told"]
        mine = [(e["seq"], live.actor_name(r.learner), r.amount) for e, r in reveals if seat and r.victim == seat
                and r.key]
        assert [(n["seq"], n["by"], n["amount"]) for n in told] == mine[::-1][:NOTICES_KEPT], f"{seat!r} not told"


def _reveal_undone_only_by_tablet(game, live, reply, actor) -> None:
    """A phone's undo never takes back an event that showed a secret."""
    events = live.events()
    if actor is not None and events and events[-1]["type"] == "undo" and reply.status_code == 200:
        target = next(e for e in events if e.get("seq") == events[-1]["target"])
        assert game.secrets.revealed(target) is None, f"{actor!r} undid a reveal: {target}"
