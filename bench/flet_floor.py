"""What Flet itself charges for the pieces of one change, on one session, in one process (issue #26).

Candidate (c) of #26 was to assign changed values onto controls already shown and call their
`update()` (Flet's in-place diff) instead of rebuilding a part (a component's frozen reconcile).
This prints, for the same session and in the same run (best of 5 rounds, server CPU per update):
- bare Flet's change, as bench/_bare_flet.py makes it: one Text's value assigned in place;
- one changed number: a part rebuilt (Component.update) against the value assigned in place;
- one more row at the head of a four-row list (a Glory log, a history): a part rebuilt with one
  more row component against the row inserted into a plain Column in place;
- what the row is made of, each as a part rebuilt with one more row: the Kleos Glory row as it was
  (a tagged Text of two spans), the same line without its coloured dot (a tagged Text), the history
  row as it was (a tagged Row of three Texts), that row as one Text of three spans, and both rows as
  they are drawn now (LIVE_PERFORMANCE.md: a tagged Text whose value leads and one span; bench/row_cost.py
  counts their fields). Spans are dataclasses too: Flet walks every field of each (a span 23,
  its style 18), as of any added control.
- the bare change, the number and the new row again, each after an idle pause (--pause, 0.2 s by
  default), as bench/fanout.py's changes come: each one after its devices went quiet. On the
  development machine each then costs several times its back-to-back figure, much of it a cost of
  its own that falls on whatever runs first after the pause (the CPU's caches gone cold), so
  ratios taken back to back do not carry over to a server's CPU per change.
Messages are msgpack-encoded as the websocket transport does (tests/ui/live_device.py).

Run from the repository root: python bench/flet_floor.py [--updates 300] [--pause 0.2]
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "ui")]
import flet as ft  # noqa: E402
import msgpack  # noqa: E402
from flet.messaging.session import Session as FletSession  # noqa: E402
from live_device import ENCODE, FakeConnection  # noqa: E402

from companion.ui.live import Holder, view  # noqa: E402

ROUNDS = 5


def number(n: int) -> ft.Control:
    return ft.Semantics(content=ft.Text(str(n), size=30), identifier="number")


def row(n: int) -> ft.Control:
    """A Glory log row as the Kleos board drew it before LIVE_PERFORMANCE.md's one-Text rows: a dot and a line, two spans."""
    return ft.Semantics(content=ft.Text(spans=[ft.TextSpan("●  ", ft.TextStyle(color="red", size=12)),
                                               ft.TextSpan(f"Day 1: Ares +{n} (kill)")], size=15),
                        identifier=f"row-{n}")


def plain_row(n: int) -> ft.Control:
    """The Glory row without its coloured dot."""
    return ft.Semantics(content=ft.Text(f"Day 1: Ares +{n} (kill)", size=15), identifier=f"row-{n}")


def history_row(n: int) -> ft.Control:
    """A history row as widgets/history.py drew it before LIVE_PERFORMANCE.md's one-Text rows: the time, who, what."""
    return ft.Semantics(content=ft.Row([
        ft.Text("21:07", size=12, width=44, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text("Ana", size=13, width=80, weight=ft.FontWeight.W_600, no_wrap=True),
        ft.Text(f"Ares +{n} Glory (kill)", size=14, expand=True)]), identifier=f"history-{n}")


def history_spans(n: int) -> ft.Control:
    """The same history row as one Text of three spans."""
    return ft.Semantics(content=ft.Text(spans=[
        ft.TextSpan("21:07  ", ft.TextStyle(size=12, color=ft.Colors.ON_SURFACE_VARIANT)),
        ft.TextSpan("Ana  ", ft.TextStyle(size=13, weight=ft.FontWeight.W_600)),
        ft.TextSpan(f"Ares +{n} Glory (kill)")], size=14), identifier=f"history-{n}")


def glory_now(n: int) -> ft.Control:
    """A Glory log row as the Kleos board draws it: the dot is the Text's value, the line its one span."""
    return ft.Semantics(content=ft.Text("●  ", size=12, color="red", spans=[
        ft.TextSpan(f"Day 1: Ares +{n} (kill)", ft.TextStyle(size=15, color=ft.Colors.ON_SURFACE))]), identifier=f"row-{n}")


def history_now(n: int) -> ft.Control:
    """A history row as widgets/history.py draws it: time and who are the Text's value, what its one span."""
    return ft.Semantics(content=ft.Text("21:07  Ana  ", size=12, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SURFACE_VARIANT,
                                        spans=[ft.TextSpan(f"Ares +{n} Glory (kill)", ft.TextStyle(
                                            size=14, weight=ft.FontWeight.NORMAL, color=ft.Colors.ON_SURFACE))]),
                        identifier=f"history-{n}")


def after_pauses(updates: int, pause: float, one: Callable[[int], None]) -> float:
    """CPU per update, each update run alone after `pause` seconds of doing nothing."""
    spent = 0.0
    for n in range(updates):
        time.sleep(pause)
        started = time.process_time()
        one(n)
        spent += time.process_time() - started
    return spent / updates


def best(updates: int, one: Callable[[int], None]) -> float:
    fastest = float("inf")
    for _ in range(ROUNDS):
        started = time.process_time()
        for n in range(updates):
            one(n)
        fastest = min(fastest, (time.process_time() - started) / updates)
    return fastest


async def measure(updates: int, pause: float) -> None:
    conn = FakeConnection(asyncio.get_running_loop())
    session = FletSession(conn)
    conn.session = session
    session.apply_page_patch({"route": "/", "width": 390, "height": 844, "web": True})
    msgpack.packb(session.get_page_patch(), default=ENCODE)  # the register answer mounts the page
    page = session.page

    async def run() -> None:
        counter, plain_number = ft.Text("0", size=30), number(0)
        number_holder, rows_holder = Holder(number(0)), Holder(ft.Column([]))
        number_part, rows_part = view(number_holder, "number-part"), view(rows_holder, "rows-part")
        plain_rows = ft.Column([])
        kinds = {label: (Holder(ft.Column([])), make) for label, make in (
            ("  a Glory row (tagged Text, two spans)", row), ("  the same line, no dot (tagged Text)", plain_row),
            ("  a history row (tagged Row of 3 Texts)", history_row),
            ("  a history row as one Text of 3 spans", history_spans),
            ("  a Glory row now (Text value + one span)", glory_now),
            ("  a history row now (Text value + one span)", history_now))}
        kind_parts = {label: view(holder, f"kind-{i}") for i, (label, (holder, _)) in enumerate(kinds.items())}
        page.controls = [ft.Column([counter, plain_number, number_part, rows_part, plain_rows, *kind_parts.values()])]
        page.update()
        shown: list[ft.Control] = []

        def bare(n: int) -> None:
            counter.value = str(n)
            counter.update()

        def number_rebuilt(n: int) -> None:
            number_holder.control = number(n)
            number_part.update()

        def number_in_place(n: int) -> None:
            plain_number.content.value = str(n)
            plain_number.update()

        def row_rebuilt(n: int) -> None:
            nonlocal shown
            shown = [view(Holder(row(n)), f"row-{n}"), *shown][:4]
            rows_holder.control = ft.Column(shown, spacing=12)
            rows_part.update()

        def row_in_place(n: int) -> None:
            plain_rows.controls.insert(0, row(n))
            del plain_rows.controls[4:]
            plain_rows.update()

        base = best(updates, bare)
        print(f"bare Flet's change (a Text's value, in place)   {1e6 * base:7.0f} us  1.0x")
        for label, one in (("a number: part rebuilt", number_rebuilt), ("a number: value assigned in place", number_in_place),
                           ("a new row: part rebuilt", row_rebuilt), ("a new row: inserted in place", row_in_place)):
            cost = best(updates, one)
            print(f"{label:47s} {1e6 * cost:7.0f} us  {cost / base:4.1f}x")
        print("what a new row is made of (part rebuilt with one more row):")
        for label, (holder, make) in kinds.items():
            rows: list[ft.Control] = []

            def add(n: int, holder: Holder = holder, make: Callable[[int], ft.Control] = make,
                    rows: list[ft.Control] = rows, label: str = label) -> None:
                rows[:] = [view(Holder(make(n)), f"{label}-{n}"), *rows][:4]
                holder.control = ft.Column(list(rows), spacing=12)
                kind_parts[label].update()

            cost = best(updates, add)
            print(f"{label:47s} {1e6 * cost:7.0f} us  {cost / base:4.1f}x")
        calm = max(20, updates // 10)  # fewer: each waits for the pause
        cold = after_pauses(calm, pause, bare)
        print(f"after {pause} s idle, each ({calm} updates):")
        print(f"  {'the bare change':45s} {1e6 * cold:7.0f} us  {cold / base:4.1f}x")
        for label, one in (("a number: part rebuilt", number_rebuilt), ("a new row: part rebuilt", row_rebuilt)):
            cost = after_pauses(calm, pause, one)
            print(f"  {label:45s} {1e6 * cost:7.0f} us  {cost / base:4.1f}x  ({cost / cold:.1f}x bare's, idle alike)")

    await asyncio.wrap_future(page.run_task(run))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=300)
    parser.add_argument("--pause", type=float, default=0.2, help="seconds idle before each update of the last lines")
    args = parser.parse_args()
    asyncio.run(measure(args.updates, args.pause))


if __name__ == "__main__":
    main()
