"""A Glory change does not walk what it cannot move: the day strip, Olympus' Favor, the More Glory
bands, the scoreboard's tiles (but for the number, and on the tablet the glow) and (on a device
whose buttons stay as they were) the Undo bar are memos (live.memo), not described again on any device. Each of them hits as parts anyway; what the memo spares is the
walk down to them (arguments worked out, signatures compared), paid by every device of a table on
every change."""
from __future__ import annotations

import asyncio
from collections import Counter
from functools import wraps

from companion.core.access import Access
from companion.ui import table as table_ui
from companion.ui.games.kleos import day, favor, glory
from companion.ui.widgets import scoreboard
from live_device import PHONE, TABLET, Device, kleos_at_play

HOST = Access("host")
GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]
DESCRIBED = {(day, "_phase"): "day strip", (favor.FavorCard, "build"): "Favor", (glory.MoreGlory, "build"): "More Glory",
             (table_ui.UndoBar, "build"): "Undo bar", (scoreboard.Tile, "build"): "tiles"}


def counting(monkeypatch) -> Counter:
    """How often each memo's function (or its inputs' `build`) is called, per device (its UI's id) and piece."""
    calls: Counter = Counter()
    for (module, name), piece in DESCRIBED.items():
        def wrap(original, piece=piece, method=isinstance(module, type)):
            @wraps(original)
            def counted(*args):
                ui = args[1] if method else args[0]
                calls[id(ui), piece] += 1
                return original(*args)
            return counted
        monkeypatch.setattr(module, name, wrap(getattr(module, name)))
    return calls


def test_a_glory_change_describes_none_of_the_pieces_it_cannot_move_on_any_device(server, monkeypatch):
    calls = counting(monkeypatch)

    async def go():
        live = kleos_at_play(server, GODS)
        hermes, ares = (next(s for s in live.table.seats if s.id == g) for g in ("hermes", "ares"))
        devices = {
            "tablet": await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open(),
            "hermes": await Device(server, f"/t/{live.table.id}?k={live.claim(hermes.token)[1]}", PHONE).open(),
            "ares": await Device(server, f"/t/{live.table.id}?k={live.claim(ares.token)[1]}", PHONE).open(),
            "spectator": await Device(server, f"/t/{live.table.id}?k={live.table.spectator_token}", PHONE).open(),
        }
        await devices["hermes"].tap("glory-more-open")  # the bands open on Hermes' phone
        for device in devices.values():
            await device.settle()
        assert "glory-hermes-amount-value" in devices["hermes"].ids()
        # a first change of Hermes' own: every phone's Undo now says the last change was Hermes'
        live.dispatch({"type": "glory.add", "player": "hermes", "reason": "kill", "from_step": live.step},
                      Access("seat", "hermes"))
        await devices["tablet"].settle()
        for n, god in enumerate(["athena", "ares", "athena"]):
            before = calls.copy()
            live.dispatch({"type": "glory.add", "player": god, "reason": "kill", "from_step": live.step},
                          Access("seat", "hermes"))
            await devices["tablet"].settle()
            assert devices["spectator"].find(f"score-{god}").value == str([1, 1, 2][n])
            for name, device in devices.items():
                moved = {piece for (ui, piece), count in calls.items()
                         if ui == id(device.app.ui) and count != before[ui, piece]}
                # the change renames the Undo button of Hermes, who made it, and the tablet's (which
                # undoes anyone's); no other device's buttons move. Only the tablet's tiles glow.
                allowed = {"tablet": {"Undo bar", "tiles"}, "hermes": {"Undo bar"}}.get(name, set())
                assert moved <= allowed, f"{name}: {moved} described again at {god}"
    asyncio.run(go())
