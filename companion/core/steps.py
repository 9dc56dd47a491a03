"""Optimistic concurrency for the commands that move a game on.

Two taps 150 ms apart, or a phone and the tablet pressing Next together, used to
count twice and skip a turn: a bare `phase.next` could not say which step it meant
to leave. Now every command whose type a game lists in `steps` (Next, a phase step,
a confirm, an auction or wager step, the end) names the step it was issued from in
`FIELD`, like an event store's expected version or HTTP's `If-Match`. The step is
the `seq` of the latest step event in effect (0 before any), so changes that only
add (Glory +1, a note, a draft's entry) never make a Next stale, while an undone or
redone step does. A command naming another step is refused and saves nothing, and
the refusal tells the sender what the table did instead.
"""
from __future__ import annotations

from typing import Callable

from companion.core.model import RuleError
from companion.i18n import LANGS

FIELD = "from_step"
STEP_MAX = 2**53  # any seq a table can reach, and exact in every JSON reader


class Stale(RuleError):
    """The table moved past the step a command was issued from (HTTP 409)."""


def moved(step: int, event: dict, steps: frozenset[str]) -> int:
    """The step token once `event` is in effect after a log whose token was `step` (0 before any
    step): the seq of the latest step event in effect. The hub folds it over the log as it grows."""
    return event["seq"] if event.get("type") in steps else step


def check(kind: str, sent: object, now: int, done: list[dict], steps: frozenset[str],
          word: Callable[[dict, str], str]) -> None:
    """Refuse a step command whose token is missing or is not the table's current step, `now`
    (`moved` folded over `done`, which the hub keeps as the log grows).

    `word(event, lang)` words the step that happened instead, as the sender may read it."""
    if kind not in steps:
        return
    if sent is None:
        raise RuleError("steps.missing", field=FIELD, type=kind)
    if sent == now:
        return
    latest = next((e for e in reversed(done) if e.get("seq") == now), None)
    if latest is None:
        raise Stale("steps.changed", step=now)
    words = {lang: word(latest, lang) for lang in LANGS}
    raise Stale("steps.moved_on", step=now, now=words)


def valid(token: object) -> bool:
    """Whether a command's token has the shape of one: a whole number a table can reach."""
    return isinstance(token, int) and not isinstance(token, bool) and 0 <= token <= STEP_MAX
