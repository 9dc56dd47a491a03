"""Fleecing Olympus as live parts, in-process: a remote change keeps every control id and rebuilds only its parts."""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from companion.ui.context import ServerInfo
import companion.ui.games.fleecing_olympus as fo_ui
from companion.ui.live import shown
from live_device import TABLET, Device, Screen, Table, first_difference, game_parts, idents, label, phone_and_tablet

HOST = Access("host")
PLAYERS = ["ana", "bia", "caio", "dino", "eva", "fay"]
# Powers that ask nothing, so the Even side is one tap.
DEITIES = {"ana": "athena", "bia": "hades", "caio": "poseidon", "dino": "aphrodite", "eva": "hermes", "fay": "zeus"}


async def card_step(server: ServerInfo):
    """Six players; Ana is Active and has rolled 6 and 4 against Bia, who holds Judgment. Caio's phone
    and the tablet are open."""
    live = server.hub.create("fleecing_olympus", {"players": PLAYERS, "deities": DEITIES})
    rolls = {p: [1, 2] for p in PLAYERS} | {"ana": [5, 5], "bia": [4, 5]}
    live.dispatch({"type": "opening_roll", "from_step": live.step, "rounds": [rolls]}, HOST)
    live.dispatch({"type": "power", "from_step": live.step, "side": "even"}, HOST)
    live.dispatch({"type": "roll", "from_step": live.step, "target": "bia", "dice": [6, 4]}, HOST)
    assert live.state["judgment"] == "bia" and live.state["phase"] == "cards"
    phone, tablet = await phone_and_tablet(server, live, 2)
    return live, phone, tablet


def test_another_player_showing_their_gems_rebuilds_their_tile_only_and_keeps_every_id(server):
    async def go():
        live, phone, tablet = await card_step(server)
        before, before_tablet = phone.ids(), tablet.ids()
        assert label(phone, "score-caio") == "Caio 20" and label(tablet, "score-dino") == "Dino: hidden"
        mark = phone.mark()
        live.dispatch({"type": "reveal", "open": True}, Access("seat", "dino"))
        await phone.settle()
        await tablet.settle()
        after = phone.ids()
        assert {k: after.get(k) for k in before} == before
        assert {k: tablet.ids().get(k) for k in before_tablet} == before_tablet
        assert set(after) - set(before) <= {f"history-{live.seq}"}
        # Caio's own screen, his deal card, the deities card and the turn's panels stay: only Dino's number moves
        assert game_parts(phone) == {"tile-number-dino"}
        assert game_parts(tablet) == {"scoreboard-dino", "tile-number-dino"}  # its frame glows
        assert label(phone, "score-dino") == "Dino 20" and label(tablet, "score-dino") == "Dino 20"
        assert sum(map(len, phone.patches_since(mark))) < 4000
    asyncio.run(go())


def test_a_reveal_or_a_hidden_gift_walks_no_panel_on_another_device(server, monkeypatch):
    """Everything but the tiles' numbers is described through one memo over the view less its counts
    (fo-public): a player showing their gems, or a gift between two hidden counts, leaves it as it was
    on every other device, so no panel's slice is even worked out there; a card played does not."""
    walked: list[str | None] = []

    def spy(given, ui):
        walked.append(given.who)
        return public(given, ui)

    public = fo_ui.Public.build
    monkeypatch.setattr(fo_ui.Public, "build", spy)

    async def go():
        live, phone, tablet = await card_step(server)
        for event, by in (({"type": "reveal", "open": True}, "dino"), ({"type": "give", "to": "eva", "amount": 2}, "fay")):
            walked.clear()
            live.dispatch({**event, "from_step": live.step}, Access("seat", by))
            await phone.settle()
            await tablet.settle()
            assert walked == [], event
        live.dispatch({"type": "card", "from_step": live.step, "kind": "fate", "wager": 2}, Access("seat", "bia"))
        await phone.settle()
        await tablet.settle()
        assert sorted(walked, key=str) == [None, "caio"]
    asyncio.run(go())


def _shows(device: Device, count: int) -> bool:
    """Whether any string the device's browser was told to show (values, labels, tooltips) is that
    gem count: alone (a number), as "N gems", or as a tile's "Dino N"."""
    def strings(node: object):
        if isinstance(node, dict):
            for value in node.values():
                yield from strings(value)
        elif isinstance(node, list):
            for value in node:
                yield from strings(value)
        elif isinstance(node, str):
            yield node
    return any(s == str(count) or f"{count} gems" in s or f"Dino {count}" in s for s in strings(device.shown()))


async def _same_as_fresh(server: ServerInfo, device: Device) -> None:
    await device.run(device.app.render)  # as test_live_equals_fresh.py: the page's own update too
    fresh = await Device(server, device.route, device.size).open()
    await fresh.settle()
    assert first_difference(device.shown(), fresh.shown()) is None


def test_a_reveal_rebuilds_that_count_alone_on_every_device_and_a_hidden_count_reaches_no_other(server):
    """Dino (given 3 gems by Ana: 23, a count nobody else holds) shows his gems, then hides them again.
    The other phones and the spectator rebuild his tile's number alone (the deities card holds no
    count: it repeated the tile's), the tablet also his tile's frame (its glow); his own phone
    rebuilds its reveal switch only."""
    async def go():
        live, caio, tablet = await card_step(server)
        live.dispatch({"type": "give", "from_step": live.step, "to": "dino", "amount": 3}, Access("seat", "ana"))
        table = live.table
        dino = await Device(server, f"/t/{table.id}?k={live.claim(table.seats[3].token)[1]}").open()
        watcher = await Device(server, f"/t/{table.id}?k={table.spectator_token}").open()
        others = {"caio": caio, "spectator": watcher, "tablet": tablet}
        for device in (dino, *others.values()):
            await device.settle()
        assert label(dino, "fo-my-gems") == "23 gems"
        for name, device in others.items():
            assert not _shows(device, 23), name
        for shows in (True, False):
            live.dispatch({"type": "reveal", "from_step": live.step, "open": shows}, Access("seat", "dino"))
            for device in (dino, *others.values()):
                await device.settle()
            assert game_parts(dino) == {"fo-my-reveal"}
            assert game_parts(caio) == game_parts(watcher) == {"tile-number-dino"}
            # the tablet's tile frame lights up for a changed number (still lit at the second change)
            assert game_parts(tablet) - {"scoreboard-dino"} == {"tile-number-dino"}
            assert dino.find("fo-reveal").value is shows
            for name, device in others.items():
                assert label(device, "score-dino") == ("Dino 23" if shows else "Dino: hidden"), name
                assert _shows(device, 23) is shows, name
            # What a device opened now shows, parts swapped and all. A screen opened on a seat sets the
            # older one aside (ui/devices.py), so the seats' phones are compared once, at the end.
            await _same_as_fresh(server, watcher)
        for device in (dino, caio):
            await _same_as_fresh(server, device)
    asyncio.run(go())


def test_every_seat_has_a_colour_of_its_own():
    """The game names no colours: each tile's dot and number take a colour of the palette by seat."""
    table = Table("fleecing_olympus", {"players": PLAYERS, "deities": DEITIES})
    tablet = Screen(table)
    tablet.render()
    colours = [shown(tablet.find(f"score-{p}").content).color for p in PLAYERS]
    assert len(set(colours)) == len(PLAYERS) and None not in colours


def test_a_card_keeps_ids_and_redraws_the_turn_not_the_players(server):
    async def go():
        live, phone, _ = await card_step(server)
        before = phone.ids()
        live.dispatch({"type": "card", "from_step": live.step, "kind": "fate", "wager": 2}, Access("seat", "bia"))
        await phone.settle()
        assert {k: phone.ids().get(k) for k in before} == before
        assert game_parts(phone) == {"fo-scores-facts", "fo-strip", "fo-played", "fo-closing", "fo-card", "fo-odds"}
        assert "Bia owes Ana 8" in label(phone, "scoreboard-facts")
        # the settling button is on every phone all turn long (test_step_taps.py), greyed on the others'
        assert phone.find("fo-resolve").disabled and "fo-stop" not in phone.ids()
    asyncio.run(go())


def test_quick_buttons_follow_what_the_view_allows(server):
    async def go():
        live, phone, tablet = await card_step(server)
        ids = phone.ids()
        # STOP is Bia's (Judgment) and settling is Ana's (Active): neither belongs on Caio's phone
        assert not {k for k in ids if k.startswith("quick-")}
        assert tablet.find("quick-stop-bia").disabled and "after at least one card" in label(tablet, "quick-stop-bia")
        assert "quick-resolve-ana" in tablet.ids() and "quick-stop-ana" not in tablet.ids()
        top = phone.app.ui.parts.built["fo-board"].control.controls[0]
        assert [t.key for t in shown(shown(top).controls[1]).controls] == ["scoreboard-caio"]  # own tile first on a phone
        live.dispatch({"type": "card", "from_step": live.step, "kind": "fate", "wager": 2}, Access("seat", "bia"))
        await tablet.settle()
        assert not tablet.find("quick-stop-bia").disabled
        await tablet.tap("quick-resolve-ana")
        await tablet.settle()
        assert live.state["last"]["payer"] == "bia" and live.state["turn"]["active"] == "bia"
    asyncio.run(go())


def test_every_step_draws_on_a_phone_and_the_tablet_through_to_the_final_count(server):
    """Ares' tribute, the opening and the end are drawn too; at the count the screens come down."""
    async def go():
        live = server.hub.create("fleecing_olympus", {"players": PLAYERS, "deities": DEITIES | {"caio": "ares"}})
        phone = await Device(server, f"/t/{live.table.id}?k={live.claim(live.table.seats[1].token)[1]}").open()
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        seen: dict[str, set[str]] = {}
        reveal_kinds: set[str] = set()  # the outer control of the phone's reveal part, at every step
        rolls = {p: [1, 2] for p in PLAYERS} | {"caio": [6, 6], "bia": [5, 6]}
        for event in ({"type": "opening_roll", "rounds": [rolls]}, {"type": "power", "side": "odd"},
                      *({"type": "tribute", "pay": False, "seat": p} for p in PLAYERS if p != "caio"),
                      {"type": "roll", "target": "ana", "dice": [6, 4]}, {"type": "deck_out"}, {"type": "deck_out"},
                      {"type": "resolve"}, {"type": "end"}):
            await phone.settle()
            await tablet.settle()
            seen.setdefault(live.state["phase"], set()).update(phone.ids(), tablet.ids())
            reveal_kinds.add(type(phone.app.ui.parts.built["fo-my-reveal"].control).__name__)
            live.dispatch({**event, "from_step": live.step}, HOST)  # the tablet acts on what it shows
        await phone.settle()
        await tablet.settle()
        assert "fo-opening" in seen["opening"] and "fo-power-odd" in seen["power"]
        assert {"fo-tribute-bia-gem", "fo-tribute-ana-card"} <= seen["tribute"]
        assert {"fo-roll-app", "quick-roll-ana"} <= seen["roll"] and "quick-roll-caio" not in seen["roll"]
        assert {"fo-stop", "fo-resolve", "quick-resolve-caio", "fo-card-form"} <= seen["cards"]
        assert live.state["phase"] == "over" and "fo-rank-1" in tablet.ids()
        assert label(tablet, "score-dino") == "Dino 20" and label(phone, "score-ana") == f"Ana {live.state['gems']['ana']}"
        assert not {k for k in tablet.ids() if k.startswith("quick-")}
        # one type throughout (LIVE_PERFORMANCE.md: one outer type): the screens coming down drop the switch, not the part
        reveal_kinds.add(type(phone.app.ui.parts.built["fo-my-reveal"].control).__name__)
        assert reveal_kinds == {"Column"} and "fo-reveal" not in phone.ids()
    asyncio.run(go())


def test_opening_totals_copied_on_one_tablet_show_on_another_and_are_the_roll_sent():
    """Two tablet screens (one held up, one by the dice): each total is the table's, named by who typed it."""
    table = Table("fleecing_olympus", {"players": ["ana", "bia", "caio"]})
    first, second = Screen(table), Screen(table, width=390)
    first.press("fo-open-ana-plus")  # 7 -> 8
    second.press("fo-open-bia-plus")
    second.press("fo-open-bia-plus")  # 7 -> 9
    assert table.state["drafts"]["opening"]["entries"] == {"ana": 8, "bia": 9}
    for screen in (first, second):
        assert screen.text("fo-open-ana-value").endswith(" 8") and screen.text("fo-open-bia-value").endswith(" 9")
        assert screen.text("fo-open-caio-value").endswith(" 7") and "Tablet" in screen.text("fo-open-by")
    first.press("fo-open-enter")
    assert [sum(pair) for pair in table.state["opening"]["rounds"][0].values()] == [8, 9, 7]
    assert table.state["opening"]["decided"] == ["bia", "ana"] and not table.state.get("drafts")


def test_each_phone_copies_its_own_opening_total_and_may_send_the_roll():
    """fleecing-olympus-rulebook.txt l.26: every player rolls both dice, so a phone fills the opening
    form as the tablet does (in seat order, its own total highlighted); a spectator only watches."""
    table = Table("fleecing_olympus", {"players": ["ana", "bia", "caio"]})
    tablet, bia = Screen(table), Screen(table, "seat", "bia", width=390)
    watcher = Screen(table, "spectator", width=390)
    assert idents(bia.render(), r"fo-open-[a-z]+-value") == ["fo-open-ana-value", "fo-open-bia-value", "fo-open-caio-value"]
    bia.press("fo-open-bia-plus")
    bia.press("fo-open-bia-plus")  # 7 -> 9, typed on her own phone
    tablet.press("fo-open-ana-plus")  # 7 -> 8
    assert table.state["drafts"]["opening"]["entries"] == {"bia": 9, "ana": 8}
    assert bia.text("fo-open-ana-value").endswith(" 8") and "Bia" in tablet.text("fo-open-by")
    assert watcher.find("fo-opening") is not None and watcher.find("fo-open-enter") is None
    bia.press("fo-open-enter")
    assert [sum(pair) for pair in table.state["opening"]["rounds"][0].values()] == [8, 9, 7]
    assert table.state["opening"]["decided"] == ["bia", "ana"] and not table.refusals


def test_a_greyed_settle_button_says_why_in_words():
    table = Table("fleecing_olympus", {"players": ["ana", "bia", "caio"], "deities": {"ana": "athena", "bia": "hades",
                                                                                      "caio": "poseidon"}})
    table.send({"type": "opening_roll", "rounds": [{"ana": [6, 6], "bia": [6, 5], "caio": [1, 1]}]})
    ana, caio = Screen(table, "seat", "ana", width=390), Screen(table, "seat", "caio", width=390, lang="pt")
    assert ana.find("fo-resolve").content.disabled
    assert ana.text("fo-resolve-why") == "Settling opens once the dice are rolled and the cards are being played."
    assert caio.find("fo-resolve-why") is None  # its note above already says whose it is
    assert "Ana acerta este turno" in caio.text("fo-closing")
    table.send({"type": "power", "side": "even"})
    table.send({"type": "roll", "target": "bia", "dice": [6, 4]})
    assert not ana.find("fo-resolve").content.disabled and ana.find("fo-resolve-why") is None
    assert caio.text("fo-resolve-why") == "Ana acerta este turno quando as cartas forem jogadas."
