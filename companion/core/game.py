"""The contract between the table server and a game.

A game is pure: `setup`, `apply` and `view` are functions of their arguments,
so the hub can replay the log and tests can call them without a server.
Randomness (dice, dealing) happens in `prepare`, which writes the outcome into
the event before it is stored, so a replay gives the same state.
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from companion.core import drafts as shared_drafts
from companion.core.drafts import Draft
from companion.core.model import RuleError
from companion.core.moves import Handler, Moves
from companion.core.names import isolated
from companion.core.plain import copy_state
from companion.core.schema import OptionsSchema
from companion.core.secrets import NO_SECRETS, Secrets

# A seat the table names no colour for takes one by its place, so every player has their own
# (Cyclades and Fleecing Olympus tiles, the summary chart): names the screens shade (ui/widgets/colours.py).
SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "teal", "pink", "black")


@runtime_checkable
class Game(Protocol):
    id: str
    title: str
    min_seats: int
    max_seats: int
    # The declared shape of each event type and of the options; the hub checks every
    # request against them before any of the methods below sees it.
    event_schemas: dict[str, type[BaseModel]]
    options_schema: type[BaseModel]
    secrets: Secrets  # what of the state and events belongs to one seat; every output is cut by it
    # False when `describe` words every event the same whoever reads it (it never reads `seat`):
    # the hub then words each event once for the whole table, not once per seat (see LiveTable).
    words_by_seat: bool
    # Event types that move the game on or settle something: each must name the step it was
    # sent from (core/steps.py), so a double tap or a second device cannot take two steps.
    steps: frozenset[str]
    # Forms several devices fill for one decision, held by the table (core/drafts.py).
    drafts: dict[str, Draft]

    def setup(self, options: dict) -> dict:
        """Validate the options and return the initial state; RuleError if invalid."""

    def seats(self, options: dict) -> list[dict]:
        """The seats the options describe: [{"id", "name", "colour"}] in turn order."""

    def prepare(self, state: dict, event: dict, rng: Any) -> dict:
        """Fill in chance (dice, deals) before the event is stored. May return it unchanged."""

    def apply(self, state: dict, event: dict) -> dict:
        """Return the new state, or raise RuleError. Must not mutate `state`."""

    def view(self, state: dict, seat: str | None) -> dict:
        """What `seat` may see (None: the host tablet or a spectator)."""

    def describe(self, event: dict, seat: str | None, lang: str) -> str:
        """One line of history in plain words, without the viewer's forbidden secrets."""

    def summary(self, state: dict, table: Any, events: list[dict]) -> dict:
        """The game's part of the end-of-game summary, from the public view and the events in effect."""

    def active_seat(self, state: dict) -> str | None:
        """Whose turn it is, for the turn clock; None between turns."""

    def finished(self, state: dict) -> bool:
        """Whether the play is over (the full state); cheap, asked after every change."""


class GameBase:
    """Shared plumbing so a game only declares its moves, one small handler each.

    A game lists its `moves` (core/moves.py) and its shared `forms`; `handlers`,
    `retired`, `steps`, `drafts` and `event_schemas` are derived from them when the
    class is made, so each event type is named once. A handler gets
    a deep copy of the state, so it may change it in place and return it.
    Events reach `apply` with `by` (the acting seat id, or TABLET, "host") and `at`
    (seconds since the epoch) added by the hub.
    """

    id: str = ""
    title: str = ""
    min_seats: int = 1
    max_seats: int = 8
    secrets: Secrets = NO_SECRETS
    words_by_seat: bool = True  # the safe default: a game says False only of a `describe` that ignores `seat`
    steps: frozenset[str] = frozenset()
    drafts: dict[str, Draft] = {}
    handlers: dict[str, Handler] = {}
    # Event types that only saved tables hold: replayed as they were, never taken as a new
    # request (no schema), so a form that moved to a new command keeps its old games whole.
    retired: dict[str, Handler] = {}
    # Top-level state lists of records only ever appended to (a score log): a change copies
    # the list but shares its records, so its cost does not grow with the history.
    logs: tuple[str, ...] = ()
    event_schemas: dict[str, type[BaseModel]] = {}
    options_schema: type[BaseModel] = OptionsSchema
    moves: Moves = Moves()
    forms: tuple[Draft, ...] = ()  # the shared forms, before the moves say which confirm each
    summaries: Any = None
    """The game's summary module: `summary(state, table, events)`, `active_seat(state)` and
    `is_finished(state)`, reached through the three methods below."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "moves" in cls.__dict__:
            cls.handlers, cls.retired, cls.steps = cls.moves.handlers, cls.moves.retired, cls.moves.steps
            cls.drafts = cls.moves.drafts(cls.forms)
            cls.event_schemas = cls.moves.schemas(cls.forms)

    def summary(self, state: dict, table: Any, events: list[dict]) -> dict:
        return self.summaries.summary(state, table, events)

    def active_seat(self, state: dict) -> str | None:
        return self.summaries.active_seat(state)

    def finished(self, state: dict) -> bool:
        return self.summaries.is_finished(state)

    def seats(self, options: dict) -> list[dict]:
        players = list(options.get("players") or [])
        names = options.get("names") or {}
        if isinstance(names, list):
            names = dict(zip(players, names))
        colours = options.get("colours") or {}
        return [
            {"id": p, "name": names.get(p) or isolated(str(p).replace("_", " ").title()),
             "colour": colours.get(p) or SEAT_COLOURS[i % len(SEAT_COLOURS)]}
            for i, p in enumerate(players)
        ]

    def prepare(self, state: dict, event: dict, rng: Any) -> dict:
        return event

    def apply(self, state: dict, event: dict) -> dict:
        kind = event.get("type", "")
        if kind == shared_drafts.TYPE and self.drafts:
            return shared_drafts.put(self.drafts, copy_state(state, self.logs), event)
        handler = self.handlers.get(kind) or self.retired.get(kind)
        if handler is None:
            raise RuleError("core.err.game_action_called", type=event.get('type'))
        return shared_drafts.tidy(self.drafts, handler(copy_state(state, self.logs), event), event)

    def view(self, state: dict, seat: str | None) -> dict:
        return state

    def describe(self, event: dict, seat: str | None, lang: str) -> str:
        details = ", ".join(f"{k} {v}" for k, v in event.items() if k not in {"type", "by", "at", "seq", "client_id"})
        return f"{event.get('type')}: {details}" if details else str(event.get("type"))

