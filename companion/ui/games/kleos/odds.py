"""Kleos odds calculator: combat, recruiting and competing checks.

Its inputs live in `ui.local`, never in the table's state: several players may
try "what if" numbers at once, and none of it is a move in the game. Every
stepper writes there and re-renders only this device.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Awaitable, Callable

import flet as ft

from companion.games.kleos import pool
from companion.games.kleos import (
    MAX_SIDES, MINOTAUR, Fighter, Hunter, alone, combat, competing, competing_many, recruit,
)
from companion.i18n import numbers
from companion.ui.context import UI
from companion.ui import live
from companion.ui.live import Inputs, show
from companion.ui.widgets.calculator import calculator, result_bar
from companion.ui.widgets.controls import FONT, TOUCH, button, card, heading, stepper, tagged

SECTION = "kleos.odds.section"
ATTACKER = "kleos.odds.attacker"
DEFENDER = "kleos.odds.defender"
OPPORTUNITY = "kleos.odds.opportunity"
RECRUIT = "kleos.odds.recruit"
COMPETING = "kleos.odds.competing"
SECTIONS = ("combat", "recruit", "competing")

SIDE_NAMES = "ABCDEF"[:MAX_SIDES]
# Far above any card in the box, yet small enough to keep the steppers quick to use.
STAT_MAX, TACTICS_LIMIT, DISPOSITION_MAX = 20, 20, 10

_FIGHTER = {"attack": 3, "defense": 2, "tactics": 0, "champion": False, "godly": False, "hunter": False,
            "hunter_attack": 0, "hunter_defense": 0}  # each Hunter's card prints its own bonus: none assumed
DEFAULTS: dict[str, Any] = {
    SECTION: "combat",
    ATTACKER: _FIGHTER,
    DEFENDER: _FIGHTER,
    OPPORTUNITY: False,
    RECRUIT: {"cunning": 3, "disposition": 1, "godly": False},
    COMPETING: {"sides": 2, **{f"{n.lower()}{suffix}": v for n in SIDE_NAMES
                                for suffix, v in (("", 3), ("_godly", False))}},
}


def inputs(ui: UI, key: str) -> Any:
    """This device's value for one calculator input, seeded from the defaults on first use."""
    if key not in ui.local.inputs:
        default = DEFAULTS[key]
        ui.local.inputs[key] = dict(default) if isinstance(default, dict) else default
    return ui.local.inputs[key]


def fighter(side: dict) -> Fighter:
    """A side as the odds see it; a lone Hunter adds the bonus typed from its card."""
    plain = Fighter(side["attack"], side["defense"], side["tactics"], side["godly"], side["champion"])
    return alone(plain, Hunter(side["hunter_attack"], side["hunter_defense"])) if side["hunter"] else plain


def combat_pools(ui: UI) -> dict[str, tuple[int, bool]]:
    """Dice (and Godly or not) each side of the current combat rolls: the dice tray's presets."""
    attacker, defender = fighter(inputs(ui, ATTACKER)), fighter(inputs(ui, DEFENDER))
    opportunity = inputs(ui, OPPORTUNITY)
    return {
        "attacker": (pool(attacker.attack, 0 if opportunity else attacker.tactics), attacker.godly),
        "defender": (pool(defender.attack, defender.tactics), defender.godly),
    }


def percent(chance: Fraction | float, lang: str) -> str:
    """One decimal, in the reader's language (companion/i18n/numbers.py)."""
    return numbers.percent(chance, lang, 1)


def decimal(value: Fraction | float, lang: str) -> str:
    return numbers.number(value, lang, 2)


def toggle(label: str, on: bool, on_change: Callable[[bool], Awaitable[None]], ident: str) -> ft.Control:
    """A yes/no as a big button: filled with a ticked box when on, so it reads across the table."""
    async def flip(e: object) -> None:
        await on_change(not on)

    kind = ft.FilledButton if on else ft.OutlinedButton
    icon = ft.Icons.CHECK_BOX if on else ft.Icons.CHECK_BOX_OUTLINE_BLANK
    return tagged(kind(label, icon=icon, on_click=flip, height=TOUCH,
                       style=ft.ButtonStyle(text_style=ft.TextStyle(size=16, font_family=FONT))), ident)


def setter(ui: UI, key: str, field: str | None = None) -> Callable[[Any], Awaitable[None]]:
    """A change handler that stores one input (a field of a dict input when `field` is given)."""
    async def change(value: Any) -> None:
        ui.local.inputs[key] = value if field is None else {**inputs(ui, key), field: value}
        await ui.refresh()
    return change


def chance_row(ui: UI, name: str, chance: Fraction) -> ft.Control:
    return labelled_chance(ui, ui.t(f"kleos_tools.{name}"), f"odds-{name}", chance)


def labelled_chance(ui: UI, label: str, ident: str, chance: Fraction) -> ft.Control:
    text = percent(chance, ui.lang)
    # The bar stays outside the tagged node: merged in, it would turn the node into a
    # progress bar whose text a reader (or a test) no longer sees.
    return ft.Column([
        tagged(ft.Row([ft.Text(label, size=16, expand=True),
                       ft.Text(text, size=22, weight=ft.FontWeight.BOLD)]), ident, f"{label} {text}"),
        ft.ProgressBar(value=float(chance), bar_height=10, border_radius=5),
    ], spacing=4, tight=True)


def odds_panel(ui: UI) -> ft.Control:
    """Section buttons over the chosen calculator; results follow the steppers at once.

    One part whose arguments are this device's inputs: a stepper tap rebuilds it, a
    Glory change from another device never does (its scroll and values stay)."""
    return show(ui, Panel(*(inputs(ui, key) for key in DEFAULTS)))


def odds_bar(ui: UI) -> ft.Control:
    """A phone's pinned bar (test id `odds-bar`): the chosen calculator's chances, in view
    wherever its inputs are scrolled to (widgets/calculator.py)."""
    return show(ui, Bar(*(inputs(ui, key) for key in DEFAULTS)))


@live.inputs
class Bar(Inputs):
    """Worked out again only when an input changed (the same values `inputs` reads)."""

    part = "kleos-odds-bar"
    chosen: str
    attacker: dict
    defender: dict
    opportunity: bool
    recruit: dict
    competing: dict

    def build(self, ui: UI) -> ft.Control:
        return result_bar("odds-bar", tuple((label, percent(chance, ui.lang))
                                            for label, chance in _chances(ui, self.chosen)))


def _chances(ui: UI, chosen: str) -> list[tuple[str, Fraction]]:
    """The chosen calculator's results, as its panel lists them."""
    if chosen == "combat":
        odds = combat(fighter(inputs(ui, ATTACKER)), fighter(inputs(ui, DEFENDER)), opportunity=inputs(ui, OPPORTUNITY))
        return [(ui.t(f"kleos_tools.outcome_{name}"), chance) for name, chance in odds.exclusive().items()]
    if chosen == "recruit":
        values = inputs(ui, RECRUIT)
        return [(ui.t("kleos_tools.recruit_chance"),
                 recruit(values["cunning"], values["disposition"], values["godly"]))]
    values = inputs(ui, COMPETING)
    names = SIDE_NAMES[:values["sides"]]
    if len(names) == 2:
        chances = competing(values["a"], values["b"], values["a_godly"], values["b_godly"])
        return [(ui.t(f"kleos_tools.{name}"), chance) for name, chance in zip(("a_wins", "tie", "b_wins"), chances)]
    wins, tie = competing_many([(values[n.lower()], values[f"{n.lower()}_godly"]) for n in names])
    return [*((ui.t("kleos_tools.wins_n", side=n), p) for n, p in zip(names, wins)), (ui.t("kleos_tools.tie"), tie)]


@live.inputs
class Panel(Inputs):
    """The calculator for these inputs (the same values `inputs` reads while this builds)."""

    part = "kleos-odds"
    chosen: str
    attacker: dict
    defender: dict
    opportunity: bool
    recruit: dict
    competing: dict

    def build(self, ui: UI) -> ft.Control:
        choose = setter(ui, SECTION)

        def pick(name: str):
            async def handler(e: object) -> None:
                await choose(name)
            return handler

        tabs = ft.Row([button(ui.t(f"kleos_tools.section_{name}"), pick(name), f"odds-tab-{name}",
                              filled=name == self.chosen, height=48) for name in SECTIONS], wrap=True)
        body = {"combat": _combat, "recruit": _recruit, "competing": _competing}[self.chosen](ui)
        return ft.Column([heading(ui.t("kleos_tools.odds_title")), tabs, body], spacing=12, tight=True)


def _side(ui: UI, key: str, who: str, dice_note: str) -> ft.Control:
    side = inputs(ui, key)
    hunter = side["hunter"]

    def stat(name: str) -> str:
        label = ui.t(f"kleos_tools.{name}")
        return ui.t("kleos_tools.hunter_bonus", stat=label, bonus=side[f"hunter_{name}"]) if hunter else label

    return card(
        heading(ui.t(f"kleos_tools.{who}"), size=20),
        stepper(stat("attack"), side["attack"], setter(ui, key, "attack"), f"{who}-attack", 0, STAT_MAX),
        stepper(stat("defense"), side["defense"], setter(ui, key, "defense"), f"{who}-defense", 0, STAT_MAX),
        stepper(ui.t("kleos_tools.tactics"), 0 if hunter else side["tactics"], setter(ui, key, "tactics"),
                f"{who}-tactics", 0 if hunter else -TACTICS_LIMIT, 0 if hunter else TACTICS_LIMIT),
        ft.Row([toggle(ui.t(f"kleos_tools.{flag}"), side[flag], setter(ui, key, flag), f"{who}-{flag}")
                for flag in ("champion", "godly", "hunter")], wrap=True),
        *(_hunter(ui, key, who) if hunter else []),
        tagged(ft.Text(dice_note, size=16, italic=True), f"{who}-dice"),
        ident=f"odds-{who}",
    )


def _hunter(ui: UI, key: str, who: str) -> list[ft.Control]:
    """The Hunter's own bonus, typed from its card; the Minotaur's is one tap away."""
    side = inputs(ui, key)

    async def minotaur(e: object) -> None:
        ui.local.inputs[key] = {**inputs(ui, key), "hunter_attack": MINOTAUR.attack, "hunter_defense": MINOTAUR.defense}
        await ui.refresh()

    return [
        ft.Text(ui.t("kleos_tools.hunter_hint"), size=14, italic=True),
        stepper(ui.t("kleos_tools.hunter_attack"), side["hunter_attack"], setter(ui, key, "hunter_attack"),
                f"{who}-hunter_attack", 0, STAT_MAX),
        stepper(ui.t("kleos_tools.hunter_defense"), side["hunter_defense"], setter(ui, key, "hunter_defense"),
                f"{who}-hunter_defense", 0, STAT_MAX),
        button(ui.t("kleos_tools.hunter_minotaur"), minotaur, f"{who}-hunter-minotaur", filled=False, height=48),
    ]


def _combat(ui: UI) -> ft.Control:
    opportunity = inputs(ui, OPPORTUNITY)
    attacker, defender = fighter(inputs(ui, ATTACKER)), fighter(inputs(ui, DEFENDER))
    odds = combat(attacker, defender, opportunity=opportunity)
    pools = combat_pools(ui)
    strike_back = (ui.t("kleos_tools.no_retaliation") if opportunity
                   else ui.t("kleos_tools.rolls", dice=pools["defender"][0]))
    sides = [_side(ui, ATTACKER, "attacker", ui.t("kleos_tools.rolls", dice=pools["attacker"][0])),
             _side(ui, DEFENDER, "defender", strike_back)]
    glory = []
    for who, value in (("attacker", odds.attacker_glory), ("defender", odds.defender_glory)):
        text = f"{ui.t(f'kleos_tools.{who}')}: {decimal(value, ui.lang)}"
        glory.append(tagged(ft.Text(text, size=18, weight=ft.FontWeight.W_600), f"odds-{who}_glory", text))
    together = ui.t("kleos_tools.outcomes_total", total=percent(1, ui.lang))
    results = card(*[chance_row(ui, f"outcome_{name}", chance) for name, chance in odds.exclusive().items()],
                   tagged(ft.Text(together, size=14, italic=True), "odds-outcomes-total", together),
                   ft.Text(ui.t("kleos_tools.expected_glory"), size=16),
                   ft.Row(glory, spacing=24, wrap=True), ident="odds-results")
    opportunity_toggle = toggle(ui.t("kleos_tools.opportunity"), opportunity, setter(ui, OPPORTUNITY),
                                "odds-opportunity")
    return calculator(results, [opportunity_toggle, *sides], ui.is_phone, "odds")


def _recruit(ui: UI) -> ft.Control:
    values = inputs(ui, RECRUIT)
    chance = recruit(values["cunning"], values["disposition"], values["godly"])
    return card(
        stepper(ui.t("kleos_tools.cunning"), values["cunning"], setter(ui, RECRUIT, "cunning"),
                "recruit-cunning", 0, STAT_MAX),
        stepper(ui.t("kleos_tools.disposition"), values["disposition"], setter(ui, RECRUIT, "disposition"),
                "recruit-disposition", 0, DISPOSITION_MAX),
        toggle(ui.t("kleos_tools.godly"), values["godly"], setter(ui, RECRUIT, "godly"), "recruit-godly"),
        chance_row(ui, "recruit_chance", chance),
        ident="odds-recruit",
    )


def _competing(ui: UI) -> ft.Control:
    """Two or more Minions roll; the most successes wins, a shared top means no winner."""
    values = inputs(ui, COMPETING)
    names = SIDE_NAMES[:values["sides"]]
    controls = [stepper(ui.t("kleos_tools.competing_sides"), values["sides"], setter(ui, COMPETING, "sides"),
                       "competing-sides", 2, MAX_SIDES)]
    for name in names:
        n = name.lower()
        controls += [
            stepper(ui.t("kleos_tools.side_n", side=name), values[n], setter(ui, COMPETING, n), f"competing-{n}",
                    0, STAT_MAX),
            toggle(ui.t("kleos_tools.godly_n", side=name), values[f"{n}_godly"], setter(ui, COMPETING, f"{n}_godly"),
                   f"competing-{n}_godly"),
        ]
    if len(names) == 2:
        chances = competing(values["a"], values["b"], values["a_godly"], values["b_godly"])
        rows = [chance_row(ui, name, chance) for name, chance in zip(("a_wins", "tie", "b_wins"), chances)]
    else:
        wins, tie = competing_many([(values[n.lower()], values[f"{n.lower()}_godly"]) for n in names])
        rows = [labelled_chance(ui, ui.t("kleos_tools.wins_n", side=n), f"odds-{n.lower()}_wins", p)
                for n, p in zip(names, wins)]
        rows.append(chance_row(ui, "tie", tie))
    return card(*controls, *rows, ident="odds-competing")

