"""Glory over the days, one line per god, drawn from the state's per-day series.

The series holds each god's Glory at the end of every day so far (today's
point moves as Glory changes), so the chart needs no history replay. A legend
names every line, since a colour alone does not say which god it is.
"""
from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.games.kleos import LAST_DAY
from companion.ui.context import UI
from companion.ui.games.kleos.parts import dot, god, shade
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.controls import card, heading, tagged

HEIGHT = 300
# Leave room above the leader so its line and points are not cut at the top edge.
HEADROOM = 2
MIN_TOP = 6


def glory_chart(ui: UI, state: dict) -> ft.Control:
    """One part: redrawn when a god's Glory moves, untouched by the Favor or the clock."""
    return show(ui, Chart(tuple(state["players"]), state["glory_by_day"], state["glory"]))


@inputs
class Chart(Inputs):
    part = "kleos-chart-card"
    players: tuple[str, ...]
    series: dict[str, list[int]]
    glory: dict[str, int]

    def build(self, ui: UI) -> ft.Control:
        players, series, glory = self.players, self.series, self.glory
        top = max(MIN_TOP, max(max(values) for values in series.values()) + HEADROOM)
        lines = [fch.LineChartData(
            points=[fch.LineChartDataPoint(day, value, tooltip=f"{god(ui, player)} {value}")
                    for day, value in enumerate(series[player], start=1)],
            color=shade(player), stroke_width=4, point=fch.ChartCirclePoint(radius=5, color=shade(player)),
        ) for player in players]
        step = max(1, top // 5)
        top = -(-top // step) * step  # a whole number of steps: no top label squeezed in beside the last one
        chart = fch.LineChart(
            data_series=lines, min_x=1, max_x=LAST_DAY, min_y=0, max_y=top, height=HEIGHT, expand=True,
            bottom_axis=fch.ChartAxis(label_size=32, labels=[
                fch.ChartAxisLabel(value=day, label=ft.Text(ui.t("kleos.ui_day_label_short", day=day), size=14))
                for day in range(1, LAST_DAY + 1)]),
            left_axis=fch.ChartAxis(label_size=36, label_spacing=step),
            horizontal_grid_lines=fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1),
            vertical_grid_lines=fch.ChartGridLines(interval=1, color=ft.Colors.OUTLINE_VARIANT, width=1),
        )
        summary = "; ".join(f"{god(ui, p)} {', '.join(str(v) for v in series[p])}" for p in players)
        legend = ft.Row([ft.Row([dot(p, 16), ft.Text(f"{god(ui, p)} {glory[p]}", size=16,
                                                     weight=ft.FontWeight.W_600)], spacing=6, tight=True)
                         for p in players], wrap=True, spacing=16, run_spacing=8)
        return card(heading(ui.t("kleos.ui_chart_title"), 20), legend,
                    tagged(ft.Container(chart, padding=ft.Padding.only(right=16, top=8)), "kleos-chart", summary),
                    ident="kleos-chart-card")
