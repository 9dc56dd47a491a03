"""Which change an Undo takes back, for whom, and why not: the one place undo permission lives.

The tablet takes back the latest change in effect, whoever made it. A phone takes back
its own seat's latest change even after others changed the table (a Glory tap, a note,
a gem count), as long as that change stands on its own: no step was taken after it
(a Next that ended the phase, a confirmed Dusk that counted it) and every later change
still applies without it. Otherwise the refusal says what came after it and that the
tablet can take it back. The undo is an event naming its target (core/timeline.py),
so the history shows both the change and its reversal.

A form entry is never the change taken back: a +/- tap on a shared form is not a move
(core/drafts.py). The entries made after the change on the form it emptied go with it
(`Reversal.riders`), so the form comes back as it was when the change took it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.core.access import TABLET
from companion.core.model import RuleError
from companion.core.timeline import is_entry
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
    last = next((i for i in range(len(done) - 1, -1, -1) if not is_entry(done[i])), None)
    if last is None:
        return Choice(None, RuleError("seats.nothing_to_undo"))
    if tablet:
        return Choice(done[last])
    at = next((i for i in range(last, -1, -1) if done[i].get("by") == actor and not is_entry(done[i])), None)
    if at is None:
        by = done[last].get("by")
        key = "seats.undo_tablets" if by == TABLET else "seats.undo_not_yours"
        return Choice(None, RuleError(key, owner=owner_name(by)))
    step = next((e for e in done[at + 1:] if e.get("type") in steps), None)
    if step is not None:
        return Choice(None, RuleError("seats.undo_after_step", what=_worded(step, word)))
    return Choice(done[at])


@dataclass
class Reversal:
    """The table without the change, and the form entries made after it that go with it."""

    state: dict
    riders: list[dict]


def later_applies(done: list[dict], target: dict, replay: Callable[[list[dict]], dict],
                  apply: Callable[[dict, dict], dict], word: Word,
                  rides: Callable[[dict, dict], bool]) -> Reversal:
    """The state without `target`; RuleError naming the first later change that needs it.
    A later form entry never refuses the undo: one that `rides(entry, state)` with the change,
    or that no longer fits the table, goes with it (and comes back with its redo)."""
    at = next(i for i in range(len(done) - 1, -1, -1) if done[i] is target)
    state = replay(done[:at])
    riders: list[dict] = []
    for event in done[at + 1:]:
        if is_entry(event) and rides(event, state):
            riders.append(event)
            continue
        try:
            state = apply(state, event)
        except RuleError:
            if is_entry(event):
                riders.append(event)
                continue
            raise RuleError("seats.undo_depends", what=_worded(event, word)) from None
    return Reversal(state, riders)


def _worded(event: dict, word: Word) -> dict[str, str]:
    """The event in each language, so the refusal reads right on every device (see RuleError)."""
    return {lang: word(event, lang) for lang in LANGS}
