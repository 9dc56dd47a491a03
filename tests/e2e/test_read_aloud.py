"""Issue 45: every screen as a screen reader gets it, from Chromium's accessibility tree. On each of
the 24 screens (read_aloud.SCREENS, in English and in Portuguese) every control has a name, no name
repeats itself or what is inside it, the page declares the device's language, every image has a text
alternative, a Portuguese screen says no English word, and there is at least one heading."""
from __future__ import annotations

import pytest
from drive import Server
from read_aloud import LANGS, SCREENS, make_tables, open_screen, read


@pytest.fixture(scope="module")
def table_server(tmp_path_factory):
    """One server for the 24 screens, with a table per game in play (the start screen lists them)."""
    srv = Server(tmp_path_factory.mktemp("read_aloud") / "data")
    srv.start()
    yield srv, make_tables(srv)
    srv.stop()


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("screen,device", SCREENS)
def test_the_screen_reads_aloud_once_in_the_devices_language(table_server, browser, screen, device, lang):
    server, tables = table_server
    page = open_screen(browser, server, tables, screen, device, lang)
    problems = read(page).problems(lang)
    assert not problems, f"{screen} on a {lang} {device}:\n" + "\n".join(problems)


@pytest.mark.parametrize("game", sorted({s for s, d in SCREENS if d == "tablet"} - {"start", "stats"}))
def test_the_tablets_undo_is_read_before_its_long_lists(table_server, browser, game):
    """Undo heads the tablet's side column on the line of who this is and the news: read within the
    first few items, not after every tile, card and history row (74th to 122nd, at the top of the
    side column below that line)."""
    server, tables = table_server
    page = open_screen(browser, server, tables, game, "tablet", "en")
    got = read(page)
    assert got.undo_at is not None and got.undo_at[0] <= 12, got.undo_at
