"""The Kleos odds panel and dice tray, built with a stand-in UI and driven through their handlers."""
from __future__ import annotations

import asyncio
import random
import re
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction as F
from pathlib import Path

import flet as ft
import pytest
import yaml

from companion.games.kleos.dice import count_successes, roll
from companion.games.kleos.odds import Fighter, combat, competing, recruit
from companion.i18n import LANGS, t
from companion.ui.games.kleos.dice import dice_tray
from companion.ui.live import Parts
from companion.ui.games.kleos.odds import odds_panel, percent
from live_device import walk

ROOT = Path(__file__).resolve().parents[2]
STRINGS = ROOT / "companion" / "games" / "kleos" / "strings" / "kleos_tools.yaml"
SEEDS = ROOT.parent / "shared" / "seeds"


class FakeUI:
    """The parts of companion.ui.context.UI the widgets touch, with no page or server."""

    def __init__(self, lang: str = "en", phone: bool = False) -> None:
        self.lang, self.is_phone, self.local, self.refreshes = lang, phone, {}, 0
        self.dark, self.parts = False, Parts()  # what live parts memoise on

    def t(self, key: str, **values: object) -> str:
        return t(key, self.lang, **values)

    async def refresh(self) -> None:
        self.refreshes += 1


def find(root: ft.Control, ident: str) -> ft.Semantics:
    hits = [c for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier == ident]
    assert len(hits) == 1, f"{len(hits)} controls tagged {ident!r}"
    return hits[0]


def label(root: ft.Control, ident: str) -> str:
    return find(root, ident).label


def tap(ui: FakeUI, root: ft.Control, ident: str) -> None:
    clickable = next(c for c in walk(find(root, ident)) if getattr(c, "on_click", None))
    assert not clickable.disabled, f"{ident} is disabled"
    # A worker thread gets its own loop even when a browser test left one running here.
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, clickable.on_click(None)).result()


def texts(root: ft.Control) -> list[str]:
    out = []
    for c in walk(root):
        for name in ("value", "content", "label"):
            value = getattr(c, name, None)
            if isinstance(value, str):
                out.append(value)
    return out


# --- odds panel ---------------------------------------------------------------


def test_percent_has_one_decimal_and_a_portuguese_comma():
    assert percent(F(7, 27), "en") == "25.9%"
    assert percent(F(7, 27), "pt") == "25,9%"
    assert percent(F(1), "en") == "100.0%"


def test_default_combat_shows_every_outcome_of_the_exact_odds():
    ui = FakeUI()
    panel = odds_panel(ui)
    odds = combat(Fighter(3, 2), Fighter(3, 2))
    for name in ("defender_killed", "slaughter", "attacker_killed", "both_killed", "neither_killed"):
        assert label(panel, f"odds-{name}").endswith(percent(getattr(odds, name), "en"))
    # 3 plain dice need 2 successes: 7/27 either way.
    assert label(panel, "odds-defender_killed") == "Defender dies 25.9%"
    bars = [c.value for c in walk(find(panel, "odds-results")) if isinstance(c, ft.ProgressBar)]
    assert bars == pytest.approx([float(getattr(odds, name)) for name in (
        "defender_killed", "slaughter", "attacker_killed", "both_killed", "neither_killed")])


def test_a_stepper_changes_only_this_device_and_the_result_follows():
    ui = FakeUI()
    tap(ui, odds_panel(ui), "attacker-attack-plus")
    panel = odds_panel(ui)
    tap(ui, panel, "attacker-attack-plus")
    panel = odds_panel(ui)
    assert ui.refreshes == 2
    assert ui.local["kleos.odds.attacker"]["attack"] == 5
    assert label(panel, "attacker-attack-value") == "Attack 5"
    # 5 plain dice reach 2 successes with 1 - (32 + 80)/243 = 131/243.
    assert label(panel, "odds-defender_killed") == "Defender dies 53.9%"
    # Plus one Glory for the 1/243 chance of five successes, a Slaughter: 132/243 in all.
    assert label(panel, "odds-attacker_glory") == "Attacker: 0.54"


def test_tactics_may_go_negative_and_shrink_the_pool():
    ui = FakeUI()
    for _ in range(4):
        tap(ui, odds_panel(ui), "attacker-tactics-minus")
    panel = odds_panel(ui)
    assert ui.local["kleos.odds.attacker"]["tactics"] == -4
    assert find(panel, "attacker-dice").content.value == t("kleos_tools.rolls", dice=0)
    assert label(panel, "odds-defender_killed").endswith("0.0%")


def test_hunter_alone_adds_its_bonus_and_drops_the_tactics_tally():
    ui = FakeUI()
    tap(ui, odds_panel(ui), "attacker-tactics-plus")
    tap(ui, odds_panel(ui), "attacker-hunter")
    tap(ui, odds_panel(ui), "attacker-hunter-minotaur")
    panel = odds_panel(ui)
    expected = combat(Fighter(5, 3, tactics=0), Fighter(3, 2))
    assert label(panel, "odds-defender_killed").endswith(percent(expected.defender_killed, "en"))
    assert label(panel, "odds-attacker_killed").endswith(percent(expected.attacker_killed, "en"))
    assert label(panel, "attacker-tactics-value") == "Tactics 0"
    assert find(panel, "attacker-tactics-plus").content.disabled
    # Switching it off brings the typed Tactics back.
    tap(ui, panel, "attacker-hunter")
    assert label(odds_panel(ui), "attacker-tactics-value") == "Tactics 1"


def test_opportunity_attack_leaves_no_retaliation():
    ui = FakeUI()
    tap(ui, odds_panel(ui), "odds-opportunity")
    panel = odds_panel(ui)
    assert label(panel, "odds-attacker_killed").endswith("0.0%")
    assert find(panel, "defender-dice").content.value == t("kleos_tools.no_retaliation")


def test_a_champion_defender_cannot_be_slaughtered():
    ui = FakeUI()
    for _ in range(6):
        tap(ui, odds_panel(ui), "attacker-attack-plus")
    assert not label(odds_panel(ui), "odds-slaughter").endswith(" 0.0%")
    tap(ui, odds_panel(ui), "defender-champion")
    assert label(odds_panel(ui), "odds-slaughter").endswith(" 0.0%")


def test_recruit_and_competing_sections():
    ui = FakeUI("pt")
    tap(ui, odds_panel(ui), "odds-tab-recruit")
    panel = odds_panel(ui)
    assert label(panel, "odds-recruit_chance").endswith(percent(recruit(3, 1), "pt"))
    assert "," in label(panel, "odds-recruit_chance")
    tap(ui, panel, "recruit-godly")
    assert label(odds_panel(ui), "odds-recruit_chance").endswith(percent(recruit(3, 1, True), "pt"))

    tap(ui, odds_panel(ui), "odds-tab-competing")
    tap(ui, odds_panel(ui), "competing-a-plus")
    panel = odds_panel(ui)
    chances = competing(4, 3)
    for name, chance in zip(("a_wins", "tie", "b_wins"), chances):
        assert label(panel, f"odds-{name}").endswith(percent(chance, "pt"))
    with pytest.raises(AssertionError):
        find(panel, "odds-defender_killed")


def test_stat_steppers_stop_at_zero():
    ui = FakeUI()
    for _ in range(2):
        tap(ui, odds_panel(ui), "defender-defense-minus")
    panel = odds_panel(ui)
    assert ui.local["kleos.odds.defender"]["defense"] == 0
    assert find(panel, "defender-defense-minus").content.disabled


# --- dice tray ----------------------------------------------------------------


def test_a_seeded_roll_shows_the_faces_and_tally_of_that_seed():
    ui = FakeUI()
    ui.local["kleos.dice.seed"] = 11
    tap(ui, dice_tray(ui), "dice-count-plus")
    tap(ui, dice_tray(ui), "dice-roll")
    tray = dice_tray(ui)
    faces = roll(4, False, random.Random(11))
    assert ui.local["kleos.dice.faces"] == faces
    for i, face in enumerate(faces):
        image = find(tray, f"die-{i}").content
        assert image.src == f"/dice/{face}.svg"
    hits = count_successes(faces, False)
    assert label(tray, "dice-successes") == f"Successes {hits}"
    # Rolling again draws fresh faces from the same device generator.
    tap(ui, tray, "dice-roll")
    source = random.Random(11)
    roll(4, False, source)
    assert ui.local["kleos.dice.faces"] == roll(4, False, source)


def test_godly_switch_recounts_the_same_faces():
    ui = FakeUI()
    ui.local.update({"kleos.dice.count": 12, "kleos.dice.seed": 3})
    tap(ui, dice_tray(ui), "dice-roll")
    faces = list(ui.local["kleos.dice.faces"])
    assert "godly" in faces, "pick a seed whose roll shows the Godly face"
    before = label(dice_tray(ui), "dice-successes")
    tap(ui, dice_tray(ui), "dice-godly")
    after = label(dice_tray(ui), "dice-successes")
    assert ui.local["kleos.dice.faces"] == faces
    assert before == f"Successes {count_successes(faces, False)}"
    assert after == f"Successes {count_successes(faces, True)}"


def test_presets_follow_the_combat_on_the_odds_panel():
    ui = FakeUI()
    tap(ui, odds_panel(ui), "attacker-tactics-plus")
    tap(ui, odds_panel(ui), "defender-godly")
    ui.local["kleos.dice.faces"] = ["blank"]
    tray = dice_tray(ui)
    tap(ui, tray, "dice-preset-attacker")
    assert (ui.local["kleos.dice.count"], ui.local["kleos.dice.godly"]) == (4, False)
    assert ui.local["kleos.dice.faces"] is None
    tap(ui, dice_tray(ui), "dice-preset-defender")
    assert (ui.local["kleos.dice.count"], ui.local["kleos.dice.godly"]) == (3, True)
    # An Opportunity Attack rolls without the Tactics tally.
    tap(ui, odds_panel(ui), "odds-opportunity")
    tap(ui, dice_tray(ui), "dice-preset-attacker")
    assert ui.local["kleos.dice.count"] == 3


# --- strings and pictures -----------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("section", ["combat", "recruit", "competing"])
def test_no_raw_key_reaches_the_screen(lang, section):
    ui = FakeUI(lang, phone=section == "recruit")
    ui.local.update({"kleos.odds.section": section, "kleos.dice.faces": ["blank", "success", "godly"]})
    shown = texts(odds_panel(ui)) + texts(dice_tray(ui))
    leaks = [s for s in shown if "kleos_tools." in s or re.search(r"\{\w+\}", s)]
    assert not leaks


def test_every_string_has_both_languages():
    data = yaml.safe_load(STRINGS.read_text(encoding="utf-8"))
    assert data
    for key, texts_ in data.items():
        assert set(LANGS) <= set(texts_), key
        assert all(texts_[lang].strip() for lang in LANGS), key


def test_no_string_copies_eight_words_of_a_rulebook():
    assert SEEDS.is_dir(), f"rulebooks expected at {SEEDS}"

    def grams(text: str) -> set[tuple[str, ...]]:
        words = re.sub(r"[^\w\s]", " ", text.lower()).split()
        return {tuple(words[i:i + 8]) for i in range(len(words) - 7)}

    source = set().union(*(grams(p.read_text(encoding="utf-8")) for p in SEEDS.glob("*.txt")))
    data = yaml.safe_load(STRINGS.read_text(encoding="utf-8"))
    assert not [key for key, texts_ in data.items() for s in texts_.values() if grams(s) & source]


@pytest.mark.parametrize("face", ["blank", "success", "godly"])
def test_each_face_has_a_drawn_svg(face):
    root = ET.parse(ROOT / "assets" / "dice" / f"{face}.svg").getroot()
    assert root.tag.endswith("svg")
    shapes = [e for e in root.iter() if e.tag.split("}")[-1] in {"rect", "polygon", "path", "circle"}]
    assert shapes


def test_a_hunter_bonus_is_typed_from_its_card_with_the_minotaur_as_a_preset():
    """kleos-rulebook.txt 157: the bonus is printed on each Hunter's card, the Minotaur's +2/+1 being one
    example, so a Hunter starts with no bonus until its card's is typed or the Minotaur's is picked."""
    ui = FakeUI()
    tap(ui, odds_panel(ui), "attacker-hunter")
    panel = odds_panel(ui)
    assert label(panel, "attacker-hunter_attack-value").endswith(" 0")
    assert label(panel, "attacker-hunter_defense-value").endswith(" 0")
    plain = combat(Fighter(3, 2), Fighter(3, 2))
    assert label(panel, "odds-defender_killed").endswith(percent(plain.defender_killed, "en"))
    tap(ui, panel, "attacker-hunter_attack-plus")
    one = combat(Fighter(4, 2), Fighter(3, 2))
    assert label(odds_panel(ui), "odds-defender_killed").endswith(percent(one.defender_killed, "en"))
    tap(ui, odds_panel(ui), "attacker-hunter_attack-minus")
    panel = odds_panel(ui)
    tap(ui, panel, "attacker-hunter-minotaur")
    minotaur = combat(Fighter(5, 3), Fighter(3, 2))
    assert label(odds_panel(ui), "odds-defender_killed").endswith(percent(minotaur.defender_killed, "en"))


def test_competing_checks_take_three_sides():
    """kleos-rulebook.txt 151: two or more Minions may compete; each side's chance and no-winner are shown."""
    from companion.games.kleos.odds import competing_many
    ui = FakeUI("pt")
    tap(ui, odds_panel(ui), "odds-tab-competing")
    tap(ui, odds_panel(ui), "competing-sides-plus")
    tap(ui, odds_panel(ui), "competing-c-plus")
    panel = odds_panel(ui)
    wins, none = competing_many([(3, False), (3, False), (4, False)])
    for side, chance in zip("abc", wins):
        assert label(panel, f"odds-{side}_wins").endswith(percent(chance, "pt"))
    assert label(panel, "odds-tie").endswith(percent(none, "pt"))
    assert label(panel, "odds-c_wins").startswith("C vence")
