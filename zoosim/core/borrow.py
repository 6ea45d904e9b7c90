"""`borrowed`: an array view without an owner, so numba's reference counting drops out of game loops.

Numba increments and decrements an array's owner count, atomically, around every use of an array
argument it cannot prove unneeded, e.g. in any function that calls another one. In a game loop that
passes the state, the deck and the policy parameters down every turn this was a fifth to half of the
time (measured on New York Zoo and Zooloretto). A borrowed view has a NULL meminfo, like a global
constant array, so those operations become no-ops. The caller must keep the array itself alive while
the view is used: a kernel that borrows its own local arrays calls `keep_alive` on them after the loop.
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
