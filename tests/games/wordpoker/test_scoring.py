"""How a word scores and what it may be (docs/rules/wordpoker.md W16 the CH card, W18 a word's
length as its score, letter values as an option, W19 no abbreviations): through a deal's own
checks and result, the options, the bots, and the message catalogs of every language."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.messages import LANGUAGES, load_catalog, render
from pokerhall.games.wordpoker.bots import MatcherBot
from pokerhall.games.wordpoker.deal import Deal
from pokerhall.games.wordpoker.history import describe_event
from pokerhall.games.wordpoker.letters import default_alphabet
from pokerhall.games.wordpoker.moves import MESSAGES, WordRejected, parse
from pokerhall.games.wordpoker.state import WordPoker

from .helpers import act, cards, everyone, new_deal

VALUES = default_alphabet("values")


def play_to_words(hands: list[str], dice: str, **options: Any) -> Deal:
    deal, _ = new_deal(hands, dice, **options)
    for _ in range(2):
        everyone(deal, type="stay")
        everyone(deal, type="call", exchange=[])
    assert deal.phase == "word"
    return deal


def refusal(deal: Deal, seat: int, word: str) -> WordRejected:
    """The refusal of `word`, checking that it changed nothing."""
    before = (deal.sealed.own(seat), list(deal.hands[seat]), deal.ledger.pot_total())
    with pytest.raises(WordRejected) as refused:
        parse(deal, seat, {"type": "word", "word": word})
    assert (deal.sealed.own(seat), list(deal.hands[seat]), deal.ledger.pot_total()) == before
    return refused.value


def in_every_language(reason: dict[str, Any]) -> dict[str, str]:
    texts = {lang: render(reason, load_catalog(MESSAGES, lang), [], lang) for lang in LANGUAGES}
    for lang, text in texts.items():
        assert "{" not in text, (lang, text)
        assert reason["key"] not in text, (lang, text)
    return texts


def test_w18_the_rule_scores_length_and_letter_values_are_a_table_option() -> None:
    plain = games.create("wordpoker", 2, {"lexicon": "mini"}, seed=1)
    valued = games.create("wordpoker", 2, {"lexicon": "mini", "scoring": "values"}, seed=1)
    assert isinstance(plain, WordPoker)
    assert isinstance(valued, WordPoker)
    assert plain.options.scoring == "length"
    assert plain.alphabet.spell("kočka").score == 5
    assert plain.view(0)["scoring"] == "length"
    assert valued.alphabet.spell("kočka").score == 9
    assert valued.view(0)["letters"]["scoring"] == "values"


def test_w18_under_values_the_result_scores_letter_values() -> None:
    deal = play_to_words(["K P C S L", "N D R T B"], "EUOAI", alphabet=VALUES)
    act(deal, 0, type="word", word="kopec")
    events = act(deal, 1, type="word", word="den")
    assert [w["score"] for w in events[-1].data["words"]] == [1 + 1 + 1 + 1 + 2, 1 + 1 + 1]


def test_w10_w18_the_best_word_shown_follows_the_scoring() -> None:
    """The same hand: by length its best word is auto (4 letters, ucho has 3: CH is one), by
    letter values ucho (U2 CH4 O1)."""
    for alphabet, best in ((default_alphabet("length"), "auto"), (VALUES, "ucho")):
        deal = play_to_words(["D CH T J P", "N D R T B"], "UOAIE", alphabet=alphabet)
        act(deal, 0, type="no_word")
        events = act(deal, 1, type="no_word")
        assert events[-1].data["words"][0]["best"] == best


def test_w18_the_bots_play_the_best_word_of_the_scoring_in_force() -> None:
    for scoring, word in (("length", "otec"), ("values", "byt")):
        game = games.create("wordpoker", 2, {"lexicon": "mini", "scoring": scoring}, seed=3)
        view = game.view(0)
        view["you"]["hand"] = [{"id": c.id, "letter": c.letter} for c in cards("T B ˇ S C")]
        view["deal"]["dice"] = list("OUUYE")
        move = MatcherBot(1).choose(view, {"type": "word"})
        assert move == {"type": "word", "word": word}, scoring


def test_w16_ch_from_a_c_and_an_h_card_is_refused_with_the_reason() -> None:
    deal = play_to_words(["C H B K L", "N D R T B"], "YAEIO")
    refused = refusal(deal, 0, "chyba")
    assert refused.message["key"] == "reject.ch_from_c_h"
    texts = in_every_language(refused.message)
    assert "CH" in texts["cs"]
    assert "jedno písmeno" in texts["cs"]


def test_w16_ch_cards_lay_ch() -> None:
    deal = play_to_words(["CH CH T R ´", "N D R T B"], "YYAEI")
    act(deal, 0, type="word", word="chytrých")
    events = act(deal, 1, type="word", word="den")
    result = events[-1].data
    assert result["words"][0]["score"] == 6
    assert result["winners"] == [0]


def test_w18_a_word_longer_than_cards_and_dice_allow_is_refused() -> None:
    deal = play_to_words(["K P C S L", "N D R T B"], "EUOAI")
    refused = refusal(deal, 0, "nejkrásnější")  # 12 letters, 12 characters
    assert refused.message == {"key": "reject.too_long", "params": {"count": 10}}
    assert "10" in in_every_language(refused.message)["el"]


def test_w19_an_abbreviation_scores_zero_with_its_reason() -> None:
    deal = play_to_words(["C C K L P", "N D R T B"], "AEOUI")
    act(deal, 0, type="word", word="cca")
    events = act(deal, 1, type="word", word="den")
    result = events[-1]
    first = result.data["words"][0]
    assert (first["word"], first["valid"], first["score"]) == ("cca", False, 0)
    assert first["reason"] == "reject.abbreviation"
    assert result.data["winners"] == [1]
    line = render(describe_event(result), load_catalog(MESSAGES, "cs"), ["Ada", "Ben"], "cs")
    assert "zkratka" in line


def test_w19_on_submit_an_abbreviation_is_refused_at_once() -> None:
    deal = play_to_words(["C C K L P", "N D R T B"], "AEOUI", on_submit=True)
    refused = refusal(deal, 0, "cca")
    assert refused.message == {"key": "reject.abbreviation", "params": {"word": "cca"}}
    assert "zkratka" in in_every_language(refused.message)["cs"]
