"""The numba engine on its own: hand-built positions, invariants over many games, make/unmake.

The rules themselves are tested one by one on the reference (test_zooloretto_rules.py) and the engine
is tied to the reference game by game (test_zooloretto_differential.py); these tests check what only
the engine has: its state layout, its final states, and the cells its policies save and restore.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from zoosim.games.base import policy_arrays
from zoosim.games.zooloretto import GAME
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.engine import money as M
from zoosim.games.zooloretto.play import MAX_DECK, N_OUT, O_FULL, O_SCORE, play_game, score_game
from zoosim.games.zooloretto.policies import MAX_POLICY_PARAMS
from zoosim.games.zooloretto.engine.policies import MEMORY_SIZE
from zoosim.games.zooloretto.rules import (
    BARN, COIN, ENC_COINS, FEMALE, INERT, MALE, N_CODES, OFFSPRING, R_ENCLOSURE, R_PURCHASE_PRICE, STALL_BASE, Rules, pack,
)

ZEBRA, CAMEL, ELEPHANT, PANDA, KANGAROO = 6, 1, 3, 4, 7


def empty_state(rules: Rules, players: int) -> tuple[np.ndarray, np.ndarray]:
    R = pack(rules, players)
    S = np.zeros(E.STATE_SIZE, np.int64)
    E.reset_state(S, R)
    S[E.H_BANK] = rules.bank
    for s in range(rules.species):
        S[E.SUPPLY + s] = rules.offspring_per_species
    return S, R


NO_TRACE = np.zeros((0, 6), np.int64)


def put(S: np.ndarray, R: np.ndarray, p: int, code: int, dest: int) -> None:
    E.place_tile(S, p, code, dest)


def score(S: np.ndarray, R: np.ndarray, p: int) -> tuple[int, list[int]]:
    components = np.zeros(E.N_COMPONENTS, np.int64)
    total = E.score_player(S, p, components)
    return int(total), [int(c) for c in components]


def test_worked_example_of_spec_section_10() -> None:
    S, R = empty_state(Rules(), 4)
    for _ in range(5):
        put(S, R, 0, 4 * ZEBRA + INERT, 0)
    for _ in range(2):
        put(S, R, 0, 4 * CAMEL + INERT, 1)
    put(S, R, 0, STALL_BASE + 0, 1)
    put(S, R, 0, STALL_BASE + 1, 1)
    for _ in range(5):
        put(S, R, 0, 4 * ELEPHANT + INERT, 2)
    put(S, R, 0, 4 * PANDA + INERT, BARN)
    put(S, R, 0, 4 * KANGAROO + INERT, BARN)
    put(S, R, 0, 4 * KANGAROO + INERT, BARN)
    put(S, R, 0, STALL_BASE + 0, BARN)
    total, components = score(S, R, 0)
    assert components == [8, 6, 2, 4, -4, -2]
    assert total == 14


def test_filling_e1_pays_two_coins_and_a_pair_breeds_into_the_barn_when_full() -> None:
    S, R = empty_state(Rules(), 3)
    at = E.player_at(0)
    for code in (4 * ZEBRA + MALE, INERT + 4 * ZEBRA, INERT + 4 * ZEBRA, INERT + 4 * ZEBRA):
        put(S, R, 0, code, 0)
    assert S[at + E.P_COINS] == 0
    put(S, R, 0, 4 * ZEBRA + FEMALE, 0)  # fills E1 (5 spaces): +2 coins, then the pair breeds
    assert S[at + E.P_COINS] == 2
    assert S[E.H_BANK] == 28
    assert S[at + E.P_COUNT + 0] == 5
    assert S[at + E.P_BARN + 4 * ZEBRA + OFFSPRING] == 1
    assert S[E.SUPPLY + ZEBRA] == 1


def test_coin_tile_becomes_money_without_touching_the_bank() -> None:
    S, R = empty_state(Rules(), 2)
    put(S, R, 1, COIN, E.MONEY_DEST)
    assert S[E.player_at(1) + E.P_COINS] == 1
    assert S[E.H_BANK] == 30


def final_state(rules: Rules, players: int, policy: str, seed: int, game_index: int):
    R = pack(rules, players)
    ids, params = policy_arrays([GAME.policy(policy)] * players, MAX_POLICY_PARAMS)
    S = np.zeros(E.STATE_SIZE, np.int64)
    deck = np.zeros(MAX_DECK, np.int64)
    play_game(R, seed, game_index, ids, params, S, deck, np.zeros(4, np.uint64), np.zeros(E.MAX_OPTIONS, np.int64),
              np.zeros((3, E.STATE_SIZE), np.int64), np.zeros(MEMORY_SIZE), np.zeros((0, players), np.int16),
              np.zeros(E.N_COMPONENTS, np.int64), np.zeros(0))
    rows = np.zeros((players, N_OUT), np.int64)
    score_game(S, rows, np.zeros(players), np.zeros(E.N_COMPONENTS, np.int64))
    return S, R, deck, rows


@pytest.mark.parametrize("policy", ["uniform", "random", "greedy", "heuristic", "search:budget=4,places=1"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_at_the_end_of_many_games(policy: str, players: int) -> None:
    rules = Rules()
    games = 6 if policy.startswith("search") else 60 if policy in ("greedy", "heuristic") else 200
    for game_index in range(games):
        S, R, deck, rows = final_state(rules, players, policy, 3, game_index)
        tiles = np.zeros(N_CODES, np.int64)
        for code in deck[S[E.H_DRAW_PTR]:S[E.H_TOTAL]]:
            tiles[code] += 1
        tiles += S[E.OUT:E.OUT + N_CODES]
        coins = S[E.H_BANK]
        for p in range(players):
            at = E.player_at(p)
            coins += S[at + E.P_COINS]
            tiles[:STALL_BASE + 8] += S[at + E.P_BARN:at + E.P_BARN + STALL_BASE + 8]
            for e in range(S[at + E.P_ENCLOSURES]):
                species = S[at + E.P_SPECIES + e]
                count = S[at + E.P_COUNT + e]
                assert 0 <= count <= E.spaces_of(S, e)
                for kind in range(4):
                    tiles[STALL_BASE + kind] += S[at + E.P_STALLS + e * 8 + kind]
                if count == 0:
                    continue
                male, female, young = (S[at + f + e] for f in (E.P_MALE, E.P_FEMALE, E.P_OFFSPRING))
                tiles[4 * species + MALE] += male
                tiles[4 * species + FEMALE] += female
                tiles[4 * species + OFFSPRING] += young
                tiles[4 * species + INERT] += count - male - female - young
                assert not (male and female and S[E.SUPPLY + species]), "an unused pair did not breed"
            assert sum(S[at + E.P_STALLS + e * 8 + k] for e in range(8) for k in range(8)) == \
                sum(S[at + E.P_STALL_COUNT + e] for e in range(8))
        in_play = [s for s in range(8) if tiles[4 * s:4 * s + 3].sum() > 0]
        assert len(in_play) == 8 - rules.species_removed_by_players[players - 2]
        for s in in_play:
            assert tiles[4 * s:4 * s + 3].sum() == rules.tiles_per_species
            born = rules.offspring_per_species - S[E.SUPPLY + s]
            assert tiles[4 * s + OFFSPRING] == born
            assert rules.fertile_males - tiles[4 * s + MALE] == born
        for kind in range(rules.stall_kinds):
            assert tiles[STALL_BASE + kind] == rules.stalls_per_kind
        assert tiles[COIN] + S[E.H_COIN_TILES_TAKEN] == rules.coin_tiles
        assert coins == rules.bank + S[E.H_COIN_TILES_TAKEN]
        assert S[E.H_BANK] >= 0
        for p in range(players):
            assert rules.min_score(players) <= rows[p, O_SCORE] <= rules.max_score(players)
            assert rows[p, O_SCORE] == rows[p, O_FULL:O_FULL + 6].sum()
        main = rules.tiles_in_play(players) - rules.end_stack
        spaces = sum(rules.truck_capacities(players))
        assert S[E.H_ROUND] >= -(-(main + 1) // spaces)


def mid_game_states(players: int, policy: str, count: int):
    """States at the end of round 3..8 of real games (max_rounds cuts the game short)."""
    for game_index in range(count):
        rules = replace(Rules(), max_rounds=3 + game_index % 6)
        S, R, _deck, _rows = final_state(rules, players, policy, 17, game_index)
        yield S, R


def changed_cells(before: np.ndarray, after: np.ndarray) -> set[int]:
    return set(np.flatnonzero(before != after).tolist())


def barns_changed(before: np.ndarray, after: np.ndarray, players: int) -> bool:
    return any((before[E.player_at(q) + E.P_BARN:E.player_at(q) + E.P_BARN + N_CODES]
                != after[E.player_at(q) + E.P_BARN:E.player_at(q) + E.P_BARN + N_CODES]).any()
               for q in range(players))


@pytest.mark.parametrize("players", [2, 4])
def test_placement_cells_cover_every_change_a_placement_makes(players: int) -> None:
    cells = np.zeros(2 * E.UNDO_CELLS, np.int64)
    for S, R in mid_game_states(players, "random", 40):
        for p in range(players):
            codes = [4 * s + k for s in range(8) for k in (INERT, MALE, FEMALE)] + [STALL_BASE + k for k in range(4)]
            for code in codes + [COIN]:
                dests = [E.MONEY_DEST] if code == COIN else [BARN, *range(S[E.player_at(p) + E.P_ENCLOSURES])]
                for dest in dests:
                    if not E.is_legal_destination(S, p, code, dest):
                        continue
                    after = S.copy()
                    E.place_tile(after, p, code, dest)
                    n = E.placement_cells(p, code, dest, cells)
                    assert changed_cells(S, after) <= set(cells[:n].tolist()), (code, dest)
                    # the policies' Purchases cache is keyed on this count
                    bumped = after[E.H_BARN_CHANGES] != S[E.H_BARN_CHANGES]
                    assert bumped == barns_changed(S, after, players), (code, dest)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_money_cells_cover_every_change_a_money_action_makes(players: int) -> None:
    cells = np.zeros(2 * E.UNDO_CELLS, np.int64)
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    rules_money = replace(Rules(), start_coins=6)
    seen_kinds = set()
    for game_index in range(60):
        rules = replace(rules_money, max_rounds=2 + game_index % 6, exchange_into_empty=game_index % 2 == 0,
                        move_stall_to_barn=game_index % 3 == 0)
        S, R, _deck, _rows = final_state(rules, players, "random", 23, game_index)
        for p in range(players):
            S[E.player_at(p) + E.P_COINS] = 6
            n = M.list_money_options(S, p, options, 0)
            for k in range(n):
                opt = options[k]
                seen_kinds.add(int(E.option_kind(opt)))
                after = S.copy()
                M.apply_money_option(after, p, opt)
                m = M.money_cells(S, p, opt, cells)
                assert changed_cells(S, after) <= set(cells[:m].tolist()), hex(opt)
                bumped = after[E.H_BARN_CHANGES] != S[E.H_BARN_CHANGES]
                assert bumped == barns_changed(S, after, players), hex(opt)
    assert seen_kinds == {E.OPT_MOVE, E.OPT_EXCHANGE, E.OPT_PURCHASE, E.OPT_DISCARD, E.OPT_EXPAND}


def test_policies_leave_the_state_as_they_found_it() -> None:
    """Greedy and heuristic make and unmake moves on the live state; a decision must not change it."""
    from zoosim.games.zooloretto.engine.policies import choose_truck_for_tile, choose_turn
    from zoosim.games.zooloretto.engine.valuation import GREEDY, HEURISTIC

    workspace = np.zeros((3, E.STATE_SIZE), np.int64)
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    heuristic = np.array(GAME.policy("heuristic").values + (0.0,))
    for S, R in mid_game_states(4, "random", 30):
        S[E.T_TAKEN_BY:E.T_TAKEN_BY + 4] = -1
        S[E.T_COUNT:E.T_COUNT + 4] = [1, 2, 0, 3]
        for t in range(4):
            for k in range(3):
                S[E.T_TILES + t * 8 + k] = (4 * (t + k) + k % 3) if k < S[E.T_COUNT + t] else -1
        for policy, params in ((GREEDY, np.zeros(8)), (HEURISTIC, heuristic)):
            for p in range(4):
                S[E.player_at(p) + E.P_COINS] = 4
                before = S.copy()
                memory = np.full(MEMORY_SIZE, -1.0)
                choose_turn(policy, params, S, p, np.zeros(4, np.uint64), options, workspace, memory)
                choose_truck_for_tile(policy, params, S, p, np.zeros(4, np.uint64), 4 * ZEBRA + MALE,
                                      workspace, memory)
                assert np.array_equal(before, S)


def test_money_gains_are_the_change_of_the_whole_zoo_value() -> None:
    """money_option_gain reads only the parts an action touches (valuation.money_touched), and
    known_money_gain (policies.known_gain for Purchases, from remembered placement gains) values some
    actions without making them; all must equal the change of zoo_value."""
    from zoosim.games.zooloretto.engine import policies as P
    from zoosim.games.zooloretto.engine import valuation as V

    heuristic = np.array(GAME.policy("heuristic").values + (0.0,))
    undo = np.zeros(2 * E.UNDO_CELLS, np.int64)
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    known: dict[str, int] = {}
    unknown = 0
    for players, policy_name in ((4, "random"), (3, "greedy"), (2, "random")):
        for S, _R in mid_game_states(players, policy_name, 12):
            for p in range(players):
                S[E.player_at(p) + E.P_COINS] = 6
                for policy, params in ((V.GREEDY, np.zeros(8)), (V.HEURISTIC, heuristic)):
                    for left, bank in ((0.0, None), (0.37, None), (0.37, 1)):
                        live_bank = S[E.H_BANK]
                        if bank is not None:
                            S[E.H_BANK] = bank  # fill coins limited: a purchase's cost in the bank changes them
                        gains = np.zeros(P.GAINS_PER_PLAYER)
                        n = M.list_money_options(S, p, options, 0)
                        for opt in options[:n]:
                            gain = V.money_option_gain(policy, params, S, p, opt, left, undo)
                            if E.option_kind(opt) == E.OPT_PURCHASE and (opt & 255) == E.DEST_FIELD_BARN:
                                assert gain == V.NO_CHOICE
                                continue
                            after = S.copy()
                            M.apply_money_option(after, p, opt)
                            whole = V.zoo_value(policy, params, after, p, left) - V.zoo_value(policy, params, S, p, left)
                            if E.option_kind(opt) == E.OPT_EXPAND and policy == V.HEURISTIC:
                                whole += params[V.HP_EXPAND_VALUE] * left
                            assert gain == pytest.approx(whole, abs=1e-9), hex(opt)
                            if E.option_kind(opt) == E.OPT_PURCHASE:
                                first, again = (P.known_gain(policy, params, S, p, opt, left, undo, gains, 1.0)
                                                for _ in range(2))  # the second from the remembered gain
                                assert first == again
                                _seller, code, dest = E.option_fields(opt)
                                if S[E.H_BANK] >= S[R_ENCLOSURE + 5 * dest + ENC_COINS]:
                                    assert first == pytest.approx(gain, abs=1e-9), hex(opt)
                                    known["purchase"] = known.get("purchase", 0) + 1
                                else:
                                    assert first == V.UNKNOWN
                                    unknown += 1
                                continue
                            plain = V.known_money_gain(policy, params, S, p, opt, left)
                            if plain == V.UNKNOWN:
                                unknown += 1
                            else:
                                a, b, c = E.option_fields(opt)
                                what = {E.OPT_EXCHANGE: "exchange with the barn" if b >= E.EXCHANGE_BARN
                                        else "exchange", E.OPT_MOVE: "stall move", E.OPT_DISCARD: "discard",
                                        E.OPT_EXPAND: "expand"}
                                what = what.get(E.option_kind(opt), "other")
                                known[what] = known.get(what, 0) + 1
                                assert plain == pytest.approx(gain, abs=1e-9), hex(opt)
                        S[E.H_BANK] = live_bank
    assert unknown > 100
    assert set(known) == {"exchange with the barn", "exchange", "stall move", "discard", "expand", "purchase"}, known
    assert min(known.values()) > 20, known


def test_distinct_purchases_choose_as_the_whole_list_would() -> None:
    """best_money_option values Purchases from list_purchases(distinct=True): each tile once, from its first
    seller, none into the barn. The first best of that list must be the first best of the canonical list."""
    from zoosim.games.zooloretto.engine import policies as P
    from zoosim.games.zooloretto.engine import valuation as V

    heuristic = np.array(GAME.policy("heuristic").values + (0.0,))
    undo = np.zeros(2 * E.UNDO_CELLS, np.int64)
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    shorter = chosen = 0
    for players in (5, 4, 3):
        for S, _R in mid_game_states(players, "random", 12):
            for p in range(players):
                S[E.player_at(p) + E.P_COINS] = 5
                for policy, params in ((V.GREEDY, np.zeros(8)), (V.HEURISTIC, heuristic)):
                    n = M.list_purchases(S, p, options, 0)
                    best, best_value = -1, V.NO_CHOICE
                    for opt in options[:n]:
                        value = V.money_option_gain(policy, params, S, p, opt, 0.3, undo)
                        if value > best_value:
                            best, best_value = opt, value
                    distinct = M.list_purchases(S, p, options, 0, True)
                    shorter += distinct < n
                    choice, value = P.best_of(policy, params, S, p, options, distinct, undo, 0.3,
                                              np.zeros(P.GAINS_PER_PLAYER), 1.0)
                    if policy == V.GREEDY or best_value > params[V.HP_MONEY_THRESHOLD] + 1e-6:
                        assert (choice, value) == (best, best_value)  # heuristic: only above its threshold
                        chosen += best >= 0
    assert shorter > 50 and chosen > 50


def test_a_handed_over_plan_places_as_best_placement_would() -> None:
    """decide_turn hands the placements truck_gain planned to decide_placement; each must be the choice
    best_placement makes on the live state, step by step."""
    from zoosim.games.zooloretto.engine import policies as P
    from zoosim.games.zooloretto.engine import valuation as V

    workspace = np.zeros((3, E.STATE_SIZE), np.int64)
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    heuristic = np.array(GAME.policy("heuristic").values + (0.0,))
    planned = 0
    for S, _R in mid_game_states(4, "random", 30):
        S[E.T_TAKEN_BY:E.T_TAKEN_BY + 4] = -1
        S[E.T_COUNT:E.T_COUNT + 4] = [1, 2, 3, 3]
        for t in range(4):
            for k in range(3):
                S[E.T_TILES + t * 8 + k] = (4 * (t + 2 * k) + k % 3) if k < S[E.T_COUNT + t] else -1
        for policy, params in ((V.GREEDY, np.zeros(8)), (V.HEURISTIC, heuristic)):
            for p in range(4):
                live = S.copy()
                memory = np.full(MEMORY_SIZE, -1.0)
                opt = P.choose_turn(policy, params, live, p, np.zeros(4, np.uint64), options, workspace, memory)
                if E.option_kind(opt) != E.OPT_TAKE:
                    continue
                t = (opt >> 16) & 255
                for _ in range(live[E.T_COUNT + t]):
                    choice = P.choose_placement(policy, params, live, p, t, workspace, memory)
                    planned += memory[P.M_PLAN_ACTIVE] == 1.0
                    unplanned = memory.copy()
                    unplanned[P.M_PLAN_OF] = -1.0
                    unplanned[P.M_PLAN_ACTIVE] = 0.0
                    assert choice == P.choose_placement(policy, params, live.copy(), p, t, workspace, unplanned)
                    slot, dest = choice >> 8, (choice & 255) - 2
                    code = live[E.T_TILES + t * 8 + slot]
                    live[E.T_TILES + t * 8 + slot] = -1
                    E.place_tile(live, p, code, dest)
    assert planned > 50


@pytest.mark.parametrize("policy_name", ["greedy", "heuristic"])
@pytest.mark.parametrize(("played_by", "bank", "price"), [("heuristic", 2, None), ("random", None, None),
                                                       ("random", None, 0)])
def test_remembered_valuations_decide_as_fresh_ones_would(policy_name: str, played_by: str, bank: int | None,
                                                          price: int | None) -> None:
    """The policy memory (truck values, money options, placement gains, plans) must give the choices a
    fresh memory gives, turn after turn, as the game loop carries it: from positions of heuristic games
    with a nearly empty bank (fill coins limited), and of random games (fuller barns, more to buy), also
    with Purchases that pay the seller nothing (a sale then changes only the seller's barn)."""
    from zoosim.games.zooloretto.engine import policies as P
    from zoosim.games.zooloretto.engine import valuation as V
    from zoosim.games.zooloretto.play import apply_turn_option, start_round

    spec = GAME.policy(policy_name)
    policy = V.GREEDY if policy_name == "greedy" else V.HEURISTIC
    params = np.array(spec.values + (0.0,) * (8 - len(spec.values)))
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    workspace = np.zeros((3, E.STATE_SIZE), np.int64)
    spare = np.zeros((3, E.STATE_SIZE), np.int64)
    rng = np.zeros(4, np.uint64)
    decisions = 0
    for game_index in range(16):
        rules = replace(Rules(), max_rounds=2 + game_index % 5)
        S, _R, deck, _rows = final_state(rules, 4, played_by, 23, game_index)
        S[E.H_GAME_OVER] = 0
        for q in range(4):
            S[E.player_at(q) + E.P_COINS] += 6  # money actions every few turns, purchases among them
        if bank is not None:
            S[E.H_BANK] = bank
        if price is not None:
            S[R_PURCHASE_PRICE] = price
        start_round(S)
        memory = np.full(MEMORY_SIZE, -1.0)
        for turn in range(48):
            waiting = [q for q in range(4) if S[E.player_at(q) + E.P_HAS_TRUCK] == 0]
            if not waiting:
                S[E.H_ROUND] += 1
                start_round(S)
                continue
            p = waiting[turn % len(waiting)]
            opt = P.choose_turn(policy, params, S, p, rng, options, workspace, memory)
            fresh = P.choose_turn(policy, params, S.copy(), p, rng, options, spare, np.full(MEMORY_SIZE, -1.0))
            assert opt == fresh, (game_index, turn)
            decisions += 1
            if E.option_kind(opt) == E.OPT_DRAW and S[E.H_DRAW_PTR] >= S[E.H_TOTAL]:
                break
            apply_turn_option(S, deck, rng, p, opt, policy, params, workspace, memory)
    assert decisions > 200


def test_remembered_placement_gains_are_the_gains() -> None:
    """best_placement with an epoch keeps each gain it computes; asked again it must answer the same."""
    from zoosim.games.zooloretto.engine import policies as P
    from zoosim.games.zooloretto.engine import valuation as V

    heuristic = np.array(GAME.policy("heuristic").values + (0.0,))
    undo = np.zeros(2 * E.UNDO_CELLS, np.int64)
    for S, _R in mid_game_states(3, "random", 10):
        for p in range(3):
            gains = np.full(P.GAINS_PER_PLAYER, -1.0)
            codes = np.array([4 * s + k for s in range(8) for k in (INERT, MALE, FEMALE)]
                             + [STALL_BASE + k for k in range(4)] + [COIN])
            for start in range(0, len(codes), 5):
                chunk = codes[start:start + 5]
                plain = P.best_placement(V.HEURISTIC, heuristic, S, p, chunk, len(chunk), 0.4, undo, gains, 0.0)
                first = P.best_placement(V.HEURISTIC, heuristic, S, p, chunk, len(chunk), 0.4, undo, gains, 1.0)
                again = P.best_placement(V.HEURISTIC, heuristic, S, p, chunk, len(chunk), 0.4, undo, gains, 1.0)
                assert plain == first == again
            assert np.count_nonzero(gains[1::2] == 1.0) > 20
