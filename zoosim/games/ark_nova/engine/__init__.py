"""Ark Nova in numba: one flat int64 block `G` per game (engine.state), the rules as the int64 array `R` (pack.py),
no Python objects, no allocation during a game; the same draws, decisions and event rows as the reference
(PROTOCOL.md), checked module by module against it.

The modules, each importing only those before it: `state` (the block's layout, the event log, the decision hook
`_choose` and the seat policies' dispatch), `setup` (§3), `piles` (deck, discard, display), `build` (footprints,
build options, the zoo memo), `tracks` (gains, reputation, CP, workers, upgrades), `place` (placing a building with
its bonuses), `cards` (slots, strength, break track, the Cards action), `animals` (icons, conditions, costs,
homes), `sponsors`, `association` (its options), `abilities` (card-moving abilities), `effects` (a card's effect
rows at a moment), `triggers` (icons firing triggers, a card entering the zoo, the after-queue), `tasks` (partner
zoo, university, sponsor tile), `projects` (the Association action), `turn_options` (which actions a turn may
take), `scoring` (§13), `actions` (the five actions), `turn` (a turn, a break, final scoring), `chain` (the effect
stack's dispatcher: a rule that can set off more rules is a frame, never recursion), `moments` (entry points of the
effect frames), `planner` (the turn planner of `greedy` and `heuristic`: it replays the turn on copies of the block)
and `game` (whole games, and the entry points that run one frame). `codec` turns a block into plain Python and
back, for tests.
"""
