"""A double tap on Next, or two screens pressing it together, takes exactly one step in every game
(in-process: the real session and screens; tests/e2e/test_step_taps_browser.py does it in Chromium)."""
from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.core.access import Access
from flet_private import control_id
from live_device import PHONE, TABLET, Device

HOST = Access("host")
# game: (options, commands that bring a new table to a Next, the Next button, the event it sends)
CASES = {
    "kleos": ({"players": ["ares", "athena"]}, [], "kleos-next", "phase.next"),
    "cyclades": ({"players": ["ana", "bia", "caio"]}, [{"type": "start"}], "cyc-next", "phase.next"),
    "lords_of_hellas": ({"players": ["red", "blue"]},
                        [{"type": "turn.regular", "action": "move"}, {"type": "turn.special", "action": "march"}],
                        "loh-end-turn", "turn.end"),
    "fleecing_olympus": ({"players": ["ana", "bia", "caio"],
                          "deities": {"ana": "athena", "bia": "hades", "caio": "poseidon"}},
                         [{"type": "opening_roll", "rounds": [{"ana": [6, 6], "bia": [1, 2], "caio": [1, 3]}]},
                          {"type": "power", "side": "even"}, {"type": "roll", "target": "bia", "dice": [6, 4]},
                          {"type": "card", "kind": "fate", "wager": 1, "seat": "bia"}],
                         "fo-resolve", "resolve"),
    "scorepad": ({"players": ["Ana", "Bia"]}, [], "end-game", "game.end"),
}


def toasts(device: Device) -> list[str]:
    """The refusals shown on this device, newest last."""
    return [c.label for c in device.flet.index.values()
            if isinstance(c, ft.Semantics) and c.identifier == "toast"]


def told_as_news(device: Device) -> None:
    """The newest bar says the table already moved on, in the neutral bar: not "Not done", not the
    error colours (the table is fine; the tap was kept from taking a second step)."""
    bars = [c for c in device.flet.index.values() if isinstance(c, ft.SnackBar)]
    bar = bars[-1]
    assert bar.content.label.startswith("Already moved on: "), bar.content.label
    assert bar.bgcolor != ft.Colors.ERROR_CONTAINER and bar.content.content.color != ft.Colors.ON_ERROR_CONTAINER


async def table(server, game: str):
    options, commands, button, kind = CASES[game]
    live = server.hub.create(game, options)
    for command in commands:
        live.dispatch({**command, "from_step": live.step}, HOST)
    # the tablet (its link), and a second tablet screen opened with the admin key
    first = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    second = await Device(server, f"/t/{live.table.id}?admin={server.admin_token}", TABLET).open()
    for device in (first, second):
        await device.settle()
    assert not first.find(button).disabled, f"{game}: {button} is not ready"
    return live, first, second, button, kind


def count(live, kind: str) -> int:
    return [e["type"] for e in live.events()].count(kind)


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_double_tap_on_next_takes_one_step(server, game):
    async def go():
        live, tablet, _, button, kind = await table(server, game)
        aimed = control_id(tablet.find(button))  # the browser sends both taps to the control it showed
        await tablet.tap(button)
        await tablet.settle()  # the new step is drawn on the server before the second tap arrives
        await tablet.flet.dispatch_event(aimed, "click", None)  # 150 ms later: nobody has seen the new step
        await tablet.settle()
        assert count(live, kind) == 1
        if button in tablet.ids():  # still on screen (a gone button's tap reaches no handler): told why
            told_as_news(tablet)

    asyncio.run(go())


@pytest.mark.parametrize("game", sorted(CASES))
def test_two_screens_pressing_next_together_take_one_step_and_the_slower_is_told(server, game):
    async def go():
        live, one, other, button, kind = await table(server, game)
        aimed = [control_id(device.find(button)) for device in (one, other)]
        one.now = other.now = 10.0  # both have looked at the same step
        await asyncio.gather(one.flet.dispatch_event(aimed[0], "click", None),
                             other.flet.dispatch_event(aimed[1], "click", None))
        await one.settle()
        await other.settle()
        assert count(live, kind) == 1
        assert not toasts(one)
        told_as_news(other)

    asyncio.run(go())


def test_a_next_pressed_after_the_new_step_was_seen_still_moves_on(server):
    async def go():
        live, tablet, _, button, kind = await table(server, "kleos")
        for _ in range(3):
            await tablet.tap(button)  # each tap after a look at the screen
            await tablet.settle()
        assert count(live, kind) == 3 and not toasts(tablet)

    asyncio.run(go())


async def phone_behind(server, live, tablet: Device, seat, button: str) -> tuple[Device, int]:
    """A seat's phone showing `button`, then the tablet taking that step first: the phone's new
    screen is built on the server but not yet drawn in its browser. Returns the phone and the id
    its tap was aimed at."""
    key = seat.key or live.claim(seat.token)[1]
    phone = await Device(server, f"/t/{live.table.id}?k={key}", PHONE).open()
    await phone.settle()
    aimed = control_id(phone.find(button))
    await tablet.tap(button)
    await tablet.settle()
    await phone.settle()
    return phone, aimed


def test_a_phone_tapping_the_next_it_showed_after_the_tablet_moved_on_is_told(server):
    """The phone's tap was made on the step it showed, and reaches the server after the tablet's
    Next was drawn there (on the server) but before the phone's browser drew it, 3 s late: it is
    judged by what the browser showed (ui/widgets/step_shield.py), so it takes no second step and
    the phone is told. (A server guessing 0.7 s took a second step here.)"""
    async def go():
        game = "kleos"
        live, tablet, _, button, kind = await table(server, game)
        phone, aimed = await phone_behind(server, live, tablet, live.table.seats[0], button)
        phone.now += 3.0  # a slow browser: far past the old 0.7 s guess, and no report of the new step yet
        await phone.flet.dispatch_event(aimed, "click", None)
        await phone.settle()
        assert count(live, kind) == 1
        told_as_news(phone)
        await phone.drawn()  # the phone's browser has now drawn the new step: its next tap moves on
        await phone.flet.dispatch_event(control_id(phone.find(button)), "click", None)
        await phone.settle()
        assert count(live, kind) == 2

    asyncio.run(go())


def test_additive_taps_in_the_moment_after_a_step_count(server):
    """Nothing is laid over the screen while a new step settles: a Glory +1 tapped then counts
    (the old shield swallowed it), and only a step command is judged by the step it was aimed at."""
    async def go():
        live, tablet, _, button, kind = await table(server, "kleos")
        await tablet.tap(button)  # to Deployment
        await tablet.settle()
        await tablet.tap(button)  # to Daybreak
        await tablet.settle()
        await tablet.tap(button)  # to the first Play turn
        await tablet.settle()
        before = live.state["glory"]["ares"]
        await tablet.tap(button)  # Athena's turn: a new step, not yet drawn by the browser
        await tablet.settle()
        assert tablet.app.ui.seen.shown is False
        await tablet.tap("quick-kill-ares", looked=False)  # the tile's Kill +1
        await tablet.settle()
        assert live.state["glory"]["ares"] == before + 1
        assert not [t for t in toasts(tablet) if "moved on" in t]

    asyncio.run(go())


@pytest.mark.parametrize("game", ["fleecing_olympus", "lords_of_hellas"])
def test_the_active_players_phone_tapping_its_step_button_after_the_tablet_took_it_is_told(server, game):
    """The phone's Resolve (Fleecing Olympus) or End turn (Lords of Hellas) keeps its identity when
    the step changes, so a tap aimed at it before the phone drew the new step reaches the server,
    takes no second step and is explained (a replaced button would drop it without a word)."""
    async def go():
        live, tablet, _, button, kind = await table(server, game)
        seat = next(s for s in live.table.seats if s.id == live.state["players"][0])
        if game == "fleecing_olympus":
            seat = next(s for s in live.table.seats if s.id == live.state["turn"]["active"])
        phone, aimed = await phone_behind(server, live, tablet, seat, button)
        assert button in phone.ids()  # the same button, now showing the new step
        assert control_id(phone.find(button)) == aimed
        phone.now += 3.0
        await phone.flet.dispatch_event(aimed, "click", None)
        await phone.settle()
        assert count(live, kind) == 1
        told_as_news(phone)

    asyncio.run(go())
