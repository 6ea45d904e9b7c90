"""The Zooloretto family's plain-Python references: the ground the three executable specs share.

Each game's reference is its own spec (its state, its rules, one function each); here is only what reads the
same in all three: the error a decision the rules refuse raises, the shuffle of PROTOCOL 3, ranking by score
then a tie-break, the record of a finished game (each seat's result as the engine's log columns), and
`game_player`, which makes a reference's `play_game` (one game of its own policies from one random stream).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError

Event = tuple[int, int, int, int, int, int]  # an event row: kind, player, a, b, c, d (each game's PROTOCOL)


class Playing(Protocol):
    """What `play_game` reads of a game's state: whose turn it is, and whether the game is over."""

    current: int
    game_over: bool


State = TypeVar("State", bound=Playing)
Record = TypeVar("Record")


class IllegalMove(ZoosimError):
    """A decision that the rules do not allow in the current state."""


def shuffle(tiles: list[Any], rng: PyRng) -> None:
    """PROTOCOL 3 of each game: Fisher-Yates from the top index down, one draw per index."""
    for i in range(len(tiles) - 1, 0, -1):
        j = rng.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]


def check_on_turn(state: Playing, player: int) -> None:
    """Replaying an event log: a decision must be the player's on turn."""
    if player != state.current:
        raise IllegalMove(f"player {state.current} is on turn, not {player}")


def ranks_and_shares(scores: Sequence[int], tie_breaks: Sequence[int] | None = None) -> tuple[list[int], list[float]]:
    """Rank by score, then the tie-break (1 = best, equal for a shared place); the winners share 1 equally."""
    keys = list(zip(scores, tie_breaks if tie_breaks is not None else [0] * len(scores)))
    ranks = [1 + sum(other > mine for other in keys) for mine in keys]
    winners = ranks.count(1)
    return ranks, [1.0 / winners if r == 1 else 0.0 for r in ranks]


class Played(Playing, Protocol):
    """What `game_record` reads of a finished game's state: its events, rounds, turns and rounds log."""

    events: list[Event]
    round: int
    turns: int
    round_scores: list[list[int]]


@dataclass
class SeatResult:
    """A seat's result: its score and score components, the game's own log columns by name (those the engine's
    log holds after the components), its rank and win share."""

    score: int
    components: dict[str, int]
    columns: dict[str, int]
    rank: int
    win_share: float


@dataclass
class GameRecord:
    """A finished game: its events, each seat's result, rounds and turns played, and the rounds log (every seat's
    score after each round)."""

    events: list[Event]
    seats: list[SeatResult]
    rounds: int
    turns: int
    round_scores: list[list[int]] = field(default_factory=list)

    @property
    def scores(self) -> list[int]:
        return [s.score for s in self.seats]


def game_record(state: Played, scores: Sequence[Mapping[str, int]], components: Sequence[str],
                columns: Sequence[dict[str, int]], tie_breaks: Sequence[int] | None = None) -> GameRecord:
    """The record of a finished game: each seat's score (`scores`: the game's scoring, parts and `total`), its
    `components`, its own log `columns`, and its rank and win share by score, then `tie_breaks`."""
    ranks, shares = ranks_and_shares([s["total"] for s in scores], tie_breaks)
    seats = [SeatResult(s["total"], {c: s[c] for c in components}, own, rank, share)
             for s, own, rank, share in zip(scores, columns, ranks, shares)]
    return GameRecord(list(state.events), seats, state.round, state.turns, [list(r) for r in state.round_scores])


def game_player(validate: Callable[[Any, int], None], setup: Callable[[Any, int, PyRng], State],
                turns: Mapping[str, Callable[[State, PyRng], None]],
                record: Callable[[State], Record]) -> Callable[..., Record]:
    """A reference's `play_game`, from its rules check, setup, policies' turns (by name) and game record."""

    def play_game(rules: Any, players: int, policies: Sequence[str], seed: int, game_index: int,
                  check: Callable[[State], None] | None = None) -> Record:
        """One game: the setup from PyRng(seed, game_index), then each seat's policy (uniform, random) plays its
        turns from the same stream until the game is over; `check` (e.g. check_invariants) runs after every turn."""
        validate(rules, players)
        if len(policies) != players or any(p not in turns for p in policies):
            raise ZoosimError(f"need one policy per seat ({players}) from {', '.join(turns)}, got {list(policies)}")
        rng = PyRng(seed, game_index)
        state = setup(rules, players, rng)
        while not state.game_over:
            turns[policies[state.current]](state, rng)
            if check is not None:
                check(state)
        return record(state)

    return play_game
