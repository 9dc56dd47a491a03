"""The Cyclades forms several devices fill for one decision, held by the table (companion/core/drafts.py).

The bid a pawn is about to make (the tablet mirrors the board, the phone is its
player's own), the god turned up when the round ends early, and the creatures each
player keeps at upkeep. None of them is secret: bids are made in the open. What a
player's purse holds, and its income, stay on that player's phone.

Each entry reads in the history (and on the tablet's Undo) as a player would say it
("Bid being set: 3 gold"), not as a form's name and field.
"""
from __future__ import annotations

from companion.core.drafts import Draft
from companion.games.cyclades.auction import next_bidder
from companion.games.cyclades.history import god
from companion.i18n import t

BID, REVEAL, KEEP = "bid", "reveal", "keep"


def _bidder(state: dict) -> object:
    """A bid is drafted for one pawn's move: the next pawn, or an outbid one, starts afresh."""
    off = state.get("offerings") or {}
    return [state.get("round"), state.get("phase"), off.get("attempt"), next_bidder(state) if off else None]


def _round(state: dict) -> object:
    return [state.get("round"), state.get("phase")]


def _bid_line(event: dict, lang: str) -> str:
    return t("cyclades.draft_bid", lang, amount=event.get("value"))


def _reveal_line(event: dict, lang: str) -> str:
    """No god chosen means the app will draw one: say so, since that is what a confirm then does."""
    chosen = event.get("value")
    if not chosen:
        return t("cyclades.draft_reveal_none", lang)
    return t("cyclades.draft_reveal", lang, god=god(chosen, lang))


def _keep_line(event: dict, lang: str) -> str:
    kept = event.get("value") if isinstance(event.get("value"), list) else []
    return t("cyclades.draft_keep", lang, player=event.get("path"), n=len(kept))


DRAFTS = {d.name: d for d in (
    Draft(BID, frozenset({"offering.bid"}), _bidder, line=_bid_line),
    Draft(REVEAL, frozenset({"phase.next"}), _round, line=_reveal_line),
    Draft(KEEP, frozenset({"maintenance.keep"}), _round, part=lambda event: event.get("player"), line=_keep_line),
)}
