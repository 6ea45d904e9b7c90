"""zoosim.core.numba_compile: the numba internal it wraps is still there, and a callee of a package that asked is
compiled once for two constants (fails if numba's internals change under it)."""
from __future__ import annotations

import inspect

from numba import njit
from numba.core import dispatcher

from zoosim.core.numba_compile import one_compile_per_type


def test_numba_still_has_the_hook():
    hook = dispatcher.Dispatcher.get_call_template
    assert list(inspect.signature(hook).parameters) == ["self", "args", "kws"]


def test_one_compile_for_two_constants():
    assert one_compile_per_type(__name__)

    @njit
    def callee(x):
        return x + 1

    @njit
    def caller():
        return callee(1) + callee(2)

    assert caller() == 5
    assert len(callee.overloads) == 1
