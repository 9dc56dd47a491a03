import random
from collections import Counter

import pytest

from companion.core.model import RuleError
from companion.games.kleos.dice import BLANK, FACES, GODLY, SUCCESS, count_successes, pool, roll


def test_die_has_three_blanks_two_successes_one_godly_face():
    assert Counter(FACES) == {BLANK: 3, SUCCESS: 2, GODLY: 1}


def test_same_seed_gives_same_faces():
    first = roll(12, False, random.Random(7))
    again = roll(12, False, random.Random(7))
    assert first == again
    assert len(first) == 12
    assert set(first) <= set(FACES)


def test_godly_flag_does_not_change_the_faces_only_their_count():
    plain = roll(30, False, random.Random(3))
    godly = roll(30, True, random.Random(3))
    assert plain == godly
    assert count_successes(godly, True) == count_successes(plain, False) + plain.count(GODLY)


def test_faces_come_up_in_die_proportions():
    # 60,000 dice: each of the 6 faces has p = 1/6, sd of a face count = sqrt(n p (1-p)) ~ 91.
    faces = roll(60_000, False, random.Random(11))
    counts = Counter(faces)
    assert abs(counts[BLANK] - 30_000) < 5 * 122  # p = 1/2: sd ~ 122
    assert abs(counts[SUCCESS] - 20_000) < 5 * 115  # p = 1/3: sd ~ 115
    assert abs(counts[GODLY] - 10_000) < 5 * 91


def test_counting_successes():
    faces = [BLANK, SUCCESS, GODLY, SUCCESS, BLANK, GODLY]
    assert count_successes(faces, False) == 2
    assert count_successes(faces, True) == 4
    assert count_successes([], True) == 0


def test_pool_never_goes_below_zero():
    assert pool(3, 2) == 5
    assert pool(3, -2) == 1
    assert pool(1, -4) == 0
    assert roll(pool(1, -4), False, random.Random(1)) == []
    assert roll(-2, False, random.Random(1)) == []


def test_unknown_face_is_refused():
    with pytest.raises(RuleError, match="no face called 'skull'"):
        count_successes([SUCCESS, "skull"], False)


def test_godly_must_be_yes_or_no():
    with pytest.raises(RuleError, match="Godly"):
        roll(2, "sometimes", random.Random(1))  # type: ignore[arg-type]
