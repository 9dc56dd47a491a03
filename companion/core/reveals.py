"""What has been seen cannot be unseen: the undo rule and the victim's notices for revealing events.

A game declares which of its events show one seat's secret to another
(`Secrets.reveals`). Taking such an event back from the phone that learnt the
secret would erase the only trace of it while the knowledge stays, so only the
tablet, in front of everyone, may; and the seat whose secret was shown is told
on its own phone, each time, who learnt it and how much. Redo follows the same
rule as undo: tablet only.
"""
from __future__ import annotations

from typing import Callable

from companion.core.access import Access
from companion.core.model import RuleError
from companion.core.secrets import Revealed, Secrets
from companion.i18n import t

NOTICES_KEPT = 10  # a phone lists the latest few; the history keeps every one


def undo_refused(secrets: Secrets, target: dict, access: Access, name: Callable[[str | None], str]) -> RuleError | None:
    """Why `access` may not take back `target`, if it showed a seat's secret and this is not the tablet."""
    return _tablet_only(secrets, target, access, name, "undo")


def redo_refused(secrets: Secrets, target: dict, access: Access, name: Callable[[str | None], str]) -> RuleError | None:
    """Why `access` may not restore `target`: the rule of its undo. What the tablet took back in front
    of everyone is not done again from the phone that learnt the secret, alone."""
    return _tablet_only(secrets, target, access, name, "redo")


def _tablet_only(secrets: Secrets, target: dict, access: Access, name: Callable[[str | None], str],
                 verb: str) -> RuleError | None:
    shown = secrets.revealed(target)
    if shown is None or access.role == "host":
        return None
    if shown.victim is None:
        return RuleError("seats.undo_reveal_all_tablet_only" if verb == "undo" else "seats.redo_reveal_all_tablet_only")
    return RuleError("seats.undo_reveal_tablet_only" if verb == "undo" else "seats.redo_reveal_tablet_only",
                     victim=name(shown.victim), learner=name(shown.learner))


def notices(shown: list[tuple[dict, Revealed]], seat: str | None, lang: str,
            name: Callable[[str | None], str]) -> list[dict]:
    """The latest reveals of `seat`'s own secret, newest first, worded for it; nothing for anyone else."""
    if not seat:
        return []
    mine = [(event, r) for event, r in shown if r.victim == seat and r.key][-NOTICES_KEPT:]
    return [{"seq": event["seq"], "by": name(r.learner), "amount": r.amount,
             "text": t(r.key, lang, learner=name(r.learner), amount=r.amount)} for event, r in reversed(mine)]
