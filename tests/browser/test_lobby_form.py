"""The lobby's create form per game (issue 21): what it offers follows each game's
registration (`/api/games`), never a game named in the shell."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, expect

from pokerhall.engine import registry

from .conftest import MINI_PACK_ID, PokerhallServer, VisitorFactory


def open_lobby(page: Page) -> None:
    page.goto("/")
    expect(page.locator("#game option")).not_to_have_count(0)  # the games have loaded


def test_bot_takeover_is_offered_only_where_a_bot_may_take_a_leavers_seat(
    visitor: VisitorFactory,
) -> None:
    """A game whose `on_leave` is `resign` gets no "a bot plays for a player who leaves"
    checkbox, and says instead that a leaver's seat resigns."""
    page = visitor("Lea").page
    open_lobby(page)
    for info in registry.infos():
        page.locator("#game").select_option(info.name)
        if info.on_leave == "bot":
            expect(page.locator("#bot-takeover")).to_be_visible()
            expect(page.locator("#bot-takeover")).to_be_checked()
            expect(page.locator("#leave-resigns")).to_be_hidden()
        else:
            expect(page.locator("#bot-takeover")).to_be_hidden()
            expect(page.locator("#leave-resigns")).to_be_visible()


def test_an_option_is_described_in_its_own_games_words_only(visitor: VisitorFactory) -> None:
    """QuizPoker's "Language of the questions" gets QuizPoker's hint (the questions are in the
    table's language), never Slovní poker's (a terminal language; the browser follows each
    reader): the lobby holds every game's strings, and a game's lookup stays in its own."""
    page = visitor("Quinn").page
    open_lobby(page)
    for game in ("quizpoker", "wordpoker"):
        own = page.evaluate(
            """async (game) => (await import(`/js/games/${game}/locales/en.js`))
                 .default["option.language.help"]""",
            game,
        )
        page.locator("#game").select_option(game)
        expect(page.locator("#opt-language-hint")).to_have_text(own)
    expect(page.locator("#opt-language-hint")).to_contain_text("browser")
    page.locator("#game").select_option("quizpoker")
    expect(page.locator("#opt-language-hint")).not_to_contain_text("browser")


MISSING_WORDS = """async () => {
  const games = await (await fetch("/api/games")).json();
  const missing = [];
  for (const code of ["en", "de", "cs", "el"]) {
    const shell = (await import(`/js/locales/${code}.js`)).default;
    for (const game of games) {
      const own = game.web_module
        ? (await import(`/js/games/${game.name}/locales/${code}.js`)).default : {};
      const module = game.web_module
        ? (await import(`/js/games/${game.name}/index.js`)).default : null;
      const need = (key) => {
        if (!(key in own || key in shell)) missing.push(`${code} ${game.name} ${key}`);
      };
      need(`game.${game.name}`);
      need(`game.${game.name}.about`);
      for (const ruleset of game.rulesets) need(`ruleset.${ruleset.name}`);
      for (const bot of game.bots) need(`botKind.${bot}`);
      for (const spec of game.options) {
        need(`option.${spec.name}`);
        for (const choice of spec.choices ?? []) {
          const named = module?.lobby?.choiceLabel?.(spec, choice) ?? null;
          if (named === null) need(`option.${spec.name}.${choice}`);
        }
      }
    }
  }
  return missing;
}"""

SHOWN_RAW = """(specs) => {
  const raw = [];
  for (const spec of specs) {
    const field = document.querySelector(`[data-option="${spec.name}"]`);
    const label = field.querySelector("label").textContent;
    if (label === spec.name.replaceAll("_", " ")) raw.push(label);
    for (const option of field.querySelectorAll("option")) {
      if (option.textContent === option.value) raw.push(option.value);
    }
  }
  for (const option of document.querySelectorAll("#bot-kind option, #ruleset option")) {
    if (option.textContent === option.value) raw.push(option.value);
  }
  return raw;
}"""


def test_every_option_label_and_choice_in_the_lobby_is_worded_in_every_language(
    visitor: VisitorFactory,
) -> None:
    """Issue 21: no option's label, choice, bot kind or ruleset is left as its code ("odd
    chips", "left_of_button", "cautious", "economy", "en"): each has its words in en, de, cs
    and el (a choice may be named by the game's `lobby.choiceLabel`, e.g. a language)."""
    page = visitor("Tess").page
    open_lobby(page)
    missing = page.evaluate(MISSING_WORDS)
    assert missing == [], "\n".join(missing)
    for code in ("en", "de", "cs", "el"):
        page.locator("#lang-select").select_option(code)
        for info in registry.infos():
            page.locator("#game").select_option(info.name)
            specs = [{"name": spec.name} for spec in info.options]
            expect(page.locator("[data-option]")).to_have_count(len(specs))
            assert page.evaluate(SHOWN_RAW, specs) == [], (code, info.name)


def test_the_turn_clock_hint_tells_each_games_own_default_move(visitor: VisitorFactory) -> None:
    """Issue 21: "checks if possible, otherwise folds" is QuizPoker's; every other game gets
    its own words for what the clock does (its default move), else the shell's neutral ones,
    in every language."""
    page = visitor("Tim").page
    open_lobby(page)
    for code in ("en", "de", "cs", "el"):
        page.locator("#lang-select").select_option(code)
        shown = set()
        for info in registry.infos():
            expected = page.evaluate(
                """async ([game, code]) => {
                  const own = (await import(`/js/games/${game}/locales/${code}.js`)).default;
                  const shell = (await import(`/js/locales/${code}.js`)).default;
                  return own["create.turnClockHint"] ?? shell["create.turnClockHint"];
                }""",
                [info.name, code],
            )
            page.locator("#game").select_option(info.name)
            expect(page.locator("#turn-clock-hint")).to_have_text(expected)
            shown.add(expected)
        assert len(shown) == len(registry.infos()), code  # no game borrows another's words


def test_the_private_checkbox_says_who_may_watch(
    visitor: VisitorFactory,
) -> None:
    """Issue 21: a private table's seats need its code; issue 26: so does watching it or reading
    its history, unless one sat there (server/tables/access.py); the checkbox's description says
    so in every language."""
    page = visitor("Pia").page
    open_lobby(page)
    hint = page.locator("#create-private-hint")
    expect(page.locator("#create-private")).to_have_attribute(
        "aria-describedby", "create-private-hint"
    )
    expect(hint).to_contain_text("Only people with the code, or who sat at the table, can watch")
    for code in ("de", "cs", "el"):
        page.locator("#lang-select").select_option(code)
        words = page.evaluate(
            "async (c) => (await import(`/js/locales/${c}.js`)).default['create.privateHint']",
            code,
        )
        expect(hint).to_have_text(words)


def test_the_result_pause_starts_at_each_games_default_and_is_kept_by_the_table(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Issue 21: the create form's result pause shows the chosen game's default (its
    `result_pause` in /api/games) in the field and its hint, refuses what the server would
    (0 to 60 seconds), and the table keeps the chosen value and lists it with its settings."""
    page = visitor("Rhea").page
    open_lobby(page)
    for info in registry.infos():
        page.locator("#game").select_option(info.name)
        expect(page.locator("#result-pause")).to_have_value(str(round(info.result_pause)))
        expect(page.locator("#result-pause-hint")).to_contain_text(
            f"This game's default: {round(info.result_pause)} seconds"
        )
    page.locator("#lang-select").select_option("cs")
    expect(page.locator('label[for="result-pause"]')).to_have_text(
        "Kolik sekund zůstane výsledek hry na stole"
    )
    page.locator("#lang-select").select_option("en")
    page.locator("#game").select_option("quizpoker")
    page.locator("#advanced-options summary").click()
    page.locator("#opt-questions").fill(MINI_PACK_ID)
    page.locator("#create-player-name").fill("Rhea")
    page.locator("#result-pause").fill("61")
    page.locator("#create-submit").click()
    expect(page.locator("#result-pause")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#create-error")).to_contain_text("0 to 60 seconds")
    page.locator("#result-pause").fill("12")
    page.locator("#create-submit").click()
    page.wait_for_url("**/table.html?id=*")
    table_id = parse_qs(urlparse(page.url).query)["id"][0]
    assert server.table(table_id)["result_pause"] == 12
    expect(page.locator("#table-meta")).to_contain_text("result shown 12 seconds")
    page.goto("/")  # the lobby's card of the table lists it with the turn clock
    card = page.get_by_test_id(f"table-{table_id}")
    expect(card.locator("dl > div", has_text="Result shown:").locator("dd")).to_have_text(
        "12 seconds"
    )
