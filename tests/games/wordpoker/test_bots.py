"""The Slovní poker bots decide from their own view (docs/rules/wordpoker.md W6 declarations and
responses, W9 the word, W18 score): the matcher never raises and always matches; the sampler
raises, matches, passes and exchanges by expected value. Views are taken from real games and,
where a test needs a particular hand, given other cards and dice: a view is all a bot reads."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.content.lexicon import LexiconUnavailable
from pokerhall.games.wordpoker import lexicons
from pokerhall.games.wordpoker.best import best_word
from pokerhall.games.wordpoker.bots import MatcherBot, SamplerBot
from pokerhall.games.wordpoker.state import WordPoker

from .helpers import ALPHABET, cards


def responding(lexicon: str, seed: int = 5) -> tuple[WordPoker, dict[str, Any], dict[str, Any]]:
    """Seat 0 has raised 5, seat 1 stayed: seat 1's view and respond prompt (cost 5)."""
    game = games.create("wordpoker", 2, {"lexicon": lexicon}, seed=seed)
    assert isinstance(game, WordPoker)
    game.act(0, {"type": "raise", "amount": 5})
    game.act(1, {"type": "stay"})
    return game, game.view(1), dict(game.pending()[1])


def holding(view: dict[str, Any], letters: str, dice: str) -> dict[str, Any]:
    view["you"]["hand"] = [{"id": c.id, "letter": c.letter} for c in cards(letters)]
    view["deal"]["dice"] = list(dice)
    return view


def test_w6_w9_the_matcher_stays_matches_without_exchanging_and_plays_its_best_word() -> None:
    game = games.create("wordpoker", 2, {"lexicon": "mini"}, seed=3)
    assert isinstance(game, WordPoker)
    bot = MatcherBot(1)
    while not game.over and game.deal.number == 1:
        for seat, prompt in sorted(game.pending().items()):
            move = bot.choose(game.view(seat), prompt)
            if prompt["type"] == "declare":
                assert move == {"type": "stay"}
            elif prompt["type"] == "respond":
                assert move == {"type": "call", "exchange": []}
            else:
                best = best_word(ALPHABET, game.words, game.deal.hands[seat], game.deal.dice)
                expected = {"type": "word", "word": best.word} if best.word else {"type": "no_word"}
                assert move == expected
            game.act(seat, move)


def test_w6_the_sampler_raises_the_most_with_a_hand_that_nearly_always_wins() -> None:
    game = games.create("wordpoker", 2, {"lexicon": "mini"}, seed=5)
    view = holding(game.view(0), "K ˇ C K S", "OAE")  # kočka already on the table
    move = SamplerBot(1).choose(view, game.pending()[0])
    assert move == {"type": "raise", "amount": 5}


def test_w6_the_sampler_exchanges_the_cards_its_word_leaves_out_when_that_helps() -> None:
    _, view, prompt = responding("mini")
    holding(view, "P S X X G", "EUA")  # pes; X and G fit no word of the list
    prompt["pot"] *= 4  # a price every exchange's chance pays: the test is about which one
    bot = SamplerBot(1)
    rated = bot.chances(view, lexicons.mini(), bot.exchanges(view, lexicons.mini(), 5))
    move = bot.choose(view, prompt)
    assert move["type"] == "call"
    kept = {c["id"] for c in view["you"]["hand"]} - set(move["exchange"])
    assert rated[tuple(move["exchange"])] == max(rated.values())
    assert {"P1", "S1"} <= kept  # the word's own cards stay


@pytest.fixture
def system(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    monkeypatch.setenv("POKERHALL_CACHE", str(Path(shared) / "czech-lexicon-cache"))
    try:
        lexicons.system()
    except (LexiconUnavailable, ValueError) as exc:
        pytest.skip(str(exc))


@pytest.mark.usefixtures("system")
def test_w6_the_sampler_passes_a_raise_only_when_matching_is_worth_less_than_it_costs() -> None:
    # Five diacritic cards and five Y dice make no Czech word, while most hands of consonants
    # do (ty, my, by...): the chance is near 0, so paying 5 into a pot of 20 loses.
    _, view, prompt = responding("system")
    holding(view, "ˇ ˇ ˇ ´ ´", "YYYYY")
    prompt["max_exchange"] = 0  # nothing to exchange: the hand is what it is
    bot = SamplerBot(1, samples=400)  # enough to see a chance of a percent or so
    bot.read(0).declared, bot.read(0).raised = 6, 6  # a raise that says nothing of its hand
    chance = bot.chances(view, lexicons.system(), [()])[()]
    assert 0 < chance < 0.1
    assert bot.choose(view, prompt) == {"type": "pass"}
    # The same hand matches when the pot is large enough to pay for so small a chance, and
    # for the round-2 raise that matching lets in.
    later = bot.expected_raise(view, [p for p in view["players"] if p["status"] == "in"])
    assert later > 0
    prompt["pot"] = round(2 * (prompt["cost"] + later) / chance)
    assert bot.choose(view, prompt) == {"type": "call", "exchange": []}


def test_w6_w18_the_sampler_with_the_best_possible_word_matches_a_small_raise() -> None:
    # Xylofon is the longest word of the small list (7 letters) and takes the deck's one X:
    # no other hand can beat or tie it, so whatever it samples its chance is 1, and paying 5
    # into a pot of 20 can only gain. It keeps the word's cards.
    _, view, prompt = responding("mini")
    holding(view, "X L F N K", "YOO")
    bot = SamplerBot(1)
    assert bot.chances(view, lexicons.mini(), [()]) == {(): 1.0}
    move = bot.choose(view, prompt)
    assert move["type"] == "call"
    assert not {"X1", "L1", "F1", "N1"} & set(move["exchange"])


def test_w6_a_raise_from_one_who_always_raises_is_not_believed() -> None:
    # An opponent that raised at each of its declarations so far: its raise rate is past
    # BELIEVED, so its hand is sampled as any hand; one that never raised before is believed.
    _, view, _ = responding("mini")
    bot = SamplerBot(1)
    bot.observe(view)
    assert bot.believed(view) == {0: 0.75}  # its first raise: believed, as a prior
    bot.read(0).declared, bot.read(0).raised = 6, 6
    assert bot.believed(view) == {}
