"""A phone's screen behind the screen: its own gold, what it owes, and what its god lets it buy.

Only the seat's own purse reaches this device (the game's view cuts the
others out), so every number here is safe to draw; the buttons show the next
price, and the view's `allowed` answers (worked out by the game, not here) grey
out what the purse or the per-turn limit no longer allows, and say why.
"""
from __future__ import annotations

import flet as ft

from companion.games.cyclades import GRIFFIN, HEROIC, TOP_CREATURE, dues, is_out, shop, temple_discount, total
from companion.ui.context import UI
from companion.ui.games.cyclades.labels import STANDEES, god_name, player_name
from companion.ui.live import Inputs, inputs
from companion.ui.widgets.controls import button, card, heading, slug, stepper, tagged

REASONS = ("metropolis", "creature", "hero", "correction")
TURN, GAINS = "cyclades.turn.", "cyclades.gain."  # this device's choices for its god turn; for gold gained
PRICE, STANDEE = f"{TURN}price", f"{TURN}standee"
GAIN, REASON = f"{GAINS}amount", f"{GAINS}reason"
HERO = f"{TURN}hero"  # the hero picked for the next heroic move


@inputs
class Purse(Inputs):
    """A phone's own gold, and what its bids owe during the offerings."""

    part = "cyc-purse"
    state: dict
    seat: str

    def build(self, ui: UI) -> ft.Control:
        state, seat = self.state, self.seat
        gold = state["gold"][seat]
        parts: list[ft.Control] = [
            ft.Text(ui.t("cyclades.ui_your_gold"), size=16),
            tagged(ft.Text(str(gold), size=72, weight=ft.FontWeight.BOLD), "cyc-gold",
                   ui.t("cyclades.ui_gold_count", n=gold)),  # "6 gold": a bare number says nothing of what it counts
        ]
        if state["phase"] == "offerings" and any(
                state["factions"][b["faction"]] == seat for b in state["offerings"]["bids"].values()):
            owed = dues(state)[seat]
            text = ui.t("cyclades.ui_owed", amount=owed, n=total(state, seat, "priestesses"))
            parts.append(tagged(ft.Text(text, size=18), "cyc-owed", text))
        return card(*parts, ident="cyc-purse")


@inputs
class Spending(Inputs):
    """The buttons for the seat's own god turn (the board shows them only then)."""

    part = "cyc-spending"
    state: dict
    seat: str
    saved: tuple

    def build(self, ui: UI) -> ft.Control:
        state, seat, saved = self.state, self.seat, self.saved
        acts = state["actions"]
        god = acts["order"][acts["current"]][1]
        allowed, stored = state["allowed"], dict(saved)
        buttons = []
        prices = shop(state)
        heroes = {name.split(":", 1)[1]: price for name, price in prices.items() if name.startswith(f"{HEROIC}:")}
        for name, price in prices.items():
            if name.startswith(f"{HEROIC}:"):
                continue
            item = ui.t(f"cyclades.buy_{name}")
            label = ui.t("cyclades.ui_sold_out", item=item) if price is None else ui.t(
                "cyclades.ui_price", item=item, price=price)
            buttons.append(_buy_button(ui, seat, name, label, allowed[f"buy.{name}"]))
            if name == TOP_CREATURE and price is not None:  # Zeus's look at the deck may turn up the Griffin
                label = ui.t("cyclades.ui_top_griffin", price=price)
                buttons.append(_buy_button(ui, seat, name, label, allowed[f"buy.{name}"], creature=GRIFFIN))
        if heroes:
            buttons.append(_heroic(ui, seat, heroes, stored.get(HERO), allowed))
        parts: list[ft.Control] = [heading(ui.t("cyclades.ui_spend_title", god=god_name(ui, god)), 18),
                                   ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)]
        if allowed["buy.creature"] is None:
            parts += _creatures(ui, state, seat, stored)
        return card(*parts, ident="cyc-spending")


def _heroic(ui: UI, seat: str, heroes: dict[str, int | None], picked: str | None, allowed: dict) -> ft.Control:
    """Heroic moves are priced per hero, so the button buys the next move of the hero picked beside it."""
    hero = picked if picked in heroes else next(iter(heroes))

    async def pick(e) -> None:
        ui.local.inputs[HERO] = e.control.value
        await ui.refresh()

    options = [ft.DropdownOption(key=h, text=ui.t(f"cyclades.hero_{h}")) for h in heroes]
    label = ui.t("cyclades.ui_price", item=ui.t(f"cyclades.buy_{HEROIC}"), price=heroes[hero])
    return ft.Row([
        tagged(ft.Dropdown(value=hero, options=options, on_select=pick, label=ui.t("cyclades.ui_hero_pick"),
                           width=200), "cyc-heroic-hero"),
        _buy_button(ui, seat, HEROIC, label, allowed[f"buy.{HEROIC}:{hero}"], hero=hero),
    ], wrap=True, spacing=8)


def _buy_button(ui: UI, seat: str, item: str, label: str, reason: str | None, hero: str | None = None,
                creature: str | None = None) -> ft.Control:
    """A purchase; refused ones stay visible, greyed, with the game's reason in its accessible label
    (a tooltip over a label stayed up after a touch tap)."""
    async def handler(e) -> None:
        await ui.send({"type": "gold.spend", "player": seat, "item": item, "count": 1,
                       **({"hero": hero} if hero else {}), **({"creature": creature} if creature else {})})
    why = ui.t(reason) if reason else None
    body = ft.OutlinedButton(label, on_click=handler, disabled=reason is not None, height=56,
                             style=ft.ButtonStyle(text_style=ft.TextStyle(size=18)))
    ident = f"cyc-buy-{item}" + (f"-{creature}" if creature else "")
    return tagged(body, ident, f"{label}: {why}" if why else label)


def _creatures(ui: UI, state: dict, seat: str, saved: dict) -> list[ft.Control]:
    """A creature off the track at its printed price, less the temples not yet used this round."""
    price = saved.get(PRICE, 2)
    acts = state["actions"]
    off = temple_discount(state, acts["order"][acts["current"]][0], price)  # the acting faction's temples
    cost = price - off
    standee = saved.get(STANDEE, "")

    async def set_price(new: int) -> None:
        ui.local.inputs[PRICE] = new
        await ui.refresh()

    async def pick(e) -> None:
        ui.local.inputs[STANDEE] = e.control.value or ""
        await ui.refresh()

    async def buy(e) -> None:
        event = {"type": "gold.creature", "player": seat, "price": price}
        if await ui.send({**event, "standee": standee} if standee else event):
            ui.local.inputs.pop(STANDEE, None)
            await ui.refresh()

    async def buy_griffin(e) -> None:  # a card with no figure: buying it is what lets it act, once, now
        await ui.send({"type": "gold.creature", "player": seat, "price": price, "creature": GRIFFIN})

    options = [ft.DropdownOption(key="", text=ui.t("cyclades.ui_no_standee"))]
    options += [ft.DropdownOption(key=s, text=s) for s in STANDEES]
    why = state["allowed"]["griffin"]
    griffin = [button(player_name(ui, p), _griffin(ui, seat, p),
                      f"cyc-griffin-{slug(p)}", filled=False, disabled=why is not None)
               for p in state["players"] if p != seat and not is_out(state, p)]
    return [
        heading(ui.t("cyclades.ui_creature_title"), 16),
        stepper(ui.t("cyclades.ui_track_price"), price, set_price, "cyc-creature-price", minimum=1, maximum=9),
        tagged(ft.Dropdown(value=standee, options=options, on_select=pick, label=ui.t("cyclades.ui_standee"),
                           width=300), "cyc-standee"),
        button(ui.t("cyclades.ui_buy_creature", cost=cost, temples=off), buy, "cyc-buy-creature",
               icon=ft.Icons.PETS, disabled=cost > state["gold"][seat]),
        button(ui.t("cyclades.ui_buy_griffin", cost=cost), buy_griffin, "cyc-buy-griffin", filled=False,
               disabled=cost > state["gold"][seat]),
        tagged(ft.Text(ui.t("cyclades.ui_griffin") + (f" ({ui.t(why)})" if why else ""), size=16), "cyc-griffin-why"),
        ft.Row(griffin, wrap=True, spacing=8, run_spacing=8),
    ]


def _griffin(ui: UI, seat: str, victim: str):
    async def handler(e) -> None:
        await ui.send({"type": "gold.griffin", "player": seat, "victim": victim})
    return handler


@inputs
class IncomeElsewhere(Inputs):
    """Gold that comes from a metropolis, a creature or a hero rather than the income phase."""

    part = "cyc-gain-card"
    seat: str
    saved: tuple

    def build(self, ui: UI) -> ft.Control:
        seat, saved = self.seat, self.saved
        stored = dict(saved)
        amount, reason = stored.get(GAIN, 1), stored.get(REASON, REASONS[0])

        async def set_amount(new: int) -> None:
            ui.local.inputs[GAIN] = new
            await ui.refresh()

        def choose(r: str):
            async def handler(e) -> None:
                ui.local.inputs[REASON] = r
                await ui.refresh()
            return handler

        async def add(e) -> None:
            await ui.send({"type": "gold.gain", "player": seat, "amount": amount, "reason": reason})

        chips = [tagged(ft.Chip(ft.Text(ui.t(f"cyclades.reason_{r}"), size=16), selected=r == reason,
                                on_click=choose(r), height=48), f"cyc-reason-{r}") for r in REASONS]
        return card(heading(ui.t("cyclades.ui_gain_title"), 16),
                    stepper(ui.t("cyclades.ui_gain_amount"), amount, set_amount, "cyc-gain", minimum=1, maximum=30),
                    ft.Row(chips, wrap=True, spacing=8, run_spacing=8),
                    button(ui.t("cyclades.ui_gain", amount=amount), add, "cyc-gain-send", icon=ft.Icons.ADD_CARD,
                           filled=False),
                    ident="cyc-gain-card")
