"""The Lords of Hellas battle form, held by the table (companion/core/drafts.py).

A battle is a back-and-forth of a minute between two players, often each on their
own phone while the tablet watches: the attacker enters its Army and cards, the
defender its own, and whoever resolves it must count both. Each side is one entry,
so two phones filling their own side never overwrite each other.
"""
from __future__ import annotations

from companion.core.drafts import Draft

BATTLE = "battle"


def _turn(state: dict) -> object:
    return (state.get("turn") or {}).get("number")


DRAFTS = {BATTLE: Draft(BATTLE, frozenset({"battle.resolve"}), _turn)}
