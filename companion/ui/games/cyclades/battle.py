"""The battle odds calculator: steppers for both sides, bars for the outcomes, a retreat grid.

Everything typed here stays on this device (ui.local.inputs), and the odds are the
game's exact fractions turned into percentages. Two heroes need the table's
word: whether a tied round sets off Achilles (the rulebook's reading, no, is
the default; a switch plays the other), and how much gold Croesus' owner will
spend on re-rolls in this battle. A screen never assumes what its device cannot
know: only when its player says Croesus fights on their side (a phone, or the
tablet's private screen of a seat) does the budget start at, and stop at, that
seat's own purse; otherwise it is a guess up to the game's maximum, labelled as
the opponent's gold, unknown to this device. The same battle asked for
again on any device is served from a small cache, since every change on the
table re-renders every screen.

A battle not yet in the cache is worked out off the event loop, within a time
bound, as a kept read (ui/kept.py): 20 troops a side with Croesus and 10 gold of
re-rolls took 2.5 s on a busy machine, and in a render that stalled every device.
The card's part takes that read as an input. A tap on the card waits for its own
answer before drawing; a battle that changes under the card otherwise (a phone's
gold capping the re-rolls) shows that it is being worked out, and the card is
drawn again once it is; one given up on says so.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Awaitable, Callable

import flet as ft

from companion.core.model import RuleError
from companion.games.cyclades import HERO_STRENGTH, MAX_REROLLS, BattleOdds, Side, opening, retreat_table
from companion.i18n import numbers
from companion.ui.context import UI
from companion.ui.kept import Read, fetch, kept
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.calculator import calculator, result_bar
from companion.ui.widgets.controls import button, card, heading, stepper, tagged, unread

KEY = "cyclades.odds."
DEFAULTS = {"sea": False, "attackers": 3, "defenders": 2, "attacker_bonus": 0, "defender_bonus": 0,
            "attacker_heroes": [], "defender_heroes": [], "rerolls": 1, "achilles_ties": False, "mine": None}
SIDES = ("attacker", "defender")
MAX_UNITS = 20
GRID = 8
PHONE_CELL, TABLET_CELL = 33, 38  # a grid cell's width: nine a line fit a 390 px phone's card
# Odysseus only ignores fortresses when he attacks, so a defender gains nothing from him.
DEFENDING_HEROES = tuple(h for h in HERO_STRENGTH if h != "odysseus")
ODDS_SECONDS = 10.0  # past this a battle's answer is given up on (the card says so)
READ = "cyclades-odds"  # the kept read (ui/kept.py) of the battle the card shows
CACHED = 128
Battle = tuple[Side, Side, bool, bool]  # attacker, defender, at sea, Achilles on ties
Grid = dict[tuple[int, int], BattleOdds]
_grids: OrderedDict[Battle, Grid | RuleError] = OrderedDict()  # plain data: no device's controls
_grids_lock = threading.Lock()  # filled from the slow-work threads


def battle_grid(attacker: Side, defender: Side, sea: bool, achilles_ties: bool = False) -> Grid:
    """The retreat table of one battle, from the cache when any device asked for it before."""
    found = _solve((attacker, defender, sea, achilles_ties))
    if isinstance(found, RuleError):
        raise found
    return found


def _known(battle: Battle) -> Grid | RuleError | None:
    with _grids_lock:
        if battle in _grids:
            _grids.move_to_end(battle)
        return _grids.get(battle)


def _solve(battle: Battle) -> Grid | RuleError:
    """Worked out once (a refusal too); run in a slow-work thread, never on the event loop."""
    found = _known(battle)
    if found is not None:
        return found
    try:
        found = retreat_table(*battle)
    except RuleError as err:
        found = err
    with _grids_lock:
        _grids[battle] = found
        while len(_grids) > CACHED:
            _grids.popitem(last=False)
    return found


def odds(ui: UI, gold: int | None) -> Read | None:
    """The answer for the battle this device's inputs describe, the card's input: at once when
    any device worked it out before, else the kept read (None or another battle's while it is
    worked out). None while the card is folded: nothing to work out."""
    if not ui.local.inputs.get(KEY + "open", not ui.is_phone):
        return None
    battle = _inputs(ui.local.inputs, gold)[1]
    known = _known(battle)
    return Read(battle, known) if known is not None else kept(ui, READ, battle, lambda: _solve(battle), ODDS_SECONDS)


async def _answer(ui: UI, gold: int | None) -> None:
    """After this device changed an input: its own answer, awaited off the loop before the card is drawn."""
    battle = _inputs(ui.local.inputs, gold)[1]
    if _known(battle) is None:
        await fetch(ui, READ, battle, lambda: _solve(battle), ODDS_SECONDS)


def _inputs(stored: dict, gold: int | None) -> tuple[dict, Battle]:
    """This device's inputs (re-rolls within the purse only when Croesus is this seat's) and the battle."""
    v = {k: stored.get(KEY + k, d) for k, d in DEFAULTS.items()}
    sea = v["sea"]
    if "croesus" in {*v["attacker_heroes"], *v["defender_heroes"]} and not sea:
        most, own = croesus_budget(v, gold)
        v["rerolls"] = min(most, stored.get(KEY + "rerolls", gold if own else DEFAULTS["rerolls"]))
    attacker = Side(v["attackers"], v["attacker_bonus"] if sea else 0, () if sea else tuple(v["attacker_heroes"]),
                    v["rerolls"])
    defender = Side(v["defenders"], v["defender_bonus"], () if sea else tuple(v["defender_heroes"]), v["rerolls"])
    return v, (attacker, defender, sea, bool(v["achilles_ties"]))


def croesus_budget(v: dict, gold: int | None) -> tuple[int, bool]:
    """(the most Croesus' re-rolls may be set to, whether that is this device's own purse). Only a seat
    that says Croesus fights on its side reads its own gold; anyone else's is a secret: the game's maximum."""
    side = "attacker" if "croesus" in v["attacker_heroes"] else "defender"
    if gold is not None and v.get("mine") == side:
        return max(0, min(MAX_REROLLS, gold)), True
    return MAX_REROLLS, False


@inputs
class BattleCard(Inputs):
    """Open at first on the tablet; folded on a phone, whose screen belongs to the purse.
    `saved`: this device's odds inputs (`slices.local(ui, KEY)`); `gold`: a phone's own gold (None on the tablet);
    `read`: the answer as `odds(ui, gold)` has it."""

    part = "cyc-odds"
    saved: tuple
    gold: int | None
    read: Read | None

    def build(self, ui: UI) -> ft.Control:
        gold, read = self.gold, self.read
        stored = dict(self.saved)
        shown = stored.get(KEY + "open", not ui.is_phone)

        async def refresh() -> None:
            """After this device changed an input: its answer first (off the loop), then the card."""
            await _answer(ui, gold)
            await ui.refresh()

        async def fold(e) -> None:
            ui.local.inputs[KEY + "open"] = not shown
            await refresh()
        title = ft.Row([heading(ui.t("cyclades.ui_odds_title"), 20),
                        button(ui.t("cyclades.ui_close" if shown else "cyclades.ui_open"), fold, "cyc-odds-toggle",
                               filled=False, height=48)], alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
        if not shown:
            return card(title, ident="cyc-odds")
        v, battle = _inputs(stored, gold)
        sea = v["sea"]
        parts: list[ft.Control] = [title, _kind(ui, sea, refresh)]
        noun = "fleets" if sea else "troops"
        parts.append(_number(ui, "attackers", v, ui.t(f"cyclades.ui_odds_attacking_{noun}"), refresh))
        parts.append(_number(ui, "defenders", v, ui.t(f"cyclades.ui_odds_defending_{noun}"), refresh))
        if sea:
            parts.append(_number(ui, "attacker_bonus", v, ui.t("cyclades.ui_odds_attacker_ports"), refresh))
            parts.append(_number(ui, "defender_bonus", v, ui.t("cyclades.ui_odds_defender_ports"), refresh))
        else:
            parts.append(_number(ui, "defender_bonus", v, ui.t("cyclades.ui_odds_fortresses"), refresh))
            parts.append(_heroes(ui, "attacker_heroes", v, tuple(HERO_STRENGTH),
                                 ui.t("cyclades.ui_odds_attacker_heroes"), refresh))
            parts.append(_heroes(ui, "defender_heroes", v, DEFENDING_HEROES, ui.t("cyclades.ui_odds_defender_heroes"),
                                 refresh))
            chosen = {*v["attacker_heroes"], *v["defender_heroes"]}
            if "croesus" in chosen:
                if gold is not None:  # a seat's screen: which side is its own decides whose gold this is
                    parts.append(_my_side(ui, v["mine"], refresh))
                most, own = croesus_budget(v, gold)
                label = "ui_odds_croesus_rerolls" if gold is None or own else "ui_odds_croesus_rerolls_theirs"
                parts.append(_number(ui, "rerolls", v, ui.t(f"cyclades.{label}"), refresh, most))
                hint = ui.t("cyclades.ui_odds_croesus_gold" if own else "cyclades.ui_odds_croesus_help", gold=gold or 0)
                parts.append(tagged(ft.Text(hint, size=14, italic=True), "cyc-odds-croesus-hint", hint))
            if "achilles" in chosen:
                parts.append(_achilles(ui, v["achilles_ties"], refresh))
        parts.append(ft.Text(ui.t("cyclades.ui_odds_sea_help" if sea else "cyclades.ui_odds_land_help"), size=14,
                             italic=True))
        assumed = ui.t("cyclades.ui_odds_assumptions")
        parts.append(tagged(ft.Text(assumed, size=14, italic=True), "cyc-odds-assumptions", assumed))
        if read is None or read.query != battle:
            working = ui.t("cyclades.ui_odds_working")
            results = [tagged(ft.Text(working, size=16, italic=True), "cyc-odds-working", working)]
        elif not isinstance(read.value, dict):  # refused, or given up on
            message = read.value.text(ui.lang) if isinstance(read.value, RuleError) else \
                ui.t("cyclades.ui_odds_too_slow")
            results = [tagged(ft.Text(message, size=16, color=ft.Colors.ERROR), "cyc-odds-error", message)]
        else:
            top = opening(battle[0], battle[1])
            results = _outcome(ui, read.value[top], top, sea)
            parts.append(_retreat(ui, read.value, top))
        # The answer first (on a phone its numbers are pinned under the page too: `odds_bar`).
        answer = ft.Column(results, spacing=8, tight=True)
        return card(title, calculator(answer, parts[1:], ui.is_phone, "cyc-odds"), ident="cyc-odds")


def odds_bar(ui: UI, gold: int | None, read: Read | None) -> ft.Control:
    """A phone's pinned bar (test id `cyc-odds-bar`) while the card is open: who wins, in view
    wherever the inputs are scrolled to (widgets/calculator.py). `gold`, `read`: as for the card."""
    battle = _inputs(ui.local.inputs, gold)[1]
    if read is None or read.query != battle:
        cells = ((ui.t("cyclades.ui_odds_working"), "…"),)
    elif not isinstance(read.value, dict):
        cells = ((ui.t("cyclades.ui_odds_title"), "—"),)
    else:
        odds = read.value[opening(battle[0], battle[1])]
        both = "ui_odds_both_sea" if battle[2] else "ui_odds_both_land"
        cells = tuple((ui.t(f"cyclades.{key}"), percent(float(p), ui.lang)) for key, p in (
            ("ui_odds_attacker_wins", odds.attacker_wins), ("ui_odds_defender_wins", odds.defender_wins),
            (both, odds.both_eliminated)))
    return show(ui, PinnedBar(cells))


@inputs
class PinnedBar(Inputs):
    """The phone's bar of who wins: `cells` is each outcome's label and its percent."""

    part = "cyc-odds-bar"
    cells: tuple[tuple[str, str], ...]

    def build(self, ui: UI) -> ft.Control:
        return result_bar("cyc-odds-bar", self.cells)


Refresh = Callable[[], Awaitable[None]]


def _kind(ui: UI, sea: bool, refresh: Refresh) -> ft.Control:
    def choose(value: bool):
        async def handler(e) -> None:
            ui.local.inputs[KEY + "sea"] = value
            await refresh()
        return handler
    return ft.Row([
        button(ui.t("cyclades.ui_odds_land"), choose(False), "cyc-odds-land", icon=ft.Icons.TERRAIN,
               filled=not sea, expand=True),
        button(ui.t("cyclades.ui_odds_sea"), choose(True), "cyc-odds-sea", icon=ft.Icons.SAILING,
               filled=sea, expand=True),
    ])


def _number(ui: UI, name: str, v: dict, label: str, refresh: Refresh, most: int = MAX_UNITS) -> ft.Control:
    async def change(new: int) -> None:
        ui.local.inputs[KEY + name] = new
        await refresh()
    return stepper(label, v[name], change, f"cyc-odds-{name.replace('_', '-')}", minimum=0, maximum=most)


def _my_side(ui: UI, mine: str | None, refresh: Refresh) -> ft.Control:
    """Which side this seat fights on, if any: only then is Croesus' gold possibly its own."""
    def choose(value: str | None):
        async def handler(e) -> None:
            ui.local.inputs[KEY + "mine"] = value
            await refresh()
        return handler
    choices = [(None, "ui_odds_side_none"), ("attacker", "ui_odds_side_attacker"), ("defender", "ui_odds_side_defender")]
    return ft.Column([
        ft.Text(ui.t("cyclades.ui_odds_my_side"), size=16),
        ft.Row([button(ui.t(f"cyclades.{key}"), choose(value), f"cyc-odds-mine-{value or 'none'}",
                       filled=mine == value) for value, key in choices], wrap=True, spacing=8, run_spacing=8),
    ], spacing=4)


def _achilles(ui: UI, ties: bool, refresh: Refresh) -> ft.Control:
    """Which rounds set Achilles off: the rulebook's lost rounds only (default), or ties as well."""
    def choose(value: bool):
        async def handler(e) -> None:
            ui.local.inputs[KEY + "achilles_ties"] = value
            await refresh()
        return handler
    return ft.Column([
        ft.Text(ui.t("cyclades.ui_odds_achilles_title"), size=16),
        ft.Row([  # wraps: the Portuguese labels do not fit side by side on a phone
            button(ui.t("cyclades.ui_odds_achilles_lost"), choose(False), "cyc-odds-achilles-lost", filled=not ties),
            button(ui.t("cyclades.ui_odds_achilles_ties"), choose(True), "cyc-odds-achilles-ties", filled=ties),
        ], wrap=True, spacing=8, run_spacing=8),
    ], spacing=4)


def _heroes(ui: UI, name: str, v: dict, offer: tuple[str, ...], label: str, refresh: Refresh) -> ft.Control:
    chosen: tuple[str, ...] = tuple(v[name])

    def toggle(hero: str):
        async def handler(e) -> None:
            ui.local.inputs[KEY + name] = [h for h in chosen if h != hero] if hero in chosen else [*chosen, hero]
            await refresh()
        return handler

    side = name.split("_")[0]
    chips = [tagged(ft.Chip(ft.Text(ui.t(f"cyclades.hero_{h}"), size=15), selected=h in chosen, on_click=toggle(h),
                            height=48), f"cyc-odds-{side}-{h}") for h in offer]
    return ft.Column([ft.Text(label, size=16), ft.Row(chips, wrap=True, spacing=6, run_spacing=6)], spacing=4)


def _outcome(ui: UI, odds: BattleOdds, top: tuple[int, int], sea: bool) -> list[ft.Control]:
    both = "ui_odds_both_sea" if sea else "ui_odds_both_land"
    rows = [
        _bar(ui, ui.t("cyclades.ui_odds_attacker_wins"), float(odds.attacker_wins), ft.Colors.RED_400, "cyc-odds-attacker"),
        _bar(ui, ui.t("cyclades.ui_odds_defender_wins"), float(odds.defender_wins), ft.Colors.BLUE_400, "cyc-odds-defender"),
        _bar(ui, ui.t(f"cyclades.{both}"), float(odds.both_eliminated), ft.Colors.GREY_500, "cyc-odds-both"),
    ]
    survivors = ui.t("cyclades.ui_odds_survivors", attacker=numbers.number(odds.attacker_survivors, ui.lang, 1),
                     attackers=top[0], defender=numbers.number(odds.defender_survivors, ui.lang, 1), defenders=top[1])
    rows.append(tagged(ft.Text(survivors, size=16), "cyc-odds-survivors", survivors))
    return rows


def percent(p: float, lang: str, sign: bool = True) -> str:
    """Whole percent in the reader's language, but never 0 or 100 for something merely likely
    or unlikely; the retreat grid's cells leave the sign out to stay narrow."""
    shown = 0 if p <= 0 else 1 if p >= 1 else min(99, max(1, round(p * 100))) / 100
    return numbers.percent(shown, lang, 0) if sign else numbers.number(shown * 100, lang)


def _bar(ui: UI, label: str, p: float, colour: str, ident: str) -> ft.Control:
    text = f"{label}: {percent(p, ui.lang)}"
    return tagged(ft.Column([
        ft.Row([ft.Text(label, size=16, expand=True), ft.Text(percent(p, ui.lang), size=22, weight=ft.FontWeight.BOLD)]),
        ft.ProgressBar(value=p, bar_height=14, color=colour, border_radius=7,
                       bgcolor=ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE)),
    ], spacing=2), ident, text)


def _retreat(ui: UI, grid: dict[tuple[int, int], BattleOdds], top: tuple[int, int]) -> ft.Control:
    """The attacker's chance from each point the battle can reach: red cells are where retreat pays."""
    a_rows = range(top[0], max(0, top[0] - GRID), -1)
    d_cols = range(top[1], max(0, top[1] - GRID), -1)
    # Narrow enough on a phone for the whole grid to fit its width: no scroll of its own in the page's.
    width = PHONE_CELL if ui.is_phone else TABLET_CELL
    # Each cell is read with its row and column ("3 attacking, 2 defending: 90%"), so the headers,
    # shown for the eye, are not read as bare numbers.
    head = unread(ft.Row([_cell("", None, width)] + [_cell(str(d), None, width, bold=True) for d in d_cols],
                         spacing=2))
    rows = [head]
    for a in a_rows:
        cells = [unread(_cell(str(a), None, width, bold=True))]
        for d in d_cols:
            p = float(grid[(a, d)].attacker_wins)
            shown = percent(p, ui.lang, sign=False)
            cells.append(_cell(shown, p, width, said=ui.t("cyclades.ui_odds_cell", a=a, d=d, p=shown)))
        rows.append(ft.Row(cells, spacing=2))
    return tagged(ft.Column([
        ft.Text(ui.t("cyclades.ui_odds_retreat_title"), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(ui.t("cyclades.ui_odds_retreat_help"), size=14),
        ft.Column(rows, spacing=2),
    ], spacing=6), "cyc-odds-retreat")


def _cell(text: str, p: float | None, width: int, bold: bool = False, said: str | None = None) -> ft.Control:
    """A grid cell tinted from red (attacker likely loses) to green (attacker likely wins), read as `said`."""
    colour = None if p is None else ft.Colors.with_opacity(0.25 + 0.5 * abs(p - 0.5) * 2,
                                                           ft.Colors.GREEN if p >= 0.5 else ft.Colors.RED)
    return ft.Container(ft.Text(text, size=13, weight=ft.FontWeight.BOLD if bold else None,
                                text_align=ft.TextAlign.CENTER, semantics_label=said),
                        width=width, height=28, bgcolor=colour, border_radius=4, alignment=ft.Alignment.CENTER)
