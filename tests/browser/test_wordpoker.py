"""Slovní poker in a real browser (docs/rules/wordpoker.md W1-W20, its web module
web/js/games/wordpoker/): a whole game against a bot played with the keyboard alone in the
Czech interface, checking what the live regions said; the self-voicing switch; axe-core in
every language; the page at 200% zoom; the letter names of every language.

Every step goes through the page a person sees; the HTTP API only sets tables up. The mini
word list keeps the game independent of the system dictionary.
"""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from pokerhall.games.wordpoker.best import best_word
from pokerhall.games.wordpoker.letters import Card, default_alphabet
from pokerhall.games.wordpoker.lexicons import mini

from .conftest import PokerhallServer, Visitor, VisitorFactory
from .test_accessibility import assert_accessible, assert_accessible_light_and_dark

GAME_SECONDS = 90.0
TAB_LIMIT = 60

RECORD_ANNOUNCEMENTS = """
window.__said = [];
new MutationObserver((records) => {
  for (const record of records) {
    const region = record.target.closest?.("#live-region, #live-alert") ??
      record.target.parentElement?.closest("#live-region, #live-alert");
    if (!region) continue;
    for (const node of record.addedNodes) {
      const text = node.textContent.trim();
      if (text) window.__said.push([region.id, text]);
    }
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""

CZECH = "localStorage.setItem('pokerhall.language', JSON.stringify('cs'));"

PROMPT_READY = """() => {
  if (!document.querySelector("#actions.is-your-turn")) return null;
  for (const step of ["declare", "respond", "word"]) {
    const form = document.getElementById(`wp-${step}`);
    if (form && !form.hidden && !form.querySelector("button").disabled &&
        form.contains(document.activeElement)) return step;
  }
  return null;
}"""


CZECH_CARD_NAMES = {
    "B": "bé", "C": "cé", "D": "dé", "F": "ef", "G": "gé", "H": "há", "CH": "chá", "J": "jé",
    "K": "ká", "L": "el", "M": "em", "N": "en", "P": "pé", "R": "er", "S": "es", "T": "té",
    "V": "vé", "X": "iks", "Z": "zet", "hacek": "háček", "carka": "čárka",
}  # fmt: skip


def spoken_names(text: str) -> list[str]:
    """The names in a Czech list ("x, y a z", with the page's no-break spaces)."""
    return re.split(r",\s|\sa\s", text)


def wordpoker_table(server: PokerhallServer, **options: Any) -> dict[str, Any]:
    return server.create_table(
        game="wordpoker",
        name="Slovní stůl",
        options={"lexicon": "mini", **options},
        seats=2,
        bots=1,
    )


def said(page: Page) -> list[str]:
    """Everything the live regions announced since the page loaded, in order."""
    return [text for _region, text in page.evaluate("window.__said")]


def tab_to(page: Page, selector: str) -> None:
    """Tab forward until `selector` has the focus (it must be reachable by Tab)."""
    target = page.locator(selector)
    for _ in range(TAB_LIMIT):
        if target.evaluate("(el) => el === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} cannot be reached with Tab")


def join_with_the_keyboard(person: Visitor, name: str) -> None:
    page = person.page
    expect(page.locator("#waiting-join")).to_be_visible()
    tab_to(page, "#player-name")
    page.keyboard.press("Control+a")
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    person.wait_for_game()


def wait_for_step(page: Page) -> str | None:
    """The step the page asks for now (the focus is already in its form), or None once the
    game is over."""
    handle = page.wait_for_function(
        f"() => !document.getElementById('game-over').hidden ? 'over' : ({PROMPT_READY})()",
        timeout=20_000,
    )
    step = handle.json_value()
    return None if step == "over" else str(step)


def declare(page: Page, deal: int, round_: int) -> None:
    """W5, W6: the prompt's range is offered; the first round of the first deal raises by
    typing an amount, the other declarations keep the stake (arrows pick, Enter sends)."""
    expect(page.locator("#wp-choice-stay")).to_be_focused()
    if deal == 1 and round_ == 1 and page.locator("#wp-choice-raise").count():
        expect(page.locator("#wp-amount")).to_have_attribute("max", "5")  # W5: deal 1 raises 1-5
        page.keyboard.press("ArrowUp")
        expect(page.locator("#wp-choice-raise")).to_be_checked()
        page.keyboard.press("Tab")
        expect(page.locator("#wp-amount")).to_be_focused()
        page.keyboard.press("Control+a")
        page.keyboard.type("9")  # over the limit: refused on the page, nothing is sent
        page.keyboard.press("Enter")
        expect(page.locator("#action-error")).to_contain_text("od 1 do 5")
        expect(page.locator("#wp-amount")).to_be_focused()
        page.keyboard.press("Control+a")
        page.keyboard.type("2")
        expect(page.locator("#wp-declare-submit")).to_have_text("Ohlásit: navyšuji o 2 body")
        page.keyboard.press("Enter")
    else:
        tab_to(page, "#wp-declare-submit")
        expect(page.locator("#wp-declare-submit")).to_have_text("Ohlásit: sázku neměním")
        page.keyboard.press("Enter")


def respond(page: Page) -> None:
    """W6-W8: the exchange is chosen with Space on the cards, then the call is made."""
    boxes = page.locator("#wp-exchange-cards input")
    if boxes.count():
        expect(boxes.first).to_be_focused()
        page.keyboard.press("Space")
        expect(boxes.first).to_be_checked()
        expect(page.locator("#wp-call")).to_have_text("Dorovnat a vyměnit 1 kartu")
    tab_to(page, "#wp-call")
    page.keyboard.press("Enter")


def letters_on(page: Page, selector: str) -> list[str]:
    values: list[str] = page.locator(f"{selector} li").evaluate_all(
        "(items) => items.map((i) => i.dataset.letter)"
    )
    return values


def clear_and_type(page: Page, text: str) -> None:
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    page.keyboard.type(text)


def lay_down_a_word(page: Page, first: bool) -> str | None:
    """W9, W17: the word is typed with its diacritics and spelt on request; the server's
    refusals are read out in Czech; then the best word the hand allows is sent (or none)."""
    expect(page.locator("#wp-word-input")).to_be_focused()
    if first:
        clear_and_type(page, "řeka")
        page.keyboard.press("Alt+Shift+KeyL")
        expect(page.locator("#live-alert")).to_contain_text("Ř, er s háčkem; E; K, ká; A")
        expect(page.locator("#wp-word-letters")).to_contain_text("Ř, er s háčkem")
        clear_and_type(page, "kä")  # a mark no card makes
        page.keyboard.press("Enter")
        expect(page.locator("#action-error")).to_contain_text("tuto diakritiku nelze dát")
        expect(page.locator("#wp-word-input")).to_be_focused()
        clear_and_type(page, "aaaaaa")  # six a's: a die used twice
        page.keyboard.press("Enter")
        expect(page.locator("#action-error")).to_contain_text("slovo používá kostku dvakrát")
    hand = [Card(f"c{i}", letter) for i, letter in enumerate(letters_on(page, "#wp-hand"))]
    best = best_word(default_alphabet(), mini(), hand, letters_on(page, "#wp-dice")).word
    if best is None:
        tab_to(page, "#wp-no-word")
        page.keyboard.press("Enter")
        return None
    clear_and_type(page, best)
    page.keyboard.press("Enter")
    return best


def test_a_whole_game_is_played_with_the_keyboard_and_announced_in_czech(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """W1-W10 through the page, keyboard only, in Czech: the seat is taken from the waiting
    room's form; every prompt puts the focus into its form; a sealed raise within the deal's
    range (W5, W6), the exchange chosen with the call (W8), the word typed, spelt and refused
    with the server's reasons in Czech (W9, W17); each deal's result (W10) is shown and
    announced with the best word; the dealt cards are announced by their Czech names,
    diacritic cards too (W4, W16)."""
    table = wordpoker_table(server)  # ten deals (W2)
    person = visitor("Věra")
    page = person.page
    page.add_init_script(CZECH)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    person.open_table(table["id"])
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    join_with_the_keyboard(person, "Věra")
    expect(page.locator("#game")).to_have_attribute("data-game", "wordpoker")
    expect(page.locator("#wp-heading")).to_have_text("Partie")

    wait_for_step(page)
    first_hand = [CZECH_CARD_NAMES[letter] for letter in letters_on(page, "#wp-hand")]
    expect(page.locator("#live-alert")).to_contain_text(". Kostky: ")
    alert = page.locator("#live-alert").inner_text()  # W4: "your turn" names the cards dealt
    assert spoken_names(alert.split("Tvoje karty: ")[1].split(". Kostky:")[0]) == first_hand
    deadline = time.monotonic() + GAME_SECONDS
    words: list[str | None] = []
    seen = {"declare": 0, "respond": 0, "word": 0}
    while (step := wait_for_step(page)) is not None:
        assert time.monotonic() < deadline, page.locator("#event-log").inner_text()
        deal = int(page.locator("#event-log .log-hand").last.get_attribute("data-hand") or "0")
        if step == "declare":
            round_ = 1 if "1. kolo" in page.locator("#wp-declare-legend").inner_text() else 2
            declare(page, deal, round_)
        elif step == "respond":
            respond(page)
        else:
            words.append(lay_down_a_word(page, first=seen["word"] == 0))
        seen[step] += 1
    assert seen["declare"] >= 1

    expect(page.locator("#game-over")).to_be_visible()
    announced = said(page)
    results = [line for line in announced if line.startswith("Partie ") and "Konta:" in line]
    assert results, announced  # W10: each deal's result was read out
    dealt = [line for line in announced if line.startswith("Tvoje karty:")]
    assert dealt, announced
    for line in dealt:  # W4, W16: every card by its Czech name, diacritic cards too
        spoken = spoken_names(line.removeprefix("Tvoje karty: "))
        assert set(spoken) <= set(CZECH_CARD_NAMES.values()), line
    if seen["word"]:
        best = ("Nejlepší slovo bylo", "Z žádných karet nešlo složit slovo")
        assert any(b in line for line in results for b in best), results
    section = page.locator("#wp-result")
    assert int(section.get_attribute("data-deal") or "0") >= 1
    expect(page.locator("#wp-result-body li").first).to_contain_text("bank")
    person.assert_no_console_errors()


def test_self_voicing_speaks_announcements_in_czech_when_switched_on(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Off by default; switched on, every announcement is also spoken by the browser in the
    interface language (cs-CZ); the choice survives a reload."""
    table = wordpoker_table(server)
    person = visitor("Hana")
    page = person.page
    page.add_init_script(CZECH)
    page.add_init_script(
        """window.__spoken = [];
        const speak = speechSynthesis.speak.bind(speechSynthesis);
        speechSynthesis.speak = (u) => { window.__spoken.push([u.lang, u.text]); speak(u); };"""
    )
    person.open_table(table["id"])
    join_with_the_keyboard(person, "Hana")
    toggle = page.locator("#self-voicing")
    expect(toggle).to_be_visible()
    expect(toggle).not_to_be_checked()
    assert page.evaluate("window.__spoken") == []
    tab_to(page, "#self-voicing")
    page.keyboard.press("Space")
    expect(toggle).to_be_checked()
    page.wait_for_function("() => window.__spoken.length > 0")
    lang, text = page.evaluate("window.__spoken[0]")
    assert (lang, text) == ("cs-CZ", "Oznámení teď čte hlas prohlížeče.")
    page.keyboard.press("Alt+Shift+KeyD")  # read the dice: spoken as well
    page.wait_for_function("() => window.__spoken.some(([, t]) => t.startsWith('Kostky: '))")
    tab_to(page, "#wp-amount")  # a raise out of range: the form's error is spoken too
    page.keyboard.press("Control+a")
    page.keyboard.type("99")
    page.keyboard.press("Enter")
    expect(page.locator("#action-error")).to_contain_text("od 1 do 5")
    page.wait_for_function("() => window.__spoken.some(([, t]) => t.includes('od 1 do 5'))")
    page.reload()
    expect(page.locator("#self-voicing")).to_be_checked()
    person.assert_no_console_errors()


HEADINGS = {"en": "The deal", "de": "Die Partie", "cs": "Partie", "el": "Η μοιρασιά"}


def test_the_wordpoker_table_has_no_serious_accessibility_problems(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """axe-core on the declaration (light and dark), the exchange, the word and the result
    (W10), in every language; at 200% zoom (half the width) nothing needs a sideways scroll."""
    table = wordpoker_table(server, deals=2)
    person = visitor("Ada")
    page = person.page
    person.open_table(table["id"])
    join_with_the_keyboard(person, "Ada")
    checked: set[str] = set()
    while (step := wait_for_step(page)) is not None:
        if step not in checked:
            page.locator("#shortcuts-help summary").click()
            for code in ("cs", "de", "el", "en"):
                page.locator("#lang-select").select_option(code)
                expect(page.locator("#wp-heading")).to_have_text(HEADINGS[code])
                if step == "declare" and code == "cs":
                    assert_accessible_light_and_dark(page, f"the Slovní poker table, {step}")
                else:
                    assert_accessible(page, f"the Slovní poker table, {step}, in {code}")
            page.set_viewport_size({"width": 640, "height": 900})
            wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{wide}px sideways scroll at 200% zoom, {step}"
            page.set_viewport_size({"width": 1280, "height": 900})
            page.locator("#shortcuts-help summary").click()
            checked.add(step)
        form = page.locator(f"#wp-{step}")
        if step == "word":
            page.locator("#wp-no-word").click()
        else:
            form.locator("button").first.click()
    expect(page.locator("#wp-result")).to_have_attribute("data-deal", "2")
    assert_accessible(page, "the Slovní poker table after the game")
    person.assert_no_console_errors()


def test_every_language_has_every_string_and_names_every_letter(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """The module's strings exist in en, de, cs and el, and every letter the game uses (cards,
    dice, the letters diacritics make, W15-W17) has a name in each, never the bare letter in
    Czech."""
    person = visitor("Lin")
    page = person.page
    page.goto("/")
    result = page.evaluate(
        """async () => {
          const { addStrings, setLanguage } = await import("/js/i18n.js");
          const letters = await import("/js/games/wordpoker/letters.js");
          const keys = {};
          for (const code of ["en", "de", "cs", "el"]) {
            const module = await import(`/js/games/wordpoker/locales/${code}.js`);
            keys[code] = Object.keys(module.default).sort();
          }
          const locale = async (code) =>
            (await import(`/js/games/wordpoker/locales/${code}.js`)).default;
          await addStrings(locale, "wordpoker");
          const names = {};
          for (const code of ["en", "de", "cs", "el"]) {
            await setLanguage(code, { remember: false });
            const named = letters.LETTERS.map((l) => [l, letters.letterName(l)]);
            names[code] = Object.fromEntries(named);
            names[code].hacek = letters.cardName("hacek");
          }
          return { keys, names };
        }"""
    )
    keys, names = result["keys"], result["names"]
    for code in ("de", "cs", "el"):
        assert keys[code] == keys["en"], code
    alphabet = default_alphabet()
    used = set(alphabet.card_letters) | set(alphabet.die_letters) | set(alphabet.marked)
    for code in ("en", "de", "cs", "el"):
        assert used <= set(names[code]), code
        for letter in alphabet.marked:  # a marked letter's name says more than the letter
            assert names[code][letter] != letter, (code, letter)
    assert names["cs"]["Ř"] == "er s háčkem"
    assert names["cs"]["CH"] == "chá"  # W16: CH is one letter, with a name of its own
    assert names["cs"]["Ů"] == "ů s kroužkem"
    assert names["cs"]["hacek"] == "háček"
    assert all(names["cs"][letter] != letter for letter in used)


def test_a_game_without_a_module_still_gets_the_generic_panel(visitor: VisitorFactory) -> None:
    """The shell loads Slovní poker's module now that its GameInfo announces one; a game that
    announces none (or whose module cannot be loaded) still gets the generic fallback panel."""
    person = visitor("Gus")
    page = person.page
    page.goto("/")
    loaded = page.evaluate(
        """async () => {
          const { loadGame, fallbackGame } = await import("/js/games.js");
          const own = await loadGame("wordpoker");
          return {
            own: own !== fallbackGame && typeof own.spokenEvent === "function",
            unannounced: (await loadGame("wordpoker", { known: false })) === fallbackGame,
            missing: (await loadGame("nosuchgame")) === fallbackGame,
          };
        }"""
    )
    assert loaded == {"own": True, "unannounced": True, "missing": True}
    games = {
        g["name"]: g["web_module"]
        for g in page.evaluate("fetch('/api/games').then((r) => r.json())")
    }
    assert games["wordpoker"] is True
