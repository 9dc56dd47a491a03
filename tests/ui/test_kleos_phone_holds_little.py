"""A Kleos phone holds only what it shows (issue #26): the server keeps every control of every
phone of every table, so what is folded (the Favor's hand-over, More Glory, the logs) is not
built until its player opens it, and a folded card is its open button alone."""
from __future__ import annotations

import asyncio

import flet as ft

from companion.core.access import Access
from companion.ui.context import ServerInfo
from live_device import TABLET, Device, kleos_at_play, label

HOST = Access("host")
GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]
# The controls a seat's phone holds at the day's play (bench/device_census.py counts them by
# type and by part): 333 before the Favor's hand-over was folded, folded cards lost their frame,
# the clock's card became one part (shorter on a phone), a quick button's words its own label
# and a tile's name part of its frame; 253 after.
PHONE_CONTROLS = 256


def run(coro):
    return asyncio.run(coro)


async def table(server: ServerInfo):
    """Five gods at Ares' Play phase, a tablet and Hermes' phone, both drawn."""
    live = kleos_at_play(server, GODS)
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    hermes = next(s for s in live.table.seats if s.id == "hermes")
    phone = await Device(server, f"/t/{live.table.id}?k={live.claim(hermes.token)[1]}").open()
    await tablet.settle()
    await phone.settle()
    return live, tablet, phone


def test_a_kleos_phone_holds_few_controls(server):
    async def go():
        live, _, phone = await table(server)
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await phone.settle()
        held = len(phone.flet.index)
        assert held <= PHONE_CONTROLS, f"a Kleos phone holds {held} controls"
    run(go())


def test_a_phone_hands_over_the_favor_once_it_opens_it(server):
    async def go():
        live, tablet, phone = await table(server)
        shut = phone.ids()
        assert "favor-state" in shut and "favor-give-open" in shut  # who holds it is always shown
        assert not {"favor-minion", "favor-athena", "favor-clear"} & set(shut)
        assert {"favor-minion", "favor-athena", "favor-clear"} <= set(tablet.ids())  # the tablet: always
        await phone.tap("favor-give-open")
        await phone.settle()
        assert {"favor-minion", "favor-athena", "favor-clear", "favor-give-close"} <= set(phone.ids())
        assert "favor-give-open" not in phone.ids()
        await phone.tap("favor-athena")
        await phone.settle()
        assert live.state["favor"] == {"player": "athena", "minion": None}
        assert "favor-athena" in phone.ids()  # it stays open across changes
        await phone.tap("favor-give-close")
        await phone.settle()
        assert "favor-athena" not in phone.ids() and "favor-give-open" in phone.ids()
        assert "Athena" in phone.find("favor-state").value
    run(go())


def test_a_folded_card_is_its_open_button_alone(server):
    async def go():
        _, _, phone = await table(server)
        for ident in ("glory-log", "glory-more", "history"):
            assert f"{ident}-open" in phone.ids() and ident not in phone.ids()
    run(go())


def test_a_phones_clock_card_says_the_step_turn_and_order_without_repeating_the_day_or_the_favor(server):
    async def go():
        live, tablet, phone = await table(server)
        shown = set(phone.ids())
        assert {"kleos-phase", "kleos-phase-text", "kleos-turn", "kleos-order", "scoreboard-facts"} <= shown
        assert "Day 1" in label(phone, "scoreboard-facts")  # the day is on the facts line above
        assert not {"kleos-day", "kleos-favor-holder"} & shown  # the Favor card below says who holds it
        assert {"kleos-day", "kleos-favor-holder"} <= set(tablet.ids())
        order = phone.find("kleos-order")
        words = "".join(span.text for span in order.spans)
        assert all(god.capitalize() in words for god in GODS)
        assert label(phone, "kleos-order") == label(tablet, "kleos-order")
        turn = live.state["turn"]  # underlined, so a turn passing never rewraps the line
        underlined = [s.text for s in order.spans if s.style and s.style.decoration == ft.TextDecoration.UNDERLINE]
        assert len(underlined) == 1 and underlined[0].startswith(turn.capitalize())
    run(go())


def test_a_phones_quick_buttons_carry_their_words_as_their_label(server):
    async def go():
        _, tablet, phone = await table(server)
        assert phone.find("quick-kill-hermes").content == "Kill +1"  # its own god's (the others' are folded)
        assert isinstance(tablet.find("quick-kill-hermes").content, ft.Text)  # a tablet's narrow tile
        await phone.tap("quick-kill-hermes")
        await phone.settle()
        assert phone.find("score-hermes").value == "1"
    run(go())
