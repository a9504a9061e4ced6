"""QuizPoker: Hold'em betting on secret numeric guesses, rulesets `quizpoker` and `duell`."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pokerhall.content import library
from pokerhall.engine import registry
from pokerhall.engine.catalog import GameInfo, GameTesting, TableState
from pokerhall.engine.content import GameContent
from pokerhall.engine.protocol import Game
from pokerhall.games.quizpoker.bots import (
    CasualBot,
    ExpertBot,
    HeuristicBot,
    NoviceBot,
    RandomBot,
)
from pokerhall.games.quizpoker.bots.people import LEVEL_NUMBERS
from pokerhall.games.quizpoker.guesses import MAX_GUESS_CHARS, show
from pokerhall.games.quizpoker.options import (
    OPTIONS,
    RULESETS,
    QuizPokerOptions,
    quizpoker_options,
)
from pokerhall.games.quizpoker.state import QuizPoker


def create(players: Sequence[str], options: Mapping[str, Any], seed: int) -> QuizPoker:
    """The factory the registry calls: options checked one by one, then together.

    Games are mostly started with the same few option sets (a simulation or `make bench` starts
    thousands), and checking 17 options was 40 % of starting a game, so a checked set is kept
    for its canonical JSON (options are frozen, so sharing them is safe). Options that are not
    plain JSON are checked uncached, which names what is wrong with them."""
    try:
        key = (json.dumps(options, sort_keys=True, allow_nan=False), len(players))
    except (TypeError, ValueError, RecursionError):
        return QuizPoker(players, _check_options(options, len(players)), seed)
    checked = _CHECKED.get(key)
    if checked is None:
        checked = _check_options(options, len(players))
        if len(_CHECKED) >= _CHECKED_MAX:
            _CHECKED.clear()
        _CHECKED[key] = checked
    return QuizPoker(players, checked, seed)


_CHECKED: dict[tuple[str, int], QuizPokerOptions] = {}
_CHECKED_MAX = 256


def _check_options(options: Mapping[str, Any], num_players: int) -> QuizPokerOptions:
    parsed = INFO.parse_options(options)
    INFO.check_players(INFO.ruleset(parsed["ruleset"]), num_players)
    return quizpoker_options(parsed, num_players)


def secrets(game: Game[Any], seat: int | None) -> Iterable[str]:
    """What `seat` may not know yet: other seats' guesses not shown, the hints and the answer
    not read out (the game master holds the card, DU2)."""
    assert isinstance(game, QuizPoker)
    hand = game.hand
    for other, guess in hand.guesses.items():
        if other != seat and other not in hand.shown:
            yield show(guess)
    if seat is not None and seat == hand.positions.game_master:
        return
    q = hand.question
    yield from [q.hint1, q.hint2][hand.revealed :]
    answer = show(q.answer)
    public = f"{q.question} {q.unit} {q.as_of.isoformat()}"  # "2009" may be in a date too
    if game.previous_hand is not None:  # the hand summary shows the last card and its answer
        last = game.previous_hand.question
        public += f" {last.question} {last.unit} {show(last.answer)}"
    # A table's own numbers are no hint: "Hand 10", "hands_played": 9, "prompt_id": 47, "Player
    # 5"; a one-digit answer is among them too often for a text search to tell a leak (its
    # hints still count).
    counters = {str(hand.number), str(game.hands_played), str(game.prompt_id)}
    counters |= {str(number) for number in range(1, game.num_seats + 1)}  # "Player 10"
    counters.add(str(MAX_GUESS_CHARS))  # the guess prompt's "max_length": 32
    shown_anyway = answer in public or answer in counters or len(answer) == 1
    if not hand.answer_read and not shown_anyway:
        yield answer


def parse_options(raw: Mapping[str, Any], num_players: int) -> QuizPokerOptions:
    """Complete, checked options for a table of `num_players` (for callers other than `create`)."""
    parsed = INFO.parse_options(raw)
    INFO.check_players(INFO.ruleset(parsed["ruleset"]), num_players)
    return quizpoker_options(parsed, num_players)


INFO = GameInfo(
    name="quizpoker",
    title="QuizPoker",
    summary="No-limit hold'em betting where the hand is your secret guess at a quiz answer.",
    factory=create,
    rulesets=RULESETS,
    options=OPTIONS,
    bots={
        "random": RandomBot,
        "heuristic": HeuristicBot,
        "novice": NoviceBot,
        "casual": CasualBot,
        "expert": ExpertBot,
    },
    bot_levels=dict(LEVEL_NUMBERS),
    default_bot="casual",
    aliases={"duell": "duell"},
    on_leave="bot",
    score_unit="chips",
    result_pause=6.0,  # the answer and the shown guesses
    terminal="pokerhall.games.quizpoker.terminal",
    messages=Path(__file__).parent / "messages",
    web_module=True,
    content=GameContent(option="questions", library=library.QUESTION_PACKS),
    testing=GameTesting(
        options={"starting_stack": 1000, "small_blinds": [50, 100, 200], "hands_per_level": 1},
        secrets=secrets,
    ),
    table_state=TableState(
        stakes=lambda small_blind: {"small_blinds": [small_blind]},  # QP6: one level
        chip_unit="chip_unit",
        history="asked_questions",  # QP8: no question twice at a tournament's table
    ),
)
registry.register(INFO)

__all__ = ["INFO", "OPTIONS", "RULESETS", "QuizPoker", "QuizPokerOptions", "parse_options"]
