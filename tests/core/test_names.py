"""Names (core/names.py): no control or formatting character gets in, right-to-left text is isolated,
through the one gate every request passes (the schema types), from the API and the new-table form alike."""
import json

import pytest

from api_app import ADMIN, api_client
from companion.core.access import Access
from companion.core.model import RuleError
from companion.core.names import FSI, PDI, cleaned, isolated, plain

REFUSED = ["B\x00ia", "B\x1b[31mia", "Bi\na", "Bi\ra", "Bi\ta", "Bi\x7fa", "Bi\x85a", "Bi\u2028a",
           "\u202eBia", "\u202aBia", "\u2067Bia", "Bi\u200ea", "\ufeffBia", "Bi\u200ba", "Bi\u2069a"]


@pytest.mark.parametrize("name", REFUSED)
def test_control_and_formatting_characters_are_refused(name):
    with pytest.raises(RuleError) as err:
        isolated(name, "players")
    assert err.value.key == "names.control" and "U+" in err.value.text("en") and "U+" in err.value.text("pt")
    with pytest.raises(RuleError):
        plain(name)


@pytest.mark.parametrize("name", ["Ana", "José", "Zoë", "Łucja", "李雷", "Ana Bia", "👨\u200d👩\u200d👧",
                                  "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"])
def test_left_to_right_names_joiners_and_flags_are_kept_as_typed(name):
    assert isolated(name) == plain(name) == name


@pytest.mark.parametrize("name", ["محمد", "Ana محمد", "דוד", "٣"])
def test_right_to_left_text_is_isolated_once(name):
    shown = isolated(name)
    assert shown == FSI + name + PDI
    assert isolated(shown) == shown  # read back and sent again: the same


@pytest.mark.parametrize("name", ["Ana", "José", "李雷", "👨\u200d👩\u200d👧", FSI + "محمد" + PDI, ""])
def test_a_clean_saved_name_is_read_as_it_is(name):
    assert cleaned(name) == name


@pytest.mark.parametrize("name", REFUSED + ["محمد"])
def test_a_saved_name_the_rule_would_refuse_is_read_as_the_rule_would_let_it_in(name):
    shown = cleaned(name)
    assert isolated(shown) == shown  # passes the rule, and keeps every letter
    assert shown.replace("[31m", "") in ("Bia", FSI + "محمد" + PDI)


def create(client, game, options):
    return client.post("/api/tables", params={"admin": ADMIN}, json={"game": game, "options": options},
                       headers={"Accept-Language": "pt"})


@pytest.mark.parametrize("game, options", [
    ("scorepad", {"players": ["Ana", "Bi\na"]}),
    ("scorepad", {"players": ["Ana", "\u202eBia"]}),
    ("kleos", {"players": ["zeus", "athena"], "names": {"zeus": "Z\x00", "athena": "A"}}),
    ("cyclades", {"players": ["red", "blue", "gre\x1ben"]}),
    ("cyclades", {"players": ["red", "blue", "green"], "names": ["a", "b", "c\u2067"]}),
])
def test_a_table_with_such_a_name_is_refused_with_a_message_and_no_file(client, hub, game, options):
    r = create(client, game, options)
    assert r.status_code == 422, r.text
    assert r.json()["key"] == "names.control" and "não pode conter" in r.json()["error"]
    assert hub.store.table_ids() == []


def test_a_right_to_left_name_cannot_reorder_the_labels_around_it(client, hub):
    r = create(client, "scorepad", {"players": ["Ana", "محمد"]})
    assert r.status_code == 201, r.text
    live = hub.get(r.json()["id"])
    wrapped = FSI + "محمد" + PDI
    assert [s.name for s in live.table.seats] == ["Ana", wrapped]
    assert live.state["names"]["محمد"] == wrapped
    live.dispatch({"type": "points.add", "player": "محمد", "amount": 2}, Access("host"))
    row = live.history(Access("host"))[0]["text"]
    assert wrapped in row and row.count(FSI) == row.count(PDI) == 1
    assert live.snapshot(Access("host"))["undo"]["text"] == row


def test_a_name_in_a_change_is_checked_too(hub):
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    with pytest.raises(RuleError) as err:
        live.dispatch({"type": "points.add", "player": "ana\x1b", "amount": 1}, Access("host"))
    assert err.value.key == "names.control"
    assert live.events() == []


def test_the_new_table_form_reaches_the_same_gate(hub):
    """The tablet's form creates its table through hub.create, which checks the options as the API does."""
    with pytest.raises(RuleError) as err:
        hub.create("scorepad", {"players": ["Ana", "Bi\x00a"]})
    assert err.value.key == "names.control"
    assert json.dumps(hub.create("scorepad", {"players": ["דוד", "Bia"]}).table.seats[0].name) == json.dumps(
        FSI + "דוד" + PDI)


def test_names_saved_before_the_rule_are_shown_cleaned_and_the_file_kept(client, hub):
    """A table saved before names were checked can hold a NUL, an ESC, a newline or a right-to-left
    override in a name: read, it shows each name as the rule would have let it in, clean names
    unchanged, and its file is not rewritten."""
    made = client.post("/api/tables", params={"admin": ADMIN},
                       json={"game": "scorepad", "options": {"players": ["Ana", "Bia", "Caio", "Dani"]}}).json()
    tid, host = made["id"], made["host_token"]
    for player in ("ana", "bia", "caio", "dani"):
        client.post(f"/api/tables/{tid}/events", params={"k": host},
                    json={"type": "points.add", "player": player, "amount": 2})
    hub.index.close()
    path = hub.store.path(tid)
    raw = path.read_bytes()
    old = {b'"Ana"': json.dumps("A\x00n\x1b[31ma\nX").encode(), b'"Bia"': json.dumps("\u202eBia 1+").encode(),
           b'"Dani"': json.dumps("\u0645\u062d\u0645\u062f", ensure_ascii=False).encode()}
    for clean, saved in old.items():
        assert raw.count(clean) == 4  # the options, the seat, the game's names and the change's line
        raw = raw.replace(clean, saved)
    path.write_bytes(raw)

    from companion.core.hub import Hub
    from companion.games.registry import GAMES
    fresh = Hub(hub.store.data_dir, GAMES)  # the server started again on the folder
    again = api_client(fresh)
    shown = {"ana": "An[31maX", "bia": "Bia 1+", "caio": "Caio", "dani": FSI + "\u0645\u062d\u0645\u062f" + PDI}
    assert [t.players for t in fresh.summaries()] == [list(shown.values())]  # the start screen's list
    live = fresh.get(tid)
    assert {s.id: s.name for s in live.table.seats} == shown
    assert again.get(f"/api/tables/{tid}", params={"k": host}).json()["state"]["names"] == shown
    lines = [line["text"] for line in live.snapshot(Access("host"), "en")["history"]]
    assert not [text for text in lines if any(c in text for c in "\x00\x1b\n\u202e")], lines
    assert any("An[31maX" in text for text in lines) and any(FSI + "\u0645" in text for text in lines)
    summary = again.get(f"/api/tables/{tid}/summary", params={"k": host}).json()
    assert sorted(p["name"] for p in summary["players"]) == sorted(shown.values())
    assert path.read_bytes() == raw  # shown cleaned, saved as it was
