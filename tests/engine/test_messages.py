"""The message renderer (docs/protocol.md, "Event descriptions"): typed parameters, locale
numbers, CLDR plurals, nested messages, and a readable fallback instead of an error for
anything malformed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerhall.engine.events import Event
from pokerhall.engine.messages import (
    LANGUAGES,
    Catalog,
    UnknownLanguage,
    amount,
    event_message,
    format_number,
    listing,
    load_catalog,
    message,
    nested,
    number,
    plural_category,
    render,
    seat,
    seats,
)

PLAYERS = ["Ann", "Bob", "Cy"]
CATALOG: Catalog = {
    "_and": "and",
    "wins": "{name} wins {amount}",
    "split": "{names} split {parts}",
    "share": "{name} {amount}",
    "guess": "{name} guesses {value}",
    "hands": {"one": "{count} hand", "other": "{count} hands"},
    "over": "Over after {after}",
    "raw": "{text} and {missing}",
}
CZECH: Catalog = {
    "_and": "a",
    "hands": {
        "one": "{count} kolo",
        "few": "{count} kola",
        "many": "{count} kola",
        "other": "{count} kol",
    },
}


def test_seat_amount_and_plain_parameters() -> None:
    assert render(message("wins", name=seat(1), amount=amount(1200)), CATALOG, PLAYERS, "en") == (
        "Bob wins 1,200"
    )
    assert render(message("raw", text="as is", missing=7), CATALOG, PLAYERS, "en") == "as is and 7"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "1,200"), ("de", "1.200"), ("cs", "1\u00a0200"), ("el", "1.200"), ("xx", "1,200")],
)
def test_amounts_are_written_the_languages_way(lang: str, expected: str) -> None:
    assert format_number(1200, lang) == expected
    assert render(message("wins", name=seat(0), amount=amount(1200)), CATALOG, PLAYERS, lang) == (
        f"Ann wins {expected}"
    )


def test_exact_decimals_keep_their_digits_and_group_from_five() -> None:
    guess = message("guess", name=seat(2), value=number("3.14"))
    assert render(guess, CATALOG, PLAYERS, "en") == "Cy guesses 3.14"
    assert render(guess, CATALOG, PLAYERS, "de") == "Cy guesses 3,14"
    year = message("guess", name=seat(2), value=number("1903"))
    assert render(year, CATALOG, PLAYERS, "de") == "Cy guesses 1903"
    big = message("guess", name=seat(2), value=number("-3821000.50"))
    assert render(big, CATALOG, PLAYERS, "cs") == "Cy guesses -3\u00a0821\u00a0000,50"
    assert render(message("guess", name=seat(0), value=number("about 5")), CATALOG, [], "en") == (
        "seat 0 guesses about 5"
    )


def test_seats_are_joined_with_the_languages_and() -> None:
    parts = listing([nested("share", name=seat(s), amount=amount(10 * s)) for s in (0, 1, 2)])
    split = message("split", names=seats([0, 1, 2]), parts=parts)
    assert render(split, CATALOG, PLAYERS, "en") == "Ann, Bob and Cy split Ann 0, Bob 10, Cy 20"
    assert render(message("split", names=seats([2, 0]), parts=""), CZECH, PLAYERS, "cs") == (
        "split(names=Cy a Ann, parts=)"
    )
    assert (
        render(message("wins", name=seats([1]), amount=1), CATALOG, PLAYERS, "en") == "Bob wins 1"
    )


def test_plurals_follow_cldr() -> None:
    assert [plural_category(n, "en") for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert [plural_category(n, "cs") for n in (1, 2, 4, 5, 0, 1.5, "2.0")] == [
        "one", "few", "few", "other", "other", "many", "many",
    ]  # fmt: skip
    assert plural_category(1, "de") == plural_category(1, "el") == "one"
    hands = [render(message("hands", count=n), CZECH, PLAYERS, "cs") for n in (1, 3, 7)]
    assert hands == ["1 kolo", "3 kola", "7 kol"]
    assert render(message("hands", count=amount(1)), CATALOG, PLAYERS, "en") == "1 hand"
    assert render(message("hands"), CATALOG, PLAYERS, "en") == "{count} hands"


def test_nested_messages_render_from_the_same_catalog() -> None:
    over = message("over", after=nested("hands", count=12))
    assert render(over, CATALOG, PLAYERS, "en") == "Over after 12 hands"


def test_a_missing_key_shows_the_key_and_its_parameters() -> None:
    assert (
        render(message("nope", name=seat(0), n=2), CATALOG, PLAYERS, "en") == "nope(name=Ann, n=2)"
    )
    assert render({"key": 5}, CATALOG, PLAYERS, "en") == '{"key": 5}'
    assert render(message("wins", name=seat(9), amount={"odd": 1}), CATALOG, PLAYERS, "en") == (
        'seat 9 wins {"odd": 1}'
    )


def test_the_generic_event_message_renders_in_every_language() -> None:
    msg = event_message(Event.public("x", a=1))
    for lang in LANGUAGES:
        assert render(msg, load_catalog(None, lang), PLAYERS, lang) == 'x: {"a": 1}'


def test_catalogs_load_per_file_and_refuse_unknown_languages(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text(json.dumps({"hi": "Hi {name}", "_and": "&"}))
    catalog = load_catalog(tmp_path, "en")
    assert catalog["hi"] == "Hi {name}"
    assert catalog["_and"] == "&"  # a catalog may override the engine's entries
    assert catalog["_seat"] == "seat {seat}"
    with pytest.raises(UnknownLanguage, match=r"no messages in language 'de' \(known: en\)"):
        load_catalog(tmp_path, "de")
    with pytest.raises(UnknownLanguage, match="not a language code"):
        load_catalog(tmp_path, "../en")
    (tmp_path / "de.json").write_text(json.dumps({"bad": {"one": "x"}}))
    with pytest.raises(ValueError, match="entry 'bad' is neither a text nor plural forms"):
        load_catalog(tmp_path, "de")


SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=4), inner, max_size=2)
    ),
    max_leaves=4,
)
PARAMS = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.builds(seat, JSON_VALUES),
        st.builds(seats, st.lists(SCALARS, max_size=3)),
        st.builds(amount, SCALARS),
        st.builds(number, SCALARS),
        st.builds(listing, st.lists(inner, max_size=2)),
        st.builds(
            lambda key, params: nested(key, **params),
            st.sampled_from(sorted(CATALOG)),
            st.dictionaries(st.sampled_from(["name", "count", "amount"]), inner, max_size=2),
        ),
    ),
    max_leaves=6,
)


@given(
    key=st.sampled_from([*CATALOG, "missing"]),
    params=st.dictionaries(
        st.sampled_from(["name", "names", "count", "amount", "value", "text"]), PARAMS, max_size=4
    ),
    lang=st.sampled_from([*LANGUAGES, "xx"]),
)
def test_rendering_never_raises(key: str, params: dict[str, Any], lang: str) -> None:
    """Whatever the parameters, rendering gives a text and never an error."""
    assert isinstance(render(message(key, **params), CATALOG, PLAYERS, lang), str)


@given(
    st.recursive(
        JSON_VALUES,
        lambda inner: st.dictionaries(st.sampled_from(["key", "params", "msg"]), inner, max_size=3),
    )
)
def test_rendering_anything_never_raises(anything: Any) -> None:
    assert isinstance(render(anything, CATALOG, PLAYERS, "en"), str)
