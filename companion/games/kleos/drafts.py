"""The Dusk sheet, held by the table as a shared draft (companion/core/drafts.py).

Players count Minions and Champions at the four city locations on whatever device is
at hand; each tap is a `draft.set` entry "<location>.<god>" = [Minions, Champion], so
every screen shows the same counts and who entered each, and the confirm (`dusk.score`)
names the sheet it was drawn from and scores exactly that sheet: the hub writes the sheet into
the stored event (`board`), so the event says what it scored and replays as it did. The sheet
belongs to one day: the next starts empty.

Tables saved before the sheet was a shared draft hold `dusk.set` events; they are read
as the same entries, so such a table replays to the state it had.

The answers to a tie-break question are a second shared draft, one entry per tied
god, confirmed by `tiebreak.answer`: whoever counts the board on whatever device,
every screen shows the same answers and who gave each. Tables saved before it hold
`tiebreak.answer` events with no entries before them; those still replay as sent.
"""
from __future__ import annotations

from typing import Any

from companion.core import drafts
from companion.core.drafts import Draft
from companion.core.model import RuleError
from companion.games.kleos.scoring import LOCATION_GLORY, read_entry
from companion.games.kleos.setup import GODS
from companion.games.kleos.state import ACTION, DAYBREAK, DEPLOYMENT, DUSK, END, PLAY, label, require_phase, require_player
from companion.games.kleos.tiebreak import CHAMPION, NOWHERE, score
from companion.i18n import t

LIVE = (DEPLOYMENT, DAYBREAK, PLAY, ACTION, DUSK)
DUSK_SHEET = "dusk"
TIEBREAK = "tiebreak"


def _day(state: dict) -> object:
    return state.get("day")


def path(loc: str, player: str) -> str:
    return f"{loc}.{player}"


def _entry(state: dict, at: str, value: Any) -> list:
    """One god's count at one location, checked as it is entered (a typo never reaches the sheet)."""
    loc, _, player = at.partition(".")
    if loc not in LOCATION_GLORY:
        raise RuleError("kleos.err.city_location_use_port", unknown=loc)
    require_player(state, player)
    minions, champion = read_entry(player, value)
    require_phase(state, *LIVE)
    return [minions, champion]


def line(event: dict, lang: str) -> str:
    """The history line of a saved table's `dusk.set`, in the sheet's words ("Arena: Athena has 2 Minions").
    An entry on today's sheet makes no line (core/timeline.py): the scored Dusk reads once."""
    loc, _, player = str(event.get("path")).partition(".")
    value = event.get("value")
    minions, champion = value if isinstance(value, (list, tuple)) and len(value) == 2 else (value, False)
    key = "kleos.line_dusk_set_champion" if champion else "kleos.line_dusk_set"
    named = t(f"kleos.god_{player}", lang) if player in GODS else player
    return t(key, lang, location=t(f"kleos.location_{loc}", lang), player=named, n=minions)


def _question(state: dict) -> object:
    """The question the answers belong to: the next one (fewer players, another criterion) starts empty."""
    pending = state.get("tiebreak")
    return f"{pending['criterion']}:{','.join(pending['players'])}" if pending else None


def _answer_entry(state: dict, player: str, value: Any) -> Any:
    """One tied god's answer, checked as it is entered, as the confirm would check it."""
    require_phase(state, END)
    pending = state.get("tiebreak")
    if not pending:
        raise RuleError("kleos.err.tie_break_question_waiting")
    if player not in pending["players"]:
        require_player(state, player)
        raise RuleError("kleos.err.not_tied", player=label(player))
    score(pending["criterion"], player, value)
    return value


# The moves that confirm each are named by the moves (kleos/moves.py).
FORMS = (Draft(DUSK_SHEET, round=_day, entry=_entry), Draft(TIEBREAK, round=_question, entry=_answer_entry))


def answers(state: dict) -> dict:
    """The pending question's answers as every screen draws them and the confirm sends them:
    {"values": god -> answer (the suggestion where nobody answered), "by": god -> who answered}."""
    pending = state.get("tiebreak")
    if not pending:
        return {"values": {}, "by": {}}
    fallback = NOWHERE if pending["criterion"] == CHAMPION else 0
    held, makers = drafts.entries(state, TIEBREAK), drafts.who(state, TIEBREAK)
    values = {p: held.get(p, pending["suggested"].get(p, fallback)) for p in pending["players"]}
    return {"values": values, "by": {p: makers.get(p) for p in held}}


def check_answers(state: dict, values: object) -> None:
    """A confirm must carry the answers the table holds (the version alone does not say what the
    request's own values are); a table saved before the answers were shared has none held."""
    held = drafts.entries(state, TIEBREAK)
    if held and (not isinstance(values, dict) or any(values.get(p) != v for p, v in held.items())):
        raise RuleError("kleos.err.tiebreak_answers_changed")


def sheet(state: dict) -> dict:
    """Today's sheet as the screens draw it: {"board": loc -> god -> [Minions, Champion], "by": loc -> god -> who}."""
    board: dict = {loc: {} for loc in LOCATION_GLORY}
    by: dict = {loc: {} for loc in LOCATION_GLORY}
    held, makers = drafts.entries(state, DUSK_SHEET), drafts.who(state, DUSK_SHEET)
    for at, value in held.items():
        loc, _, player = at.partition(".")
        board[loc][player] = list(value)
        by[loc][player] = makers.get(at)
    return {"day": state["day"], "board": board, "by": by}


def as_entry(event: dict) -> dict:
    """A saved table's `dusk.set` as the `draft.set` on the sheet that makes the same entry now."""
    return {"type": drafts.TYPE, "draft": DUSK_SHEET,
            "path": path(str(event.get("location")), str(event.get("player"))),
            "value": [event.get("minions"), event.get("champion")], "by": event.get("by")}


def old_dusk_set(state: dict, event: dict) -> dict:
    """Handler of a saved table's `dusk.set`, so such a table replays to the state it had."""
    return drafts.put(drafts.by_name(FORMS), state, as_entry(event))


def filled(state: dict) -> dict:
    """The sheet as a confirm must send it: only the gods present at each location."""
    return {loc: {p: list(v) for p, v in presence.items() if v[0] > 0} for loc, presence in sheet(state)["board"].items()}


def confirmed(state: dict, board: object) -> dict:
    """The board a new `dusk.score` scores: the sheet the table holds, which every device shows.
    A request need not send it; one that does (as screens did before) must send that very sheet,
    so a hand-made board never scores what no screen showed, even over an empty sheet."""
    held = filled(state)
    if board is not None and _same(board) != _same(held):
        raise RuleError("kleos.err.dusk_board_not_sheet")
    return held


def _same(board: object) -> dict:
    """A board read for comparison: gods with no Minion and empty locations left out."""
    if not isinstance(board, dict):
        return {}
    out = {}
    for loc, presence in board.items():
        there = {p: [v[0], bool(v[1])] for p, v in presence.items()
                 if isinstance(v, (list, tuple)) and len(v) == 2 and v[0]} if isinstance(presence, dict) else {}
        if there:
            out[loc] = there
    return out
