"""Fleecing Olympus secrets: the gems behind each screen, and what a short payer really paid.

Every gem that changes hands in the open (wagers, gifts, powers) is a public
fact of the game, so events carry no secret; the screens are the state.
"""
from __future__ import annotations

from companion.core.secrets import Secrets, StateSecret
from companion.games.fleecing_olympus.screens import screens_down


def _shown(state: dict) -> list[str]:
    return list(state["players"]) if screens_down(state) else list(state["revealed"])


SECRETS = Secrets(
    state=(StateSecret("gems"), StateSecret("last.paid", owners=("last.payer", "last.payee"))),
    shown=_shown,
)
