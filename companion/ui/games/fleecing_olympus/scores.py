"""The Fleecing Olympus scoreboard: public facts only, whose turn it is, and the turn's one-tap actions.

Gems are secret, so a tile's big number is a count only where the view carries
one (the viewer's own, or one its player chose to show); anywhere else it is a
question mark. The facts line holds what the whole table argues over: the live
wager, the bank and the deck. Quick buttons are the turn's usual moves (STOP on
the Judgment holder's tile, settling on the Active player's, "target and roll"
on each possible Target's), offered where the view says this device may.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.games.fleecing_olympus import PLAYING, loser_and_winner
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import deity, name, t
from companion.ui.widgets.colours import by_place
from companion.ui.widgets.controls import tagged
from companion.ui.widgets.scoreboard import Score

NOT_YOURS, NOT_NOW = "fleecing_olympus.why_not_yours", "fleecing_olympus.why_not_now"
ICONS = {"stop": ft.Icons.BACK_HAND, "resolve": ft.Icons.GAVEL, "roll": ft.Icons.CASINO}


@dataclass(frozen=True)
class GemScore(Score):
    """A tile plus its quick buttons' answers: ((action, reason key or None), ...), empty for none."""

    quick: tuple[tuple[str, str | None], ...] = ()


def scores(ui: UI, state: dict, who: str | None) -> tuple[GemScore, ...]:
    """One tile per player in seat order, the viewer's own first on a phone, each without its number
    (`value` empty): the numbers are the counts, which move most (a player showing theirs), so they
    are put in apart (`counted`) and this is worked out again only when something else moved."""
    seats = {s["id"]: s for s in ui.snap["seats"]}
    marks = (t(ui, "ui_mark_active"), t(ui, "ui_mark_target"), t(ui, "ui_mark_judgment"))
    rows = [_score(ui, state, pid, who, seats.get(pid), marks) for pid in state["players"]]
    return tuple(sorted(rows, key=lambda s: s.seat != who) if who else rows)


def counted(ui: UI, bases: tuple[GemScore, ...], gems: dict[str, int]) -> list[GemScore]:
    """The tiles with their numbers: a count where the view carries one, "?" where it does not.

    A tile whose base and number are those of the last render is that render's very object (kept
    in `ui.local`), so the scoreboard finds its arguments identical at once: a reveal makes one
    new tile, not six."""
    values = tuple("?" if (n := gems.get(b.seat)) is None else str(n) for b in bases)
    kept = ui.local.inputs.get(TILES)
    if kept is not None and kept[0] is bases and kept[1] == values:
        return kept[2]
    before = kept[2] if kept is not None and kept[0] is bases else [None] * len(bases)
    tiles = [old if old is not None and old.value == value else
             GemScore(base.seat, base.name, value, base.colour, base.markers, base.active, base.detail, base.quick)
             for base, value, old in zip(bases, values, before)]
    ui.local.inputs[TILES] = (bases, values, tiles)
    return tiles


TILES = "fleecing_olympus.tiles"  # (bases, numbers, tiles) of the last render: counted() reuses its tiles


def facts(ui: UI, state: dict) -> tuple[str, ...]:
    turn = state["turn"] if state["phase"] in PLAYING else None
    out = [t(ui, "ui_fact_turn", n=turn["no"], step=t(ui, "ui_step_" + state["phase"]))] if turn else []
    if turn and turn["wager"] is not None:
        payer, payee = loser_and_winner(turn)
        out.append(t(ui, "ui_fact_wager", payer=name(ui, payer), payee=name(ui, payee), n=turn["wager"]))
    elif turn:
        out.append(t(ui, "ui_fact_no_wager"))
    out += [t(ui, "ui_fact_bank", n=state["bank"]), t(ui, "ui_fact_deck", n=state["deck_outs"], of=state["deck_outs_to_end"])]
    return tuple(out)


def _score(ui: UI, state: dict, pid: str, who: str | None, seat: dict | None, marks: tuple[str, str, str]) -> GemScore:
    turn = state["turn"]
    markers = [marks[0]] if pid == state["active"] else []
    markers += [marks[1]] if turn and pid == turn["target"] else []
    markers += [marks[2]] if pid == state["judgment"] else []
    # The line under the number says whose deity it is, and "your gems" on the viewer's own tile. Shown
    # or hidden is the number itself ("?"): a player showing theirs rebuilds their number on every
    # other device, and nothing else of their tile.
    detail = f"{deity(ui, state, pid)} · {t(ui, 'ui_tile_yours')}" if pid == who else deity(ui, state, pid)
    return GemScore(pid, seat["name"] if seat else pid, "", _colour(state, pid, seat), tuple(markers),
                    pid == state["active"], detail, _quick(state, pid))


def _colour(state: dict, pid: str, seat: dict | None) -> str:
    """The game gives its players no colours, and every tile showed the theme's one accent: unless the
    table named a colour, each seat takes the palette's colour for its place (widgets/colours.py)."""
    return by_place((seat or {}).get("colour"), state["players"].index(pid))


def _quick(state: dict, pid: str) -> tuple[tuple[str, str | None], ...]:
    """The moves that belong on this tile now. A move that is not this device's (or not this step's)
    is left out rather than shown dead; one it will be able to make soon (STOP before any card)
    shows disabled with its reason."""
    allowed, turn = state["allowed"], state["turn"]
    if not turn or state["phase"] not in PLAYING:
        return ()
    wanted = []
    if pid == turn["active"]:
        wanted.append("resolve")
    if pid == state["judgment"]:
        wanted.append("stop")
    if pid != turn["active"]:
        wanted.append("roll")
    return tuple((a, allowed[a]) for a in wanted if allowed[a] not in (NOT_YOURS, NOT_NOW))


def quick(ui: UI, score: Score) -> list[ft.Control]:
    assert isinstance(score, GemScore)
    return [_quick_button(ui, score.seat, action, reason, score.name) for action, reason in score.quick]


def _quick_button(ui: UI, pid: str, action: str, reason: str | None, name: str) -> ft.Control:
    """Read with whose it is ("Bia: Roll"): the tile's other buttons say the same words."""
    event = {"type": action, "target": pid} if action == "roll" else {"type": action}

    async def send(e) -> None:
        await ui.send(dict(event))

    label = t(ui, "ui_quick_" + action)
    why = ui.t(reason) if reason else None
    body = ft.OutlinedButton(label, icon=ICONS[action], on_click=send, disabled=reason is not None, height=48,
                             style=ft.ButtonStyle(text_style=ft.TextStyle(size=15),
                                                               padding=ft.Padding.symmetric(horizontal=8)))
    return tagged(body, f"quick-{action}-{pid}", f"{name}: {label}" + (f": {why}" if why else ""))
