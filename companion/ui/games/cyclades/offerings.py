"""The offerings auction on screen: the gods with their bids, whose pawn moves now, the bid buttons.

The tablet may bid for anyone (it mirrors the pawns on the board) but never
sees a purse, so a bid there that the purse does not cover is refused without a
reason (the bidder places it from their own screen); a phone bids only for its own pawns and its amount stepper stops
at what its hidden gold and priestesses can cover, so it cannot overreach.
"""
from __future__ import annotations

import flet as ft

from companion.games.cyclades import APOLLO, next_bidder, offer_limit
from companion.ui.context import UI
from companion.ui.games.cyclades.labels import GOD_COLOURS, faction_name, god_name, player_name
from companion.ui.draft import confirmed, drawn, entered_by, put, value
from companion.ui.live import Inputs, inputs
from companion.ui.widgets.controls import button, card, heading, stepper, tagged

BID = "bid"  # the table's draft of the bid about to be made (companion/games/cyclades/drafts.py)
TABLET_MAX = 60


@inputs
class Offerings(Inputs):
    """`draft` is the table's bid draft (companion/ui/draft.py): every device shows the same amount."""

    part = "cyc-offerings"
    state: dict
    seat: str | None
    draft: tuple

    def build(self, ui: UI) -> ft.Control:
        state, seat, draft = self.state, self.seat, self.draft
        off = state["offerings"]
        bidder = next_bidder(state)
        mine = bidder is not None and seat in (None, state["factions"][bidder])
        parts: list[ft.Control] = [heading(ui.t("cyclades.ui_offerings_title"), 20)]
        if off["attempt"] > 1:
            fined = ", ".join(player_name(ui, p) for p in off["fined"])
            parts.append(ft.Text(ui.t("cyclades.ui_attempt", attempt=off["attempt"], players=fined), size=16,
                                 color=ft.Colors.ERROR))
        parts.append(_who_bids(ui, state, bidder, mine and seat is not None))
        amount = 0
        if mine:
            top = TABLET_MAX if seat is None else offer_limit(state, seat)
            amount = min(max(1, value(draft, "amount", 1)), top)

            async def change(new: int) -> None:
                await put(ui, BID, "amount", new)
            if top >= 1:
                parts.append(stepper(ui.t("cyclades.ui_bid_amount"), amount, change, "cyc-bid-amount", minimum=1,
                                     maximum=top))
                parts.append(entered_by(ui, draft, "cyc-bid-by"))
            else:
                parts.append(ft.Text(ui.t("cyclades.ui_only_apollo"), size=16, italic=True))
        barred = off["displaced"]["from"] if off["displaced"] else None
        tiles = [_god_tile(ui, state, g, bidder if mine else None, amount, barred, draft)
                 for g in state["gods"]["up"]]
        tiles.append(_apollo_tile(ui, state, bidder if mine else None, draft))
        parts.append(ft.Row(tiles, wrap=True, spacing=8, run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
        if seat is None:
            parts.append(_payment(ui, bidder))
        return card(*parts, ident="cyc-offerings")


def _who_bids(ui: UI, state: dict, bidder: str | None, own: bool) -> ft.Control:
    off = state["offerings"]
    if bidder is None:
        text = ui.t("cyclades.ui_all_placed")
    else:
        name = faction_name(ui, state, bidder)
        if off["displaced"]:
            key = "ui_outbid_you" if own else "ui_outbid"
            text = ui.t(f"cyclades.{key}", faction=name, god=god_name(ui, off["displaced"]["from"]))
        else:
            text = ui.t("cyclades.ui_your_bid" if own else "cyclades.ui_bids_now", faction=name)
    colour = ft.Colors.PRIMARY if own else None
    return tagged(ft.Text(text, size=22, weight=ft.FontWeight.BOLD, color=colour), "cyc-bidder", text)


def _god_tile(ui: UI, state: dict, god: str, bidder: str | None, amount: int, barred: str | None,
              draft: tuple) -> ft.Control:
    bid = state["offerings"]["bids"].get(god)
    lines: list[ft.Control] = [ft.Text(god_name(ui, god), size=18, weight=ft.FontWeight.BOLD)]
    if bid:
        who = faction_name(ui, state, bid["faction"])
        lines.append(tagged(ft.Text(str(bid["amount"]), size=40, weight=ft.FontWeight.BOLD),
                            f"cyc-offer-{god}", f"{god_name(ui, god)} {bid['amount']} {who}"))
        lines.append(ft.Text(who, size=16))
    else:
        lines.append(tagged(ft.Text(ui.t("cyclades.ui_no_offer"), size=16, italic=True), f"cyc-offer-{god}",
                            ui.t("cyclades.ui_no_offer")))
    if bidder is not None:
        too_low = bid is not None and amount <= bid["amount"]

        async def place(e) -> None:
            await ui.send(confirmed({"type": "offering.bid", "faction": bidder, "god": god, "amount": amount}, draft))
        # compact: with a button's usual side padding "Offer 10" took two lines in a 150 px tile
        lines.append(drawn(ui, f"cyc-bid-{god}", draft[1],
                           button(ui.t("cyclades.ui_offer", amount=amount), place, f"cyc-bid-{god}", compact=True,
                                  disabled=god == barred or too_low or amount < 1)))
    return _tile(god, lines)


def _apollo_tile(ui: UI, state: dict, bidder: str | None, draft: tuple) -> ft.Control:
    guests = [faction_name(ui, state, f) for f in state["offerings"]["apollo"]]
    lines: list[ft.Control] = [
        ft.Text(god_name(ui, APOLLO), size=18, weight=ft.FontWeight.BOLD),
        tagged(ft.Text(", ".join(guests) or ui.t("cyclades.ui_no_offer"), size=16), "cyc-offer-apollo",
               ", ".join(guests)),
    ]
    if bidder is not None:
        async def go(e) -> None:
            await ui.send(confirmed({"type": "offering.bid", "faction": bidder, "god": APOLLO}, draft))
        lines.append(drawn(ui, "cyc-bid-apollo", draft[1],
                           button(ui.t("cyclades.ui_to_apollo"), go, "cyc-bid-apollo", filled=False)))
    return _tile(APOLLO, lines)


def _tile(god: str, lines: list[ft.Control]) -> ft.Control:
    return ft.Container(ft.Column(lines, spacing=6, tight=True), width=150, padding=12, border_radius=12,
                        border=ft.Border.all(3, GOD_COLOURS[god]))


def _payment(ui: UI, bidder: str | None) -> ft.Control:
    """Only the pay button: whether a purse covers its bids is that seat's secret (no chip says it)."""
    async def pay(e) -> None:
        await ui.send({"type": "offering.pay"})
    return button(ui.t("cyclades.ui_pay"), pay, "cyc-pay", icon=ft.Icons.PAYMENTS, disabled=bidder is not None)
