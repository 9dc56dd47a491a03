"""Every screen as a screen reader gets it: Chromium's computed accessibility tree, read through
DevTools (`Accessibility.getFullAXTree`), and what is wrong in it (issue 45).

The 24 screens are the start screen and Stats, and each game's tablet (1280x800) and one seat's
phone (390x844), each in English and in Portuguese, the games in play. Shared by the browser test
(test_read_aloud.py) and the bench that prints the figures (bench/read_aloud.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from drive import PHONE, TABLET, Server, drawn, goto, until
from playwright.sync_api import Browser, Page

# Roles a person operates: each needs a name of its own.
INTERACTIVE = {"button", "link", "textbox", "searchbox", "checkbox", "switch", "radio", "combobox", "slider",
               "spinbutton", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "PopUpButton",
               "ComboBoxMenuButton", "ComboBoxSelect", "listbox", "ToggleButton"}
# Roles whose content a screen reader does not read apart from their name (their children are presentational).
# A generic's name is not read at all (ARIA prohibits naming one), so it cannot repeat its content.
ATOMIC = INTERACTIVE | {"image", "img", "StaticText", "heading", "InlineTextBox", "LineBreak"}
IMAGES = {"image", "img"}
# Words of the English screens that Portuguese never uses (names the same in both, like Ares, are left out).
ENGLISH = {"the", "and", "of", "to", "your", "you", "turn", "day", "glory", "kill", "recruit", "slaughter",
           "undo", "redo", "next", "dice", "odds", "chart", "setup", "waiting", "active", "changed", "phase",
           "play", "athena", "artemis", "dionysus", "nobody", "rules", "theme", "keep", "screen", "awake",
           "first", "history", "order", "latest", "changes", "score", "pad", "characters", "remaining",
           "drawn", "light", "dark", "delete", "join", "players", "round", "gold", "player"}
# Games' own names, the same in both languages (their publishers' titles).
TITLES = re.compile(r"Lords of Hellas|Fleecing Olympus")
RUN = 5  # words in a row that, said twice in one name, are a sentence read again
UNDO = re.compile(r"^(undo|desfazer)\b", re.IGNORECASE)

# The games in play: options, the first command from the tablet, and the seat whose phone is read.
GAMES = {
    "kleos": ({"players": ["ares", "athena", "hermes"]}, {"type": "phase.next"}, "athena"),
    "cyclades": ({"players": ["red", "blue", "green"]}, {"type": "start"}, "blue"),
    "lords_of_hellas": ({"players": ["red", "blue"]}, {"type": "turn.regular", "action": "move"}, "red"),
    "fleecing_olympus": ({"players": ["ana", "bia", "caio"]}, {"type": "opening_roll"}, "bia"),
    "scorepad": ({"players": ["Ana", "Bia", "Caio"]}, None, "ana"),
}
LANGS = {"en": "en-US", "pt": "pt-BR"}
SCREENS = [("start", "tablet"), ("stats", "tablet")] + \
    [(game, device) for game in GAMES for device in ("tablet", "phone")]


@dataclass
class Reading:
    """What one screen says, and what is wrong in it."""
    unnamed: list[str] = field(default_factory=list)  # interactive controls without a name (their role)
    twice: list[str] = field(default_factory=list)  # names read twice
    lang: str = ""  # the page's declared language
    images_without_text: int = 0
    images: int = 0
    headings: int = 0
    english: list[str] = field(default_factory=list)
    undo_at: tuple[int, int] | None = None  # (position of Undo, items read) in reading order

    def problems(self, device_lang: str) -> list[str]:
        out = [f"no name: {len(self.unnamed)} controls ({', '.join(sorted(set(self.unnamed)))})"] if self.unnamed else []
        out += [f"read twice: {name!r}" for name in self.twice]
        if self.lang.split("-")[0].lower() != device_lang:
            out.append(f"page lang {self.lang!r} on a {device_lang} device")
        if self.images_without_text:
            out.append(f"{self.images_without_text} of {self.images} images without a text alternative")
        if not self.headings:
            out.append("no heading")
        if device_lang == "pt" and self.english:
            out.append(f"English on a Portuguese screen: {sorted(set(self.english))}")
        return out


def make_tables(server: Server) -> dict[str, dict]:
    """One table per game, moved into play from the tablet, with one seat claimed by its phone; and a
    finished Score pad."""
    tables = {}
    for game, (options, first, seat) in GAMES.items():
        table = server.api("POST", f"/api/tables?admin={server.admin}", {"game": game, "options": options})
        if first:
            server.api("POST", f"/api/tables/{table['id']}/events?k={table['host_token']}", first)
        table["phone_key"] = server.claim(table["id"], table["seats"][seat]["token"])
        tables[game] = table
    # A finished play, so that Stats shows its counts and its "same player, other spelling" form.
    done = server.api("POST", f"/api/tables?admin={server.admin}", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    server.api("POST", f"/api/tables/{done['id']}/events?k={done['host_token']}", {"type": "game.end"})
    return tables


def open_screen(browser: Browser, server: Server, tables: dict[str, dict], screen: str, device: str,
                lang: str) -> Page:
    """The screen in a fresh browser profile whose language is `lang`."""
    page = browser.new_context(viewport=PHONE if device == "phone" else TABLET, locale=LANGS[lang]).new_page()
    if screen == "start":
        url = f"{server.url}/?admin={server.admin}"
    elif screen == "stats":
        url = f"{server.url}/stats?admin={server.admin}"
    else:
        table = tables[screen]
        # The tablet's own link works on the first device only: the admin key opens it on every other.
        url = f"{server.url}/t/{table['id']}?k={table['host_token']}&admin={server.admin}" if device == "tablet" \
            else f"{server.url}/t/{table['id']}?k={table['phone_key']}"
    goto(page, url)
    drawn(page)
    return page


def tree(page: Page) -> list[dict]:
    """Chromium's accessibility tree of the page, once it holds still (two reads alike)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    reads: list[list[dict]] = []

    def still() -> bool:
        reads.append(cdp.send("Accessibility.getFullAXTree")["nodes"])
        return len(reads) > 1 and _names(reads[-1]) == _names(reads[-2])

    until(still)
    cdp.detach()
    return reads[-1]


def _names(nodes: list[dict]) -> list[tuple]:
    return [(_role(n), _name(n)) for n in nodes if not n.get("ignored")]


def _role(node: dict) -> str:
    return node.get("role", {}).get("value", "")


def _name(node: dict) -> str:
    return " ".join(str(node.get("name", {}).get("value", "")).split())


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def repeats_itself(name: str) -> bool:
    """"X X" (the whole name twice), or a run of five words or more said twice (a sentence read again;
    shorter runs come up in distinct labels merged into one group: "Attacker's heroes and Minotaur",
    "Defender's heroes and Minotaur")."""
    words = _words(name)
    half = len(words) // 2
    if words and len(words) % 2 == 0 and words[:half] == words[half:]:
        return True
    runs = [tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)]
    return any(runs[i] in runs[i + RUN:] for i in range(len(runs)))


def _says_again(outer: list[str], inner: list[str]) -> bool:
    """A name that is read again inside its group: the group's whole name, or its first or last words
    ("Bia" inside "Bia", "Athena: Kill, +1 Glory" inside "Athena: Kill, +1 Glory (the reason)"). Words
    that come up in the middle of a longer sentence are not a second reading."""
    n = len(inner)
    return bool(inner) and (outer[:n] == inner or outer[-n:] == inner)


def read(page: Page) -> Reading:
    nodes = tree(page)
    by_id = {n["nodeId"]: n for n in nodes}
    out = Reading(lang=page.evaluate("document.documentElement.lang") or "")
    order: list[str] = []

    def spoken_below(node: dict) -> list[str]:
        """The names a reader reaches inside `node` (not inside its atomic children)."""
        found = []
        for child_id in node.get("childIds", []):
            child = by_id.get(child_id)
            if child is None:
                continue
            if not child.get("ignored") and _name(child):
                found.append(_name(child))
            if child.get("ignored") or _role(child) not in ATOMIC:
                found += spoken_below(child)
        return found

    def walk(node: dict, inside_atomic: bool) -> None:
        role, name = _role(node), _name(node)
        if not node.get("ignored") and not inside_atomic and role not in ("RootWebArea", "InlineTextBox"):
            if role in INTERACTIVE and not name:
                out.unnamed.append(role)
            if role in IMAGES:
                out.images += 1
                out.images_without_text += not name
            if role == "heading":
                out.headings += 1
            if name:
                order.append(name)
                out.english += [w for w in re.findall(r"[A-Za-zÀ-ÿ]+", TITLES.sub("", name)) if w.lower() in ENGLISH]
                if repeats_itself(name):
                    out.twice.append(name)
                elif role not in ATOMIC | {"generic"} and any(_says_again(_words(name), _words(below))
                                                              for below in spoken_below(node)):
                    out.twice.append(name)
        for child_id in node.get("childIds", []):
            if child_id in by_id:
                walk(by_id[child_id], inside_atomic or (not node.get("ignored") and role in ATOMIC))

    walk(nodes[0], False)
    undo = next((i for i, name in enumerate(order, 1) if UNDO.match(name)), None)
    out.undo_at = (undo, len(order)) if undo else None
    return out
