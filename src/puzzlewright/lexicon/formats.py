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
import re
import sys
from collections.abc import Iterator

from puzzlewright.errors import MAX_LINE_BYTES, LexiconError, capped_lines, open_input
from puzzlewright.letters import normalise_word

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (letterboxed solve --dict FILE)
    from os import PathLike

    Path = str | PathLike[str]  # a file name (pathlib is not imported: it costs a Letter Boxed solve 10 ms)

FORMATS = ("plain", "freq", "scored", "agid")
SCORE_TO_FAMILIARITY = 0.06
_AGID_ENTRY = re.compile(r"^(\S+) [VNA][?~]?:\s")
_FREQ_ENTRY = re.compile(r"^\S+[\t ]+\d+(\.\d+)?([eE][+-]?\d+)?\s*$")
_SCORED_ENTRY = re.compile(r"^[^;]+;\s*\d+(\.\d+)?\s*$")
_AGID_NOTE = re.compile(r"\{[^}]*\}")
_SNIFF_LINES = 50
_BLOCK_BYTES = 1 << 14  # plain ASCII lists are read this much at a time (see _read_ascii_plain)
_UNTIDY = re.compile(rb"[ \t\r\x0b\x0c\x1c-\x1f#]")  # what str.strip() removes (but newlines), and comments


def _lines(path: Path) -> Iterator[str]:
    """The file's lines as text; refuse binary files and undecodable text with one clear message."""
    with open_input(path, "dictionary file", LexiconError) as handle:
        for number, line in enumerate(capped_lines(handle), 1):
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


def _content_lines(path: Path) -> Iterator[str]:
    for line in _lines(path):
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
    if sum(bool(_AGID_ENTRY.match(line)) for line in sample) > len(sample) / 2:
        return "agid"
    if sum(bool(_SCORED_ENTRY.match(line)) for line in sample) > len(sample) / 2:
        return "scored"
    if sum(bool(_FREQ_ENTRY.match(line)) for line in sample) > len(sample) / 2:
        return "freq"
    if all(len(line.split()) > 2 for line in sample):
        raise LexiconError(
            f"cannot tell the format of {path}: expected one word per line, 'word<TAB>count' or AGID infl.txt"
        )
    return "plain"


def read_plain(path: Path, within: str | None = None) -> tuple[dict[str, float], int]:
    """Words of a plain list (one per line) -> ({word: 0.0}, skipped); with ``within``, only the words
    spelt with those letters (see :func:`read_word_file`)."""
    fast = _read_ascii_plain(path, within)
    if fast is not None:
        return fast
    words, skipped = _read_plain_lines(path)
    return (words if within is None else spelt_with(words, within)), skipped


def spelt_with(words: dict[str, float], letters: str) -> dict[str, float]:
    """The entries of ``words`` whose every letter is one of ``letters``."""
    return {word: value for word, value in words.items() if not word.strip(letters)}


def _read_plain_lines(path: Path) -> tuple[dict[str, float], int]:
    """:func:`read_plain` line by line: any file (other encodings, accents), with each problem reported."""
    words: dict[str, float] = {}
    skipped = 0
    for line in _content_lines(path):
        word = normalise_word(line)
        if word is None:
            skipped += 1
        else:
            words[word] = 0.0
    return words, skipped


def _read_ascii_plain(path: Path, within: str | None = None) -> tuple[dict[str, float], int] | None:
    """:func:`read_plain`'s answer from whole blocks of text at a time for the usual file (ASCII, no NUL
    byte, no line near :data:`MAX_LINE_BYTES`): a 178,000-word list in tens of milliseconds instead of a
    second line by line, in memory that grows with the distinct words, not with the file (blocks of
    :data:`_BLOCK_BYTES`). None for any other file, which is read line by line (and any problem reported
    with its line number).

    With ``within`` (lowercase letters; see :func:`read_word_file`) a block without blanks to strip is
    translated in one call (those letters, in either case, to lowercase; any other byte but a newline to
    ``0``) and its lines that are still all letters are the words kept: a big list is read for a Letter
    Boxed box in a few milliseconds. The entries skipped are not counted then (0)."""
    table = None if within is None else _spelt_with_table(within)
    words: dict[str, float] = {}
    skipped = 0
    rest = b""  # the start of a line the last block cut
    with open_input(path, "dictionary file", LexiconError) as handle:
        while True:
            block = handle.read(_BLOCK_BYTES)
            text = rest + block
            cut = text.rfind(b"\n") + 1 if block else len(text)
            text, rest = text[:cut], text[cut:]
            if len(rest) > MAX_LINE_BYTES // 2 or not text.isascii() or b"\x00" in text:
                return None
            if table is not None and b"\r" in text:
                text = text.replace(b"\r\n", b"\n")
            if table is not None and not any(blank in text for blank in _BLANKS):
                words.update(dict.fromkeys(map(bytes.decode, filter(bytes.isalpha, text.translate(table).split(b"\n"))),
                                           0.0))
            else:
                lines = text.decode("ascii").lower().split("\n")
                if _UNTIDY.search(text):  # blanks to strip or comments to drop
                    entries = [entry for entry in map(str.strip, lines) if entry and not entry.startswith("#")]
                else:
                    entries = list(filter(None, lines))
                kept = list(filter(str.isalpha, entries))
                if within is None:
                    skipped += len(entries) - len(kept)
                    words.update(dict.fromkeys(kept, 0.0))
                else:
                    words.update(spelt_with(dict.fromkeys(kept, 0.0), within))
            if not block:
                return words, skipped


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


def read_freq(path: Path) -> tuple[dict[str, float], int]:
    """Words of a ``word<TAB>count`` list -> ({word: zipf}, skipped)."""
    counts: dict[str, float] = {}
    skipped = 0
    for line in _content_lines(path):
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


def read_scored(path: Path) -> tuple[dict[str, float], int]:
    """Words of a ``word;score`` list -> ({word: familiarity}, skipped); see the module docstring."""
    words: dict[str, float] = {}
    skipped = 0
    for number, line in enumerate(_lines(path), 1):
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
    form = _AGID_NOTE.sub("", form).strip()
    if not form or form[-1].isdigit() or any(tag in form for tag in "~<!?"):
        return None
    return normalise_word(form)


def read_agid(path: Path) -> tuple[dict[str, float], int]:
    """Words of an AGID ``infl.txt`` (base words and untagged inflections) -> ({word: 0.0}, skipped)."""
    words: dict[str, float] = {}
    skipped = 0
    for line in _content_lines(path):
        head, sep, forms = line.partition(":")
        match = _AGID_ENTRY.match(head + ": ") if sep else None
        if match is None:
            skipped += 1
            continue
        base = normalise_word(match.group(1))
        if base is None:
            skipped += 1
        else:
            words[base] = 0.0
        for raw in re.split(r"[|,]", forms):
            if not raw.strip():
                continue
            word = _agid_form(raw)
            if word is None:
                skipped += 1
            else:
                words[word] = 0.0
    return words, skipped


READERS = {"plain": read_plain, "freq": read_freq, "scored": read_scored, "agid": read_agid}


def read_word_file(path: Path, format: str | None = None, *,
                   within: str | None = None) -> tuple[dict[str, float], int, str]:
    """Read a word list file -> ({word: zipf, familiarity (scored) or 0.0}, entries skipped, format used).

    ``within`` (lowercase letters): keep only the words spelt with those letters (a Letter Boxed box's);
    the values are those of the whole file's reading (a ``freq`` list's Zipf values are relative to all
    its counts), and an empty result is no error (the file may have other words)."""
    if format is None:
        format = detect_format(path)
    elif format not in READERS:
        from puzzlewright.suggest import unknown_name

        raise LexiconError(unknown_name("dictionary format", format, FORMATS))
    if within is not None:
        if format == "plain":
            words, skipped = read_plain(path, within)
        else:
            words, skipped = READERS[format](path)
            words = spelt_with(words, within)
        return words, skipped, format
    words, skipped = READERS[format](path)
    if not words:
        raise LexiconError(f"no usable words in {path} ({skipped:,} entries skipped as not a-z words)")
    return words, skipped, format
