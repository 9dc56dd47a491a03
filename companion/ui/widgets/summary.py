"""After the game: the summary panel on the tablet and on every phone (each phone's own line first).

It renders `LiveTable.summary()` and nothing else, so the screens, the API and
BG Stats tell the same story. The tablet shows the BG Stats push link as a QR
code; a phone gets it as a link, since a phone cannot scan its own screen.
"""
from __future__ import annotations

import math

import flet as ft
import flet_charts as fch

from companion.core.bgstats import push_link
from companion.core.summary import note_text, role_text, tie_text
from companion.core.turnclock import clock_text
from companion.i18n import catalogue, numbers
from companion.i18n.dates import when
from companion.qr import qr_svg
from companion.ui.context import UI
from companion.ui.ending import slow
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.colours import by_place
from companion.ui.widgets.controls import card, heading, tagged

QR_SIZE = 420
CHART_HEIGHT = 220


def summary_panel(ui: UI) -> ft.Control | None:
    """The panel once the game is over; None while it runs (the API says what is still missing).
    A live part: rebuilt only when the summary itself changed. The summary comes in the
    snapshot, built off the event loop (ui/ending.py); until it is there the panel says so."""
    snap = ui.snap
    if not snap["finished"]:
        return None
    data = snap["summary"]
    if data is None:
        return show(ui, Waiting("summary.slow" if slow(ui, snap["seq"]) else "summary.preparing"))
    colours = tuple((s["id"], s["colour"]) for s in snap["seats"])
    return show(ui, Panel(data, ui.access.seat if ui.access.role == "seat" else None, snap["aliases"], colours,
                          snap["ticket"]))


@inputs
class Waiting(Inputs):
    """The panel's place while the summary is being made: `words` says whether it is slow."""

    part = "summary-panel"
    words: str

    def build(self, ui: UI) -> ft.Control:
        said = ui.t(self.words)
        return card(heading(ui.t("summary.title")), tagged(ft.Text(said, size=16, italic=True), "summary-waiting", said),
                    ident="summary")


@inputs
class Panel(Inputs):
    """The summary (`data`, LiveTable.summary()), this device's own seat's line first (`mine`)."""

    part = "summary-panel"
    data: dict
    mine: str | None
    aliases: tuple[tuple[str, str], ...]
    colours: tuple[tuple[str, str | None], ...]
    ticket: str

    def build(self, ui: UI) -> ft.Control:
        data, mine = self.data, self.mine
        parts: list[ft.Control] = [heading(ui.t("summary.title"))]
        players = sorted(data["players"], key=lambda p: p["id"] != mine)
        parts += [_player_line(ui, data, p, p["id"] == mine) for p in players]
        parts += [ft.Text(tie_text(data, tie, ui.lang), size=15, italic=True) for tie in data["ties"]]
        parts += [ft.Text(note_text(note, ui.lang), size=15, italic=True) for note in data["notes"]]
        starter = next((p["name"] for p in data["players"] if p["start_player"]), None)
        facts = ui.t("summary.length", date=when(data["date"], ui.lang), minutes=data["duration_min"])
        if starter:
            facts = f"{ui.t('summary.started', name=starter)} · {facts}"
        parts.append(tagged(ft.Text(facts, size=14), "summary-facts", facts))
        if data["series"]:
            parts.append(_series(ui, data, dict(self.colours)))
        if any(data["sources"].values()):
            parts.append(_sources(ui, data))
        parts.append(_bgstats(ui, data, dict(self.aliases)))
        parts.append(_downloads(ui, data, self.ticket))
        return card(*parts, ident="summary")


def _player_line(ui: UI, data: dict, player: dict, mine: bool) -> ft.Control:
    role = f" ({role_text(data['game'], player['role'], ui.lang)})" if player["role"] else ""
    score = "" if data["no_points"] or player["score"] is None else f"  {numbers.number(player['score'], ui.lang)}"
    clock = "" if player["clock_seconds"] is None else \
        f" · {ui.t('summary.clock_short', time=clock_text(player['clock_seconds']))}"
    name = ui.t("summary.you") + f" · {player['name']}" if mine else player["name"]
    text = f"{ui.t('summary.rank_line', rank=player['rank'], name=name)}{role}{score}{clock}"
    icon = ft.Icon(ft.Icons.EMOJI_EVENTS if player["winner"] else ft.Icons.CIRCLE_OUTLINED, size=24)
    row = ft.Row([icon, ft.Text(text, size=18, weight=ft.FontWeight.BOLD if player["winner"] or mine else None,
                                expand=True)], spacing=8)
    body = ft.Container(row, bgcolor=ft.Colors.PRIMARY_CONTAINER if mine else None, padding=6, border_radius=8)
    return tagged(body, f"summary-{player['id']}", text)


def _series(ui: UI, data: dict, seats: dict[str, str | None]) -> ft.Control:
    """Score over time, one line per player in their seat colour (the palette where a seat has none)."""
    points = data["series"]["points"]
    names = {p["id"]: p["name"] for p in data["players"]}
    colour = {pid: by_place(seats.get(pid), i) for i, pid in enumerate(points)}
    step = max(1, math.ceil(max([1] + [v for values in points.values() for v in values]) / 5))
    top = step * 6
    lines = [fch.LineChartData(
        points=[fch.LineChartDataPoint(x, v, tooltip=f"{names.get(pid, pid)} {v}") for x, v in enumerate(values, 1)],
        color=colour[pid], stroke_width=3, point=fch.ChartCirclePoint(radius=4, color=colour[pid]),
    ) for pid, values in points.items()]
    length = max(len(v) for v in points.values())
    chart = fch.LineChart(data_series=lines, min_x=1, max_x=max(2, length), min_y=0, max_y=top,
                          height=CHART_HEIGHT, expand=True,
                          left_axis=fch.ChartAxis(label_size=32, label_spacing=step),
                          bottom_axis=fch.ChartAxis(label_size=24, label_spacing=1))
    legend = ft.Row([ft.Row([ft.Container(width=14, height=14, bgcolor=colour[pid], border_radius=7),
                             ft.Text(names.get(pid, pid), size=14)], spacing=4, tight=True)
                     for pid in points], wrap=True, spacing=12)
    described = "; ".join(f"{names.get(p, p)} {', '.join(map(str, v))}" for p, v in points.items())
    return ft.Column([ft.Text(ui.t(data["series"]["label"]), size=16, weight=ft.FontWeight.W_600), legend,
                      tagged(chart, "summary-series", described)], spacing=6)


def _source_label(ui: UI, game: str, reason: str) -> str:
    key = f"{game}.reason_{reason}"
    return ui.t(key) if key in catalogue() else ui.t(f"summary.source_{reason}")


def _sources(ui: UI, data: dict) -> ft.Control:
    rows: list[ft.Control] = [ft.Text(ui.t("summary.where_from"), size=16, weight=ft.FontWeight.W_600)]
    for player in data["players"]:
        bits = data["sources"].get(player["id"], {})
        if bits:
            text = f"{player['name']}: " + " · ".join(
                f"{_source_label(ui, data['game'], r)} {n:+d}" for r, n in bits.items() if n)
            rows.append(tagged(ft.Text(text, size=14), f"summary-sources-{player['id']}", text))
    return ft.Column(rows, spacing=4)


def _bgstats(ui: UI, data: dict, aliases: dict[str, str]) -> ft.Control:
    link = push_link(data, aliases=aliases)
    if ui.access.role == "host" and not ui.is_phone:
        code = ft.Container(ft.Image(src=qr_svg(link), width=QR_SIZE, height=QR_SIZE), bgcolor=ft.Colors.WHITE,
                            padding=12, border_radius=8)
        return ft.Column([ft.Text(ui.t("summary.bgstats"), size=16, weight=ft.FontWeight.W_600),
                          ft.Text(ui.t("summary.bgstats_help"), size=14), tagged(code, "summary-bgstats-qr")],
                         spacing=6)
    return tagged(ft.TextButton(ui.t("summary.bgstats"), icon=ft.Icons.OPEN_IN_NEW, url=link),
                  "summary-bgstats-link", link)


def _downloads(ui: UI, data: dict, ticket: str) -> ft.Control:
    """The links carry a download ticket (core/tickets.py), never this device's key; it is minted
    with the summary, off the event loop (ui/ending.py)."""
    base = f"{ui.server.base_url}/api/tables/{data['table']}/summary?ticket={ticket}"
    return ft.Row([
        tagged(ft.TextButton(ui.t("summary.download_json"), icon=ft.Icons.DOWNLOAD, url=base + "&format=json"),
               "summary-json"),
        tagged(ft.TextButton(ui.t("summary.download_csv"), icon=ft.Icons.DOWNLOAD, url=base + "&format=csv"),
               "summary-csv"),
    ], wrap=True)
