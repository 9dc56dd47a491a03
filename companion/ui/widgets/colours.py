"""A player's colour on screen: one shade per colour name, the same in play and on the summary.

Games name colours ("yellow" for Kleos' Hermes); Flet's plain "yellow" is a
pale tint that vanished on the summary chart while the tiles showed amber.
Each name maps to one shade with at least 3:1 contrast (the WCAG figure for
lines, markers and large text) against both themes' backgrounds, checked by
tests/ui/test_colours.py. A colour already given as a hex code passes through.
"""
from __future__ import annotations

SHADES: dict[str, str] = {
    "red": "#D32F2F", "blue": "#1976D2", "green": "#388E3C", "yellow": "#E65100", "orange": "#E65100",
    "purple": "#AB47BC", "black": "#616161", "white": "#757575", "teal": "#00897B", "pink": "#D81B60",
}
# For players a game gives no colour, by their place: the summary chart's lines, Fleecing Olympus' tiles.
PALETTE = tuple(SHADES[c] for c in ("red", "blue", "green", "yellow", "purple", "teal"))
# Material 3's default surfaces behind the chart and tiles, light and dark.
BACKGROUNDS = ("#FEF7FF", "#141218")


def by_place(colour: str | None, place: int) -> str:
    """The shade of `colour`, or for a player given none, the palette's colour for their place."""
    return shade(colour) or PALETTE[place % len(PALETTE)]


def shade(colour: str | None) -> str | None:
    return SHADES.get(colour, colour) if colour else colour
