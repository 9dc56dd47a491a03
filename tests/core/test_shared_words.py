"""A game whose history reads the same on every device is worded once per change for the whole
table (issue #26), and only such a game: the hub shares one history between seats only when the
game declares that its `describe` ignores the seat and none of its events holds a seat's secret."""
from __future__ import annotations

import copy

from companion.core.access import Access
from companion.core.hub import Hub
from companion.games.registry import GAMES

GODS = ["ares", "athena", "hermes", "artemis", "dionysus"]


def _counting(monkeypatch, game) -> list[tuple]:
    worded: list[tuple] = []
    describe = game.describe
    monkeypatch.setattr(game, "describe", lambda event, seat, lang: worded.append((event["seq"], seat)) or
                        describe(event, seat, lang))
    return worded


def test_a_kleos_change_is_worded_once_and_every_device_reads_the_same_history(tmp_path, monkeypatch):
    live = Hub(tmp_path / "data", GAMES).create("kleos", {"players": GODS})
    for _ in range(3):
        live.dispatch({"type": "phase.next", "from_step": live.step}, Access("host"))
    readers = [Access("host"), Access("spectator"), *(Access("seat", g) for g in GODS)]
    worded = _counting(monkeypatch, live.game)
    for god in GODS:
        live.dispatch({"type": "glory.add", "player": god, "reason": "kill", "from_step": live.step},
                      Access("seat", god))
        snaps = [live.snapshot(reader) for reader in readers]
        assert all(s["history"] is snaps[0]["history"] for s in snaps)
    seqs = [seq for seq, _ in worded]
    assert {seat for _, seat in worded} == {None}  # worded for no one seat: the same for every device
    assert len(seqs) == len(set(seqs)) and set(seqs) >= {e["seq"] for e in live.events()[-len(GODS):]}


def test_a_game_that_words_by_seat_keeps_a_history_per_seat(tmp_path):
    live = Hub(tmp_path / "data", GAMES).create("scorepad", {"players": ["Ana", "Bia"]})
    live.dispatch({"type": "note.set", "player": "ana", "text": "secret plan"}, Access("seat", "ana"))
    ana, bia = live.history(Access("seat", "ana")), live.history(Access("seat", "bia"))
    assert ana is not bia and ana[0]["text"] != bia[0]["text"]


def test_a_game_whose_events_hold_secrets_is_worded_per_seat_whatever_it_declares(tmp_path):
    """The Score pad's note belongs to its seat; a declaration that its words are the same for all
    must not hand the owner's line to the other seat."""
    pad = copy.copy(GAMES["scorepad"])
    pad.words_by_seat = False
    live = Hub(tmp_path / "data", {**GAMES, "scorepad": pad}).create("scorepad", {"players": ["Ana", "Bia"]})
    live.dispatch({"type": "note.set", "player": "ana", "text": "secret plan"}, Access("seat", "ana"))
    ana, bia = live.history(Access("seat", "ana")), live.history(Access("seat", "bia"))
    assert ana is not bia and ana[0]["text"] != bia[0]["text"]
    assert "secret plan" not in str(live.snapshot(Access("seat", "bia")))
