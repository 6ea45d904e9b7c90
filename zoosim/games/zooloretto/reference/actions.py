"""Zooloretto in plain Python, part 2: turns, money actions, rounds, the policies, play and replay.

A turn option is a tuple `(kind, a, b, c)` laid out like the event row it produces (protocol 9) without
the player: `(DRAW, 0, 0, 0)` (the truck is chosen after the tile is seen), `(TAKE, truck, 0, 0)`,
`(MOVE, code, source, destination)`, `(EXCHANGE, i, j or 100+s, 0)`, `(PURCHASE, seller, code, destination)`,
`(DISCARD, code, 0, 0)`, `(EXPAND, new enclosure number, 0, 0)`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Union

from zoosim.core.rng import PyRng
from zoosim.games.family import reference as family
from zoosim.games.family import trucks
from zoosim.games.family.reference import check_on_turn
from zoosim.games.family.trucks import (  # noqa: F401  (the game's own names)
    TruckChoice, check_drawn, draw_trucks, forced_empty_truck, take_trucks, tiles_left,
)
from zoosim.games.zooloretto.reference.state import (
    BARN, COIN, DECISION_KINDS, DISCARD, DRAW, EVENT_NAMES, EXCHANGE, EXCHANGE_BARN, EXPAND, LAST_ROUND, MONEY, MOVE,
    PLACE, PURCHASE, ROUND_END, STALL_BASE, TAKE, GameRecord, IllegalMove, State, breed, can_take_animal,
    can_take_stall, draw_ends_game, expansion_enclosure, game_record, is_animal, is_stall, placement_options,
    placement_problem, put_tile, score_player, setup,
)
from zoosim.games.zooloretto.rules import Rules, validate

Option = tuple[int, int, int, int]
Placements = Union[Sequence[tuple[int, int]], Callable[[int, list[int]], int]]
POLICIES = ("uniform", "random")


# --- take (spec 3B); D, T and the forced empty truck are the truck games' (family.trucks) ---------------

def take_problem(state: State, t: int) -> str | None:
    """Spec 3B / 8: a truck can be taken when it is untaken and holds a tile (an empty one only if forced)."""
    if not 0 <= t < len(state.trucks):
        return f"no truck {t}"
    if state.trucks[t].taken_by is not None:
        return f"truck {t} was taken this round"
    if not state.trucks[t].tiles and forced_empty_truck(state) is None:
        return f"truck {t} is empty"
    return None


# --- money actions (spec 5) -----------------------------------------------------------------------------

def pay_bank(state: State, player: int, coins: int) -> None:
    state.zoos[player].coins -= coins
    state.bank += coins


def can_afford(state: State, player: int, cost: int) -> bool:
    return state.zoos[player].coins >= cost


def move_problem(state: State, player: int, code: int, source: int, dest: int) -> str | None:
    """Spec 5 Move: barn animal/stall to a legal place in the zoo, or a stall to another enclosure's stall
    space (or, with `move_stall_to_barn`, to the barn)."""
    zoo = state.zoos[player]
    n = len(zoo.enclosures)
    if not can_afford(state, player, state.rules.move_cost):
        return f"Move costs {state.rules.move_cost}, player {player} has {zoo.coins}"
    if source == BARN:
        if zoo.barn[code] <= 0:
            return f"no tile {code} in the barn"
        if not 0 <= dest < n:
            return f"a Move from the barn goes to an enclosure, not {dest}"
        if is_animal(code) and can_take_animal(zoo.enclosures[dest], code):
            return None
        if is_stall(code) and can_take_stall(zoo.enclosures[dest]):
            return None
        return f"enclosure {dest} cannot take tile {code}"
    if not 0 <= source < n:
        return f"no source {source}"
    if not is_stall(code) or code - STALL_BASE not in zoo.enclosures[source].stalls:
        return f"enclosure {source} has no stall {code} (only stalls move between enclosures)"
    if dest == BARN:
        return None if state.rules.move_stall_to_barn else "a stall may not move to the barn (move_stall_to_barn)"
    if not 0 <= dest < n or dest == source:
        return f"a stall moves to another enclosure, not {dest}"
    return None if can_take_stall(zoo.enclosures[dest]) else f"enclosure {dest} has no free stall space"


def do_move(state: State, player: int, code: int, source: int, dest: int) -> None:
    zoo = state.zoos[player]
    pay_bank(state, player, state.rules.move_cost)
    if source == BARN:
        zoo.remove_from_barn(code)
    else:
        zoo.enclosures[source].stalls.remove(code - STALL_BASE)
    state.log(MOVE, player, code, source, dest)
    put_tile(state, player, code, dest)


def exchange_problem(state: State, player: int, i: int, j: int) -> str | None:
    """Spec 5 Exchange (protocol 8.4): enclosure i with enclosure j > i, or with the barn's species j-100:
    species differ, each group fits, both sides hold animals (unless `exchange_into_empty`)."""
    zoo = state.zoos[player]
    n = len(zoo.enclosures)
    into_empty = state.rules.exchange_into_empty
    if not can_afford(state, player, state.rules.exchange_cost):
        return f"Exchange costs {state.rules.exchange_cost}, player {player} has {zoo.coins}"
    if not 0 <= i < n:
        return f"no enclosure {i}"
    a = zoo.enclosures[i]
    if j >= EXCHANGE_BARN:
        s = j - EXCHANGE_BARN
        group = zoo.barn_animals_of(s)
        if not group:
            return f"no animal of species {s} in the barn"
        if a.species == s:
            return f"enclosure {i} already holds species {s}"
        if len(group) > a.spaces:
            return f"{len(group)} animals do not fit enclosure {i}"
        if not a.animals and not into_empty:
            return f"enclosure {i} is empty (exchange_into_empty)"
        return None
    if not i < j < n:
        return f"exchange enclosures i < j, got {i}, {j}"
    b = zoo.enclosures[j]
    if not a.animals and not b.animals:
        return "both enclosures are empty"
    if (not a.animals or not b.animals) and not into_empty:
        return "one enclosure is empty (exchange_into_empty)"
    if a.species == b.species:
        return "both enclosures hold the same species"
    if len(a.animals) > b.spaces or len(b.animals) > a.spaces:
        return "a group does not fit its new enclosure"
    return None


def do_exchange(state: State, player: int, i: int, j: int) -> None:
    """Swap the groups; stalls stay; then breeding in i, then j, without fill coins (protocol 5)."""
    zoo = state.zoos[player]
    pay_bank(state, player, state.rules.exchange_cost)
    a = zoo.enclosures[i]
    state.log(EXCHANGE, player, i, j)
    if j >= EXCHANGE_BARN:
        group = zoo.barn_animals_of(j - EXCHANGE_BARN)
        for code in group:
            zoo.remove_from_barn(code)
        for code in a.animals:
            zoo.barn[code] += 1
        a.animals = group
        breed(state, player, i, pays_fill=False)
    else:
        b = zoo.enclosures[j]
        a.animals, b.animals = b.animals, a.animals
        breed(state, player, i, pays_fill=False)
        breed(state, player, j, pays_fill=False)


def purchase_problem(state: State, player: int, seller: int, code: int, dest: int) -> str | None:
    """Spec 5 Purchase: any tile of another player's barn, placed in the buyer's zoo by spec 4."""
    rules = state.rules
    price = rules.purchase_cost + rules.purchase_price
    if not can_afford(state, player, price):
        return f"Purchase costs {price}, player {player} has {state.zoos[player].coins}"
    if seller == player or not 0 <= seller < state.players:
        return f"seller {seller} is not another player"
    if state.zoos[seller].barn[code] <= 0:
        return f"player {seller} has no tile {code} in the barn"
    return placement_problem(state.zoos[player], code, dest)


def do_purchase(state: State, player: int, seller: int, code: int, dest: int) -> None:
    """Pay the bank and the seller first, then place the tile (its fill coins come after payment)."""
    pay_bank(state, player, state.rules.purchase_cost)
    state.zoos[player].coins -= state.rules.purchase_price
    state.zoos[seller].coins += state.rules.purchase_price
    state.zoos[seller].remove_from_barn(code)
    state.log(PURCHASE, player, seller, code, dest)
    put_tile(state, player, code, dest)


def discard_problem(state: State, player: int, code: int) -> str | None:
    """Spec 5 Discard: one tile of the player's own barn leaves the game."""
    if not can_afford(state, player, state.rules.discard_cost):
        return f"Discard costs {state.rules.discard_cost}, player {player} has {state.zoos[player].coins}"
    return None if state.zoos[player].barn[code] > 0 else f"no tile {code} in the barn"


def do_discard(state: State, player: int, code: int) -> None:
    pay_bank(state, player, state.rules.discard_cost)
    state.zoos[player].remove_from_barn(code)
    state.out_of_game.append(code)
    state.log(DISCARD, player, code)


def expand_problem(state: State, player: int, new: int) -> str | None:
    """Spec 5 Expand: at most `max_expansions` (2 players: `max_expansions_two_players`)."""
    zoo = state.zoos[player]
    limit = state.rules.expansion_limit(state.players)
    if not can_afford(state, player, state.rules.expand_cost):
        return f"Expand costs {state.rules.expand_cost}, player {player} has {zoo.coins}"
    if zoo.expansions >= limit:
        return f"player {player} already has {limit} expansion(s)"
    return None if new == len(zoo.enclosures) else f"the new enclosure is number {len(zoo.enclosures)}, not {new}"


def do_expand(state: State, player: int) -> None:
    zoo = state.zoos[player]
    pay_bank(state, player, state.rules.expand_cost)
    zoo.enclosures.append(expansion_enclosure(state.rules))
    zoo.expansions += 1
    state.log(EXPAND, player, len(zoo.enclosures) - 1)


def money_problem(state: State, player: int, option: Option) -> str | None:
    kind, a, b, c = option
    if kind == MOVE:
        return move_problem(state, player, a, b, c)
    if kind == EXCHANGE:
        return exchange_problem(state, player, a, b)
    if kind == PURCHASE:
        return purchase_problem(state, player, a, b, c)
    if kind == DISCARD:
        return discard_problem(state, player, a)
    if kind == EXPAND:
        return expand_problem(state, player, a)
    return f"unknown action kind {kind}"


# --- the canonical option list (protocol 8) -------------------------------------------------------------

def _money_candidates(state: State, player: int) -> Iterable[Option]:
    """Every money action shape in the canonical order of protocol 8, legal or not."""
    zoo = state.zoos[player]
    n = len(zoo.enclosures)
    for code in zoo.barn_codes():  # 3a animals, then 3b stalls (stall codes are above animal codes)
        for e in range(n):
            yield MOVE, code, BARN, e
    for e in range(n):  # 3c
        for kind in sorted(set(zoo.enclosures[e].stalls)):
            for f in [f for f in range(n) if f != e] + [BARN]:
                yield MOVE, STALL_BASE + kind, e, f
    for i in range(n):  # 4a
        for j in range(i + 1, n):
            yield EXCHANGE, i, j, 0
    for i in range(n):  # 4b
        for s in zoo.barn_species():
            yield EXCHANGE, i, EXCHANGE_BARN + s, 0
    for q in range(state.players):  # 5
        if q != player:
            for code in state.zoos[q].barn_codes():
                for dest in list(range(n)) + [BARN]:
                    yield PURCHASE, q, code, dest
    for code in zoo.barn_codes():  # 6
        yield DISCARD, code, 0, 0
    yield EXPAND, n, 0, 0  # 7


def legal_turn_options(state: State, player: int) -> list[Option]:
    """Protocol 8: all legal turn options of `player` (assumed on turn) in canonical order."""
    if state.game_over or state.zoos[player].has_truck:
        return []
    options: list[Option] = []
    if draw_trucks(state):
        options.append((DRAW, 0, 0, 0))
    options += [(TAKE, t, 0, 0) for t in take_trucks(state)]
    options += [o for o in _money_candidates(state, player) if money_problem(state, player, o) is None]
    return options


# --- one turn -------------------------------------------------------------------------------------------

def apply_turn(state: State, option: Sequence[int], truck: TruckChoice | None = None,
               placements: Placements | None = None) -> None:
    """Play one turn of the player on turn (`state.current`), then pass the turn (spec 3).

    DRAW needs `truck`: a truck number, or a function choosing from D after the tile is drawn.
    TAKE needs `placements` for a truck with tiles: (code, destination) pairs in the order placed, or a
    function (code, options) -> destination called in loading order (not for coin tiles).
    Raises IllegalMove (state unchanged) when the option is not legal.
    """
    if state.game_over:
        raise IllegalMove("the game is over")
    kind, a, b, c = (tuple(int(x) for x in option) + (0, 0, 0))[:4]
    player = state.current
    if kind == DRAW:
        _draw_and_load(state, player, truck)
    elif kind == TAKE:
        _take_truck(state, player, a, placements)
    elif kind in (MOVE, EXCHANGE, PURCHASE, DISCARD, EXPAND):
        problem = money_problem(state, player, (kind, a, b, c))
        if problem:
            raise IllegalMove(f"{EVENT_NAMES[kind]} {(a, b, c)} by player {player}: {problem}")
        {MOVE: lambda: do_move(state, player, a, b, c), EXCHANGE: lambda: do_exchange(state, player, a, b),
         PURCHASE: lambda: do_purchase(state, player, a, b, c), DISCARD: lambda: do_discard(state, player, a),
         EXPAND: lambda: do_expand(state, player)}[kind]()
        state.zoos[player].money_actions += 1
    else:
        raise IllegalMove(f"{kind} is not a turn option")
    end_turn(state)


def _draw_and_load(state: State, player: int, truck: TruckChoice | None) -> None:
    """Spec 3A: draw the top tile and load it on an untaken truck with a free space; `end_trigger` says whether
    the draw makes the round the last."""
    from_end = trucks.draw_onto_truck(state, player, truck)
    if draw_ends_game(state, from_end):
        state.last_round = True
        state.log(LAST_ROUND, player, state.round)


def _take_truck(state: State, player: int, t: int, placements: Placements | None) -> None:
    """Spec 3B + 4: take the truck, place all its tiles (births after each), sit out the round."""
    problem = take_problem(state, t)
    if problem:
        raise IllegalMove(f"TAKE {t} by player {player}: {problem}")
    truck = state.trucks[t]
    if truck.tiles and placements is None:
        raise IllegalMove("TAKE needs placements")
    if truck.tiles and not callable(placements):
        _check_placement_list(truck.tiles, placements)
        trucks.try_on_a_copy(state, lambda trial: _place_all(trial, player, t, placements))
    _place_all(state, player, t, placements)


def _place_all(state: State, player: int, t: int, placements: Placements | None) -> None:
    zoo = state.zoos[player]
    tiles = trucks.take_truck(state, player, t)
    if callable(placements):
        pairs = ((code, None) for code in tiles)
    else:
        pairs = iter(placements or [])
    for code, dest in pairs:
        if dest is None:  # a policy's choice, made now (after earlier tiles and births); coins need none
            dest = MONEY if code == COIN else placements(code, placement_options(zoo, code))
        problem = placement_problem(zoo, code, dest)
        if problem:
            raise IllegalMove(f"PLACE by player {player}: {problem}")
        state.log(PLACE, player, code, dest)
        put_tile(state, player, code, dest)


def _check_placement_list(tiles: list[int], placements: Sequence[tuple[int, int]]) -> None:
    if sorted(code for code, _ in placements) != sorted(tiles):
        raise IllegalMove(f"placements {[c for c, _ in placements]} do not match the truck's tiles {tiles}")


def end_turn(state: State) -> None:
    """Spec 3 / 8: the next seat without a truck is on turn; when every seat has one the round ends (tiles left on
    trucks leave the game; the last taker starts the next round; the game ends after the last round, when both
    stacks are empty, or at `max_rounds`)."""
    trucks.end_turn(state, ROUND_END, score_player)


# --- policies (spec 11, protocol 7-8) -------------------------------------------------------------------

def uniform_turn(state: State, rng: PyRng) -> None:
    """Protocol 7: draw or take with probability 1/2 when both are possible; never a money action."""
    d, t = draw_trucks(state), take_trucks(state)
    if d and t:
        draw = rng.below(2) == 0
    elif d or t:
        draw = bool(d)
    else:
        apply_turn(state, (TAKE, forced_empty_truck(state), 0, 0))
        return
    if draw:
        apply_turn(state, (DRAW, 0, 0, 0), truck=lambda ds: ds[rng.below(len(ds))])
    else:
        _take_uniformly(state, (TAKE, t[rng.below(len(t))], 0, 0), rng)


def _take_uniformly(state: State, option: Option, rng: PyRng) -> None:
    apply_turn(state, option, placements=lambda code, options: options[rng.below(len(options))])


def random_turn(state: State, rng: PyRng) -> None:
    """Protocol 8: a uniformly chosen option of the canonical list."""
    options = legal_turn_options(state, state.current)
    if not options:
        apply_turn(state, (TAKE, forced_empty_truck(state), 0, 0))
        return
    option = options[rng.below(len(options))]
    if option[0] == DRAW:
        apply_turn(state, option, truck=lambda ds: ds[rng.below(len(ds))])
    elif option[0] == TAKE:
        _take_uniformly(state, option, rng)
    else:
        apply_turn(state, option)


POLICY_TURNS = {"uniform": uniform_turn, "random": random_turn}


play_game = family.game_player(validate, setup, POLICY_TURNS, game_record)  # one game of uniform and random seats


# --- replay ---------------------------------------------------------------------------------------------

def replay_decisions(rules: Rules, players: int, seed: int, game_index: int,
                     events: Iterable[Sequence[int]]) -> GameRecord:
    """Replay the decisions (DRAW, TAKE + its PLACE rows, money actions) of an event list; consequences
    (BIRTH, FILL, LAST_ROUND, ROUND_END) are skipped on input and produced by these rules."""
    validate(rules, players)
    state = setup(rules, players, PyRng(seed, game_index))
    rows = [tuple(int(x) for x in row) for row in events]
    consequences = {k for k in EVENT_NAMES if k not in DECISION_KINDS and k != PLACE}
    pos = 0

    def next_row() -> tuple[int, tuple[int, ...]] | None:
        nonlocal pos
        while pos < len(rows) and rows[pos][0] in consequences:
            pos += 1
        if pos == len(rows):
            return None
        pos += 1
        return pos - 1, rows[pos - 1]

    while not state.game_over:
        found = next_row()
        if found is None:
            raise IllegalMove(f"the events end in round {state.round} with player {state.current} on turn")
        at, row = found
        kind, player, a, b, c = row[:5]
        try:
            if kind not in DECISION_KINDS:
                raise IllegalMove(f"expected a decision, got {EVENT_NAMES.get(kind, kind)}")
            check_on_turn(state, player)
            if kind == DRAW:
                check_drawn(state, a, c)
                apply_turn(state, (DRAW, 0, 0, 0), truck=b)
            elif kind == TAKE:
                n = len(state.trucks[a].tiles) if 0 <= a < len(state.trucks) else 0
                places = []
                for _ in range(n):
                    found = next_row()
                    if found is None or found[1][0] != PLACE or found[1][1] != player:
                        raise IllegalMove(f"TAKE {a} needs {n} PLACE rows of player {player}")
                    places.append((found[1][2], found[1][3]))
                apply_turn(state, (TAKE, a, 0, 0), placements=places)
            else:
                apply_turn(state, (kind, a, b, c))
        except IllegalMove as err:
            raise IllegalMove(f"event {at} {row}: {err}") from None
    rest = next_row()
    if rest is not None:
        raise IllegalMove(f"event {rest[0]} {rest[1]}: a decision after the game ended")
    return game_record(state)
