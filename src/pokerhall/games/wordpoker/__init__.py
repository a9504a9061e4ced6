"""Slovní poker (Czech word poker): ten deals of sealed raises over consonant cards and vowel
dice, with card exchanges; the best-scoring Czech word takes the pot.

Rules: docs/rules/wordpoker.md (W1-W20). Registered here; nothing outside this package names it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pokerhall.engine import registry
from pokerhall.engine.bots import RandomBot
from pokerhall.engine.catalog import GameInfo, GameTesting
from pokerhall.engine.protocol import Game
from pokerhall.games.wordpoker.bots import MatcherBot, SamplerBot
from pokerhall.games.wordpoker.moves import Entry
from pokerhall.games.wordpoker.options import OPTIONS, RULESETS, wordpoker_options
from pokerhall.games.wordpoker.state import WordPoker


def create(players: Sequence[str], options: Mapping[str, Any], seed: int) -> WordPoker:
    """The factory the registry calls."""
    parsed = INFO.parse_options(options)
    INFO.check_players(INFO.ruleset(parsed["ruleset"]), len(players))
    return WordPoker(players, wordpoker_options(parsed), seed)


def secrets(game: Game[Any], seat: int | None) -> Iterable[str]:
    """What `seat` may not know now: the id of every card it does not hold and has not
    discarded (other hands, their discards, the stock and its order), and the other seats'
    sealed words until the result. Sealed declarations carry no text of their own; their
    secrecy is tested by non-interference (tests/games/wordpoker/test_secrecy.py)."""
    assert isinstance(game, WordPoker)
    deal = game.deal
    if deal.phase == "done":
        return
    mine: set[str] = set()
    if seat is not None:
        mine = {c.id for c in (*deal.hands[seat], *deal.discards[seat])}
    yield from (c.id for c in game.alphabet.deck() if c.id not in mine)
    if deal.phase == "word":
        for other in deal.sealed.asked:
            entry = deal.sealed.own(other)
            if other != seat and isinstance(entry, Entry) and entry.spelling is not None:
                yield entry.spelling.word


INFO = GameInfo(
    name="wordpoker",
    title="Slovní poker",
    summary="Sealed raises over consonant cards and vowel dice; the best Czech word takes the pot.",
    factory=create,
    rulesets=RULESETS,
    options=OPTIONS,
    bots={"random": RandomBot, "matcher": MatcherBot, "sampler": SamplerBot},
    default_bot="sampler",
    aliases={"slovni": "slovni"},
    on_leave="resign",
    score_unit="points",
    result_pause=10.0,  # a street-by-street scoring (X7), the words and their scores (W8)
    terminal="pokerhall.games.wordpoker.terminal",
    web_module=True,
    messages=Path(__file__).parent / "messages",
    testing=GameTesting(options={"deals": 2, "lexicon": "mini"}, secrets=secrets),
)
registry.register(INFO)

__all__ = ["INFO", "WordPoker", "create"]
