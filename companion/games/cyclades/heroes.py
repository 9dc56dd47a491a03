"""The sixteen heroes, and what a heroic move costs.

The rulebook prices heroic moves per hero (cyclades-rules.txt 296-298: each hero
moves for 1 GP, then 2, then 3... in a turn), so every hero climbs its own
ladder: two heroes moving once each pay 1 + 1, not 1 + 2. Two heroes change the
rule: Pericles pays 1 GP for every move (328), and Leto may move while her
owner is with Apollo (323), the one god under whom heroes otherwise stay put.
"""
from __future__ import annotations

HEROES: tuple[str, ...] = (
    "achilles", "ajax", "antigone", "croesus", "hector", "helen", "heracles", "hippolyta",
    "jason", "leto", "odysseus", "pandora", "penelope", "penthesilea", "pericles", "perseus",
)
PERICLES = "pericles"
LETO = "leto"


def heroic_price(hero: str, moved: int) -> int:
    """Gold for `hero`'s next heroic move after `moved` of them this turn."""
    return 1 if hero == PERICLES else moved + 1


def ledger(hero: str) -> str:
    """The turn's purchase record that counts one hero's moves."""
    return f"heroic_move:{hero}"


def movers(god: str, apollo: str) -> tuple[str, ...]:
    """The heroes that may make heroic moves during `god`'s turn."""
    return (LETO,) if god == apollo else HEROES
