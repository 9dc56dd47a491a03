"""live.memo: a piece whose inputs did not change is not described again, and its parts stay."""
from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.ui.live import Inputs, Parts, inputs, memo, show

calls: list[str] = []


def device():
    return SimpleNamespace(parts=Parts(), lang="en", dark=False, is_phone=False)


@inputs
class Text(Inputs):
    name: str
    value: str

    @property
    def key(self) -> str:
        return self.name

    def build(self, ui) -> ft.Control:
        return ft.Text(self.value)


@inputs
class Frame(Inputs):
    seat: str
    rows: tuple

    @property
    def key(self) -> str:
        return f"frame-{self.seat}"

    def build(self, ui) -> ft.Control:
        return ft.Column(list(self.rows))


@inputs
class Tile(Inputs):
    seat: str
    value: int

    @property
    def key(self) -> str:
        return f"tile-{self.seat}"

    def build(self, ui) -> ft.Control:
        calls.append(self.seat)
        return show(ui, Frame(self.seat, (show(ui, Text(f"number-{self.seat}", str(self.value))),)))


def render(ui, scores: dict[str, int], with_memo: bool = True) -> list[ft.Control]:
    ui.parts.begin()
    try:
        if not with_memo:
            return [show(ui, Text("other", "x"))]
        return [memo(ui, Tile(seat, value)) for seat, value in scores.items()]
    finally:
        ui.parts.end()


def test_an_unchanged_tile_is_not_described_again_and_keeps_its_parts():
    ui = device()
    calls.clear()
    first = render(ui, {"ana": 1, "bia": 2})
    assert calls == ["ana", "bia"]
    calls.clear()
    second = render(ui, {"ana": 1, "bia": 3})
    assert calls == ["bia"]  # Ana's tile came back as it was, without a walk through it
    assert second[0] is first[0] and second[1] is first[1]  # the same components: nothing to send
    assert {"frame-ana", "number-ana", "frame-bia", "number-bia"} <= set(ui.parts.built)
    assert ui.parts.rebuilt == ["number-bia"]  # its frame holds the same number component


def test_a_tile_left_out_of_a_render_goes_with_its_parts_and_comes_back_described():
    ui = device()
    render(ui, {"ana": 1})
    render(ui, {}, with_memo=False)
    assert not ui.parts.memos and "number-ana" not in ui.parts.built
    calls.clear()
    render(ui, {"ana": 1})
    assert calls == ["ana"] and "number-ana" in ui.parts.built


def test_another_look_describes_every_tile_again():
    ui = device()
    render(ui, {"ana": 1})
    calls.clear()
    ui.lang = "pt"
    render(ui, {"ana": 1})
    assert calls == ["ana"]


@inputs
class Board(Inputs):
    part = "board"
    tile: ft.Control

    def build(self, ui) -> ft.Control:
        return ft.Column([self.tile])


def test_a_part_around_a_tile_keeps_the_tiles_parts_when_it_is_reused():
    ui = device()
    for _ in range(3):
        ui.parts.begin()
        show(ui, Board(memo(ui, Tile("ana", 1))))
        ui.parts.end()
        assert {"board", "frame-ana", "number-ana"} <= set(ui.parts.built)


built: list[tuple] = []


@inputs
class Record(Inputs):
    part = "p"
    children: object
    pair: object
    data: object

    def build(self, ui) -> ft.Control:
        built.append((self.children, self.pair, self.data))
        return ft.Text("x")


def test_arguments_compare_controls_by_identity_and_data_by_value():
    """What a part or memo is rebuilt for (live._equal): the same control, or children, however
    passed (a list or a tuple); equal data in new objects; never a different control of equal
    content (Flet's equality would walk whole trees, and another control is another component)."""
    ui = device()
    built.clear()

    def render(*args) -> None:
        ui.parts.begin()
        show(ui, Record(*args))
        ui.parts.end()

    child = ft.Text("a")
    render([child, None], ("ares", 1), {"glory": 2})
    render((child, None), ("ares", 1), {"glory": 2})  # same child in a tuple, equal data in new objects
    assert len(built) == 1
    render((ft.Text("a"), None), ("ares", 1), {"glory": 2})  # an equal but other control
    assert len(built) == 2
    render([ft.Text("a")], ("ares", 1), {"glory": 2})
    render([built[-1][0][0]], ("ares", 1), {"glory": 2})  # the control it was built with: no rebuild
    assert len(built) == 3
    render([built[-1][0][0]], ["ares", 1], {"glory": 2})  # a list is no tuple as data
    assert len(built) == 4


inner: list[str] = []


@inputs
class FrameOf(Inputs):
    seat: str

    @property
    def key(self) -> str:
        return f"inner-{self.seat}"

    def build(self, ui) -> ft.Control:
        inner.append(self.seat)
        return show(ui, Frame(self.seat, ()))


@inputs
class Whole(Inputs):
    seat: str
    value: int

    @property
    def key(self) -> str:
        return f"whole-{self.seat}"

    def build(self, ui) -> tuple:
        return show(ui, Text(f"number-{self.seat}", str(self.value))), memo(ui, FrameOf(self.seat))


def test_a_memo_that_hits_keeps_the_memos_inside_it():
    """A tile described from its whole score calls an inner memo for the part of it a new number
    leaves alone: while the outer memo hits, the inner one must stay, or the next new number
    describes the whole tile again."""
    ui = device()
    inner.clear()

    def render(value: int) -> None:
        ui.parts.begin()
        memo(ui, Whole("ana", value))
        ui.parts.end()

    render(1)
    render(1)  # the outer memo hits: nothing is described
    render(2)  # a new number: the outer one is described again, the inner one still hits
    assert inner == ["ana"]
    assert {"whole-ana", "inner-ana"} <= set(ui.parts.memos) and "frame-ana" in ui.parts.built
