"""The plain-Python reference's vocabulary and state (PROTOCOL.md 4, 9): the event rows, the hooks a policy is asked
at, and `State`, the whole game as the rules of reference.game change it and the policies of reference.policies read
it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.castles.reference.castle import Castle
from zoosim.games.castles.rules import Rules

# ---------------------------------------------------------------- event rows (PROTOCOL.md 9)
(SEATS, FAVOR, BONUS_DRAW, BONUS_RETURN, MARKET_IN, CARD_EMPTY, ROUND_START, UPKEEP, PRICE, BUY_ROOM, BUY_PIECE,
 PASS, PLACE, SCORE, COMPLETE, REWARD, SLEEPING_TAKE, EXTRA_ACTION, ROUND_END, LIVING_TARGET) = range(1, 21)
Event = tuple[int, int, int, int, int, int, int]

# hooks (§9, PROTOCOL.md 4) and action kinds
KEEP_BONUS, PRICE_HOOK, ACT, PLACE_HOOK, SLEEPING_PICK, CORRIDOR_PICK, DS_WILD, LIVING_TARGET_HOOK = (
    "keep_bonus", "price", "act", "place", "sleeping_pick", "corridor_pick", "ds_wild", "living_target")
A_BUY_ROOM, A_BUY_PIECE, A_PASS = 0, 1, 2
END_DECK, END_ROUND_CAP = 0, 1
REWARD_TYPES = tuple(range(7))  # living .. corridor: the types a downstairs wild reward may copy
COMPONENTS = ("start_points", "placement_points", "completion_rewards", "exhausted_stacks", "favors",
              "bonus_cards", "money_points")


class IllegalMove(ZoosimError):
    """A decision the rules do not allow."""


class Policy(Protocol):
    def choose(self, state: State, hook: str, player: int, options: list) -> int: ...


# ---------------------------------------------------------------- state
@dataclass
class Player:
    castle: Castle
    money: int
    parts: dict[str, int]
    bonus_cards: list[int] = field(default_factory=list)
    ds_completed: int = 0
    passes: int = 0
    times_mb: int = 0
    money_as_mb: int = 0
    points_as_mb: int = 0  # placement points and completion rewards scored in rounds as MB


@dataclass
class State:
    rules: Rules
    players: int
    rng: PyRng
    policies: list  # the policy of each seat
    seat_policy: list[int]  # index into the policies given to play_game
    stacks: list[list[int]] = field(default_factory=list)   # per size, top first
    unseen: list[int] = field(default_factory=list)         # tiles left out at setup (§2 step 1)
    supply: dict[int, int] = field(default_factory=dict)    # HALLWAY / STAIRS -> pieces left
    deck: list[int] = field(default_factory=list)           # room cards (sizes), top first
    discards: list[int] = field(default_factory=list)
    bonus_deck: list[int] = field(default_factory=list)     # bonus card indices, top first
    favors: list[int] = field(default_factory=list)         # favours in play
    market: list[list[int]] = field(default_factory=list)   # [tile, coins] in market order
    slot_tile: list[int] = field(default_factory=list)      # price slot -> tile on it, -1 empty
    pending: list[int] = field(default_factory=list)        # sleeping picks waiting for a Refill (FIFO)
    seats: list[Player] = field(default_factory=list)
    round: int = 0
    mb: int = 0
    final_round: bool = False
    game_over: bool = False
    end_reason: int = -1
    turns: int = 0
    corridor_used: bool = False   # once-per-turn flags (§6, R2, R3)
    ds_used: bool = False
    placing: int = -1             # the tile the place hook is about (policies read it)
    bank_out: int = 0             # marks the bank paid (pass, outdoor, upkeep coins)
    bank_in: int = 0              # marks paid to the bank (the MB's own purchases)
    events: list[Event] = field(default_factory=list)

    def log(self, kind: int, player: int, a: int = 0, b: int = 0, c: int = 0, d: int = 0, e: int = 0) -> None:
        self.events.append((kind, player, a, b, c, d, e))

    def ask(self, hook: str, player: int, options: list) -> int:
        """A decision: the seat's policy picks an index into the option list; a single option is taken without
        asking (no draw, PROTOCOL.md 4)."""
        if len(options) == 1:
            return 0
        k = self.policies[player].choose(self, hook, player, options)
        if not 0 <= k < len(options):
            raise IllegalMove(f"{hook}: option {k} of {len(options)}")
        return k

    def prices(self) -> tuple[int, ...]:
        return self.rules.for_players("price_slots", self.players)

    def coins_on(self, tile: int) -> int:
        """The coins lying on a market tile (the buyer takes them)."""
        return next(c for t, c in self.market if t == tile)
