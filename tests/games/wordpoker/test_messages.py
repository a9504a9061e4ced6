"""Slovní poker's catalogs (en, de, cs, el): the same keys and placeholders in all four, every
event of random games and every refusal reason rendered in each language (docs/rules/wordpoker.md
W10: the result is read by everyone, in their language)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pokerhall import games
from pokerhall.engine.events import Event
from pokerhall.engine.messages import LANGUAGES, load_catalog, render
from pokerhall.games.wordpoker.history import _DESCRIBERS, describe_event
from pokerhall.games.wordpoker.state import WordPoker

from ..catalogs import placeholders
from .test_properties import play

FOLDER = games.messages_folder("wordpoker")
CATALOGS = {lang: load_catalog(FOLDER, lang) for lang in LANGUAGES}
SOURCES = Path(__file__).resolve().parents[3] / "src" / "pokerhall" / "games" / "wordpoker"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_has_the_english_keys_and_placeholders(lang: str) -> None:
    english, catalog = CATALOGS["en"], CATALOGS[lang]
    assert set(catalog) == set(english)
    for key, entry in english.items():
        assert placeholders(catalog[key]) == placeholders(entry), (lang, key)
    if lang == "cs":
        plural = [k for k, v in catalog.items() if isinstance(v, dict)]
        assert all({"one", "few", "other"} <= set(catalog[k]) for k in plural)


def test_every_refusal_key_the_code_names_is_in_the_catalog() -> None:
    keys = set()
    for path in SOURCES.glob("*.py"):
        keys |= set(re.findall(r'"(reject\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    keys |= {"reject.hacek_missing", "reject.carka_missing"}  # built from the mark's name
    assert keys
    assert keys <= set(CATALOGS["en"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_w10_every_event_of_random_games_renders(lang: str) -> None:
    game = games.create("wordpoker", 3, {"lexicon": "mini", "deals": 3}, seed=8)
    assert isinstance(game, WordPoker)
    play(game, random.Random(8), resign=0.01)
    seen = set()
    for event in game.events:
        seen.add(event.type)
        text = render(describe_event(event), CATALOGS[lang], game.players, lang)
        assert "(" not in text.split(" ")[0], text  # no `key(params)` fallback
        assert "{" not in text, text
    assert {"deal_result", "declarations_revealed", "round_started", "game_over"} <= seen
    assert seen <= set(_DESCRIBERS)


def test_odd_event_data_still_gives_a_line() -> None:
    for kind in _DESCRIBERS:
        text = render(describe_event(Event.public(kind, junk=[1])), CATALOGS["cs"], [], "cs")
        assert text
