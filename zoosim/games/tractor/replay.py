"""`zoosim replay tractor`: one game told turn by turn, from the engine's own event log (the same game
`simulate` logged for that seed and game index). The page around the story is the family's (family.replay)."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from zoosim.games.base import PolicySpec, policy_arrays
from zoosim.games.family.replay import game_text, search_after_turns, search_event
from zoosim.games.tractor.engine import state as E
from zoosim.games.tractor.columns import COLUMNS
from zoosim.games.tractor.policies import MAX_POLICY_PARAMS
from zoosim.games.tractor.rules import BACKYARD, DISCARDED, END_REASONS, STALLS, TO_BAG, Rules, pack, tile_name


def play_recorded(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int,
                  explain: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(events, result rows, win shares, final state) of one game; with `explain` the events hold the search
    seats' decisions too (PROTOCOL 9)."""
    from zoosim.games.tractor.play import play_traced

    return play_traced(pack(rules, players), seed, game_index, *policy_arrays(policies, MAX_POLICY_PARAMS),
                       explain=explain)


def turn_words(_kind: int, code: int) -> str:
    """A search candidate (search.turn_code) in words."""
    t, dest, push = code >> 24, ((code >> 16) & 255) - 8, (code & 65535) - 1
    words = f"tractor {t}, first tile to {_place(dest)}"
    return words + (f", push {tile_name(push >> 8)} onto tractor {push & 255}" if push != E.NO_PUSH else "")


def _place(dest: int) -> str:
    return {BACKYARD: "the backyard", STALLS: "a stall space", TO_BAG: "the bottom of the bag (backyard full)",
            DISCARDED: "out of the game (backyard full)"}.get(dest, f"enclosure {dest + 1}")


def describe_event(row: Sequence[int]) -> str:
    kind, player, a, b, _c, _d = (int(x) for x in row)
    searched = search_event(row, E.EV_SEARCH, E.EV_SEARCH_OPTION, lambda _kind, _tile: "its turn", turn_words)
    if searched is not None:
        return searched
    if kind == E.EV_TAKE:
        return f"seat {player} takes tractor {a} ({b} tile{'s' if b != 1 else ''})"
    if kind == E.EV_PLACE:
        return f"  {tile_name(a)} to {_place(b)}"
    if kind == E.EV_PUSH:
        return f"  seat {player} pushes {tile_name(a)} onto tractor {b}"
    if kind == E.EV_REFILL:
        return f"  tractor {a} gets {tile_name(b)} from the bag"
    if kind == E.EV_PASS:
        return f"seat {player} passes (every tractor is empty)"
    if kind == E.EV_ROUND_END:
        return f"-- end of round {a}" + (f": the game ends ({END_REASONS[b]})" if b >= 0 else "")
    return f"event {kind}: {tuple(row)}"


def replay_text(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int,
                explain: bool = False) -> str:
    """The whole game in words (from the setup's refills on), then the final scoring; with `explain`, each search
    decision under its turn: every candidate with its playouts and mean outcome, * the one played."""
    from zoosim.games.tractor.play import O_FULL, O_RANK, O_SCORE

    events, rows, shares, _state = play_recorded(rules, players, policies, seed, game_index, explain)
    if explain:
        events = search_after_turns(events, (E.EV_SEARCH, E.EV_SEARCH_OPTION), (E.EV_TAKE,))
    story = ["-- setup", *(describe_event(row) for row in events)]
    return game_text("tractor", seed, game_index, policies, story, rows, shares, (O_SCORE, O_RANK, O_FULL), COLUMNS)
