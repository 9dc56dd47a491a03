"""The seats as every device may know them: who sits where, in which colour, and whether a
phone holds the seat or its player plays on the tablet.

A screen draws names, colours and "joined" marks from this (it travels in each device's
snapshot), never from the table itself, which also holds every seat's invitation and key.
"""
from __future__ import annotations

from companion.core.model import Table


def roster(table: Table) -> tuple[dict, ...]:
    """Public facts only: no token, key or device mark reaches a snapshot through here."""
    return tuple({"id": s.id, "name": s.name, "colour": s.colour, "claimed": s.joined,
                  "tablet": s.tablet and not s.joined} for s in table.seats)
