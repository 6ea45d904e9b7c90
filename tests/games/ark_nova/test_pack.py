"""Ark Nova's packed rules: every Rules field is packed or named as not needed by the core, the layout is
contiguous, every packed field reaches its own offsets (changing it changes those and nothing else), and pack
validates first."""
from __future__ import annotations

from dataclasses import fields, replace

import numpy as np
import pytest

from zoosim.errors import ZoosimError
from zoosim.games.ark_nova import pack as P
from zoosim.games.ark_nova.rules import Rules

R = Rules()
NAMES = [f.name for f in fields(Rules)]


def test_every_field_is_packed_or_listed_as_not_needed():
    assert set(P.PACKED) | set(P.NOT_PACKED) == set(NAMES)
    assert not set(P.PACKED) & set(P.NOT_PACKED)
    assert all(P.NOT_PACKED.values())


def test_layout_is_contiguous_and_named_by_its_constants():
    offset = 0
    for name, at, width in P.LAYOUT:
        assert at == offset and width >= 1 and getattr(P, name) == at
        offset += width
    assert offset == P.R_SIZE
    used = {n for names in P.PACKED.values() for n in names}
    assert used | {"R_PLAYERS"} == {name for name, _, _ in P.LAYOUT}


def _span(names):
    width = {name: (at, w) for name, at, w in P.LAYOUT}
    out = set()
    for n in names:
        at, w = width[n]
        out |= set(range(at, at + w))
    return out


VARIANTS = {  # a different valid value for each packed field (choices with one accepted value are skipped)
    "start_appeal_by_seat": (1, 2, 3, 4), "break_track_len": (9, 12, 16), "base_projects_shown": (3, 3, 3),
    "project_row_limit": (2, 3, 5), "donation_costs": ((2, 5, 7, 10), (2, 5, 5, 7, 7, 10, 10), (1, 2, 3)),
    "bonus_tiles": tuple(reversed(Rules().bonus_tiles)), "max_appeal": 100, "max_cp": 40, "start_reputation": 2,
    "hand_keep": 3, "final_scoring_dealt": 1, "hand_limit": 4, "opening_card": 401, "opening_card_seat": 1,
    "workers_start": 2, "cards_draw": ((1, 1, 2, 2, 3), (1, 2, 2, 3, 5)), "cards_discard": ((1, 0, 1, 0, 1), (0, 1, 0, 1, 0)),
    "cards_snap_strength": (5, 4), "animals_playable": ((0, 1, 1, 1, 2), (1, 1, 2, 2, 3)),
    "sponsors_break_money": (1, 3), "task_values": (2, 3, 4, 6), "max_partner_zoos": (2, 3), "max_universities": 2,
    "workers_per_repeat": (1, 3), "reputation_cap_side1": 8, "max_reputation": 14,
    "reputation_bonuses": ((5, "upgrade"), (8, "worker"), (10, "card"), (11, "cp"), (12, "x"), (13, "card"), (14, "x"),
                           (15, "x")),
    "reputation_range": (1, 2, 4, 7, 10, 14), "cp_bonus_spaces": (5, 9),
    "appeal_income": tuple(v + 1 for v in Rules().appeal_income), "cp_points": tuple(v + 1 for v in Rules().cp_points),
}


def _variant(name):
    if name in VARIANTS:
        return VARIANTS[name]
    value = getattr(R, name)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return None


@pytest.mark.parametrize("name", sorted(P.PACKED))
def test_each_field_reaches_its_own_offsets(name):
    value = _variant(name)
    if value is None:
        accepted = {"venom_unpaid", "bonus_sponsor_rule", "multiplier_rule", "tie_rule"}
        assert name in accepted, f"no variant for {name}"
        assert P.pack(R, 4)[getattr(P, P.PACKED[name][0])] == 0
        return
    base, changed = P.pack(R, 4), P.pack(replace(R, **{name: value}), 4)
    diff = set(np.flatnonzero(base != changed).tolist())
    assert diff and diff <= _span(P.PACKED[name]), name


def test_default_values_at_their_offsets():
    a = P.pack(R, 2)
    assert a.dtype == np.int64 and a.shape == (P.R_SIZE,)
    assert a[P.R_PLAYERS] == 2 and a[P.R_BREAK_LEN] == 9 and a[P.R_PROJECT_ROW_LIMIT] == 2
    assert a[P.R_DONATIONS_N] == 4 and list(a[P.R_DONATIONS:P.R_DONATIONS + 5]) == [2, 5, 7, 10, -1]
    assert a[P.R_OPENING_CARD] == -1 and a[P.R_MAX_CP] == 41 and a[P.R_CP_POINTS + 22] == 42
    assert a[P.R_APPEAL_INCOME + 7] == 11 and a[P.R_CARDS_DRAW + 5 + 4] == 4
    assert list(a[P.R_REP_BONUSES:P.R_REP_BONUSES + 4]) == [5, 0, 8, 1] and a[P.R_REP_BONUSES_N] == 8
    b = P.pack(R, 3)
    assert b[P.R_BREAK_LEN] == 12 and b[P.R_DONATIONS_N] == 7 and b[P.R_PLAYERS] == 3
    padded = {"R_DONATIONS", "R_BONUS_TILES", "R_REP_BONUSES", "R_OPENING_CARD"}
    for name, at, width in P.LAYOUT:
        if name not in padded:
            assert (a[at:at + width] >= 0).all() or name == "R_CP_POINTS", name


def test_pack_validates_first():
    with pytest.raises(ZoosimError, match="players"):
        P.pack(R, 5)
    with pytest.raises(ZoosimError, match="max_cp"):
        P.pack(replace(R, max_cp=50), 2)
    with pytest.raises(ZoosimError, match="at most 16"):
        P.pack(replace(R, bonus_tiles=R.bonus_tiles * 2), 2)
