"""Reading word lists from files: plain lists, frequency lists, scored crossword lists and AGID ``infl.txt``.

Every loader streams its file line by line (a 10-million-line list costs memory for its distinct words
only) and normalises each entry with :func:`normalise_word`; entries that are not a single a-z word after
normalisation (digits, spaces, hyphens, apostrophes, other scripts) are skipped and counted.

Formats:

``plain``
    One word per line. Blank lines and lines starting with ``#`` are ignored.
``freq``
    ``word<TAB>count`` (or ``word count``) per line, as in frequency lists. Counts become Zipf values:
    log10(count / total * 1e9). Repeated words add their counts.
``scored``
    The crossword constructors' ``word;score`` format (Broda, Spread the Wordlist, XWI): a score of 0-100
    per entry, 50 being ordinary fill. The score becomes the word's familiarity, ``score * 0.06`` (so 50
    -> 3.0, about as familiar as a word used once per million words, and 100 -> 6.0). Entries that are
    not one a-z word (``NEW YORK``, ``R2D2``) are skipped and counted like any other list; a line with no
    ``;score`` or a score that is not a number from 0 to 100 is an error naming its line number. A word
    listed twice keeps its highest score.
``agid``
    The AGID ``infl.txt`` format: ``base POS[?~]: form | form, form | form``. Each base word is kept, and
    each inflected form is kept unless it is tagged or a variant. The rule: a form that ends in a variant
    level digit (``1``-``9``, e.g. ``abided1``) is skipped, and so is a form carrying any of the usage tags
    ``~ < ! ?`` (spelling variants, questionable or disputed forms); ``{...}`` notes are removed first.

``detect_format`` picks the format from the first non-comment lines: ``POS:`` entries mean ``agid``,
``word;number`` entries mean ``scored``, a numeric second column means ``freq``, anything else is
``plain``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from itertools import compress

from puzzlewright.errors import MAX_LINE_BYTES, LexiconError, capped_lines, open_input
from puzzlewright.letters import ALPHABET, compiled, normalise_word

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (letterboxed solve --dict FILE)
    from os import PathLike

    from collections.abc import Callable

    TimeCheck = Callable[[str], None]  # Budget.check_time: raises BudgetExceeded, saying what it was doing

    Path = str | PathLike[str]  # a file name (pathlib is not imported: it costs a Letter Boxed solve 10 ms)

FORMATS = ("plain", "freq", "scored", "agid")
SCORE_TO_FAMILIARITY = 0.06
# regular expressions, compiled on first use (letters.compiled: a plain list is read without importing re)
_AGID_ENTRY = r"^(\S+) [VNA][?~]?:\s"
_FREQ_ENTRY = r"^\S+[\t ]+\d+(\.\d+)?([eE][+-]?\d+)?\s*$"
_SCORED_ENTRY = r"^[^;]+;\s*\d+(\.\d+)?\s*$"
_AGID_NOTE = r"\{[^}]*\}"
_AGID_FORMS = r"[|,]"
_SNIFF_LINES = 50
_BLOCK_BYTES = 1 << 14  # plain ASCII lists are read this much at a time (see _read_ascii_plain)
_SPELT_BLOCK_BYTES = 1 << 21  # and this much for a box's words (sorted runs are skipped within a block)
_UNTIDY = rb"[ \t\r\x0b\x0c\x1c-\x1f#]"  # what str.strip() removes (but newlines), and comments
_TWO_SEMICOLONS = r";[^\n]*;"  # a scored list's line whose entry holds a semicolon too
_CHECK_LINES = 4096  # lines read one by one between two looks at the budget's clock


def check_reading_time(check_time: TimeCheck | None, path: Path) -> None:
    """Call a budget's :meth:`~puzzlewright.budget.Budget.check_time` (given as the method: this layer sits
    below :mod:`puzzlewright.budget`), which raises :class:`~puzzlewright.errors.BudgetExceeded` ("... while
    reading the dictionary file PATH") when its time is up. Every read of a ``--dict FILE`` calls it between
    two blocks: the first read of the file, and the loads of what the cache folder keeps built from it."""
    if check_time is not None:
        check_time(f"reading the dictionary file {path}")


def _lines(path: Path, check_time: TimeCheck | None = None) -> Iterator[str]:
    """The file's lines as text; refuse binary files and undecodable text with one clear message. With
    ``check_time`` (a budget's), the reading counts against the budget (:class:`~puzzlewright.errors.BudgetExceeded`
    when it runs out: a huge file must not make a command wait past its time limit)."""
    with open_input(path, "dictionary file", LexiconError) as handle:
        for number, line in enumerate(capped_lines(handle), 1):
            if number % _CHECK_LINES == 0:
                check_reading_time(check_time, path)
            if line is None:
                raise LexiconError(f"{path} is not a word list: line {number} is longer than "
                                   f"{MAX_LINE_BYTES:,} bytes")
            if b"\x00" in line:
                raise LexiconError(f"{path} looks like a binary file, not a word list (NUL byte on line {number})")
            if number == 1 and line.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark (Windows editors)
                line = line[3:]
            yield _decode(line, path, number)


def _decode(line: bytes, path: Path, number: int) -> str:
    """UTF-8, else Latin-1 (old word lists); control characters mean the file is not text."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        if any(b < 32 and b not in (9, 10, 13) for b in line):
            raise LexiconError(f"{path} looks like a binary file, not a word list (line {number})") from None
        return line.decode("latin-1")


def _content_lines(path: Path, check_time: TimeCheck | None = None) -> Iterator[str]:
    for line in _lines(path, check_time):
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def detect_format(path: Path) -> str:
    """Guess a file's format from its first entries (see the module docstring)."""
    sample = []
    for line in _content_lines(path):
        sample.append(line)
        if len(sample) >= _SNIFF_LINES:
            break
    if not sample:
        raise LexiconError(f"dictionary file is empty: {path}")
    if all(map(str.isalpha, sample)):  # one word a line: plain (the patterns below would say so too)
        return "plain"
    if sum(bool(compiled(_AGID_ENTRY).match(line)) for line in sample) > len(sample) / 2:
        return "agid"
    if sum(bool(compiled(_SCORED_ENTRY).match(line)) for line in sample) > len(sample) / 2:
        return "scored"
    if sum(bool(compiled(_FREQ_ENTRY).match(line)) for line in sample) > len(sample) / 2:
        return "freq"
    if all(len(line.split()) > 2 for line in sample):
        raise LexiconError(
            f"cannot tell the format of {path}: expected one word per line, 'word<TAB>count' or AGID infl.txt"
        )
    return "plain"


def read_plain(path: Path, within: str | None = None,
               check_time: TimeCheck | None = None) -> tuple[dict[str, float], int]:
    """Words of a plain list (one per line) -> ({word: 0.0}, skipped); with ``within``, only the words
    spelt with those letters (see :func:`read_word_file`)."""
    fast = _read_ascii_plain(path, within, check_time)
    if fast is not None:
        return fast
    words, skipped = _read_plain_lines(path, check_time)
    return (words if within is None else spelt_with(words, within)), skipped


def spelt_with(words: dict[str, float], letters: str) -> dict[str, float]:
    """The entries of ``words`` whose every letter is one of ``letters``."""
    return {word: value for word, value in words.items() if not word.strip(letters)}


def _read_plain_lines(path: Path, check_time: TimeCheck | None = None) -> tuple[dict[str, float], int]:
    """:func:`read_plain` line by line: any file (other encodings, accents), with each problem reported."""
    words: dict[str, float] = {}
    skipped = 0
    for line in _content_lines(path, check_time):
        word = normalise_word(line)
        if word is None:
            skipped += 1
        else:
            words[word] = 0.0
    return words, skipped


def _read_ascii_plain(path: Path, within: str | None = None,
                      check_time: TimeCheck | None = None) -> tuple[dict[str, float], int] | None:
    """:func:`read_plain`'s answer from whole blocks of text at a time for the usual file (ASCII, no NUL
    byte, no line near :data:`MAX_LINE_BYTES`): a 178,000-word list in tens of milliseconds instead of a
    second line by line, in memory that grows with the distinct words, not with the file (blocks of
    :data:`_BLOCK_BYTES`). None for any other file, which is read line by line (and any problem reported
    with its line number).

    With ``within`` (lowercase letters; see :func:`read_word_file`) a block is translated in one call
    (those letters, in either case, to lowercase; any other byte but a newline to ``0``) and its lines that
    are still all letters are the words kept, and in a sorted list the runs of lines that start with
    letters the box lacks are skipped unread (:func:`_spelt_lines`); the few lines with blanks are read one
    by one (:func:`_blank_line_words`). A big list is read for a Letter Boxed box in a few milliseconds.
    The entries skipped are not counted then (0)."""
    table = None if within is None else _spelt_with_table(within)
    words: dict[str, float] = {}
    skipped = 0
    for text in _ascii_blocks(path, _BLOCK_BYTES if table is None else _SPELT_BLOCK_BYTES, check_time):
        if text is None:
            return None
        if table is not None and b"\r" in text:
            text = text.replace(b"\r\n", b"\n")
        if table is not None:
            words.update(dict.fromkeys(map(bytes.decode, _spelt_lines(text, table, within)), 0.0))
            if any(blank in text for blank in _BLANKS):  # the lines with blanks, stripped
                words.update(spelt_with(dict.fromkeys(_blank_line_words(text), 0.0), within))
        else:
            entries = _entry_lines(text)
            kept = list(filter(str.isalpha, entries))
            if within is None:
                skipped += len(entries) - len(kept)
                words.update(dict.fromkeys(kept, 0.0))
            else:
                words.update(spelt_with(dict.fromkeys(kept, 0.0), within))
    return words, skipped


def _ascii_blocks(path: Path, size: int, check_time: TimeCheck | None = None) -> Iterator[bytes | None]:
    """The file in blocks of whole lines (about ``size`` bytes each, the last one however it ends), for the
    block readers (:func:`_read_ascii_plain`, :func:`_read_ascii_scored`); a None, and no more, as soon as
    the file is not one they take (not ASCII, a NUL byte, a line near :data:`MAX_LINE_BYTES`): the line
    readers then read it, and report any problem with its line number. ``check_time`` is called before
    each block, as in :func:`_lines`."""
    rest = b""  # the start of a line the last block cut
    with open_input(path, "dictionary file", LexiconError) as handle:
        while True:
            check_reading_time(check_time, path)
            block = handle.read(size)
            text = rest + block
            cut = text.rfind(b"\n") + 1 if block else len(text)
            text, rest = text[:cut], text[cut:]
            if len(rest) > MAX_LINE_BYTES // 2 or not text.isascii() or b"\x00" in text:
                yield None
                return
            yield text
            if not block:
                return


def _entry_lines(text: bytes) -> list[str]:
    """The entries of a block of ASCII lines, lowercased: each line stripped of blanks, without blank lines
    and ``#`` comments (as :func:`_content_lines` reads a line)."""
    lines = text.decode("ascii").lower().split("\n")
    if compiled(_UNTIDY).search(text):  # blanks to strip or comments to drop
        return [entry for entry in map(str.strip, lines) if entry and not entry.startswith("#")]
    return list(filter(None, lines))


def _spelt_lines(text: bytes, table: bytes, letters: str) -> list[bytes]:
    """The lines of ``text`` (whole lines without blanks) that are spelt with ``letters`` only, in either
    case, lowercased (``table`` is their :func:`_spelt_with_table`), in file order.

    Every line is translated and split in C, but in a sorted list the lines starting with a letter the box
    lacks come in runs (about half a list, for a Letter Boxed box's dozen letters): those runs
    (:func:`_unspellable_runs`) are skipped unread. An unsorted list costs what it did."""
    text = b"\n" + text if text.endswith(b"\n") else b"\n" + text + b"\n"  # each line after a newline
    kept: list[bytes] = []
    start = 1
    for first, end in [*_unspellable_runs(text, letters), (len(text), len(text))]:
        kept += filter(bytes.isalpha, text[start:first].translate(table).split(b"\n"))
        start = end
    return kept


def _blank_line_words(text: bytes) -> list[str]:
    """The entries of the lines of ``text`` that hold blanks (spaces, tabs, carriage returns...; see
    :data:`_BLANKS`), read as :func:`_read_plain_lines` reads a line: stripped, lowercased, kept when
    a-z only (so no comment). :func:`_spelt_lines` drops these lines: a list of clean lines with a few
    untidy ones (a comment line, a trailing space) is still read in bulk."""
    spans = set()
    for blank in _BLANKS:
        at = text.find(blank)
        while at >= 0:
            end = text.find(b"\n", at)
            end = len(text) if end < 0 else end
            spans.add((text.rfind(b"\n", 0, at) + 1, end))
            at = text.find(blank, end)
    return [entry for entry in (text[start:end].decode("ascii").strip().lower() for start, end in sorted(spans))
            if entry.isalpha()]


def _unspellable_runs(text: bytes, letters: str) -> list[tuple[int, int]]:
    """Runs of whole lines of ``text`` (``\\n`` + lines each ended by ``\\n``) as (first line's start, end),
    ascending, every line of which starts with a lowercase letter not in ``letters``: one run for each
    stretch of the alphabet between two of ``letters``, where a binary search would put its lines in a
    sorted list, kept only when counting shows it holds nothing else. So the runs are right in any file,
    and found in a sorted one."""
    runs = []
    start = lower_bound(text, b"a", 1, len(text))
    at = 0
    while at < len(ALPHABET):
        following = at + 1
        while ALPHABET[at] not in letters and following < len(ALPHABET) and ALPHABET[following] not in letters:
            following += 1
        end = lower_bound(text, chr(ord(ALPHABET[following - 1]) + 1).encode(), start, len(text))
        initials = ALPHABET[at:following]
        if initials[0] not in letters and end > start and _all_start_with(text, start, end, initials):
            runs.append((start, end))
        start, at = end, following
    return runs


def lower_bound(text: bytes, key: bytes, low: int, high: int) -> int:
    """The start of the first line between line starts ``low`` and ``high`` that does not begin below
    ``key``, found by binary search as if the lines were sorted (``high`` when there is none)."""
    size = len(key)
    while low < high:
        start = text.rfind(b"\n", low, (low + high) // 2) + 1 or low  # the line around the midpoint
        if text[start:start + size] < key:
            low = text.find(b"\n", start) + 1
        else:
            high = start
    return low


def _all_start_with(text: bytes, first: int, end: int, initials: str) -> bool:
    """Whether every line from line start ``first`` to ``end`` starts with one of ``initials`` (the lines
    are counted, and the lines starting so)."""
    starting = sum(text.count(f"\n{letter}".encode(), first - 1, end) for letter in initials)
    return starting == text.count(b"\n", first, end)


def _spelt_with_table(letters: str) -> bytes:
    """A :meth:`bytes.translate` table keeping ``letters`` (lowercase, and their capitals as lowercase) and
    newlines, and turning every other byte into ``0`` (not a letter)."""
    table = bytearray(b"0" * 256)
    table[ord("\n")] = ord("\n")
    for letter in letters:
        table[ord(letter)] = table[ord(letter.upper())] = ord(letter)
    return bytes(table)


# what str.strip() removes from an ASCII line (but the newline), each looked for with one memchr
_BLANKS = tuple(bytes([blank]) for blank in b" \t\r\x0b\x0c\x1c\x1d\x1e\x1f")


def read_freq(path: Path, check_time: TimeCheck | None = None) -> tuple[dict[str, float], int]:
    """Words of a ``word<TAB>count`` list -> ({word: zipf}, skipped)."""
    counts: dict[str, float] = {}
    skipped = 0
    for line in _content_lines(path, check_time):
        parts = line.rsplit(None, 1)
        word = normalise_word(parts[0]) if len(parts) == 2 else None
        try:
            count = float(parts[1]) if word else 0.0
        except ValueError:
            word = None
        if word is None or not 0 < count < math.inf:  # 1e400 reads as inf: not a count
            skipped += 1
            continue
        counts[word] = min(counts.get(word, 0.0) + count, sys.float_info.max)
    return zipf_values(counts), skipped


def zipf_values(counts: dict[str, float]) -> dict[str, float]:
    """Zipf values, log10(count / total * 1e9) floored at 0, computed in logs relative to the largest count
    so that counts near the float limit (1e308) neither overflow the total nor underflow the ratios."""
    if not counts:
        return {}
    largest = max(counts.values())
    log_total = math.log10(sum(c / largest for c in counts.values())) + math.log10(largest)
    return {w: max(0.0, math.log10(c) - log_total + 9) for w, c in counts.items()}


def read_scored(path: Path, check_time: TimeCheck | None = None) -> tuple[dict[str, float], int]:
    """Words of a ``word;score`` list -> ({word: familiarity}, skipped); see the module docstring. The usual
    file (ASCII, every line an entry) is read in blocks (:func:`_read_ascii_scored`), any other line by line."""
    fast = _read_ascii_scored(path, check_time)
    return fast if fast is not None else _read_scored_lines(path, check_time)


def _read_ascii_scored(path: Path, check_time: TimeCheck | None = None) -> tuple[dict[str, float], int] | None:
    """:func:`read_scored`'s answer from whole blocks of lines at a time (:func:`_ascii_blocks`), each
    block's lines split, scored and kept in bulk (C loops, no Python code per line): issue #32's
    66,000-line list in a fraction of the time line by line. None for a file the block reader does not take
    or with a line it leaves to :func:`_read_scored_lines` (which says what is wrong with it): one that is
    not ``entry;score`` with a score from 0 to 100, or a score with a sign or spelt out (``-0``, ``nan``)."""
    words: dict[str, float] = {}
    skipped = 0
    for text in _ascii_blocks(path, _BLOCK_BYTES, check_time):
        if text is None:
            return None
        lines = "\n".join(_entry_lines(text))
        if not lines:
            continue
        if lines.count(";") != lines.count("\n") + 1 or compiled(_TWO_SEMICOLONS).search(lines):
            return None  # a line without its score, or an entry with a semicolon in it
        pieces = lines.replace(";", "\n").split("\n")
        entries, score_texts = pieces[0::2], pieces[1::2]
        numbers = "".join(score_texts)
        if "n" in numbers or "-" in numbers:
            return None
        try:
            scores = list(map(float, score_texts))
        except ValueError:
            return None
        if not 0 <= min(scores) <= max(scores) <= 100:
            return None
        kept = list(map(str.isalpha, entries := list(map(str.strip, entries))))
        block = dict(zip(compress(entries, kept), map(SCORE_TO_FAMILIARITY.__mul__, compress(scores, kept))))
        if len(block) < sum(kept) or not words.keys().isdisjoint(block):  # a word listed twice: its best score
            block = {}
            for word, score in zip(compress(entries, kept), compress(scores, kept)):
                block[word] = max(block.get(word, 0.0), words.get(word, 0.0), score * SCORE_TO_FAMILIARITY)
        words.update(block)
        skipped += len(entries) - sum(kept)
    return words, skipped


def _read_scored_lines(path: Path, check_time: TimeCheck | None = None) -> tuple[dict[str, float], int]:
    """:func:`read_scored` line by line: any file (other encodings, accents), with each problem reported."""
    words: dict[str, float] = {}
    skipped = 0
    for number, line in enumerate(_lines(path, check_time), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        entry, sep, score_text = line.rpartition(";")
        try:
            score = float(score_text) if sep else None
        except ValueError:
            score = None
        if score is None or not 0 <= score <= 100:
            raise LexiconError(f"{path}, line {number}: expected 'word;score' with a score from 0 to 100, "
                               f"got {line[:60]!r}")
        word = normalise_word(entry)
        if word is None:
            skipped += 1
        else:
            words[word] = max(words.get(word, 0.0), score * SCORE_TO_FAMILIARITY)
    return words, skipped


def _agid_form(form: str) -> str | None:
    """An inflected form of an AGID entry, or None when it is a variant or tagged form."""
    form = compiled(_AGID_NOTE).sub("", form).strip()
    if not form or form[-1].isdigit() or any(tag in form for tag in "~<!?"):
        return None
    return normalise_word(form)


def read_agid(path: Path, check_time: TimeCheck | None = None) -> tuple[dict[str, float], int]:
    """Words of an AGID ``infl.txt`` (base words and untagged inflections) -> ({word: 0.0}, skipped)."""
    words: dict[str, float] = {}
    skipped = 0
    entry, split_forms = compiled(_AGID_ENTRY), compiled(_AGID_FORMS).split
    for line in _content_lines(path, check_time):
        head, sep, forms = line.partition(":")
        match = entry.match(head + ": ") if sep else None
        if match is None:
            skipped += 1
            continue
        base = normalise_word(match.group(1))
        if base is None:
            skipped += 1
        else:
            words[base] = 0.0
        for raw in split_forms(forms):
            if not raw.strip():
                continue
            word = _agid_form(raw)
            if word is None:
                skipped += 1
            else:
                words[word] = 0.0
    return words, skipped


READERS: dict[str, Callable[..., tuple[dict[str, float], int]]] = {
    "plain": read_plain, "freq": read_freq, "scored": read_scored, "agid": read_agid}


def read_word_file(path: Path, format: str | None = None, *, within: str | None = None,
                   check_time: TimeCheck | None = None) -> tuple[dict[str, float], int, str]:
    """Read a word list file -> ({word: zipf, familiarity (scored) or 0.0}, entries skipped, format used).

    ``within`` (lowercase letters): keep only the words spelt with those letters (a Letter Boxed box's);
    the values are those of the whole file's reading (a ``freq`` list's Zipf values are relative to all
    its counts), and an empty result is no error (the file may have other words). With ``check_time``
    (a :class:`~puzzlewright.budget.Budget`'s), the reading counts against the budget
    (:class:`~puzzlewright.errors.BudgetExceeded` "... while reading the dictionary file PATH" when it runs
    out), so a search on a huge file stops within its time limit."""
    if format is None:
        format = detect_format(path)
    elif format not in READERS:
        from puzzlewright.suggest import unknown_name

        raise LexiconError(unknown_name("dictionary format", format, FORMATS))
    if within is not None:
        if format == "plain":
            words, skipped = read_plain(path, within, check_time)
        else:
            words, skipped = READERS[format](path, check_time=check_time)
            words = spelt_with(words, within)
        return words, skipped, format
    words, skipped = READERS[format](path, check_time=check_time)
    if not words:
        raise LexiconError(f"no usable words in {path} ({skipped:,} entries skipped as not a-z words)")
    return words, skipped, format
