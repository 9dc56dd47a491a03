"""Which change an Undo takes back, for whom, and why not: the one place undo permission lives.

The tablet takes back the latest change in effect, whoever made it. A phone takes back
its own seat's latest change even after others changed the table (a Glory tap, a note,
a gem count), as long as that change stands on its own: no step was taken after it
(a Next that ended the phase, a confirmed Dusk that counted it) and every later change
still applies without it. Otherwise the refusal says what came after it and that the
tablet can take it back. The undo is an event naming its target (core/timeline.py),
so the history shows both the change and its reversal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.core.access import TABLET
from companion.core.model import RuleError
from companion.i18n import LANGS

Word = Callable[[dict, str], str]  # an event as the asking device may read it, in a language


@dataclass
class Choice:
    """The change an Undo would take back, or the refusal that says why there is none."""

    target: dict | None
    refusal: RuleError | None = None


def choose(done: list[dict], actor: str, tablet: bool, steps: frozenset[str], word: Word,
           owner_name: Callable[[str | None], str]) -> Choice:
    """The change `actor` may undo now (cheap: no replay; `later_applies` checks the rest)."""
    if not done:
        return Choice(None, RuleError("seats.nothing_to_undo"))
    if tablet:
        return Choice(done[-1])
    at = next((i for i in range(len(done) - 1, -1, -1) if done[i].get("by") == actor), None)
    if at is None:
        by = done[-1].get("by")
        key = "seats.undo_tablets" if by == TABLET else "seats.undo_not_yours"
        return Choice(None, RuleError(key, owner=owner_name(by)))
    step = next((e for e in done[at + 1:] if e.get("type") in steps), None)
    if step is not None:
        return Choice(None, RuleError("seats.undo_after_step", what=_worded(step, word)))
    return Choice(done[at])


def later_applies(done: list[dict], target: dict, replay: Callable[[list[dict]], dict],
                  apply: Callable[[dict, dict], dict], word: Word) -> dict:
    """The state without `target`; RuleError naming the first later change that needs it."""
    at = next(i for i in range(len(done) - 1, -1, -1) if done[i] is target)
    state = replay(done[:at])
    for event in done[at + 1:]:
        try:
            state = apply(state, event)
        except RuleError:
            raise RuleError("seats.undo_depends", what=_worded(event, word)) from None
    return state


def _worded(event: dict, word: Word) -> dict[str, str]:
    """The event in each language, so the refusal reads right on every device (see RuleError)."""
    return {lang: word(event, lang) for lang in LANGS}
