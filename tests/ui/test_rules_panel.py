"""The rules look-up panel, built with a stand-in UI and driven through its own handlers."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest
import yaml

from companion.i18n import LANGS, t
from companion.rules import contents, entry, highlight_terms, library
from companion.ui.device_state import DeviceState
from companion.ui.live import Parts
from companion.ui.widgets import rules_panel as panel
from companion.ui.widgets.rules_text import excerpt, mark_style, marked, reflow
from live_device import spoken, walk


WIDGETS = Path(panel.__file__).parent
STRINGS = WIDGETS.parents[1] / "i18n" / "strings" / "rules.yaml"


class FakeUI:
    """The parts of companion.ui.context.UI the panel touches, with no page or server."""

    def __init__(self, lang: str = "en", table_game: str | None = None) -> None:
        self.lang, self.is_phone, self.dark, self.local, self.refreshes = lang, False, False, DeviceState(), 0
        self.parts = Parts()
        # An open table: the panel reads its game from the snapshot the render took, never the table
        self.live = SimpleNamespace() if table_game else None
        self.snap = {"game": table_game} if table_game else {}

    def t(self, key: str, **values: object) -> str:
        return t(key, self.lang, **values)

    async def refresh(self) -> None:
        self.refreshes += 1


def build(ui: FakeUI) -> ft.Control:
    """One render of the panel, as the session does it (ui/app.py)."""
    ui.parts.begin()
    try:
        return panel.rules_panel(ui, ui.refresh)
    finally:
        ui.parts.end()


def tags(controls: list[ft.Control], prefix: str = "rules-") -> list[str]:
    return [c.identifier for root in controls for c in walk(root)
            if isinstance(c, ft.Semantics) and (c.identifier or "").startswith(prefix)]


def find(controls: list[ft.Control], ident: str) -> ft.Semantics:
    hits = [c for root in controls for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier == ident]
    assert len(hits) == 1, f"{len(hits)} controls tagged {ident!r}"
    return hits[0]


def tap(controls: list[ft.Control], ident: str) -> None:
    asyncio.run(find(controls, ident).content.on_click(None))


def shown(text: ft.Text) -> str:
    return text.value if not text.spans else "".join(s.text for s in text.spans)


def type_query(ui: FakeUI, root: ft.Control, *values: str) -> None:
    """Keystrokes as the field of the built panel `root` reports them, close together."""
    handler = find([root], "rules-query").content.on_change

    async def burst() -> None:
        await asyncio.gather(*(handler(SimpleNamespace(control=SimpleNamespace(value=v))) for v in values))

    asyncio.run(burst())


# -- prose -------------------------------------------------------------------
def test_reflow_joins_wrapped_lines_and_keeps_lists_apart():
    text = ("A Cursed Minion stays. Like\nBlessings, it sticks.\n- first item that wraps\n  onto two lines\n"
            "- second\n\nEach day:\n1. Daybreak")
    assert reflow(text) == ("A Cursed Minion stays. Like Blessings, it sticks.\n"
                            "- first item that wraps onto two lines\n- second\n\nEach day:\n1. Daybreak")


def test_marked_bolds_only_the_matched_words_and_keeps_the_text_whole():
    text = "A Champion can never be Cursed, by any card."
    out = marked(text, highlight_terms("can a champion be cursed"))
    assert shown(out) == text
    assert [s.text for s in out.spans if s.style == mark_style()] == ["Champion", "Cursed"]
    assert marked(text, []).value == text and not marked(text, []).spans


def test_excerpt_centres_on_the_first_match_and_says_when_it_cut():
    detail = " ".join(["filler"] * 60) + " the Champion returns home " + " ".join(["filler"] * 60)
    cut = excerpt(detail, highlight_terms("champion"), width=80)
    assert "Champion" in cut and cut.startswith("…") and cut.endswith("…") and len(cut) <= 82
    assert excerpt(detail, highlight_terms("monument")) == ""


# -- what the panel shows ----------------------------------------------------
@pytest.mark.parametrize("table_game, expected", [("kleos", "kleos"), ("scorepad", "all"), (None, "all")])
def test_the_filter_starts_on_the_tables_game(table_game, expected):
    assert panel.selected_game(FakeUI(table_game=table_game)) == expected


def test_the_tables_game_chip_comes_first_and_is_selected():
    ui = FakeUI(table_game="lords_of_hellas")
    root = build(ui)
    chips = [i for i in tags([root], "rules-game-")]
    assert chips == ["rules-game-lords_of_hellas", "rules-game-kleos", "rules-game-cyclades",
                     "rules-game-fleecing_olympus", "rules-game-all"]
    assert find([root], "rules-game-lords_of_hellas").content.selected
    assert not find([root], "rules-game-all").content.selected


def test_an_empty_query_browses_the_games_contents_in_reading_order():
    ui = FakeUI(table_game="cyclades")
    rows = panel.page_for(ui, " ")
    assert tags(rows, "rules-toc-") == [f"rules-toc-cyclades-{e.id}" for e in contents("cyclades", "en")]
    assert tags(panel.page_for(FakeUI(), "")) == ["rules-hint"]


def test_a_question_lists_the_answer_first_with_its_words_marked():
    rows = panel.page_for(FakeUI(), "can a champion be cursed")
    assert tags(rows, "rules-hit-")[:2] == ["rules-hit-kleos-champion", "rules-hit-kleos-curse"]
    texts = [c for c in walk(find(rows, "rules-hit-kleos-champion")) if isinstance(c, ft.Text)]
    marks = {s.text for x in texts for s in (x.spans or []) if s.style == mark_style()}
    assert {"Champion", "Cursed"} <= marks


def test_the_tables_game_comes_first_among_all_games():
    ui = FakeUI(table_game="cyclades")
    ui.local.rules.game = panel.ALL
    games = [i.split("-")[2] for i in tags(panel.page_for(ui, "temple"), "rules-hit-")]
    assert len(set(games)) > 1
    assert games == sorted(games, key=lambda g: g != "cyclades")


def test_a_game_filter_keeps_other_games_out():
    ui = FakeUI()
    ui.local.rules.game = "lords_of_hellas"
    hits = tags(panel.page_for(ui, "temple"), "rules-hit-")
    assert hits and all(h.startswith("rules-hit-lords_of_hellas-") for h in hits)


def test_another_games_thing_asked_at_a_table_is_found_and_labelled_with_its_game():
    ui = FakeUI(lang="pt", table_game="kleos")
    rows = panel.page_for(ui, "quanto custa um filósofo")
    hits = tags(rows, "rules-hit-")
    assert any(h.startswith("rules-hit-cyclades-") for h in hits[:3]), hits
    cyclades = find(rows, next(h for h in hits if h.startswith("rules-hit-cyclades-")))
    assert "Cyclades" in [c.value for c in walk(cyclades) if isinstance(c, ft.Text) and c.value]
    assert ui.local.rules.game == "kleos"  # the filter itself stays on the table's game


def test_nothing_found_offers_every_game():
    ui = FakeUI(table_game="kleos")
    rows = panel.page_for(ui, "zqxjv wkpfh")
    assert tags(rows) == ["rules-no-hits", "rules-search-all"]
    tap(rows, "rules-search-all")
    assert ui.local.rules.game == panel.ALL and ui.refreshes == 1


# -- moving around -----------------------------------------------------------
def test_open_an_answer_follow_a_link_and_come_back():
    ui = FakeUI()
    query = "can a champion be cursed"
    tap(panel.page_for(ui, query), "rules-hit-kleos-champion")
    page = panel.page_for(ui, query)
    champion = entry("kleos", "champion", "en")
    assert spoken(find(page, "rules-entry-answer")) == champion.answer
    assert tags(page, "rules-related-") == [f"rules-related-{r}" for r in champion.related]

    tap(page, "rules-related-curse")
    assert spoken(find(panel.page_for(ui, query), "rules-entry-title")) == entry("kleos", "curse", "en").title
    tap(panel.page_for(ui, query), "rules-back")
    assert spoken(find(panel.page_for(ui, query), "rules-entry-title")) == champion.title
    tap(panel.page_for(ui, query), "rules-back")
    assert "rules-hit-kleos-champion" in tags(panel.page_for(ui, query))
    assert ui.refreshes == 4


def test_typing_replaces_the_open_entry_with_the_newest_results():
    ui = FakeUI()
    root = build(ui)
    ui.local.rules.stack = [["kleos", "champion"]]
    type_query(ui, root, "glory", "condicoes de vitoria")  # the first is overtaken before its pause ends
    assert ui.local.rules.stack == [] and ui.refreshes == 1  # one redraw, for the newest words
    root = build(ui)
    assert tags([root], "rules-hit-")[0] == "rules-hit-lords_of_hellas-victory-conditions"
    assert "rules-search" not in ui.parts.rebuilt  # only the list changed: the field keeps its focus


def test_a_tap_during_a_pending_search_is_not_drawn_over():
    ui = FakeUI()
    root = build(ui)
    typed = find([root], "rules-query").content.on_change(SimpleNamespace(control=SimpleNamespace(value="glory")))
    opened = panel._open(ui)("kleos", "glory")(None)

    async def both() -> None:
        await asyncio.gather(typed, opened)

    asyncio.run(both())
    assert ui.local.rules.stack == [["kleos", "glory"]]
    assert ui.refreshes == 1  # the tap's: the search it overtook draws nothing
    assert spoken(find([build(ui)], "rules-entry-title")) == entry("kleos", "glory", "en").title


def test_the_field_survives_a_rebuild_and_clear_empties_it():
    ui = FakeUI(table_game="kleos")
    first = build(ui)
    field = find([first], "rules-query").content
    type_query(ui, first, "glory")
    again = build(ui)
    assert find([again], "rules-query").content is field and "rules-search" not in ui.parts.rebuilt
    tap([again], "rules-clear")
    assert ui.local.rules.query == "" and ui.refreshes == 2
    cleared = build(ui)
    assert "rules-search" in ui.parts.rebuilt and find([cleared], "rules-query").content.value == ""


# -- Portuguese --------------------------------------------------------------
def test_portuguese_players_get_portuguese_entries():
    ui = FakeUI(lang="pt")
    ui.local.rules.game = "lords_of_hellas"
    rows = panel.page_for(ui, "condicoes de vitoria")
    top = find(rows, "rules-hit-lords_of_hellas-victory-conditions")
    assert spoken(top) == entry("lords_of_hellas", "victory-conditions", "pt").title == "Condições de vitória"
    assert tags(rows, "rules-hit-")[0] == "rules-hit-lords_of_hellas-victory-conditions"


def test_an_untranslated_entry_says_so(monkeypatch):
    """Every topic is translated today; a topic added in English first must still say so."""
    kept = {(e.game, e.lang, e.id): e for e in library.all_entries()}
    del kept[("cyclades", "pt", "starting-gold")]
    monkeypatch.setattr(library, "_by_key", lambda: kept)
    ui = FakeUI(lang="pt")
    ui.local.rules.game = "cyclades"
    rows = panel.page_for(ui, "ouro inicial starting gold")
    notes = [c.value for c in walk(rows[0]) if isinstance(c, ft.Text) and c.value]
    assert any(t("rules.untranslated", "pt") in n for n in notes)


def test_every_string_the_panel_uses_exists_in_both_languages_and_none_is_unused():
    texts = yaml.safe_load(STRINGS.read_text(encoding="utf-8"))
    used = {m for p in WIDGETS.glob("rules_*.py") for m in re.findall(r"\.t\(\"rules\.(\w+)\"", p.read_text())}
    assert used == set(texts)
    assert all(texts[k].get(lang) for k in texts for lang in LANGS)
