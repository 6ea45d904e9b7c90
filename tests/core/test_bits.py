"""The bit-set tables the game loops use instead of scans over trucks and seats."""
from __future__ import annotations

from zoosim.core.bits import MASK_BITS, bit_count, next_bit, nth_bit


def test_hand_computed_values() -> None:
    assert bit_count(0) == 0 and bit_count(0b10110) == 3 and bit_count(255) == 8
    assert [nth_bit(0b10110, k) for k in range(4)] == [1, 2, 4, -1]
    assert nth_bit(0, 0) == -1
    # a ring of 4 seats, seats 0 and 2 still in the round
    assert next_bit(0b0101, 0) == 2 and next_bit(0b0101, 1) == 2 and next_bit(0b0101, 2) == 0
    assert next_bit(0b0101, 3) == 0
    assert next_bit(0b0100, 2) == 2  # the only seat left plays again
    assert next_bit(0, 1) == -1


def test_every_mask_agrees_with_a_scan() -> None:
    for mask in range(1 << MASK_BITS):
        members = [b for b in range(MASK_BITS) if mask >> b & 1]
        assert bit_count(mask) == len(members)
        assert [nth_bit(mask, k) for k in range(len(members))] == members
        for p in range(MASK_BITS):
            ring = [(p + step) % MASK_BITS for step in range(1, MASK_BITS + 1)]
            assert next_bit(mask, p) == next((b for b in ring if b in members), -1)

