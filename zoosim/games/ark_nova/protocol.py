"""The codes of PROTOCOL.md shared by the engine and the reference: the decision hooks a policy is asked at (3) and
the kinds of the event rows both write (7). Plain ints, so numba reads them as constants; engine.state and
reference.state re-export them."""
from __future__ import annotations

# Decision hooks (PROTOCOL.md 3): the policy gets (state, seat, hook, options) and returns an option index; the engine
# never asks 11, 22, 29 and 48.
(H_KEEP, H_TURN, H_XSPEND, H_XACTION_CARD, H_CARDS_MODE, H_SNAP_FOLDER, H_TAKE_SOURCE, H_DISCARD, H_BUILD_TYPE,
 H_FOOTPRINT, H_MOVE_ANIMAL, H_ANIMAL_PLAY, H_ANIMAL_HOME, H_TASK, H_PARTNER, H_UNIVERSITY, H_PROJECT, H_PROJECT_SLOT,
 H_RELEASE_ANIMAL, H_RELEASE_ENCLOSURE, H_BONUS_TOKEN, H_DONATE, H_SPONSOR_MODE, H_SPONSOR_PLAY, H_CP2, H_UPGRADE,
 H_CP_TILE, H_MULTIPLIER_CARD, H_TILE_SPONSOR, H_BREAK_DISCARD, H_FINAL_DISCARD, H_KEEP_CARD, H_COIN, H_CLEVER,
 H_BOOST, H_BASE_PROJECT, H_DIG_KIND, H_HAND_CARD, H_POSTURE_TYPE, H_TARGET, H_HYPNOSIS_CARD, H_PILFER_GIVE,
 H_ARCHAEOLOGIST, H_SEARCH_CLASS, H_DETERMINATION, H_RESISTANCE, H_ENGINEER_TYPE, H_SPONSOR_STOP) = range(1, 49)

# Event rows (kind, seat, a, b, c, d) (PROTOCOL.md 7)
(E_DECIDE, E_TURN, E_ACTION, E_X_ACTION, E_GAIN, E_DRAW, E_DISCARD, E_BUILD, E_PLAY, E_SUPPORT, E_BREAK, E_INCOME,
 E_END, E_SCORE, E_RESHUFFLE, E_DISPLAY, E_UPGRADE, E_TILE, E_TOKEN, E_RELEASE) = range(1, 21)

__all__ = [name for name in dict(globals()) if name[:2] in ("H_", "E_")]
