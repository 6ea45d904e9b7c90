"""The shards' Arrow arrays, built from numpy buffers, equal what `pa.array` builds."""
from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from zoosim.sim.arrow import numeric_array, string_array


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.float32, np.float64])
def test_numeric_arrays_equal_pa_array(dtype):
    values = np.array([0, 3, -1 if np.dtype(dtype).kind != "u" else 7, 120], dtype=dtype)
    built = numeric_array(values)
    assert built.type == pa.from_numpy_dtype(np.dtype(dtype)) and built.equals(pa.array(values))
    assert built.null_count == 0


def test_a_cast_and_a_strided_view_are_taken_as_values():
    values = np.arange(10, dtype=np.int64)[::3]          # not contiguous
    built = numeric_array(values, pa.int16())
    assert built.type == pa.int16() and built.to_pylist() == [0, 3, 6, 9]


def test_strings_equal_pa_array_and_make_a_dictionary():
    labels = ["heuristic", "greedy:coin_value=0.5", "", "élan"]
    assert string_array(labels).equals(pa.array(labels, type=pa.string()))
    codes = numeric_array(np.array([1, 0, 1, 3], np.int32))
    assert pa.DictionaryArray.from_arrays(codes, string_array(labels)).to_pylist() == [labels[1], labels[0], labels[1], labels[3]]


def test_other_kinds_are_refused():
    with pytest.raises(TypeError, match="integers or floats"):
        numeric_array(np.array([True, False]))
