"""Fleecing Olympus: secret gems per phone and the wager worked out live."""
