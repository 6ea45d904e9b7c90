"""Castles of Mad King Ludwig in plain Python: the executable specification.

Written from shared/specs/castles-of-mad-king-ludwig.md (§2-§7 with the readings of §9.2) and PROTOCOL.md, on
components.data and components.geometry, so that a numba engine can be played beside it for the same (seed, game
index) and compared event for event. One function per rule; the event rows, hooks and `State` are reference.state's,
the castle's incremental geometry reference.castle's, the scoring reference.scoring's.

Decisions go through `policy.choose(state, hook, player, options) -> index` at the hooks of §9 (PROTOCOL.md 4); the
policies (`uniform`, `random` and PROTOCOL.md 8's deterministic `greedy` and `heuristic`) are reference.policies'.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.castles.components import data
from zoosim.games.castles.components.geometry import BLOCKED
from zoosim.games.castles.reference.castle import Castle, Placement
from zoosim.games.castles.reference.policies import make_policy
from zoosim.games.castles.reference.scoring import (
    bonus_card_points, exhausted_points, favor_metric, favor_shares, living_rescore, metrics, placement_points,
    ranks,
)
from zoosim.games.castles.reference.state import (
    ACT, BONUS_DRAW, BONUS_RETURN, BUY_PIECE, BUY_ROOM, CARD_EMPTY, COMPLETE, COMPONENTS, CORRIDOR_PICK, DS_WILD,
    END_DECK, END_ROUND_CAP, EXTRA_ACTION, FAVOR, KEEP_BONUS, LIVING_TARGET, LIVING_TARGET_HOOK, MARKET_IN, PASS, PLACE,
    PLACE_HOOK, PRICE, PRICE_HOOK, REWARD, REWARD_TYPES, ROUND_END, ROUND_START, SCORE, SEATS, SLEEPING_PICK,
    SLEEPING_TAKE, UPKEEP, A_BUY_PIECE, A_BUY_ROOM, A_PASS, Event, IllegalMove, Player, State,
)
from zoosim.games.castles.rules import Rules, validate


def shuffle(items: list, rng: PyRng) -> None:
    """Fisher-Yates from the last element down, j = below(i + 1) (core.rng.shuffle)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


# ---------------------------------------------------------------- §2 setup (PROTOCOL.md 3)
def setup(rules: Rules, players: int, policies: list, rng: PyRng) -> State:
    validate(rules, players)
    seat_policy = list(range(players))
    if rules.first_mb == "random":
        m = rng.below(players)
        seat_policy = [(s + m) % players for s in range(players)]
    state = State(rules, players, rng, [policies[i] for i in seat_policy], seat_policy)
    state.log(SEATS, -1, seat_policy[0])
    setup_stacks(state)
    state.supply = {data.HALLWAY: rules.for_players("hallways", players),
                    data.STAIRS: rules.for_players("stairs", players)}
    setup_deck(state)
    state.bonus_deck = list(range(data.N_BONUS_CARDS))
    shuffle(state.bonus_deck, rng)
    reveal_favors(state)
    for p in range(players):
        state.seats.append(new_player(state, p))
    for p in range(players):
        draw_bonus_cards(state, p, rules.bonus_deal, rules.bonus_keep)
    state.slot_tile = [-1] * len(state.prices())
    refill(state)
    return state


def setup_stacks(state: State) -> None:
    """§2 step 1: shuffle each size's tiles; keep the top small_stack / large_stack, the rest leave unseen."""
    for s in range(data.N_SIZES):
        tiles = [int(t) for t in data.SIZE_TILES[s] if t >= 0]
        shuffle(tiles, state.rng)
        keep = state.rules.for_players("small_stack" if s in data.SMALL_SIZES else "large_stack", state.players)
        state.stacks.append(tiles[:keep])
        state.unseen.extend(tiles[keep:])


def setup_deck(state: State) -> None:
    """§2 step 3: the box deck by room_card_composition, shuffled; keep the top deck_cards_per_player x N."""
    cards = [s for s in range(data.N_SIZES) for _ in range(state.rules.room_card_composition[s])]
    shuffle(cards, state.rng)
    state.deck = cards[:state.rules.deck_cards_per_player * state.players]


def reveal_favors(state: State) -> None:
    """§2 step 5: shuffle the favours, reveal favors_in_play; the second of the exclusive pair is discarded."""
    pile = list(range(data.N_FAVORS))
    shuffle(pile, state.rng)
    exclusive = {data.FAVOR_INDEX[f] for f in state.rules.exclusive_favors}
    want = state.rules.for_players("favors_in_play", state.players)
    for f in pile:
        if len(state.favors) == want:
            break
        ok = not (f in exclusive and exclusive & set(state.favors))
        if ok:
            state.favors.append(f)
        state.log(FAVOR, -1, f, int(ok))


def new_player(state: State, seat: int) -> Player:
    """§2 step 6: a castle holding the foyer, start_money, start_points[seat]."""
    rules = state.rules
    castle = Castle(rules)
    xy = rules.geometry().foyer_xy
    castle.add(data.FOYER, 0, xy, xy)
    parts = {c: 0 for c in COMPONENTS}
    parts["start_points"] = rules.start_points[seat]
    return Player(castle, rules.start_money, parts)


def draw_bonus_cards(state: State, p: int, draw: int, keep: int) -> None:
    """Draw `draw` bonus cards (fewer if the deck is short), give back all but `keep` one at a time (hook
    keep_bonus: the card to give back) to the bottom of the deck (§2 step 4, §6 utility)."""
    hand = state.bonus_deck[:draw]
    del state.bonus_deck[:draw]
    for c in hand:
        state.log(BONUS_DRAW, p, c)
    while len(hand) > keep:
        c = hand.pop(state.ask(KEEP_BONUS, p, list(hand)))
        state.bonus_deck.append(c)
        state.log(BONUS_RETURN, p, c)
    state.seats[p].bonus_cards.extend(hand)


# ---------------------------------------------------------------- §3.2 refill, §3.1 upkeep and pricing
def refill(state: State) -> None:
    """§3.2: pending tiles first (FIFO), then room cards; an empty stack's card is redrawn or skips the slot;
    an empty deck afterwards sets final_round."""
    rules = state.rules
    empty = rules.for_players("market_slots", state.players) - len(state.market)
    while empty > 0 and state.pending:
        tile = state.pending.pop(0)
        state.market.append([tile, 0])
        state.log(MARKET_IN, -1, tile, 1)
        empty -= 1
    while empty > 0 and state.deck:
        size = state.deck.pop(0)
        state.discards.append(size)
        if state.stacks[size]:
            tile = state.stacks[size].pop(0)
            state.market.append([tile, 0])
            state.log(MARKET_IN, -1, tile, 0)
            empty -= 1
        else:
            state.log(CARD_EMPTY, -1, size, int(rules.on_empty_stack == "skip"))
            if rules.on_empty_stack == "skip":
                empty -= 1
    if not state.deck:
        state.final_round = True


def upkeep(state: State) -> None:
    """§3.1 step 1 (rounds after the first): coins on unsold rooms, the MB role to the left, Refill."""
    inc = state.rules.unsold_increment
    for entry in state.market:
        entry[1] += inc
    state.bank_out += inc * len(state.market)
    state.log(UPKEEP, -1, len(state.market), inc)
    refill(state)


def price_market(state: State) -> None:
    """§3.1 step 2: the MB puts each market tile (market order) on a free price slot (hook price, options the
    free slots ascending)."""
    state.slot_tile = [-1] * len(state.prices())
    for tile, _ in state.market:
        free = [s for s, t in enumerate(state.slot_tile) if t < 0]
        slot = free[state.ask(PRICE_HOOK, state.mb, free)]
        state.slot_tile[slot] = tile
        state.log(PRICE, state.mb, tile, slot, state.prices()[slot])


# ---------------------------------------------------------------- §3.1 actions
def act_options(state: State, p: int, extra: bool) -> list[tuple[int, int]]:
    """The legal actions in canonical order (PROTOCOL.md 4): BUY_ROOM(price slot) ascending, BUY_PIECE(hallway),
    BUY_PIECE(stairs), PASS (not in a food extra action when food_extra_action_may_pass is off)."""
    rules, me = state.rules, state.seats[p]
    out = []
    for slot, tile in enumerate(state.slot_tile):
        if tile < 0:
            continue
        budget = me.money + (state.coins_on(tile) if rules.coins_count_toward_price else 0)
        if budget >= state.prices()[slot] and me.castle.can_place(tile):
            out.append((A_BUY_ROOM, slot))
    for piece in (data.HALLWAY, data.STAIRS):
        if state.supply[piece] > 0 and me.money >= rules.piece_price and me.castle.can_place(piece):
            out.append((A_BUY_PIECE, piece))
    if not extra or rules.food_extra_action_may_pass:
        out.append((A_PASS, 0))
    return out


def pay(state: State, p: int, amount: int) -> int:
    """The buyer pays the MB, or the bank when the buyer is the MB (§3.1). Returns the payee (-1 bank)."""
    state.seats[p].money -= amount
    if p == state.mb:
        state.bank_in += amount
        return -1
    state.seats[state.mb].money += amount
    state.seats[state.mb].money_as_mb += amount
    return state.mb


def take_turn(state: State, p: int, extra: bool = False) -> None:
    """One action of seat p and everything it triggers (a turn, §3.1), then its food extra actions (R1)."""
    if state.rules.once_per_turn_scope == "action" or not extra:
        state.corridor_used = state.ds_used = False
    state.turns += 1
    if extra:
        state.log(EXTRA_ACTION, p)
    options = act_options(state, p, extra)
    if not options:  # a food extra action with no legal buy and no pass: lost
        return
    kind, arg = options[state.ask(ACT, p, options)]
    me = state.seats[p]
    queue: list[int] = []
    if kind == A_PASS:
        me.money += state.rules.pass_income
        me.passes += 1
        state.bank_out += state.rules.pass_income
        state.log(PASS, p, state.rules.pass_income, int(extra))
    elif kind == A_BUY_ROOM:
        queue = buy_room(state, p, arg)
    else:
        queue = buy_piece(state, p, arg)
    extras = resolve_rewards(state, p, queue)
    for _ in range(extras):
        take_turn(state, p, extra=True)


def buy_room(state: State, p: int, slot: int) -> list[int]:
    """BUY_ROOM: pay the slot's price, take the coins, place the tile (§3.1). Returns the completion queue."""
    tile = state.slot_tile[slot]
    price = state.prices()[slot]
    entry = next(e for e in state.market if e[0] == tile)
    state.market.remove(entry)
    state.slot_tile[slot] = -1
    state.seats[p].money += entry[1]
    payee = pay(state, p, price)
    state.log(BUY_ROOM, p, tile, slot, price, entry[1], payee)
    return place_tile(state, p, tile)


def buy_piece(state: State, p: int, piece: int) -> list[int]:
    """BUY_PIECE: piece_price to the MB (or the bank), a piece from the supply, placed at once."""
    state.supply[piece] -= 1
    payee = pay(state, p, state.rules.piece_price)
    state.log(BUY_PIECE, p, piece, state.rules.piece_price, 0, 0, payee)
    return place_tile(state, p, piece)


# ---------------------------------------------------------------- §4-§6 placing, scoring, completing
def place_tile(state: State, p: int, tile: int) -> list[int]:
    """Hook place over the distinct legal placements; lay the tile, score it (§5), check completion (§6).
    Returns the newly completed tiles: the new one first, then the others by placement index."""
    castle = state.seats[p].castle
    options: list[Placement] = castle.legal_placements(tile)
    if not options:
        raise IllegalMove(f"{data.TILE_NAMES[tile]} has no legal placement")
    state.placing = tile
    rot, x, y, level = options[state.ask(PLACE_HOOK, p, options)]
    n, gained = castle.add(tile, rot, x, y, level)
    state.log(PLACE, p, tile, rot, x, y, level)
    pts = placement_points(castle, state.rules, n)
    state.seats[p].parts["placement_points"] += pts
    state.log(SCORE, p, tile, pts)
    done = []
    for t in [n] + gained:
        if not castle.complete[t] and castle.is_complete_now(t):
            castle.complete[t] = True
            done.append(t)
    return done


def reward_type(state: State, tile: int) -> int:
    """The reward a completed tile gives: its type; pieces give the corridor reward (or none)."""
    if tile in (data.HALLWAY, data.STAIRS, data.FOYER) and not state.rules.pieces_give_rewards:
        return -1
    return int(data.TILE_TYPE[tile])


def resolve_rewards(state: State, p: int, queue: list[int]) -> int:
    """§6: resolve the completion queue in order (new completions join its end). Returns the food extra
    actions earned (taken after the queue, R1)."""
    castle = state.seats[p].castle
    extras = 0
    while queue:
        t = queue.pop(0)
        kind = reward_type(state, castle.tiles[t].tile)
        state.log(COMPLETE, p, castle.tiles[t].tile, kind)
        if kind == data.DOWNSTAIRS:
            extras += downstairs_reward(state, p, queue)
        elif kind >= 0:
            extras += give_reward(state, p, kind, t, queue, wild=False)
    return extras


def downstairs_reward(state: State, p: int, queue: list[int]) -> int:
    """§6 downstairs, R3: count it; on every `downstairs_reward_every`-th, a wild reward (once per turn)."""
    me = state.seats[p]
    me.ds_completed += 1
    if me.ds_completed % state.rules.downstairs_reward_every:
        return 0
    if state.rules.downstairs_reward_once_per_turn and state.ds_used:
        state.log(REWARD, p, data.DOWNSTAIRS, 0, 1, 1)
        return 0
    state.ds_used = True
    options = [(k, wild_usable(state, p, k)) for k in REWARD_TYPES]
    kind = options[state.ask(DS_WILD, p, options)][0]
    return give_reward(state, p, kind, -1, queue, wild=True)


def wild_usable(state: State, p: int, kind: int) -> bool:
    """Whether a wild reward of this type has a legal use now (U10: one without is lost)."""
    if kind == data.SLEEPING:
        return any(state.stacks)
    if kind == data.UTILITY:
        return bool(state.bonus_deck)
    if kind == data.CORRIDOR:
        return not (state.rules.corridor_reward_once_per_turn and state.corridor_used) and bool(corridor_kinds(state, p))
    if kind == data.LIVING:
        return bool(living_targets(state, p))
    if kind == data.FOOD:
        return state.rules.food_extra_action_may_pass or len(act_options(state, p, True)) > 0
    return True


def give_reward(state: State, p: int, kind: int, t: int, queue: list[int], wild: bool) -> int:
    """§6's table: the reward of type `kind` for completed tile t (-1 for a wild reward). Returns the food
    extra actions it grants. REWARD row: (type, value, wild, lost)."""
    rules, me = state.rules, state.seats[p]
    if kind == data.LIVING:
        if wild:
            targets = living_targets(state, p)
            if not targets:
                state.log(REWARD, p, kind, 0, 1, 1)
                return 0
            t = targets[state.ask(LIVING_TARGET_HOOK, p, targets)]
            state.log(LIVING_TARGET, p, me.castle.tiles[t].tile)
        pts = living_rescore(me.castle, rules, t)
        me.parts["completion_rewards"] += pts
        state.log(REWARD, p, kind, pts, int(wild))
    elif kind == data.ACTIVITY:
        me.parts["completion_rewards"] += rules.activity_reward_points
        state.log(REWARD, p, kind, rules.activity_reward_points, int(wild))
    elif kind == data.SLEEPING:
        taken = sleeping_reward(state, p)
        state.log(REWARD, p, kind, max(taken, 0), int(wild), int(taken < 0))
    elif kind == data.OUTDOOR:
        me.money += rules.outdoor_reward_money
        state.bank_out += rules.outdoor_reward_money
        state.log(REWARD, p, kind, rules.outdoor_reward_money, int(wild))
    elif kind == data.UTILITY:
        lost = not state.bonus_deck
        state.log(REWARD, p, kind, min(rules.utility_reward_draw, len(state.bonus_deck)), int(wild), int(lost))
        draw_bonus_cards(state, p, rules.utility_reward_draw, rules.utility_reward_keep)
    elif kind == data.FOOD:
        state.log(REWARD, p, kind, 1, int(wild))
        return 1
    elif kind == data.CORRIDOR:
        piece = corridor_reward(state, p, queue)
        state.log(REWARD, p, kind, max(piece, 0), int(wild), int(piece < 0))
    return 0


def living_targets(state: State, p: int) -> list[int]:
    """R4: the player's completed downstairs rooms (or any completed room, by ds_wild_living_target), in
    placement order."""
    castle = state.seats[p].castle
    any_room = state.rules.ds_wild_living_target == "any_completed_room"
    return [t for t, pl in enumerate(castle.tiles) if castle.complete[t] and pl.tile < data.N_ROOMS
            and (any_room or data.TILE_TYPE[pl.tile] == data.DOWNSTAIRS)]


def sleeping_options(state: State) -> list[tuple[int, tuple[int, ...]]]:
    """Hook sleeping_pick (PROTOCOL.md 4): for each non-empty stack ascending, each subset of at most
    sleeping_reward_max_tiles of its tiles: by size, then tile indices ascending, lexicographically."""
    out = []
    for s, stack in enumerate(state.stacks):
        if not stack:
            continue
        tiles = sorted(stack)
        for k in range(min(state.rules.sleeping_reward_max_tiles, len(tiles)) + 1):
            out.extend((s, combo) for combo in combinations(tiles, k))
    return out


def sleeping_reward(state: State, p: int) -> int:
    """§6 sleeping, R11: take 0-2 tiles of one stack; they join the pending queue in random order; the rest of
    the stack is shuffled. Returns the tiles taken, -1 if no stack has a tile (lost)."""
    options = sleeping_options(state)
    if not options:
        return -1
    size, chosen = options[state.ask(SLEEPING_PICK, p, options)]
    picked = list(chosen)
    for tile in picked:
        state.stacks[size].remove(tile)
    shuffle(picked, state.rng)
    for tile in picked:
        state.pending.append(tile)
        state.log(SLEEPING_TAKE, p, size, tile)
    shuffle(state.stacks[size], state.rng)
    return len(picked)


def corridor_kinds(state: State, p: int) -> list[int]:
    castle = state.seats[p].castle
    return [k for k in (data.HALLWAY, data.STAIRS) if state.supply[k] > 0 and castle.can_place(k)]


def corridor_reward(state: State, p: int, queue: list[int]) -> int:
    """§6 corridor, R2: a free hallway or stairs placed at once, at most once per turn (the first corridor reward
    of the turn uses it up even if lost). Returns the piece, -1 if lost."""
    if state.rules.corridor_reward_once_per_turn and state.corridor_used:
        return -1
    state.corridor_used = True
    kinds = corridor_kinds(state, p)
    if not kinds:
        return -1
    piece = kinds[state.ask(CORRIDOR_PICK, p, kinds)]
    state.supply[piece] -= 1
    queue.extend(place_tile(state, p, piece))
    return piece


# ---------------------------------------------------------------- rounds and the end (§3.1, §7)
def play_round(state: State) -> None:
    state.round += 1
    if state.round > 1:
        state.mb = (state.mb + 1) % state.players
    state.log(ROUND_START, -1, state.round, state.mb)
    if state.round > 1:
        upkeep(state)
    mb = state.seats[state.mb]
    mb.times_mb += 1
    before = mb.parts["placement_points"] + mb.parts["completion_rewards"]
    price_market(state)
    for k in range(1, state.players + 1):
        take_turn(state, (state.mb + k) % state.players)
    mb.points_as_mb += mb.parts["placement_points"] + mb.parts["completion_rewards"] - before
    reason = END_DECK if state.final_round else END_ROUND_CAP if state.round >= state.rules.max_rounds else -1
    state.log(ROUND_END, -1, state.round, int(state.final_round), reason)
    if reason >= 0:
        state.game_over, state.end_reason = True, reason


def final_scoring(state: State) -> None:
    """§7 in [ZH] order: exhausted stacks, King's Favors, bonus cards, money."""
    rules = state.rules
    stack_sizes = [len(s) for s in state.stacks]
    ms = [metrics(me.castle, rules, me.money) for me in state.seats]
    for me in state.seats:
        me.parts["exhausted_stacks"] = exhausted_points(me.castle, rules, stack_sizes, state.supply[data.HALLWAY],
                                                        state.supply[data.STAIRS])
    for f in state.favors:
        shares = favor_shares([favor_metric(data.FAVORS[f], m) for m in ms], rules.favor_points)
        for me, pts in zip(state.seats, shares):
            me.parts["favors"] += pts
    for me, m in zip(state.seats, ms):
        me.parts["bonus_cards"] = sum(bonus_card_points(data.BONUS_CARDS[c], m, rules) for c in me.bonus_cards)
        me.parts["money_points"] = me.money // rules.money_per_point


@dataclass
class SeatResult:
    policy: int
    score: int
    components: dict[str, int]
    rank: int
    win_share: float
    money: int
    area: int
    rooms_by_type: list[int]
    hallways: int
    stairs: int
    completed_rooms: int
    blocked_doorways: int
    times_master_builder: int
    money_as_master_builder: int
    passes: int
    points_as_mb: int


@dataclass
class GameRecord:
    events: list[Event]
    seats: list[SeatResult]
    rounds: int
    turns: int
    end_reason: int


def score(me: Player) -> int:
    return sum(me.parts[c] for c in COMPONENTS)


def game_record(state: State) -> GameRecord:
    rules = state.rules
    ms = [metrics(me.castle, rules, me.money) for me in state.seats]
    totals = [score(me) for me in state.seats]
    rank, share = ranks(totals, [m.area for m in ms])
    seats = []
    for p, (me, m) in enumerate(zip(state.seats, ms)):
        by_type = [0] * data.N_TYPES
        for pl in me.castle.tiles:
            if pl.tile < data.N_ROOMS:
                by_type[int(data.TILE_TYPE[pl.tile])] += 1
        seats.append(SeatResult(state.seat_policy[p], totals[p], dict(me.parts), rank[p], share[p], me.money, m.area,
                                by_type, m.hallways, m.stairs, m.completed, me.castle.count_doors(BLOCKED),
                                me.times_mb, me.money_as_mb, me.passes, me.points_as_mb))
    return GameRecord(list(state.events), seats, state.round, state.turns, state.end_reason)


def play_game(rules: Rules, players: int, policies, seed: int, game_index: int, check=None) -> GameRecord:
    """A whole game: setup, rounds until the end (§3.2 end trigger or max_rounds), final scoring. `policies` are
    names or objects with `choose`, one per seat (rotated by first_mb = random). `check(state)` runs after each
    round (tests)."""
    validate(rules, players)
    if len(policies) != players:
        raise ZoosimError(f"need one policy per seat ({players}), got {len(policies)}")
    objs = [make_policy(p) if isinstance(p, str) else p for p in policies]
    state = setup(rules, players, objs, PyRng(seed, game_index))
    while not state.game_over:
        play_round(state)
        if check is not None:
            check(state)
    final_scoring(state)
    return game_record(state)
