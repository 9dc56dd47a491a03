"""History lines, and the public facts each stored event carries so its line can be written.

`describe` sees only the event, so `prepare` stores beside it what everyone
at the table saw happen (who paid whom, the wager, the new Judgment holder).
Gem counts never go in: the real amount of a short payment stays in the
state, where the view cuts it for everyone but the two players involved.
"""
from __future__ import annotations

from typing import Callable

from companion.games.fleecing_olympus.opening import pending
from companion.games.fleecing_olympus.rules import HOST, name
from companion.i18n import catalogue, t

Line = Callable[[dict, dict, str], list[str]]  # one move's line: (event, public facts, lang) -> its parts

P = "fleecing_olympus."


STORED = frozenset({"public", "payer", "payee", "paid"})  # written by `prepare` only, never taken from a sender


def short_payment(event: dict, after: dict) -> dict:
    """A wager paid short shows the winner the loser's whole count: kept on the event for those two
    (the declared secret `paid`) so the loser's phone can be told who learnt it and how much. Payer
    and payee go on every settling event, so the fields left once `paid` is cut say nothing."""
    if event.get("type") not in ("stop", "resolve"):
        return {}
    last = after["last"]
    short = {"paid": last["paid"]} if last["paid"] < last["wager"] else {}
    return {"payer": last["payer"], "payee": last["payee"], **short}


def public_facts(before: dict, after: dict, event: dict) -> dict:
    """What the table learnt from `event`, read off the state it produced."""
    kind = event.get("type")
    turn = after.get("turn") or {}
    if kind == "opening_roll":
        facts = {"pending": pending(after["opening"])}
        return facts if facts["pending"] else {**facts, "first": after["active"], "judgment": after["judgment"]}
    if kind == "power":
        return {"power": turn["power"]}
    if kind == "tribute":
        seat = event.get("seat") or event.get("by")
        return {"seat": seat, "user": before["turn"]["power"]["user"], "pay": bool(event.get("pay"))}
    if kind == "roll":
        return {k: turn[k] for k in ("active", "target", "dice", "favour", "wager")}
    if kind == "card":
        return {"card": turn["cards"][-1], **{k: turn[k] for k in ("active", "target", "favour", "wager")}}
    if kind in ("stop", "resolve"):
        last = {k: v for k, v in after["last"].items() if k != "paid"}
        return {"last": last, "stopper": before["judgment"], **_outcome(after)}
    if kind == "give":
        return {"seat": event.get("seat") or event.get("by"), "to": event["to"], "amount": event["amount"]}
    if kind == "reveal":
        return {"seat": event.get("by"), "open": event.get("open", True) is not False}
    if kind == "deck_out":
        return {"deck_outs": after["deck_outs"], "of": after["deck_outs_to_end"]}
    if kind == "end":
        return _outcome(after)
    return {}


def _outcome(after: dict) -> dict:
    if after["phase"] == "over":
        return {"winner": after["result"]["winner"]}
    return {"tied": after["tiebreak"], "judgment": after["judgment"], "active": after["active"]}


def describe(event: dict, line: Line | None, lang: str) -> str:
    """One plain line, worded by `line` (its move's, see fleecing_olympus/moves.py); built only from
    public facts, so every seat may read the same words."""
    facts = event.get("public")
    if not isinstance(facts, dict) or line is None:
        who = event.get("by", HOST)
        return t(P + "h_unknown", lang, who=t(P + "tablet", lang) if who == HOST else name(who), what=event.get("type"))
    return " ".join(part for part in line(event, facts, lang) if part)


def _tx(key: str, lang: str, **values: object) -> str:
    named = {k: name(v) if k in _PEOPLE and isinstance(v, str) else v for k, v in values.items()}
    return t(P + key, lang, **named)


_PEOPLE = {"seat", "user", "to", "pick", "lender", "active", "target", "payer", "payee", "judgment", "first", "winner"}


def _names(players: list[str]) -> str:
    return ", ".join(name(p) for p in players)


def opening(event: dict, facts: dict, lang: str) -> list[str]:
    rolls = "; ".join(
        ", ".join(f"{name(p)} {sum(d)}" for p, d in rolls.items()) for rolls in event.get("rounds", [])
    )
    if facts["pending"]:
        return [_tx("h_opening", lang, rolls=rolls), _tx("h_opening_tie", lang, players=_names(facts["pending"]))]
    return [_tx("h_opening", lang, rolls=rolls), _tx("h_opening_done", lang, first=facts["first"],
                                                      judgment=facts["judgment"])]


def power(event: dict, facts: dict, lang: str) -> list[str]:
    power = facts["power"]
    user, side = power["user"], _tx("side_" + power["side"], lang)
    lines = [_tx("h_power", lang, user=user, deity=_tx("deity_" + power["deity"], lang), side=side)]
    deity, used = power["deity"], power["side"]
    if power["borrowed"]:
        lent = power["borrowed"]
        deity, used = lent["deity"], lent["side"]
        lines.append(_tx("h_borrow", lang, user=user, lender=lent["from"], deity=_tx("deity_" + deity, lang),
                         side=_tx("side_" + used, lang)))
    key = f"h_{deity}_{used}"
    if deity == "hermes" and used == "odd":
        key += "_yes" if power.get("discard") else "_no"
    if deity == "zeus" and used == "even" and power.get("draw"):
        key += "_draw"
    if P + key in catalogue():  # powers that only touch cards add no second line
        lines.append(_tx(key, lang, user=user, to=power.get("to"), pick=power.get("pick"),
                         n=power.get("pay", power.get("took"))))
    return lines


def tribute(event: dict, facts: dict, lang: str) -> list[str]:
    return [_tx("h_tribute_gem" if facts["pay"] else "h_tribute_card", lang, seat=facts["seat"], user=facts["user"])]


def _wager(facts: dict, lang: str) -> str:
    payer, payee = (facts["target"], facts["active"]) if facts["favour"] == "active" else (facts["active"],
                                                                                             facts["target"])
    return _tx("h_wager", lang, payer=payer, payee=payee, amount=facts["wager"])


def roll(event: dict, facts: dict, lang: str) -> list[str]:
    d1, d2 = facts["dice"]
    return [_tx("h_roll", lang, active=facts["active"], target=facts["target"], d1=d1, d2=d2), _wager(facts, lang)]


def card(event: dict, facts: dict, lang: str) -> list[str]:
    card = facts["card"]
    lines = [_tx("h_card", lang, seat=card["seat"], kind=_tx("kind_" + card["kind"], lang))]
    if card["cost"]:
        lines.append(_tx("h_cost_player", lang, to=card["cost_to"]) if card["cost_to"] else _tx("h_cost_bank", lang))
    if card.get("cancel"):
        lines.append(_tx("h_eff_cancel", lang))
    if card.get("resist"):
        lines.append(_tx("h_eff_resist", lang, kind=_tx("kind_" + card["resist"], lang)))
    if card.get("wager"):
        lines.append(_tx("h_eff_wager", lang, delta=f"{card['wager']:+d}"))
    if card.get("flip"):
        lines.append(_tx("h_eff_flip", lang))
    if "reroll" in card:
        lines.append(_tx("h_eff_reroll", lang, values=", ".join(str(v) for v in card["values"])))
    if "target" in card:
        lines.append(_tx("h_eff_target", lang, target=card["target"]))
    if "judgment" in card:
        lines.append(_tx("h_eff_judgment", lang, to=card["judgment"]))
    if "took" in card:
        lines.append(_tx("h_eff_take", lang, n=card["took"]))
    if "share" in card:
        lines.append(_tx("h_eff_share", lang, shares=", ".join(f"{name(p)} {n}" for p, n in card["share"].items())))
    return lines + [_wager(facts, lang)]


def settle(event: dict, facts: dict, lang: str) -> list[str]:
    last = facts["last"]
    lines = [_tx("h_stop", lang, seat=facts["stopper"])] if event.get("type") == "stop" else []
    lines.append(_tx("h_settle", lang, payer=last["payer"], payee=last["payee"], amount=last["wager"]))
    return lines + _after(facts, lang)


def _after(facts: dict, lang: str) -> list[str]:
    if "winner" in facts:
        return [_tx("h_over", lang, winner=facts["winner"])]
    lines = [_tx("h_tie", lang, players=_names(facts["tied"]))] if facts["tied"] else []
    return lines + [_tx("h_next", lang, judgment=facts["judgment"], active=facts["active"])]


def give(event: dict, facts: dict, lang: str) -> list[str]:
    return [_tx("h_give", lang, seat=facts["seat"], to=facts["to"], n=facts["amount"])]


def reveal(event: dict, facts: dict, lang: str) -> list[str]:
    return [_tx("h_reveal" if facts["open"] else "h_conceal", lang, seat=facts["seat"])]


def deck_out(event: dict, facts: dict, lang: str) -> list[str]:
    return [_tx("h_deck_out", lang, n=facts["deck_outs"], of=facts["of"])]


def end(event: dict, facts: dict, lang: str) -> list[str]:
    return [_tx("h_end", lang)] + _after(facts, lang)
