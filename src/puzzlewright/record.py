"""Plain value classes without :mod:`dataclasses`: equality field by field and the repr
``Name(field=value, ...)``, for classes that list their fields in :attr:`Record.FIELDS`.

Why not dataclasses: importing :mod:`dataclasses` imports :mod:`inspect` (and with it ``ast``, ``dis`` and
``tokenize``), about 70 M instructions, more than the interpreter's own start-up; a one-off ``letterboxed
solve`` needs the box, the index and the search results, none of which needs anything a dataclass gives.
The request and result models (:class:`puzzlewright.schema.ModelBase`) build on this class too, reading
their fields from the dataclass they are.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (the command line's quick path)
    from collections.abc import Iterable
    from typing import Any


class Record:
    """What a value class shares: ``==`` compares the fields of :attr:`FIELDS` (same class only) and the
    repr shows them, as :func:`dataclasses.dataclass` would generate them. No slots of its own, so
    subclasses may declare theirs."""

    __slots__ = ()
    FIELDS: tuple[str, ...] = ()

    def field_names(self, purpose: str) -> Iterable[str]:
        """The names of the fields ``==`` compares (``purpose`` ``"compare"``) or the repr shows
        (``"repr"``): here every name of :attr:`FIELDS`."""
        return self.FIELDS

    def field_values(self, purpose: str = "compare") -> tuple[Any, ...]:
        """The values of :meth:`field_names`, in order."""
        return tuple(getattr(self, name) for name in self.field_names(purpose))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.field_values() == other.field_values()  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.field_names("repr"))
        return f"{type(self).__qualname__}({shown})"
