"""The Stats page (tablet only): per game, plays, wins per player and per god or faction, scores, length.

Everything comes from the plays kept on this tablet (core.plays) through the
pure core.stats; this module only draws. Names are matched case-blind; the
"same player" row lets the table fold another spelling into one player.
"""
from __future__ import annotations

import asyncio

import flet as ft
import flet_charts as fch

from companion.core.model import RuleError
from companion.core.plays import Plays
from companion.core.stats import game_stats, names
from companion.core.summary import role_text
from companion.games.registry import GAMES
from companion.i18n import numbers
from companion.ui.context import UI
from companion.ui.kept import forget, kept
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.start import game_title
from companion.ui.widgets.controls import button, card, heading, tagged

CHART_HEIGHT = 240


def stats_screen(ui: UI) -> ft.Control:
    """Built of live parts like a table's screen; the plays are read and counted off the event
    loop (ui/kept.py) and kept, so a render reads no file and counts nothing."""
    server = ui.server  # the hub is reached in the worker thread only
    asked = ui.local.stats_game
    read = kept(ui, "stats", (asked,), lambda: tally(server.hub.plays, asked))
    if read is None or read.value is None:
        said = ui.t("limits.too_slow" if read is not None and read.slow else "ui.loading_plays")
        return show(ui, Waiting(said))
    counted = read.value
    if ui.local.stats_merge is None:
        ui.local.stats_merge = {"name": counted["names"][0] if counted["names"] else "", "as": ""}
    chosen = ui.local.stats_merge
    merge = show(ui, MergeCard(tuple(counted["names"]), chosen["name"], chosen["as"]))
    return group(ui, "stats-page", ft.Column, [show(ui, StatsCard(counted["game"], counted["stats"])),
                                               *([merge] if counted["stats"]["plays"] else [])],
                 scroll=ft.ScrollMode.AUTO, expand=True, spacing=16)


def tally(plays: Plays, asked: str | None) -> dict:
    """The Stats page's figures for `asked` (None: the last game played): off the event loop."""
    every = plays.all()
    choice = asked
    if choice not in GAMES:
        played = [p["game"] for p in every]
        choice = played[-1] if played else next(iter(GAMES))
    return {"game": choice, "stats": game_stats(every, choice, plays.aliases()), "names": names(every, {})}


@inputs
class Waiting(Inputs):
    """The page while the plays are read: `said` is why nothing is counted yet."""

    part = "stats-page"
    said: str

    def build(self, ui: UI) -> ft.Control:
        return _waiting(ui, self.said)


@inputs
class StatsCard(Inputs):
    part = "stats-card"
    choice: str
    stats: dict

    def build(self, ui: UI) -> ft.Control:
        return _stats_card(ui, self.choice, self.stats)


@inputs
class MergeCard(Inputs):
    """The merge card: the names `spelled` in the plays, and this device's choice as shown."""

    part = "stats-merge"
    spelled: tuple[str, ...]
    name: str
    same_as: str

    def build(self, ui: UI) -> ft.Control:
        return _merge_card(ui, self.spelled, self.name, self.same_as)


def _waiting(ui: UI, said: str) -> ft.Control:
    return ft.Column([card(heading(ui.t("summary.stats")), tagged(ft.Text(said, size=18, italic=True),
                                                                  "stats-loading", said), ident="stats")],
                     scroll=ft.ScrollMode.AUTO, expand=True)


def _stats_card(ui: UI, choice: str, stats: dict) -> ft.Control:
    def pick(game_id: str):
        async def handler(e: object) -> None:
            ui.local.stats_game = game_id
            await ui.refresh()
        return handler

    chips = ft.Row([tagged(ft.Chip(ft.Text(game_title(g, ui.lang), size=16), selected=g == choice,
                                   on_click=pick(g), height=48), f"stats-game-{g}") for g in GAMES],
                   wrap=True, spacing=8, run_spacing=8)
    parts: list[ft.Control] = [heading(ui.t("summary.stats")), chips]
    if not stats["plays"]:
        empty = ui.t("summary.stats_empty", game=game_title(choice, ui.lang))
        parts.append(tagged(ft.Text(empty, size=18), "stats-empty", empty))
        return card(*parts, ident="stats")
    line = ui.t("summary.stats_plays", n=numbers.number(stats["plays"], ui.lang),
                minutes=numbers.number(stats["average_minutes"], ui.lang))
    parts += [tagged(ft.Text(line, size=18, weight=ft.FontWeight.W_600), "stats-plays", line),
              _wins_chart(ui, stats)]
    for player in stats["players"]:
        text = ui.t("summary.stats_score_line", name=player["name"],
                    plays=numbers.count("summary.count_plays", player["plays"], ui.lang),
                    wins=numbers.count("summary.count_wins", player["wins"], ui.lang),
                    average="—" if player["average"] is None else numbers.number(player["average"], ui.lang, 1),
                    best="—" if player["best"] is None else numbers.number(player["best"], ui.lang))
        parts.append(tagged(ft.Text(text, size=15), f"stats-player-{player['name']}", text))
    if stats["roles"]:
        parts.append(ft.Text(ui.t("summary.stats_wins_role"), size=16, weight=ft.FontWeight.W_600))
        parts += [ft.Text(ui.t("summary.stats_role_line", role=role_text(choice, r["role"], ui.lang),
                               wins=numbers.count("summary.count_wins", r["wins"], ui.lang),
                               plays=numbers.count("summary.count_plays", r["plays"], ui.lang)), size=15)
                  for r in stats["roles"]]
    return card(*parts, ident="stats")


def _wins_chart(ui: UI, stats: dict) -> ft.Control:
    players = stats["players"]
    top = max([1] + [p["wins"] for p in players])
    groups = [fch.BarChartGroup(x=i, rods=[fch.BarChartRod(to_y=p["wins"], width=28, color=ft.Colors.PRIMARY,
                                                           tooltip=f"{p['name']} {p['wins']}")])
              for i, p in enumerate(players)]
    chart = fch.BarChart(groups=groups, min_y=0, max_y=top, height=CHART_HEIGHT, expand=True,
                         left_axis=fch.ChartAxis(label_size=28, label_spacing=1),
                         bottom_axis=fch.ChartAxis(label_size=28, labels=[
                             fch.ChartAxisLabel(value=i, label=ft.Text(p["name"], size=13))
                             for i, p in enumerate(players)]))
    described = "; ".join(f"{p['name']} {p['wins']}" for p in players)
    return ft.Column([ft.Text(ui.t("summary.stats_wins_player"), size=16, weight=ft.FontWeight.W_600),
                      tagged(chart, "stats-wins-chart", described)], spacing=6)


def _merge_card(ui: UI, spelled: tuple[str, ...], name: str, same_as: str) -> ft.Control:
    """Pick a spelling and the player it should count as; saving rewrites the aliases at once.
    The choice lives on this device (`ui.local`); `name` and `same_as` are it, as shown."""
    chosen = ui.local.stats_merge
    options = [ft.DropdownOption(key=n, text=n) for n in spelled]

    def set_field(field: str):
        async def handler(e: ft.Event) -> None:
            chosen[field] = e.control.value or ""
            await ui.refresh()
        return handler

    async def save(e: object) -> None:
        try:
            await asyncio.to_thread(ui.server.hub.plays.alias, chosen["name"], chosen["as"])
        except RuleError as err:
            ui.toast(ui.t("ui.refused", message=ui.t(err.key) if hasattr(err, "key") else err.message), error=True)
            return
        forget(ui, "stats")  # counted again with the new matching
        await ui.refresh()

    return card(
        heading(ui.t("summary.stats_names"), 18),
        tagged(ft.Dropdown(options=options, value=name or None, label=ui.t("ui.players"), width=320,
                           on_select=set_field("name")), "stats-merge-name"),
        tagged(ft.Dropdown(options=options, value=same_as or None, width=320,
                           label=ui.t("summary.stats_merge", name=name or "…"),
                           on_select=set_field("as")), "stats-merge-as"),
        button(ui.t("summary.stats_merge_save"), save, "stats-merge-save", icon=ft.Icons.MERGE),
        ident="stats-names")
