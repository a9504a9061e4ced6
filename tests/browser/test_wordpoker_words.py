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


WRITTEN = """async ([code, message]) => {
  const { setLanguage } = await import("/js/i18n.js");
  const { describeLogLine, loadEventTexts, useGameModule } = await import("/js/describe.js");
  const { loadGame } = await import("/js/games.js");
  useGameModule(await loadGame("wordpoker"));
  await setLanguage(code, { remember: false });
  await loadEventTexts("wordpoker");
  return describeLogLine({ type: "cards_dealt", message }, { names: ["Ann", "Bob"] });
}"""


def test_w17_the_written_log_names_the_diacritic_cards(visitor: VisitorFactory) -> None:
    """Issue 21: the event log (the table's and the history page's) names a háček or čárka
    card in the reader's language instead of a bare "ˇ" or "´"; letters stay letters."""
    page = visitor("Logan").page
    page.goto("/")
    message = {"key": "cards_dealt", "params": {"cards": "N R ˇ K ´"}}
    english = page.evaluate(WRITTEN, ["en", message])
    assert "háček card" in english, english
    assert "čárka card" in english
    assert "ˇ" not in english
    assert "´" not in english
    assert "N, R" in english
    czech = page.evaluate(WRITTEN, ["cs", message])
    assert "háček" in czech, czech
    assert "ˇ" not in czech
    plain = {"key": "cards_dealt", "params": {"cards": "N R K"}}
    assert "N R K" in page.evaluate(WRITTEN, ["en", plain])  # nothing to name: as it was
