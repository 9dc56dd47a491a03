"""Fleecing Olympus: secret gems per phone and the wager worked out live.

This module is the package's public face: the UI and the hub import only what it
names; every other module here is private.
"""
from __future__ import annotations

from companion.core.plugin import Plugin
from companion.games.fleecing_olympus.allowed import costs_gem
from companion.games.fleecing_olympus.cards import ALLOWED, KINDS, MAX_WAGER_CHANGE, OTHER
from companion.games.fleecing_olympus.deities import DEITIES, power_key
from companion.games.fleecing_olympus.drafts import OPENING, SHARED_FORMS, opening_totals
from companion.games.fleecing_olympus.ending import HERA_TOKEN_WORTH, PLAYING
from companion.games.fleecing_olympus.odds import turn_odds
from companion.games.fleecing_olympus.opening import pending
from companion.games.fleecing_olympus.powers import HERMES_MAX_PAY
from companion.games.fleecing_olympus.rules import MAX_AMOUNT, SIDES, left_of, right_of
from companion.games.fleecing_olympus.screens import screens_down
from companion.games.fleecing_olympus.setup import MAX_PLAYERS, MIN_PLAYERS
from companion.games.fleecing_olympus.wager import WAGER_KINDS, counts, loser_and_winner
from companion.games.fleecing_olympus.game import GAME
from companion.games.fleecing_olympus.moves import allowed

PLUGIN = Plugin(game=GAME, ui="companion.ui.games.fleecing_olympus", strings=("fleecing_olympus",), rules="fleecing_olympus")

__all__ = ["ALLOWED", "DEITIES", "GAME", "HERA_TOKEN_WORTH", "HERMES_MAX_PAY", "KINDS", "MAX_AMOUNT", "MAX_PLAYERS", "MAX_WAGER_CHANGE", "MIN_PLAYERS", "OPENING", "OTHER", "PLAYING", "PLUGIN", "SHARED_FORMS", "SIDES", "WAGER_KINDS", "allowed", "costs_gem", "counts", "left_of", "loser_and_winner", "opening_totals", "pending", "power_key", "right_of", "screens_down", "turn_odds"]
