"""The typed spine every puzzle shares: request and result models, their validation and their JSON.

Each puzzle's ``schema`` module declares one request model and one result model per verb as a plain
:func:`dataclasses.dataclass`; its ``api`` module's verbs take the request model and return the result
model. The library, the CLI (``--json``), the web app (bodies, responses and their OpenAPI schemas) and
``--batch`` files all use these same models.

Why stdlib dataclasses and not ``pydantic.BaseModel``: importing pydantic costs more than a whole
``letterboxed solve`` from the command line, and the CLI builds its requests from options that click has
already checked. So the models are declared without pydantic (constraints as :mod:`annotated_types`
metadata, settings in ``__pydantic_config__``) and pydantic is imported only where untrusted data comes
in (:func:`validate`: web bodies, batch lines, dicts and keyword arguments from Python) and where
schemas are published (:func:`json_schemas`). Pydantic validates and documents them exactly as it would
its own models: unknown fields are refused (``extra="forbid"``), types are strict, NaN is refused, and
the attribute docstrings become the field descriptions.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from puzzlewright.budget import Budget
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon.shipped import DEFAULT_DICTIONARY
from puzzlewright.record import Record

if TYPE_CHECKING:  # pydantic, annotated_types and the lexicon (numpy) are imported only when needed
    from typing import Annotated

    from annotated_types import Ge, Gt, MaxLen
    from pydantic import TypeAdapter, ValidationError

    from puzzlewright.lexicon import Lexicon

    WordList = Annotated[list[str], MaxLen(20_000)] | str
    Zipf = Annotated[float, Ge(0)]
    Seconds = Annotated[float, Gt(0)]

Model = TypeVar("Model")
Item = TypeVar("Item")
Config = dict[str, Any]

MAX_REQUEST_WORDS = 20_000
MAX_DERIVED = 2  # a request's own lexicon (english-large with its words: ~30 MB with its indexes)


def constraint_names() -> dict[str, Any]:
    """The names the models' annotations use for constraints, bound only when pydantic reads them.

    Annotations are strings (``from __future__ import annotations``), so declaring a model costs nothing;
    importing :mod:`annotated_types` (and ``typing_extensions`` under it) would cost the CLI's start-up.
    Shared aliases: ``WordList`` (a list of words, or one comma- or space-separated string), ``Zipf``
    (a commonness floor: log10 of uses per billion words, 3 = everyday, 1 = rare), ``Seconds`` (> 0).
    """
    from typing import Annotated

    from annotated_types import Ge, Gt, Le, Len, Lt, MaxLen, MinLen

    return {"Annotated": Annotated, "Ge": Ge, "Gt": Gt, "Le": Le, "Lt": Lt, "Len": Len, "MaxLen": MaxLen,
            "MinLen": MinLen, "WordList": Annotated[list[str], MaxLen(MAX_REQUEST_WORDS)] | str,
            "Zipf": Annotated[float, Ge(0)], "Seconds": Annotated[float, Gt(0)]}


def model_config(title: str, example: Mapping[str, Any] | None = None) -> Config:
    """The pydantic settings every model carries: strict, unknown fields refused, finite numbers only,
    field descriptions from the attribute docstrings, a schema title unique across puzzles, an example."""
    config: Config = {"extra": "forbid", "strict": True, "allow_inf_nan": False, "use_attribute_docstrings": True,
                      "title": title}
    if example is not None:
        config["json_schema_extra"] = {"examples": [dict(example)]}
    return config


class ModelBase(Record):
    """What every model shares: equality field by field and the repr ``Name(field=value, ...)``, as
    :func:`dataclasses.dataclass` would generate them (:class:`~puzzlewright.record.Record`'s, over the
    dataclass's fields). Models declared with ``eq=False, repr=False`` take them from here rather than
    having dataclasses ``exec`` both for each class at import (about 1.5 M instructions a model: the CLI's
    start-up). No slots of its own, so subclasses may declare theirs."""

    __slots__ = ()

    def field_names(self, purpose: str) -> Iterable[str]:
        """The dataclass fields ``==`` compares (``purpose`` ``"compare"``) or the repr shows (``"repr"``)."""
        return [f.name for f in dataclasses.fields(self) if getattr(f, purpose)]  # type: ignore[arg-type]


@dataclasses.dataclass(kw_only=True, eq=False, repr=False)
class DictionaryOptions(ModelBase):
    """Which words a request is solved with: every verb's request carries these fields (flat, beside its
    own). The one place a request's dictionary is chosen: :meth:`lexicon`."""

    __pydantic_config__: ClassVar[Config] = model_config("DictionaryOptions")

    dict: str = DEFAULT_DICTIONARY
    """A built-in dictionary name (see GET /api/dicts or `puzzlewright dict --help`)."""
    words: WordList | None = None
    """A small word list to use as the dictionary instead of `dict`."""
    extra_words: WordList | None = None
    """Words to add to the dictionary."""
    exclude_words: WordList | None = None
    """Words to remove from the dictionary."""
    min_commonness: Zipf | None = None
    """Use only words at least this common (Zipf scale: 3 = everyday, 1 = rare)."""

    def is_plain(self) -> bool:
        """Whether these options name a built-in dictionary as it is (no word list, added or removed words,
        or floor), so that cached per-dictionary indexes can serve them."""
        return (self.words is None and not self.extra_words and not self.exclude_words
                and self.min_commonness is None)

    def lexicon(self, *, floor: bool = True) -> Lexicon:
        """The lexicon these options describe (``floor=False``: without the commonness floor, for verbs
        that apply it to some words only). Derived lexicons are memoised, so repeated requests (the web
        app's) reuse their built indexes."""
        from puzzlewright.cache import remember
        from puzzlewright.lexicon import BUILTINS, Lexicon, adjust_lexicon, load_lexicon

        words = None if self.words is None else tuple(request_words(self.words, "words"))
        if words == ():
            raise PuzzleInputError("field 'words' is empty")
        if words is None and self.dict not in BUILTINS:
            from puzzlewright.suggest import unknown_name

            raise PuzzleInputError(unknown_name("dictionary", self.dict, BUILTINS, "built-in ones"))
        min_commonness = self.min_commonness if floor else None
        extra = request_words(self.extra_words, "extra_words")
        exclude = request_words(self.exclude_words, "exclude_words")
        if words is None and min_commonness is None and not extra and not exclude:
            return load_lexicon(self.dict)  # the built-ins are loaded once per process already
        key = (None if words else self.dict, words, min_commonness, frozenset(extra), frozenset(exclude))
        lexicon = _DERIVED.get(key)
        if lexicon is None:
            base = request_word_lexicon(words) if words is not None else load_lexicon(self.dict)
            lexicon = adjust_lexicon(base, extra_words=extra, exclude_words=exclude, min_commonness=min_commonness)
            remember(_DERIVED, key, lexicon, MAX_DERIVED)
        return lexicon


_DERIVED: dict[tuple[Any, ...], Lexicon] = {}


def request_word_lexicon(words: tuple[str, ...]) -> Lexicon:
    """The lexicon of a request's own word list: its words with the reference dictionary's flags (as a
    word-list file's get them), so that constructions hold them to the same publishing policy."""
    from puzzlewright.lexicon import Lexicon
    from puzzlewright.lexicon.builtin import reference_flags

    return Lexicon(words, flags=[reference_flags(word) for word in words], name="request words")


@dataclasses.dataclass(kw_only=True, eq=False, repr=False)
class PublishingOptions(ModelBase):
    """What a constructing verb's request carries beside its dictionary options: which flagged words the
    user lets it use (:mod:`puzzlewright.lexicon.policy`)."""

    __pydantic_config__: ClassVar[Config] = model_config("PublishingOptions")

    allow: Annotated[list[str], MaxLen(8)] | str | None = None
    """Flagged words a construction may use: "vulgar", "proper" (names); offensive words never."""

    def allowed(self) -> frozenset[str]:
        """The flags the user allows (raises PuzzleInputError naming the choices for anything else)."""
        from puzzlewright.errors import LexiconError
        from puzzlewright.lexicon.policy import parse_allow

        try:
            return parse_allow(self.allow)
        except LexiconError as error:
            raise PuzzleInputError(f"field 'allow': {error}") from None


def request_words(value: WordList | None, key: str) -> list[str]:
    """A request field's words (a list or a comma-separated string), each normalised; at most
    :data:`MAX_REQUEST_WORDS`."""
    from puzzlewright.lexicon import parse_word_list

    return parse_word_list(value, f"field {key!r}", PuzzleInputError, limit=MAX_REQUEST_WORDS)


def listed(value: Iterable[Item] | str) -> list[Item | str]:
    """A request field that takes a list, or one string of its items separated by commas or spaces
    (``"salet:BBYBB, crony:BYBBB"``, ``"LASRN:OOO-- SHACE:O--OO"``, ``"BBBBB GGGGG"``): its items as a
    list. Every field that takes guesses, feedback patterns, played words or scrambled words reads a string
    this way, so a string is never taken letter by letter."""
    if isinstance(value, str):
        return list(value.replace(",", " ").split())
    return list(value)


def fresh_seed() -> int:
    """The one random-seed rule: a verb that picks at random uses the request's ``random_seed`` or, when it
    has none, this fresh one, and reports the seed it used in its result so any run can be reproduced."""
    import secrets

    return secrets.randbelow(2**31)


class Result(ModelBase):
    """What every verb's result model shares."""

    def is_whole(self) -> bool:
        """Whether this is its search's whole answer, not one a time budget cut short (only whole answers
        may be cached: a busy moment must not fix a partial answer for later identical requests)."""
        return bool(getattr(self, "complete", True))


@dataclasses.dataclass(kw_only=True, eq=False, repr=False)
class Outcome(Result):
    """The envelope every result of a search over a dictionary shares, the same keys on every surface and
    first in its JSON (the CLI's ``--json``, the web API, batches): which dictionary it searched, whether
    it finished, how long it took. :func:`timed` fills in ``elapsed_s``; a search cut short by its time or
    node limit says ``complete: false`` and carries what it found until then (the CLI then exits
    :data:`~puzzlewright.cli.shared.INCOMPLETE`)."""

    dictionary: str
    """The dictionary's name."""
    complete: bool = True
    """False when a time or node limit stopped the search: the result is what it found until then."""
    elapsed_s: float = dataclasses.field(default=0.0, compare=False)
    """Seconds the verb took, from request to result."""


Verb = TypeVar("Verb", bound="Callable[..., Any]")


def timed(verb: Verb) -> Verb:
    """Decorator for a puzzle's ``api`` verb: its :class:`Outcome`'s ``elapsed_s`` is the verb's own wall
    time (measured here, once for every verb, rather than by each)."""
    import functools
    import time

    @functools.wraps(verb)
    def run(*arguments: Any, **keywords: Any) -> Any:
        started = time.perf_counter()
        result = verb(*arguments, **keywords)
        if isinstance(result, Outcome):
            result.elapsed_s = round(time.perf_counter() - started, 4)
        return result

    return run  # type: ignore[return-value]


class Listing(Generic[Item]):
    """What a result whose answer is a list (best first) shares: iterating goes over the list, ``len()``
    counts it, ``best`` is its first item. The result names its list in :meth:`_items`."""

    def _items(self) -> list[Item]:
        raise NotImplementedError(f"{type(self).__name__} must name its list in _items()")

    @property
    def best(self) -> Item | None:
        """The first (best) item, None when there is none."""
        items = self._items()
        return items[0] if items else None

    def __iter__(self) -> Iterator[Item]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())


# -- validation: untrusted data in ----------------------------------------------------------------------

_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def adapter(model: type[Model]) -> TypeAdapter[Model]:
    """The (cached) pydantic adapter that validates and describes ``model``."""
    found = _ADAPTERS.get(model)
    if found is None:
        from pydantic import TypeAdapter

        names = constraint_names()
        for base in model.__mro__:  # a verb's models live in its schema module, with the shared bases here
            module = sys.modules.get(base.__module__)
            if module is not None and module.__name__.startswith("puzzlewright"):
                for name, value in names.items():
                    module.__dict__.setdefault(name, value)
        found = _ADAPTERS[model] = TypeAdapter(model)
    return found


def request_budget(request: Any, budget: Budget | None) -> Budget:
    """The budget a verb searches with. Without one from the caller: the request's ``time_limit`` (and
    ``max_nodes``), defaults included. With one (a server's allowance): that budget, narrowed by the limits
    the request itself set (those other than the model's defaults), so that the same request stops at the
    same place in the library, the CLI and the web."""
    seconds, nodes = getattr(request, "time_limit", None), getattr(request, "max_nodes", None)
    if budget is None:
        return Budget(seconds=seconds, nodes=nodes)
    defaults = {field.name: field.default for field in dataclasses.fields(request)}
    return budget.narrowed(None if seconds == defaults.get("time_limit") else seconds,
                           None if nodes == defaults.get("max_nodes") else nodes)


def validate(model: type[Model], data: object) -> Model:
    """``data`` (a JSON-shaped mapping) as a checked ``model``; an instance of ``model`` passes as it is.

    Raises :class:`PuzzleInputError` with one line naming the first bad field (an unknown field, with the
    closest known name when there is one)."""
    if isinstance(data, model):
        return data
    if not isinstance(data, Mapping):
        raise PuzzleInputError(f"a request must be a JSON object, not {type(data).__name__}")
    import json

    from pydantic import ValidationError

    try:
        text = json.dumps(data, default=_plain, allow_nan=True)
    except (TypeError, ValueError) as error:
        raise PuzzleInputError(f"the request is not JSON data: {error}") from None
    try:
        return adapter(model).validate_json(text, strict=True)
    except ValidationError as error:
        raise PuzzleInputError(error_line(error, model)) from None


def request(model: type[Model], arguments: Mapping[str, Any]) -> Model:
    """A front-door call's arguments (``locals()`` of e.g. ``puzzlewright.letterboxed.solve``) as a checked
    request: every argument but ``lexicon`` is a request field of the same name."""
    return validate(model, {name: value for name, value in arguments.items() if name != "lexicon"})


def _plain(value: object) -> object:
    """JSON-encodable stand-ins for what Python callers pass beyond JSON types (tuples are lists already)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, set | frozenset):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is not a JSON value")


_KINDS = {"int_type": "an integer", "int_parsing": "an integer", "int_from_float": "an integer",
          "string_type": "a string", "bool_type": "true or false", "float_type": "a number",
          "list_type": "a list", "dataclass_type": "an object", "dict_type": "an object"}


def error_line(error: ValidationError, model: type | None = None) -> str:
    """One line for a pydantic validation error: the first bad field and what is wrong with it."""
    problems = error.errors(include_url=False)
    first = max(problems, key=lambda p: len(_place(p["loc"])))  # the deepest: the union branch that nearly fit
    place = _place(first["loc"])
    kind, value, context = first["type"], first.get("input"), first.get("ctx") or {}
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return f"unknown field {place!r}" + _suggestion(place, model)
    if kind == "missing" or kind == "missing_keyword_only_argument":
        return f"missing field {place!r}"
    if kind == "json_invalid":
        return "the request is not valid JSON"
    if kind in ("finite_number",):
        return f"field {place!r} must be a finite number, not {value}"
    for bound, words in (("ge", "at least"), ("gt", "more than"), ("le", "at most"), ("lt", "less than")):
        if bound in context and kind.startswith(("greater", "less")):
            return f"field {place!r} must be {words} {_number(context[bound])}, not {_number(value)}"
    if kind == "too_long":
        return f"field {place!r} may hold at most {context.get('max_length', 0):,} items"
    if not place:
        return f"a request must be a JSON object, not {_type_name(value)}"
    expected = sorted({_KINDS.get(p["type"], p["type"]) for p in problems if _place(p["loc"]) == place})
    return f"field {place!r} must be {' or '.join(expected)}, not {_type_name(value)}"


def _number(value: object) -> object:
    """A float that is a whole number without its ``.0`` (the bound of a float field reads as written)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _place(location: Iterable[int | str]) -> str:
    """``('jumbles', 0, 'circles')`` -> ``jumbles[0].circles``. After the first part (always a field of the
    request), the names pydantic gives union members (``str``, ``list[str]``, a model's class name) are
    left out: they are types, not fields."""
    text = ""
    for number, part in enumerate(location):
        if isinstance(part, int):
            text += f"[{part}]"
        elif number and ("[" in part or part in _TYPE_NAMES or part[:1].isupper()):
            continue
        else:
            text += f".{part}" if text else part
    return text


_TYPE_NAMES = frozenset({"str", "int", "float", "bool", "list", "dict", "none"})


def _suggestion(name: str, model: type | None) -> str:
    if model is None or not dataclasses.is_dataclass(model):
        return ""
    from puzzlewright.suggest import did_you_mean

    known = [f.name for f in dataclasses.fields(model)]
    return did_you_mean(name.rsplit(".", 1)[-1], known) or f"; known fields: {', '.join(known)}"


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    return {"str": "a string", "int": "an integer", "float": "a number", "bool": "a boolean", "list": "a list",
            "dict": "an object"}.get(type(value).__name__, type(value).__name__)


# -- results out -----------------------------------------------------------------------------------------


def to_jsonable(result: object) -> Any:
    """A result model as JSON-shaped Python data (dicts, lists, strings, numbers, None): what
    :func:`dataclasses.asdict` gives (as plain lists and dicts), without its deep copy of every string and
    number: a result's values are immutable, and the copies were most of a batch's time spent on JSON."""
    if dataclasses.is_dataclass(result) and not isinstance(result, type):
        return {field.name: to_jsonable(getattr(result, field.name)) for field in dataclasses.fields(result)}
    if isinstance(result, tuple) and hasattr(result, "_fields"):  # a named tuple, kept as one (as asdict does)
        return type(result)(*map(to_jsonable, result))
    if isinstance(result, tuple):
        return tuple(map(to_jsonable, result))
    if isinstance(result, list):
        return list(map(to_jsonable, result))
    if isinstance(result, dict):
        return {to_jsonable(key): to_jsonable(value) for key, value in result.items()}
    return result


def dataclass_fields(model: object) -> dict[str, Any]:
    """A model's fields by name, one level deep (to spread shared options into another model)."""
    return {f.name: getattr(model, f.name) for f in dataclasses.fields(model)}  # type: ignore[arg-type]


def dump_json(result: object) -> str:
    """A result model as one line of JSON: what ``--json`` prints and the web app returns."""
    return "".join(json_pieces(result))


# Items of a list encoded in one piece by json_pieces (longer lists are cut into pieces this long)
JSON_PIECE_ITEMS = 256


def json_pieces(result: object, budget: Budget | None = None) -> Iterator[str]:
    """:func:`dump_json`'s text in pieces, with ``budget`` checked between them
    (:meth:`~puzzlewright.budget.Budget.check_finishing`): a result model's nested models and long lists
    on their own (the fields between them in one piece: one ``json.dumps`` call, as a batch writes a
    result of a few dozen solutions in one), and a long list (a search's 200,000 solutions)
    :data:`JSON_PIECE_ITEMS` items at a time. A caller can stop reading
    once the text is too long (the web app's response cap), and encoding stops with the request's budget
    instead of running seconds after the reply."""
    import json  # here, not at the top: the quick path (puzzlewright.cli.quick) prints no JSON

    def encode(value: object) -> str:
        return json.dumps(to_jsonable(value), ensure_ascii=False)

    def nested(value: object) -> bool:  # encoded in pieces of its own: a model, or a long list
        return (dataclasses.is_dataclass(value) and not isinstance(value, type)) or (
            isinstance(value, list) and len(value) > JSON_PIECE_ITEMS)

    def pieces(value: object) -> Iterator[str]:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            yield "{"
            separator = ""
            plain: dict[str, Any] = {}  # the fields between nested ones: one piece, one json.dumps call
            for field in dataclasses.fields(value):
                item = getattr(value, field.name)
                if not nested(item):
                    plain[field.name] = item
                    continue
                if plain:
                    yield separator + encode(plain)[1:-1]
                    separator, plain = ", ", {}
                yield separator + encode(field.name) + ": "
                separator = ", "
                yield from pieces(item)
            if plain:
                yield separator + encode(plain)[1:-1]
            yield "}"
        elif isinstance(value, list) and len(value) > JSON_PIECE_ITEMS:
            yield "["
            for start in range(0, len(value), JSON_PIECE_ITEMS):
                if budget is not None:
                    budget.check_finishing()
                yield (", " if start else "") + encode(value[start:start + JSON_PIECE_ITEMS])[1:-1]
            yield "]"
        else:
            yield encode(value)

    return pieces(result)


def json_schemas(models: Iterable[type], ref_template: str = "#/components/schemas/{model}") -> dict[str, Any]:
    """The JSON schemas of ``models`` and of every model they contain, by name (each model's ``title``,
    unique across puzzles), with references made by ``ref_template``."""
    import json

    from pydantic import TypeAdapter

    marker = "#/$defs-to-rename/"
    inputs: list[tuple[type, Any, TypeAdapter[Any]]] = [(model, "validation", adapter(model)) for model in models]
    _, top = TypeAdapter.json_schemas(inputs, ref_template=marker + "{model}")
    definitions = top.get("$defs", {})
    titles = {name: schema.get("title", name) for name, schema in definitions.items()}
    text = json.dumps({titles[name]: schema for name, schema in definitions.items()})
    for name, title in titles.items():
        text = text.replace(json.dumps(marker + name), json.dumps(ref_template.format(model=title)))
    return dict(json.loads(text))
