"""Names a package hands out on first use (PEP 562): the one lazy-export rule every package follows.

A package's ``__init__`` imports only what its quick paths need (the command line's ``letterboxed solve``
must not import the models, numpy or :mod:`typing`) and lists the rest with their home modules::

    __getattr__, __dir__ = lazy_exports(__name__, {"Box": "model", "Lexicon": "puzzlewright.lexicon.core"})

Type checkers see the same names through imports under ``if TYPE_CHECKING:``. Standard library only, and
not :mod:`typing` at run time: the quick paths import this module.
"""

from __future__ import annotations

import sys
from importlib import import_module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def lazy_exports(package: str, homes: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package named ``package``.

    A name in ``homes`` is taken from its home module: a dotted name relative to the package (``"model"``)
    or an absolute one (``"puzzlewright.letters"``); the home ``""`` makes the name the package's
    submodule of that name. Any other name that is a submodule (``pw.lexicon.policy``) is imported as
    well; the rest raise AttributeError. A name found is kept in the package, so it is looked up once."""

    def home_of(name: str) -> str:
        """The module to import for ``name``: its home, or the submodule of that name."""
        home = homes.get(name)
        if not home:
            return f"{package}.{name}"
        return home if home.startswith("puzzlewright.") else f"{package}.{home}"

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):  # probes such as __wrapped__ or __path__ are not submodules
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module_name = home_of(name)
        try:
            module = import_module(module_name)
        except ModuleNotFoundError as missing:
            if name in homes or missing.name != module_name:  # a home, or a submodule needing something missing
                raise
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(module, name) if homes.get(name) else module
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        """The package's names and those handed out on first use, so ``dir()`` and tab completion show them."""
        return sorted({*vars(sys.modules[package]), *homes})

    return __getattr__, __dir__
