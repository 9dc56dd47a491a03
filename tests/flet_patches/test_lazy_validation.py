"""A control gets its set of reported validation errors only when one fails, and a repeated
failure is still reported once (companion/flet_patches/lazy_validation.py)."""
from __future__ import annotations

import flet as ft
import pytest
from flet.utils import validation

from companion.flet_patches import lazy_validation

lazy_validation.apply()
KEY = validation._REPORTED_VALIDATION_ERRORS_KEY


def test_a_valid_control_carries_no_error_set():
    text = ft.Text("Ares", size=20)
    text._before_update_safe()
    assert not hasattr(text, KEY)


def test_a_failure_is_raised_once_then_again_after_the_control_was_valid():
    slider = ft.Slider(min=0, max=10, value=5)
    slider._before_update_safe()
    object.__setattr__(slider, "_values", {**slider._values, "value": 50})  # out of range, as a bad update would be
    with pytest.raises(ValueError):
        lazy_validation.validate(slider, suppress_repeated_errors=True)
    lazy_validation.validate(slider, suppress_repeated_errors=True)  # the same failure again: not reported twice
    with pytest.raises(ValueError):
        lazy_validation.validate(slider)  # unless repeats are not suppressed
    object.__setattr__(slider, "_values", {**slider._values, "value": 5})
    lazy_validation.validate(slider, suppress_repeated_errors=True)
    object.__setattr__(slider, "_values", {**slider._values, "value": 50})
    with pytest.raises(ValueError):  # valid in between: reported anew
        lazy_validation.validate(slider, suppress_repeated_errors=True)
