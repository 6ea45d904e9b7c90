"""The scripted policies of New York Zoo (reference/policies.py, part of the executable spec: PROTOCOL.md 6 and the
policy texts of policies.py) on hand-built positions: every option value worked out by hand.

Positions are 2-player games unless said otherwise; seat 0 plays board 2P-1 (14 x 9, 3 houses), seat 1 board 2P-2.
Boards are covered but for a few brown cells of the bottom rows (row 8 is the last), written (row, col)."""
from __future__ import annotations

import random

import pytest

from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.policies import GREEDY_WEIGHTS, PARAM_NAMES, WIN
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_ATTRACTION_TAKE, D_BONUS_BREED, D_BREED,
    D_DESTINATION, D_ENCLOSURE_PLACE, D_HOUSE_BONUS, D_KEEP, D_POPULATE_FIRST, D_POPULATE_SECOND, D_SHORT_PLACE,
    HOUSE, SUPPLY,
)
from zoosim.games.new_york_zoo.reference import Enclosure, placements_on_empty
from zoosim.games.new_york_zoo.reference.policies import (
    HeuristicPolicy, ScoredPolicy, exactly_one_neighbour, first_best, placement_score, popcount, spread,
)
from zoosim.games.new_york_zoo.rules import Rules
from tests.games.new_york_zoo.common import (
    A1, A2, A3I, A4I, A6, F, K, M, P, X, give_enclosure, harbour, mask, match, open_only,
)

pytestmark = pytest.mark.rules

BOTTOM4 = ((8, 0), (8, 1), (8, 2), (8, 3))  # four cells in a row in the bottom-left corner
LONE = (6, 10)  # a cell with no uncovered neighbour


# ---------------------------------------------------------------- board geometry
def neighbours(board, c: int) -> list[int]:
    r, col = divmod(c, board.width)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < board.height and 0 <= col + dc < board.width:
            out.append((r + dr) * board.width + col + dc)
    return out


def as_set(x: int) -> set[int]:
    return {i for i in range(x.bit_length()) if (x >> i) & 1}


@pytest.mark.parametrize("key", ["2P-1", "5P-5", "1P-B"])
def test_spread_is_the_orthogonal_neighbourhood(key):
    """spread(x): the cells orthogonally next to a cell of x, on the grid (no wrap from one row's end to the next)."""
    board = data.BOARD_BY_KEY[key]
    for c in range(board.cells):
        assert as_set(spread(1 << c, board)) == set(neighbours(board, c)), c
    rng = random.Random(5)
    for _ in range(40):
        cells = rng.sample(range(board.cells), rng.randint(2, 30))
        x = sum(1 << c for c in cells)
        assert as_set(spread(x, board)) == {n for c in cells for n in neighbours(board, c)}


@pytest.mark.parametrize("key", ["2P-1", "5P-5", "1P-B"])
def test_exactly_one_neighbour(key):
    board = data.BOARD_BY_KEY[key]
    rng = random.Random(7)
    for _ in range(60):
        cells = set(rng.sample(range(board.cells), rng.randint(1, board.cells - 1)))
        u = sum(1 << c for c in cells)
        one = {c for c in cells if sum(n in cells for n in neighbours(board, c)) == 1}
        assert as_set(exactly_one_neighbour(u, board)) == one
    everything = (1 << board.cells) - 1
    assert exactly_one_neighbour(everything, board) == 0
    pair = (1 << 0) | (1 << 1)
    assert exactly_one_neighbour(pair, board) == pair


def test_popcount_and_first_best():
    assert popcount(0) == 0 and popcount(0b1011) == 3 and popcount(1 << 100) == 1
    assert first_best([1.0, 3.0, 3.0, 2.0]) == 1  # the first of the best
    assert first_best([-5.0, -2.0, -2.0]) == 1
    assert first_best([-1e17, -1e16]) == 1
    assert first_best([7.0]) == 0
    assert first_best([-2e18, -3e18]) == 0  # every value below the -1e18 floor: the first option


# ---------------------------------------------------------------- greedy (ScoredPolicy): tile placement
def test_greedy_placement_score_counts_isolated_and_exposed_cells():
    """score = -(4 x uncovered cells with no uncovered neighbour) - (uncovered cells touching the tile)."""
    m, _ = match(2)
    p = m.players[0]
    open_only(p, *BOTTOM4, LONE)
    free = p.full_mask & ~p.covered
    w = GREEDY_WEIGHTS[0]
    assert w == 4.0
    # a domino on (8,1)-(8,2): (8,0), (8,3) and the lone cell are isolated; (8,0) and (8,3) touch it
    assert placement_score(free, mask(p, (8, 1), (8, 2)), p.board, w) == -(4 * 3) - 2
    # on (8,0)-(8,1): only the lone cell is isolated; (8,2) touches it
    assert placement_score(free, mask(p, (8, 0), (8, 1)), p.board, w) == -4 - 1
    assert placement_score(free, mask(p, (8, 0), (8, 1)), p.board, 10.0) == -10 - 1
    # the whole row: the lone cell is left, isolated, touching nothing
    assert placement_score(free, mask(p, *BOTTOM4), p.board, w) == -4


def test_greedy_places_a_tile_where_it_scores_best():
    m, _ = match(2)
    p = m.players[0]
    open_only(p, *BOTTOM4, LONE)
    greedy = ScoredPolicy()
    legal = m.legal_placements(p, A2)  # horizontal dominoes (8,0-1), (8,1-2), (8,2-3): scores -5, -14, -5
    masks = [data.placements(p.board, data.TILES[A2])[i] for i in legal]
    assert masks == [mask(p, (8, c), (8, c + 1)) for c in (0, 1, 2)]
    assert greedy.best_placement(p, A2, legal) == (0, -5.0)
    assert greedy.best_placement(p, A2, [legal[1], legal[2]]) == (1, -5.0)
    assert greedy.best_placement(p, A2, [legal[1], legal[2], legal[0]]) == (1, -5.0)  # the first of the best
    for kind in (D_ENCLOSURE_PLACE, D_ATTRACTION_PLACE, D_SHORT_PLACE):
        assert greedy.choose(m, kind, 0, [legal[1], legal[0]], A2) == 1
    assert greedy.choose(m, D_ATTRACTION_PLACE, 0, [legal[1]], A2) == 0


def test_greedy_attraction_kind_is_4_per_square_plus_its_best_placement():
    """Kinds that fit four cells in a row and a lone cell: 1x1 4 + 0 (on the lone cell), domino 8 - 5,
    I3 12 - 9, I4 16 - 4 (the lone cell stays isolated): the I4."""
    m, _ = match(2)
    p = m.players[0]
    open_only(p, *BOTTOM4, LONE)
    greedy = ScoredPolicy()
    kinds = [A1, A2, A3I, A4I]
    assert greedy.choose(m, D_ATTRACTION_KIND, 0, kinds, 0) == 3
    assert greedy.choose(m, D_ATTRACTION_KIND, 0, [A2, A1, A3I], 0) == 1  # 3, 4, 3
    assert greedy.choose(m, D_ATTRACTION_KIND, 0, [A3I, A2], 0) == 0  # 3, 3: the first


# ---------------------------------------------------------------- greedy: animals and moves
def greedy_position():
    """Seat 0: a meerkat and a kangaroo in houses (1 free); enclosures 0: 2 flamingos of 5, 1: 2 kangaroos of 4,
    2: empty, 6 squares. Gains (an animal, plus the house bonus if it does not fill): flamingo into 0: 3/5;
    kangaroo into 1: 3 + 1 = 4 = full: 6 (the fill value); meerkat into 2: 1 + 1 = 2/6; penguin into 2: 1/6."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [1, 0, 1, 0, 0]
    give_enclosure(m, 0, 5, F, 2)
    give_enclosure(m, 0, 4, K, 2)
    give_enclosure(m, 0, 6)
    return m, p


def test_greedy_enclosure_gain_and_animal_value():
    m, p = greedy_position()
    g = ScoredPolicy()
    assert g.enclosure_gain(p, 0, F) == 3 / 5
    assert g.enclosure_gain(p, 1, K) == 6.0
    assert g.enclosure_gain(p, 2, M) == 2 / 6
    assert g.enclosure_gain(p, 2, P) == 1 / 6
    p.houses = [1, 0, 0, 0, 0]
    assert g.enclosure_gain(p, 1, K) == 3 / 4  # no kangaroo in a house: 3 of 4
    p.enclosures[1].count = 3
    assert g.enclosure_gain(p, 1, K) == 6.0  # the animal alone fills it
    m, p = greedy_position()
    # best of: a free house (0.25), an enclosure empty or of the species
    assert [g.animal_value(p, s) for s in (M, F, K, P, X)] == [2 / 6, 3 / 5, 6.0, 0.25, 0.25]
    p.houses = [1, 0, 1, 0, 1]  # no free house: -1 unless an enclosure takes it
    assert g.animal_value(p, P) == 1 / 6
    p.enclosures.pop()
    assert g.animal_value(p, P) == -1.0 and g.animal_value(p, F) == 3 / 5


def test_greedy_values_of_each_decision():
    m, p = greedy_position()
    g = ScoredPolicy()

    def value(kind, option, context=0):
        return g.value(m, kind, p, option, context)

    assert value(D_POPULATE_FIRST, (K, HOUSE)) == 0.5 + 2.0  # 1 kangaroo in houses x 0.5, + 2 from a house
    assert value(D_POPULATE_FIRST, (F, 0)) == 0.0
    p.houses[K] = 2
    assert value(D_POPULATE_FIRST, (K, 1)) == 1.0
    p.houses[K] = 1
    assert [value(D_POPULATE_SECOND, (F, s)) for s in (SUPPLY, HOUSE, 0)] == [0.0, 1.0, -1.0]
    assert value(D_ANIMAL_OPTION, (F, K)) == 3 / 5 + 6.0
    assert value(D_ANIMAL_OPTION, (K, -1)) == 6.0
    assert value(D_ANIMAL_OPTION, (P, M)) == 0.25 + 2 / 6
    assert [value(D_ANIMAL_DEST, d, F) for d in (SUPPLY, HOUSE, 0, 2)] == [0.0, 0.25, 3 / 5, 1 / 6]
    assert value(D_BREED, ()) == 0.0
    assert value(D_BREED, (0, 1)) == (1 + 3 / 5) + (1 + 6.0)
    assert value(D_BONUS_BREED, -1) == 0.0 and value(D_BONUS_BREED, 1) == 1 + 6.0
    assert value(D_BONUS_BREED, 0) == 1 + 3 / 5  # enclosure 0 is an option like any other
    assert [value(D_KEEP, o) for o in (0, 1)] == [0.0, 1.0]
    p.houses = [1, 0, 1, 0, 1]
    assert value(D_ANIMAL_OPTION, (P, F)) == 1 / 6 + 3 / 5
    p.enclosures.pop()
    assert value(D_ANIMAL_OPTION, (F, P)) == 3 / 5  # a second animal worth -1 counts 0


def test_greedy_choices_take_the_first_best_option():
    m, p = greedy_position()
    g = ScoredPolicy()
    assert g.choose(m, D_POPULATE_FIRST, 0, [(M, HOUSE), (F, 0), (K, HOUSE)], 0) == 0  # 2.5, 0, 2.5
    assert g.choose(m, D_POPULATE_SECOND, 0, [(F, SUPPLY), (F, 0), (F, HOUSE)], 0) == 2
    assert g.choose(m, D_ANIMAL_OPTION, 0, [(P, -1), (F, K), (K, -1)], 0) == 1
    assert g.choose(m, D_ANIMAL_DEST, 0, [HOUSE, 2, 0], F) == 2
    assert g.choose(m, D_ANIMAL_DEST, 0, [SUPPLY, 2], P) == 1
    assert g.choose(m, D_BREED, 0, [(), (0,), (1,), (0, 1)], 0) == 3
    assert g.choose(m, D_BONUS_BREED, 0, [-1, 0, 1], 0) == 2
    for kind in (D_HOUSE_BONUS, D_KEEP, D_ATTRACTION_TAKE):
        assert g.choose(m, kind, 0, [0, 1], 0) == 1  # the house bonus, keeping and the attraction are taken
    assert g.choose(m, D_BREED, 0, [(1,)], 0) == 0


def test_greedy_move_values():
    """A harbour is worth the squares of its top tile; an animal space the better of its two animals' values
    together or any one animal alone."""
    m, p = greedy_position()
    g = ScoredPolicy()
    top11 = data.TILES[m.stacks[harbour(11)][-1]].size
    assert top11 == 7
    assert g.destination_value(m, p, 11, 1) == 7.0
    m.stacks[harbour(11)].pop()
    assert g.destination_value(m, p, 11, 1) == 6.0
    assert g.destination_value(m, p, 10, 1) == 6.0  # fox 0.25 + flamingo 3/5 < a kangaroo alone: 6
    assert g.destination_value(m, p, 20, 1) == 3 / 5 + 6.0  # flamingo and kangaroo
    p.enclosures[1].species = P
    assert g.destination_value(m, p, 10, 1) == 0.25 + 3 / 5
    m, p = greedy_position()
    options = [(10, 1, 1, [], -1), (20, 3, 3, [], -1), (11, 1, 1, [], -1)]
    assert g.choose(m, D_DESTINATION, 0, options, 0) == 2  # 6, 6.6, 7
    assert g.value(m, D_DESTINATION, p, options[1], 0) == 3 / 5 + 6.0


# ---------------------------------------------------------------- heuristic (HeuristicPolicy)
# parameters chosen so that every term shows and the sums are exact: isolated 64, pair 16, exposed 1, cover 2,
# attraction 0.25, fill 8, progress 4, house 0.5, breed 0.5, rival 0.125, fit 0.0625, kind 3, deny 0.25
PRM = {"isolated_weight": 64.0, "pair_weight": 16.0, "exposed_weight": 1.0, "cover_value": 2.0,
       "attraction_value": 0.25, "fill_value": 8.0, "progress_value": 4.0, "house_value": 0.5, "breed_value": 0.5,
       "rival_breed_weight": 0.125, "fit_weight": 0.0625, "kind_value": 3.0, "deny_weight": 0.25}
ROW5 = ((8, 0), (8, 1), (8, 2), (8, 3), (8, 4))
FAR = (8, 10)  # on the bottom row, far from ROW5


def heuristic(**changes) -> HeuristicPolicy:
    values = {**PRM, **changes}
    assert tuple(values) == PARAM_NAMES
    return HeuristicPolicy(tuple(values.values()))


def test_heuristic_placement_value_counts_isolated_cells_pairs_and_exposed_cells():
    """-(64 x isolated + 16 x cells of an isolated pair + 1 x uncovered cells touching the tile)."""
    m, _ = match(2)
    p = m.players[0]
    open_only(p, *ROW5, FAR)
    free = p.full_mask & ~p.covered
    h = heuristic()
    # 1x1 on (8,0): FAR isolated; (8,1) and (8,4) have one neighbour each but not each other; (8,1) touches
    assert h.placement_value(free, mask(p, (8, 0)), p.board) == -(64 + 0 + 1)
    # I3 on (8,0)-(8,2): FAR isolated; (8,3)-(8,4) a pair; (8,3) touches
    assert h.placement_value(free, mask(p, (8, 0), (8, 1), (8, 2)), p.board) == -(64 + 16 * 2 + 1)
    # domino on (8,1)-(8,2): (8,0) and FAR isolated; (8,3)-(8,4) a pair; (8,0) and (8,3) touch
    assert h.placement_value(free, mask(p, (8, 1), (8, 2)), p.board) == -(64 * 2 + 16 * 2 + 2)
    assert h.placement_value(free, mask(p, FAR), p.board) == 0.0  # the row of 5 stays whole


def test_heuristic_best_placement_is_the_first_best_legal_one():
    m, _ = match(2)
    p = m.players[0]
    open_only(p, (8, 0), (8, 1), (8, 2), FAR)
    h = heuristic()
    # 1x1 on (8,0): -97 (FAR; pair (8,1)-(8,2); touches 1); (8,1): -194; (8,2): -97; FAR: 0
    assert h.best_placement(m, p, A1) == (3, 0.0)
    # a domino on (8,0)-(8,1) or (8,1)-(8,2): the cell left and FAR isolated, the cell left touches: the first
    assert h.best_placement(m, p, A2) == (0, -(64 * 2 + 1))
    p.covered = p.full_mask
    assert h.best_placement(m, p, A1) == (-1, -1e18)


def test_heuristic_attraction_size_and_fill_value():
    """The largest attraction in the supply that fits; a fill is worth 0.25 per square of it + 8."""
    m, _ = match(2)
    p = m.players[0]
    h = heuristic()
    open_only(p, *ROW5, FAR)
    assert h.attraction_size(m, p) == 4 and h.fill_value(m, p) == 0.25 * 4 + 8  # the I4
    m.supply[A4I - data.ATTRACTION_BASE] = 0
    assert h.attraction_size(m, p) == 3  # the I3 (the L3 does not fit a row)
    open_only(p, (7, 0), (7, 1), (7, 2), (8, 0), (8, 1), (8, 2))
    assert h.attraction_size(m, p) == 6
    m.supply[A6 - data.ATTRACTION_BASE] = 0
    assert h.attraction_size(m, p) == 4  # the O4
    open_only(p, FAR)
    m.supply[0] = 0  # the 1x1 is unlimited
    assert h.attraction_size(m, p) == 1
    p.covered = p.full_mask
    assert h.attraction_size(m, p) == 0 and h.fill_value(m, p) == 8.0
    m, _ = match(2)
    assert h.attraction_size(m, m.players[0]) == 8


def heuristic_position():
    """Seat 0 as in greedy_position (houses: meerkat, kangaroo; enclosures 0: 2 flamingos of 5, 1: 2 kangaroos of
    4, 2: empty of 6), its board open on ROW5 and FAR: the I4 fits, so a fill is worth 0.25 x 4 + 8 = 9."""
    m, p = greedy_position()
    open_only(p, *ROW5, FAR)
    return m, p, 9.0


def test_heuristic_enclosure_gain_and_animal_choice():
    m, p, fill = heuristic_position()
    h = heuristic()
    assert h.fill_value(m, p) == fill
    assert h.enclosure_gain(p, 0, F, fill) == 4 * 3 / 5  # progress 4 x fill fraction after the animal
    assert h.enclosure_gain(p, 1, K, fill) == fill  # 2 + 1 + the house kangaroo = 4: full
    assert h.enclosure_gain(p, 2, M, fill) == 4 * 2 / 6
    assert h.enclosure_gain(p, 2, P, fill) == 4 * 1 / 6
    assert h.animal_choice(p, F, fill) == (4 * 3 / 5, 0)
    assert h.animal_choice(p, K, fill) == (fill, 1)
    assert h.animal_choice(p, M, fill) == (4 * 2 / 6, 2)
    assert h.animal_choice(p, P, fill) == (4 * 1 / 6, 2)  # 0.67 beats a free house (0.5)
    assert h.animal_value(p, X, fill) == 4 * 1 / 6
    give_enclosure(m, 0, 6)
    assert h.animal_choice(p, P, fill) == (4 * 1 / 6, 2)  # the first of two equal enclosures
    p.houses = [1, 0, 1, 0, 1]  # no free house
    p.enclosures[2:] = []
    assert h.animal_choice(p, P, fill) == (-1.0, -1)
    p.houses = [1, 0, 0, 0, 0]
    p.enclosures = []
    assert h.animal_choice(p, P, fill) == (0.5, -1)  # a free house
    p.houses = [1, 0, 1, 0, 0]
    assert h.animal_choice(p, P, fill) == (0.5, -1)  # the last free house


def test_heuristic_breeding_gain_is_the_two_best_eligible_enclosures():
    m, _ = match(2)
    p = m.players[0]
    p.houses = [1, 0, 0, 0, 0]
    h = heuristic()
    assert h.breeding_gain(p, F, 9.0) == 0.0
    give_enclosure(m, 0, 5, F, 2)  # 4 x 3/5
    assert h.breeding_gain(p, F, 9.0) == 4 * 3 / 5
    give_enclosure(m, 0, 4, F, 3)  # fills: 9
    give_enclosure(m, 0, 4, F, 2)  # 4 x 3/4 = 3: beats 2.4 for second place
    give_enclosure(m, 0, 5, F, 1)  # 1 animal: not eligible
    give_enclosure(m, 0, 4, K, 3)  # another species
    assert h.breeding_gain(p, F, 9.0) == 9.0 + 3.0
    assert h.breeding_gain(p, K, 7.0) == 7.0


def test_heuristic_can_fill_and_finishing_attraction():
    m, _ = match(2)
    p = m.players[0]
    h = heuristic()
    p.houses = [1, 0, 1, 0, 0]
    give_enclosure(m, 0, 4, K, 2)
    assert h.can_fill(p, K)  # 2 + 1 + the house kangaroo = 4
    assert not h.can_fill(p, F) and not h.can_fill(p, M)
    p.houses = [1, 0, 0, 0, 0]
    assert not h.can_fill(p, K)
    p.enclosures[0].count = 3
    assert h.can_fill(p, K)
    p.enclosures[0] = Enclosure(5, K, 3)
    assert not h.can_fill(p, K)
    p.houses = [1, 0, 1, 0, 0]
    assert h.can_fill(p, K)
    open_only(p, (8, 0), (8, 1))
    assert h.finishing_attraction(m, p, 2) and h.finishing_attraction(m, p, 1)
    assert not h.finishing_attraction(m, p, 3)
    m.supply[A2 - data.ATTRACTION_BASE] = 0
    assert not h.finishing_attraction(m, p, 2)
    m.supply[A2 - data.ATTRACTION_BASE] = 1
    assert h.finishing_attraction(m, p, 2)  # the last domino in the supply
    open_only(p, (8, 0), (8, 2))
    assert not h.finishing_attraction(m, p, 2)  # no domino fits two cells apart
    m.supply[0] = 0
    assert h.finishing_attraction(m, p, 1)  # the 1x1 is unlimited


# ---------------------------------------------------------------- heuristic: the next player's threat (deny)
def threat_match(players, **rules):
    """Harbour tops 11: the 5-square tile (two taken), 13: the 6-square tile (one taken), 14: the heptomino."""
    m, _ = match(players, **rules)
    for h, taken in ((11, 2), (13, 1)):
        del m.stacks[harbour(h)][-taken:]
    return m


def test_heuristic_threat_is_the_largest_harbour_tile_the_next_player_can_take():
    """From the destination, the next player's reach (move_min..move_max counted spaces, empty harbours not
    counted): the largest top tile it can place, or WIN if that tile would cover its last cells."""
    h = heuristic()
    m = threat_match(4)  # moves 1-4: from 10 the next player reaches 11 (5), 12, 13 (6), 14 (7)
    assert h.next_player_threat(m, m.players[0], 10) == 7.0
    q = m.players[1]
    six = m.stacks[harbour(13)][-1]
    assert data.TILES[six].size == 6
    q.covered = q.full_mask & ~placements_on_empty(q.board, six)[0]  # q has just the 6-square tile's cells left
    assert h.next_player_threat(m, m.players[0], 10) == WIN
    open_only(q, *[(8, c) for c in range(6)])  # a row of 6: no heptomino fits
    assert h.next_player_threat(m, m.players[0], 10) == 0.0
    m = threat_match(3)  # moves 1-3: 11 (5), 12, 13 (6)
    assert h.next_player_threat(m, m.players[0], 10) == 6.0
    m.stacks[harbour(11)].clear()  # now 12, 13 (6), 14 (7)
    assert h.next_player_threat(m, m.players[0], 10) == 7.0
    m, _ = match(1)
    assert h.next_player_threat(m, m.players[0], 10) == 0.0  # solo: no next player


def test_heuristic_threat_respects_move_min_and_the_next_seat():
    h = heuristic()
    m = threat_match(3)
    m.stacks[harbour(11)][-1:] = [m.stacks[harbour(14)].pop()]  # 11 shows a heptomino, 14 the 6-square tile
    assert h.next_player_threat(m, m.players[0], 10) == 7.0
    m.rules = Rules(move_min_by_players=(1, 2, 1, 1))  # 3 players move 2-3: 12, 13 (6)
    assert h.next_player_threat(m, m.players[0], 10) == 6.0
    m = threat_match(3)
    open_only(m.players[0], *[(8, c) for c in range(6)])  # seat 0 can take nothing; seat 1 everything
    assert h.next_player_threat(m, m.players[2], 10) == 0.0  # after seat 2 comes seat 0
    assert h.next_player_threat(m, m.players[1], 10) == 6.0


def test_heuristic_threat_from_a_harbour_or_past_one():
    h = heuristic()
    m, _ = match(3)  # all stacks full
    assert h.next_player_threat(m, m.players[0], 9) == 7.0  # 10, 11 (7), 12
    assert h.next_player_threat(m, m.players[0], 2) == 7.0  # 3 (7), 4 (6), 5


# ---------------------------------------------------------------- heuristic: the board as the action leaves it
def test_heuristic_virtual_animal_takes_the_house_bonus_and_empties_a_full_enclosure():
    m, _ = match(2)
    p = m.players[0]
    h = heuristic()
    p.houses = [0, 0, 1, 0, 0]
    e = give_enclosure(m, 0, 5)
    h.add_virtual_animal(p, e, K)  # 1 + the house kangaroo
    assert (p.enclosures[e].species, p.enclosures[e].count, p.houses) == (K, 2, [0, 0, 0, 0, 0])
    h.add_virtual_animal(p, e, K)
    assert (p.enclosures[e].species, p.enclosures[e].count) == (K, 3)
    p.houses = [0, 1, 0, 0, 0]
    f = give_enclosure(m, 0, 4, F, 2)
    h.add_virtual_animal(p, f, F)  # 3 + 1 = 4: full, emptied
    assert (p.enclosures[f].species, p.enclosures[f].count, p.houses) == (-1, 0, [0, 0, 0, 0, 0])
    p.houses = [0, 1, 0, 0, 0]
    g = give_enclosure(m, 0, 4, F, 3)
    h.add_virtual_animal(p, g, F)  # the animal alone fills it: no house bonus, the house flamingo stays
    assert (p.enclosures[g].species, p.enclosures[g].count, p.houses) == (-1, 0, [0, 1, 0, 0, 0])


PENTOMINO = next(t.index for t in data.TILES if t.size == 5)


@pytest.mark.parametrize("houses,enclosures,new,source,after", [
    ([1, 0, 2, 0, 0], [], (K, 2), -1, [1, 0, 0, 0, 0]),  # the species with most animals in houses, up to 2
    ([1, 0, 1, 0, 0], [], (M, 1), -1, [0, 0, 1, 0, 0]),  # equal: the first species
    ([0, 0, 0, 0, 3], [], (X, 2), -1, [0, 0, 0, 0, 1]),
    ([0] * 5, [(F, 3), (M, 2), (M, 1)], (M, 1), 1, [0] * 5),  # else one from an enclosure of 2+, species first
    ([0] * 5, [(K, 2), (F, 3)], (F, 1), 1, [0] * 5),
    ([0] * 5, [(K, 1)], (-1, 0), -1, [0] * 5),  # nothing to move
])
def test_heuristic_populates_virtually_as_greedy_would(houses, enclosures, new, source, after):
    m, _ = match(2)
    p = m.players[0]
    p.houses = list(houses)
    for species, count in enclosures:
        give_enclosure(m, 0, 6, species, count)
    assert heuristic().populate_virtually(p, PENTOMINO) == source
    assert (p.enclosures[-1].capacity, p.enclosures[-1].species, p.enclosures[-1].count) == (5, *new)
    assert p.houses == after and len(p.enclosures) == len(enclosures) + 1
    if source >= 0:
        assert p.enclosures[source].count == enclosures[source][1] - 1


def test_heuristic_breeding_value_over_the_lines_crossed():
    """Elephant on 3, 6 raw spaces: the kangaroo line (entering 4), then the penguin line (entering 9).
    Own: 0.5 x (the two best gains); rivals: 0.125 x theirs, each with its own fill value."""
    m, _ = match(2)
    p, q = m.players
    p.houses = [1, 0, 0, 0, 0]
    give_enclosure(m, 0, 5, K, 2)  # 4 x 3/5
    give_enclosure(m, 0, 4, P, 3)  # fills: the fill value passed (9)
    give_enclosure(m, 1, 4, K, 2)  # q: 2 + 1 + its house kangaroo = 4: full; q's board is open: 0.25 x 8 + 8
    m.elephant = 3
    h = heuristic()
    assert h.breeding_value(m, p, 6, 9.0) == 0.5 * (4 * 3 / 5) - 0.125 * 10.0 + 0.5 * 9.0 - 0.125 * 0.0
    assert h.breeding_value(m, p, 5, 9.0) == 0.5 * (4 * 3 / 5) - 0.125 * 10.0  # stops on 8
    assert h.breeding_value(m, p, 0, 9.0) == 0.0
    m.elephant = 4  # already past the kangaroo line
    assert h.breeding_value(m, p, 5, 9.0) == 0.5 * 9.0


def snapshot(p):
    return list(p.houses), [(e.capacity, e.species, e.count) for e in p.enclosures]


def test_heuristic_breeding_after_a_harbour_action_sees_the_new_enclosure_and_restores_the_board():
    m, _ = match(2)
    p = m.players[0]
    p.houses = [0, 0, 2, 0, 0]
    m.elephant = 3  # 1 raw space: the kangaroo line
    h = heuristic()
    before = snapshot(p)
    # the new pentomino takes both kangaroos: 2 + 1 bred = 3 of 5
    assert h.breeding_after_action(m, p, 1, 9.0, PENTOMINO, -1, -1, -1, -1) == 0.5 * (4 * 3 / 5)
    assert snapshot(p) == before
    p.houses = [0] * 5
    give_enclosure(m, 0, 5, K, 3)  # gives one to the new enclosure: 2 + 1 of 5; the new one holds 1
    before = snapshot(p)
    assert h.breeding_after_action(m, p, 1, 9.0, PENTOMINO, -1, -1, -1, -1) == 0.5 * (4 * 3 / 5)
    assert snapshot(p) == before


def test_heuristic_breeding_after_an_animal_action_sees_both_animals_and_restores_the_board():
    m, _ = match(2)
    p = m.players[0]
    p.houses = [1, 0, 0, 0, 0]
    give_enclosure(m, 0, 5, P, 1)  # a penguin makes it 2: eligible, 2 + 1 of 5
    give_enclosure(m, 0, 4, K, 3)  # a kangaroo fills it: emptied
    give_enclosure(m, 0, 5, X, 1)
    m.elephant = 8  # 1 raw space: the penguin line
    h = heuristic()
    before = snapshot(p)
    assert h.breeding_after_action(m, p, 1, 9.0, -1, P, 0, K, 1) == 0.5 * (4 * 3 / 5)
    assert snapshot(p) == before
    assert h.breeding_after_action(m, p, 1, 9.0, -1, K, 1, P, 0) == 0.5 * (4 * 3 / 5)
    assert h.breeding_after_action(m, p, 1, 9.0, -1, X, 2, -1, -1) == 0.0
    assert snapshot(p) == before
    m.elephant = 3  # the kangaroo line: the filled kangaroo enclosure is empty, nothing breeds
    assert h.breeding_after_action(m, p, 1, 9.0, -1, P, 0, K, 1) == 0.0
    assert h.breeding_after_action(m, p, 1, 9.0, -1, -1, -1, -1, -1) == 0.5 * 9.0
    assert snapshot(p) == before


# ---------------------------------------------------------------- heuristic: moves
def test_heuristic_harbour_value_cover_fit_deny_and_win():
    """Seat 0's board is open on the cells of harbour 11's heptomino (its first placement) and FAR: the tile has
    one placement, leaving FAR isolated (-64). Value: 2 x 7 + 0.0625 x -64, less 0.25 x 7 (from 11 the next
    player reaches the heptominoes of 13 and 14); no line between 10 and 11."""
    m, _ = match(2)
    p = m.players[0]
    tile = m.stacks[harbour(11)][-1]
    cells = placements_on_empty(p.board, tile)[0]
    p.covered = p.full_mask & ~cells & ~mask(p, FAR)
    left = p.cells_left()
    assert left == 8 and m.legal_placements(p, tile) == [0]
    h = heuristic()
    assert h.best_placement(m, p, tile) == (0, -64.0)
    assert h.destination_value(m, p, 11, 1, 9.0, left, False) == 2 * 7 + 0.0625 * -64 - 0.25 * 7
    assert heuristic(fit_weight=0.0).destination_value(m, p, 11, 1, 9.0, left, False) == 2 * 7 - 0.25 * 7
    assert heuristic(deny_weight=0.0).destination_value(m, p, 11, 1, 9.0, left, False) == 2 * 7 + 0.0625 * -64
    assert h.destination_value(m, p, 11, 1, 9.0, 7, False) == WIN  # the tile would cover the last cells


def animal_move_position():
    """Seat 0: a meerkat in a house (2 free), 1 penguin in a 5-square enclosure; board open on ROW5 and FAR
    (fill 9). The elephant on 8 moves to 12 (penguin, kangaroo) over the penguin line; harbours 9, 11 empty."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [1, 0, 0, 0, 0]
    give_enclosure(m, 0, 5, P, 1)
    open_only(p, *ROW5, FAR)
    m.elephant = 8
    for h in (9, 11):
        m.stacks[harbour(h)].clear()
    return m, p


def test_heuristic_animal_space_value():
    """Penguin into the enclosure: 4 x 2/5; kangaroo into a house: 0.5; no single animal beats both.
    Deny: from 12 the next player reaches the heptominoes of 13, 14, 16: 0.25 x 7. Breeding on the penguin line,
    with the penguin added: 0.5 x 4 x 3/5."""
    m, p = animal_move_position()
    h = heuristic()
    value = h.destination_value(m, p, 12, 4, 9.0, 6, False)
    assert value == (4 * 2 / 5 + 0.5) - 0.25 * 7 + 0.5 * (4 * 3 / 5)
    assert snapshot(p) == ([1, 0, 0, 0, 0], [(5, P, 1)])
    give_enclosure(m, 1, 4, P, 2)  # a rival's penguins: 2 + 1 of 4, with its fill value 0.25 x 8 + 8
    value = h.destination_value(m, p, 12, 4, 9.0, 6, False)
    assert value == (4 * 2 / 5 + 0.5) - 0.25 * 7 + (0.5 * (4 * 3 / 5) - 0.125 * (4 * 3 / 4))
    value = heuristic(rival_breed_weight=0.0).destination_value(m, p, 12, 4, 9.0, 6, False)
    assert value == (4 * 2 / 5 + 0.5) - 0.25 * 7 + 0.5 * (4 * 3 / 5)
    value = heuristic(breed_value=0.0).destination_value(m, p, 12, 4, 9.0, 6, False)
    assert value == (4 * 2 / 5 + 0.5) - 0.25 * 7 - 0.125 * (4 * 3 / 4)
    value = heuristic(breed_value=0.0, rival_breed_weight=0.0).destination_value(m, p, 12, 4, 9.0, 6, False)
    assert value == (4 * 2 / 5 + 0.5) - 0.25 * 7


def test_heuristic_animal_space_value_single_animal_and_second_enclosure():
    m, p = animal_move_position()
    p.houses = [1, 1, 1, 0, 0]  # houses full
    give_enclosure(m, 0, 4, K, 3)  # a kangaroo fills it: 9
    h = heuristic(deny_weight=0.0)
    # both animals: penguin 4 x 2/5 (enclosure 0) + kangaroo 9 (enclosure 1, emptied); the penguin makes
    # enclosure 0 eligible for the penguin line: 0.5 x 4 x 3/5
    assert h.destination_value(m, p, 12, 4, 9.0, 6, False) == (4 * 2 / 5 + 9.0) + 0.5 * (4 * 3 / 5)
    p.enclosures[0].species = X  # 1 fox. Space 10 (fox, flamingo): fox 4 x 2/5 + no flamingo (-1 counts 0) is
    # beaten by the kangaroo alone (9), which empties its enclosure: no penguin breeds
    assert h.destination_value(m, p, 10, 4, 9.0, 6, False) == 9.0 + 0.0
    p.enclosures[1].count = 2  # kangaroo: 2 + 1 + the house one: still a fill, 9
    assert h.destination_value(m, p, 10, 4, 9.0, 6, False) == 9.0 + 0.0


def test_heuristic_animal_space_that_can_finish_wins():
    """When an attraction could cover the last cells (finish), an animal space whose animal fills an enclosure
    wins (the fill brings the attraction)."""
    m, p = animal_move_position()
    h = heuristic()
    give_enclosure(m, 0, 4, K, 3)
    assert h.destination_value(m, p, 12, 4, 9.0, 6, True) == WIN  # the kangaroo (second pictured) fills
    assert h.destination_value(m, p, 12, 4, 9.0, 6, False) != WIN
    assert h.destination_value(m, p, 10, 4, 9.0, 6, True) != WIN  # fox, flamingo: neither fills
    give_enclosure(m, 0, 4, X, 3)
    assert h.destination_value(m, p, 10, 4, 9.0, 6, True) == WIN  # the fox (first pictured) fills


# ---------------------------------------------------------------- heuristic: choices
def test_heuristic_choices_of_placements_and_attraction_kinds():
    m, _ = match(2)
    p = m.players[0]
    h = heuristic()
    open_only(p, (8, 0), (8, 1), (8, 2), FAR)
    for kind in (D_ENCLOSURE_PLACE, D_ATTRACTION_PLACE, D_SHORT_PLACE):
        assert h.choose(m, kind, 0, m.legal_placements(p, A1), A1) == 3  # FAR (see best_placement)
    assert h.choose(m, D_ATTRACTION_PLACE, 0, [0], A1) == 0
    open_only(p, *ROW5, FAR)
    # 3 per square + the best placement: 1x1 3 + 0 (FAR), domino 6 - 65, I3 9 - 97, I4 12 - 129
    assert h.choose(m, D_ATTRACTION_KIND, 0, [A4I, A2, A1], 0) == 2
    assert h.choose(m, D_ATTRACTION_KIND, 0, [A3I, A4I, A2], 0) == 2
    assert heuristic(kind_value=40.0).choose(m, D_ATTRACTION_KIND, 0, [A2, A4I, A3I], 0) == 1  # 80-65, 160-129


def test_heuristic_choices_of_animals_and_breeding():
    m, p, fill = heuristic_position()
    h = heuristic()
    assert h.choose(m, D_POPULATE_FIRST, 0, [(F, 0), (K, HOUSE), (M, HOUSE)], 0) == 1  # 0, 2.5, 2.5
    p.houses[M] = 2
    assert h.choose(m, D_POPULATE_FIRST, 0, [(F, 0), (K, HOUSE), (M, HOUSE)], 0) == 2  # 0, 2.5, 3
    p.houses[M] = 1
    assert h.choose(m, D_POPULATE_FIRST, 0, [(F, 0), (F, 1)], 0) == 0  # 0, 0
    assert h.choose(m, D_POPULATE_SECOND, 0, [(F, 0), (F, SUPPLY), (F, HOUSE)], 0) == 2  # -1, 0, 1
    assert h.choose(m, D_POPULATE_SECOND, 0, [(F, 0), (F, SUPPLY)], 0) == 1
    # animal options: penguin 4 x 1/6, flamingo 4 x 3/5 + kangaroo 9 (the fill value), kangaroo 9
    assert h.choose(m, D_ANIMAL_OPTION, 0, [(P, -1), (F, K), (K, -1)], 0) == 1
    assert h.choose(m, D_ANIMAL_OPTION, 0, [(K, -1), (P, -1)], 0) == 0
    # destinations for a meerkat: a house 0.5, enclosure 2 4 x 2/6; a kangaroo: enclosure 1 fills (9)
    assert h.choose(m, D_ANIMAL_DEST, 0, [SUPPLY, HOUSE, 2], M) == 2
    assert h.choose(m, D_ANIMAL_DEST, 0, [HOUSE, 1], K) == 1
    assert h.choose(m, D_ANIMAL_DEST, 0, [SUPPLY, HOUSE], K) == 1
    assert h.choose(m, D_ANIMAL_DEST, 0, [HOUSE, SUPPLY], K) == 0
    # breeding: 1 + the gain of each enclosure: 1 + 4 x 3/5, 1 + 9
    assert h.choose(m, D_BREED, 0, [(), (0,), (1,), (0, 1)], 0) == 3
    assert h.choose(m, D_BREED, 0, [(), (1,), (0,)], 0) == 1
    assert h.choose(m, D_BONUS_BREED, 0, [-1, 0, 1], 0) == 2
    assert h.choose(m, D_BONUS_BREED, 0, [0, -1], 0) == 0
    for kind in (D_HOUSE_BONUS, D_KEEP, D_ATTRACTION_TAKE):
        assert h.choose(m, kind, 0, [0, 1], 0) == 1
    p.houses = [1, 0, 1, 0, 1]  # no free house
    p.enclosures.pop()
    # a penguin fits nowhere (-1): as second animal it counts 0, so flamingo + penguin equals flamingo alone
    assert h.choose(m, D_ANIMAL_OPTION, 0, [(F, P), (F, -1)], 0) == 0
    assert h.choose(m, D_ANIMAL_OPTION, 0, [(P, -1), (X, -1)], 0) == 0  # -1, -1


def test_heuristic_chooses_the_move_that_finishes():
    """Seat 0 has one cell left (a 1x1 would finish) and its houses full; kangaroos of 3 in a 4-square enclosure,
    2 foxes and 2 flamingos in 5s. Space 10 (fox, flamingo): the kangaroo alone, fill 0.25 + 8; space 12
    (penguin, kangaroo): the same, but the kangaroo fills: with an attraction to finish, 12 wins."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [1, 0, 1, 0, 1]
    give_enclosure(m, 0, 4, K, 3)
    give_enclosure(m, 0, 5, X, 2)
    give_enclosure(m, 0, 5, F, 2)
    open_only(p, FAR)
    h = heuristic()
    options = [(10, 1, 1, [], -1), (12, 2, 2, [], -1)]
    assert h.choose(m, D_DESTINATION, 0, options, 0) == 1
    p.covered = p.full_mask & ~mask(p, (8, 0), (8, 2))  # two cells apart: no attraction finishes
    assert h.choose(m, D_DESTINATION, 0, options, 0) == 0


# ---------------------------------------------------------------- greedy's breeding terms (weights 0 in GREEDY_WEIGHTS)
def test_greedy_breeding_terms_when_weighted():
    """greedy's move value has the heuristic's breeding terms, switched off by its fixed weights (H_BREED =
    H_RIVAL_BREED = 0). Weighted, a move is also worth H_BREED x the two best gains of the mover's eligible
    enclosures (2+ animals) on each line it crosses, less H_RIVAL_BREED x the rivals'. Elephant on 23, 6 raw
    spaces to harbour 4 (top tile: 6 squares): the flamingo line (24), then, past space 25 and 1, the kangaroo
    line (4). Seat 0 (a meerkat and a kangaroo in houses): flamingos 2 of 5 (3/5), 3 of 4 (fills: 6), 2 of 6
    (3/6, third best), 1 of 5 (not eligible); kangaroos 2 of 4 (+ the house kangaroo: fills, 6) and 2 of 5 (+ the
    house kangaroo: 4/5). Seat 1 (a
    kangaroo in a house): no flamingos (0); kangaroos 2 of 4 (fills: 6)."""
    m, _ = match(2)
    p, q = m.players
    p.houses = [1, 0, 1, 0, 0]
    for capacity, count in ((5, 2), (4, 3), (6, 2), (5, 1)):
        give_enclosure(m, 0, capacity, F, count)
    give_enclosure(m, 0, 4, K, 2)
    give_enclosure(m, 0, 5, K, 2)
    give_enclosure(m, 1, 4, K, 2)
    assert q.houses[K] == 1
    m.elephant = 23
    assert data.TILES[m.stacks[harbour(4)][-1]].size == 6
    option = (4, 6, 6, [24, 4], -1)
    g = ScoredPolicy()
    assert g.value(m, D_DESTINATION, p, option, 0) == 6.0  # greedy's own weights: the tile's squares alone
    assert g.breeding_gain(p, F) == 6.0 + 3 / 5 and g.breeding_gain(p, K) == 6.0 + 4 / 5
    assert g.breeding_gain(q, F) == 0.0 and g.breeding_gain(q, K) == 6.0 and g.breeding_gain(p, X) == 0.0

    def weighted(breed, rival):
        g.prm = (4.0, 6.0, 1.0, breed, rival, 0.25)
        return g.value(m, D_DESTINATION, p, option, 0)

    assert weighted(0.5, 0.125) == 6.0 + 0.5 * (6.0 + 3 / 5) - 0.125 * 0.0 + 0.5 * (6.0 + 4 / 5) - 0.125 * 6.0
    assert weighted(1.0, 0.0) == 6.0 + (6.0 + 3 / 5) + (6.0 + 4 / 5)
    assert weighted(0.0, 1.0) == 6.0 - 6.0
    g.prm = (4.0, 6.0, 1.0, 0.5, 0.125, 0.25)
    assert g.destination_value(m, p, 4, 1) == 6.0 + 0.5 * (6.0 + 3 / 5)  # 1 raw space: the flamingo line only


# ---------------------------------------------------------------- heuristic: every option value of a decision
@pytest.fixture
def option_values(monkeypatch):
    """values(policy, m, kind, options, context): the values the policy gives the options (what its choose hands
    to first_best), and its choice."""
    from zoosim.games.new_york_zoo.reference import policies as module

    def values(policy, m, kind, options, context=0):
        seen = []

        def record(vs):
            seen.append(list(vs))
            return first_best(vs)

        with monkeypatch.context() as patch:
            patch.setattr(module, "first_best", record)
            chosen = policy.choose(m, kind, 0, options, context)
        return seen[-1], chosen

    return values


def test_heuristic_option_values_of_each_decision(option_values):
    """heuristic_position (fill 9), every value by hand: populate first 0.5 per animal of the species in houses
    + 2 from a house; populate second house 1, stop 0, enclosure -1; an animal option the first animal's value +
    the second's if positive; breeding 1 + each enclosure's gain; the bonus breeding 1 + the gain, none 0."""
    m, p, fill = heuristic_position()
    p.houses[M] = 2  # houses full: meerkats 2, kangaroo 1
    h = heuristic()
    assert option_values(h, m, D_POPULATE_FIRST, [(F, 0), (K, HOUSE), (M, HOUSE), (M, 1)]) == (
        [0.0, 0.5 + 2.0, 1.0 + 2.0, 1.0], 2)
    assert option_values(h, m, D_POPULATE_SECOND, [(F, 0), (F, SUPPLY), (F, HOUSE)]) == ([-1.0, 0.0, 1.0], 2)
    # penguin: 1 of 6 in the empty enclosure; flamingo 3 of 5; kangaroo fills (9); meerkat 1 + the house one of 6
    assert option_values(h, m, D_ANIMAL_OPTION, [(P, -1), (F, K), (K, M), (F, P), (X, -1)]) == (
        [4 * 1 / 6, 4 * 3 / 5 + 9.0, 9.0 + 4 * 2 / 6, 4 * 3 / 5 + 4 * 1 / 6, 4 * 1 / 6], 1)
    p.enclosures[2].species, p.enclosures[2].count = X, 2  # no place for a penguin: -1, counted 0 as second
    assert option_values(h, m, D_ANIMAL_OPTION, [(P, -1), (F, P)]) == ([-1.0, 4 * 3 / 5], 1)
    p.enclosures[2].species, p.enclosures[2].count = -1, 0
    assert option_values(h, m, D_ANIMAL_DEST, [SUPPLY, 0, 2], F) == ([0.0, 4 * 3 / 5, 4 * 1 / 6], 1)
    p.houses[M] = 1
    assert option_values(h, m, D_ANIMAL_DEST, [SUPPLY, HOUSE, 2], P) == ([0.0, 0.5, 4 * 1 / 6], 2)
    assert option_values(h, m, D_BREED, [(), (0,), (1,), (0, 1)]) == (
        [0.0, 1 + 4 * 3 / 5, 1 + 9.0, (1 + 4 * 3 / 5) + (1 + 9.0)], 3)
    assert option_values(h, m, D_BONUS_BREED, [-1, 0, 1]) == ([0.0, 1 + 4 * 3 / 5, 1 + 9.0], 2)
    for kind in (D_HOUSE_BONUS, D_KEEP, D_ATTRACTION_TAKE):
        assert option_values(h, m, kind, [0, 1]) == ([0.0, 1.0], 1)


def test_heuristic_destination_choice_wins_with_the_tile_that_covers_the_last_cells(option_values):
    """Seat 0's board is open only on the cells of harbour 11's heptomino: taking it covers the board (WIN)."""
    m, _ = match(2)
    p = m.players[0]
    tile = m.stacks[harbour(11)][-1]
    p.covered = p.full_mask & ~placements_on_empty(p.board, tile)[0]
    assert p.cells_left() == 7
    m.elephant = 9
    values, chosen = option_values(heuristic(), m, D_DESTINATION, [(10, 1, 1, [], -1), (11, 2, 2, [], -1)])
    assert values[1] == WIN and chosen == 1


# ---------------------------------------------------------------- heuristic: each term's weight at exactly 1
def test_heuristic_terms_weighted_1_count():
    """A weight of 1 is a weight like any other (the terms are skipped only at 0). Harbour 11 as in
    test_heuristic_harbour_value_cover_fit_deny_and_win; the animal move of test_heuristic_animal_space_value."""
    m, _ = match(2)
    p = m.players[0]
    tile = m.stacks[harbour(11)][-1]
    p.covered = p.full_mask & ~placements_on_empty(p.board, tile)[0] & ~mask(p, FAR)
    assert heuristic(fit_weight=1.0).destination_value(m, p, 11, 1, 9.0, 8, False) == 2 * 7 + 1.0 * -64 - 0.25 * 7
    assert heuristic(deny_weight=1.0).destination_value(m, p, 11, 1, 9.0, 8, False) == 2 * 7 + 0.0625 * -64 - 7
    m, p = animal_move_position()
    give_enclosure(m, 1, 4, P, 2)  # the rival's penguins: 2 + 1 of 4 (it has no penguin in a house)
    h = heuristic(breed_value=1.0, rival_breed_weight=0.0)
    assert h.destination_value(m, p, 12, 4, 9.0, 6, False) == (4 * 2 / 5 + 0.5) - 0.25 * 7 + 1.0 * (4 * 3 / 5)
    h = heuristic(breed_value=0.0, rival_breed_weight=1.0)
    assert h.destination_value(m, p, 12, 4, 9.0, 6, False) == (4 * 2 / 5 + 0.5) - 0.25 * 7 - 1.0 * (4 * 3 / 4)


# ---------------------------------------------------------------- heuristic: the board as the move leaves it
def no_deny(**changes) -> HeuristicPolicy:
    return heuristic(deny_weight=0.0, **changes)


def test_heuristic_harbour_move_breeds_with_the_new_enclosure_populated():
    """Harbour 9 (on the penguin line) showing tile 0 (4 squares): the new enclosure takes the 2 house penguins,
    and the penguin line breeds it: 2 + 1 of 4. Value: 2 x 4 + 0.5 x 4 x 3/4 (no fit term, no deny)."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [0, 0, 0, 2, 0]
    m.stacks[harbour(9)][-1] = 0
    assert data.TILES[0].size == 4
    m.elephant = 8
    h = no_deny(fit_weight=0.0)
    assert h.destination_value(m, p, 9, 1, 9.0, 50, False) == 2 * 4 + 0.5 * (4 * 3 / 4)
    assert snapshot(p) == ([0, 0, 0, 2, 0], [])


def test_heuristic_animal_move_populates_no_new_enclosure():
    """The same 2 house penguins; space 10 (fox, flamingo) from 8 over the penguin line: fox and flamingo are
    each worth the free house (0.5), and no enclosure is placed, so no penguin breeds: 0.5 + 0.5."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [0, 0, 0, 2, 0]
    m.elephant = 8
    assert no_deny().destination_value(m, p, 10, 2, 9.0, 50, False) == 0.5 + 0.5
    assert snapshot(p) == ([0, 0, 0, 2, 0], [])


def test_heuristic_first_animal_worth_0_is_not_added():
    """progress_value 0, houses full. Space 12 (penguin, kangaroo) from 8 over the penguin line: a penguin into
    2 of 4 is worth 0 (3 of 4 does not fill), the kangaroo has no place (-1, counted 0). Only an animal worth
    more than 0 is added as the move leaves the board, so the line breeds 2 -> 3 of 4 (worth 0), not 3 -> full."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [2, 0, 0, 0, 1]
    give_enclosure(m, 0, 4, P, 2)
    m.elephant = 8
    h = no_deny(progress_value=0.0)
    assert h.animal_choice(p, P, 9.0) == (0.0, 0) and h.animal_choice(p, K, 9.0) == (-1.0, -1)
    assert h.destination_value(m, p, 12, 4, 9.0, 50, False) == 0.0 + 0.5 * 0.0


def test_heuristic_animals_worth_more_than_0_go_in():
    """progress_value 1 (an animal short of a fill is worth its fraction, at most 1), houses full, one animal in an
    enclosure of 4: an animal worth more than 0 is added as the move leaves the board, so the line it crosses
    breeds its enclosure (2 + 1 of 4: 1 x 3/4)."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [2, 0, 0, 0, 1]
    give_enclosure(m, 0, 4, F, 1)
    h = no_deny(progress_value=1.0)
    # the second pictured animal: no place for the penguin, the flamingo into 1 of 4 (1 x 2/4), then bred
    m.elephant = 23
    assert h.destination_value(m, p, 25, 2, 9.0, 50, False) == 0.0 + 1.0 * 2 / 4 + 0.5 * (1.0 * 3 / 4)
    assert snapshot(p) == ([2, 0, 0, 0, 1], [(4, F, 1)])
    # the first pictured animal: the penguin into 1 of 4, no place for the kangaroo, then the penguins bred
    p.enclosures[0].species = P
    m.elephant = 8
    assert h.destination_value(m, p, 12, 4, 9.0, 50, False) == 1.0 * 2 / 4 + 0.0 + 0.5 * (1.0 * 3 / 4)


def test_heuristic_second_animal_worth_0_stays_out():
    """progress_value 0, houses full. Space 25 (penguin, flamingo) over the flamingo line: the penguin fills
    3 of 4 (fill 9); the flamingo into 2 of 4 is worth 0, so it is not added, and the line breeds the 2
    flamingos to 3 of 4: worth 0."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [2, 0, 0, 0, 1]
    give_enclosure(m, 0, 4, P, 3)
    give_enclosure(m, 0, 4, F, 2)
    m.elephant = 23
    assert no_deny(progress_value=0.0).destination_value(m, p, 25, 2, 9.0, 50, False) == 9.0 + 0.0 + 0.5 * 0.0


def test_heuristic_pair_of_animals_is_kept_over_an_equal_single_animal():
    """Houses full (fill 6 passed). Space 25 (penguin, flamingo) over the flamingo line: penguin 2 -> 3 of 4
    (4 x 3/4) + flamingo 2 -> 3 of 4 (4 x 3/4) = 6, equal to a kangaroo filling its enclosure alone (6): the
    first found, the pair, is kept, so the flamingos (3) breed full: 0.5 x 6."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [2, 0, 0, 0, 1]
    give_enclosure(m, 0, 4, P, 2)
    give_enclosure(m, 0, 4, F, 2)
    give_enclosure(m, 0, 4, K, 3)
    m.elephant = 23
    h = no_deny()
    assert h.animal_choice(p, K, 6.0) == (6.0, 2)
    assert h.destination_value(m, p, 25, 2, 6.0, 50, False) == (4 * 3 / 4 + 4 * 3 / 4) + 0.5 * 6.0


def test_heuristic_single_animal_beats_the_pair():
    """Houses full. Space 25 (penguin, flamingo) over the flamingo line: no place for the penguin, the
    flamingo 2 -> 3 of 4 (3); a kangaroo filling its enclosure alone (9) is better. Only the kangaroo is added
    (its enclosure empties), the flamingos stay 2 and breed to 3 of 4: 0.5 x 3."""
    m, _ = match(2)
    p = m.players[0]
    p.houses = [2, 0, 0, 0, 1]
    give_enclosure(m, 0, 4, K, 3)
    give_enclosure(m, 0, 4, F, 2)
    m.elephant = 23
    assert no_deny().destination_value(m, p, 25, 2, 9.0, 50, False) == 9.0 + 0.5 * (4 * 3 / 4)
    assert snapshot(p) == ([2, 0, 0, 0, 1], [(4, K, 3), (4, F, 2)])


# ---------------------------------------------------------------- heuristic: the threat past harbour 0 (space 1)
def test_heuristic_threat_counts_harbour_0():
    """3 players (moves 1-3). From 25 the next player reaches 1 (harbour 0: 7), 2, 3 (6 once its 7 is taken):
    7. With space 1 empty it is not counted: 2, 3 (6), 4 (6): 6."""
    m, _ = match(3)
    del m.stacks[harbour(3)][-1:]
    h = heuristic()
    assert harbour(1) == 0
    assert h.next_player_threat(m, m.players[0], 25) == 7.0
    m.stacks[harbour(1)].clear()
    assert h.next_player_threat(m, m.players[0], 25) == 6.0
