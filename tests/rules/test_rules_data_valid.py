"""Every rules file on disk is well-formed and its links resolve; our two games are complete enough."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from companion.rules import contents
from companion.rules.check import problems
from companion.rules.library import DATA_DIR, data_files

FILES = data_files()


def test_there_are_rules_files():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_file_is_valid(path: Path):
    assert problems(path) == []


@pytest.mark.parametrize(
    ("game", "lang", "least"),
    [("kleos", "en", 60), ("kleos", "pt", 15), ("fleecing_olympus", "en", 40)],
)
def test_our_games_have_enough_entries(game: str, lang: str, least: int):
    data = yaml.safe_load((DATA_DIR / game / f"{lang}.yaml").read_text(encoding="utf-8"))
    assert len(data["entries"]) >= least


def test_kleos_portuguese_topics_exist_in_english():
    """A Portuguese entry translates an English topic, so both share its id."""
    en = {e.id for e in contents("kleos", "en") if e.lang == "en"}
    pt = {e.id for e in contents("kleos", "pt") if e.lang == "pt"}
    assert pt and pt <= en


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "kleos" / "en.yaml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    return path


def test_checker_reports_broken_links_duplicates_and_bad_ids(tmp_path: Path):
    path = _write(
        tmp_path,
        """
game: kleos
lang: en
entries:
  - {id: Bad_Id, title: T, answer: A, detail: D, tags: [x], related: [nowhere]}
  - {id: twice, title: T, answer: A, detail: D, tags: [x], related: []}
  - {id: twice, title: T, answer: A, detail: D, tags: [], related: [twice]}
""",
    )
    found = "\n".join(problems(path))
    assert "not lowercase-hyphenated" in found
    assert "'nowhere' is not an entry" in found
    assert "used twice" in found
    assert "tags must be a non-empty list" in found
    assert "related to itself" in found


def test_checker_reports_a_mislabelled_file(tmp_path: Path):
    path = _write(tmp_path, "game: cyclades\nlang: en\nentries: []\n")
    found = "\n".join(problems(path))
    assert "path says kleos/en" in found
    assert "non-empty list" in found
