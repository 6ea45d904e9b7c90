"""The plain-Python reference's policies: the baselines `greedy` and `heuristic` (PROTOCOL.md 8, spec §9.1's
baselines), `uniform` and `random`.

Both draw no random numbers: every hook takes the first option with the highest value, values being IEEE doubles
evaluated as PROTOCOL.md 8 writes them, left to right, so that the numba engine, written from the same text, makes
the same choice to the bit. One function per rule of §8: `reward_value` (RV), `placement_facts` (what `add` would
do), the placement values PV_greedy / PV_heuristic, `card_gain` / `favour_gain`, `tile_value` (TV) and
`public_tile_value` (PTV); the classes only pick among options with them.

`placement_facts` copies the castle and lays the tile on the copy: the oracle. `placement_preview` reads the same
facts from the castle's look-up tables without copying (what the policies call, hundreds of times a turn); tests
hold the two equal on random castles.

`Uniform` (the measuring stick of §9.1) and `Random` (uniform over each hook's option list) are here too, and
`make_policy`, which reference.game.play_game asks for a policy by name.
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.castles import policies
from zoosim.games.castles.components import data
from zoosim.games.castles.components.geometry import BLOCKED, CONNECTED, OPEN
from zoosim.games.castles.reference.castle import Castle, footprint
from zoosim.games.castles.reference.scoring import (
    Metrics, bonus_card_points, castle_type, favor_metric, living_rescore, metrics, placement_points, rule_type,
    rule_value,
)
from zoosim.games.castles.reference.state import (
    A_BUY_PIECE, A_BUY_ROOM, A_PASS, DS_WILD, SLEEPING_PICK, Policy, State,
)
from zoosim.games.castles.rules import Rules

PIECES = (data.HALLWAY, data.STAIRS, data.FOYER)  # what pieces_give_rewards speaks of


class HeuristicParams(NamedTuple):
    """The heuristic's weights in PROTOCOL.md 8's order (castles.policies.HEURISTIC_PARAMS); greedy is fixed at
    the defaults."""

    w_complete: float
    w_block: float
    w_open: float
    mark_value: float   # points per 1000 marks of an outdoor reward
    w_cards: float
    w_intent: float
    pass_bias: float
    piece_value: float
    shortlist: float    # act: the buys whose placements are evaluated (the whole part, at least 1)


DEFAULTS = HeuristicParams(*policies.DEFAULTS)
GREEDY_WEIGHTS = HeuristicParams(*policies.GREEDY_WEIGHTS)   # greedy's fixed row (TV and RV only)


def as_params(params: Sequence[float] | None) -> HeuristicParams:
    """The 9 values in §8's order as HeuristicParams (None: the defaults)."""
    if params is None:
        return DEFAULTS
    if len(params) != len(DEFAULTS):
        raise ZoosimError(f"heuristic takes {len(DEFAULTS)} parameters ({', '.join(HeuristicParams._fields)}), "
                          f"got {len(params)}: {tuple(params)}")
    return HeuristicParams(*(float(v) for v in params))


# ---------------------------------------------------------------- a placement's facts
@dataclass(frozen=True)
class PlacementFacts:
    """What laying a tile would do (PROTOCOL.md 8): its §5 points, the castle indices that would complete (the new
    tile first, then old ones ascending), the door pairs it connects, its own doors left BLOCKED, old OPEN doors it
    blocks (not those it connects) and its own doors left OPEN."""

    points: int
    complete: tuple[int, ...]
    links: int
    own_blocked: int
    old_blocked: int
    opened: int


def placement_facts(castle: Castle, rules: Rules, tile: int, rot: int, x: int, y: int, level: int) -> PlacementFacts:
    """The oracle: lay the tile on a copy of the castle with `Castle.add` and read the facts off the copy (the same
    completion check as reference.game.place_tile)."""
    trial = copy.deepcopy(castle)
    n, gained = trial.add(tile, rot, x, y, level)
    complete = tuple(t for t in [n] + gained if not trial.complete[t] and trial.is_complete_now(t))
    own = trial.door_state[n]
    old_blocked = sum(1 for b, states in enumerate(castle.door_state) for j, s in enumerate(states)
                      if s == OPEN and trial.door_state[b][j] == BLOCKED)
    return PlacementFacts(placement_points(trial, rules, n), complete, own.count(CONNECTED), own.count(BLOCKED),
                          old_blocked, own.count(OPEN))


def placement_preview(castle: Castle, rules: Rules, tile: int, rot: int, x: int, y: int,
                      level: int) -> PlacementFacts:
    """The same facts as `placement_facts` for a legal placement, from the castle's tables without copying it:
    Castle.add's door states and touching, then reference.scoring.placement_points' sum, on the would-be tile n."""
    fp = footprint(tile, rot % 4, level)
    n = len(castle.tiles)
    full = {(cx + x, cy + y) for cx, cy in fp.full}
    cells = full | {(cx + x, cy + y) for cx, cy, _ in fp.half}
    links: dict[int, int] = {}
    partners: set[tuple[int, int]] = set()
    own_blocked = opened = 0
    for (ex, ey, o), lv, (ax, ay) in fp.doors:
        partner = next(((b, j) for b, j, lv2 in castle.doors_at.get((ex + x, ey + y, o), ()) if lv2 == lv), None)
        if partner is not None:
            partners.add(partner)
            links[partner[0]] = links.get(partner[0], 0) + 1
        elif (ax + x, ay + y) in castle.quarters or (ax + x, ay + y) in cells:
            own_blocked += 1
        else:
            opened += 1
    old_blocked = sum(1 for c in cells for door in castle.open_facing.get(c, ()) if door not in partners)
    touches = {b for ex, ey, o in fp.walls for b in castle.walls.get((ex + x, ey + y, o), ())}
    touches |= {b for cx, cy, hf in fp.diagonals for b, h2 in castle.diagonals.get((cx + x, cy + y), ())
                if h2 == (hf + 2) % 4}
    pts = int(data.TILE_BASE[tile])
    for b, count in links.items():
        per = count if rules.bonus_per_link else 1
        other = castle.tiles[b].tile
        pts += per * rule_value(tile, data.RULE_CONN, rule_type(rules, other))
        pts += per * rule_value(other, data.RULE_CONN, rule_type(rules, tile))
    for b in touches:
        other = castle.tiles[b].tile
        pts += rule_value(tile, data.RULE_TOUCH, rule_type(rules, other))
        pts += rule_value(other, data.RULE_TOUCH, rule_type(rules, tile))
    kind = castle_type(rules, tile)
    pts += sum(rule_value(p.tile, data.RULE_CASTLE, kind) for p in castle.tiles)
    pts += sum(rule_value(tile, data.RULE_CASTLE, castle_type(rules, p.tile)) for p in castle.tiles)
    if rules.castle_rule_counts_self:
        pts += rule_value(tile, data.RULE_CASTLE, kind)
    complete = (n,) if len(partners) == len(fp.doors) else ()
    complete += tuple(b for b in sorted(links) if not castle.complete[b] and all(
        s == CONNECTED or (b, j) in partners for j, s in enumerate(castle.door_state[b])))
    return PlacementFacts(pts, complete, len(partners), own_blocked, old_blocked, opened)


def tile_at(castle: Castle, tile: int, c: int) -> int:
    """The catalogue tile of castle index c, where index len(castle.tiles) is the tile being laid."""
    return tile if c == len(castle.tiles) else castle.tiles[c].tile


# ---------------------------------------------------------------- RV, PV
def type_reward_value(rules: Rules, kind: int, base: int, params: HeuristicParams) -> float:
    """RV by type: what completing a room of this type is worth in points (a living room's is its base, as its
    re-score at least; outdoor marks at mark_value; a bonus card 2, an extra action 3, a tile choice 1)."""
    if kind == data.LIVING:
        return float(base)
    if kind == data.ACTIVITY:
        return float(rules.activity_reward_points)
    if kind == data.OUTDOOR:
        return params.mark_value * rules.outdoor_reward_money / 1000
    return (1.0, 2.0, 3.0, 1.0, 1.0)[(data.SLEEPING, data.UTILITY, data.FOOD, data.CORRIDOR,
                                      data.DOWNSTAIRS).index(kind)]


def reward_value(rules: Rules, tile: int, params: HeuristicParams = DEFAULTS) -> float:
    """RV(c) of completing a castle tile showing catalogue tile `tile`: by its type; a piece gives the corridor
    reward, or nothing when pieces_give_rewards is off."""
    if tile in PIECES and not rules.pieces_give_rewards:
        return 0.0
    return type_reward_value(rules, int(data.TILE_TYPE[tile]), int(data.TILE_BASE[tile]), params)


def completion_value(castle: Castle, rules: Rules, tile: int, facts: PlacementFacts, params: HeuristicParams) -> float:
    """Σ RV(c) over the placement's completions, added in their order starting from 0."""
    total = 0.0
    for c in facts.complete:
        total = total + reward_value(rules, tile_at(castle, tile, c), params)
    return total


def greedy_placement_value(castle: Castle, rules: Rules, tile: int, facts: PlacementFacts) -> float:
    """PV_greedy = points + Σ RV(c): the immediate gain of the placement."""
    return facts.points + completion_value(castle, rules, tile, facts, DEFAULTS)


def heuristic_placement_value(castle: Castle, rules: Rules, tile: int, facts: PlacementFacts,
                              params: HeuristicParams) -> float:
    """PV_heuristic: the gain, less the doors it spoils for good, plus the net change in open doors (room to
    grow)."""
    blocked = facts.own_blocked + facts.old_blocked
    net_open = facts.opened - facts.links - facts.old_blocked
    return (facts.points + params.w_complete * completion_value(castle, rules, tile, facts, params)
            - params.w_block * blocked + params.w_open * net_open)


# ---------------------------------------------------------------- TV, PTV
def grown(m: Metrics, tile: int) -> Metrics:
    """The metrics with one more room like `tile`: its type's count and area and its size's count (the rest, money
    and the total area included, unchanged)."""
    kind, size = int(data.TILE_TYPE[tile]), int(data.TILE_SIZE[tile])
    by_type, area_by_type, by_size = list(m.count_by_type), list(m.area_by_type), list(m.count_by_size)
    by_type[kind] += 1
    area_by_type[kind] += int(data.TILE_SIZE_SQFT[tile])
    by_size[size] += 1
    return replace(m, count_by_type=by_type, area_by_type=area_by_type, count_by_size=by_size)


def card_gain(state: State, p: int, tile: int) -> int:
    """cards(p, t): how many more bonus-card points p's hand would score (§7.3 at p's metrics and money now) with
    one more room of t's type and size."""
    me = state.seats[p]
    now = metrics(me.castle, state.rules, me.money)
    after = grown(now, tile)
    cards = [data.BONUS_CARDS[c] for c in me.bonus_cards]
    return (sum(bonus_card_points(card, after, state.rules) for card in cards)
            - sum(bonus_card_points(card, now, state.rules) for card in cards))


EMPTY_METRICS = Metrics([0] * data.N_TYPES, [0] * data.N_TYPES, [0] * data.N_SIZES, 0, 0, 0, 0, 0, 0, 0)


def favour_gain(state: State, tile: int) -> int:
    """favours(t): the favours in play whose ranked metric a room like t raises (count or area of its type, count of
    its size class); the same for every seat, so public."""
    after = grown(EMPTY_METRICS, tile)
    return sum(favor_metric(data.FAVORS[f], after) > favor_metric(data.FAVORS[f], EMPTY_METRICS)
               for f in state.favors)


def tile_value(state: State, p: int, tile: int, params: HeuristicParams = DEFAULTS) -> float:
    """TV(p, t): a room's base, its share of the completion reward per door it must connect, and its card and
    favour progress for p; a hallway or stairs is worth piece_value."""
    if tile in PIECES:
        return params.piece_value
    base, doors = int(data.TILE_BASE[tile]), int(data.TILE_N_DOORS[tile])
    rv = type_reward_value(state.rules, int(data.TILE_TYPE[tile]), base, params)
    progress = card_gain(state, p, tile) + favour_gain(state, tile)  # an integer until it meets w_cards
    return base + params.w_complete * rv / doors + params.w_cards * progress


def public_tile_value(state: State, tile: int, params: HeuristicParams = DEFAULTS) -> float:
    """PTV(t): TV without the bonus cards (a seat never reads another's hand): what any seat may want."""
    if tile in PIECES:
        return params.piece_value
    base, doors = int(data.TILE_BASE[tile]), int(data.TILE_N_DOORS[tile])
    rv = type_reward_value(state.rules, int(data.TILE_TYPE[tile]), base, params)
    return base + params.w_complete * rv / doors + params.w_cards * favour_gain(state, tile)


def first_best(values: Sequence) -> int:
    """The index of the first highest value (ties: the earliest option)."""
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
    return best


# ---------------------------------------------------------------- the policies
class Heuristic:
    """PROTOCOL.md 8 `heuristic`: buys on a placement-free tile value against its price, places on points,
    completions, blocking and openness, prices its own best tiles cheapest less what every seat wants."""

    def __init__(self, params: Sequence[float] | None = None) -> None:
        self.params = as_params(params)

    def choose(self, state: State, hook: str, player: int, options: list) -> int:
        return getattr(self, "on_" + hook)(state, player, options)

    # -- values the two policies weigh differently
    def placement_value(self, castle: Castle, rules: Rules, tile: int, facts: PlacementFacts) -> float:
        return heuristic_placement_value(castle, rules, tile, facts, self.params)

    def placement_key(self, castle: Castle, rules: Rules, tile: int, facts: PlacementFacts):
        return self.placement_value(castle, rules, tile, facts)

    def price_value(self, state: State, mb: int, tile: int) -> float:
        return tile_value(state, mb, tile, self.params) - self.params.w_intent * public_tile_value(
            state, tile, self.params)

    def best_placement_value(self, state: State, p: int, tile: int) -> float:
        """The policy's PV of the tile's best placement in p's castle."""
        castle, rules = state.seats[p].castle, state.rules
        return max(self.placement_value(castle, rules, tile, placement_preview(castle, rules, tile, *o))
                   for o in castle.legal_placements(tile))

    # -- the hooks
    def on_keep_bonus(self, state: State, player: int, options: list) -> int:
        """Give back the card worth least on p's castle and money now."""
        me = state.seats[player]
        m = metrics(me.castle, state.rules, me.money)
        return first_best([-bonus_card_points(data.BONUS_CARDS[c], m, state.rules) for c in options])

    def on_price(self, state: State, player: int, options: list) -> int:
        """Rank the whole market by price_value (ties: market order), the j-th ranked tile on the j-th cheapest slot
        (ties: lower slot); answer for the first market tile not yet on a slot."""
        market = [t for t, _ in state.market]
        values = [self.price_value(state, player, t) for t in market]
        ranked = sorted(range(len(market)), key=lambda i: -values[i])
        prices = state.prices()
        cheapest = sorted(range(len(prices)), key=lambda k: prices[k])
        on_slot = set(state.slot_tile)
        now = next(i for i, t in enumerate(market) if t not in on_slot)
        slot = cheapest[ranked.index(now)]
        if slot not in options:
            raise ZoosimError(f"price: slot {slot} for {data.TILE_NAMES[market[now]]} is taken (options {options})")
        return options.index(slot)

    def on_act(self, state: State, player: int, options: list) -> int:
        """Each buy: its best placement's PV (heuristic) plus, for a room, w_cards · its card and favour progress,
        for a piece piece_value; per 1000 marks of cost (at least 1000). PASS unless some buy's value is >
        pass_bias (the best buy when PASS is not an option)."""
        return self.act_by_ratio(state, player, options, self.params.pass_bias)

    def locked(self, state: State, player: int) -> int:
        """The market rooms p cannot place now."""
        castle = state.seats[player].castle
        return sum(1 for t, _ in state.market if not castle.can_place(t))

    def buy_gain(self, state: State, player: int, kind: int, tile: int) -> float:
        gain = self.best_placement_value(state, player, tile)
        if kind == A_BUY_PIECE:
            return gain + self.params.piece_value * self.locked(state, player)
        return gain + self.params.w_cards * (card_gain(state, player, tile) + favour_gain(state, tile))

    def free_gain(self, state: State, player: int, kind: int, tile: int) -> float:
        """A buy's placement-free gain, which ranks the shortlist: TV(p, t) for a room, piece_value · locked for a
        piece."""
        if kind == A_BUY_PIECE:
            return self.params.piece_value * self.locked(state, player)
        return tile_value(state, player, tile, self.params)

    def with_surplus(self, gain: float, cost: int) -> float:
        """A room whose coins exceed its price brings the surplus in marks (mark_value per 1000), so a market
        that every seat passes on grows coins until something is bought."""
        return gain - self.params.mark_value * cost / 1000 if cost < 0 else gain

    def shortlist(self, state: State, player: int, buys: list[tuple[int, int, int]]) -> list[int]:
        """The positions in `buys` ((kind, tile, cost) in option order) whose placements are evaluated: the
        `shortlist` best by free_gain per 1000 marks (a stable sort: ties keep option order), in option order."""
        keep = max(1, int(self.params.shortlist))
        if keep >= len(buys):
            return list(range(len(buys)))
        estimate = [self.with_surplus(self.free_gain(state, player, kind, tile), cost) * 1000 / max(cost, 1000)
                    for kind, tile, cost in buys]
        return sorted(sorted(range(len(buys)), key=lambda b: -estimate[b])[:keep])

    def act_by_ratio(self, state: State, player: int, options: list, threshold: float) -> int:
        """The shortlisted buys' gain per 1000 marks of cost (at least 1000); PASS when it is an option and no such
        buy's value is > threshold, else the first best of them."""
        buys, costed = [], []
        for i, (kind, arg) in enumerate(options):
            if kind == A_PASS:
                continue
            tile = state.slot_tile[arg] if kind == A_BUY_ROOM else arg
            cost = state.prices()[arg] - state.coins_on(tile) if kind == A_BUY_ROOM else state.rules.piece_price
            buys.append(i)
            costed.append((kind, tile, cost))
        kept = [buys[b] for b in self.shortlist(state, player, costed)]
        values = [self.with_surplus(self.buy_gain(state, player, kind, tile), cost) * 1000 / max(cost, 1000)
                  for kind, tile, cost in (costed[buys.index(i)] for i in kept)]
        passing = [i for i, (kind, _) in enumerate(options) if kind == A_PASS]
        if passing and (not kept or max(values) <= threshold):
            return passing[0]
        return kept[first_best(values)]

    def on_place(self, state: State, player: int, options: list) -> int:
        castle, rules, tile = state.seats[player].castle, state.rules, state.placing
        return first_best([self.placement_key(castle, rules, tile, placement_preview(castle, rules, tile, *o))
                           for o in options])

    def on_sleeping_pick(self, state: State, player: int, options: list) -> int:
        """The subset whose tiles are worth most to p (Σ TV in the subset's order; the empty one 0)."""
        worth: dict[int, float] = {}
        values = []
        for _, tiles in options:
            total = 0.0
            for t in tiles:
                if t not in worth:
                    worth[t] = tile_value(state, player, t, self.params)
                total = total + worth[t]
            values.append(total)
        return first_best(values)

    def on_corridor_pick(self, state: State, player: int, options: list) -> int:
        return first_best([self.best_placement_value(state, player, piece) for piece in options])

    def on_ds_wild(self, state: State, player: int, options: list) -> int:
        """Among the usable rewards (all when none is), living 3, the others their RV by type."""
        usable = [i for i, (_, ok) in enumerate(options) if ok] or list(range(len(options)))
        values = [3.0 if options[i][0] == data.LIVING
                  else type_reward_value(state.rules, options[i][0], 0, self.params) for i in usable]
        return usable[first_best(values)]

    def on_living_target(self, state: State, player: int, options: list) -> int:
        castle = state.seats[player].castle
        return first_best([living_rescore(castle, state.rules, t) for t in options])


class Greedy(Heuristic):
    """PROTOCOL.md 8 `greedy` (the defaults): buys on the exact best placement gain per mark, places on immediate
    points and completions (then fewer blocked doors), prices by its own tile value."""

    def __init__(self) -> None:
        super().__init__(GREEDY_WEIGHTS)

    def placement_value(self, castle: Castle, rules: Rules, tile: int, facts: PlacementFacts) -> float:
        return greedy_placement_value(castle, rules, tile, facts)

    def placement_key(self, castle: Castle, rules: Rules, tile: int, facts: PlacementFacts):
        return (greedy_placement_value(castle, rules, tile, facts), -(facts.own_blocked + facts.old_blocked))

    def price_value(self, state: State, mb: int, tile: int) -> float:
        return tile_value(state, mb, tile, self.params)

    def buy_gain(self, state: State, player: int, kind: int, tile: int) -> float:
        return self.best_placement_value(state, player, tile)

    def with_surplus(self, gain: float, cost: int) -> float:
        return gain

    def shortlist(self, state: State, player: int, buys: list[tuple[int, int, int]]) -> list[int]:
        return list(range(len(buys)))   # greedy evaluates every buy

    def on_act(self, state: State, player: int, options: list) -> int:
        """Each buy: its best placement's PV_greedy per 1000 marks of cost (at least 1000); PASS unless some buy's
        value is > 0 (the best buy when PASS is not an option)."""
        return self.act_by_ratio(state, player, options, 0.0)


# ---------------------------------------------------------------- uniform and random (§9.1, PROTOCOL.md 4)
class Random:
    """Uniform over each hook's option list: options[below(len(options))]; ds_wild: among the usable rewards
    (all 7 when none is usable)."""

    def __init__(self, rng: PyRng | None = None) -> None:
        self.rng = rng

    def choose(self, state: State, hook: str, player: int, options: list) -> int:
        rng = self.rng or state.rng
        if hook == DS_WILD:
            usable = [i for i, (_, ok) in enumerate(options) if ok]
            if usable:
                return usable[rng.below(len(usable))]
        return rng.below(len(options))


class Uniform(Random):
    """§9.1 the measuring stick: as Random, except sleeping_pick (a uniform stack, then k uniform in
    0..min(max, stack size), then a uniform k-subset) and ds_wild (uniform over all 7, an unusable one is lost)."""

    def choose(self, state: State, hook: str, player: int, options: list) -> int:
        rng = self.rng or state.rng
        if hook == DS_WILD:
            return rng.below(len(options))
        if hook == SLEEPING_PICK:
            sizes = sorted({s for s, _ in options})
            size = sizes[rng.below(len(sizes))]
            n = len(state.stacks[size])
            k = rng.below(min(state.rules.sleeping_reward_max_tiles, n) + 1)
            same = [i for i, (s, combo) in enumerate(options) if s == size and len(combo) == k]
            return same[rng.below(len(same))]
        return rng.below(len(options))


POLICIES = {"uniform": Uniform, "random": Random, "greedy": Greedy, "heuristic": Heuristic}


def make_policy(name: str, params: tuple[float, ...] | None = None) -> Policy:
    """A policy by name; `params` only for heuristic (its 8 weights, PROTOCOL.md 8)."""
    if name not in POLICIES or params is not None and name != "heuristic":
        raise ZoosimError(f"unknown castles policy {name!r} with parameters {params} (accepted: "
                          f"{', '.join(POLICIES)}; parameters only for heuristic)")
    return POLICIES[name]() if params is None else Heuristic(params)
