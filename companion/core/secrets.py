"""One declaration per game of what belongs to a single seat, and the cuts made from it.

Each game lists its secrets once (`companion/games/<game>/secrets.py`), and the
hub passes every view, history line, event reply and export through the cuts
here, so a screen or route added later cannot forget them. A game's own
`view` may hide more (it knows its rules); these cuts are the floor.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping



@dataclass(frozen=True)
class StateSecret:
    """A part of the state that belongs to some seats.

    `path` is dotted ("gold", "last.paid"). With no `owners` the value maps each
    seat id to that seat's own secret; otherwise `owners` are dotted paths to the
    seat ids the whole value belongs to.
    """

    path: str
    owners: tuple[str, ...] = ()  # each of these seats may see the value (a payment: payer and payee)


@dataclass(frozen=True)
class EventSecret:
    """Fields of one event type that only the seats named by `owners` may read."""

    owners: tuple[str, ...]
    fields: tuple[str, ...]


@dataclass(frozen=True)
class Revealed:
    """A secret shown by an event the rules allow (a Griffin, a short payment, the final count).

    What has been seen cannot be unseen: such an event is taken back only from the tablet,
    and the victim's phone is told, with `key` (a message with {learner} and {amount}).
    `victim` None: every seat's secret at once, to everyone (`EVERY_SECRET`), which each
    phone sees happen on its own screen, so nobody needs telling.
    """

    victim: str | None
    learner: str | None
    amount: int | None = None
    key: str | None = None


EVERY_SECRET = Revealed(None, None)  # the screens come down: every count shown to every seat


Reveal = Callable[[dict], "Revealed | None"]  # reads one stored event; None: this one showed nothing


def _nobody(state: dict) -> Iterable[str]:
    return ()


@dataclass(frozen=True)
class Secrets:
    """What of a game's state and events belongs to one seat.

    `shown(state)` names the seats whose state secrets are in the open right now
    (a gem screen lowered, the final count); event secrets stay with their seats.
    `reveals` names the event types that can show one seat's secret to another seat,
    each with how to read from the stored event who learnt whose secret and how much.
    """

    state: tuple[StateSecret, ...] = ()
    events: Mapping[str, EventSecret] = field(default_factory=dict)
    shown: Callable[[dict], Iterable[str]] = _nobody
    reveals: Mapping[str, Reveal] = field(default_factory=dict)

    def revealed(self, event: dict) -> Revealed | None:
        """Whose secret the stored `event` showed to whom, if it is one that did."""
        read = self.reveals.get(event.get("type", ""))
        return read(event) if read else None

    def cut_view(self, state: dict, view: dict, seat: str | None) -> dict:
        """`view` less every secret of `state` that `seat` (None: tablet, spectator) may not see.

        Only the dicts on a secret's path are copied before they are cut: the rest is shared
        with `view` (and so with the state, which is never changed once made), as a game with
        no secrets shares all of it. Every kind of device gets a cut of every change; a whole
        copy was most of what a Cyclades or Fleecing Olympus snapshot cost. What a device is
        given is read, never written (LIVE.md rule 8; tests/ui/test_live_equals_fresh.py
        checks that no render changes the table's state)."""
        if not self.state:
            return view
        out = dict(view)
        open_to = set(self.shown(state)) | ({seat} if seat else set())
        for secret in self.state:
            parent, leaf = _own_parent(out, secret.path)
            if not isinstance(parent, dict) or leaf not in parent:
                continue
            if not secret.owners:
                if isinstance(parent[leaf], dict):
                    parent[leaf] = {s: v for s, v in parent[leaf].items() if s in open_to}
            elif seat not in (owners := self.owners(state, secret)) and not set(owners) <= open_to:
                del parent[leaf]  # any one of its owners may see a shared secret
        return out

    def cut_event(self, event: dict, seat: str | None) -> dict:
        """`event` less the fields `seat` may not read (None: every seat's secret goes)."""
        secret = self.events.get(event.get("type", ""))
        if secret is None or (seat is not None and seat in self.event_owners(event)):
            return event
        return {k: v for k, v in event.items() if k not in secret.fields}

    def owners(self, state: dict, secret: StateSecret) -> list[str]:
        return [o for o in (_get(state, p) for p in secret.owners) if isinstance(o, str)]

    def event_owners(self, event: dict) -> list[str]:
        secret = self.events.get(event.get("type", ""))
        return [event[k] for k in secret.owners if isinstance(event.get(k), str)] if secret else []

    def seat_secrets(self, state: dict, events: list[dict]) -> dict[str, list[Any]]:
        """Every secret value by the seat it belongs to, for tests that look for leaks."""
        out: dict[str, list[Any]] = {}
        shown = set(self.shown(state))
        for secret in self.state:
            value = _get(state, secret.path)
            if value is None:
                continue
            if not secret.owners and isinstance(value, dict):
                for seat, v in value.items():
                    if seat not in shown:
                        out.setdefault(seat, []).append(v)
            elif secret.owners:
                owners = self.owners(state, secret)
                if not set(owners) <= shown:
                    for seat in owners:
                        out.setdefault(seat, []).append(value)
        for event in events:
            secret = self.events.get(event.get("type", ""))
            if secret:
                for seat in self.event_owners(event):
                    out.setdefault(seat, []).extend(event[f] for f in secret.fields if f in event)
        return out


NO_SECRETS = Secrets()


def _get(data: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data


def _own_parent(data: dict, path: str) -> tuple[Any, str]:
    """The dict that holds `path`'s last name, with every dict on the way to it (not `data`
    itself, the caller's own) replaced by a copy, so cutting it changes nothing shared."""
    *head, leaf = path.split(".")
    for name in head:
        if not isinstance(data, dict) or not isinstance(data.get(name), dict):
            return None, leaf
        data[name] = dict(data[name])
        data = data[name]
    return data, leaf
