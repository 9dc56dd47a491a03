"""The optional turn clock: seconds each player spent on their own turns, read off event times.

Nothing ticks in the background. The clock is a fold over marks: every game
event in effect, with the seat whose turn it is afterwards, and the tablet's
clock events (start, pause, resume). The time between two marks belongs to
the seat active after the first, unless the clock is off or paused; a paused
clock never counts. `now` is passed in, so tests need no sleeps.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.i18n import t

START = "clock.start"
PAUSE = "clock.pause"
RESUME = "clock.resume"
CLOCK_TYPES = frozenset({START, PAUSE, RESUME})
GAME = "game"

Mark = tuple[float, str, "str | None"]  # (at, GAME or a clock type, active seat after a game event)


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
        raise _refuse("summary.err_clock_host")
    word = state_word(marks)
    allowed = {START: "off", PAUSE: "running", RESUME: "paused"}[kind]
    if word != allowed:
        raise _refuse("summary.err_clock_state", state=t(f"summary.clock_state_{word}", "en"))


def _refuse(key: str, **values: object) -> RuleError:
    error = RuleError(t(key, "en", **values))
    error.key = key  # type: ignore[attr-defined]
    error.values = values  # type: ignore[attr-defined]
    return error


def describe(kind: str, lang: str) -> str:
    return t(f"summary.h_{kind.replace('.', '_')}", lang)


def clock_text(seconds: float) -> str:
    """m:ss, or h:mm:ss from an hour on: small enough for a scoreboard corner."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
