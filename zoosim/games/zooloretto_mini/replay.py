"""`zoosim replay zooloretto-mini`: one game told turn by turn, from the engine's own event log.

It plays the game with the same (rules, seed, game index, seat policies) as `simulate`, so what it prints
is exactly the game whose rows `simulate` wrote. The page around the story is the family's (family.replay).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from zoosim.games.family.replay import Replay, round_story, search_event, truck_event
from zoosim.games.zooloretto_mini.engine import state as E
from zoosim.games.zooloretto_mini.columns import COLUMNS
from zoosim.games.zooloretto_mini.policies import MAX_POLICY_PARAMS
from zoosim.games.zooloretto_mini.rules import pack, tile_name


def _place(dest: int) -> str:
    return "the barn" if dest == E.BARN_DEST else f"enclosure {dest + 1}"


def _decision_words(kind: int, tile: int) -> str:
    return "its turn" if kind == 0 else f"a truck for {tile_name(tile)}"


def _option_words(kind: int, code: int) -> str:
    """A search candidate: a turn option (PROTOCOL 9) or, for a drawn tile, a truck."""
    if kind != 0:
        return f"truck {code}"
    return "draw" if code >> 24 == E.OPT_DRAW else f"take truck {(code >> 16) & 255}"


def describe_event(row: Sequence[int]) -> str:
    """One event of the log in words."""
    words = truck_event(row, E.EV_LAST_ROUND, E.EV_ROUND_END, tile_name, _place, "bag", lambda s: f"species {s}")
    if words is not None:
        return words
    kind, player, a, b, c, _d = (int(x) for x in row)
    who = f"seat {player}"
    if kind == E.EV_FILL:
        return f"  seat {player} fills enclosure {a + 1}" + (" and earns a bonus" if b else "")
    if kind == E.EV_BONUS_TAKE:
        return f"  bonus: {who} takes {tile_name(b)} from seat {a}'s barn into enclosure {c + 1}"
    if kind == E.EV_BONUS_DISCARD:
        return f"  bonus: {who} discards {tile_name(a)} from the barn"
    if kind == E.EV_BONUS_SKIP:
        return f"  bonus: {who} lets it go"
    searched = search_event(row, E.EV_SEARCH, E.EV_SEARCH_OPTION, _decision_words, _option_words)
    if searched is not None:
        return searched
    return f"event {kind}: {tuple(row)}"


# With --explain each search decision (PROTOCOL 10) stands under the draw or take it chose.
REPLAY = Replay(game="zooloretto-mini", play="zoosim.games.zooloretto_mini.play", first_column="O_ENCLOSURES",
                pack=pack, max_params=MAX_POLICY_PARAMS, columns=COLUMNS, describe=describe_event,
                story=partial(round_story, round_end=E.EV_ROUND_END), search_kinds=(E.EV_SEARCH, E.EV_SEARCH_OPTION),
                turn_kinds=(E.EV_DRAW, E.EV_TAKE))
play_recorded = REPLAY.play_recorded
replay_text = REPLAY.replay_text
