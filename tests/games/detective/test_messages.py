"""Detective Poker's message catalogs (en, de, cs, el): the same keys and placeholders in all
four, every message random games produce renders in every language, and no event, however odd,
breaks its line (docs/rules/detective.md events are described, never crash)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.engine.events import Event
from pokerhall.engine.messages import LANGUAGES, Message, load_catalog, render
from pokerhall.games.detective.history import _DESCRIBERS, describe_event

from ..catalogs import FORMS, placeholders, used

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
FOLDER = games.messages_folder("detective")
CATALOGS = {lang: load_catalog(FOLDER, lang) for lang in LANGUAGES}


def test_the_package_ships_the_four_catalogs() -> None:
    assert FOLDER is not None
    assert sorted(path.stem for path in FOLDER.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_has_the_english_keys_and_placeholders(lang: str) -> None:
    english, catalog = CATALOGS["en"], CATALOGS[lang]
    assert set(catalog) == set(english)
    for key, entry in english.items():
        assert placeholders(catalog[key]) == placeholders(entry), (lang, key)
        if isinstance(entry, dict):
            assert isinstance(catalog[key], dict), (lang, key)
            assert set(catalog[key]) == FORMS[lang], (lang, key)
            for form in catalog[key].values():
                assert placeholders(form) == placeholders(entry), (lang, key, form)
        else:
            assert isinstance(catalog[key], str), (lang, key)


def check_message(message: Message) -> None:
    for key, params in used(message):
        for lang, catalog in CATALOGS.items():
            assert key in catalog, (lang, key)
            assert placeholders(catalog[key]) <= set(params), (lang, key, params)
    for lang, catalog in CATALOGS.items():
        text = render(message, catalog, PLAYERS, lang)
        assert text, (lang, message)
        assert "{" not in text, (lang, message, text)


@pytest.mark.parametrize("ruleset", ["detective", "expert"])
@pytest.mark.parametrize(("count", "seed"), [(3, 1), (4, 2), (3, 3), (4, 4)])
def test_every_message_of_random_games_is_in_every_catalog(
    ruleset: str, count: int, seed: int
) -> None:
    state = games.create("detective", PLAYERS[:count], {"ruleset": ruleset}, seed=seed)
    bots = {s: games.make_bot("detective", "random", seed + s) for s in range(count)}
    state.act(count - 1, {"type": "resign"})  # the resigned line too
    while not state.over:
        seat, prompt = next(iter(state.pending().items()))
        state.act(seat, bots[seat].choose(state.view(seat), prompt))
    keys = set()
    for event in state.events:
        message = state.describe(event)
        assert message is not None
        check_message(message)
        keys |= {key for key, _ in used(message)}
    expected = {"round_started", "cards_dealt", "street.preflop", "street.river", "bet", "bet.own"}
    expected |= {"cards_revealed", "street_scored", "hand_scored", "card_placed", "resigned"}
    assert expected <= keys
    assert keys & {"game_over", "game_over.shared"}


def test_the_words_of_a_hand() -> None:
    """A few lines as the English reader sees them."""
    event = Event.public("bet", seat=1, street="flop", board=2, chips=1, face_down=True)
    text = render(describe_event(event), CATALOGS["en"], PLAYERS, "en")
    assert text == "Bob bets 1 chip on Cy's board with an action card face down"
    event = Event.public("bet", seat=1, street="flop", board=1, chips=3, face_down=False)
    assert render(describe_event(event), CATALOGS["cs"], PLAYERS, "cs") == (
        "Bob sází 3 žetony na vlastní pole"
    )
    over = Event.public("game_over", winners=[0, 2], scores=[9, 4, 9], places=[1, 3, 1])
    assert render(describe_event(over), CATALOGS["en"], PLAYERS, "en") == (
        "Shared victory: Ann and Cy with 9 points"
    )


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
FIELDS = [
    "seat", "round", "hands", "game_round", "hand_in_round", "hands_per_round", "dealer",
    "private", "foreheads", "street", "index", "dealt", "community", "discarded", "first",
    "board", "chips", "face_down", "card", "cards", "best", "worst", "categories", "bets",
    "hand", "points", "cards_left", "winners", "scores", "places",
]  # fmt: skip


@st.composite
def events(draw: st.DrawFn) -> Event:
    kind = draw(st.sampled_from(sorted(_DESCRIBERS)))
    names = draw(st.sets(st.sampled_from(FIELDS), max_size=8))
    data = {name: draw(JSON) for name in names}
    return Event({**data, "type": kind}, None)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=300)
@given(events())
def test_no_event_breaks_its_line(event: Event) -> None:
    message = describe_event(event)
    for key, _ in used(message):
        assert all(key in catalog for catalog in CATALOGS.values()), key
    for lang, catalog in CATALOGS.items():
        assert isinstance(render(message, catalog, PLAYERS, lang), str)
