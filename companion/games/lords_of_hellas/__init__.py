"""Lords of Hellas: victory watch, Monuments, turn markers, battle and hunt helpers.

This module is the package's public face: the UI and the hub import only what it
names; every other module here is private.
"""
from __future__ import annotations

from companion.core.plugin import Plugin
from companion.games.lords_of_hellas.allowed import allowed
from companion.games.lords_of_hellas.battle import SIDES, army_strength, resolve as battle_outcome, strength_parts
from companion.games.lords_of_hellas.drafts import COUNTS, HUNT, WOUNDS
from companion.games.lords_of_hellas.history import rewards as said_rewards
from companion.games.lords_of_hellas.hunt import MAX_NAME as HUNT_MAX_NAME, MAX_SLOTS, REWARDS, collected
from companion.games.lords_of_hellas.markers import SPECIAL_ACTIONS
from companion.games.lords_of_hellas.monuments import MONUMENTS, PHASE_STEPS, TOP_LEVEL
from companion.games.lords_of_hellas.options import MAX_SEATS, MIN_SEATS, PALETTE
from companion.games.lords_of_hellas.turn import REGULAR_ACTIONS
from companion.games.lords_of_hellas.victory import CONDITIONS, COUNTED, DEFAULT_THRESHOLDS
from companion.games.lords_of_hellas.specials import FIXED, MAX_NAME as SPECIAL_MAX_NAME, UNSOURCED, actions, custom_name
from companion.games.lords_of_hellas.game import GAME

PLUGIN = Plugin(game=GAME, ui="companion.ui.games.lords_of_hellas", strings=("lords_of_hellas",), rules="lords_of_hellas")

__all__ = ["CONDITIONS", "COUNTED", "COUNTS", "DEFAULT_THRESHOLDS", "FIXED", "GAME", "HUNT", "HUNT_MAX_NAME", "MAX_SEATS", "MAX_SLOTS", "MIN_SEATS", "MONUMENTS", "PALETTE", "PHASE_STEPS", "PLUGIN", "REGULAR_ACTIONS", "REWARDS", "SIDES", "SPECIAL_ACTIONS", "SPECIAL_MAX_NAME", "TOP_LEVEL", "UNSOURCED", "WOUNDS", "actions", "allowed", "army_strength", "battle_outcome", "collected", "custom_name", "said_rewards", "strength_parts"]
