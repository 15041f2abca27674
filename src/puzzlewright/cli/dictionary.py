"""``puzzlewright dict``: what a dictionary holds, and whether words are in it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from puzzlewright.cli.common import emit_json, json_option, lexicon_options
from puzzlewright.cli.shared import lookup as lookup_words
from puzzlewright.cli.shared import lookup_report
from puzzlewright.lexicon.shipped import DEFAULT_DICTIONARY

if TYPE_CHECKING:
    from puzzlewright.lexicon import Lexicon
    from puzzlewright.schema import DictionaryOptions


@click.group("dict")
def dict_group() -> None:
    """Inspect dictionaries (built-in names: english, english-common, english-letterboxed, english-large,
    wordle-answers, wordle-guesses, acrostic-4; or a word list file) and look words up."""


def dictionary_info(lexicon: Lexicon) -> dict:
    """The facts `dict info` reports, as JSON-ready values."""
    import numpy as np

    from puzzlewright.lexicon import BUILTINS

    levels = lexicon.level[lexicon.level > 0]
    familiarity = lexicon.familiarity_values
    builtin = BUILTINS.get(lexicon.name)
    return {
        "name": lexicon.name,
        "source": lexicon.source,
        "built": builtin.built if builtin else None,
        "words": len(lexicon),
        "skipped": lexicon.skipped,
        "lengths": {str(k): v for k, v in lexicon.length_counts().items()},
        "zipf": {"min": round(float(lexicon.zipf.min()), 2), "max": round(float(lexicon.zipf.max()), 2),
                 "median": round(float(np.median(lexicon.zipf)), 2)},
        "familiarity": {"min": round(float(familiarity.min()), 2), "max": round(float(familiarity.max()), 2),
                        "median": round(float(np.median(familiarity)), 2)},
        "scowl_levels": {str(int(k)): int(v) for k, v in zip(*np.unique(levels, return_counts=True))},
        "not_in_scowl": int((lexicon.level == 0).sum()),
    }


@dict_group.command("info")
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def info(lexicon: Lexicon, as_json: bool) -> None:
    """How many words, of which lengths, from where, and how common."""
    facts = dictionary_info(lexicon)
    if as_json:
        emit_json(facts)
        return
    click.echo(f"{facts['name']}: {facts['words']:,} words ({facts['source']})")
    if facts["built"]:
        click.echo(f"built from: {facts['built']}")
    if facts["skipped"]:
        click.echo(f"skipped while loading: {facts['skipped']:,} entries that are not a-z words")
    click.echo("by length: " + ", ".join(f"{k}:{v:,}" for k, v in facts["lengths"].items()))
    zipf = facts["zipf"]
    click.echo(f"zipf frequency: {zipf['min']} to {zipf['max']} (median {zipf['median']})")
    familiarity = facts["familiarity"]
    click.echo(f"familiarity: {familiarity['min']} to {familiarity['max']} (median {familiarity['median']})")
    levels = ", ".join(f"{k}:{v:,}" for k, v in facts["scowl_levels"].items())
    click.echo(f"SCOWL levels: {levels or 'none'}; not in SCOWL: {facts['not_in_scowl']:,}")


@dict_group.command("lookup")
@click.argument("words", nargs=-1, required=True)
@lexicon_options(DEFAULT_DICTIONARY, lazy=True)
@json_option
def lookup(words: tuple[str, ...], dictionary: DictionaryOptions, lexicon: Any, as_json: bool) -> None:
    """Is each WORD in the dictionary, and how common is it? (Exit 0 either way.)"""
    found = lookup_words(words, dictionary, lexicon)
    if as_json:
        emit_json(found)
        return
    for line in lookup_report(found):
        click.echo(line)


@dict_group.command("explain")
@click.argument("word")
@json_option
def explain(word: str, as_json: bool) -> None:
    """Why WORD is in or out of each built-in English tier: its familiarity, Zipf frequency, SCOWL level,
    the sources that list it and its flags (offensive, vulgar, proper...) with who set them (or why the
    build left it out)."""
    from puzzlewright.lexicon.explain import explain_word

    facts = explain_word(word)
    if as_json:
        emit_json(facts)
        return
    if facts["familiarity"] is None:
        click.echo(f"{facts['word']}: in no built-in English tier")
    else:
        level = facts["scowl_level"]
        click.echo(f"{facts['word']}: familiarity {facts['familiarity']} (zipf {facts['zipf']}, "
                   f"{f'SCOWL size {level}' if level else 'not in SCOWL'})")
        for source in facts["sources"]:
            click.echo(f"  listed by {source['what']}")
        for flag in facts["flags"]:
            by = "; ".join(source["what"] for source in flag["sources"])
            click.echo(f"  flagged {flag['name']}: {flag['what']} (by {by})")
    if facts["rejected"]:
        click.echo(f"  left out by the build: {facts['rejected']['what']}")
    for name, tier in facts["tiers"].items():
        click.echo(f"{name}: {'in' if tier['in'] else 'out'} ({tier['why']})")


@dict_group.command("diff")
@click.argument("first")
@click.argument("second")
@click.option("--limit", type=click.IntRange(0), default=50, show_default=True,
              help="How many of the words to list (most familiar first); the count is always the total.")
@click.option("--all", "show_all", is_flag=True, help="List every word.")
@json_option
def diff(first: str, second: str, limit: int, show_all: bool, as_json: bool) -> None:
    """The words dictionary FIRST has that SECOND lacks (built-in names or word list files)."""
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.lexicon.explain import diff_lexicons

    result = diff_lexicons(load_lexicon(first), load_lexicon(second), limit=None if show_all else limit)
    if as_json:
        emit_json(result)
        return
    click.echo(f"{result['count']:,} words of {result['first']} are not in {result['second']}"
               + (", most familiar first:" if result["words"] else ""))
    for entry in result["words"]:
        click.echo(f"  {entry['word']} ({entry['familiarity']})")
