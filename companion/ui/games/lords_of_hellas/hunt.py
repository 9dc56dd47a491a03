"""The hunt helper: copy the Monster tray, mark wounds attack by attack, and settle the end.

The tray is copied once (a reward symbol per wound space) so that, if the hunt
fails, the helper can list exactly the rewards the hunter may still claim. The tray
being copied and the wounds of the attack being marked are forms the table holds
(games/lords_of_hellas/drafts.py): every device shows and confirms the same ones.
"""
from __future__ import annotations

import flet as ft

from companion.games.lords_of_hellas import HUNT, HUNT_MAX_NAME as MAX_NAME, MAX_SLOTS, REWARDS, WOUNDS
from companion.games.lords_of_hellas import collected, said_rewards
from companion.ui import draft as shared
from companion.ui.context import UI
from companion.ui.widgets.local_text import local_text
from companion.ui.games.lords_of_hellas.parts import can_play_turn, choice_row, name, t
from companion.ui.games.lords_of_hellas.specials import unsourced
from companion.ui.widgets.controls import button, card, heading, note, tagged

START = ["none", "none", "none"]
LEFT = 320  # a tablet's left column of a hunt under way: the confirm's width, in either language
MONSTER = "lords_of_hellas.hunt_monster"  # typed text, on this device only (games/lords_of_hellas/drafts.py)


def panel(ui: UI, snap: dict) -> ft.Control:
    hunt = snap["state"]["hunt"]
    if hunt is not None and hunt["status"] == "ongoing" and not ui.is_phone:
        # The tablet lies on the table under the tiles and tabs: the wounds and their confirm go
        # straight under the tabs, and the source note below them, so no one scrolls mid-hunt.
        return ft.Column([_tracker(ui, snap, hunt), unsourced(ui, "loh-unsourced-hunt")], spacing=12)
    parts: list[ft.Control] = [heading(t(ui, "hunt_title"))]
    if hunt is not None:
        parts.append(unsourced(ui, "loh-unsourced-hunt"))
        parts.append(_tracker(ui, snap, hunt))
    if hunt is None or hunt["status"] != "ongoing":
        parts.append(_new_hunt(ui, snap))
    return ft.Column(parts, spacing=12)


def _new_hunt(ui: UI, snap: dict) -> ft.Control:
    saved = shared.shared(ui, snap["state"], HUNT)
    slots: list[str] = shared.value(saved, "slots", START)

    def now() -> list[str]:
        """The tray as the table holds it at the tap: two quick taps both count."""
        return list(shared.value(shared.shared(ui, ui.snapshot()["state"], HUNT), "slots", START))

    def reward_setter(i: int):
        async def pick(reward: object) -> None:
            tray = now()
            if i < len(tray):
                tray[i] = reward
                await shared.put(ui, HUNT, "slots", tray)
        return pick

    async def add(e) -> None:
        tray = now()
        if len(tray) < MAX_SLOTS:
            await shared.put(ui, HUNT, "slots", tray + ["none"])

    async def remove(e) -> None:
        tray = now()
        if len(tray) > 1:
            await shared.put(ui, HUNT, "slots", tray[:-1])

    async def start(e) -> None:
        command = shared.confirmed({"type": "hunt.start", "monster": ui.local.inputs.get(MONSTER, ""), "slots": list(slots)},
                                   saved)
        if await ui.send(command):
            ui.local.inputs[MONSTER] = ""
            await ui.refresh()

    rewards = [(r, t(ui, f"reward_{r}")) for r in REWARDS]
    rows: list[ft.Control] = [
        local_text(ui, MONSTER, "loh-hunt-monster", t(ui, "hunt_monster"), text_size=18, max_length=MAX_NAME),
        ft.Text(t(ui, "hunt_tray"), size=17, weight=ft.FontWeight.W_600),
        note(t(ui, "hunt_reward")),
    ]
    for i, reward in enumerate(slots):
        rows.append(ft.Row([ft.Text(t(ui, "hunt_slot", number=i + 1), size=16, width=110),
                            choice_row(rewards, reward, reward_setter(i), f"loh-slot-{i}")],
                           wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    rows += [
        ft.Row([
            button(t(ui, "hunt_add_slot"), add, "loh-hunt-add-slot", icon=ft.Icons.ADD, filled=False,
                   disabled=len(slots) >= MAX_SLOTS),
            button(t(ui, "hunt_remove_slot"), remove, "loh-hunt-remove-slot", icon=ft.Icons.REMOVE,
                   filled=False, disabled=len(slots) <= 1),
        ], wrap=True),
        shared.drawn(ui, "loh-hunt-start", saved[1], button(t(ui, "hunt_start"), start, "loh-hunt-start",
                                                            icon=ft.Icons.PETS, height=64,
                                                            disabled=not can_play_turn(snap))),
        shared.entered_by(ui, saved, "loh-hunt-by"),
    ]
    return card(*rows, ident="loh-hunt-new")


def _tracker(ui: UI, snap: dict, hunt: dict) -> ft.Control:
    state = snap["state"]
    status = hunt["status"]
    if status == "defeated":
        headline = t(ui, "hunt_status_defeated", monster=hunt["monster"])
    else:
        headline = t(ui, f"hunt_status_{status}")
    who = f"{hunt['monster']} ({name(state, hunt['hunter'])})"
    status_line = tagged(ft.Text(headline, size=26, weight=ft.FontWeight.BOLD), "loh-hunt-status", headline)
    if status == "ongoing" and not ui.is_phone:
        return _wide_tracker(ui, snap, hunt, who, status_line)
    rows: list[ft.Control] = [ft.Text(who, size=20, weight=ft.FontWeight.BOLD), status_line]
    if status == "defeated":  # what it gave, straight under the news: the tablet's first screen holds it
        rows += _spoils(ui, state, hunt)
    rows += [note(t(ui, "hunt_attacks", count=hunt["attacks"]), "loh-hunt-attacks", 16), _tray(ui, snap, hunt)]
    if status == "ongoing":
        rows += _attack_controls(ui, snap, hunt)
    elif status == "failed":
        rows += _claims(ui, snap, hunt)
    if status != "ongoing":
        rows.append(note(t(ui, "hunt_hero_wounds")))
    return card(*rows, ident="loh-hunt")


def _wide_tracker(ui: UI, snap: dict, hunt: dict, who: str, status_line: ft.Control) -> ft.Control:
    """A tablet's hunt under way in two columns: what is hunted and the confirm on the left, the
    wound spaces on the right, all of it within a 1280x800 screen under the tiles and tabs."""
    confirm, miss, *rest = _attack_controls(ui, snap, hunt, stacked=True)
    left = ft.Column([
        status_line,
        note(f"{who} · {t(ui, 'hunt_attacks', count=hunt['attacks'])}", "loh-hunt-attacks", 16),
        confirm, miss, *rest,
    ], spacing=8, tight=True)
    return card(ft.Row([ft.Container(left, width=LEFT), ft.Container(_tray(ui, snap, hunt, grid=True), expand=True)],
                       spacing=16, vertical_alignment=ft.CrossAxisAlignment.START), ident="loh-hunt")


def _tray(ui: UI, snap: dict, hunt: dict, grid: bool = False) -> ft.Control:
    """Each wound space: wounded ones are marked, free ones toggle into this attack's choice.
    `grid`: two spaces a row, each half the width, a long label on two lines (a tablet's right column)."""
    chosen: list[int] = shared.value(shared.shared(ui, snap["state"], WOUNDS), "chosen", [])
    ongoing = hunt["status"] == "ongoing" and can_play_turn(snap)

    def toggle(i: int):
        async def handler(e) -> None:
            held = shared.value(shared.shared(ui, ui.snapshot()["state"], WOUNDS), "chosen", [])
            await shared.put(ui, WOUNDS, "chosen", [c for c in held if c != i] if i in held else held + [i])
        return handler

    tiles = []
    for i, reward in enumerate(hunt["slots"]):
        wounded = hunt["wounded"][i]
        label = f"{t(ui, 'hunt_slot', number=i + 1)}: {t(ui, f'reward_{reward}')}"
        if not wounded:
            tiles.append(button(label, toggle(i), f"loh-wound-{i}", filled=i in chosen, disabled=not ongoing,
                                expand=grid or None))
            continue
        tiles.append(tagged(_wounded(label, grid), f"loh-wound-{i}", f"{label} ({t(ui, 'hunt_wounded')})"))
    if grid:
        return ft.ResponsiveRow([ft.Row([ft.Container(tile, expand=True)], col=6) for tile in tiles],
                                spacing=8, run_spacing=8)
    return ft.Row(tiles, wrap=True, spacing=8, run_spacing=8)


def _wounded(label: str, grid: bool) -> ft.Control:
    """A wounded space, marked; in a tablet's half-width cell its words may take two lines."""
    words = ft.Text(label, size=16 if grid else 18, color=ft.Colors.ON_ERROR, weight=ft.FontWeight.W_600,
                    expand=grid or None)
    return ft.Container(ft.Row([ft.Icon(ft.Icons.HEALING, color=ft.Colors.ON_ERROR), words], tight=not grid,
                               spacing=6 if grid else 10),
                        bgcolor=ft.Colors.ERROR, border_radius=28, height=56, expand=grid or None,
                        padding=ft.Padding.symmetric(horizontal=12 if grid else 20))


def _attack_controls(ui: UI, snap: dict, hunt: dict, stacked: bool = False) -> list[ft.Control]:
    """`stacked`: the confirm and the miss first, one under the other (a tablet's narrow left column),
    then the hint and notes."""
    saved = shared.shared(ui, snap["state"], WOUNDS)
    # An undo may have changed the tray since the wounds were picked.
    chosen = [i for i in shared.value(saved, "chosen", []) if i < len(hunt["slots"]) and not hunt["wounded"][i]]
    allowed = can_play_turn(snap)

    def attack(wounds: list[int]):
        async def handler(e) -> None:
            await ui.send(shared.confirmed({"type": "hunt.attack", "wounds": sorted(wounds)}, saved))
        return handler

    confirm = shared.drawn(ui, "loh-hunt-attack", saved[1], button(
        t(ui, "hunt_attack"), attack(chosen), "loh-hunt-attack", icon=ft.Icons.CHECK, disabled=not allowed or not chosen))
    miss = shared.drawn(ui, "loh-hunt-miss", saved[1], button(
        t(ui, "hunt_no_wound"), attack([]), "loh-hunt-miss", icon=ft.Icons.CLOSE, filled=False, disabled=not allowed))
    notes = [note(t(ui, "hunt_monster_attacks")) if hunt["attacks"] else ft.Container(),
             shared.entered_by(ui, saved, "loh-hunt-wounds-by")]
    if stacked:
        return [confirm, miss, note(t(ui, "hunt_attack_hint")), *notes]
    return [note(t(ui, "hunt_attack_hint")), ft.Row([confirm, miss], wrap=True, spacing=8, run_spacing=8), *notes]


def _spoils(ui: UI, state: dict, hunt: dict) -> list[ft.Control]:
    """What a beaten Monster gave: the total, wound by wound, and the hunter's counts it went onto."""
    rule = note(f"{t(ui, 'hunt_beaten_rule')} {t(ui, 'from_published')}", "loh-hunt-beaten-rule")
    if not hunt["collected"]:
        return [note(t(ui, "hunt_collects_nothing"), "loh-hunt-collects", 17), rule]
    said = t(ui, "hunt_collects", name=name(state, hunt["hunter"]), rewards=said_rewards(collected(hunt), ui.lang))
    each = [t(ui, "hunt_collected_from", wound=t(ui, "hunt_slot", number=slot + 1),
              reward=t(ui, f"reward_{hunt['slots'][slot]}")) for slot in hunt["collected"]]
    return [tagged(ft.Text(said, size=22, weight=ft.FontWeight.BOLD), "loh-hunt-collects", said),
            note(" · ".join(each), "loh-hunt-collected-from", 16), *_counts_now(ui, state, hunt), rule]


def _counts_now(ui: UI, state: dict, hunt: dict) -> list[ft.Control]:
    """The hunter's Priests in reserve and Artifacts after the reward, as the table keeps them."""
    track = state.get("tracks", {}).get(hunt["hunter"])
    if track is None:
        return []
    said = t(ui, "hunt_counts_now", name=name(state, hunt["hunter"]),
             priests=said_rewards({"priest": track["priests"]}, ui.lang),
             artifacts=said_rewards({"artifact": track["artifacts"]}, ui.lang))
    return [note(said, "loh-hunt-counts-now", 16)]


def _claims(ui: UI, snap: dict, hunt: dict) -> list[ft.Control]:
    if hunt["claimed"] is not None:
        reward = t(ui, f"reward_{hunt['slots'][hunt['claimed']]}")
        return [tagged(ft.Text(t(ui, "hunt_claimed", reward=reward), size=18, weight=ft.FontWeight.BOLD),
                       "loh-hunt-claimed"), *_counts_now(ui, snap["state"], hunt)]
    claimable = snap["state"]["claimable"]
    if not claimable:
        return [note(t(ui, "hunt_nothing_to_claim"), "loh-hunt-no-claim", 16)]

    def claim(slot: int):
        async def handler(e) -> None:
            await ui.send({"type": "hunt.claim", "slot": slot})
        return handler

    def label(i: int) -> str:
        reward = t(ui, "reward_" + hunt["slots"][i])
        return f"{t(ui, 'hunt_claim')}: {reward} ({t(ui, 'hunt_slot', number=i + 1)})"

    options = [button(label(i), claim(i), f"loh-claim-{i}", disabled=not can_play_turn(snap)) for i in claimable]
    return [ft.Text(t(ui, "hunt_claimable"), size=17, weight=ft.FontWeight.W_600),
            ft.Row(options, wrap=True, spacing=8, run_spacing=8)]
