"""tablekit's Jupyter layer: live boards (anywidget) driven by the engines in `kit`.

`widgets` imports `kit`; `kit` never imports `widgets`. `widgets.set_language("sv")` (the same as
`kit.set_language`) chooses the language of every board and picture; each also takes ``lang=``.
"""

import importlib
import importlib.util
import sys
import types


def _defer_rfc3987_syntax() -> None:
    """Let `import altair` skip a 2-3 s grammar build that a lesson never uses.

    Altair imports jsonschema, and jsonschema (4.26) imports `rfc3987_syntax` when it is installed
    (Jupyter's jupyter-events pulls it in), which compiles a Lark grammar at import time, only to
    check the `iri` formats (python-jsonschema/jsonschema#1428, #1521). Until jsonschema imports it
    lazily, a stand-in takes its place: jsonschema binds the stand-in's `is_valid_syntax`, and the
    first call (or any other attribute) imports the real module, so validation is unchanged.
    """
    name = "rfc3987_syntax"
    spec = None if name in sys.modules or "jsonschema" in sys.modules else importlib.util.find_spec(name)
    if spec is None:
        return

    def real() -> types.ModuleType:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]
        module = importlib.import_module(name)
        stand_in.is_valid_syntax = module.is_valid_syntax  # later calls skip this function
        return module

    class Deferred(types.ModuleType):
        def __getattr__(self, attribute: str):  # only for names the stand-in does not hold
            if attribute.startswith("__"):  # the import system's own questions (`__spec__`...)
                raise AttributeError(attribute)
            return getattr(real(), attribute)

    def is_valid_syntax(*args, **kwargs):
        return real().is_valid_syntax(*args, **kwargs)

    stand_in = Deferred(name, "stand-in for rfc3987_syntax until it is used (widgets/__init__.py)")
    stand_in.is_valid_syntax = is_valid_syntax
    stand_in.__path__ = list(spec.submodule_search_locations or [])  # its submodules still import
    sys.modules[name] = stand_in


_defer_rfc3987_syntax()

from kit.i18n import get_language, set_language  # noqa: E402 - after the import-time stand-in above

__all__ = ["get_language", "set_language"]
