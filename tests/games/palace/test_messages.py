"""Palace Poker's message catalogs (en, de, cs, el) and hand history: the same keys and
placeholders in every language, and every event random play produces (docs/rules/palace.md P13:
private ones too) described with keys all four catalogs have and every placeholder filled."""

from __future__ import annotations

import random
import re

import pytest

from pokerhall import games
from pokerhall.engine import prompts
from pokerhall.engine.messages import LANGUAGES, load_catalog, render

from ..catalogs import placeholders, used
from .helpers import new

FOLDER = games.messages_folder("palace")
CATALOGS = {lang: load_catalog(FOLDER, lang) for lang in LANGUAGES}
PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_p13_every_catalog_has_the_english_keys_and_placeholders(lang: str) -> None:
    english, catalog = CATALOGS["en"], CATALOGS[lang]
    assert set(catalog) == set(english)
    for key, entry in english.items():
        assert placeholders(catalog[key]) == placeholders(entry), (lang, key)


def test_p13_every_event_of_random_play_is_described_in_every_language() -> None:
    rng = random.Random(7)
    seen: set[str] = set()
    for seed in range(40):
        game = new(5, seed=seed, starting_stack=60, hands_per_session=4)
        while not game.over:
            pending = game.pending()
            seat = rng.choice(sorted(pending))
            if seed % 7 == 0 and rng.random() < 0.02:
                game.act(seat, {"type": "resign"})
                continue
            game.act(seat, prompts.random_move(pending[seat], rng))
        for event in game.events:
            message = game.describe(event)
            assert message is not None
            assert message["key"] != "event", event.type  # each type has its own line
            seen.add(event.type)
            for key, params in used(message):
                for lang, catalog in CATALOGS.items():
                    assert key in catalog, (lang, key)
                    assert placeholders(catalog[key]) <= set(params), (lang, key, params)
            for lang, catalog in CATALOGS.items():
                text = render(message, catalog, PLAYERS, lang)
                assert not re.search(r"[\w.]\(\w+=", text), text  # no raw fallback line
                assert "{" not in text, text
    expected = {"battle_examined", "battle_confirmed", "battle_won", "showdown", "pot_awarded"}
    expected |= {"bought", "game_over"}
    assert expected <= seen
