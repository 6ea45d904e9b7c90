"""One castle's points and facts for the numba engine (spec §5-§7): a placed tile's §5 points, the living re-score,
completion (§6), the castle metrics the end counts (§7, offsets M_*), and `preview`, what placing a tile would do
without placing it (the scripted policies' look-ahead, PROTOCOL.md 8).

Reads the castle block of engine.castle (layout there); writes nothing to it except `completions`' marks. `preview`
shares add_tile's own pieces (engine.castle.touching, door_on_edge) and `relation_points` with placement_points, so
no rule is written twice; tests hold it to reference.policies.placement_facts, which adds the tile to a copy.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.castles.components import data
from zoosim.games.castles.engine.castle import (
    BLOCKED, CONNECTED, D_PARTNER, D_STATE, DIR_DX, DIR_DY, FOYER, H_DOOR, H_EWORDS, H_GRID, H_N, H_N_OPEN, H_OPEN_DOOR,
    H_OPEN_UP, MAX_DOORS, OPEN_LIST, R_AREA_PIECES, R_CARD_PIECES, R_CASTLE_SELF, R_LIVING_NEIGHBOURS, R_PER_LINK,
    R_PIECES_CASTLE, R_PIECES_CORRIDOR, RULE_CASTLE, RULE_CONN, RULE_TOUCH, SR_H, SR_SIDE_ROW, SR_W, T_COMPLETE, T_TILE,
    T_TOUCH, TL_BASE, TL_DOOR_EDGE, TL_DOOR_LEVEL, TL_DOOR_SIDE, TL_IS_PIECE, TL_N_DOORS, TL_RULE_KIND, TL_RULE_VALUE,
    TL_SHAPE, TL_TYPE, _cell_bit, _edge, _edge_bit, _edge_row, _open_entry, _in_footprint, door_on_edge, touching,
)


# ---------------------------------------------------------------- §5 scoring, §6 completion
@njit(cache=True, _nrt=False, inline="always")
def _rule_type(R, tile):
    """The type a neighbour's conn/touch rule sees (reference.scoring.rule_type)."""
    if TL_IS_PIECE[tile] and not R[R_PIECES_CORRIDOR]:
        return -1
    return TL_TYPE[tile]


@njit(cache=True, _nrt=False, inline="always")
def _castle_type(R, tile):
    """The type a castle-wide rule counts (reference.scoring.castle_type)."""
    if TL_IS_PIECE[tile] and not R[R_PIECES_CASTLE]:
        return -1
    return TL_TYPE[tile]


@njit(cache=True, _nrt=False, inline="always")
def _rule_value(tile, kind, other_type):
    if other_type < 0 or TL_RULE_KIND[tile] != kind:
        return 0
    return TL_RULE_VALUE[tile, other_type]


@njit(cache=True, _nrt=False, inline="always")
def _links(C, a, b):
    """Connected door pairs between castle tiles a and b."""
    c = 0
    for k in range(TL_N_DOORS[C[T_TILE + a]]):
        i = a * MAX_DOORS + k
        if C[D_STATE + i] == CONNECTED and C[D_PARTNER + i] == b:
            c += 1
    return c


@njit(cache=True, _nrt=False)
def _conn_points(C, R, a, b):
    """a's conn rule toward b (per door pair with bonus_per_link)."""
    value = _rule_value(C[T_TILE + a], RULE_CONN, _rule_type(R, C[T_TILE + b]))
    if value == 0:
        return 0
    return value * (_links(C, a, b) if R[R_PER_LINK] else 1)


@njit(cache=True, _nrt=False)
def relation_points(C, R, tile, x, touch, P, p0):
    """§5 for `tile` as castle index x (reference.scoring.placement_points): base, both conn rules over its connected
    tiles, both touch rules over its touching tiles (`touch`, a bit mask), the castle-wide rules of the tiles
    0..x-1 and x+1..H_N-1 counting it, its own over tiles 0..x. P[p0 + k] is the tile door k connects, or -1:
    the castle's D_PARTNER row once placed, a preview's scratch before (so both read one rule)."""
    return neighbour_points(C, R, tile, x, touch, P, p0) + castle_points(C, R, tile, x)


@njit(cache=True, _nrt=False)
def neighbour_points(C, R, tile, x, touch, P, p0):
    """The part of relation_points that depends on where the tile lies: base, conn rules, touch rules."""
    n = C[H_N]
    pts = TL_BASE[tile]
    seen = np.int64(0)
    mine = _rule_type(R, tile)
    doors = TL_N_DOORS[tile]
    for k in range(doors):
        b = P[p0 + k]
        if b < 0 or (seen >> b) & 1:
            continue
        seen |= np.int64(1) << b
        links = 0
        for j in range(doors):
            links += P[p0 + j] == b
        per = links if R[R_PER_LINK] else 1
        tb = C[T_TILE + b]
        pts += _rule_value(tile, RULE_CONN, _rule_type(R, tb)) * per + _rule_value(tb, RULE_CONN, mine) * per
    for b in range(n):
        if (touch >> b) & 1 and b != x:
            tb = C[T_TILE + b]
            pts += _rule_value(tile, RULE_TOUCH, _rule_type(R, tb)) + _rule_value(tb, RULE_TOUCH, mine)
    return pts


@njit(cache=True, _nrt=False)
def castle_points(C, R, tile, x):
    """The part of relation_points that is the same wherever the tile lies: the castle-wide rules of the other
    tiles counting it, and its own over tiles 0..x (and itself with castle_rule_counts_self)."""
    n = C[H_N]
    pts = 0
    kind = _castle_type(R, tile)
    for d in range(n):
        if d != x:
            pts += _rule_value(C[T_TILE + d], RULE_CASTLE, kind)
    if TL_RULE_KIND[tile] == RULE_CASTLE:
        for t in range(x):
            pts += _rule_value(tile, RULE_CASTLE, _castle_type(R, C[T_TILE + t]))
        if R[R_CASTLE_SELF]:
            pts += _rule_value(tile, RULE_CASTLE, kind)
    return pts


@njit(cache=True, _nrt=False)
def touch_scoring(C, R, tile):
    """The castle tiles (a mask) whose touching `tile` a touch rule would score, its own or theirs: a preview need not
    find whether it touches the others (their touch adds 0 to neighbour_points)."""
    mine = _rule_type(R, tile)
    among = np.int64(0)
    for b in range(C[H_N]):
        tb = C[T_TILE + b]
        if _rule_value(tile, RULE_TOUCH, _rule_type(R, tb)) != 0 or _rule_value(tb, RULE_TOUCH, mine) != 0:
            among |= np.int64(1) << b
    return among


@njit(cache=True, _nrt=False)
def placement_points(C, R, x):
    """§5 points of castle tile x (placed): relation_points over its door partners and touching tiles."""
    return relation_points(C, R, C[T_TILE + x], x, C[T_TOUCH + x], C, D_PARTNER + x * MAX_DOORS)


@njit(cache=True, _nrt=False)
def living_rescore(C, R, x):
    """§5 living re-score (reference.scoring.living_rescore)."""
    pts = TL_BASE[C[T_TILE + x]]
    seen = np.int64(0)
    for k in range(TL_N_DOORS[C[T_TILE + x]]):
        i = x * MAX_DOORS + k
        if C[D_STATE + i] != CONNECTED:
            continue
        b = C[D_PARTNER + i]
        if (seen >> b) & 1:
            continue
        seen |= np.int64(1) << b
        pts += _conn_points(C, R, x, b)
        if R[R_LIVING_NEIGHBOURS]:
            pts += _conn_points(C, R, b, x)
    return pts


@njit(cache=True, _nrt=False, inline="always")
def complete_now(C, t):
    """§6: every doorway of castle tile t CONNECTED."""
    for k in range(TL_N_DOORS[C[T_TILE + t]]):
        if C[D_STATE + t * MAX_DOORS + k] != CONNECTED:
            return False
    return True


@njit(cache=True, _nrt=False)
def completions(C, n, gained, out):
    """PROTOCOL.md 6: of the new tile n, then the old tiles in `gained` (add_tile's mask) ascending, those complete
    now and not before are marked complete and written to out; returns how many."""
    m = 0
    for i in range(n + 1):
        t = n if i == 0 else i - 1
        if t != n and not (gained >> t) & 1:
            continue
        if C[T_COMPLETE + t] == 0 and complete_now(C, t):
            C[T_COMPLETE + t] = 1
            out[m] = t
            m += 1
    return m


# ---------------------------------------------------------------- §7 the castle's metrics
M_COUNT_BY_TYPE = 0                            # [N_TYPES] rooms (and pieces per corridor_pieces_in_card_counts)
M_AREA_BY_TYPE = M_COUNT_BY_TYPE + data.N_TYPES  # [N_TYPES] their printed square feet
M_COUNT_BY_SIZE = M_AREA_BY_TYPE + data.N_TYPES  # [N_SIZES] rooms by size (pieces never)
M_COMPLETED = M_COUNT_BY_SIZE + data.N_SIZES   # completed rooms
M_INCOMPLETE = M_COMPLETED + 1                 # rooms not complete (R6)
M_ENTRANCES = M_INCOMPLETE + 1                 # OPEN doors at level UP
M_HALLWAYS = M_ENTRANCES + 1
M_STAIRS = M_HALLWAYS + 1
M_AREA = M_STAIRS + 1                          # the tie-break area (pieces per area_includes_pieces)
M_BLOCKED = M_AREA + 1                         # BLOCKED doorways of every tile (a result column)
M_SIZE = M_BLOCKED + 1
HALLWAY, STAIRS = data.HALLWAY, data.STAIRS
TL_SIZE = np.ascontiguousarray(data.TILE_SIZE)
TL_SIZE_SQFT = np.ascontiguousarray(data.TILE_SIZE_SQFT)


@njit(cache=True, _nrt=False)
def castle_metrics(C, R, out):
    """What bonus cards, favours and the tie-break count in the castle (reference.scoring.metrics without money)
    into out[:M_SIZE] (offsets M_*)."""
    for i in range(M_SIZE):
        out[i] = 0
    for t in range(C[H_N]):
        tile = C[T_TILE + t]
        piece = TL_IS_PIECE[tile]
        if tile != FOYER and (not piece or R[R_CARD_PIECES]):
            out[M_COUNT_BY_TYPE + TL_TYPE[tile]] += 1
            out[M_AREA_BY_TYPE + TL_TYPE[tile]] += TL_SIZE_SQFT[tile]
        if not piece:
            out[M_COUNT_BY_SIZE + TL_SIZE[tile]] += 1
            if C[T_COMPLETE + t]:
                out[M_COMPLETED] += 1
            else:
                out[M_INCOMPLETE] += 1
        if not piece or R[R_AREA_PIECES]:
            out[M_AREA] += TL_SIZE_SQFT[tile]
        out[M_HALLWAYS] += tile == HALLWAY
        out[M_STAIRS] += tile == STAIRS
        for k in range(TL_N_DOORS[tile]):
            out[M_BLOCKED] += C[D_STATE + t * MAX_DOORS + k] == BLOCKED
    out[M_ENTRANCES] = C[H_OPEN_UP]


# ---------------------------------------------------------------- a placement's facts, without placing it
(F_POINTS, F_LINKS, F_OWN_BLOCKED, F_OLD_BLOCKED, F_OPENED, F_SELF_COMPLETE, F_OLD_COMPLETE) = range(7)
F_PARTNER = 8                      # [MAX_DOORS] the tile door k would connect, or -1
F_PARTNER_DOOR = F_PARTNER + MAX_DOORS   # [MAX_DOORS] that tile's castle door index, or -1
F_SIZE = F_PARTNER_DOOR + MAX_DOORS


@njit(cache=True, _nrt=False)
def preview(C, R, tile, rot, x0, y0, level, F):
    """What add_tile would do with this legal placement, into F (offsets F_*), the castle unchanged: its §5 points,
    the door pairs it connects, its own doors BLOCKED, old OPEN doors it blocks (not those it connects), its own doors
    OPEN, whether it completes, and the mask of old tiles it completes (PROTOCOL.md 8, 'a placement's facts')."""
    preview_in(C, R, tile, rot, x0, y0, level, F, castle_points(C, R, tile, C[H_N]), touch_scoring(C, R, tile))


@njit(cache=True, _nrt=False, inline="always")
def _open_partner(C, x, y, d, lv):
    """The castle door index of the OPEN door of level lv facing cell (x, y) from direction d (across the cell's
    side (d + 2) % 4), or -1: a scan of the open list for the entry's cell, direction and level fields."""
    want = _open_entry(0, x, y, (d + 2) & 3, lv)
    for j in range(C[H_N_OPEN]):
        v = C[OPEN_LIST + j]
        if v & 0x1FFFFFF == want:
            return v >> 25
    return -1


@njit(cache=True, _nrt=False)
def preview_in(C, R, tile, rot, x0, y0, level, F, castle_pts, touch_among):
    """`preview` for a caller that previews many placements of one tile in one castle: castle_pts =
    castle_points(C, R, tile, H_N) and touch_among = touch_scoring(C, R, tile), computed once (both are the same for
    every placement). A door meeting a door of its level meets an OPEN one (the placement is legal: a CONNECTED or
    BLOCKED one faces a claimed cell), found in the open list (door_on_edge if not); the old OPEN doors it blocks are
    those on a side of its cells (C[H_OPEN_DOOR] by rows: doors sit on full cells, so each faces the footprint) less
    those it connects."""
    n = C[H_N]
    grid = C[H_GRID]
    s = TL_SHAPE[tile]
    r = rot & 3
    touch = touching(C, tile, r, x0, y0, touch_among) if touch_among else np.int64(0)
    door_at = C[H_DOOR]
    ewords = C[H_EWORDS]
    links = 0
    open_links = 0
    own_blocked = 0
    opened = 0
    doors = TL_N_DOORS[tile]
    for k in range(doors):
        e = _edge(grid, x0, y0, TL_DOOR_EDGE[tile, r, k, 0], TL_DOOR_EDGE[tile, r, k, 1], TL_DOOR_EDGE[tile, r, k, 2])
        lv = TL_DOOR_LEVEL[tile, level, k]
        d = TL_DOOR_SIDE[tile, r, k, 2]
        cx = x0 + TL_DOOR_SIDE[tile, r, k, 0]
        cy = y0 + TL_DOOR_SIDE[tile, r, k, 1]
        ax = cx + DIR_DX[d]
        ay = cy + DIR_DY[d]
        F[F_PARTNER + k] = -1
        F[F_PARTNER_DOOR + k] = -1
        if _edge_bit(C, door_at + lv * ewords, e):
            door = _open_partner(C, cx, cy, d, lv)
            if door >= 0:
                b = door // MAX_DOORS
                j = door - b * MAX_DOORS
                open_links += 1
            else:
                b, j = door_on_edge(C, n, e, lv)
            F[F_PARTNER + k] = b
            F[F_PARTNER_DOOR + k] = b * MAX_DOORS + j
            links += 1
        elif _cell_bit(C, ax, ay) or _in_footprint(s, r, x0, y0, ax, ay):
            own_blocked += 1
        else:
            opened += 1
    facing = 0
    open_at = C[H_OPEN_DOOR]
    w = SR_W[s, r]
    for dy in range(SR_H[s, r] + 1):
        hits = _edge_row(C, open_at, grid, x0, y0 + dy, w) & SR_SIDE_ROW[s, r, dy]
        while hits:
            hits &= hits - 1
            facing += 1
    old_complete = np.int64(0)
    for k in range(doors):
        b = F[F_PARTNER + k]
        if b < 0 or C[T_COMPLETE + b] or (old_complete >> b) & 1:
            continue
        gained = 0
        for j in range(doors):
            gained += F[F_PARTNER + j] == b
        missing = 0
        for j in range(TL_N_DOORS[C[T_TILE + b]]):
            missing += C[D_STATE + b * MAX_DOORS + j] != CONNECTED
        if missing == gained:
            old_complete |= np.int64(1) << b
    F[F_POINTS] = neighbour_points(C, R, tile, n, touch, F, F_PARTNER) + castle_pts
    F[F_LINKS] = links
    F[F_OWN_BLOCKED] = own_blocked
    F[F_OLD_BLOCKED] = facing - open_links
    F[F_OPENED] = opened
    F[F_SELF_COMPLETE] = links == doors
    F[F_OLD_COMPLETE] = old_complete
