"""Game loops without reference counting: `_nrt=False` kernels, `borrowed` views, `copy_array`.

Numba increments and decrements an array's owner count around the uses of array arguments it cannot
prove unneeded, through calls into its runtime (NRT) that LLVM cannot remove. With the state, the deck
and the parameters passed down every turn, those calls took most of the time of a `uniform` game
(Tractor 59k -> 136k games/s per core, Zooloretto Mini 93k -> 153k, Zooloretto 65k -> 106k when they
went). So:

- the engines' inner functions are compiled with `_nrt=False`: no reference counting at all, and any
  allocation in them is a compile error (they work on arrays their caller owns). Functions that must
  allocate (per-decision scratch of some policies, the lookahead's rollouts) say `_nrt=True` explicitly,
  since an unset flag is inherited from the caller; they return integers, never arrays.
- `play_many`, which allocates the per-thread arrays, passes `borrowed` views of them (NULL meminfo, like
  a global constant array), so the calls it still makes cost nothing; `keep_alive` after the loop keeps
  the owners alive, as numba frees a local array after its last use in the source.
"""
from __future__ import annotations

from numba import njit
from numba.core import types
from numba.extending import intrinsic


@intrinsic
def borrowed(typingctx, array):
    """`array` as a view without an owner (NULL meminfo and parent); see the module docstring."""
    def codegen(context, builder, signature, args):
        view = context.make_array(signature.args[0])(context, builder, args[0])
        view.meminfo = context.get_constant_null(types.MemInfoPointer(types.voidptr))
        view.parent = context.get_constant_null(types.pyobject)
        return view._getvalue()
    return array(array), codegen


@njit(cache=True, nogil=True)
def keep_alive(*arrays):
    """A use of `arrays` after the loop that runs on their borrowed views.

    numba frees a local array after its last use in the source, and `borrowed(S)` may be that last
    use; a call here after the loop keeps the owners alive until it.
    """
    return len(arrays)


@njit(cache=True, _nrt=False)
def copy_array(destination, source):
    """destination[:n] = source[:n] for n = len(source), without NRT.

    A slice assignment may allocate a temporary (numba copies a source that might overlap), which a
    function compiled with `_nrt=False` cannot do; the engines' inner functions are compiled so.
    """
    for i in range(source.shape[0]):
        destination[i] = source[i]
