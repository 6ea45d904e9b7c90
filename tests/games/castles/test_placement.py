"""Castles reference, spec §4-§5: the incremental castle against geometry.py's plain functions, placement
through the place hook, a placement's points (only relations new in it), the §10.2 worked examples A and B end
to end, castle-wide rules, bonus_per_link, completion."""
from __future__ import annotations

from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.castles.components import data
from zoosim.games.castles.components import geometry as g
from zoosim.games.castles.reference import game as ref
from zoosim.games.castles.reference import state as rs
from zoosim.games.castles.components.geometry import BLOCKED, CONNECTED, DOWN, OPEN, UP
from zoosim.games.castles.reference.castle import Castle, tile_levels
from zoosim.games.castles.reference.scoring import living_rescore, placement_points, static_points
from zoosim.games.castles.rules import Rules
from tests.games.castles.test_reference import Script

pytestmark = pytest.mark.rules  # every test here pins the reference to the spec

R = Rules(first_mb="seat0")
X0 = g.FOYER_ORIGIN  # the spec's examples put the foyer's box at (0, 0)
T = data.TILE_BY_NAME


def castle_with_foyer(rules=R) -> Castle:
    castle = Castle(rules)
    castle.add(data.FOYER, 0, X0, X0)
    return castle


def agrees_with_geometry(castle: Castle, params: g.GeometryParams) -> None:
    tiles = castle.tiles
    states = g.door_states(tiles)
    assert castle.door_state == [[s for s, _ in row] for row in states]
    assert castle.door_partner == [[b for _, b in row] for row in states]
    assert castle.open_up == g.external_entrances(tiles)
    for a in range(len(tiles)):
        for b in range(len(tiles)):
            if a != b:
                assert (b in castle.touches[a]) == g.touching(tiles[a], tiles[b])
                assert castle.links[a].get(b, 0) == len(g.connected_doors(tiles[a], tiles[b]))
                assert not g.claims_overlap(tiles[a], tiles[b], params.allow_half_cell_sharing)


@pytest.mark.parametrize("changes", [{}, {"allow_half_cell_sharing": False}, {"mixed_level_door_contact": "blocked"},
                                     {"min_external_entrances": 3}])
def test_castle_agrees_with_geometry_on_random_castles(changes):
    """The incremental castle finds exactly geometry.legal_placements (same distinct representatives) and keeps
    the door states, touching and connected pairs of geometry's plain functions."""
    rules = replace(R, **changes)
    params = rules.geometry()
    rng = PyRng(17, len(changes))
    probe = [T["Terrace Gardens"], T["Throne Room"], T["Hunding's Hut"], data.HALLWAY, data.STAIRS, T["Dungeon"],
             T["Queen's Bedroom"], T["Sewing Room"], T["Great Hall"], T["Cloak Room"]]
    for _ in range(2):
        castle = castle_with_foyer(rules)
        for step in range(7):
            for tile in probe[step % 3::3]:
                mine = castle.legal_placements(tile)
                theirs = g.legal_placements(castle.tiles, tile, params)
                assert mine == sorted(theirs), (tile, step)
                assert castle.can_place(tile) == bool(theirs)
                for c in sorted(set(castle._candidates(tile)))[::7]:  # rule by rule, as geometry names it
                    assert castle.violation(tile, *c) == g.placement_violation(castle.tiles, g.place(tile, *c), params)
            tiles = [t for t in range(data.N_TILES - 1) if castle.can_place(t)]
            tile = tiles[rng.below(len(tiles))]
            options = castle.legal_placements(tile)
            castle.add(tile, *options[rng.below(len(options))])
            agrees_with_geometry(castle, params)


def test_violations_name_the_rule():
    castle = castle_with_foyer()
    parlor = T["Parlor"]
    assert castle.violation(parlor, 0, X0 + 3, X0, UP) is None
    assert castle.violation(parlor, 0, X0 + 2, X0, UP) == "G2"  # on the foyer's right column
    assert castle.violation(parlor, 0, X0 + 4, X0, UP) == "G3"  # no door meets
    assert castle.violation(parlor, 0, R.grid_size - 2, 0, UP) == "G1"
    small = Castle(replace(R, grid_size=16, foyer_origin=0))
    small.add(data.FOYER, 0, 0, 0)
    assert small.violation(T["Salon"], 0, -7, 0, UP) == "G1"  # onto the foyer's L door, off the grid


def test_tile_levels():
    """A room is laid at its own level (downstairs rooms DOWN), stairs UP (their light end), a hallway at either."""
    assert tile_levels(T["Parlor"]) == [UP] and tile_levels(data.STAIRS) == [UP]
    assert tile_levels(T["Dungeon"]) == [DOWN] and tile_levels(data.HALLWAY) == [UP, DOWN]


def test_violations_at_the_grid_edges():
    """G1: every cell on the grid, 0 <= x, y < grid_size (16 here). Cells on row 0 and column 0 are on it; a Porch
    reaching row 16 is not."""
    rules = replace(R, grid_size=16, foyer_origin=0)
    castle = Castle(rules)
    castle.add(data.FOYER, 0, 0, 0)
    assert castle.legal_placements(T["Parlor"]) == [(0, 3, 0, UP)]          # rows 0-2
    castle = Castle(rules)
    castle.add(data.FOYER, 0, 0, 5)
    assert castle.violation(T["Focus Room"], 0, 0, 3, UP) is None            # columns 0-1, on the foyer's T door
    castle = Castle(rules)
    castle.add(data.FOYER, 0, 5, 11)
    assert castle.violation(T["Porch"], 1, 8, 12, UP) == "G1"                # rows 12-16


def test_violations_g4_g5_g6_on_the_castle():
    """§4.4 G4-G6 as geometry's test_placement_rules_g1_to_g6 states them, on the incremental castle:
    G4 a dark hallway on the stairs' lower end with a door on an upstairs Parlor door ("blocked": legal);
    G5 an octagon's corner diagonal sharing its cell with an outdoor octagon's fence diagonal, either one laid
    last (the Throne Room's SE corner on the Terrace Gardens' NW fence corner), each joined by a Cloak Room's door;
    G6 counts a new door facing a claimed cell as no entrance (blocking castle: 4 open, the Buttery closes 2 and
    opens none)."""
    castle = castle_with_foyer()
    castle.add(data.STAIRS, 0, X0 + 3, X0 + 1)
    castle.add(T["Parlor"], 0, X0 + 7, X0 - 2)
    assert castle.violation(data.HALLWAY, 1, X0 + 6, X0 - 1, DOWN) == "G4"
    castle.rules = replace(R, mixed_level_door_contact="blocked")
    assert castle.violation(data.HALLWAY, 1, X0 + 6, X0 - 1, DOWN) is None
    rules = replace(R, min_external_entrances=0)
    gardens, throne, cloak = T["Terrace Gardens"], T["Throne Room"], T["Cloak Room"]
    castle = Castle(rules)
    castle.add(gardens, 0, 20, 10)
    castle.add(cloak, 2, 18, 11)          # its door (19, 11, N) under the Throne Room's S door
    assert castle.violation(throne, 0, 14, 7, UP) == "G5"
    castle = Castle(rules)
    castle.add(throne, 0, 14, 7)
    castle.add(cloak, 2, 20, 14)          # its door (21, 14, N) under the Gardens' B1
    assert castle.violation(gardens, 0, 20, 10, UP) == "G5"
    castle = Castle(rules)
    castle.add(T["Buttery"], 0, 10, 10)
    castle.add(cloak, 0, 14, 12)
    castle.add(cloak, 2, 12, 13)
    assert castle.open_up == 4
    castle.rules = replace(R, min_external_entrances=2)
    assert castle.violation(T["Buttery"], 0, 12, 11, UP) is None
    castle.rules = replace(R, min_external_entrances=3)
    assert castle.violation(T["Buttery"], 0, 12, 11, UP) == "G6"


# ---------------------------------------------------------------- placing through the hook
def state_with(picks: list, players=2) -> tuple[rs.State, Script]:
    policy = Script(place=picks)
    return ref.setup(R, players, [policy] * players, PyRng(1, 0)), policy


def test_place_hook_offers_the_distinct_sorted_placements():
    state, policy = state_with([(0, X0 + 3, X0, UP)])
    ref.place_tile(state, 0, T["Parlor"])
    hook, player, options = [a for a in policy.asked if a[0] == rs.PLACE_HOOK][-1]
    castle = state.seats[0].castle
    assert options == sorted(options) and len(set(options)) == len(options)
    # the Parlor (d = 3 circle, a door mid-side on each side, all rotations equal): one placement per open door
    assert options == [(0, X0 - 3, X0, UP), (0, X0, X0 - 3, UP), (0, X0 + 3, X0, UP)]
    assert state.events[-2] == (rs.PLACE, 0, T["Parlor"], 0, X0 + 3, X0, UP)
    assert castle.tiles[1].x == X0 + 3


def test_hallway_options_pool_both_levels_and_stairs_open_the_downstairs():
    state, policy = state_with([])
    castle = state.seats[0].castle
    castle.add(data.STAIRS, 0, X0 + 3, X0 + 1)  # light end on the foyer's R door, dark end open to the east
    options = castle.legal_placements(data.HALLWAY)
    assert {lv for *_, lv in options} == {UP, DOWN}
    dark = [o for o in options if o[3] == DOWN]
    assert dark and all(castle.violation(data.HALLWAY, *o) is None for o in dark)
    assert all(g.TILE_ROT_DISTINCT[data.HALLWAY, o[0]] for o in options)  # rotations 0 and 1 only
    assert {r for r, *_ in options} == {0, 1}
    dungeon = T["Dungeon"]                       # a downstairs room: PLACE(tile, rot, x, y, level 1)
    ref.place_tile(state, 0, dungeon)
    first = [o for h, _, o in policy.asked if h == rs.PLACE_HOOK][-1][0]
    assert first[3] == DOWN and state.events[-2] == (rs.PLACE, 0, dungeon, *first)


# ---------------------------------------------------------------- §10.2 worked examples A and B
def test_worked_examples_a_and_b_end_to_end():
    picks = [(0, X0 + 3, X0, UP), (0, X0 + 1, X0 - 2, UP), (2, X0 + 3, X0 + 3, UP), (0, X0 + 6, X0 + 1, UP)]
    policy = Script(place=picks)
    state = ref.setup(R, 2, [policy] * 2, PyRng(2, 0))
    me = state.seats[0]
    castle = me.castle
    # A1: Parlor connects to the foyer's R door: base 4
    assert ref.place_tile(state, 0, T["Parlor"]) == []
    assert state.events[-1] == (rs.SCORE, 0, T["Parlor"], 4, 0, 0, 0)
    # A2: Sewing Room: 4 base - 1 (touches the Parlor, living) + 1 (the Parlor's rule: connected activity) = 4
    assert ref.place_tile(state, 0, T["Sewing Room"]) == []
    assert state.events[-1][:4] == (rs.SCORE, 0, T["Sewing Room"], 4)
    assert castle.door_state[0] == [BLOCKED, CONNECTED, OPEN]  # foyer T covered by the Sewing Room's wall
    assert castle.open_up == 5  # foyer L, Parlor R, Parlor B, Sewing T4, Sewing R2
    assert 0 in castle.touches[2] and 0 not in castle.links[2]
    # B1: Cloak Room turned 180 onto the Parlor's B door: 1 point, complete at once -> utility: draw 2, keep 1
    deck_before = list(state.bonus_deck)
    queue = ref.place_tile(state, 0, T["Cloak Room"])
    assert state.events[-1][:4] == (rs.SCORE, 0, T["Cloak Room"], 1) and queue == [3]
    assert ref.resolve_rewards(state, 0, queue) == 0
    assert me.bonus_cards[-1] == deck_before[1] and state.bonus_deck[-1] == deck_before[0]  # gave back the first
    assert [e[0] for e in state.events[-5:]] == [rs.COMPLETE, rs.REWARD, rs.BONUS_DRAW, rs.BONUS_DRAW,
                                                 rs.BONUS_RETURN]
    # B2: Buttery onto the Parlor's R door: 2 points; the Parlor completes: re-score 4 + 1 = 5; turn total 7
    queue = ref.place_tile(state, 0, T["Buttery"])
    assert state.events[-1][:4] == (rs.SCORE, 0, T["Buttery"], 2) and queue == [1]
    ref.resolve_rewards(state, 0, queue)
    assert state.events[-2:] == [(rs.COMPLETE, 0, T["Parlor"], data.LIVING, 0, 0, 0),
                                 (rs.REWARD, 0, data.LIVING, 5, 0, 0, 0)]
    assert me.parts["placement_points"] == 4 + 4 + 1 + 2 and me.parts["completion_rewards"] == 5
    assert castle.complete == [False, True, False, True, False]  # the foyer can never complete
    assert static_points(castle, R) == me.parts["placement_points"]


# ---------------------------------------------------------------- §5 rules
def test_only_new_relations_score_and_touch_penalties_name_corridor():
    castle = castle_with_foyer()
    train = T["Train Room"]  # activity 5, -1 per touching living, sleeping, corridor, downstairs
    c = next(o for o in castle.legal_placements(train) if o[0] == 0)
    n, _ = castle.add(train, *c)
    assert placement_points(castle, R, n) == 5 - 1  # touches the foyer (corridor)
    assert placement_points(castle, replace(R, pieces_are_corridor_for_room_rules=False), n) == 5
    parlor = castle_with_foyer()   # +1 per connected activity: the foyer is none, corridor or not
    p, _ = parlor.add(T["Parlor"], 0, X0 + 3, X0)
    assert placement_points(parlor, R, p) == placement_points(parlor, replace(R, pieces_are_corridor_for_room_rules=False), p) == 4
    # a living room then touching the Train Room pays the Train Room's rule once, at its own placement
    study = T["Study"]  # living, +1 per connected living
    options = [o for o in castle.legal_placements(study)
               if g.touching(g.place(study, *o), castle.tiles[n])]
    m, _ = castle.add(study, *options[0])
    expected = 4 - 1 + sum(data.TYPE_NAMES[data.TILE_TYPE[castle.tiles[b].tile]] == "living" for b in castle.links[m])
    assert placement_points(castle, R, m) == expected
    assert static_points(castle, R) == 4 + expected


def test_castle_wide_rules_count_pieces_and_never_themselves():
    castle = castle_with_foyer()
    castle.add(data.STAIRS, 0, X0 + 3, X0 + 1)
    grotto = T["Venus Grotto"]  # downstairs 1, +1 per corridor tile in the castle
    n, _ = castle.add(grotto, *castle.legal_placements(grotto)[0])
    assert placement_points(castle, R, n) == 1 + 2  # the foyer and the stairs
    assert placement_points(castle, replace(R, pieces_count_for_castle_rules=False), n) == 1
    armory = Castle(R)          # the Armory counts activity rooms: the foyer and the stairs are none, switched off
    armory.add(data.FOYER, 0, X0, X0)
    armory.add(data.STAIRS, 0, X0 + 3, X0 + 1)
    a, _ = armory.add(T["Armory"], *armory.legal_placements(T["Armory"])[0])
    assert placement_points(armory, R, a) == placement_points(armory, replace(R, pieces_count_for_castle_rules=False), a) == 1
    dark = [o for o in castle.legal_placements(data.HALLWAY) if o[3] == DOWN]
    h, _ = castle.add(data.HALLWAY, *dark[0])
    assert placement_points(castle, R, h) == 1  # the Grotto's rule triggered by a (dark) hallway: corridor
    dungeon = T["Dungeon"]  # downstairs 1, +2 per downstairs room
    options = castle.legal_placements(dungeon)
    d, _ = castle.add(dungeon, *options[0])
    assert placement_points(castle, R, d) == 1 + 2  # the Grotto; not itself
    assert placement_points(castle, replace(R, castle_rule_counts_self=True), d) == 1 + 4
    assert static_points(castle, R) == 3 + 1 + 3


def test_bonus_per_link():
    castle = Castle(R)
    stables, oratory = T["Stables"], T["Oratory"]  # Stables +1 per connected activity; doors R1, R2 / R1, R2
    castle.add(stables, 0, 10, 10)
    n, _ = castle.add(oratory, 2, 17, 11)  # turned 180: its two doors on the Stables' two right doors
    assert castle.links[n] == {0: 2}
    assert placement_points(castle, R, n) == 4 + 1
    assert placement_points(castle, replace(R, bonus_per_link=True), n) == 4 + 2


def test_living_rescore():
    castle = castle_with_foyer()
    salon = T["Salon"]  # living 3, +2 per connected activity
    castle.add(salon, 0, X0 - 7, X0)  # its R2 (X0 - 1, X0 + 1, E) on the foyer's L door
    assert castle.links[1] == {0: 1}
    assert living_rescore(castle, R, 1) == 3
    piano = T["Piano Room"]  # activity; touches living -1
    options = [o for o in castle.legal_placements(piano) if 1 in {b for b, _ in _links(castle, piano, o)}]
    n, _ = castle.add(piano, *options[0])
    assert living_rescore(castle, R, 1) == 3 + 2
    assert living_rescore(castle, replace(R, living_rescore_includes_neighbours=True), 1) == 3 + 2
    # a neighbour whose conn rule names living: the Study (+1 per connected living) on the Parlor
    castle = castle_with_foyer()
    castle.add(T["Parlor"], 0, X0 + 3, X0)
    study = T["Study"]
    n, _ = castle.add(study, *next(o for o in castle.legal_placements(study) if 1 in {b for b, _ in _links(castle, study, o)}))
    assert castle.links[1].get(n) == 1
    assert living_rescore(castle, R, 1) == 4   # the Parlor's own rule wants activity
    assert living_rescore(castle, replace(R, living_rescore_includes_neighbours=True), 1) == 4 + 1


def _links(castle, tile, o):
    new = g.place(tile, *o)
    return [(b, 1) for b, p in enumerate(castle.tiles) if g.connected_doors(new, p)]


def test_completion_needs_every_door_connected():
    castle = castle_with_foyer()
    cloak = T["Cloak Room"]  # one door: complete on every legal placement
    n, _ = castle.add(cloak, *castle.legal_placements(cloak)[0])
    assert castle.is_complete_now(n)
    castle2 = castle_with_foyer()
    castle2.add(T["Sewing Room"], 0, X0 + 1, X0 - 2)  # blocks the foyer's T door without connecting
    assert castle2.door_state[0][0] == BLOCKED and not castle2.is_complete_now(0)
