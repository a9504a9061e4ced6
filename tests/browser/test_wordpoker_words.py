"""Slovní poker's letters in words (web/js/games/wordpoker/letters.js, issue 21): what the
spelling and the event log say of a word and of the diacritic cards (W15-W17)."""

from __future__ import annotations

from typing import Any

from .conftest import VisitorFactory

SPELL = """async ([code, word]) => {
  const { addStrings, setLanguage } = await import("/js/i18n.js");
  const letters = await import("/js/games/wordpoker/letters.js");
  await addStrings(async (c) => (await import(`/js/games/wordpoker/locales/${c}.js`)).default,
                   "wordpoker");
  await setLanguage(code, { remember: false });
  return letters.spell(word);
}"""


def spelt(page: Any, code: str, word: str) -> str:
    text: str = page.evaluate(SPELL, [code, word])
    return text


def test_w17_spelling_says_each_letter_once_where_it_has_no_other_name(
    visitor: VisitorFactory,
) -> None:
    """English names no letters of its own: "POLE" is spelt "P; O; L; E", not "P, P; O, O";
    a marked letter still says its mark, and Czech still names every letter."""
    page = visitor("Spel").page
    page.goto("/")
    assert spelt(page, "en", "pole") == "P; O; L; E"
    assert spelt(page, "en", "řeka").startswith("Ř, ")
    assert spelt(page, "en", "řeka").endswith("; E; K; A")
    assert spelt(page, "cs", "řeka") == "Ř, er s háčkem; E; K, ká; A"
