"""The secrets declaration's cuts: per-seat maps, shared values, event fields, what is shown."""
from __future__ import annotations

from companion.core.secrets import EventSecret, Secrets, StateSecret

SECRETS = Secrets(
    state=(StateSecret("gold"), StateSecret("last.paid", owners=("last.payer", "last.payee"))),
    events={"income": EventSecret(owners=("player",), fields=("amount",))},
    shown=lambda state: state["open"],
)
STATE = {"gold": {"ana": 3, "bia": 9, "caio": 1}, "last": {"payer": "bia", "payee": "ana", "paid": 4},
         "open": ["caio"]}


def test_a_seat_keeps_its_own_share_and_what_is_shown():
    view = SECRETS.cut_view(STATE, STATE, "ana")
    assert view["gold"] == {"ana": 3, "caio": 1} and view["last"]["paid"] == 4
    assert SECRETS.cut_view(STATE, STATE, "bia")["last"]["paid"] == 4  # both sides of a payment know it
    outsider = SECRETS.cut_view(STATE, STATE, "caio")
    assert outsider["gold"] == {"caio": 1} and "paid" not in outsider["last"]
    tablet = SECRETS.cut_view(STATE, STATE, None)
    assert tablet["gold"] == {"caio": 1} and "paid" not in tablet["last"]
    assert STATE["gold"]["bia"] == 9 and STATE["last"]["paid"] == 4  # the state itself is untouched


def test_an_events_secret_fields_reach_only_their_owner():
    event = {"type": "income", "player": "ana", "amount": 7, "by": "ana"}
    assert SECRETS.cut_event(event, "ana") == event
    assert SECRETS.cut_event(event, "bia") == {"type": "income", "player": "ana", "by": "ana"}
    assert "amount" not in SECRETS.cut_event(event, None)
    other = {"type": "points", "amount": 2}
    assert SECRETS.cut_event(other, None) == other


def test_every_secret_is_listed_under_its_seats():
    owned = SECRETS.seat_secrets(STATE, [{"type": "income", "player": "ana", "amount": 7}])
    assert owned == {"ana": [3, 4, 7], "bia": [9, 4]}
