"""Live screens in-process: a change keeps the ids of what did not change and sends little."""
from __future__ import annotations

import asyncio
import time

from companion.core.access import Access
from companion.ui.context import ServerInfo
from companion.ui.live import shown
from flet_private import control_id
from live_device import TABLET, Device, kleos_at_play, label, phone_and_tablet

HOST = Access("host")


def run(coro):
    return asyncio.run(coro)


async def scorepad(server: ServerInfo):
    live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
    phone, tablet = await phone_and_tablet(server, live, 0)
    return live, phone, tablet


def test_a_remote_point_keeps_every_control_id_and_rebuilds_one_card(server):
    async def go():
        live, phone, tablet = await scorepad(server)
        await phone.tap("history-open")  # a phone shows its history once its player opens it
        await phone.settle()
        before, before_tablet = phone.ids(), tablet.ids()
        mark = phone.mark()
        live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, HOST)
        await phone.settle()
        after = phone.ids()
        # The score's Text included: same control, new value. Only the news line, which went
        # from empty to "Tablet: Bia +1", is a new node (tagged() remounts empty labels).
        assert {k: after.get(k) for k in before if k != "news"} == {k: v for k, v in before.items() if k != "news"}
        assert {k: tablet.ids().get(k) for k in before_tablet if k != "news"} == \
            {k: v for k, v in before_tablet.items() if k != "news"}
        assert set(after) - set(before) == {"history-1"}
        assert phone.find("score-bia").value == "1" and tablet.find("score-bia").value == "1"
        # Bia's tile (its number glows), the history card, its Column of blocks and its new row, and the Undo button:
        # its words now ask "why?" and a tap on it reads why it is off (the change is the tablet's):
        # nothing else, not even the containers around them
        assert set(phone.app.ui.parts.rebuilt) == {"tile-number-bia", "history-card", "history-blocks", "history-block-0",
                                                   "history-1",
                                                   "undo", "undo-words", "undo-button"}
        assert "only the tablet" in label(phone, "undo")
        assert sum(map(len, phone.patches_since(mark))) < 2000
    run(go())


def test_a_phone_opens_its_history_and_a_folded_one_costs_a_change_nothing(server):
    async def go():
        live, phone, tablet = await scorepad(server)
        live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, HOST)
        await phone.settle()
        assert not [k for k in phone.app.ui.parts.rebuilt if k.startswith("history")]
        assert "history-1" not in phone.ids() and "history-1" in tablet.ids()
        await phone.tap("history-open")
        await phone.settle()
        assert "history-1" in phone.ids() and "history-open" not in phone.ids()
        live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, HOST)
        await phone.settle()
        assert "history-2" in phone.ids()
        await phone.tap("history-close")
        await phone.settle()
        assert "history-1" not in phone.ids() and "history-open" in phone.ids()
    run(go())


def test_undo_words_follow_every_change_without_drawing_the_screen_afresh(server):
    """The Undo button's words are a part inside the button, itself inside the part that labels
    it: words, button and label are rebuilt in every combination, each patched in place."""
    async def go():
        live, phone, _ = await scorepad(server)
        ana = Access("seat", "ana")

        def words() -> str:
            return shown(phone.find("undo").content.controls[1].content).semantics_label

        own = None  # Ana's latest change: her phone can take it back even after the tablet's
        for n, (who, by) in enumerate([("ana", ana), ("bia", HOST), ("ana", ana), ("ana", ana), ("bia", HOST)]):
            live.dispatch({"type": "points.add", "player": who, "amount": n + 1}, by)
            await phone.settle()
            assert "scorepad-board" not in phone.app.ui.parts.rebuilt  # patched, not drawn afresh
            own = n + 1 if by is ana else own
            assert words().startswith(f"Undo: Ana +{own} "), (n, words())
            assert phone.find("undo").disabled is False
    run(go())


def test_own_taps_land_on_kept_controls(server):
    async def go():
        live, phone, _ = await scorepad(server)
        for n in range(1, 6):
            await phone.tap("add-ana-1")  # the same id every time: it never goes stale
            await phone.settle()
        assert live.state["scores"]["ana"] == 5
        assert phone.find("score-ana").value == "5"
    run(go())


def test_typed_text_is_never_sent_back_while_others_score(server):
    async def go():
        live, phone, _ = await scorepad(server)
        field = phone.find("reason")
        phone.flet.apply_patch(control_id(field), {"value": "tres"})  # the browser reports the text...
        await phone.tap("reason", "change")  # ...then its change event
        mark = phone.mark()
        for _ in range(10):
            live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, HOST)
            await phone.settle()
        assert phone.find("reason") is field and field.value == "tres"
        assert all(f"{control_id(field)}".encode() not in p or b"tres" not in p for p in phone.patches_since(mark))
        await phone.tap("add-ana-5")
        await phone.settle()
        assert live.events()[-1]["reason"] == "tres"
    run(go())


def test_device_local_state_rebuilds_only_its_part(server):
    async def go():
        live, phone, _ = await scorepad(server)
        switch = phone.find("keep-awake")
        phone.flet.apply_patch(control_id(switch), {"value": True})  # the phone flips "keep the screen on"
        await phone.tap("keep-awake", "change")
        assert phone.app.ui.awake is True
        assert set(phone.app.ui.parts.rebuilt) == {"keep-awake"}
        assert phone.find("keep-awake") is not switch and control_id(phone.find("keep-awake")) == control_id(switch)
        phone.app.ui.lang = "pt"  # a device setting: every part follows, ids stay
        before = phone.ids()
        await phone.run(phone.app.render)
        assert {"reason", "scoreboard-ana", "history-card"} <= set(phone.app.ui.parts.rebuilt)
        assert {k: phone.ids().get(k) for k in before} == before
        await phone.run(phone.app.render)  # nothing changed: nothing rebuilt
        assert phone.app.ui.parts.rebuilt == []
    run(go())


def test_an_old_style_board_keeps_its_ids_too(server):
    async def go():
        live = kleos_at_play(server, ["ares", "athena"])
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        before = tablet.ids()
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await tablet.settle()
        after = tablet.ids()
        kept = {k for k in before if after.get(k) == before[k]}
        assert kept == set(before) & set(after) and len(kept) > 20
    run(go())


def test_fading_glow_and_news_redraw_their_own_part_only(server, monkeypatch):
    """A fade is no render of the screen: the glow's frame and the news line are each rebuilt
    where they stand, as the next render describes them, so that render finds them built."""
    from companion.ui.widgets import news, scoreboard
    monkeypatch.setattr(scoreboard, "GLOW_SECONDS", 0.3)
    monkeypatch.setattr(news, "SHOW_SECONDS", 0.6)

    async def go():
        live, _, tablet = await scorepad(server)  # the tablet: it shows the news line
        renders, redrawn = [], []
        render = tablet.app.render

        async def counted() -> None:
            renders.append(1)
            await render()
        tablet.app.render = counted
        live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, Access("seat", "ana"))  # news for the tablet
        await tablet.settle()
        assert "changed" in tablet.find("tile-bia").parent.label and label(tablet, "news") != "—"
        mark = tablet.mark()

        def faded() -> bool:  # the glow and the news line both went out
            return "changed" not in tablet.find("tile-bia").parent.label and label(tablet, "news") == "—"
        for _ in range(400):  # up to 20 s on a busy machine; each round lets the timers run
            if faded():
                break
            rebuilt = tablet.app.ui.parts.rebuilt
            if rebuilt and rebuilt not in redrawn:
                redrawn.append(rebuilt)
            await asyncio.sleep(0.05)
            await tablet.settle()
        assert faded()
        redrawn.append(tablet.app.ui.parts.rebuilt)
        assert len(renders) == 1  # the change itself: the fades drew no screen
        assert redrawn[1:] == [["scoreboard-bia"], ["news"]]  # each fade rebuilt its own part, nothing else
        assert len(tablet.patches_since(mark)) == 2  # one patch each, at its own spot
        # the next render describes the faded pieces as they were rebuilt: nothing to rebuild
        await tablet.run(render)
        assert tablet.app.ui.parts.rebuilt == []
    run(go())


def test_a_number_that_changes_again_while_it_glows_keeps_its_frame_and_glows_on(server, monkeypatch):
    """The first change's fade is no longer the glow's: it leaves the frame alone, and the
    second change rebuilt no frame (the tile glowed already: nothing to send for it)."""
    from companion.ui import later
    pending: list[asyncio.Future] = []

    async def held(delay: float) -> None:  # every fade waits until the test lets it go
        future = asyncio.get_running_loop().create_future()
        pending.append(future)
        await future

    monkeypatch.setattr(later, "sleep", held)

    def release(futures: list[asyncio.Future]) -> None:
        for future in futures:
            if not future.done():
                future.set_result(None)

    async def go():
        live, _, tablet = await scorepad(server)
        ana = Access("seat", "ana")
        live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, ana)
        await tablet.settle()
        first = list(pending)
        assert "changed" in label(tablet, "tile-bia") and "scoreboard-bia" in tablet.app.ui.parts.rebuilt
        live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, ana)
        await tablet.settle()
        assert "scoreboard-bia" not in tablet.app.ui.parts.rebuilt  # it glows already
        release(first)
        await tablet.settle()
        assert "changed" in label(tablet, "tile-bia")  # the first change's fade left it glowing
        release(pending)
        await tablet.settle()
        assert "changed" not in label(tablet, "tile-bia")
        tablet.app.clock = lambda: time.time() + 60  # past every glow: the render finds the frame built
        await tablet.run(tablet.app.render)
        assert "scoreboard-bia" not in tablet.app.ui.parts.rebuilt
    run(go())
