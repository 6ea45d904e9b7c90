"""Ark Nova's log record: over a handful of uniform games every seat has every column, the score components add up
to the score, the values stay within the spec's bounds (§8, §10, §13.2, §17 invariants), and the game-level values
agree with the event log."""
from __future__ import annotations

import numpy as np
import pytest

from zoosim.games.ark_nova.columns import COLUMN_NAMES, COLUMNS, SCORE_COMPONENTS
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import Rules

R = Rules()
GAMES = [(2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (4, 0)]


@pytest.fixture(scope="module")
def records():
    return {(n, k): ref.play_game(R, n, 31, k, [rs.uniform] * n) for n, k in GAMES}


def test_columns_are_well_formed():
    assert len(set(COLUMN_NAMES)) == len(COLUMNS)
    assert set(SCORE_COMPONENTS) <= set(COLUMN_NAMES)
    for c in COLUMNS:
        np.dtype(c.dtype)
        assert c.doc and c.name.islower()
    assert not {"score", "rank", "win_share", "turns", "rounds", "seat"} & set(COLUMN_NAMES)


@pytest.mark.parametrize("key", GAMES)
def test_record_adds_up_and_stays_in_bounds(records, key):
    s = records[key]
    rec = s.record
    n = key[0]
    assert rec.players == n and len(rec.seats) == n
    assert rec.turns == s.turn == sum(pl.turns for pl in s.ps)
    assert rec.breaks == sum(1 for e in rec.events if e[0] == rs.E_BREAK) >= 1
    assert rec.end_reason in (ref.END_SCORE, ref.END_TURN_CAP)
    assert rec.events == s.events and rec.events[-1][0] == rs.E_SCORE
    assert abs(sum(row["win_share"] for row in rec.seats) - 1) < 1e-9
    assert min(row["rank"] for row in rec.seats) == 1
    if rec.end_reason == ref.END_SCORE:
        assert max(row["score"] for row in rec.seats) >= R.end_trigger_score
    for q, row in enumerate(rec.seats):
        assert set(row) == {"score", "rank", "win_share", *COLUMN_NAMES}
        assert sum(row[c] for c in SCORE_COMPONENTS) == row["score"] == ref.score(s, q)
        for c in COLUMNS:  # every value fits its dtype
            info = np.iinfo(c.dtype)
            assert info.min <= row[c.name] <= info.max, c.name
        assert 0 <= row["appeal"] <= R.max_appeal
        assert 0 <= row["conservation"] <= R.max_cp
        assert row["conservation_points"] == R.cp_points[row["conservation"]]
        assert 1 <= row["reputation"] <= R.max_reputation
        assert row["money"] >= 0
        assert 0 <= row["end_conservation_sponsors"]
        assert 0 <= row["end_conservation_final_cards"] <= R.max_final_card_cp * len(s.ps[q].finals)
        assert row["end_conservation_sponsors"] + row["end_conservation_final_cards"] <= row["conservation"]
        assert 0 <= row["animals"] and 0 <= row["sponsors"] and 0 <= row["projects_supported"]
        assert 0 <= row["partner_zoos"] <= R.max_partner_zoos[1] and 0 <= row["universities"] <= R.max_universities
        assert row["buildings"] >= 2  # the start kiosk and enclosure
        assert row["breaks"] == rec.breaks and row["end_reason"] == rec.end_reason
        assert row["win_share"] in (0.0, 1.0, 0.5, 1 / 3, 0.25)


def test_end_conservation_from_final_cards_is_what_the_cards_give(records):
    """§13.2 step 3: the logged CP from final cards is the cards' CP (each at most 4), cut only by the clamp at 41."""
    seen = 0
    for s in records.values():
        for q, row in enumerate(s.record.seats):
            cards_cp = sum(ref.final_card_cp(s, q, card) for card in s.ps[q].finals)
            before = row["conservation"] - row["end_conservation_final_cards"]
            assert row["end_conservation_final_cards"] == min(cards_cp, R.max_cp - before)
            seen += cards_cp > 0
    assert seen  # some seat scored a final card in these games
    assert any(row["end_conservation_sponsors"] > 0 for s in records.values() for row in s.record.seats)
