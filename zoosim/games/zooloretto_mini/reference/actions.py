"""Zooloretto Mini in plain Python, part 2: turns, rounds, the policies uniform and random, play and replay.

A turn option is `(DRAW, 0, 0, 0)` (the truck is chosen after the tile is seen) or `(TAKE, truck, 0, 0)`;
a bonus option is `(BONUS_SKIP, 0, 0, 0)`, `(BONUS_TAKE, seller, code, enclosure)` or
`(BONUS_DISCARD, code, 0, 0)` — laid out like the event rows they produce (protocol 10).
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from typing import Union

from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.zooloretto_mini.reference.state import (
    BARN, BONUS_DISCARD, BONUS_KINDS, BONUS_SKIP, DRAW, EVENT_NAMES, LAST_ROUND, PLACE, ROUND_END, TAKE,
    GameRecord, IllegalMove, State, apply_bonus, bonus_options, game_record, placement_options, put_tile, score_player, setup,
)
from zoosim.games.zooloretto_mini.rules import Rules, validate

Option = tuple[int, int, int, int]
Placements = Union[Sequence[tuple[int, int]], Callable[[int, list[int]], int]]
Bonuses = Union[Sequence[Option], Callable[[State, int], Option]]
POLICIES = ("uniform", "random")


def tiles_left(state: State) -> bool:
    return bool(state.main or state.end)


def draw_trucks(state: State) -> list[int]:
    """D: untaken trucks with a free space, while a tile is left to draw."""
    if not tiles_left(state):
        return []
    return [t for t, tr in enumerate(state.trucks) if tr.taken_by is None and len(tr.tiles) < tr.capacity]


def take_trucks(state: State) -> list[int]:
    """T: untaken trucks with at least one tile."""
    return [t for t, tr in enumerate(state.trucks) if tr.taken_by is None and tr.tiles]


def forced_empty_truck(state: State) -> int | None:
    """Protocol 6: with D and T empty the player takes the lowest untaken (empty) truck."""
    if draw_trucks(state) or take_trucks(state):
        return None
    return next(t for t, tr in enumerate(state.trucks) if tr.taken_by is None)


def legal_turn_options(state: State) -> list[Option]:
    """Protocol 9: DRAW (if D is non-empty), then TAKE t for t in T ascending."""
    options: list[Option] = [(DRAW, 0, 0, 0)] if draw_trucks(state) else []
    return options + [(TAKE, t, 0, 0) for t in take_trucks(state)]


def apply_turn(state: State, option: Sequence[int], truck: int | Callable[[list[int]], int] | None = None,
               placements: Placements | None = None, bonuses: Bonuses | None = None) -> None:
    """Play one turn of `state.current`. DRAW needs `truck` (a number, or a chooser from D called after the
    draw); TAKE needs `placements` ((code, destination) pairs in the order placed, or a chooser called in
    loading order) and, when bonuses are earned, `bonuses` (options in order, or a chooser). An
    IllegalMove leaves the state unchanged."""
    if state.game_over:
        raise IllegalMove("the game is over")
    kind, a = int(option[0]), int(option[1]) if len(option) > 1 else 0
    player = state.current
    if kind == DRAW:
        _draw_and_load(state, player, truck)
    elif kind == TAKE:
        if not callable(placements) or not callable(bonuses):
            _try_on_a_copy(state, lambda trial: _take_truck(trial, player, a, placements, bonuses))
        _take_truck(state, player, a, placements, bonuses)
    else:
        raise IllegalMove(f"{kind} is not a turn option")
    end_turn(state)


def _try_on_a_copy(state: State, action: Callable[[State], None]) -> None:
    """Run `action` on a copy (without the event log) first, so that an IllegalMove changes nothing."""
    events, state.events = state.events, []
    try:
        trial = copy.deepcopy(state)
    finally:
        state.events = events
    action(trial)


def _draw_and_load(state: State, player: int, truck) -> None:
    """Spec 2A: draw from the bag (then the end stack) onto an untaken truck with a free space."""
    choices = draw_trucks(state)
    if not choices:
        raise IllegalMove(f"player {player} cannot draw: no tile left or no untaken truck with a free space")
    if truck is None or (not callable(truck) and truck not in choices):
        raise IllegalMove(f"truck {truck} cannot be loaded; loadable: {choices}")
    from_end = not state.main
    code = (state.end if from_end else state.main).pop(0)
    t = truck(choices) if callable(truck) else truck
    state.trucks[t].tiles.append(code)
    state.log(DRAW, player, code, t, int(from_end))
    if from_end and not state.last_round:
        state.last_round = True
        state.log(LAST_ROUND, player, state.round)


def _take_truck(state: State, player: int, t: int, placements: Placements | None, bonuses: Bonuses | None) -> None:
    """Spec 2B, 3-5: take the truck, place its tiles (births after each), then resolve the bonuses."""
    if not 0 <= t < len(state.trucks) or state.trucks[t].taken_by is not None:
        raise IllegalMove(f"truck {t} cannot be taken")
    truck = state.trucks[t]
    if not truck.tiles and forced_empty_truck(state) is None:
        raise IllegalMove(f"truck {t} is empty")
    zoo = state.zoos[player]
    truck.taken_by = player
    zoo.has_truck = True
    state.earned = 0
    state.log(TAKE, player, t)
    tiles, truck.tiles = truck.tiles, []
    if callable(placements):
        pairs = [(code, None) for code in tiles]
    else:
        pairs = list(placements or [])
        if sorted(code for code, _ in pairs) != sorted(tiles):
            raise IllegalMove(f"placements {[c for c, _ in pairs]} do not match the truck's tiles {tiles}")
    for code, dest in pairs:
        options = placement_options(zoo, code)
        if dest is None:
            dest = placements(code, options)
        if dest not in options:
            raise IllegalMove(f"tile {code} cannot go to {dest}; legal: {options}")
        state.log(PLACE, player, code, dest)
        put_tile(state, player, code, dest, from_truck=True)
    given = None if callable(bonuses) else list(bonuses or [])
    for k in range(state.earned):
        if given is None:
            choice = bonuses(state, player)
        elif k < len(given):
            choice = tuple(given[k])
        else:
            raise IllegalMove(f"{state.earned} bonus(es) earned, {len(given)} given")
        apply_bonus(state, player, choice)
    if given is not None and len(given) > state.earned:
        raise IllegalMove(f"{len(given)} bonus(es) given, {state.earned} earned")


def end_turn(state: State) -> None:
    state.turns += 1
    if all(zoo.has_truck for zoo in state.zoos):
        end_round(state)
        return
    for k in range(1, state.players + 1):
        q = (state.current + k) % state.players
        if not state.zoos[q].has_truck:
            state.current = q
            return


def end_round(state: State) -> None:
    """Spec 2, 7: tiles left on trucks leave the game; the last taker starts the next round; the game ends
    after the last round, when no tile is left, or at max_rounds."""
    left = [code for truck in state.trucks for code in truck.tiles]
    state.out_of_game += left
    for truck in state.trucks:
        truck.tiles = []
    state.log(ROUND_END, state.current, state.round, len(left))
    state.round_scores.append([score_player(state.rules, zoo)["total"] for zoo in state.zoos])
    if state.last_round or not tiles_left(state) or state.round >= state.rules.max_rounds:
        state.game_over = True
        return
    state.round += 1
    for truck in state.trucks:
        truck.taken_by = None
    for zoo in state.zoos:
        zoo.has_truck = False


# --- policies (spec 8, protocol 8-9) --------------------------------------------------------------------

def uniform_bonus(state: State, player: int, rng: PyRng) -> Option:
    """Spec 8.4: discard a uniformly chosen barn tile (tiles counted in ascending code order), else skip."""
    barn = state.zoos[player].barn
    tiles = [code for code in sorted(barn) for _ in range(barn[code])]
    if not tiles:
        return (BONUS_SKIP, 0, 0, 0)
    return (BONUS_DISCARD, tiles[rng.below(len(tiles))], 0, 0)


def _uniform_take(state: State, option: Option, rng: PyRng, bonuses: Bonuses) -> None:
    apply_turn(state, option, placements=lambda code, options: options[rng.below(len(options))], bonuses=bonuses)


def uniform_turn(state: State, rng: PyRng) -> None:
    """Spec 8: draw or take with probability 1/2 when both are possible."""
    d, t = draw_trucks(state), take_trucks(state)

    def bonuses(s: State, p: int) -> Option:
        return uniform_bonus(s, p, rng)

    if not d and not t:
        apply_turn(state, (TAKE, forced_empty_truck(state), 0, 0), placements=[], bonuses=bonuses)
    elif d and (not t or rng.below(2) == 0):
        apply_turn(state, (DRAW, 0, 0, 0), truck=lambda ds: ds[rng.below(len(ds))])
    else:
        _uniform_take(state, (TAKE, t[rng.below(len(t))], 0, 0), rng, bonuses)


def random_turn(state: State, rng: PyRng) -> None:
    """Protocol 9: a uniformly chosen turn option; each bonus uniform over its canonical option list."""
    options = legal_turn_options(state)

    def bonuses(s: State, p: int) -> Option:
        choices = bonus_options(s, p)
        return choices[rng.below(len(choices))]

    if not options:
        apply_turn(state, (TAKE, forced_empty_truck(state), 0, 0), placements=[], bonuses=bonuses)
        return
    option = options[rng.below(len(options))]
    if option[0] == DRAW:
        apply_turn(state, option, truck=lambda ds: ds[rng.below(len(ds))])
    else:
        _uniform_take(state, option, rng, bonuses)


POLICY_TURNS = {"uniform": uniform_turn, "random": random_turn}


def play_game(rules: Rules, players: int, policies: Sequence[str], seed: int, game_index: int,
              check: Callable[[State], None] | None = None) -> GameRecord:
    """One game from PyRng(seed, game_index); each seat's policy draws from the same stream.
    `check` (e.g. check_invariants) is called after every turn."""
    validate(rules, players)
    if len(policies) != players or any(p not in POLICY_TURNS for p in policies):
        raise ZoosimError(f"need one policy per seat ({players}) from {', '.join(POLICIES)}, got {list(policies)}")
    rng = PyRng(seed, game_index)
    state = setup(rules, players, rng)
    while not state.game_over:
        POLICY_TURNS[policies[state.current]](state, rng)
        if check is not None:
            check(state)
    return game_record(state)


def replay_decisions(rules: Rules, players: int, seed: int, game_index: int,
                     events: Iterable[Sequence[int]]) -> GameRecord:
    """Replay the decisions of an event log (DRAW, TAKE with its PLACE and BONUS_* rows); consequences
    (BIRTH, FILL, LAST_ROUND, ROUND_END) are skipped on input and produced by these rules. Every decision
    is checked; a wrong one raises IllegalMove naming the event."""
    validate(rules, players)
    state = setup(rules, players, PyRng(seed, game_index))
    rows = [tuple(int(x) for x in row) for row in events]
    decisions = [(i, row) for i, row in enumerate(rows) if row[0] in (DRAW, TAKE, PLACE) + BONUS_KINDS]
    pos = 0
    while not state.game_over:
        if pos >= len(decisions):
            raise IllegalMove(f"the events end in round {state.round} with player {state.current} on turn")
        at, (kind, player, a, b, c, _d) = decisions[pos]
        pos += 1
        try:
            if player != state.current:
                raise IllegalMove(f"player {state.current} is on turn, not {player}")
            if kind == DRAW:
                stack = state.main or state.end
                if not stack or (stack[0], int(not state.main)) != (a, c):
                    raise IllegalMove("the stack gives another tile")
                apply_turn(state, (DRAW, 0, 0, 0), truck=b)
            elif kind == TAKE:
                places, bonuses = [], []
                while pos < len(decisions) and decisions[pos][1][0] in (PLACE,) + BONUS_KINDS:
                    row = decisions[pos][1]
                    (places if row[0] == PLACE else bonuses).append(row)
                    pos += 1
                apply_turn(state, (TAKE, a, 0, 0), placements=[(r[2], r[3]) for r in places],
                           bonuses=[_bonus_option(r) for r in bonuses])
            else:
                raise IllegalMove(f"expected DRAW or TAKE, got {EVENT_NAMES.get(kind, kind)}")
        except IllegalMove as err:
            raise IllegalMove(f"event {at} {rows[at]}: {err}") from None
    if pos < len(decisions):
        raise IllegalMove(f"event {decisions[pos][0]}: a decision after the game ended")
    return game_record(state)


def _bonus_option(row: Sequence[int]) -> Option:
    kind, _player, a, b, c = row[:5]
    if kind == BONUS_SKIP:
        return (BONUS_SKIP, 0, 0, 0)
    if kind == BONUS_DISCARD:
        return (BONUS_DISCARD, a, 0, 0)
    return (kind, a, b, c)


__all__ = ["apply_turn", "legal_turn_options", "play_game", "replay_decisions", "uniform_turn", "random_turn",
           "draw_trucks", "take_trucks", "BARN"]
