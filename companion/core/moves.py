"""A move declared once: each game lists its moves, and every table keyed by event type is read off that list.

A move's request shape, its handler, whether it takes a step, the form it confirms,
what the view says of it, how the history words it and what it shows of a seat's
secret used to be five or six tables in as many modules, each naming the event type
again; a move added to one and forgotten in another was a half-made move. Now a game
writes one `Move` per event type (boardgame.io's `moves` as the model), and `Moves`
derives the tables the hub and the game base read (`handlers`, `event_schemas`,
`steps`, `drafts`, `secrets`...), in the shapes they always had.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Iterator

from pydantic import BaseModel

from companion.core.drafts import Draft, schemas as draft_schemas
from companion.core.secrets import EventSecret, Reveal, Secrets, StateSecret

Handler = Callable[[dict, dict], dict]
# Why a device may not make the move now (a message key), or None: read by the screens, never re-decided.
Allowed = Callable[[dict, "str | None"], "str | None"]


@dataclass(frozen=True)
class Move:
    """One event type of one game, with everything the server does with it.

    `schema` None: a retired move, which only saved tables hold; it is replayed as it
    was and never taken as a new request. `allowed`: why a device may not make it now
    (a message key) or None; the view maps every move that has one to its answer.
    `describe` is its history line, in the game's own signature (the game's `describe`
    calls it). `step`: the move moves the game on or settles something, so it must
    name the step it was sent from (core/steps.py). `draft`: the shared form it
    confirms (core/drafts.py). `secret`: its fields that only some seats may read;
    `reveals`: how to read, from the stored event, whose secret it showed to whom
    (core/reveals.py)."""

    name: str
    schema: type[BaseModel] | None
    apply: Handler
    allowed: Allowed | None = None
    describe: Callable[..., Any] | None = None
    step: bool = False
    draft: str | None = None
    secret: EventSecret | None = None
    reveals: Reveal | None = None


class Moves:
    """A game's moves in their declared order, and the tables derived from them."""

    def __init__(self, *moves: Move) -> None:
        names = [m.name for m in moves]
        doubled = sorted({n for n in names if names.count(n) > 1})
        if doubled:
            raise ValueError(f"moves declared twice: {doubled}")
        self._moves = moves
        self._by_name = {m.name: m for m in moves}

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def get(self, kind: object) -> Move | None:
        return self._by_name.get(kind) if isinstance(kind, str) else None

    @property
    def handlers(self) -> dict[str, Handler]:
        """What a new request may be: every move that has a schema."""
        return {m.name: m.apply for m in self._moves if m.schema is not None}

    @property
    def retired(self) -> dict[str, Handler]:
        """What saved tables only hold: replayed as they were, never taken as a new request."""
        return {m.name: m.apply for m in self._moves if m.schema is None}

    @property
    def steps(self) -> frozenset[str]:
        return frozenset(m.name for m in self._moves if m.step)

    @property
    def asked(self) -> tuple[str, ...]:
        """The moves the view answers for (`allowed`), in declared order."""
        return tuple(m.name for m in self._moves if m.allowed is not None)

    def schemas(self, forms: Iterable[Draft] = ()) -> dict[str, type[BaseModel]]:
        """Each request's shape, with `draft.set` when the game has shared forms."""
        own = {m.name: m.schema for m in self._moves if m.schema is not None}
        return {**own, **draft_schemas(forms)}

    def allowed(self, state: dict, seat: str | None) -> dict[str, str | None]:
        """Each move the view answers for, mapped to None (may be made now) or the key of why not."""
        return {m.name: m.allowed(state, seat) for m in self._moves if m.allowed is not None}

    def line(self, event: dict) -> Callable[..., Any] | None:
        """The history line of `event`'s move, if the game words it."""
        move = self.get(event.get("type"))
        return move.describe if move is not None else None

    def drafts(self, forms: Iterable[Draft]) -> dict[str, Draft]:
        """The game's shared forms, each with the moves that confirm it."""
        return {f.name: replace(f, confirms=frozenset(m.name for m in self._moves if m.draft == f.name))
                for f in forms}

    def secrets(self, state: tuple[StateSecret, ...] = (), shown: Callable[[dict], Iterable[str]] | None = None
                ) -> Secrets:
        """The game's secrets: those of its state as given, those of its events from the moves."""
        events = {m.name: m.secret for m in self._moves if m.secret is not None}
        reveals = {m.name: m.reveals for m in self._moves if m.reveals is not None}
        if shown is None:
            return Secrets(state=state, events=events, reveals=reveals)
        return Secrets(state=state, events=events, shown=shown, reveals=reveals)
