"""`zoosim replay` for the Zooloretto family: a recorded game told in words, laid out alike for the three games.

A game's replay.py says each event of its engine's log in words and hands them to a `Replay`, which plays the game
(the same game `simulate` logged for that seed and game index) and lays out the page: the story, the final scoring.
Here too are the words for the events both truck games (Zooloretto, Mini) log alike.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from zoosim.games.base import Column, PolicySpec, policy_arrays
from zoosim.games.family.trucks import BIRTH, DRAW, PLACE, TAKE

Describe = Callable[[Sequence[int]], str]  # one event row in words


@dataclass(frozen=True)
class Replay:
    """One family game's `zoosim replay`: what is the game's own (its engine, its words for an event, how its story
    is cut into rounds, where its search decisions stand), with playing the recorded game and the page written once.
    A game's replay.py exposes `play_recorded` and `replay_text` of its `Replay` (kernel_game finds them there)."""

    game: str  # the game id, on the page's first line
    play: str  # the engine's play module (imported on first use: numba compiles it): play_traced, O_SCORE, O_RANK
    first_column: str  # that module's offset of the game's first own log column
    pack: Callable[[Any, int], np.ndarray]  # rules.pack
    max_params: int  # the width of a policy's parameter row
    columns: Sequence[Column]
    describe: Describe
    story: Callable[[np.ndarray, Describe], list[str]]  # every event in words, with the game's round lines
    search_kinds: tuple[int, ...] = ()  # with turn_kinds: search rows moved under the turn they chose (--explain)
    turn_kinds: tuple[int, ...] = ()  # none: the search rows stay above the move they chose

    def play_recorded(self, rules: Any, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int,
                      explain: bool = False) -> tuple[np.ndarray, ...]:
        """(events, result rows, win shares, final state, ...) of the game `simulate` logged; the search seats'
        decisions are among the events only with `explain`."""
        play = importlib.import_module(self.play)
        return play.play_traced(self.pack(rules, players), seed, game_index,
                                *policy_arrays(policies, self.max_params), explain=explain)

    def replay_text(self, rules: Any, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int,
                    explain: bool = False) -> str:
        """The whole game in words, then the final scoring; with `explain`, each search decision: every candidate
        with its playouts and mean outcome, the one played marked."""
        play = importlib.import_module(self.play)
        events, rows, shares, *_ = self.play_recorded(rules, players, policies, seed, game_index, explain)
        if explain and self.turn_kinds:
            events = search_after_turns(events, self.search_kinds, self.turn_kinds)
        offsets = (play.O_SCORE, play.O_RANK, getattr(play, self.first_column))
        return game_text(self.game, seed, game_index, policies, self.story(events, self.describe), rows, shares,
                         offsets, self.columns)


def round_story(events: np.ndarray, describe: Describe, round_end: int) -> list[str]:
    """Every event in words, under a `-- round N` line per round (a round's end event holds its number in a)."""
    lines = ["-- round 1"]
    for i, row in enumerate(events):
        lines.append(describe(row))
        if row[0] == round_end and i + 1 < len(events):
            lines.append(f"-- round {int(row[2]) + 1}")
    return lines


def game_text(game: str, seed: int, game_index: int, policies: Sequence[PolicySpec], story: Sequence[str],
              rows: np.ndarray, shares: np.ndarray, offsets: tuple[int, int, int], columns: Sequence[Column]) -> str:
    """The whole page: which game and seats, the story, then each seat's final score, rank, win share and log
    columns (`offsets`: the result rows' score, rank and first own column)."""
    score, rank, first = offsets
    lines = [f"{game}, {len(policies)} players, seed {seed}, game index {game_index}"]
    lines += [f"seat {s}: {spec.label}" for s, spec in enumerate(policies)]
    lines += [*story, "", "final scoring"]
    for seat in range(len(policies)):
        parts = ", ".join(f"{c.name} {int(rows[seat, first + k])}" for k, c in enumerate(columns))
        lines.append(f"seat {seat}: score {int(rows[seat, score])}, rank {int(rows[seat, rank])}, "
                     f"win share {shares[seat]:.3g} ({parts})")
    return "\n".join(lines)


def truck_event(row: Sequence[int], last_round: int, round_end: int, tile_name: Callable[[int], str],
                place: Callable[[int], str], first_stack: str, species_name: Callable[[int], str]) -> str | None:
    """A truck game's event in words when both games log it alike (a draw onto a truck, a take, a placement, a
    birth, the last round announced, a round's end; `last_round` and `round_end` are the game's kinds); None
    otherwise."""
    kind, player, a, b, c, _d = (int(x) for x in row)
    who = f"seat {player}"
    if kind == DRAW:
        return f"{who} draws {tile_name(a)} from the {'end stack' if c else first_stack} onto truck {b}"
    if kind == TAKE:
        return f"{who} takes truck {a}"
    if kind == PLACE:
        return f"  {who} places {tile_name(a)} in {place(b)}"
    if kind == BIRTH:
        return f"  birth: a {species_name(a)} offspring in {who}'s {place(c)}"
    if kind == last_round:
        return f"-- round {a} is the last round"
    if kind == round_end:
        tail = f"; {b} tile(s) left on trucks leave the game" if b else ""
        return f"-- end of round {a}{tail}"
    return None


def search_after_turns(events: np.ndarray, search_kinds: tuple[int, ...], turn_kinds: tuple[int, ...]) -> list:
    """The event rows with each search decision's rows (kinds `search_kinds`, logged before the move they chose)
    moved under the seat's next turn row (kinds `turn_kinds`), so that `--explain` prints them under the turn."""
    rows: list = []
    pending: list = []
    for row in events:
        if int(row[0]) in search_kinds:
            pending.append(row)
            continue
        rows.append(row)
        if pending and int(row[0]) in turn_kinds and int(row[1]) == int(pending[0][1]):
            rows += pending
            pending = []
    return rows + pending


def search_event(row: Sequence[int], ev_search: int, ev_option: int, decision_words: Callable[[int, int], str],
                 option_words: Callable[[int, int], str]) -> str | None:
    """A search decision's rows in words (family/search.py writes them), or None for another event:
    EV_SEARCH (seat, kind, its tile, playouts, candidates) as `    search: seat p weighs <decision_words(kind, tile)>:
    n options, m playouts`, and each EV_SEARCH_OPTION (seat, code, playouts, mean x 100, chosen + 2 x kind) as
    `     * <option_words(kind, code)>: k playouts, mean +x.xx` (* marks the choice)."""
    kind, player, a, b, c, d = (int(x) for x in row)
    if kind == ev_search:
        return f"    search: seat {player} weighs {decision_words(a, b)}: {d} options, {c} playouts"
    if kind == ev_option:
        return f"     {'*' if d & 1 else ' '} {option_words(d >> 1, a)}: {b} playouts, mean {c / 100:+.2f}"
    return None
