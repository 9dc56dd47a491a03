"""The CSV summary (core/export.py): a text cell never starts a spreadsheet formula; numbers stay numbers."""
import csv
import io

from companion.core.export import to_csv


def summary(players):
    return {"date": "2026-12-07T20:00:00", "title": "=Game", "duration_min": 42, "players": players}


def player(name, score, role=None):
    return {"name": name, "score": score, "winner": False, "rank": 1, "start_player": False, "role": role,
            "clock_seconds": None}


def test_every_formula_start_is_written_as_text():
    starts = ["=1+1", "+1+1", "-1+1", "@SUM(A1)", "\t=1+1", "\r=1+1"]
    text = to_csv(summary([player(name, 0, role=name) for name in starts]))
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert [row["player"] for row in rows] == ["'" + name for name in starts]
    assert [row["role"] for row in rows] == ["'" + name for name in starts]
    assert {row["game"] for row in rows} == {"'=Game"}


def test_numbers_and_plain_text_are_written_as_they_are():
    rows = list(csv.DictReader(io.StringIO(to_csv(summary([player("Ana", -7), player("Bia-2", 3)])))))
    assert [(row["player"], row["score"], row["duration_min"]) for row in rows] == [
        ("Ana", "-7", "42"), ("Bia-2", "3", "42")]
