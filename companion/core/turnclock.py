"""The optional turn clock: seconds each player spent on their own turns, read off event times.

Nothing ticks in the background. The clock is a fold over marks: every game
event in effect, with the seat whose turn it is afterwards, and the tablet's
clock events (start, pause, resume). The time between two marks belongs to
the seat active after the first, unless the clock is off or paused; a paused
clock never counts. `now` is passed in, so tests need no sleeps.
"""
from __future__ import annotations

import bisect
from typing import Callable, Iterable

from companion.core.model import RuleError
from companion.i18n import t

START = "clock.start"
PAUSE = "clock.pause"
RESUME = "clock.resume"
CLOCK_TYPES = frozenset({START, PAUSE, RESUME})
GAME = "game"

Mark = tuple[float, str, "str | None"]  # (at, GAME or a clock type, active seat after a game event)


class MarkLog:
    """One table's marks in seq order: built by one replay on first use, then kept in step with
    each change (a new event, an undo, a redo), so reading the clock never replays the game."""

    def __init__(self) -> None:
        self._marks: list[tuple[int, Mark]] | None = None

    def marks(self, actives: Callable[[], Iterable[tuple[dict, str | None]]], events: list[dict]) -> list[Mark]:
        """`actives` yields each game event in effect with the seat active after it; `events` is the whole log."""
        if self._marks is None:
            built = [(e["seq"], (e["at"], GAME, active)) for e, active in actives()]
            built += [(e["seq"], (e["at"], e["type"], None)) for e in events if e["type"] in CLOCK_TYPES]
            self._marks = sorted(built, key=lambda m: m[0])
        return [mark for _, mark in self._marks]

    def add(self, event: dict, active: str | None = None) -> None:
        if self._marks is not None:
            kind = event["type"] if event["type"] in CLOCK_TYPES else GAME
            bisect.insort(self._marks, (event["seq"], (event["at"], kind, active)), key=lambda m: m[0])

    def drop(self, event: dict) -> None:
        if self._marks is not None:
            self._marks = [m for m in self._marks if m[0] != event["seq"]]


def tally(marks: list[Mark], now: float) -> dict:
    """{"on", "paused", "running": seat or None, "seconds": {seat: float}} at time `now`."""
    on = paused = False
    active: str | None = None
    last: float | None = None
    seconds: dict[str, float] = {}
    for at, kind, after in marks:
        if on and not paused and active is not None and last is not None:
            seconds[active] = seconds.get(active, 0.0) + max(0.0, at - last)
        if kind == START:
            on, paused = True, False
        elif kind == PAUSE:
            paused = True
        elif kind == RESUME:
            paused = False
        else:
            active = after
        last = at
    running = active if on and not paused else None
    if running is not None and last is not None:
        seconds[running] = seconds.get(running, 0.0) + max(0.0, now - last)
    return {"on": on, "paused": paused, "running": running, "seconds": seconds}


def state_word(marks: list[Mark]) -> str:
    status = tally(marks, marks[-1][0] if marks else 0.0)
    return "off" if not status["on"] else "paused" if status["paused"] else "running"


def check(marks: list[Mark], kind: str, role: str) -> None:
    """Refuse a clock event that would not change anything, or that a phone sent."""
    if role != "host":
        raise RuleError("summary.err_clock_host")
    word = state_word(marks)
    allowed = {START: "off", PAUSE: "running", RESUME: "paused"}[kind]
    if word != allowed:
        raise RuleError("summary.err_clock_state", state=f"summary.clock_state_{word}")


def describe(kind: str, lang: str) -> str:
    return t(f"summary.h_{kind.replace('.', '_')}", lang)


def clock_text(seconds: float) -> str:
    """m:ss, or h:mm:ss from an hour on: small enough for a scoreboard corner."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def reading(marks: list[Mark]) -> dict:
    """The clock as of its last mark, with that mark's time as `at`: what a screen shows is
    this plus the time since `at` for the running seat (`running_seconds`), so a render
    reads no clock and every device of a change starts from the same figures."""
    at = marks[-1][0] if marks else 0.0
    return {**tally(marks, at), "at": at}


def running_seconds(status: dict, now: float) -> dict[str, float]:
    """Each seat's seconds at `now` from a `reading()`: the running seat's turn goes on."""
    seconds = dict(status["seconds"])
    running = status["running"]
    if running is not None:
        seconds[running] = seconds.get(running, 0.0) + max(0.0, now - status["at"])
    return seconds
