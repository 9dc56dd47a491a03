"""Naming the Patron God after Dusk of day 5, tie-breaks included.

The rulebook breaks a Glory tie with four criteria in order. The first comes
from the last Dusk sheet; the other three depend on the board, so the table
is asked about them one at a time and only while players are still tied.
Suggestions taken from the day-5 Dusk sheet spare the players some counting.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.kleos.scoring import LOCATION_GLORY, MAX_IN_PLAY
from companion.games.kleos.state import label

CONTROL = "control"
CHAMPION = "champion"
EPICS = "epics"
CITY_MINIONS = "city_minions"
CRITERIA: tuple[str, ...] = (CONTROL, CHAMPION, EPICS, CITY_MINIONS)
_CRITERION_WORDS = {  # message keys, so a refusal names the question in the reader's language
    CONTROL: "kleos.end.criterion_control", CHAMPION: "kleos.end.criterion_champion",
    EPICS: "kleos.end.criterion_epics", CITY_MINIONS: "kleos.end.criterion_city_minions",
}
NOWHERE = "none"
# Epic Minions only fill the four Minion spaces; the Champion is never Epic.
MAX_EPICS = 4


def start(state: dict) -> None:
    """Settle what Glory and the final Dusk can settle; leave a question for the rest."""
    state["tiebreak_steps"] = []  # tables saved before the steps were kept have no such key yet
    leaders = _best(state["glory"], state["players"])
    if len(leaders) > 1:
        control = state["dusk"]["glory"] if state["dusk"] else {}
        scores = {p: control.get(p, 0) for p in leaders}
        state["tiebreak_steps"].append({"criterion": CONTROL, "scores": scores})
        leaders = _best(scores, leaders)
    _go_on(state, leaders, CRITERIA.index(CONTROL) + 1)


def answer(state: dict, criterion: object, values: object) -> None:
    pending = state["tiebreak"]
    if pending is None:
        raise RuleError("kleos.err.tie_break_question_waiting")
    if criterion != pending["criterion"]:
        raise RuleError("kleos.err.question_now_about", asked=_CRITERION_WORDS[pending["criterion"]], criterion=criterion)
    tied = pending["players"]
    if not isinstance(values, dict) or set(values) != set(tied):
        raise RuleError("kleos.err.give_answer_each_tied", names=', '.join(label(p) for p in tied))
    scores = {p: score(criterion, p, values[p]) for p in tied}
    state["tiebreak_steps"].append({"criterion": criterion, "scores": scores})
    state["tiebreak"] = None
    _go_on(state, _best(scores, tied), CRITERIA.index(criterion) + 1)


def _go_on(state: dict, tied: list[str], index: int) -> None:
    if len(tied) == 1 or index == len(CRITERIA):
        # Still level after every criterion: the rulebook names no further test, so they share it.
        state["winners"] = tied
        state["winner"] = tied[0] if len(tied) == 1 else None
        return
    criterion = CRITERIA[index]
    state["tiebreak"] = {"criterion": criterion, "players": tied, "suggested": _suggest(state, criterion, tied)}


def _suggest(state: dict, criterion: str, tied: list[str]) -> dict:
    board = state["dusk"]["board"] if state["dusk"] else {}
    if criterion == CHAMPION:
        spots = {p: loc for loc, presence in board.items() for p, (_, champ) in presence.items() if champ}
        return {p: spots.get(p, NOWHERE) for p in tied}
    if criterion == CITY_MINIONS:
        return {p: sum(presence.get(p, [0])[0] for presence in board.values()) for p in tied}
    return {}


def score(criterion: str, player: str, value: object) -> int:
    """One answer as the number that ranks it; a shared answer is checked with it as it is entered."""
    if criterion == CHAMPION:
        if value != NOWHERE and value not in LOCATION_GLORY:
            raise RuleError("kleos.err.where_champion_port_market", player=label(player))
        return LOCATION_GLORY.get(value, 0)  # type: ignore[arg-type]
    top = MAX_EPICS if criterion == EPICS else MAX_IN_PLAY
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise RuleError("kleos.err.give_whole_number", player=label(player), top=top)
    return value


def _best(scores: dict[str, int], players: list[str]) -> list[str]:
    """The players with the top score, kept in seat order."""
    top = max(scores[p] for p in players)
    return [p for p in players if scores[p] == top]


def ranking(state: dict) -> dict | None:
    """The result as data for the end screen and any summary; None until the Contest has a result.

    `order` lists the players tied for the most Glory, best first as the
    tie-breakers put them (kleos-rulebook.txt 325-330): a player who drops out at
    a later question ranks above one who dropped out earlier, and within one
    question the higher answer ranks first. `decided_by` is "glory" when nobody
    tied, the criterion that left one player on top, or None when they stay
    level after all four. `steps` holds each question's answers, in order.
    """
    if not state["winners"]:
        return None
    glory = state["glory"]
    top = max(glory.values())
    tied = [p for p in state["players"] if glory[p] == top]
    if len(tied) == 1:
        return {"order": tied, "decided_by": "glory", "steps": []}
    steps = state.get("tiebreak_steps", [])
    order = sorted(tied, key=lambda p: [-step["scores"].get(p, -1) for step in steps])
    return {"order": order, "decided_by": steps[-1]["criterion"] if state["winner"] else None, "steps": steps}
