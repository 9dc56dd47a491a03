"""A value kept over the events in effect equals the one worked out afresh, however the list changed
(issue 29: a change on a long table must not read the whole log again, nor read a stale value)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.steps import moved
from companion.core.timeline import Grown

STEPS = frozenset({"phase.next"})
# What the hub does to its events in effect: a change appends; an undo takes out one (the latest or
# an earlier one); a redo appends the latest undone again.
ACTIONS = st.lists(st.one_of(st.tuples(st.just("add"), st.sampled_from(["phase.next", "glory.add"])),
                             st.tuples(st.just("undo"), st.integers(min_value=0, max_value=50)),
                             st.just(("redo", None))), max_size=60)


@settings(max_examples=300, deadline=None)
@given(ACTIONS, st.lists(st.booleans(), min_size=60, max_size=60))
def test_kept_values_equal_a_fresh_reading_after_any_changes(actions, asks):
    done: list[dict] = []
    undone: list[dict] = []
    step = Grown(int, lambda s, e: moved(s, e, STEPS))
    in_force: Grown[set] = Grown(set, lambda seqs, e: seqs.add(e["seq"]) or seqs)
    seq = 0
    for (kind, arg), ask in zip(actions, asks):
        if kind == "add":
            seq += 1
            done.append({"seq": seq, "type": arg})
            undone.clear()
        elif kind == "undo" and done:
            undone.append(done.pop(len(done) - 1 - arg % len(done)))
        elif kind == "redo" and undone:
            done.append(undone.pop())
        if ask:  # read now and then, as the hub reads after a change
            assert step.of(done) == next((e["seq"] for e in reversed(done) if e["type"] in STEPS), 0)
            assert in_force.of(done) == {e["seq"] for e in done}
    assert step.of(done) == next((e["seq"] for e in reversed(done) if e["type"] in STEPS), 0)
    assert in_force.of(done) == {e["seq"] for e in done}
