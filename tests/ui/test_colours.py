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


# Every seat of a full table (the Score pad up to the eight named seat colours).
FULL = {"kleos": {"players": ["ares", "athena", "hermes", "artemis", "dionysus"]},
        "cyclades": {"players": ["ana", "bia", "caio", "dani", "eva"]},
        "lords_of_hellas": {"players": ["a", "b", "c", "d"]},
        "fleecing_olympus": {"players": ["ana", "bia", "caio", "dani", "eva", "fabi"]},
        "scorepad": {"players": [f"p{i}" for i in range(8)]}}


@pytest.mark.parametrize("game", sorted(FULL))
def test_every_player_has_a_colour_of_their_own(tmp_path, game):
    """Every Cyclades and Fleecing Olympus player's dot was the theme's one accent."""
    from companion.core.hub import Hub
    from companion.games.registry import GAMES
    seats = Hub(tmp_path, GAMES).create(game, FULL[game]).table.seats
    shades = [shade(s.colour) for s in seats]
    assert None not in shades and len(set(shades)) == len(seats), shades


def test_lords_of_hellas_offers_a_colour_per_seat_it_takes(server):
    """Six swatches for a game of two to four players: one colour per seat the game takes."""
    import asyncio

    from companion.games.lords_of_hellas import MAX_SEATS
    from live_device import TABLET, Device

    async def go():
        admin = await Device(server, f"/?admin={server.admin_token}", TABLET).open()
        await admin.tap("game-lords_of_hellas")
        await admin.settle()
        swatches = [i for i in admin.ids() if i.startswith("loh-colour-0-")]
        assert len(swatches) == MAX_SEATS == 4
    asyncio.run(go())
