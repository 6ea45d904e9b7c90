"""The search kernel on toy bandits whose answers are known: which candidate it picks, how it spends its budget,
that every candidate of a round sees the same samples, and that its random streams are keyed as documented."""
from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from zoosim.core.rng import next_u64
from zoosim.search.halving import S_PLAYOUTS, S_ROUND_OUT, S_TOTAL, new_stats, rounds_for, sequential_halving
from zoosim.search.streams import decision_key, sample_stream


@njit(cache=True)
def noisy_arm(ctx, candidate, sample):
    """Outcome = the arm's mean + common noise of the sample + the arm's own noise; logs who played which sample."""
    means, noise, log, count = ctx
    log[count[0], 0] = candidate
    log[count[0], 1] = sample
    count[0] += 1
    return means[candidate] + noise[sample % noise.shape[0]] + 0.5 * np.sin(candidate * 7.0 + sample * 3.0)


def run(means, budget, noise=None, log_size=10_000):
    means = np.asarray(means, float)
    noise = np.zeros(1) if noise is None else np.asarray(noise, float)
    log = np.full((log_size, 2), -1, np.int64)
    count = np.zeros(1, np.int64)
    stats = new_stats(len(means))
    alive = np.zeros(len(means), np.int64)
    best = sequential_halving((means, noise, log, count), noisy_arm, len(means), budget, stats, alive)
    return best, stats, log[:count[0]]


@pytest.mark.parametrize("k, rounds", [(1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4)])
def test_rounds_halve_to_one(k, rounds):
    assert rounds_for(k) == rounds


def test_one_candidate_is_played_without_a_playout():
    best, stats, log = run([3.0], 100)
    assert best == 0 and len(log) == 0


def test_finds_the_best_arm_and_drops_the_rest_in_order():
    means = [0.0, 1.0, 5.0, 2.0, 0.5, 1.5, 0.2, 0.1]
    best, stats, log = run(means, 240, noise=np.random.default_rng(1).normal(0, 3, 50))
    assert best == 2
    # 8 -> 4 -> 2 -> 1 over 3 rounds: four fall in round 0, two in round 1, one in round 2
    assert sorted(stats[:, S_ROUND_OUT].tolist()) == [-1, 0, 0, 0, 0, 1, 1, 2]
    assert stats[2, S_ROUND_OUT] == -1
    assert stats[:, S_PLAYOUTS].sum() == len(log) <= 240
    # the round's budget is split evenly: 80 playouts a round, 10 / 20 / 40 per survivor
    assert stats[2, S_PLAYOUTS] == 10 + 20 + 40
    assert np.isclose(stats[2, S_TOTAL] / stats[2, S_PLAYOUTS], 5.0, atol=3.0)


def test_common_random_numbers_every_survivor_plays_the_same_samples():
    best, stats, log = run([0.0, 1.0, 2.0, 3.0, 4.0], 60)
    samples_of = {c: sorted(log[log[:, 0] == c, 1].tolist()) for c in range(5)}
    # a candidate that survives longer plays a longer prefix of the same sample sequence
    for c in range(5):
        n = len(samples_of[c])
        assert samples_of[c] == list(range(n))
    assert best == 4


def test_big_common_noise_cancels_between_candidates():
    """With noise shared by every candidate on a sample (CRN), a small true gap is still found at a small budget."""
    noise = np.random.default_rng(7).normal(0, 100, 1000)
    best, _, _ = run([0.0, 0.3, 0.0, 0.0], 16, noise=noise)
    assert best == 1


def test_ties_go_to_the_earlier_candidate():
    @njit(cache=False)
    def flat(ctx, candidate, sample):
        return 1.0

    stats, alive = new_stats(6), np.zeros(6, np.int64)
    assert sequential_halving((np.zeros(1),), flat, 6, 60, stats, alive) == 0


def test_a_small_budget_still_gives_every_survivor_one_playout():
    best, stats, log = run([0.0, 2.0, 1.0, 0.5], 1)
    assert best == 1
    assert len(log) == 4 + 2  # round 0: four candidates once, round 1: two once


def test_same_inputs_same_choice():
    noise = np.random.default_rng(3).normal(0, 2, 64)
    first = run([0.1, 0.2, 0.15, 0.18, 0.05], 50, noise=noise)
    again = run([0.1, 0.2, 0.15, 0.18, 0.05], 50, noise=noise)
    assert first[0] == again[0]
    assert np.array_equal(first[1], again[1]) and np.array_equal(first[2], again[2])


def test_decision_keys_separate_seats_decisions_and_games():
    keys = {decision_key(11, g, s, d) for g in range(3) for s in range(4) for d in range(20)}
    assert len(keys) == 3 * 4 * 20
    assert all(0 <= k < 2**63 for k in keys)
    assert decision_key(11, 2, 1, 5) == decision_key(11, 2, 1, 5)
    assert decision_key(11, 2, 1, 5) != decision_key(12, 2, 1, 5)


def test_sample_streams_are_fixed_by_key_and_sample():
    def first_draws(key, sample):
        state = np.zeros(4, np.uint64)
        sample_stream(state, key, sample)
        return [int(next_u64(state)) for _ in range(3)]

    key = decision_key(5, 0, 0, 0)
    assert first_draws(key, 3) == first_draws(key, 3)
    assert first_draws(key, 3) != first_draws(key, 4)
    assert first_draws(key, 3) != first_draws(decision_key(5, 0, 0, 1), 3)


def test_the_clock_records_decisions_and_is_off_on_an_empty_array():
    from zoosim.search.clock import new_timings, now, record, recorded

    timings = new_timings(2)
    for _ in range(3):
        start = now()
        record(timings, now() - start)
    assert timings[0] == 3 and len(recorded(timings)) == 2
    assert all(0.0 <= s < 0.1 for s in recorded(timings))
    off = np.zeros(0)
    record(off, 1.0)
    assert len(recorded(off)) == 0


def test_the_clock_counts_the_threads_cpu_not_its_waiting():
    """clock.now reads thread CPU time: a decision's cost per core, robust to load (a sleep costs nothing)."""
    import time

    from zoosim.search.clock import now

    start = now()
    time.sleep(0.05)
    slept = now() - start
    start = now()
    sum(i * i for i in range(200_000))
    busy = now() - start
    assert slept < 0.02 and busy > 0.0
