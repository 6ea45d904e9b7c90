"""Ark Nova `zoosim score` positions: the spec's §17.3 final-scoring example, a hand-scored 3-player position with
the step-1 discard and a shared win, the reference's own final scoring reproduced from the positions of uniform
games, and each refusal of an impossible position in one line."""
from __future__ import annotations

import copy

import pytest

from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.components import board
from zoosim.games.ark_nova.components.vocab import BUILDINGS, ICONS
from zoosim.games.ark_nova.positions import CONTINENTS, UNIVERSITIES, format_score_text, score_position
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import Rules

R = Rules()

# §17.3: appeal 58, CP 19, reputation 10, final card 7 (reputation 6/9/12/15 -> 1/2/3/4 CP), Federal Grants 220
# (end_cp_tiers:rep:9=1): +1 CP -> 20, card 7: +2 -> 22, cp_value 42, score 100; the opponent's 100 with fewer
# supports loses the tie-break.
EXAMPLE = {"players": [
    {"appeal": 58, "conservation": 19, "reputation": 10, "zoo": [220], "supports": 3, "final_cards": [7]},
    {"appeal": 94, "conservation": 10, "reputation": 5, "supports": 2},
]}


@pytest.mark.rules
def test_spec_final_scoring_example():
    result = score_position(copy.deepcopy(EXAMPLE), R)
    p = result["players"][0]
    assert (p["total"], p["appeal"], p["conservation_points"], p["conservation"]) == (100, 58, 42, 22)
    assert (p["end_conservation_sponsors"], p["end_conservation_final_cards"], p["final_card_discarded"]) == (1, 2, None)
    assert result["players"][1]["total"] == 100 and result["players"][1]["conservation_points"] == 6
    assert result["winners"] == [0] and result["ranks"] == [1, 2]
    text = format_score_text(result)
    assert text.splitlines() == [
        "player 0: 100 = appeal 58 + conservation 42 (CP 22 = 19 in play + 1 from sponsors + 2 from final cards), "
        "supports 3",
        "player 1: 100 = appeal 94 + conservation 6 (CP 10 = 10 in play), supports 2",
        "winner: player 0 after the tie-break (most projects supported)",
    ]


@pytest.mark.rules
def test_hand_scored_position_with_the_step1_discard_and_a_shared_win():
    # Nobody has 10 CP, so player 0 (holding 3 and 6) discards one: card 3 (science 2 + 1 = 3 -> 1 CP) is worth
    # less than card 6 (empty building spaces: 38 free plain cells at start - 2 = 36 >= 24 -> 4 CP); CP 8 + 4 = 12,
    # cp_value 3*12 - 24 = 12, score 30 + 12 = 42. Player 1: card 5, supports 4 -> 2 CP; CP 7 -> 0; score 40.
    # Player 2: card 8 (sponsors) 0 CP; CP 0 -> -14; score 56 - 14 = 42, 1 support like player 0: shared win.
    data = {"players": [
        {"appeal": 30, "conservation": 8, "reputation": 4, "universities": ["science2", "science_rep"],
         "final_cards": [3, 6], "supports": 1, "buildings": [{"type": "enclosure2", "cells": [[2, 7], [2, 9]]}]},
        {"appeal": 40, "conservation": 5, "reputation": 3, "final_cards": [5], "supports": 4},
        {"appeal": 56, "conservation": 0, "reputation": 1, "final_cards": [8], "supports": 1},
    ]}
    result = score_position(data, R)
    totals = [p["total"] for p in result["players"]]
    assert totals == [42, 40, 42]
    p0 = result["players"][0]
    assert p0["final_card_discarded"] == 3 and p0["final_cards_scored"] == [6] and p0["conservation"] == 12
    assert result["players"][1]["end_conservation_final_cards"] == 2
    assert result["winners"] == [0, 2] and result["ranks"] == [1, 3, 1]
    text = format_score_text(result)
    assert text.splitlines()[0].endswith("supports 1; final card 3 discarded")
    assert text.splitlines()[-1] == "shared win: players 0, 2 (equal score and supports)"


def _position_of(s: rs.State) -> dict:
    """The JSON position of a reference state before final scoring."""
    players = []
    for pl in s.ps:
        players.append({
            "appeal": pl.appeal, "conservation": pl.cp, "reputation": pl.rep, "zoo": pl.animals + pl.sponsors,
            "supports": pl.supports, "final_cards": list(pl.finals), "x_tokens": pl.x,
            "partner_zoos": [ICONS[k] for k in pl.partner_zoos], "universities": [UNIVERSITIES[u] for u in pl.universities],
            "buildings": [{"type": BUILDINGS[b.kind], "cells": [list(c) for c in board.cells_of(b.mask)],
                           "occupied": b.occupied} if b.kind < 5 else
                          {"type": BUILDINGS[b.kind], "cells": [list(c) for c in board.cells_of(b.mask)]}
                          for b in pl.buildings[2:]],
        })
    return {"players": players}


@pytest.mark.parametrize("players, index", [(2, 0), (2, 1), (3, 0), (4, 0)])
def test_positions_of_uniform_games_score_as_the_reference_did(monkeypatch, players, index):
    seen = {}
    finish = ref.finish

    def capture(s, reason):
        seen["position"] = _position_of(s)
        seen["cp10"] = s.cp10_reached
        finish(s, reason)

    monkeypatch.setattr(ref, "finish", capture)
    s = ref.play_game(R, players, 41, index, [rs.uniform] * players)
    assert seen["cp10"]  # else step 1's discard was the policy's, not the best one
    result = score_position(seen["position"], R)
    for q, row in enumerate(s.record.seats):
        p = result["players"][q]
        assert p["total"] == row["score"] and p["appeal"] == row["appeal"]
        assert p["conservation"] == row["conservation"]
        assert p["end_conservation_sponsors"] == row["end_conservation_sponsors"]
        assert p["end_conservation_final_cards"] == row["end_conservation_final_cards"]
    assert result["ranks"] == [row["rank"] for row in s.record.seats]
    assert format_score_text(result).count("\n") == players


def _broken(path, value):
    data = copy.deepcopy(EXAMPLE)
    data["players"][0]["buildings"] = [{"type": "enclosure2", "cells": [[2, 7], [2, 9]]}]
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _rock_or_water_enclosure1():
    F = board.FOOTPRINTS
    return [list(c) for c in board.cells_of(int(F.masks[int(F.start[0]) + int(F.plain_count[0])]))]


@pytest.mark.parametrize("data, message", [
    (_broken(("players", 0, "zoo"), [220, 999]), "unknown card id 999"),
    (_broken(("players", 0, "zoo"), [220, 7]), "card 7 is a final card"),
    (_broken(("players", 0, "final_cards"), [401]), "final_cards: card 401 is an animal card"),
    (_broken(("players", 0, "zoo"), [220, 220]), "card 220 twice"),
    (_broken(("players", 1, "zoo"), [220]), "card 220 is in player 0's zoo or hand and in player 1's"),
    (_broken(("players", 1, "final_cards"), [7]), "card 7 is in player 0's"),
    (_broken(("players", 0, "buildings", 0, "cells"), [[2, 7], [20, 20]]), "cell \\(20, 20\\) is off map A"),
    (_broken(("players", 0, "buildings", 0, "cells"), [[2, 7], [2, 11]]), "do not form a building of type enclosure2"),
    (_broken(("players", 0, "buildings", 0, "cells"), [[2, 7], [2, 7]]), "listed twice"),
    (_broken(("players", 0, "buildings", 0), {"type": "enclosure1", "cells": [[0, 9]]}), "overlaps another building at \\(0, 9\\)"),
    (_broken(("players", 0, "buildings"), [{"type": "enclosure2", "cells": [[2, 7], [2, 9]]},
                                           {"type": "kiosk", "cells": [[2, 9]]}]), "building 1: the kiosk overlaps"),
    (_broken(("players", 0, "buildings", 0), {"type": "enclosure1", "cells": _rock_or_water_enclosure1()}),
     "covers rock or water"),
    (_broken(("players", 0, "buildings"), [{"type": "pavilion", "cells": [[2, 7]]},
                                           {"type": "pavilion", "cells": [[2, 9]], "occupied": True}]),
     "occupied is for standard enclosures"),
    (_broken(("players", 0, "buildings", 0, "type"), "castle"), "unknown building type 'castle'"),
    (_broken(("players", 0, "appeal"), 114), "appeal must be 0-113, got 114"),
    (_broken(("players", 0, "conservation"), 42), "conservation must be 0-41, got 42"),
    (_broken(("players", 0, "reputation"), 0), "reputation must be 1-15, got 0"),
    (_broken(("players", 0, "reputation"), 16), "reputation must be 1-15, got 16"),
    (_broken(("players", 0, "supports"), -1), "supports must be >= 0"),
    (_broken(("players", 0, "x_tokens"), 6), "x_tokens must be 0-5"),
    (_broken(("players", 0, "partner_zoos"), ["atlantis"]), "unknown partner zoo 'atlantis'"),
    (_broken(("players", 0, "partner_zoos"), ["asia", "asia"]), "asia twice"),
    (_broken(("players", 0, "partner_zoos"), list(CONTINENTS)), "5 partner_zoos; at most 4"),
    (_broken(("players", 0, "universities"), ["science3"]), "unknown university 'science3'"),
    (_broken(("players", 0, "pets"), 1), "unknown key 'pets'"),
    (_broken(("players",), [EXAMPLE["players"][0]]), "`players` list of 2-4 players"),
])
def test_impossible_positions_are_refused_in_one_line(data, message):
    with pytest.raises(ZoosimError, match=message) as err:
        score_position(data, R)
    assert "\n" not in str(err.value)


def test_second_special_enclosure_and_missing_track_are_refused():
    data = copy.deepcopy(EXAMPLE)
    F, start = board.FOOTPRINTS, int(board.FOOTPRINTS.start[7])
    plain = [int(m) for m in F.masks[start:start + int(F.plain_count[7])] if not int(m) & int(board.START_BUILDING_MASK.sum())]
    second = next(m for m in plain if not m & plain[0])
    data["players"][1]["buildings"] = [{"type": "petting_zoo", "cells": [list(c) for c in board.cells_of(m)]}
                                       for m in (plain[0], second)]
    with pytest.raises(ZoosimError, match="player 1, building 1: a second petting_zoo; a zoo has at most 1"):
        score_position(data, R)
    del data["players"][1]["appeal"]
    with pytest.raises(ZoosimError, match="player 1: missing `appeal`"):
        score_position(data, R)
