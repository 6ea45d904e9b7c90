"""Ark Nova's card data (spec §2, §7.2, §10-§12, §17 card-file checks) against the package tables and programs."""
import csv
import io
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.components import cards, effects
from zoosim.games.ark_nova.components.effects import MAX_ARGS, METRIC, Effect, Moment, Op, parse_tag, parse_tags
from zoosim.games.ark_nova.components.vocab import ICONS, RESOURCES
from tests.support.paths import assert_spec_copy

pytestmark = pytest.mark.rules

# The spec's card file as shared/specs holds it (SHA-256): the package copy must be that file, byte for byte.
SPEC_CARDS_SHA256 = "7143f16f4c2797e2f02db10c161e810e45361fa599e4f8d91f7c348eab0d3cae"
PACKAGE_CSV = Path(cards.__file__).with_name("cards.csv")
C = cards.CARDS
TAG_COLUMNS = {"ability_printed": "ability", "ability_peaceful": "ability", "effects_model": "sponsor"}


def raw_rows():
    return list(csv.DictReader(io.StringIO(PACKAGE_CSV.read_text(encoding="utf-8"))))


def of_kind(kind):
    return np.flatnonzero(C.kind == kind)


def col(name, card_id):
    return int(getattr(C, name)[cards.index_of(card_id)])


def ops_at(card_id, moment, peaceful=False):
    prog, c = cards.program(peaceful), cards.index_of(card_id)
    s, n = prog.start[c, moment], prog.count[c, moment]
    return [list(row) for row in prog.ops[s:s + n]]


def row(op, *args):
    return [int(op), *args] + [0] * (MAX_ARGS - len(args))


def test_package_csv_is_the_spec_file():
    assert_spec_copy(PACKAGE_CSV, "ark-nova-cards.csv", SPEC_CARDS_SHA256)


# ---------------------------------------------------------------- §17 "Card file"
def test_counts_per_kind_and_id_ranges():
    assert cards.N_CARDS == 235
    counts = {cards.KINDS[k]: len(of_kind(k)) for k in range(len(cards.KINDS))}
    assert counts == {"animal": 128, "sponsor": 64, "project_base": 12, "project": 20, "final": 11}
    ranges = {cards.ANIMAL: (401, 528), cards.SPONSOR: (201, 264), cards.PROJECT_BASE: (101, 112),
              cards.PROJECT: (113, 132), cards.FINAL: (1, 11)}
    for kind, (lo, hi) in ranges.items():
        assert sorted(C.ids[of_kind(kind)]) == list(range(lo, hi + 1))
    assert list(C.ids) == sorted(C.ids)  # table rows are in id order
    assert len(cards.ZOO_DECK) == 212
    assert all(cards.INDEX_OF_ID[C.ids[i]] == i for i in range(cards.N_CARDS))


def test_animal_facts():
    a = of_kind(cards.ANIMAL)
    assert Counter(C.size[a].tolist()) == {1: 34, 2: 31, 3: 24, 4: 20, 5: 19}
    petting = a[C.std_ok[a] == 0]
    assert len(petting) == 10 and (C.pz_cubes[petting] == 1).all()
    assert (C.rh_cubes[a] >= 0).sum() == 25 and (C.lba_cubes[a] >= 0).sum() == 11
    assert (C.rock[a] > 0).sum() == 19 and (C.water[a] > 0).sum() == 23
    assert C.rock[a].sum() == 20 and C.water[a].sum() == 26
    assert C.req_animals2[a].sum() == 12 and C.req_partner_zoo_continent[a].sum() == 15
    assert sum(C.ability_printed[i] == "" for i in a) == 10
    assert sum(C.ability_peaceful[i] != "" for i in a) == 11
    assert (C.cost[a].sum(), C.appeal[a].sum(), C.cp[a].sum(), C.rep[a].sum()) == (1845, 659, 23, 17)
    icons = {ICONS[k]: int(C.icons[a, k].sum()) for k in range(12)}
    assert icons == {"africa": 27, "americas": 27, "asia": 27, "australia": 21, "europe": 21, "bird": 25,
                     "predator": 26, "herbivore": 25, "bear": 9, "reptile": 26, "primate": 19, "pet": 10}


def test_spot_values():
    cheetah = cards.index_of(401)
    assert (C.cost[cheetah], C.size[cheetah], C.appeal[cheetah]) == (17, 5, 6)
    assert C.icons[cheetah, ICONS.index("predator")] == 2 and C.icons[cheetah, ICONS.index("africa")] == 1
    assert C.icons[cheetah].sum() == 3
    assert col("cost", 426) == 36 and col("water", 482) == 1 and col("rep", 521) == 1 and col("rh_cubes", 473) == 0
    assert C.icons[cards.index_of(489), ICONS.index("reptile")] == 2
    # rock/water columns count as icons (§2, §7.1): Anaconda's water need is also a water icon
    assert C.icons[cards.index_of(482), ICONS.index("water")] == 1
    assert C.icons[cards.index_of(246), ICONS.index("rock")] == 2  # Aerial Cableway


def test_requirements():
    lion, panda, eagle = (cards.index_of(i) for i in (402, 433, 505))
    assert C.req_icons[lion, ICONS.index("predator")] == 3 and C.req_icons[lion].sum() == 3
    assert C.req_icons[panda, ICONS.index("herbivore")] == 1 and C.req_icons[panda, ICONS.index("bear")] == 1
    assert C.req_partner_zoo_continent[panda] == 1 and C.req_animals2[eagle] == 1
    assert col("req_partner_zoos", 215) == 2 and col("req_partner_zoo_continent", 215) == 0
    assert col("req_min_rep", 227) == 6 and col("req_sponsors2", 263) == 1 and col("req_min_rep", 263) == 6
    assert col("req_max_appeal", 207) == 25 and col("req_max_appeal", 201) == -1
    assert C.req_icons[cards.index_of(204), ICONS.index("science")] == 4


def test_sponsor_facts():
    s = of_kind(cards.SPONSOR)
    assert Counter(C.level[s].tolist()) == {3: 12, 4: 18, 5: 28, 6: 6}
    assert C.req_sponsors2[s].sum() == 6
    assert C.icons[s, ICONS.index("science")].sum() == 17


def test_projects():
    def slots(i):
        c = cards.index_of(i)
        return (cards.PROJECT_KINDS[C.project_kind[c]], C.project_target[c], C.project_slot_condition[c].tolist(),
                C.project_slot_cp[c].tolist(), C.project_slot_rep[c].tolist(), int(C.project_place_rep[c]))
    assert slots(101) == ("distinct_categories", -1, [5, 4, 3], [5, 3, 2], [0, 0, 0], 0)
    assert slots(105) == ("icon_count", ICONS.index("australia"), [5, 4, 2], [5, 4, 2], [0, 0, 0], 0)
    assert slots(103)[3] == [5, 3, 2]
    large, medium, small = (cards.RELEASE_CLASSES.index(k) for k in "LMS")
    assert slots(116) == ("release", ICONS.index("africa"), [large, medium, small], [5, 4, 3], [0, 0, 0], 1)
    assert slots(123) == ("breed", ICONS.index("bird"), [0, 0, 0], [2, 1, 2], [2, 2, 0], 0)
    assert slots(128)[1:4] == (ICONS.index("water"), [5, 4, 2], [4, 3, 2])
    assert slots(129)[2:4] == ([5, 3, 2], [4, 3, 2])
    assert [slots(i)[2:4] for i in (130, 131, 132)] == [([8, 5, 2], [4, 3, 2]), ([4, 3, 2], [4, 3, 2]),
                                                        ([5, 4, 2], [4, 3, 2])]
    others = [i for i in range(cards.N_CARDS) if C.kind[i] not in (cards.PROJECT_BASE, cards.PROJECT)]
    assert (C.project_kind[others] == -1).all()


def test_final_scoring_cards():
    def tiers(i):
        c = cards.index_of(i)
        return cards.FINAL_METRICS[C.final_metric[c]], C.final_thresholds[c].tolist(), C.final_cp[c].tolist()
    expect = {1: [1, 2, 4, 5], 2: [3, 6, 8, 10], 3: [3, 4, 5, 6], 5: [3, 4, 5, 6], 6: [6, 12, 18, 24],
              7: [6, 9, 12, 15], 8: [3, 6, 8, 10], 10: [1, 3, 5, 7], 11: [2, 4, 6, 8]}
    for i, thresholds in expect.items():
        assert tiers(i)[1:] == (thresholds, [1, 2, 3, 4])
    # "1 each, max 4" = CP min(count, 4) = tiers 1/2/3/4 -> 1/2/3/4
    assert tiers(4) == ("architecture", [1, 2, 3, 4], [1, 2, 3, 4])
    assert tiers(9) == ("category_majority_vs_previous", [1, 2, 3, 4], [1, 2, 3, 4])
    assert tiers(7)[0] == "reputation"


# ---------------------------------------------------------------- tags and opcodes
def test_every_csv_tag_parses_to_a_known_opcode():
    """Fails as soon as a tag of the card file has no opcode (or a malformed argument)."""
    seen = 0
    for r in raw_rows():
        for column, kind in TAG_COLUMNS.items():
            for tag in filter(None, r[column].split(";")):
                effect = parse_tag(tag, kind, f"card {r['id']}")
                assert effect.op in set(Op) and effect.moment in set(Moment)
                assert len(effect.args) <= MAX_ARGS
                seen += 1
    assert seen == 272


def test_every_tag_form_and_opcode_is_used():
    """§18.4: every defined tag is used; every opcode belongs to some tag form."""
    used = {effects.match_tag(tag, kind)[0] for r in raw_rows() for column, kind in TAG_COLUMNS.items()
            for tag in filter(None, r[column].split(";"))}
    assert [s.form for s in effects.TAG_SPECS if s not in used] == []
    assert {s.op for s in effects.TAG_SPECS} == set(Op)


def test_opcode_table():
    assert [int(op) for op in Op] == list(range(1, len(Op) + 1))  # 0 is never an opcode: zero rows are empty
    for op in Op:
        assert "§" in op.__doc__ and isinstance(op.args, tuple)
    assert Op["GAIN"] == 1 and Op.GAIN.args == ("resource", "amount")
    assert MAX_ARGS == 8 and cards.PROGRAM.ops.shape[1] == 1 + MAX_ARGS
    assert len(set((s.column, s.head, s.form) for s in effects.TAG_SPECS)) == len(effects.TAG_SPECS)


def test_program_shapes():
    for prog in (cards.PROGRAM, cards.PEACEFUL_PROGRAM):
        assert prog.start.shape == prog.count.shape == (235, effects.N_MOMENTS)
        assert prog.ops.dtype == np.int32 and prog.ops.shape == (prog.count.sum(), 1 + MAX_ARGS)
        assert not prog.ops.flags.writeable
        assert (prog.start + prog.count).max() <= len(prog.ops)
    assert len(cards.PROGRAM.ops) == 272 - 11  # the peaceful column is not in the printed program


# ---------------------------------------------------------------- hand-checked decodes
IMM, AFTER, INC, TRG, PAS, END = (int(m) for m in Moment)
OWN, ALL = effects.SCOPE_OWN, effects.SCOPE_ALL
APPEAL, MONEY, X, REP, CP, WORKERS = range(6)


def test_decode_animals():
    assert ops_at(401, IMM) == [row(Op.DRAW_FROM_DECK, 3)]  # Cheetah sprint:3
    assert ops_at(411, IMM) == [row(Op.GAIN_PER_METRIC, X, METRIC["icon_bear"], 1, 1, 3, ALL),  # Grizzly
                              row(Op.GAIN, WORKERS, 1)]
    assert ops_at(429, AFTER) == [row(Op.BOOST, 4)] and ops_at(429, PAS) == [row(Op.FLOCK, 2)]  # Grevy's Zebra
    assert ops_at(436, IMM) == [row(Op.GAIN_PER_METRIC, APPEAL, ICONS.index("americas"), 1, 1, 8, ALL)]  # Bison
    assert ops_at(459, IMM) == [row(Op.GAIN_BY_TIERS, X, METRIC["icon_primate"], 1, 1, 3, 2, 5, 3)]
    assert ops_at(519, IMM) == [row(Op.GAIN_PER_METRIC, APPEAL, ICONS.index("pet"), 3, 1, 0, OWN)]  # Goat
    # King Cobra: hypnosis runs after the action; peaceful: determination, also after
    assert ops_at(475, AFTER) == [row(Op.HYPNOSIS, 3)] and ops_at(475, IMM) == []
    assert ops_at(475, AFTER, peaceful=True) == [row(Op.DETERMINATION)]
    assert ops_at(470, IMM) == [row(Op.VENOM, 2)] and ops_at(470, IMM, peaceful=True) == [row(Op.GAIN, X, 2)]
    assert ops_at(484, IMM) == [] and cards.describe(484) == ["484 European Pond Turtle (animal)"]


def test_decode_sponsors():
    assert ops_at(201, IMM) == [row(Op.TAKE_CARDS, 1)] and ops_at(201, INC) == [row(Op.TAKE_CARDS, 1)]
    assert ops_at(201, END) == [row(Op.GAIN_BY_TIERS, CP, METRIC["science"], 3, 1, 6, 2)]
    assert ops_at(203, IMM) == [row(Op.GAIN_BY_TIERS, MONEY, METRIC["univ"], 1, 2, 2, 5, 3, 10)]
    assert ops_at(203, PAS) == [row(Op.PROJECT_STRENGTH, 4)]
    assert ops_at(219, IMM) == [row(Op.GAIN_PER_METRIC, MONEY, METRIC["rockwater"], 2, 1, 0, OWN)]
    assert ops_at(219, END) == [row(Op.GAIN_PER_METRIC, APPEAL, METRIC["rockwater_pairs"], 2, 1, 3, OWN)]
    assert ops_at(231, INC) == [row(Op.GAIN_BY_TIERS, MONEY, METRIC["icon_primate"], 1, 3, 3, 6, 5, 9)]
    assert ops_at(243, IMM) == [row(Op.PLACE_UNIQUE_BUILDING, 10)]  # meerkat = first unique building
    assert ops_at(243, TRG) == [row(Op.GAIN, ICONS.index("herbivore"), OWN, APPEAL, 2)]
    assert ops_at(208, TRG) == [row(Op.GAIN, ICONS.index("science"), ALL, MONEY, 2)]
    assert ops_at(249, TRG) == [row(Op.PERCEPTION, ICONS.index("bird"), OWN, 2, 1)]
    assert ops_at(227, TRG) == [row(Op.WAZA_ASSIGNMENT, effects.EVENT_ANIMAL_PLAYED, OWN, 2, 4)]
    assert ops_at(262, TRG) == [row(Op.GAIN_PAIR, effects.EVENT_NEW_KIND, OWN, APPEAL, 1, MONEY, 2)]
    assert ops_at(222, IMM) == [row(Op.GAIN_PER_METRIC, CP, ICONS.index("science"), 1, 1, 0, OWN),
                              row(Op.OTHERS_MONEY_PER_CP, 2)]  # order kept: "the previous tag"
    assert ops_at(263, IMM) == [row(Op.FREE_BUILDING, 4)]  # size-5 enclosure


def test_describe_lines():
    assert cards.describe(220) == [
        "220 Federal Grants (sponsor)",
        "immediate: imm_money:3 = GAIN(resource=money, amount=3)",
        "income: inc_money:3 = GAIN(resource=money, amount=3)",
        "end_game: end_cp_tiers:rep:9=1 = GAIN_BY_TIERS(resource=cp, metric=rep, t1=9, v1=1, t2=0, v2=0, t3=0, "
        "v3=0)",
    ]
    assert cards.describe(416)[1:] == [
        "immediate: multiplier:association = MULTIPLIER(action=association)",
        "immediate: worker:1 = GAIN(resource=workers, amount=1)",
    ]
    assert cards.describe(101) == ["101 Species Diversity (project_base)"]
    assert RESOURCES[X] == "x_tokens"


def test_round_trip_every_card():
    """Arrays -> tags gives the CSV's tags (stably grouped by moment), and those tags parse to the same rows."""
    for r in raw_rows():
        card_id = int(r["id"])
        column = "ability" if r["type"] == "animal" else "sponsor"
        for peaceful in (False, True):
            text = r["ability_peaceful"] if peaceful and r["ability_peaceful"] else r["ability_printed"]
            text = ";".join(filter(None, [text, r["effects_model"]]))
            written = [e for e in parse_tags(text, column)]
            order = sorted(range(len(written)), key=lambda k: written[k].moment)
            tags = cards.card_tags(card_id, peaceful)
            assert tags == [text.split(";")[k] for k in order]
            again = [Effect(e.moment, e.op, e.args + (0,) * (MAX_ARGS - len(e.args)))
                     for e in parse_tags(";".join(tags), column)]
            assert again == cards.card_effects(card_id, peaceful)


def test_peaceful_substitutes():
    swap = {"pilfering": "sprint", "venom": "inventive", "constriction": "clever", "hypnosis:3": "determination"}
    pairs = [(C.ability_printed[i], C.ability_peaceful[i]) for i in range(cards.N_CARDS) if C.ability_peaceful[i]]
    assert len(pairs) == 11
    for printed, peaceful in pairs:
        head, _, n = printed.partition(":")
        want = swap.get(printed) or (swap[head] + (f":{n}" if head in ("pilfering", "venom") else ""))
        assert peaceful == want
    same = [i for i in range(cards.N_CARDS) if not C.ability_peaceful[i]]
    p, q = cards.PROGRAM, cards.PEACEFUL_PROGRAM
    assert all((p.ops[p.start[i, m]:p.start[i, m] + p.count[i, m]] == q.ops[q.start[i, m]:q.start[i, m]
               + q.count[i, m]]).all() for i in same for m in range(effects.N_MOMENTS))


def test_unique_buildings_in_card_order():
    names = [C.effects_model[cards.index_of(i)].split(";")[0] for i in range(243, 258)]
    assert names == [f"place_unique:{n}" for n in effects.UNIQUE_BUILDINGS]


# ---------------------------------------------------------------- bad input: one line naming it
def one_line_error(fn, *args, **kwargs) -> str:
    with pytest.raises(ZoosimError) as err:
        fn(*args, **kwargs)
    message = str(err.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("tag,column,fragments", [
    ("sprintt:3", "ability", ["unknown ability tag 'sprintt:3'", "sprint:N"]),
    ("sprint:x", "ability", ["bad ability tag 'sprint:x'", "'x' is not a whole number"]),
    ("sprint", "ability", ["takes 1 argument"]),
    ("sprint:-1", "ability", ["'-1' is not a whole number"]),
    ("imm_money:3", "ability", ["unknown ability tag"]),  # sponsor tags are not animal abilities
    ("trg_own:birb:app:2", "sponsor", ["'birb' is not a valid ICON", "trg_own:ICON:R:N"]),
    ("trg_own:bird:perception3", "sponsor", ["'perception3' is not 'perception2'"]),
    ("end_cp_tiers:science:6=1,3=2", "sponsor", ["increasing"]),
    ("end_cp_tiers:science:1=1,2=2,3=3,4=4", "sponsor", ["1-3 thresholds"]),
    ("iconic:bird", "ability", ["'bird' is not a valid CONTINENT"]),
    ("place_unique:castle", "sponsor", ["'castle' is not a valid NAME"]),
    ("boost:sleep", "ability", ["'sleep' is not a valid ACTION"]),
])
def test_bad_tags(tag, column, fragments):
    message = one_line_error(parse_tag, tag, column, "card 999")
    assert message.startswith("card 999: ")
    for fragment in fragments:
        assert fragment in message


def test_bad_tag_lists():
    assert "empty tag" in one_line_error(parse_tags, "sprint:1;;clever", "ability")
    assert "unknown tag column" in one_line_error(parse_tag, "sprint:1", "animal")


def edited_csv(card_id: int, **changes: str) -> str:
    rows = raw_rows()
    for r in rows:
        if r["id"] == str(card_id):
            r.update(changes)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=cards.COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def test_parse_unchanged_text_gives_the_same_table():
    again = cards.parse_cards_csv(PACKAGE_CSV.read_text(encoding="utf-8"))
    assert (again.printed.ops == cards.PROGRAM.ops).all() and (again.icons == C.icons).all()


@pytest.mark.parametrize("card_id,changes,fragments", [
    (402, {"id": "401"}, ["(card 401)", "duplicate card id 401"]),
    (401, {"type": "beast"}, ["unknown card type 'beast'", "animal, sponsor"]),
    (401, {"icons": "predator;cat"}, ["unknown icon 'cat'"]),
    (401, {"icons": "predator;rock"}, ["unknown icon 'rock'"]),  # rock/water come from their own columns
    (401, {"cost": "17.5"}, ["cost '17.5' is not an integer"]),
    (401, {"req": "predator*x"}, ["req 'x' is not an integer"]),
    (401, {"req": "bird;bird*2"}, ["repeats 'bird'"]),
    (401, {"req": "friends"}, ["unknown req 'friends'", "partner_zoo"]),
    (401, {"ability_printed": "sprint:3;teleport"}, ["card 401) ability_printed", "unknown ability tag 'teleport'"]),
    (201, {"effects_model": "imm_take:one"}, ["(card 201) effects_model", "'one' is not a whole number"]),
    (201, {"ability_printed": "sprint:1"}, ["ability_printed is only for animal cards"]),
    (113, {"slot_rewards": "5cp/4vp/3cp"}, ["slot reward '4vp'"]),
    (113, {"slot_conditions": "L/XL/S"}, ["unknown release size class 'XL'"]),
    (1, {"final_thresholds": "5/4/3/2"}, ["must increase"]),
])
def test_bad_csv_cells(card_id, changes, fragments):
    message = one_line_error(cards.parse_cards_csv, edited_csv(card_id, **changes))
    assert message.startswith("cards.csv line ")
    for fragment in fragments:
        assert fragment in message


def test_bad_csv_shape():
    text = PACKAGE_CSV.read_text(encoding="utf-8")
    assert "header" in one_line_error(cards.parse_cards_csv, text.replace("ability_printed", "ability", 1))
    assert "no cards" in one_line_error(cards.parse_cards_csv, text.splitlines()[0] + "\n")
    assert "unknown card id 400" in one_line_error(cards.index_of, 400)
