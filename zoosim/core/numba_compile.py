"""Compile a numba callee once per argument type, not once per constant it is passed.

numba types a call from jitted code with the arguments' *literal* types, so a callee given a constant (a scratch
offset, a literal 0 / False) is compiled again for every distinct constant, with its whole call tree. In Ark Nova
the option functions were compiled up to 8 times each and a whole game's cold compile took ~185 s; typed without
literals it takes ~110 s. numba has no public switch for this, so `one_compile_per_type` wraps the internal
`Dispatcher.get_call_template(self, args, kws)` for the functions of the packages that ask for it (none of which
uses `numba.literally`); other functions are left alone. tests/core/test_numba_compile.py fails if numba's
internals change under it; a numba without the hook only compiles slower.
"""
from __future__ import annotations

_PACKAGES: set[str] = set()


def one_compile_per_type(package: str) -> bool:
    """Type calls to the jitted functions of the module or package `package` without literals. Returns
    False if this numba has no `Dispatcher.get_call_template` to wrap."""
    from numba.core import dispatcher, types

    original = getattr(dispatcher.Dispatcher, "get_call_template", None)
    if original is None:
        return False
    _PACKAGES.add(package.rstrip("."))
    if getattr(original, "zoosim_unliteral", False):
        return True

    def get_call_template(self, args, kws):
        module = getattr(self.py_func, "__module__", "") or ""
        if module in _PACKAGES or module.startswith(tuple(name + "." for name in _PACKAGES)):
            args = tuple(types.unliteral(a) for a in args)
            kws = {k: types.unliteral(v) for k, v in kws.items()}
        return original(self, args, kws)

    get_call_template.zoosim_unliteral = True
    dispatcher.Dispatcher.get_call_template = get_call_template
    return True
