"""Every Flet name the tests read without Flet making it public (tests/flet_private.py) still exists
in the installed Flet: a release that renames one fails here, naming it, not somewhere obscure."""
from __future__ import annotations

import flet as ft
import pytest

from flet_private import NAMES, control_id


# An instance of each class named: the names are set on instances, not classes.
SAMPLES = {"BaseControl": lambda: ft.Text("x")}


@pytest.mark.parametrize("name", sorted(NAMES))
def test_the_installed_flet_still_has_each_private_name_the_tests_read(name):
    owner, attribute = name.rsplit(".", 1)
    sample = SAMPLES[owner]()
    assert isinstance(sample, getattr(ft, owner))
    assert hasattr(sample, attribute), f"the installed Flet has no {name}: adapt tests/flet_private.py"


def test_a_control_id_is_a_distinct_int_per_control():
    one, other = ft.Text("a"), ft.Text("b")
    assert isinstance(control_id(one), int) and control_id(one) != control_id(other)
