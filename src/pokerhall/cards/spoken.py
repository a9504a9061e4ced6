"""A playing card in words, for text read aloud or read as plain text (an e-mail notice): its
face as printed ("Q♦", "10♥", the corner the browser's card face and the terminal show) and its
name in the reader's language ("queen of diamonds"), so a screen reader says the card, never
"Q d". The words are `words/<lang>.json`, keyed by the rank and suit names of `card.py`
(`RANK_NAMES`, `SUIT_NAMES`), in en, de, cs and el: `name` the card's name ("queen of
diamonds"), `card` the face with it. They are the one catalogue of card words: the browser's
screen-reader names (`web/js/card-words.js`) are read from it too
(`GET /api/cards/words/{lang}`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pokerhall.cards.card import RANK_CHARS, RANK_NAMES, SUIT_NAMES, Card

WORDS = Path(__file__).resolve().parent / "words"
LANGUAGES = ("en", "de", "cs", "el")
SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


@cache
def words_of(lang: str) -> Mapping[str, str]:
    """The card words of `lang` (English for a language without them)."""
    code = lang if lang in LANGUAGES else "en"
    words: dict[str, str] = json.loads((WORDS / f"{code}.json").read_text(encoding="utf-8"))
    return words


def face(card: Card) -> str:
    """The corner of the card as printed: "Q♦", "10♥" (a ten is 10, not T)."""
    rank = "10" if card.text[0] == "T" else card.text[0]
    return rank + SYMBOLS[card.suit]


def card_words(text: str, lang: str) -> str:
    """ "Qd" in words: "Q♦ (queen of diamonds)" in English (English for a language without
    words); a text that is no card is returned as it is."""
    try:
        card = Card(text)
    except ValueError:
        return text
    words = words_of(lang)
    name = words["name"].format(
        rank=words[f"rank.{RANK_NAMES[card.rank]}"], suit=words[f"suit.{SUIT_NAMES[card.suit]}"]
    )
    return words["card"].format(face=face(card), name=name)


def _is_cards(text: str) -> bool:
    parts = text.split()
    return bool(parts) and all(
        len(p) == 2 and p[0] in RANK_CHARS and p[1] in SUIT_NAMES for p in parts
    )


def spoken(value: Any, lang: str) -> Any:
    """A message (`engine.messages`: key and params) or any JSON value, with every text that
    is a card ("Qd"), or cards apart by spaces ("Qd 7s"), in words (joined by ", "); message
    keys stay as they are. For the messages of a game whose texts name playing cards
    (`GameInfo.playing_cards`)."""
    if isinstance(value, str):
        return ", ".join(card_words(p, lang) for p in value.split()) if _is_cards(value) else value
    if isinstance(value, list):
        return [spoken(v, lang) for v in value]
    if isinstance(value, Mapping):
        return {k: v if k in ("key", "msg") else spoken(v, lang) for k, v in value.items()}
    return value
