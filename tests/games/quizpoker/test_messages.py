"""QuizPoker's message catalogs (en, de, cs, el): the same keys and placeholders everywhere, every
message the game produces has its key in all four, and no event, however odd, breaks a line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.engine.events import Event
from pokerhall.engine.messages import LANGUAGES, Message, load_catalog, render
from pokerhall.games.quizpoker.history import _DESCRIBERS, describe_event

from ..catalogs import FORMS, placeholders, used
from .driver import RandomPlayer

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
FOLDER = games.messages_folder("quizpoker")
CATALOGS = {lang: load_catalog(FOLDER, lang) for lang in LANGUAGES}


def test_the_package_ships_the_four_catalogs() -> None:
    assert FOLDER is not None
    assert sorted(path.stem for path in FOLDER.glob("*.json")) == sorted(LANGUAGES)
    pyproject = (Path(__file__).parents[3] / "pyproject.toml").read_text()
    assert '"games/*/messages/*.json"' in pyproject


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_has_the_english_keys_and_placeholders(lang: str) -> None:
    english, catalog = CATALOGS["en"], CATALOGS[lang]
    assert set(catalog) == set(english)
    for key, entry in english.items():
        assert placeholders(catalog[key]) == placeholders(entry), (lang, key)
        if isinstance(entry, dict):
            assert isinstance(catalog[key], dict), (lang, key)
            assert set(catalog[key]) == FORMS[lang], (lang, key)
            for form in catalog[key].values():  # each form names every parameter
                assert placeholders(form) == placeholders(entry), (lang, key, form)
        else:
            assert isinstance(catalog[key], str), (lang, key)


def check_message(message: Message) -> None:
    """Its keys (nested ones too) exist in all four catalogs and its parameters fill every
    placeholder; it renders in every language without a raw fallback."""
    for key, params in used(message):
        for lang, catalog in CATALOGS.items():
            assert key in catalog, (lang, key)
            assert placeholders(catalog[key]) <= set(params), (lang, key, params)
    for lang, catalog in CATALOGS.items():
        text = render(message, catalog, PLAYERS, lang)
        assert text, (lang, message)
        assert "{" not in text, (lang, message, text)


@pytest.mark.parametrize("ruleset", ["quizpoker", "duell"])
@pytest.mark.parametrize("seed", range(4))
def test_every_message_of_random_games_is_in_every_catalog(
    ruleset: str, seed: int, mini_pack: Path
) -> None:
    options = {"ruleset": ruleset, "questions": "mini.en", "language": "en"}
    options["starting_stack"] = 300 if ruleset == "quizpoker" else 2000
    state = games.create("quizpoker", PLAYERS, options, seed=seed)
    player = RandomPlayer(seed)
    while not state.over:
        seat, prompt = min(state.pending().items())
        state.act(seat, player.move(seat, prompt))
    keys = set()
    for event in state.events:
        message = state.describe(event)
        assert message is not None
        check_message(message)
        keys |= {key for key, _ in used(message)}
    assert {"round_started", "question", "hint", "answer", "game_over"} <= keys
    for award in state.view(None)["previous_hand"]["awards"]:
        check_message(award["message"])


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2000) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
FIELDS = [
    "seat", "amount", "all_in", "blind", "action", "added", "to", "round", "after", "pots",
    "eligible", "order", "shares", "pot", "carried", "value", "distance", "winners", "scores",
    "rounds", "winner", "stacks", "hands", "hand", "button", "game_master", "blinds",
    "small_blind", "carry", "topic", "as_of", "unit", "text", "number", "source",
]  # fmt: skip
SEATS = st.integers(-1, 5)
KNOWN = {
    "seat": SEATS,
    "shares": st.dictionaries(
        st.sampled_from(["0", "1", "2", "x"]), st.integers(0, 99), max_size=3
    ),
    "pots": st.lists(
        st.fixed_dictionaries(
            {"amount": st.integers(0, 999), "eligible": st.lists(SEATS, max_size=3)}
        ),
        max_size=3,
    ),
    "winners": st.lists(SEATS, max_size=2),
    "order": st.lists(SEATS, max_size=3),
}


@st.composite
def events(draw: st.DrawFn) -> Event:
    kind = draw(st.sampled_from(sorted(_DESCRIBERS)))
    names = draw(st.sets(st.sampled_from(FIELDS), max_size=8))
    data = {name: draw(KNOWN.get(name, JSON) | JSON) for name in names}
    to = draw(st.none() | st.frozensets(st.integers(0, 5), min_size=1, max_size=2))
    return Event({**data, "type": kind}, to)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=300)
@given(events())
def test_no_event_breaks_its_line(event: Event) -> None:
    """Any data under a known event type gives a message whose keys are all in the catalogs,
    rendering in every language without an error (malformed values show as they are)."""
    message = describe_event(event)
    for key, _ in used(message):
        assert all(key in catalog for catalog in CATALOGS.values()), key
    for lang, catalog in CATALOGS.items():
        assert isinstance(render(message, catalog, PLAYERS, lang), str)
