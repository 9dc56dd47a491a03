"""The shared-draft mechanism itself (core/drafts.py), on plain states: latest entry wins, a confirm
names what it saw, a part is taken alone, and a new round starts empty."""
from __future__ import annotations

import pytest

from companion.core import drafts
from companion.core.drafts import Draft
from companion.core.model import RuleError
from companion.core.steps import Stale

FORMS = {d.name: d for d in (
    Draft("bid", frozenset({"bid.place"}), lambda s: s["turn"]),
    Draft("keep", frozenset({"keep.confirm"}), lambda s: s["turn"], part=lambda e: e.get("player")),
)}


def put(state: dict, name: str, path: str, value, by: str = "host") -> dict:
    return drafts.put(FORMS, state, {"type": drafts.TYPE, "draft": name, "path": path, "value": value, "by": by})


def test_the_latest_entry_wins_and_remembers_who_made_it():
    state = put(put({"turn": 1}, "bid", "amount", 2), "bid", "amount", 3, by="red")
    assert drafts.entries(state, "bid") == {"amount": 3} and drafts.who(state, "bid") == {"amount": "red"}
    assert state[drafts.KEY]["bid"]["version"] == drafts.version(state, "bid")


def test_a_confirm_must_name_the_draft_it_saw():
    state = put({"turn": 1}, "bid", "amount", 2)
    seen = drafts.version(state, "bid")
    drafts.check(FORMS, state, {"type": "bid.place"}, seen)  # as shown: taken
    later = put(state, "bid", "amount", 4, by="blue")
    with pytest.raises(Stale) as refused:
        drafts.check(FORMS, later, {"type": "bid.place"}, seen)
    assert refused.value.key == "drafts.changed"
    with pytest.raises(RuleError) as missing:
        drafts.check(FORMS, later, {"type": "bid.place"}, None)
    assert missing.value.key == "drafts.missing"
    drafts.check(FORMS, {"turn": 1}, {"type": "bid.place"}, None)  # nothing drafted: nothing to name


def test_a_part_is_confirmed_and_emptied_alone():
    state = put(put({"turn": 1}, "keep", "ana", [0]), "keep", "bia", [1, 2], by="bia")
    seen_by_ana = drafts.version(state, "keep", "ana")
    state = put(state, "keep", "bia", [2], by="bia")  # Bia's change does not touch Ana's confirm
    drafts.check(FORMS, state, {"type": "keep.confirm", "player": "ana"}, seen_by_ana)
    after = drafts.tidy(FORMS, state, {"type": "keep.confirm", "player": "ana"})
    assert drafts.entries(after, "keep") == {"bia": [2]} and drafts.who(after, "keep") == {"bia": "bia"}


def test_a_new_round_or_a_confirm_starts_the_form_empty():
    """`tidy` works on the copy a change makes (GameBase.apply), so each call here gets its own."""
    state = put({"turn": 1}, "bid", "amount", 2)
    assert drafts.entries(drafts.tidy(FORMS, {**state, "turn": 2}, {"type": "other"}), "bid") == {}
    assert drafts.entries(drafts.tidy(FORMS, dict(state), {"type": "bid.place"}), "bid") == {}
    assert drafts.entries(drafts.tidy(FORMS, dict(state), {"type": "other"}), "bid") == {"amount": 2}


def test_an_unknown_form_or_an_outsized_entry_is_refused():
    with pytest.raises(RuleError) as unknown:
        put({"turn": 1}, "nope", "x", 1)
    assert unknown.value.key == "drafts.unknown"
    with pytest.raises(RuleError) as big:
        put({"turn": 1}, "bid", "x", "w" * (drafts.VALUE_MAX + 1))
    assert big.value.key == "drafts.too_big"


def _whole(state: dict, path: str, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleError("drafts.too_big", max=0)
    return value


CHECKED = {"count": Draft("count", frozenset({"count.take"}), lambda s: s["turn"], entry=_whole)}


def test_a_form_may_check_each_entry():
    event = {"type": drafts.TYPE, "draft": "count", "path": "priests", "value": 2, "by": "red"}
    state = drafts.put(CHECKED, {"turn": 1}, event)
    assert drafts.entries(state, "count") == {"priests": 2}
    with pytest.raises(RuleError):
        drafts.put(CHECKED, state, {**event, "value": -1})
    assert drafts.entries(state, "count") == {"priests": 2}  # the refused entry left the form as it was


def test_an_entry_goes_with_the_undone_confirm_of_its_form_or_part_or_with_the_decision_it_followed():
    """What an undo of `change` takes along (drafts.rides): entries on the form it emptied, and entries
    made for another decision than the one the table is back at; not another player's part."""
    def entry(name: str, path: str, made_in: dict) -> dict:
        return drafts.stamped(FORMS, made_in, {"type": drafts.TYPE, "draft": name, "path": path, "value": 1})

    back = {"turn": 1}
    assert drafts.rides(FORMS, {"type": "bid.place"}, entry("bid", "amount", back), back)
    assert not drafts.rides(FORMS, {"type": "other"}, entry("bid", "amount", back), back)
    assert drafts.rides(FORMS, {"type": "other"}, entry("bid", "amount", {"turn": 2}), back)
    ana = {"type": "keep.confirm", "player": "ana"}
    assert drafts.rides(FORMS, ana, entry("keep", "ana", back), back)
    assert not drafts.rides(FORMS, ana, entry("keep", "bia", back), back)
    unstamped = {"type": drafts.TYPE, "draft": "bid", "path": "amount", "value": 1}  # a table saved before the stamp
    assert not drafts.rides(FORMS, {"type": "other"}, unstamped, back)
