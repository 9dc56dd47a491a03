"""The tie-break answers are the table's shared draft (core/drafts.py): one entry per tied god,
checked as it is made; the confirm takes exactly what the draft holds; a table saved before,
with a bare `tiebreak.answer`, still replays to the same result."""
from __future__ import annotations

import pytest

from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.games.kleos import TIEBREAK, tiebreak_answers
from companion.games.registry import GAMES


@pytest.fixture
def live(two_gods, host):
    """The two-god table (conftest.py) at the end, both gods on 3 Glory and every Dusk empty: level
    on city Glory, so the Champion is asked."""
    live = two_gods()
    while live.state["phase"] != "end":
        state = live.state
        if state["phase"] == "play" and state["day"] == 1 and state["glory"]["ares"] == 0:
            for god in ("ares", "athena"):
                live.dispatch({"type": "glory.add", "player": god, "reason": "card", "amount": 3}, host)
        unscored = state["phase"] == "dusk" and (state["dusk"] or {}).get("day") != state["day"]
        command = {"type": "dusk.score", "board": {}} if unscored else {"type": "phase.next"}
        live.dispatch({**command, "from_step": live.step}, host)
    assert live.state["tiebreak"]["criterion"] == "champion"
    return live


def answer(player: str, value: object) -> dict:
    return {"type": "draft.set", "draft": TIEBREAK, "path": player, "value": value}


def test_answers_from_two_devices_are_one_form_with_who_gave_each(live, host, athena):
    """The answers are a form, not moves: the history (both languages) and Undo read the settled
    question once, in words, and not each answer."""
    before = {lang: [r["text"] for r in live.history(host, lang)] for lang in ("en", "pt")}
    live.dispatch(answer("ares", "port"), host)
    live.dispatch(answer("athena", "arena"), athena)
    held = tiebreak_answers(live.state)
    assert held == {"values": {"ares": "port", "athena": "arena"}, "by": {"ares": "host", "athena": "athena"}}
    assert {lang: [r["text"] for r in live.history(host, lang)] for lang in ("en", "pt")} == before
    live.dispatch({"type": "tiebreak.answer", "criterion": "champion", "values": held["values"],
                   "from_draft": live.state["drafts"][TIEBREAK]["version"], "from_step": live.step}, host)
    settled = [r["text"] for r in live.history(host)]
    assert settled[1:] == before["en"] and "Ares" in settled[0] and "Athena" in settled[0]
    assert live.snapshot(host)["undo"]["text"] == settled[0]
    live.undo(host)
    assert tiebreak_answers(live.state) == held  # the answers back as they were confirmed


def test_a_bad_answer_is_refused_and_saves_nothing(live, host):
    before = live.seq
    for bad in (answer("ares", "olympus"), answer("ares", 3), answer("zeus", "port")):
        with pytest.raises(RuleError):
            live.dispatch(bad, host)
    assert live.seq == before and not live.state.get("drafts")


def test_a_confirm_must_carry_the_answers_the_draft_holds(live, host, athena):
    live.dispatch(answer("athena", "arena"), athena)
    seen = live.state["drafts"][TIEBREAK]["version"]
    before = live.seq
    wrong = {"type": "tiebreak.answer", "criterion": "champion", "values": {"ares": "none", "athena": "port"},
             "from_step": live.step, "from_draft": seen}
    with pytest.raises(RuleError) as refused:
        live.dispatch(wrong, host)
    assert refused.value.key == "kleos.err.tiebreak_answers_changed"
    assert live.seq == before and live.state["tiebreak"]
    live.dispatch({**wrong, "values": tiebreak_answers(live.state)["values"]}, host)
    assert live.state["winner"] == "athena" and live.state["drafts"] == {}


def test_a_table_saved_with_a_bare_answer_replays_to_the_same_result(live, tmp_path):
    # The old app wrote the answer with no entries before it: append it as it did.
    live.store.append({"type": "tiebreak.answer", "criterion": "champion", "values": {"ares": "market", "athena": "none"},
                       "by": "host", "at": 0})
    reopened = Hub(tmp_path / "data", GAMES).get(live.table.id)
    assert reopened.state["winner"] == "ares"
    assert reopened.state["tiebreak_steps"][-1] == {"criterion": "champion", "scores": {"ares": 1, "athena": 0}}
