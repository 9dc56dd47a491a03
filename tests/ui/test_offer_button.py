"""The Cyclades offer button keeps "Offer 10" on one line in its 150 px god tile (issue #42):
with a button's usual side padding (24 px a side) it wrapped; it takes little side padding now."""
from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.core.access import Access
from live_device import TABLET, Device

HOST = Access("host")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_offer_button_has_room_for_its_words(server, lang):
    async def go():
        live = server.hub.create("cyclades", {"players": ["ana", "bia", "caio"]})
        script = [{"type": "start", "order": ["ana", "bia", "caio"]}, {"type": "phase.next"},
                  *({"type": "income", "player": p, "prosperity": 0} for p in ("ana", "bia", "caio")),
                  {"type": "phase.next"}]
        for command in script:
            live.dispatch({**command, "from_step": live.step}, HOST)
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET, lang).open()
        await tablet.settle()
        bids = [i for i in tablet.ids() if i.startswith("cyc-bid-") and isinstance(tablet.find(i), ft.FilledButton)]
        assert bids
        for ident in bids:
            button = tablet.find(ident)
            assert button.content in ("Offer 1", "Ofertar 1")
            assert button.style.padding.left <= 4 and button.style.padding.right <= 4, ident
    asyncio.run(go())
