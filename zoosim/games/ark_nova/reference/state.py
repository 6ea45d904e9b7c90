"""Ark Nova in plain Python, part 1: the state, decisions and icon counts (spec §7.1; PROTOCOL.md 1, 3-4); the tracks,
piles and display are reference.tracks, setup is reference.setup.

The reference is split into modules that import only downward (reference.state <- reference.actions <- ... <-
reference.game). A rule that a lower module must start but a higher one implements (a bonus tile that builds a free
enclosure, a reputation bonus that takes a partner zoo) goes through `HANDLERS`, a name -> function table the
higher modules fill at import; `reference.game` imports them all.

Cards are held by printed id everywhere; `idx(card)` is its row in the `cards.CARDS` tables.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.vocab import CONTINENT_ICONS, N_ICONS, SCIENCE
from zoosim.games.ark_nova.protocol import *  # noqa: F403  (the hook and event codes, for every reference module)
from zoosim.games.ark_nova.protocol import E_DECIDE, H_COIN
from zoosim.games.ark_nova.rules import Rules

C = cards.CARDS
ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS = range(5)  # vocab.ACTIONS order
N_ACTIONS = 5
UNIV_REP_HAND, UNIV_SCI_REP, UNIV_SCI2 = range(3)  # §10.4 university types
UNIV_SCIENCE = (0, 1, 2)
TASK_REPUTATION, TASK_PARTNER, TASK_UNIVERSITY, TASK_PROJECT = range(4)
FREE, BLOCKED = -1, -2  # project slot states (else the supporting seat)

# E_GAIN resources: vocab.RESOURCES (appeal, money, x_tokens, reputation, cp, workers) then these
G_BREAK_TOKEN = 6

SOURCE_DECK = 0  # a card's source: 0 = deck, f = display folder f (1-6), -1 = hand, -2 = discard pile


def idx(card: int) -> int:
    return cards.index_of(card)


class IllegalMove(ZoosimError):
    """A decision the rules do not allow in the current state."""


@dataclass
class Building:
    kind: int                  # vocab.BUILDINGS index
    mask: int                  # covered cells
    animals: list[int] = field(default_factory=list)  # animals housed (a standard enclosure holds at most one)
    cubes: int = 0             # capacity used in a special enclosure

    @property
    def occupied(self) -> bool:
        return bool(self.animals)


@dataclass
class Player:
    seat: int
    money: int
    appeal: int
    rep: int
    cp: int = 0
    x: int = 0
    slots: list[int] = field(default_factory=list)     # slots[k] = action card in slot k + 1
    side2: list[bool] = field(default_factory=lambda: [False] * N_ACTIONS)  # by action
    multiplier: list[int] = field(default_factory=lambda: [0] * N_ACTIONS)   # usable tokens by action
    multiplier_pending: list[int] = field(default_factory=lambda: [0] * N_ACTIONS)  # usable from the turn's end
    venom: list[bool] = field(default_factory=lambda: [False] * N_ACTIONS)
    constriction: list[bool] = field(default_factory=lambda: [False] * N_ACTIONS)
    workers_active: int = 1
    workers_supply: int = 3
    task_workers: list[int] = field(default_factory=lambda: [0] * 4)
    hand: list[int] = field(default_factory=list)
    finals: list[int] = field(default_factory=list)
    buildings: list[Building] = field(default_factory=list)
    animals: list[int] = field(default_factory=list)
    sponsors: list[int] = field(default_factory=list)
    pouched: dict[int, list[int]] = field(default_factory=dict)
    partner_zoos: list[int] = field(default_factory=list)  # continent icon indices, in the order taken
    universities: list[int] = field(default_factory=list)
    bonus_tokens: list[int] = field(default_factory=lambda: list(range(7)))  # map A bonus column slots left
    supports: int = 0
    supported: list[int] = field(default_factory=list)    # project ids supported
    rep_bonus_done: set[int] = field(default_factory=set)
    cp_spaces_done: set[int] = field(default_factory=set)
    wildcards: int = 0          # 215/218 icon tokens (§10.1)
    okapi_tokens: int = 0       # 253 (§12.6)
    waza_class: int = -1        # 227: the class chosen by its search (0 small, 1 large), -1 none
    full_cover_done: bool = False
    turns: int = 0
    end_cp_sponsors: int = 0    # CP the sponsor end effects added (§13.2 step 2; the log's column)
    end_cp_finals: int = 0      # CP the final scoring cards added (§13.2 step 3)
    dealt: list[int] = field(default_factory=list)  # the 8 dealt cards while this seat decides what to keep (§3)

    @property
    def covered(self) -> int:
        out = 0
        for b in self.buildings:
            out |= b.mask
        return out

    def slot_of(self, action: int) -> int:
        return self.slots.index(action) + 1


@dataclass
class State:
    rules: Rules
    players: int
    rng: PyRng
    policies: list[Callable]
    ps: list[Player]
    deck: list[int] = field(default_factory=list)       # deck[0] = top
    discard: list[int] = field(default_factory=list)    # in the order discarded
    display: list[int] = field(default_factory=list)    # folder f = display[f - 1]; 0 = empty
    base_pile: list[int] = field(default_factory=list)
    final_pile: list[int] = field(default_factory=list)
    base_projects: list[int] = field(default_factory=list)  # in play, fixed positions
    project_row: list[int] = field(default_factory=list)    # leftmost first
    project_slots: dict[int, list[int]] = field(default_factory=dict)
    bonus_tiles: dict[int, list[str]] = field(default_factory=dict)  # CP space -> tiles left
    donations: int = 0
    break_token: int = 0
    break_pending: bool = False
    break_trigger: int = -1
    board_partner_zoos: list[int] = field(default_factory=lambda: list(CONTINENT_ICONS))
    board_universities: list[int] = field(default_factory=lambda: [0, 1, 2])
    cp10_reached: bool = False
    current: int = 0
    turn: int = 0
    end_triggered: bool = False
    last_turns: list[int] = field(default_factory=list)
    game_over: bool = False
    end_reason: int = -1
    display_dirty: bool = False
    scoring: bool = False  # final scoring: CP gains pass no milestone (R18)
    after_queue: list[tuple] = field(default_factory=list)  # "after finishing" effects of this turn
    events: list[tuple[int, int, int, int, int, int]] = field(default_factory=list)
    breaks: int = 0         # breaks resolved
    record: object = None   # the game's log record (reference.game.GameRecord), set by play_game
    hidden_drawn: bool = False  # a hidden card was drawn this turn (deck, final pile, another hand; PROTOCOL.md 10)
    seed: int = 0           # the game's stream (seed, game index), set by play_game: the planners' private streams
    game_index: int = 0

    @property
    def break_len(self) -> int:
        return self.rules.at("break_track_len", self.players)

    def log(self, kind: int, seat: int, a: int = 0, b: int = 0, c: int = 0, d: int = 0) -> None:
        self.events.append((kind, seat, a, b, c, d))


# ---------------------------------------------------------------- handlers filled by higher modules
HANDLERS: dict[str, Callable] = {}


def handler(name: str) -> Callable:
    def put(fn: Callable) -> Callable:
        HANDLERS[name] = fn
        return fn
    return put


def call(name: str, *args):
    if name not in HANDLERS:
        raise ZoosimError(f"rule {name!r} is not implemented in the reference yet")
    return HANDLERS[name](*args)


# ---------------------------------------------------------------- what a policy sees (§15.1, PROTOCOL.md 6)
@dataclass(frozen=True)
class PlayerView:
    """One player as every policy sees them; `hand`, `finals` and `pouched` are filled for the viewer only."""
    seat: int
    money: int
    appeal: int
    rep: int
    cp: int
    x: int
    slots: tuple[int, ...]
    side2: tuple[bool, ...]
    multiplier: tuple[int, ...]
    multiplier_pending: tuple[int, ...]
    venom: tuple[bool, ...]
    constriction: tuple[bool, ...]
    workers_active: int
    workers_supply: int
    task_workers: tuple[int, ...]
    buildings: tuple[tuple[int, int, tuple[int, ...], int], ...]  # (kind, mask, animals, cubes)
    animals: tuple[int, ...]
    sponsors: tuple[int, ...]
    partner_zoos: tuple[int, ...]
    universities: tuple[int, ...]
    bonus_tokens: tuple[int, ...]
    supports: int
    supported: tuple[int, ...]
    wildcards: int
    okapi_tokens: int
    waza_class: int
    turns: int
    hand_size: int
    finals_count: int
    pouched_count: tuple[tuple[int, int], ...]  # (animal, cards under it)
    hand: tuple[int, ...] | None = None      # the viewer's own only
    finals: tuple[int, ...] | None = None
    pouched: tuple[tuple[int, tuple[int, ...]], ...] | None = None
    dealt: tuple[int, ...] | None = None      # the viewer's dealt cards during its setup keep decision


@dataclass(frozen=True)
class PublicView:
    """What a policy receives (§15.1): public information and the viewer's own private cards; never the deck's
    order or contents, other players' hands or final cards, nor the cards under others' pouch animals.
    `rng` is the game's stream, for a policy that draws (PROTOCOL.md 1); it is no part of the comparison."""
    seat: int
    rules: Rules
    players: int
    ps: tuple[PlayerView, ...]
    display: tuple[int, ...]
    discard: tuple[int, ...]
    deck_size: int
    base_projects: tuple[int, ...]
    base_pile: tuple[int, ...]          # base projects not in play, ascending (which ones is public, §10.1)
    final_pile_size: int
    project_row: tuple[int, ...]
    project_slots: tuple[tuple[int, tuple[int, ...]], ...]
    bonus_tiles: tuple[tuple[int, tuple[str, ...]], ...]
    donations: int
    break_token: int
    break_pending: bool
    break_trigger: int
    board_partner_zoos: tuple[int, ...]
    board_universities: tuple[int, ...]
    cp10_reached: bool
    current: int
    turn: int
    end_triggered: bool
    last_turns: tuple[int, ...]
    rng: PyRng = field(compare=False, repr=False)


def player_view(pl: Player, own: bool) -> PlayerView:
    return PlayerView(
        pl.seat, pl.money, pl.appeal, pl.rep, pl.cp, pl.x, tuple(pl.slots), tuple(pl.side2), tuple(pl.multiplier),
        tuple(pl.multiplier_pending), tuple(pl.venom), tuple(pl.constriction), pl.workers_active, pl.workers_supply,
        tuple(pl.task_workers), tuple((b.kind, b.mask, tuple(b.animals), b.cubes) for b in pl.buildings),
        tuple(pl.animals), tuple(pl.sponsors), tuple(pl.partner_zoos), tuple(pl.universities),
        tuple(pl.bonus_tokens), pl.supports, tuple(pl.supported), pl.wildcards, pl.okapi_tokens, pl.waza_class,
        pl.turns, len(pl.hand), len(pl.finals), tuple((a, len(cs)) for a, cs in sorted(pl.pouched.items())),
        tuple(pl.hand) if own else None, tuple(pl.finals) if own else None,
        tuple((a, tuple(cs)) for a, cs in sorted(pl.pouched.items())) if own else None,
        tuple(pl.dealt) if own else None)


def public_view(s: State, seat: int) -> PublicView:
    """§15.1: the view a policy of `seat` receives at every decision (`choose` builds it)."""
    return PublicView(
        seat, s.rules, s.players, tuple(player_view(pl, pl.seat == seat) for pl in s.ps), tuple(s.display),
        tuple(s.discard), len(s.deck), tuple(s.base_projects), tuple(sorted(s.base_pile)), len(s.final_pile),
        tuple(s.project_row), tuple((k, tuple(v)) for k, v in s.project_slots.items()),
        tuple((k, tuple(v)) for k, v in s.bonus_tiles.items()), s.donations, s.break_token, s.break_pending,
        s.break_trigger, tuple(s.board_partner_zoos), tuple(s.board_universities), s.cp10_reached, s.current,
        s.turn, s.end_triggered, tuple(s.last_turns), s.rng)


# ---------------------------------------------------------------- decisions
def choose(s: State, seat: int, hook: int, options: list):
    """Ask seat's policy to pick one of `options` (canonical order); one option is taken without asking.

    The policy is called `(public_view(s, seat), seat, hook, options)`: it never receives the state itself."""
    if not options:
        raise IllegalMove(f"decision {hook} has no legal option")
    if len(options) == 1:
        return options[0]
    k = s.policies[seat](public_view(s, seat), seat, hook, options)
    if not 0 <= k < len(options):
        raise IllegalMove(f"policy chose option {k} of {len(options)} at decision {hook}")
    s.log(E_DECIDE, seat, hook, len(options), k)
    return options[k]


def coin(s: State, seat: int) -> bool:
    """§15.2 G3: a may-effect's yes/no question (options: no, yes)."""
    return bool(choose(s, seat, H_COIN, [0, 1]))


def uniform(view: PublicView, seat: int, hook: int, options: list) -> int:
    """§15.2 `uniform`: every decision one draw below(len(options)) from the game's stream."""
    return view.rng.below(len(options))


def shuffle(rng: PyRng, values: list) -> None:
    """Fisher-Yates exactly as zoosim.core.rng.shuffle: for i = n-1 down to 1, j = below(i + 1), swap."""
    for i in range(len(values) - 1, 0, -1):
        j = rng.below(i + 1)
        values[i], values[j] = values[j], values[i]


# ---------------------------------------------------------------- icons and counts (§7.1)
def icon_counts(s: State, p: int) -> list[int]:
    pl = s.ps[p]
    out = [0] * N_ICONS
    for card in pl.animals + pl.sponsors:
        row = C.icons[idx(card)]
        for k in range(N_ICONS):
            out[k] += int(row[k])
    for continent in pl.partner_zoos:
        out[continent] += 1
    for u in pl.universities:
        out[SCIENCE] += UNIV_SCIENCE[u]
    return out


def hand_limit(s: State, p: int) -> int:
    return s.rules.hand_limit_univ if UNIV_REP_HAND in s.ps[p].universities else s.rules.hand_limit


def range_folders(s: State, p: int) -> int:
    return min(s.rules.range_folders(s.ps[p].rep), len(s.display))


_ROWS: dict[bool, dict[int, tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]]] = {}


def card_rows(peaceful: bool, card: int, moment: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The card's effect rows `(opcode, args)` at `moment`, read once from `cards.program(peaceful)`."""
    table = _ROWS.get(peaceful)
    if table is None:
        prog = cards.program(peaceful)
        table = {}
        for c, printed in enumerate(C.ids):
            table[int(printed)] = tuple(
                tuple((int(r[0]), tuple(int(a) for a in r[1:]))
                      for r in prog.ops[prog.start[c, m]:prog.start[c, m] + prog.count[c, m]])
                for m in range(prog.start.shape[1]))
        _ROWS[peaceful] = table
    return table[card][moment]


def has_effect(s: State, p: int, op: int) -> list[tuple[int, ...]]:
    """The arguments of every passive (PASSIVE-moment) effect `op` on the player's sponsors and animals."""
    peaceful = s.rules.peaceful
    return [args for card in s.ps[p].sponsors + s.ps[p].animals for o, args in card_rows(peaceful, card, 4)
            if o == op]
