"""Ark Nova reference: hand-built positions with hand-computed results for the rules that otherwise only ran in
whole uniform games — Okapi Stable (253) and WAZA Small Animals (228), side II Sponsors and Animals from the display,
project cards entering the row, breeding projects, 215/218 wildcard tokens, multiplier runs, Action:A and
Determination, unique buildings, `break_after_last_turn`; and the registry of CSV effect tags -> tests."""

from test_ark_nova_reference_play import R, Script, game, m  # noqa: F401  (helpers by module name)

from zoosim.games.ark_nova import reference_actions as ra
from zoosim.games.ark_nova import reference_effects as rfx
from zoosim.games.ark_nova.effects import Op
from zoosim.games.ark_nova.reference_state import (
    Building, H_ANIMAL_PLAY, H_COIN, H_SNAP_FOLDER, H_SPONSOR_PLAY,
)
from zoosim.games.ark_nova.vocab import BUILDINGS, ENCLOSURE1

OKAPI_BUILDING = BUILDINGS.index("okapi")


def asked(script, hook):
    return [opts for _, h, opts in script.asked if h == hook]


# ---------------------------------------------------------------- 253 Okapi Stable (§12.6, R8, R10)
def test_okapi_tokens_and_herbivore_trigger_buy_a_sponsor_after_the_action():
    s, script = game(2, (H_COIN, 1), (H_SPONSOR_PLAY, (-1, 220)))
    p = s.ps[0]
    p.hand = [220, 261]  # Federal Grants (level 4, imm_money:3), 261 (level 3)
    ra.play_sponsor(s, 0, 253)
    assert any(b.kind == OKAPI_BUILDING for b in p.buildings)  # place_unique:okapi
    assert p.okapi_tokens == 3
    assert not any(q[2] == Op.OKAPI for q in s.after_queue)  # R10: its own herbivore icon does not trigger it
    rfx.run_after_queue(s)
    assert p.sponsors == [253] and p.money == 25

    ra.enter_zoo(s, 0, 439, p.animals)  # Lama: 1 herbivore icon -> one Okapi play queued, not yet resolved
    assert [q[2] for q in s.after_queue if q[2] == Op.OKAPI] == [Op.OKAPI] and p.sponsors == [253]
    rfx.run_after_queue(s)
    assert asked(script, H_SPONSOR_PLAY) == [[(-1, 220), (-1, 261)]]
    assert p.sponsors == [253, 220] and p.hand == [261]
    assert p.money == 25 - 4 + 3  # pays its level 4, then 220's imm_money:3
    assert p.okapi_tokens == 2

    p.money = 2  # 261 costs 3: no playable sponsor, no coin asked, the token stays
    coins = len(asked(script, H_COIN))
    ra.enter_zoo(s, 0, 438, p.animals)  # a herbivore (flock:3, no decision)
    rfx.run_after_queue(s)
    assert p.okapi_tokens == 2 and p.hand == [261] and len(asked(script, H_COIN)) == coins

    p.money, p.okapi_tokens = 20, 0  # no tokens left: nothing queued
    ra.enter_zoo(s, 0, 443, p.animals)  # a herbivore
    assert not any(q[2] == Op.OKAPI for q in s.after_queue)


def test_okapi_declined_keeps_the_token_and_other_zoos_do_not_trigger_it():
    s, script = game(2, (H_COIN, 0))
    p = s.ps[0]
    p.hand = [220]
    ra.play_sponsor(s, 0, 253)
    ra.enter_zoo(s, 1, 439, s.ps[1].animals)  # a herbivore in the other zoo
    assert not any(q[2] == Op.OKAPI for q in s.after_queue)
    ra.enter_zoo(s, 0, 439, p.animals)
    rfx.run_after_queue(s)
    assert p.okapi_tokens == 3 and p.hand == [220] and p.sponsors == [253]


# ---------------------------------------------------------------- 228 WAZA Small Animals (§12.6, R19)
def waza_position(*answers, sponsor=228):
    s, script = game(2, *answers)
    p = s.ps[0]
    p.sponsors = [sponsor] if sponsor else []
    p.hand = [507, 419]  # Greater Rhea (size 2, 12, sprint:1), European Badger (size 2, 5, boost:animals)
    p.buildings.append(Building(ENCLOSURE1 + 1, m((2, 7), (2, 9))))
    s.display = [401, 410, 220, 404, 426, 445]  # small animals in folders 2 (410), 4 (404) and 6 (445)
    return s, script, p


def test_waza_small_extra_play_after_only_small_animals_then_a_small_animal_from_any_folder():
    s, script, p = waza_position((H_ANIMAL_PLAY, (-1, 507)), (H_COIN, 1), (H_SNAP_FOLDER, 6))
    top = s.deck[0]
    ra.animals_action(s, 0, 2, False)  # side I strength 2: one animal, then 228's extra one
    assert p.animals == [507, 419]
    assert p.money == 25 - 12 - 5
    assert asked(script, H_SNAP_FOLDER) == [[2, 4, 6]]  # R19: any folder, not only the range of reputation 1
    assert p.hand == [top, 445] and s.display[5] == 0


def test_waza_declined_extra_play_still_takes_the_display_animal():
    s, script, p = waza_position((H_ANIMAL_PLAY, (-1, 507)), (H_COIN, 0), (H_SNAP_FOLDER, 2))
    ra.animals_action(s, 0, 2, False)
    assert p.animals == [507] and 419 in p.hand and 410 in p.hand and s.display[1] == 0


def test_waza_needs_the_card_and_only_small_animals():
    s, script, p = waza_position((H_ANIMAL_PLAY, (-1, 507)), sponsor=0)
    ra.animals_action(s, 0, 2, False)
    assert p.animals == [507] and not asked(script, H_COIN) and s.display[1] == 410
    s, script, p = waza_position((H_ANIMAL_PLAY, (-1, 401)))
    p.hand = [401, 419]  # Cheetah, size 5: not only small animals
    p.buildings.append(Building(ENCLOSURE1 + 4, m((3, 4), (3, 6), (4, 5), (4, 3), (4, 7))))
    p.money = 40
    ra.animals_action(s, 0, 2, False)
    assert p.animals == [401] and not asked(script, H_COIN) and 419 in p.hand
