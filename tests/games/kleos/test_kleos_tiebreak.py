"""The Patron God: most Glory, then the rulebook's four tie-breakers in order."""
import copy

import pytest

from companion.core.model import RuleError
from companion.games.kleos.game import GAME
from companion.games.kleos.tiebreak import ranking

PLAYERS = ["ares", "athena", "hermes"]


def act(state: dict, kind: str, **fields) -> dict:
    return GAME.apply(state, {"type": kind, "by": "host", "at": 0.0, **fields})


def final(glory: dict, board: dict) -> dict:
    """A table at the end of day 5: `glory` gained before the last Dusk, then `board` scored."""
    state = GAME.setup({"players": PLAYERS, "temples": {"ares": "H1", "athena": "H3", "hermes": "H5"}})
    while (state["phase"], state["day"]) != ("dusk", 5):
        if state["phase"] == "dusk" and (state["dusk"] or {}).get("day") != state["day"]:
            state = act(state, "dusk.score", board={})
        state = act(state, "phase.next")
    for player, amount in glory.items():
        state = act(state, "glory.add", player=player, reason="correction", amount=amount)
    return act(act(state, "dusk.score", board=board), "phase.next")


def test_most_glory_wins_outright():
    state = final({"ares": 9, "athena": 6}, {"port": {"athena": [1, False]}})
    assert (state["winner"], state["winners"], state["tiebreak"]) == ("ares", ["ares"], None)


def test_day_five_city_glory_breaks_a_glory_tie_without_asking():
    # Equal Glory at the end: Athena got 2 of hers from the Port on day 5, Ares only 1.
    state = final({"ares": 6, "athena": 5}, {"port": {"athena": [1, False]}, "market": {"ares": [1, False]}})
    assert state["glory"]["ares"] == state["glory"]["athena"] == 7
    assert state["winner"] == "athena" and state["tiebreak"] is None


def tied_end() -> dict:
    """Ares and Athena end level on Glory and on day-5 city Glory; Hermes trails."""
    board = {"port": {"ares": [2, True], "athena": [1, False]},
             "market": {"athena": [1, True]}, "arena": {"athena": [1, False]},
             "theater": {"hermes": [1, False]}}
    return final({"ares": 4, "athena": 4, "hermes": 1}, board)


def test_a_remaining_tie_asks_about_champions_with_suggestions_from_the_sheet():
    state = tied_end()
    assert state["phase"] == "end" and state["winner"] is None and state["winners"] == []
    assert state["tiebreak"] == {"criterion": "champion", "players": ["ares", "athena"],
                                 "suggested": {"ares": "port", "athena": "market"}}


def test_champion_on_the_port_outranks_other_city_locations():
    state = act(tied_end(), "tiebreak.answer", criterion="champion", values={"ares": "port", "athena": "market"})
    assert state["winner"] == "ares" and state["tiebreak"] is None


def test_market_arena_and_theater_rank_equal_so_epics_are_asked_next():
    state = act(tied_end(), "tiebreak.answer", criterion="champion", values={"ares": "arena", "athena": "market"})
    assert state["tiebreak"]["criterion"] == "epics" and state["winner"] is None
    state = act(state, "tiebreak.answer", criterion="epics", values={"ares": 1, "athena": 2})
    assert state["winner"] == "athena"


def test_city_minions_come_last_and_a_full_tie_is_shared():
    state = act(tied_end(), "tiebreak.answer", criterion="champion", values={"ares": "none", "athena": "none"})
    state = act(state, "tiebreak.answer", criterion="epics", values={"ares": 2, "athena": 2})
    assert state["tiebreak"]["criterion"] == "city_minions"
    assert state["tiebreak"]["suggested"] == {"ares": 2, "athena": 3}
    shared = act(state, "tiebreak.answer", criterion="city_minions", values={"ares": 3, "athena": 3})
    assert shared["winners"] == ["ares", "athena"] and shared["winner"] is None and shared["tiebreak"] is None
    assert act(state, "tiebreak.answer", criterion="city_minions", values={"ares": 4, "athena": 3})["winner"] == "ares"


@pytest.mark.parametrize("fields, message", [
    ({"criterion": "epics", "values": {"ares": 1, "athena": 1}}, "now is about where the Champions stand"),
    ({"criterion": "champion", "values": {"ares": "port"}}, "each tied player"),
    ({"criterion": "champion", "values": {"ares": "port", "athena": "port", "hermes": "none"}}, "each tied player"),
    ({"criterion": "champion", "values": {"ares": "isle", "athena": "port"}}, "Where is Ares"),
])
def test_bad_answers_are_refused(fields, message):
    state = tied_end()
    before = copy.deepcopy(state)
    with pytest.raises(RuleError, match=message):
        act(state, "tiebreak.answer", **fields)
    assert state == before


def test_counts_must_fit_the_board():
    state = act(tied_end(), "tiebreak.answer", criterion="champion", values={"ares": "none", "athena": "none"})
    with pytest.raises(RuleError, match="0 to 4"):
        act(state, "tiebreak.answer", criterion="epics", values={"ares": 5, "athena": 0})


def test_no_question_means_no_answer():
    state = final({"ares": 3}, {})
    with pytest.raises(RuleError, match="No tie-break"):
        act(state, "tiebreak.answer", criterion="champion", values={})
    with pytest.raises(RuleError, match="still being set up"):
        GAME.apply(GAME.setup({"players": PLAYERS, "seed": 1}),
                   {"type": "tiebreak.answer", "criterion": "champion", "values": {}})


def test_the_result_says_glory_decided_when_nobody_tied():
    """kleos-rulebook.txt 325: the player with the most Glory wins; no tie-breaker is involved."""
    state = final({"ares": 9, "athena": 6}, {"port": {"athena": [1, False]}})
    assert ranking(state) == {"order": ["ares"], "decided_by": "glory", "steps": []}
    assert GAME.view(state, None)["ranking"]["decided_by"] == "glory"


def test_the_result_names_the_day_five_city_glory_when_it_breaks_the_tie():
    """kleos-rulebook.txt 327: the first tie-breaker is Glory from controlling City Locations on the last day."""
    state = final({"ares": 6, "athena": 5}, {"port": {"athena": [1, False]}, "market": {"ares": [1, False]}})
    result = ranking(state)
    assert result["order"] == ["athena", "ares"] and result["decided_by"] == "control"


def three_level() -> dict:
    """All three gods end on 3 Glory with no city Glory on day 5, so the Champion question goes to all."""
    return final({"ares": 3, "athena": 3, "hermes": 3}, {})


def test_tied_players_are_listed_in_the_order_the_tie_breakers_put_them():
    """kleos-rulebook.txt 328: the Champion on the highest-valued City Location ranks first."""
    state = act(three_level(), "tiebreak.answer", criterion="champion",
                values={"ares": "none", "athena": "market", "hermes": "port"})
    result = ranking(state)
    assert result["order"] == ["hermes", "athena", "ares"] and result["decided_by"] == "champion"


def test_a_player_out_at_an_earlier_question_ranks_below_those_still_tied():
    """kleos-rulebook.txt 328-329: Champions level for two, so Epic Minions decide between them; the third is last."""
    state = act(three_level(), "tiebreak.answer", criterion="champion",
                values={"ares": "arena", "athena": "market", "hermes": "none"})
    assert ranking(state) is None  # still undecided: the Epic Minions question waits
    state = act(state, "tiebreak.answer", criterion="epics", values={"ares": 1, "athena": 2})
    result = ranking(state)
    assert result["order"] == ["athena", "ares", "hermes"] and result["decided_by"] == "epics"
    assert [s["criterion"] for s in result["steps"]] == ["control", "champion", "epics"]


def test_a_tie_that_survives_every_tie_breaker_is_decided_by_none():
    """kleos-rulebook.txt 327-330 name four tie-breakers and no fifth: still level, the win is shared."""
    state = act(tied_end(), "tiebreak.answer", criterion="champion", values={"ares": "none", "athena": "none"})
    state = act(state, "tiebreak.answer", criterion="epics", values={"ares": 2, "athena": 2})
    state = act(state, "tiebreak.answer", criterion="city_minions", values={"ares": 3, "athena": 3})
    result = ranking(state)
    assert result["decided_by"] is None and result["order"] == ["ares", "athena"]
