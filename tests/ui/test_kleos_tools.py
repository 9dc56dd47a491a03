"""The Kleos odds panel and dice tray, built with a stand-in UI and driven through their handlers."""
from __future__ import annotations

import asyncio
import re
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction as F
from pathlib import Path

import flet as ft
import pytest
import yaml

from companion.bundled import assets_dir
from companion.games.kleos.odds import Fighter, combat, competing, recruit
from companion.i18n import LANGS, t
from companion.ui.device_state import DeviceState
from companion.ui.games.kleos.dice import dice_tray
from companion.ui.live import Parts
from companion.ui.games.kleos.odds import odds_panel, percent
from live_device import spoken, walk
from rulebooks import rulebooks

ROOT = Path(__file__).resolve().parents[2]
STRINGS = ROOT / "companion" / "games" / "kleos" / "strings" / "kleos_tools.yaml"


class FakeUI:
    """The parts of companion.ui.context.UI the widgets touch, with no page or server."""

    def __init__(self, lang: str = "en", phone: bool = False) -> None:
        self.lang, self.is_phone, self.local, self.refreshes = lang, phone, DeviceState(), 0
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
    return spoken(find(root, ident))


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
    ends = odds.exclusive()
    for name, chance in ends.items():
        assert label(panel, f"odds-outcome_{name}").endswith(percent(chance, "en"))
    # 3 plain dice need 2 successes: 7/27 either way, so each dies alone 7/27 x 20/27.
    assert label(panel, "odds-outcome_defender_only") == "Only the defender dies 19.2%"
    assert label(panel, "odds-outcome_both_killed") == "Both die 6.7%"
    assert label(panel, "odds-outcome_neither_killed") == "Nobody dies 54.9%"
    bars = [c.value for c in walk(find(panel, "odds-results")) if isinstance(c, ft.ProgressBar)]
    assert bars == pytest.approx([float(chance) for chance in ends.values()])
    assert sum(bars) == pytest.approx(1)  # the rows are exclusive: they add up to 100 %


def test_a_stepper_changes_only_this_device_and_the_result_follows():
    ui = FakeUI()
    tap(ui, odds_panel(ui), "attacker-attack-plus")
    panel = odds_panel(ui)
    tap(ui, panel, "attacker-attack-plus")
    panel = odds_panel(ui)
    assert ui.refreshes == 2
    assert ui.local.inputs["kleos.odds.attacker"]["attack"] == 5
    assert label(panel, "attacker-attack-value") == "Attack 5"
    # 5 plain dice reach 2 successes with 1 - (32 + 80)/243 = 131/243, of which 1/243 (five) Slaughters.
    ends = combat(Fighter(5, 2), Fighter(3, 2)).exclusive()
    assert ends["slaughter"] + ends["defender_only"] + ends["both_killed"] == F(131, 243)
    assert label(panel, "odds-outcome_slaughter") == f"Defender Slaughtered, attacker safe {percent(ends['slaughter'], 'en')}"
    # Plus one Glory for the 1/243 chance of five successes, a Slaughter: 132/243 in all.
    assert label(panel, "odds-attacker_glory") == "Attacker: 0.54"


def test_tactics_may_go_negative_and_shrink_the_pool():
    ui = FakeUI()
    for _ in range(4):
        tap(ui, odds_panel(ui), "attacker-tactics-minus")
    panel = odds_panel(ui)
    assert ui.local.inputs["kleos.odds.attacker"]["tactics"] == -4
    assert find(panel, "attacker-dice").content.value == t("kleos_tools.rolls", dice=0)
    assert label(panel, "odds-outcome_defender_only").endswith(" 0.0%")
    assert label(panel, "odds-outcome_slaughter").endswith(" 0.0%")


def test_hunter_alone_adds_its_bonus_and_drops_the_tactics_tally():
    ui = FakeUI()
    tap(ui, odds_panel(ui), "attacker-tactics-plus")
    tap(ui, odds_panel(ui), "attacker-hunter")
    tap(ui, odds_panel(ui), "attacker-hunter-minotaur")
    panel = odds_panel(ui)
    expected = combat(Fighter(5, 3, tactics=0), Fighter(3, 2))
    for name, chance in expected.exclusive().items():
        assert label(panel, f"odds-outcome_{name}").endswith(percent(chance, "en"))
    assert label(panel, "attacker-tactics-value") == "Tactics 0"
    assert find(panel, "attacker-tactics-plus").content.disabled
    # Switching it off brings the typed Tactics back.
    tap(ui, panel, "attacker-hunter")
    assert label(odds_panel(ui), "attacker-tactics-value") == "Tactics 1"


def test_opportunity_attack_leaves_no_retaliation():
    ui = FakeUI()
    tap(ui, odds_panel(ui), "odds-opportunity")
    panel = odds_panel(ui)
    assert label(panel, "odds-outcome_attacker_only").endswith(" 0.0%")
    assert label(panel, "odds-outcome_both_killed").endswith(" 0.0%")
    assert find(panel, "defender-dice").content.value == t("kleos_tools.no_retaliation")


def test_a_champion_defender_cannot_be_slaughtered():
    ui = FakeUI()
    for _ in range(6):
        tap(ui, odds_panel(ui), "attacker-attack-plus")
    assert not label(odds_panel(ui), "odds-outcome_slaughter").endswith(" 0.0%")
    tap(ui, odds_panel(ui), "defender-champion")
    assert label(odds_panel(ui), "odds-outcome_slaughter").endswith(" 0.0%")


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
        find(panel, "odds-outcome_defender_only")


def test_stat_steppers_stop_at_zero():
    ui = FakeUI()
    for _ in range(2):
        tap(ui, odds_panel(ui), "defender-defense-minus")
    panel = odds_panel(ui)
    assert ui.local.inputs["kleos.odds.defender"]["defense"] == 0
    assert find(panel, "defender-defense-minus").content.disabled


# --- dice tray ----------------------------------------------------------------


def test_the_tray_shows_the_tables_roll_with_who_rolled_it():
    ui = FakeUI("pt")
    faces = ["success", "godly", "blank", "success"]
    tray = dice_tray(ui, {"by": "hermes", "dice": 4, "godly": True, "faces": faces, "successes": 3, "at": 1.0})
    for i, face in enumerate(faces):
        assert find(tray, f"die-{i}").content.src == f"/dice/{face}.svg"
    assert label(tray, "dice-by") == "Hermes rolou 4 dados divinos"
    assert label(tray, "dice-successes") == "Sucessos 3"
    one = dice_tray(FakeUI(), {"by": "host", "dice": 1, "godly": False, "faces": ["blank"], "successes": 0, "at": 1.0})
    assert label(one, "dice-by") == "The tablet rolled 1 die"


def test_a_roll_is_sent_to_the_table_with_this_devices_pool():
    ui = FakeUI()
    sent = []

    async def send(command: dict) -> bool:
        sent.append(command)
        return True

    ui.send = send
    tap(ui, dice_tray(ui, None), "dice-count-plus")
    tap(ui, dice_tray(ui, None), "dice-godly")
    tap(ui, dice_tray(ui, None), "dice-roll")
    assert sent == [{"type": "dice.roll", "dice": 4, "godly": True}]  # no faces: the hub draws them


def test_presets_follow_the_combat_on_the_odds_panel():
    ui = FakeUI()
    tap(ui, odds_panel(ui), "attacker-tactics-plus")
    tap(ui, odds_panel(ui), "defender-godly")
    tray = dice_tray(ui, None)
    tap(ui, tray, "dice-preset-attacker")
    assert (ui.local.inputs["kleos.dice.count"], ui.local.inputs["kleos.dice.godly"]) == (4, False)
    tap(ui, dice_tray(ui, None), "dice-preset-defender")
    assert (ui.local.inputs["kleos.dice.count"], ui.local.inputs["kleos.dice.godly"]) == (3, True)
    # An Opportunity Attack rolls without the Tactics tally.
    tap(ui, odds_panel(ui), "odds-opportunity")
    tap(ui, dice_tray(ui, None), "dice-preset-attacker")
    assert ui.local.inputs["kleos.dice.count"] == 3


# --- strings and pictures -----------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("section", ["combat", "recruit", "competing"])
def test_no_raw_key_reaches_the_screen(lang, section):
    ui = FakeUI(lang, phone=section == "recruit")
    ui.local.inputs.update({"kleos.odds.section": section})
    rolled = {"by": "ares", "dice": 3, "godly": False, "faces": ["blank", "success", "godly"], "successes": 1, "at": 1}
    shown = texts(odds_panel(ui)) + texts(dice_tray(ui, rolled))
    leaks = [s for s in shown if "kleos_tools." in s or re.search(r"\{\w+\}", s)]
    assert not leaks


def test_every_string_has_both_languages():
    data = yaml.safe_load(STRINGS.read_text(encoding="utf-8"))
    assert data
    for key, texts_ in data.items():
        assert set(LANGS) <= set(texts_), key
        assert all(texts_[lang].strip() for lang in LANGS), key


def test_no_string_copies_eight_words_of_a_rulebook():
    def grams(text: str) -> set[tuple[str, ...]]:
        words = re.sub(r"[^\w\s]", " ", text.lower()).split()
        return {tuple(words[i:i + 8]) for i in range(len(words) - 7)}

    source = set().union(*(grams(p.read_text(encoding="utf-8")) for p in rulebooks()))
    data = yaml.safe_load(STRINGS.read_text(encoding="utf-8"))
    assert not [key for key, texts_ in data.items() for s in texts_.values() if grams(s) & source]


@pytest.mark.parametrize("face", ["blank", "success", "godly"])
def test_each_face_has_a_drawn_svg(face):
    root = ET.parse(assets_dir() / "dice" / f"{face}.svg").getroot()
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
    assert label(panel, "odds-outcome_defender_only").endswith(percent(plain.exclusive()["defender_only"], "en"))
    tap(ui, panel, "attacker-hunter_attack-plus")
    one = combat(Fighter(4, 2), Fighter(3, 2))
    assert label(odds_panel(ui), "odds-outcome_defender_only").endswith(percent(one.exclusive()["defender_only"], "en"))
    tap(ui, odds_panel(ui), "attacker-hunter_attack-minus")
    panel = odds_panel(ui)
    tap(ui, panel, "attacker-hunter-minotaur")
    minotaur = combat(Fighter(5, 3), Fighter(3, 2))
    assert label(odds_panel(ui), "odds-outcome_defender_only").endswith(
        percent(minotaur.exclusive()["defender_only"], "en"))


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
