"""Forms that several devices fill for one decision, held by the table instead of by each device.

A wager, a bid, a battle's two sides: each used to live in one device's memory, so
what a phone entered was lost when the tablet confirmed its own copy. Now every tap
on such a form is a `draft.set` event naming the draft, the entry (a dotted path
into the form) and its value; the table keeps the last value of each entry and who
set it, and every device draws the form from that. Two devices setting one entry
at once end with the later one, which every screen shows.

A game declares its drafts (`drafts` on the game): the commands that take each one,
and the round it belongs to (a new turn or bidder starts it empty). Such a command
names the draft it was confirmed from (`FIELD`, the `version` its screen showed): if
any entry changed since, nothing is saved and the sender is told, so a confirm never
drops an entry another device made a moment before. After the confirm the draft is
empty again. A draft holds nothing secret: a game keeps a form whose values belong
to one seat (a purse, a hidden count) on that seat's device.

An entry is not a move. It stays in the log (a restart rebuilds every form from it, and
tables saved before this rule replay as they did), but it makes no line of history, and
Undo and Redo never name one (core/timeline.py): fifteen "+1" taps on a bid used to fill
the history and were what the tablet's Undo took back. The history reads the confirm,
once, in the game's words; undoing it brings the form back as it was confirmed.
Each entry is stored with the decision it was made for (`round`, see `stamped`).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Annotated, Any, Callable, Iterable, Literal, Mapping

from pydantic import Field, create_model

from companion.core.model import RuleError
from companion.core.schema import EventSchema
from companion.core.steps import Stale

TYPE = "draft.set"
FIELD = "from_draft"  # on a confirm: the version of the draft the sender's screen showed
KEY = "drafts"  # where the state keeps them: name -> {"round", "entries", "by", "version"}
PATH_MAX = 60
ENTRIES_MAX = 48
VALUE_MAX = 2000  # one entry's value as JSON: a battle side with its cards fits many times over
VERSION_LEN = 12


def _no_round(state: dict) -> object:
    return None


@dataclass(frozen=True)
class Draft:
    """One shared form: `confirms` are the commands that take it, `round(state)` the decision
    it belongs to (an entry made for an earlier one is not carried into the next)."""

    name: str
    # Filled from the game's moves (core/moves.py: a Move names the draft it confirms).
    confirms: frozenset[str] = frozenset()
    round: Callable[[dict], object] = _no_round
    # For a form with one part per player (what each keeps at upkeep): the part a confirm takes,
    # read from the confirm; only that part must be as its screen showed, and only it is emptied.
    part: Callable[[dict], str | None] | None = None
    # For a form whose entries the game can check as they are made (a count within its bounds),
    # `entry(state, path, value)` raises RuleError for one it cannot hold and returns it as kept:
    # a bad tap is refused at once instead of at the confirm, and no screen draws a value it cannot read.
    entry: Callable[[dict, str, Any], Any] | None = None


def schemas(declared: Iterable[Draft]) -> dict[str, type[EventSchema]]:
    """The request schema of `draft.set` for a game with these drafts (none: no such event)."""
    names = tuple(d.name for d in declared)
    if not names:
        return {}

    path = Annotated[str, Field(min_length=1, max_length=PATH_MAX, pattern=r"^[A-Za-z0-9_.\-]+$")]
    model = create_model("DraftSet", __base__=EventSchema, draft=(Literal[names], ...), path=(path, ...),
                         value=(Any, None))
    return {TYPE: model}


def by_name(declared: Iterable[Draft]) -> dict[str, Draft]:
    return {d.name: d for d in declared}


def entries(state: dict, name: str, part: str | None = None) -> dict:
    """The draft's entries now: {path: value}; empty when none was made for this round.
    With `part`, only the entries under it (`part` itself or `part.…`)."""
    held = dict(((state.get(KEY) or {}).get(name) or {}).get("entries") or {})
    return held if part is None else {p: v for p, v in held.items() if _under(p, part)}


def who(state: dict, name: str) -> dict:
    """Who set each entry: {path: actor} (a seat id, or the tablet's role)."""
    return dict(((state.get(KEY) or {}).get(name) or {}).get("by") or {})


def _under(path: str, part: str) -> bool:
    return path == part or path.startswith(part + ".")


def version(state: dict, name: str, part: str | None = None) -> str:
    """What a confirm names: a digest of the entries (of one part's, with `part`), so any change of
    any entry changes it. The whole draft's is also in the state, as "version", for API callers."""
    return _digest(entries(state, name, part))


def _digest(held: dict) -> str:
    text = json.dumps(held, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:VERSION_LEN]


def put(declared: Mapping[str, Draft], state: dict, event: dict) -> dict:
    """Handler of `draft.set` (on a copy of the state): the latest value of one entry wins."""
    spec = declared.get(event.get("draft", ""))
    if spec is None:
        raise RuleError("drafts.unknown", draft=str(event.get("draft"))[:40])
    drafts = dict(state.get(KEY) or {})
    now = spec.round(state)
    draft = drafts.get(spec.name)
    if not draft or draft.get("round") != now:
        draft = {"round": now, "entries": {}, "by": {}}
    path = event["path"]
    if path not in draft["entries"] and len(draft["entries"]) >= ENTRIES_MAX:
        raise RuleError("drafts.full", max=ENTRIES_MAX)
    value = event.get("value")
    if len(json.dumps(value)) > VALUE_MAX:
        raise RuleError("drafts.too_big", max=VALUE_MAX)
    if spec.entry is not None:
        value = spec.entry(state, path, value)
    draft = {"round": now, "entries": {**draft["entries"], path: value}, "by": {**draft["by"], path: event.get("by")}}
    drafts[spec.name] = {**draft, "version": _digest(draft["entries"])}
    state[KEY] = drafts
    return state


def _part(spec: Draft, event: dict) -> str | None:
    return spec.part(event) if spec.part else None


def check(declared: Mapping[str, Draft], state: dict, event: dict, sent: object) -> None:
    """Refuse a confirm whose screen showed another draft than the table holds (nothing saved).
    A 409, as a stale step is: the sender's screen was behind the table."""
    kind = event.get("type")
    for spec in declared.values():
        if kind not in spec.confirms or not _current(spec, state):
            continue
        part = _part(spec, event)
        if not entries(state, spec.name, part):
            continue
        if sent is None:
            raise RuleError("drafts.missing", field=FIELD, type=kind)
        if sent not in (version(state, spec.name, part), version(state, spec.name)):
            raise Stale("drafts.changed")


def _current(spec: Draft, state: dict) -> bool:
    held = (state.get(KEY) or {}).get(spec.name)
    return bool(held) and held.get("round") == spec.round(state)


def tidy(declared: Mapping[str, Draft], state: dict, event: dict) -> dict:
    """After any change: a confirmed draft (or part), or one from a round that has passed, is empty again."""
    held = state.get(KEY)
    if not held:
        return state
    kept = {}
    for name, draft in held.items():
        spec = declared.get(name)
        if spec is None or draft.get("round") != spec.round(state):
            continue
        if event.get("type") in spec.confirms:
            part = _part(spec, event)
            if part is None:
                continue
            left = {p: v for p, v in draft["entries"].items() if not _under(p, part)}
            draft = {**draft, "entries": left, "by": {p: v for p, v in draft["by"].items() if not _under(p, part)},
                     "version": _digest(left)}
        kept[name] = draft
    if kept != held:
        state[KEY] = kept
    return state


def stamped(declared: Mapping[str, Draft], state: dict, event: dict) -> dict:
    """An entry as stored: with the decision it was made for (`round`, as JSON reads it back), so an
    undo can tell the entries made after its change for a later decision (see `rides`)."""
    spec = declared.get(event.get("draft", ""))
    return {**event, "round": json.loads(json.dumps(spec.round(state)))} if spec is not None else event


def rides(declared: Mapping[str, Draft], change: dict, entry: dict, state: dict) -> bool:
    """Whether `entry`, made after `change`, goes when `change` is undone (`state`: the table without
    `change`, as it stood just before `entry`). It does when it was made on the form `change` emptied
    (a confirm of that form or of that part), or for another decision than the one the table is back at:
    left in, it would fill the form that the undo brings back with values meant for another one."""
    spec = declared.get(entry.get("draft", ""))
    if spec is None:
        return False
    if change.get("type") in spec.confirms:
        part = _part(spec, change)
        if part is None or _under(str(entry.get("path", "")), part):
            return True
    return "round" in entry and json.loads(json.dumps(spec.round(state))) != entry["round"]


def valid(token: Any) -> bool:
    return isinstance(token, str) and 0 < len(token) <= VERSION_LEN * 2
