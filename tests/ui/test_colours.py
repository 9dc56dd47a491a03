"""Every player colour stands out from both themes' backgrounds (>= 3:1) and is the same in play and on the summary."""
from __future__ import annotations

import pytest

from companion.games.kleos import GOD_COLOURS
from companion.ui.games.kleos.parts import shade as god_shade
from companion.ui.widgets.colours import BACKGROUNDS, PALETTE, SHADES, shade


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("colour", sorted({*SHADES.values(), *PALETTE}))
@pytest.mark.parametrize("background", BACKGROUNDS)
def test_every_shade_has_three_to_one_contrast(colour, background):
    assert contrast(colour, background) >= 3.0


def test_a_kleos_god_has_one_colour_everywhere():
    for god, name in GOD_COLOURS.items():
        assert god_shade(god) == shade(name) == SHADES[name]
    assert shade("#123456") == "#123456" and shade(None) is None
