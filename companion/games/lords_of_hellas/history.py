"""History lines in English or Portuguese: each move names its own (lords_of_hellas/moves.py).

`describe` sees only the event, so `outcome` (run at prepare time, when the
state is at hand) stamps the names and results a line needs; events without
the stamp still get a line, naming players by their ids.
"""
from __future__ import annotations

from typing import Callable

from companion.games.lords_of_hellas import hunt as hunts, specials
from companion.i18n import t

Name = Callable[[object], str]  # a player id as the line names it
Line = Callable[[dict, dict, Name, str], str]  # one move's line: (event, outcome note, name, lang)


def label(family: str, ident: object, lang: str) -> str:
    """The name of one of the game's fixed things (a Monument, an action...) in `lang`."""
    return t(f"lords_of_hellas.{family}_{ident}", lang)


def outcome(before: dict, after: dict, event: dict) -> dict:
    """The facts a history line needs that only the states know."""
    note: dict = {"names": before["names"], "actor": before["turn"]["player"]}
    if after["winner"] is not None:
        note["winner"] = after["winner"]
    kind = event.get("type", "")
    if kind == "monument.build":
        note["level"] = after["monuments"][event["monument"]]["level"]
    elif kind == "turn.end" and after["winner"] is None:
        note["next"] = after["turn"]["player"]
    elif kind.startswith("hunt."):
        hunt = after["hunt"]
        note["monster"] = hunt["monster"]
        note["status"] = hunt["status"]
        if hunt["claimed"] is not None:
            note["reward"] = hunt["slots"][hunt["claimed"]]
        if hunt["collected"]:
            note["collected"] = hunts.collected(hunt)
    elif kind == "battle.resolve":
        note["battle"] = after["last_battle"]
    elif kind in ("turn.special", "special.name", "special.add"):
        action = event.get("action") or after.get("special_added", [None])[-1]
        note["special"] = specials.custom_name(after, action)
        note["was"] = specials.custom_name(before, action)
    return note


def describe(event: dict, line: Line | None, lang: str) -> str:
    """`event`'s history line, worded by `line` (its move's, see lords_of_hellas/moves.py), and the win it brought."""
    note = event.get("outcome") or {}
    names = note.get("names") or {}

    def name(player: object) -> str:
        return names.get(player) or ("?" if player is None else str(player))

    kind = event.get("type", "")
    said = line(event, note, name, lang) if line else t("lords_of_hellas.hist_unknown", lang, kind=kind)
    winner = note.get("winner")
    if winner:
        condition = label("cond", winner["condition"], lang)
        said += " " + t("lords_of_hellas.hist_winner", lang, name=name(winner["player"]), condition=condition)
    return said


def _actor(event: dict, note: dict, name: Name) -> str:
    return name(note.get("actor", event.get("by")))


def tracker_set(event: dict, note: dict, name: Name, lang: str) -> str:
    field = label("field", event.get("field"), lang)
    return t("lords_of_hellas.hist_tracker", lang, name=name(event.get("player")), field=field,
             value=event.get("value"))


def regular(event: dict, note: dict, name: Name, lang: str) -> str:
    actor, action = _actor(event, note, name), event.get("action")
    if action == "artifacts":
        return t("lords_of_hellas.hist_artifacts", lang, name=actor, count=event.get("count"))
    if action == "priests":
        return t("lords_of_hellas.hist_priests", lang, name=actor, count=event.get("count"),
                 monument=label("monument", event.get("monument"), lang))
    return t("lords_of_hellas.hist_move", lang, name=actor)


def special(event: dict, note: dict, name: Name, lang: str) -> str:
    action = note.get("special") or label("special", event.get("action"), lang)
    return t("lords_of_hellas.hist_special", lang, name=_actor(event, note, name), action=action)


def special_name(event: dict, note: dict, name: Name, lang: str) -> str:
    was = note.get("was") or label("special", event.get("action"), lang)
    return t("lords_of_hellas.hist_special_name", lang, was=was, action=note.get("special") or event.get("name"))


def special_add(event: dict, note: dict, name: Name, lang: str) -> str:
    return t("lords_of_hellas.hist_special_add", lang, action=note.get("special") or event.get("name"))


def build(event: dict, note: dict, name: Name, lang: str) -> str:
    return t("lords_of_hellas.hist_build", lang, name=_actor(event, note, name),
             monument=label("monument", event.get("monument"), lang), level=note.get("level", "?"))


def step(event: dict, note: dict, name: Name, lang: str) -> str:
    return t("lords_of_hellas.hist_step", lang, name=_actor(event, note, name),
             step=label("step", event.get("step"), lang))


def end(event: dict, note: dict, name: Name, lang: str) -> str:
    actor = _actor(event, note, name)
    if "next" in note:
        return t("lords_of_hellas.hist_end", lang, name=actor, next=name(note["next"]))
    return t("lords_of_hellas.hist_end_last", lang, name=actor)


def control(event: dict, note: dict, name: Name, lang: str) -> str:
    monument = label("monument", event.get("monument"), lang)
    if event.get("player") is None:
        return t("lords_of_hellas.hist_control_none", lang, monument=monument)
    return t("lords_of_hellas.hist_control", lang, name=name(event.get("player")), monument=monument)


def battle(event: dict, note: dict, name: Name, lang: str) -> str:
    return _battle_line(note.get("battle"), name, lang)


def hunting(event: dict, note: dict, name: Name, lang: str) -> str:
    return _hunt_line(event, note, _actor(event, note, name), lang)


def _battle_line(battle: dict | None, name: Callable[[object], str], lang: str) -> str:
    if battle is None:
        return t("lords_of_hellas.hist_battle_plain", lang)
    players, strength = battle["players"], battle["strength"]
    key = "lords_of_hellas.hist_battle_tie" if battle["tie"] else "lords_of_hellas.hist_battle"
    return t(
        key,
        lang,
        attacker=name(players["attacker"]),
        defender=name(players["defender"]),
        a=strength["attacker"],
        d=strength["defender"],
        winner=name(players[battle["winner"]]),
    )


def _hunt_line(event: dict, note: dict, actor: str, lang: str) -> str:
    kind = event["type"]
    monster = note.get("monster") or event.get("monster") or "?"
    if kind == "hunt.start":
        return t("lords_of_hellas.hist_hunt_start", lang, name=actor, monster=monster)
    if kind == "hunt.claim":
        reward = label("reward", note.get("reward"), lang)
        return t("lords_of_hellas.hist_hunt_claim", lang, name=actor, reward=reward, slot=_slot_number(event.get("slot")))
    status = note.get("status")
    if status == "failed" or event.get("wounds") == []:
        return t("lords_of_hellas.hist_hunt_failed", lang, name=actor, monster=monster)
    if status == "defeated":
        if note.get("collected"):
            return t("lords_of_hellas.hist_hunt_defeated_collects", lang, name=actor, monster=monster,
                     rewards=rewards(note["collected"], lang))
        return t("lords_of_hellas.hist_hunt_defeated", lang, name=actor, monster=monster)
    return t("lords_of_hellas.hist_hunt_wounds", lang, name=actor, monster=monster, count=len(event.get("wounds") or []))


def rewards(counts: dict, lang: str) -> str:
    """{"priest": 2, "artifact": 1} as "2 Priests and 1 Artifact", in `lang`."""
    said = [t(f"lords_of_hellas.gain_{reward}_{'one' if count == 1 else 'many'}", lang, count=count)
            for reward, count in counts.items() if isinstance(count, int) and reward in hunts.COLLECTED]
    return t("lords_of_hellas.gain_and", lang, first=", ".join(said[:-1]), last=said[-1]) if len(said) > 1 \
        else "".join(said)


def _slot_number(slot: object) -> object:
    """Slots are counted from 1 on screen."""
    return slot + 1 if isinstance(slot, int) else slot
