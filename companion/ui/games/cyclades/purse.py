"""A phone's screen behind the screen: its own gold, what it owes, and what its god lets it buy.

Only the seat's own purse reaches this device (the game's view cuts the
others out), so every number here is safe to draw; the buttons show the next
price and grey out what the purse or the per-turn limit no longer allows.
"""
from __future__ import annotations

import flet as ft

from companion.games.cyclades import dues
from companion.games.cyclades import APOLLO
from companion.games.cyclades import HEROIC, ITEMS, next_heroic_price
from companion.games.cyclades import movers
from companion.ui.context import UI
from companion.ui.games.cyclades.labels import STANDEES, god_name, player_name
from companion.ui.widgets.controls import button, card, heading, slug, stepper, tagged

REASONS = ("metropolis", "creature", "hero", "correction")
PRICE, STANDEE, GAIN, REASON = "cyclades.creature.price", "cyclades.creature.standee", "cyclades.gain", "cyclades.reason"
HERO = "cyclades.heroic.hero"


def purse(ui: UI, state: dict, seat: str) -> ft.Control:
    gold = state["gold"][seat]
    parts: list[ft.Control] = [
        ft.Text(ui.t("cyclades.ui_your_gold"), size=16),
        tagged(ft.Text(str(gold), size=72, weight=ft.FontWeight.BOLD), "cyc-gold", str(gold)),
    ]
    if state["phase"] == "offerings" and any(
            state["factions"][b["faction"]] == seat for b in state["offerings"]["bids"].values()):
        owed = dues(state)[seat]
        text = ui.t("cyclades.ui_owed", amount=owed, priestesses=state["tracker"][seat]["priestesses"])
        parts.append(tagged(ft.Text(text, size=18), "cyc-owed", text))
    return card(*parts, ident="cyc-purse")


def spending(ui: UI, state: dict, seat: str) -> ft.Control | None:
    """The buttons for the seat's own god turn; None when it is someone else's turn."""
    acts = state["actions"]
    if acts["current"] >= len(acts["order"]):
        return None
    faction, god = acts["order"][acts["current"]]
    if state["factions"][faction] != seat:
        return None
    gold = state["gold"][seat]
    buttons = []
    for name, item in ITEMS.items():
        if god not in item.gods:
            continue
        if name == HEROIC:
            buttons.append(_heroic(ui, state, seat, god))
            continue
        done = acts["bought"].get(name, 0)
        full = item.limit is not None and done >= item.limit
        price = 0 if full else item.price(done)
        label = ui.t("cyclades.ui_sold_out", item=ui.t(f"cyclades.buy_{name}")) if full else ui.t(
            "cyclades.ui_price", item=ui.t(f"cyclades.buy_{name}"), price=price)
        buttons.append(button(label, _buy(ui, seat, name), f"cyc-buy-{name}", filled=False,
                              disabled=full or price > gold))
    parts: list[ft.Control] = [heading(ui.t("cyclades.ui_spend_title", god=god_name(ui, god)), 18),
                               ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)]
    if god != APOLLO:
        parts += _creatures(ui, state, seat)
    return card(*parts, ident="cyc-spending")


def _heroic(ui: UI, state: dict, seat: str, god: str) -> ft.Control:
    """Heroic moves are priced per hero, so the button buys the next move of the hero picked beside it."""
    heroes = movers(god, APOLLO)
    hero = ui.local.get(HERO) if ui.local.get(HERO) in heroes else heroes[0]
    price = next_heroic_price(state, hero)

    async def pick(e) -> None:
        ui.local[HERO] = e.control.value
        await ui.refresh()

    async def buy(e) -> None:
        await ui.send({"type": "gold.spend", "player": seat, "item": HEROIC, "count": 1, "hero": hero})

    options = [ft.DropdownOption(key=h, text=ui.t(f"cyclades.hero_{h}")) for h in heroes]
    return ft.Row([
        tagged(ft.Dropdown(value=hero, options=options, on_select=pick, label=ui.t("cyclades.ui_hero_pick"),
                           width=200), "cyc-heroic-hero"),
        button(ui.t("cyclades.ui_price", item=ui.t(f"cyclades.buy_{HEROIC}"), price=price), buy,
               f"cyc-buy-{HEROIC}", filled=False, disabled=price > state["gold"][seat]),
    ], wrap=True, spacing=8)


def _buy(ui: UI, seat: str, item: str):
    async def handler(e) -> None:
        await ui.send({"type": "gold.spend", "player": seat, "item": item, "count": 1})
    return handler


def _creatures(ui: UI, state: dict, seat: str) -> list[ft.Control]:
    """A creature off the track at its printed price, less the temples not yet used this round."""
    price = ui.local.get(PRICE, 2)
    free = max(0, state["tracker"][seat]["buildings"]["temple"] - state["temples_used"][seat])
    cost = price - min(price, free)
    standee = ui.local.get(STANDEE, "")

    async def set_price(new: int) -> None:
        ui.local[PRICE] = new
        await ui.refresh()

    async def pick(e) -> None:
        ui.local[STANDEE] = e.control.value or ""
        await ui.refresh()

    async def buy(e) -> None:
        event = {"type": "gold.creature", "player": seat, "price": price}
        if await ui.send({**event, "standee": standee} if standee else event):
            ui.local.pop(STANDEE, None)

    options = [ft.DropdownOption(key="", text=ui.t("cyclades.ui_no_standee"))]
    options += [ft.DropdownOption(key=s, text=s) for s in STANDEES]
    griffin = [button(player_name(ui, p), _griffin(ui, seat, p),
                      f"cyc-griffin-{slug(p)}", filled=False)
               for p in state["players"] if p != seat and not state["tracker"][p]["eliminated"]]
    return [
        heading(ui.t("cyclades.ui_creature_title"), 16),
        stepper(ui.t("cyclades.ui_track_price"), price, set_price, "cyc-creature-price", minimum=1, maximum=9),
        tagged(ft.Dropdown(value=standee, options=options, on_select=pick, label=ui.t("cyclades.ui_standee"),
                           width=300), "cyc-standee"),
        button(ui.t("cyclades.ui_buy_creature", cost=cost, temples=min(price, free)), buy, "cyc-buy-creature",
               icon=ft.Icons.PETS, disabled=cost > state["gold"][seat]),
        ft.Text(ui.t("cyclades.ui_griffin"), size=16),
        ft.Row(griffin, wrap=True, spacing=8, run_spacing=8),
    ]


def _griffin(ui: UI, seat: str, victim: str):
    async def handler(e) -> None:
        await ui.send({"type": "gold.griffin", "player": seat, "victim": victim})
    return handler


def income_elsewhere(ui: UI, state: dict, seat: str) -> ft.Control:
    """Gold that comes from a metropolis, a creature or a hero rather than the income phase."""
    amount, reason = ui.local.get(GAIN, 1), ui.local.get(REASON, REASONS[0])

    async def set_amount(new: int) -> None:
        ui.local[GAIN] = new
        await ui.refresh()

    def choose(r: str):
        async def handler(e) -> None:
            ui.local[REASON] = r
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
