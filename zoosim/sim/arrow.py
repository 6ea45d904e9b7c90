"""numpy to Arrow without pyarrow's pandas check.

`pa.array` asks whether its input is a pandas object, and to ask it imports pandas (0.3-0.4 s, on every
`simulate`). The shards hold only numpy integers, floats and a few strings, whose Arrow buffers are
plain, so they are built from their buffers directly (zero-copy for numbers); tests hold them equal to
`pa.array`'s.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np
import pyarrow as pa


def numeric_array(values: np.ndarray, kind: pa.DataType | None = None) -> pa.Array:
    """A numeric numpy array (cast to `kind` when given) as an Arrow array, with no nulls."""
    if kind is not None:
        values = np.asarray(values, dtype=kind.to_pandas_dtype())
    values = np.ascontiguousarray(values)
    if values.dtype.kind not in "iuf":
        raise TypeError(f"numeric_array takes integers or floats, got {values.dtype}")
    return pa.Array.from_buffers(pa.from_numpy_dtype(values.dtype), len(values), [None, pa.py_buffer(values)])


def string_array(values: Sequence[str]) -> pa.Array:
    """A list of strings as an Arrow string array (32-bit offsets), with no nulls."""
    encoded = [v.encode() for v in values]
    offsets = np.zeros(len(encoded) + 1, np.int32)
    np.cumsum([len(e) for e in encoded], out=offsets[1:])
    return pa.Array.from_buffers(pa.string(), len(encoded), [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(encoded))])
