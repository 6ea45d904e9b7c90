"""§4.4 legality for the numba castle (engine.castle's block): G1-G6 as bit tests (`violation`), the candidate
placements of a tile, its distinct legal placements sorted (`legal_placements`) and whether it has one (`can_place`).

A module of its own because these are the engine's hot loop (about two thirds of a 4-player uniform game) and
engine.castle, which lays tiles and keeps the block's facts, was past the house's size. Reads the block only (but for
the grid_refusals count C[H_REFUSED]); the layout and the bit helpers are engine.castle's.

Placements are (rot, x, y, level) as geometry.place. `legal_placements` writes the distinct legal ones sorted
ascending as tuples (PROTOCOL.md 4) into a preallocated [n, 4] buffer, with a scratch key buffer of `KEYS_SIZE`
(the keys, then a seen set of the keys tested); a key is `placement_key(rot, x, y, level)`, 23 bits of fields that sort as
the tuple does (x, y < 1024: rules.validate caps grid_size there) and decode with shifts, not divisions.
G1 and G3 always hold for a candidate (G1 is tested as it is made, and it joins one of its doors to an OPEN door of
that level): the generators skip them, `violation` tests them, so that it answers for any placement as
Castle.violation does. G6 is settled without counting the doors a placement closes when the castle has more OPEN
upstairs doors than the footprint has perimeter edges (a closed door faces the footprint across one of them: doors sit
on full cells, which G2 keeps out of any footprint), or when it opens enough new ones (those closed are some of the
castle's OPEN upstairs doors, so open_up - closed + opened >= opened).
The listing and can_place test a candidate's full cells against the claimed ones inline first (`_full_clash`): about
half the candidates break G2 there, before the seen set and without a call; the rest go to `_violation_rest`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.castles.engine.castle import (
    DIR_DX, DIR_DY, DOWN, H_DOOR, H_DOWN_BOX, H_EWORDS, H_FENCE, H_FENCE_BOX, H_GRID, H_N_DOWN_DOORS, H_N_FENCE,
    H_N_HALF, H_N_OPEN, H_OCC, H_OPEN_UP, H_REFUSED, H_WALL, H_WORDS, HALF_LIST, JOIN, N_JOIN, OPEN_LIST, R_MIN_EXT,
    R_MIXED_ILLEGAL, R_SHARING, ROW_ALL, ROW_FULL, SR_DIAGONAL, SR_FENCE_ROW, SR_H, SR_HALF, SR_HALF_FENCE, SR_N_HALF,
    MAX_CANDIDATES, SR_PERIMETER, SR_W, SR_WALL_ROW, TL_DOOR_LEVEL, TL_DOOR_ROW, TL_DOOR_SIDE,
    TL_HAS_DOWN_DOOR, TL_HAS_FENCE, TL_N_DOORS, TL_SHAPE, UP, _cell_bit, _edge_row, _in_footprint,
    _meets_box, _open_fields, placement_key,
)


@njit(cache=True, _nrt=False)
def violation(C, R, tile, rot, x0, y0, level):
    """0 if the placement is legal, else the first rule of G1-G6 it breaks as 1-6 (Castle.violation)."""
    return _violation(C, R, tile, rot, x0, y0, level, True)


@njit(cache=True, _nrt=False, inline="always")
def _full_clash(C, s, r, x0, y0):
    """G2's first half by rows of claimed cells: 2 if a full cell of shape s (rotation r) laid at (x0, y0) is on a
    claimed cell (G2 broken), 1 if only half cells are (G2's sharing test decides), 0 if none. Small and inlined: the
    listing and can_place call `_violation_rest` only for the candidates it passes (half of them fail here)."""
    words = C[H_WORDS]
    occ = C[H_OCC] + y0 * words + (x0 >> 6)
    sh = x0 & 63
    hit = 0
    if sh + SR_W[s, r] <= 64:  # the box lies in one word of each row
        for dy in range(SR_H[s, r]):
            lo = C[occ + dy * words] >> sh
            if ROW_ALL[s, r, dy] & lo:
                if ROW_FULL[s, r, dy] & lo:
                    return 2
                hit = 1
    else:
        for dy in range(SR_H[s, r]):
            at = occ + dy * words
            cells = ((C[at] >> sh) & ((np.int64(1) << (64 - sh)) - 1)) | (C[at + 1] << (64 - sh))
            if ROW_ALL[s, r, dy] & cells:
                if ROW_FULL[s, r, dy] & cells:
                    return 2
                hit = 1
    return hit


@njit(cache=True, _nrt=False)
def _violation(C, R, tile, rot, x0, y0, level, g3):
    """`violation`; with g3 False the placement is a candidate: G1 and G3 hold and are not tested."""
    grid = C[H_GRID]
    s = TL_SHAPE[tile]
    r = rot & 3
    # G1 (the box is tight: every row and column holds a claimed cell)
    if g3 and (x0 < 0 or y0 < 0 or x0 + SR_W[s, r] > grid or y0 + SR_H[s, r] > grid):
        return 1
    clash = _full_clash(C, s, r, x0, y0)
    if clash == 2:
        return 2
    return _violation_rest(C, R, tile, r, x0, y0, level, g3, clash == 1)


@njit(cache=True, _nrt=False)
def _violation_rest(C, R, tile, r, x0, y0, level, g3, half_hit):
    """G2-G6 after `_full_clash` passed (half_hit: a half cell lies on a claimed cell); r is the rotation & 3. Not
    inlined: numba's IR inlining into the listing and can_place made 4-player `uniform` 1.03x as fast but the cold
    compile 106 -> 129 s (over the 2-minute target; docs/performance.md)."""
    grid = C[H_GRID]
    s = TL_SHAPE[tile]
    w = SR_W[s, r]
    h = SR_H[s, r]
    # G2's second half: a half cell only on the opposite half (when sharing)
    if half_hit:
        for j in range(SR_N_HALF[s]):
            cx = x0 + SR_HALF[s, r, j, 0]
            cy = y0 + SR_HALF[s, r, j, 1]
            if not _cell_bit(C, cx, cy):
                continue
            if not R[R_SHARING]:
                return 2
            cell = cy * grid + cx
            want = (SR_HALF[s, r, j, 2] + 2) & 3
            ok = 0
            for i in range(C[H_N_HALF]):
                v = C[HALF_LIST + i]
                if v >> 12 == cell:
                    ok += 1 if v & 3 == want else 2
            if ok != 1:
                return 2
    # G3, G4: a door on a same-level door; none on a door of the other level (when that is illegal)
    door_at = C[H_DOOR]
    ewords = C[H_EWORDS]
    nd = TL_N_DOORS[tile]
    meets = not g3
    mixed = False
    mixed_illegal = R[R_MIXED_ILLEGAL]
    # a door on a door of the other level needs a DOWN door, the tile's or the castle's
    if g3 or (mixed_illegal and (TL_HAS_DOWN_DOOR[tile, level] or (
            C[H_N_DOWN_DOORS] > 0 and _meets_box(C, H_DOWN_BOX, x0, y0, x0 + w, y0 + h)))):
        for dy in range(h + 1):
            up = TL_DOOR_ROW[tile, r, level, UP, dy]
            down = TL_DOOR_ROW[tile, r, level, DOWN, dy]
            if up | down == 0:
                continue
            on_up = _edge_row(C, door_at, grid, x0, y0 + dy, w)
            on_down = _edge_row(C, door_at + ewords, grid, x0, y0 + dy, w)
            if (up & on_up) | (down & on_down):
                meets = True
            if mixed_illegal and (up & on_down) | (down & on_up):
                mixed = True
    if not meets:
        return 3
    if mixed:
        return 4
    # G5: fence on wall, wall on fence, fence diagonal on diagonal wall
    has_fence = TL_HAS_FENCE[tile]
    if has_fence:
        wall_at = C[H_WALL]
        for dy in range(h + 1):
            fence_row = SR_FENCE_ROW[s, r, dy]
            if fence_row and _edge_row(C, wall_at, grid, x0, y0 + dy, w) & fence_row:
                return 5
    if C[H_N_FENCE] > 0 and _meets_box(C, H_FENCE_BOX, x0, y0, x0 + w, y0 + h):
        fence_at = C[H_FENCE]
        for dy in range(h + 1):
            wall_row = SR_WALL_ROW[s, r, dy]
            if wall_row and _edge_row(C, fence_at, grid, x0, y0 + dy, w) & wall_row:
                return 5
    if half_hit:  # every half cell on a claimed cell shares it with the opposite half (G2 passed)
        for j in range(SR_N_HALF[s]):
            mine_fence = has_fence * SR_HALF_FENCE[s, r, j]
            mine_diag = SR_DIAGONAL[s]
            if not (mine_fence or mine_diag):
                continue
            cx = x0 + SR_HALF[s, r, j, 0]
            cy = y0 + SR_HALF[s, r, j, 1]
            cell = cy * grid + cx
            want = (SR_HALF[s, r, j, 2] + 2) & 3
            for i in range(C[H_N_HALF]):
                v = C[HALF_LIST + i]
                if v >> 12 == cell and v & 3 == want:
                    if (mine_fence and (v >> 2) & 1) or (mine_diag and (v >> 3) & 1):
                        return 5
    # G6: the OPEN upstairs doors after the placement, open_up - lost + gained >= min_external_entrances. The lost
    # ones are some of the open_up, so enough gained settles it without counting them. A new UP door facing a free cell
    # is OPEN: no tile claims either cell of its edge (its own is a full cell of the footprint), so none has a door there.
    need = R[R_MIN_EXT]
    if C[H_OPEN_UP] - SR_PERIMETER[s] >= need:   # it cannot close enough of them (SR_PERIMETER)
        return 0
    gained = 0
    for k in range(nd):
        if TL_DOOR_LEVEL[tile, level, k] != UP:
            continue
        d = TL_DOOR_SIDE[tile, r, k, 2]
        ax = x0 + TL_DOOR_SIDE[tile, r, k, 0] + DIR_DX[d]
        ay = y0 + TL_DOOR_SIDE[tile, r, k, 1] + DIR_DY[d]
        if _cell_bit(C, ax, ay) or _in_footprint(s, r, x0, y0, ax, ay):
            continue
        gained += 1
        if gained >= need:
            return 0
    left = C[H_OPEN_UP] + gained
    if left < need:
        return 6
    for j in range(C[H_N_OPEN]):
        v = C[OPEN_LIST + j]
        if (v & 1) == UP and _in_footprint(s, r, x0, y0, ((v >> 14) & 2047) - 1, ((v >> 3) & 2047) - 1):
            left -= 1
            if left < need:
                return 6
    return 0


@njit(cache=True, _nrt=False)
def candidates(C, tile, keys):
    """§4.4 candidate generation: for each OPEN door, each way a door of the tile meets it, the placement's key
    (G1 filtered, duplicates kept, unsorted) into `keys`. Returns how many."""
    grid = C[H_GRID]
    n = 0
    for j in range(C[H_N_OPEN]):
        v = C[OPEN_LIST + j]
        lv_open, d, ax, ay = _open_fields(v)
        for i in range(N_JOIN[tile, lv_open, d]):
            lv = JOIN[tile, lv_open, d, i, 0]
            r = JOIN[tile, lv_open, d, i, 1]
            x0 = ax - JOIN[tile, lv_open, d, i, 2]
            y0 = ay - JOIN[tile, lv_open, d, i, 3]
            s = TL_SHAPE[tile]
            if x0 < 0 or y0 < 0 or x0 + SR_W[s, r] > grid or y0 + SR_H[s, r] > grid:
                C[H_REFUSED] += 1   # a candidate off the grid: a log column that must stay 0
                continue
            keys[n] = placement_key(r, x0, y0, lv)
            n += 1
    return n


SEEN_AT = MAX_CANDIDATES
"""keys[SEEN_AT:] is `legal_placements`' seen set: bit `key` set for each candidate already tested past `_full_clash`
(all clear between calls). A key has 23 bits (placement_key: 2 for the rotation, 10 for each of x and y, 1 for the level)."""
KEYS_SIZE = SEEN_AT + (1 << 23) // 64
"""Length of `legal_placements`' scratch `keys`: the candidate keys, then the seen set."""


@njit(cache=True, _nrt=False)
def legal_keys(C, R, tile, keys):
    """The distinct legal placements of `tile` as keys, unsorted, into keys[:m] (m returned); `keys` is scratch of
    KEYS_SIZE, its seen set clear (and clear again on return). Candidates (as `candidates` makes them) are tested as
    generated but for repeats (one in seven: a placement meeting two OPEN doors), which the seen set skips once they
    pass `_full_clash` (one that fails it fails again, as cheaply as the seen set would skip it); the legal keys go to
    keys[:m], the others to the top of keys[:SEEN_AT] (to clear their seen bits)."""
    grid = C[H_GRID]
    s = TL_SHAPE[tile]
    m = 0
    top = SEEN_AT
    for o in range(C[H_N_OPEN]):
        v = C[OPEN_LIST + o]
        lv_open, d, ax, ay = _open_fields(v)
        for c in range(N_JOIN[tile, lv_open, d]):
            lv = JOIN[tile, lv_open, d, c, 0]
            r = JOIN[tile, lv_open, d, c, 1]
            x0 = ax - JOIN[tile, lv_open, d, c, 2]
            y0 = ay - JOIN[tile, lv_open, d, c, 3]
            if x0 < 0 or y0 < 0 or x0 + SR_W[s, r] > grid or y0 + SR_H[s, r] > grid:
                C[H_REFUSED] += 1   # a candidate off the grid: a log column that must stay 0
                continue
            clash = _full_clash(C, s, r, x0, y0)
            if clash == 2:   # G2 broken (half the candidates): a repeat of it is broken again, the seen set skips it
                continue
            key = placement_key(r, x0, y0, lv)
            at = SEEN_AT + (key >> 6)
            bit = np.int64(1) << (key & 63)
            if keys[at] & bit:
                continue
            keys[at] |= bit
            if _violation_rest(C, R, tile, r, x0, y0, lv, False, clash == 1) == 0:
                keys[m] = key
                m += 1
            else:
                top -= 1
                keys[top] = key
    for i in range(top, SEEN_AT):
        keys[SEEN_AT + (keys[i] >> 6)] = 0
    for i in range(m):
        keys[SEEN_AT + (keys[i] >> 6)] = 0
    return m


@njit(cache=True, _nrt=False)
def legal_placements(C, R, tile, keys, out):
    """The distinct legal placements of `tile` sorted ascending as (rot, x, y, level) into out[:n] (n returned);
    `keys` is scratch of KEYS_SIZE (`legal_keys`). Each legal key goes to its rank among them (distinct keys: a count
    of smaller ones, without branches, is cheaper than an insertion sort)."""
    m = legal_keys(C, R, tile, keys)
    for i in range(m):
        key = keys[i]
        rank = 0
        for j in range(m):
            rank += keys[j] < key
        out[rank, 0] = key >> 21
        out[rank, 1] = (key >> 11) & 1023
        out[rank, 2] = (key >> 1) & 1023
        out[rank, 3] = key & 1
    return m


@njit(cache=True, _nrt=False)
def kth_key(keys, m, k):
    """The k-th smallest (from 0) of the m distinct keys[:m], which it reorders: legal_placements' out[k] as a key
    without ranking them all (`uniform` and `random` place at one drawn index; the ranking is O(m^2), a tenth of a
    uniform game). A quickselect (pivot the median of three, a branch-free partition); a few keys are ranked."""
    lo = 0
    hi = m - 1
    while hi - lo >= 8:
        a = keys[lo]
        b = keys[(lo + hi) >> 1]
        c = keys[hi]
        pivot = max(min(a, b), min(max(a, b), c))
        store = lo   # keys[lo:store] < pivot <= keys[store:i]
        for i in range(lo, hi + 1):
            v = keys[i]
            keys[i] = keys[store]
            keys[store] = v
            store += v < pivot
        if k < store:
            hi = store - 1
            continue
        for i in range(store, hi + 1):   # the pivot (the least of keys[store:hi + 1]) to keys[store]
            if keys[i] == pivot:
                keys[i] = keys[store]
                keys[store] = pivot
                break
        if k == store:
            return pivot
        lo = store + 1
    for i in range(lo, hi + 1):
        key = keys[i]
        rank = lo
        for j in range(lo, hi + 1):
            rank += keys[j] < key
        if rank == k:
            return key
    return -1


@njit(cache=True, _nrt=False)
def can_place(C, R, tile):
    """Some placement of `tile` is legal (§4.4: a room may be bought only then). The open doors are tried newest first:
    the castle's newest doors face more free cells, so the first legal candidate comes sooner (8% off a 4-player
    uniform game)."""
    grid = C[H_GRID]
    s = TL_SHAPE[tile]
    for j in range(C[H_N_OPEN] - 1, -1, -1):
        v = C[OPEN_LIST + j]
        lv_open, d, ax, ay = _open_fields(v)
        for i in range(N_JOIN[tile, lv_open, d]):
            r = JOIN[tile, lv_open, d, i, 1]
            x0 = ax - JOIN[tile, lv_open, d, i, 2]
            y0 = ay - JOIN[tile, lv_open, d, i, 3]
            if x0 < 0 or y0 < 0 or x0 + SR_W[s, r] > grid or y0 + SR_H[s, r] > grid:
                C[H_REFUSED] += 1   # a candidate off the grid: a log column that must stay 0
                continue
            clash = _full_clash(C, s, r, x0, y0)
            if clash != 2 and _violation_rest(C, R, tile, r, x0, y0, JOIN[tile, lv_open, d, i, 0], False,
                                              clash == 1) == 0:
                return True
    return False
