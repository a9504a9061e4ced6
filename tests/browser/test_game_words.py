"""Each game's own word for what its round events count (issue 21): a hand in QuizPoker,
Palace and Detective, a deal in Slovní poker. The table's log, the hand history page, the
replay's refusals and the game-over line say the same word in every language."""

from __future__ import annotations

from pokerhall.engine import registry

from .conftest import VisitorFactory

ROUND_KEYS = [
    "history.rounds", "history.before", "history.noEvents", "history.refresh", "history.refreshed",
    "history.empty", "history.previous", "history.next", "history.roundShort",
    "apiError.unknown_hand", "apiError.hand_not_finished", "apiError.not_your_seat",
]  # fmt: skip

WORDS = """async ([game, ROUND_KEYS]) => {
  const out = {};
  for (const code of ["en", "de", "cs", "el"]) {
    const own = (await import(`/js/games/${game}/locales/${code}.js`)).default;
    const over = own["over.rounds"];
    out[code] = [own["log.hand"], own["history.round"], own["history.roundRunning"],
                 typeof over === "object" ? over.one : over,
                 ROUND_KEYS.filter((key) => !(key in own))];
  }
  return out;
}"""


def test_the_log_the_history_and_the_game_over_line_use_the_games_own_word(
    visitor: VisitorFactory,
) -> None:
    page = visitor("Wendy").page
    page.goto("/")
    for info in registry.infos():
        words = page.evaluate(WORDS, [info.name, ROUND_KEYS])
        for code, (log, heading, running, over, missing) in words.items():
            where = (info.name, code)
            assert log is not None, where
            assert heading is not None, where
            assert over is not None, where
            word = log.split(" {")[0]
            assert heading == f"{word} {{round}}", where
            assert running.startswith(f"{word} {{round}}"), where
            assert word.lower() in over.lower(), (where, over)  # "1 hand played."
            assert missing == [], where  # the history page's other words are the game's too
