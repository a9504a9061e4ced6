"""One deal of Slovní poker by its rules (docs/rules/wordpoker.md W3-W11, W17-W20), with
arranged cards and dice."""

from __future__ import annotations

import pytest

from pokerhall.engine.errors import IllegalMove
from pokerhall.games.wordpoker.deal import Deal
from pokerhall.games.wordpoker.moves import WordRejected, parse

from .helpers import WORDS, act, everyone, ids, new_deal


def test_w4_antes_five_cards_each_and_three_dice() -> None:
    deal, events = new_deal(["P S L ´ K", "N D R T B"])
    kinds = [e.type for e in events]
    assert kinds == ["antes_paid", "cards_dealt", "cards_dealt", "dice_rolled", "round_opened"]
    assert deal.ledger.pot_total() == 10
    assert deal.ledger.stacks == [95, 95]
    dealt = [e for e in events if e.type == "cards_dealt"]
    assert [e.to for e in dealt] == [frozenset({0}), frozenset({1})]
    assert [c["letter"] for c in dealt[0].data["cards"]] == ["P", "S", "L", "carka", "K"]
    assert events[3].data["dice"] == ["E", "U", "O"]
    assert events[3].is_public


def test_w6_declarations_are_sealed_then_the_highest_raise_is_announced() -> None:
    deal, _ = new_deal(["P S L ´ K", "N D R T B", "C H V M J"])
    sealed = act(deal, 1, type="raise", amount=3)
    assert [(e.type, e.to) for e in sealed] == [("declared", frozenset({1}))]
    assert deal.waiting == [0, 2]
    assert deal.ledger.pot_total() == 15  # nothing paid before the reveal
    act(deal, 0, type="stay")
    revealed = act(deal, 2, type="raise", amount=5)
    public = revealed[-1]
    assert public.type == "declarations_revealed"
    assert public.is_public
    assert public.data["highest"] == 5
    assert deal.phase == "respond"
    assert [deal.cost(s) for s in range(3)] == [5, 2, 0]


def test_w6_pass_or_not_matching_leaves_the_deal_losing_what_was_put_in() -> None:
    deal, _ = new_deal(["P S L ´ K", "N D R T B", "C H V M J"])
    act(deal, 0, type="pass")
    act(deal, 1, type="raise", amount=4)
    act(deal, 2, type="stay")
    assert deal.live() == [1, 2]
    act(deal, 1, type="call", exchange=[])
    act(deal, 2, type="pass")
    assert deal.phase == "done"
    assert deal.result is not None
    assert deal.result["winners"] == [1]
    assert deal.result["uncontested"]
    assert deal.ledger.stacks == [95, 100 - 9 + 19, 95]


def test_w6_w7_exchanged_cards_are_replaced_and_dead_then_two_more_dice() -> None:
    deal, _ = new_deal(["P S L ´ K", "N D R T B"], replacements="V M")
    everyone(deal, type="stay")
    act(deal, 0, type="call", exchange=ids(deal, 0, "L K"))
    events = act(deal, 1, type="call", exchange=[])
    revealed = next(e for e in events if e.type == "responses_revealed")
    assert revealed.data["exchanged"] == {"0": 2, "1": 0}
    replaced = next(e for e in events if e.type == "cards_replaced")
    assert replaced.to == frozenset({0})
    assert [c.letter for c in deal.hands[0]] == ["P", "S", "carka", "V", "M"]
    assert [c.letter for c in deal.discards[0]] == ["L", "K"]
    rolled = next(e for e in events if e.type == "dice_rolled")
    assert rolled.data["new"] == ["A", "I"]
    assert deal.dice == list("EUOAI")
    assert deal.round == 2
    assert deal.phase == "declare"


def test_w8_round_two_has_its_own_limits_then_the_words() -> None:
    deal, _ = new_deal(["P S L ´ K", "N D R T B"])
    everyone(deal, type="stay")
    everyone(deal, type="call", exchange=[])
    assert deal.raise_cap(0) == 10
    with pytest.raises(IllegalMove, match="1 to 10"):
        parse(deal, 0, {"type": "raise", "amount": 11})
    everyone(deal, type="raise", amount=10)
    everyone(deal, type="call", exchange=[])
    assert deal.phase == "word"
    assert deal.ledger.pot_total() == 30


def play_to_words(deal_hands: list[str], dice: str = "EUOAI", on_submit: bool = False) -> Deal:
    deal, _ = new_deal(deal_hands, dice, on_submit=on_submit)
    for _ in range(2):
        everyone(deal, type="stay")
        everyone(deal, type="call", exchange=[])
    return deal


def test_w9_w18_the_longest_word_takes_the_pot() -> None:
    deal = play_to_words(["K P C S L", "N D R T B"])
    act(deal, 0, type="word", word="kopec")
    events = act(deal, 1, type="word", word="den")
    result = events[-1].data
    assert [w["score"] for w in result["words"]] == [5, 3]  # letters, not letter values
    assert result["winners"] == [0]
    assert result["balances"] == [105, 95]


def test_w18_letter_values_give_no_edge_equal_lengths_split() -> None:
    """sůl would beat den by letter values (6 to 3); by the rule both are three letters."""
    deal = play_to_words(["P S L ´ K", "N D R T B"])
    act(deal, 0, type="word", word="sůl")
    events = act(deal, 1, type="word", word="den")
    result = events[-1].data
    assert [w["score"] for w in result["words"]] == [3, 3]
    assert result["winners"] == [0, 1]
    assert result["balances"] == [100, 100]


def test_w9_equal_scores_split_with_no_tie_break() -> None:
    """W9: neither more cards nor more dice breaks the tie; odd points stay for the next deal."""
    deal = play_to_words(["P S L K T", "N D R T B", "S L K M V"])
    act(deal, 0, type="word", word="pes")
    act(deal, 1, type="word", word="den")
    events = act(deal, 2, type="word", word="les")
    result = events[-1].data
    assert result["winners"] == [0, 1, 2]
    assert result["shares"] == {"0": 5, "1": 5, "2": 5}
    assert result["carry"] == 0


def test_w10_the_result_shows_every_word_score_pot_balances_and_the_best_word() -> None:
    deal = play_to_words(["P S L ´ K", "N D R T B"])
    act(deal, 0, type="word", word="les")
    events = act(deal, 1, type="no_word")
    result = events[-1]
    assert result.type == "deal_result"
    assert result.is_public
    words = result.data["words"]
    assert [w["word"] for w in words] == ["les", None]
    assert words[0]["hand"] == ["P", "S", "L", "carka", "K"]
    assert words[0]["best"] == "kos"  # kos, les, pes, sůl: three letters each, kos first
    assert words[0]["best_score"] == 3
    assert words[0]["longest"] == "kos"
    assert words[1]["best"] == "auto"  # four letters beat den and dub
    assert result.data["pot"] == 10
    assert result.data["balances"] == [105, 95]


def test_w19_an_unknown_word_scores_zero_with_the_reason() -> None:
    deal = play_to_words(["P S L ´ K", "N D R T B"])
    act(deal, 0, type="word", word="kel")
    events = act(deal, 1, type="word", word="den")
    first = events[-1].data["words"][0]
    assert (first["valid"], first["score"], first["reason"]) == (False, 0, "reject.unknown")


def test_w19_an_unknown_word_can_be_refused_at_once() -> None:
    deal = play_to_words(["P S L ´ K", "N D R T B"], on_submit=True)
    with pytest.raises(WordRejected) as refused:
        parse(deal, 0, {"type": "word", "word": "kel"})
    assert refused.value.message["key"] == "reject.unknown"
    assert "not a Czech word" in refused.value.reason


def test_w17_a_word_with_a_card_not_held_is_refused_in_the_players_terms() -> None:
    deal = play_to_words(["P S L ´ K", "N D R T B"])
    with pytest.raises(WordRejected) as refused:
        parse(deal, 1, {"type": "word", "word": "nos"})
    assert refused.value.message["key"] == "reject.card_missing"
    assert (
        refused.value.reason == "the word uses a card you do not hold: it needs 1 × S, you hold 0"
    )


def test_w11_w20_a_raise_is_capped_by_the_balance_and_the_short_drop_out() -> None:
    deal, _ = new_deal(["P S L ´ K", "N D R T B"], points=[100, 7])
    assert deal.raise_cap(1) == 2
    with pytest.raises(IllegalMove, match="1 to 2"):
        parse(deal, 1, {"type": "raise", "amount": 3})
    act(deal, 1, type="stay")
    events = act(deal, 0, type="raise", amount=5)
    assert events[-2].data["cannot_match"] == [1]
    assert deal.phase == "done"
    assert deal.ledger.stacks == [100 - 10 + 15, 2]  # W11: keeps what is left; no side pot


def test_w3_a_deal_is_start_two_rounds_and_the_end() -> None:
    deal, _ = new_deal(["P S L ´ K", "N D R T B"])
    phases = [(deal.round, deal.phase)]
    for move in [{"type": "stay"}, {"type": "call"}] * 2 + [{"type": "no_word"}]:
        everyone(deal, **move)
        phases.append((deal.round, deal.phase))
    assert phases == [
        (1, "declare"),
        (1, "respond"),
        (2, "declare"),
        (2, "respond"),
        (2, "word"),
        (2, "done"),
    ]
    assert deal.result is not None
    assert deal.result["winners"] == [0, 1]


def test_everybody_passing_at_once_leaves_the_pot_for_the_next_deal() -> None:
    deal, _ = new_deal(["P S L ´ K", "N D R T B"])
    everyone(deal, type="pass")
    assert deal.result is not None
    assert deal.result["winners"] == []
    assert deal.result["carry"] == 10


def test_exchanges_are_limited_so_the_rest_of_the_deck_suffices() -> None:
    deal, _ = new_deal(["P S L ´ K", "N D R T B", "C H V M J", "Z G F X D", "T K B N R"])
    everyone(deal, type="stay")
    assert deal.max_exchange == min(5, len(deal.stock) // 5)
    assert WORDS.contains("pes")
