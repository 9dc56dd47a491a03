"""ui/screens.py: one table of screens, read by routing, drawing and keying alike."""
from __future__ import annotations

from companion.ui import screens


def test_an_address_names_its_screen_and_its_parameters():
    table = screens.screen_at("/t/abc123")
    assert table.screen is screens.TABLE and table.params == {"table": "abc123"}
    assert screens.screen_at("//t/abc123/").params == {"table": "abc123"}  # empty segments, as before
    assert screens.screen_at("/stats").screen is screens.STATS
    for home in ("/", "", "/t", "/t/a/b", "/stats/x", "/other"):
        assert screens.screen_at(home).screen is None, home


def test_every_screen_has_one_row_and_the_last_row_always_shows():
    names = [s.name for s in screens.SCREENS]
    assert len(names) == len(set(names))
    assert screens.SCREENS[-1].shows(object()) is True  # a session always finds a screen
