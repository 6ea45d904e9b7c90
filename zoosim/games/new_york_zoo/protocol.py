"""The codes of PROTOCOL.md, shared by the engine, the policies and the reference: event kinds, decision
kinds, special destinations and end reasons. Plain ints, so numba reads them as constants."""

# Event log rows: (kind, player, a, b, c, d)
EV_MOVE = 1         # a = destination space (1..25), b = counted steps, c = raw spaces, d = solo tile (-1 = none/free)
EV_PASS = 2         # no legal destination
EV_ENCLOSURE = 3    # a = tile index, b = placement index, c = enclosure number, d = 1 if short-game setup
EV_ANIMAL = 4       # a = species, b = to (enclosure or HOUSE), c = from (SUPPLY, HOUSE or enclosure)
EV_FULL = 5         # a = enclosure, b = species, c = animals removed
EV_KEEP = 6         # a = species kept in a house
EV_ATTRACTION = 7   # a = tile index (45..52), b = placement index
EV_BREEDING = 8     # a = species of the line (event start; player = mover)
EV_BRED = 9         # a = enclosure, b = species, c = 1 for bonus breeding
EV_END = 10         # player = -1, a = end reason, b = turns
EV_SEARCH = 11      # a search seat's decision, before its turn: a = candidates, b = the one chosen, c = playouts
EV_CANDIDATE = 12   # one per candidate, in shortlist order: a = destination space, b = its first tile or animal
#                     decision (harbour: tile * 4096 + placement index; animal space: first * 8 + second + 1, the
#                     second -1 when none; -1: not asked), c = playouts, d = mean outcome in thousandths
EV_NAMES = {EV_MOVE: "MOVE", EV_PASS: "PASS", EV_ENCLOSURE: "ENCLOSURE", EV_ANIMAL: "ANIMAL", EV_FULL: "FULL",
            EV_KEEP: "KEEP", EV_ATTRACTION: "ATTRACTION", EV_BREEDING: "BREEDING", EV_BRED: "BRED", EV_END: "END",
            EV_SEARCH: "SEARCH", EV_CANDIDATE: "CANDIDATE"}

HOUSE = -1
SUPPLY = -2

# Decision kinds (what a policy is asked)
D_DESTINATION = 0
D_ENCLOSURE_PLACE = 1
D_POPULATE_FIRST = 2
D_POPULATE_SECOND = 3
D_ANIMAL_OPTION = 4
D_ANIMAL_DEST = 5
D_HOUSE_BONUS = 6
D_KEEP = 7
D_ATTRACTION_TAKE = 8
D_ATTRACTION_KIND = 9
D_ATTRACTION_PLACE = 10
D_BREED = 11
D_BONUS_BREED = 12
D_SHORT_PLACE = 13

# End reasons (column `end_reason`)
END_COVERED = 0
END_TURN_CAP = 1
END_SOLO_LAPS = 2
END_REASONS = ("covered", "turn_cap", "solo_laps")
