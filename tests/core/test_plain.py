"""Game states are copied as plain data, deeply (companion/core/plain.py)."""
from companion.core.plain import copy_state


def test_a_copy_is_equal_and_shares_nothing_mutable():
    state = {"glory": {"ares": 3}, "log": [{"player": "ares", "amount": 1}], "day": 2, "favor": None,
             "ratio": 0.5, "done": True, "pair": (1, [2])}
    copied = copy_state(state)
    assert copied == state
    copied["glory"]["ares"] = 9
    copied["log"][0]["amount"] = 7
    copied["log"].append({})
    copied["pair"][1].append(3)  # anything but dicts, lists and scalars goes through deepcopy
    assert state == {"glory": {"ares": 3}, "log": [{"player": "ares", "amount": 1}], "day": 2, "favor": None,
                     "ratio": 0.5, "done": True, "pair": (1, [2])}
