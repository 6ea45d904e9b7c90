"""`zoosim replay tractor`: one game told turn by turn, from the engine's own event log (the same game
`simulate` logged for that seed and game index). The page around the story is the family's (family.replay)."""
from __future__ import annotations

from collections.abc import Sequence

from zoosim.games.family.replay import Replay, search_event
from zoosim.games.tractor.engine import state as E
from zoosim.games.tractor.columns import COLUMNS
from zoosim.games.tractor.policies import MAX_POLICY_PARAMS
from zoosim.games.tractor.rules import BACKYARD, DISCARDED, END_REASONS, STALLS, TO_BAG, pack, tile_name


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


# The story starts with the setup's refills; with --explain each search decision (PROTOCOL 9) stands under its turn.
REPLAY = Replay(game="tractor", play="zoosim.games.tractor.play", first_column="O_FULL", pack=pack,
                max_params=MAX_POLICY_PARAMS, columns=COLUMNS, describe=describe_event,
                story=lambda events, describe: ["-- setup", *(describe(row) for row in events)],
                search_kinds=(E.EV_SEARCH, E.EV_SEARCH_OPTION), turn_kinds=(E.EV_TAKE,))
play_recorded = REPLAY.play_recorded
replay_text = REPLAY.replay_text
