"""The names Ark Nova's card and map data share, each as a tuple whose position is the integer the tables store.

Kept apart from `cards`/`effects` and `board` so that neither has to import the other: an effect names a
building (`place_unique:owl`) and the board builds its footprints, through the same index here.
"""
from __future__ import annotations

from zoosim.errors import ZoosimError

# §2 "internal index order suggested for arrays": 7 categories, 5 continents, science, then rock and water
ICONS: tuple[str, ...] = (
    "bird", "predator", "herbivore", "bear", "reptile", "primate", "pet",
    "africa", "americas", "asia", "australia", "europe", "science", "rock", "water",
)
N_ICONS = len(ICONS)
CATEGORY_ICONS = tuple(range(0, 7))
CONTINENT_ICONS = tuple(range(7, 12))
SCIENCE, ROCK, WATER = 12, 13, 14
CARD_ICON_NAMES = ICONS[:13]  # the `icons` column's vocabulary; rock/water come from their own columns (§2)

# The five action cards (§4, §5), in the order `random_action_order = false` lays them out, after Animals.
ACTIONS: tuple[str, ...] = ("animals", "cards", "build", "association", "sponsors")

# What a gain is paid in (§12.1-12.3: `trg_own:ICON:R:k` spells them app/money/x/rep/cp).
RESOURCES: tuple[str, ...] = ("appeal", "money", "x_tokens", "reputation", "cp", "workers")
APPEAL, MONEY, X_TOKENS, REPUTATION, CP, WORKERS = range(6)

# Buildings (§5.2, §6.4, §6.9): standard enclosures by size, kiosk, pavilion, the three special enclosures,
# then the 15 unique sponsor buildings in card order 243-257 (the names of `place_unique:NAME`).
STANDARD_BUILDINGS: tuple[str, ...] = (
    "enclosure1", "enclosure2", "enclosure3", "enclosure4", "enclosure5", "kiosk", "pavilion",
    "petting_zoo", "reptile_house", "large_bird_aviary",
)
UNIQUE_BUILDINGS: tuple[str, ...] = (
    "meerkat", "penguin", "aquarium", "cable", "baboon", "monkey", "owl", "sea_turtle", "polar_bear",
    "hyena", "okapi", "zoo_school", "adventure", "water_playground", "side_entrance",
)
BUILDINGS: tuple[str, ...] = STANDARD_BUILDINGS + UNIQUE_BUILDINGS
N_BUILDINGS = len(BUILDINGS)
ENCLOSURE1 = 0  # enclosure of size s is ENCLOSURE1 + s - 1
KIOSK, PAVILION, PETTING_ZOO, REPTILE_HOUSE, LARGE_BIRD_AVIARY = 5, 6, 7, 8, 9
FIRST_UNIQUE_BUILDING = len(STANDARD_BUILDINGS)

# Map A cells (§6.2, R1): terrain and placement-bonus kinds as the TOML spells them ("" = no bonus).
TERRAINS: tuple[str, ...] = ("plain", "rock", "water")
PLAIN, ROCK_TERRAIN, WATER_TERRAIN = 0, 1, 2
CELL_BONUSES: tuple[str, ...] = ("", "reputation", "x_token", "take_card", "money", "worker")


def lookup(names: tuple[str, ...], value: str, what: str) -> int:
    """The index of `value` in `names`, or a one-line ZoosimError naming the value and the accepted ones."""
    try:
        return names.index(value)
    except ValueError:
        shown = ", ".join(repr(n) if n == "" else n for n in names)
        raise ZoosimError(f"unknown {what} {value!r}; accepted: {shown}") from None
