"""The one characters' rule for texts people read (`content/text.py`, issue 20 item 5), and every
text field of a pack held to it, with the entry and field named."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerhall.content import library
from pokerhall.content.packs import builtin_languages, builtin_questions, parse_pack
from pokerhall.content.questions import PackError, TextCharacter, parse_question
from pokerhall.content.text import REFUSED_CATEGORIES, refused_character

from .test_questions import entry

TEXT_FIELDS = ("id", "language", "topic", "question", "hint1", "hint2", "unit", "source")
TEXT_FIELDS += ("licence", "as_of")
FOUND = ["\x00", "\x1b", "\u202e", "\u200b", "\ud800", "\n", "\u2028", "\ue000", "\u0378"]
"""NUL, ESC, right-to-left override, zero-width space, a lone surrogate, a newline, the line
separator, a private-use and an unassigned code point."""

refused_chars = st.characters(categories=sorted(REFUSED_CATEGORIES)).filter(lambda c: c != "\u200d")
plain = st.text(st.characters(exclude_categories=sorted(REFUSED_CATEGORIES)), max_size=20)


@given(plain, refused_chars, plain)
def test_any_text_with_a_refused_character_is_refused(before: str, char: str, after: str) -> None:
    assert refused_character(before + char + after) == char


@given(plain)
def test_text_without_one_is_taken(text: str) -> None:
    assert refused_character(text) is None


def test_the_joiner_only_between_symbols() -> None:
    """Emoji sequences need the zero-width joiner (family, rainbow flag with its selector, a
    skin tone); between letters it only hides a difference ("An\u200dn" is not "Ann")."""
    for emoji in ("👨\u200d👩\u200d👧", "🏳\ufe0f\u200d🌈", "👩🏽\u200d💻"):
        assert refused_character(f"gg {emoji}") is None
    for text in ("An\u200dn", "\u200d👍", "👍\u200d", "a\u200d👍"):
        assert refused_character(text) == "\u200d"


@pytest.mark.parametrize("field", TEXT_FIELDS)
@pytest.mark.parametrize("char", FOUND, ids=lambda c: f"U+{ord(c):04X}")
def test_every_text_field_of_an_entry_refuses_the_characters(field: str, char: str) -> None:
    obj = entry()
    obj[field] = obj[field][:2] + char + obj[field][2:]
    with pytest.raises(TextCharacter) as refused:
        parse_question(obj)
    assert (refused.value.field, refused.value.char) == (field, f"{ord(char):04X}")


@given(st.sampled_from(TEXT_FIELDS), refused_chars)
def test_a_pack_problem_names_the_line_entry_and_field(field: str, char: str) -> None:
    obj = entry(id="q-bad")
    obj[field] = char + obj[field]
    lines = [json.dumps(entry(id="q-good")), json.dumps(obj)]
    questions, problems = parse_pack(lines)
    assert [q.id for q in questions] == ["q-good"]
    (problem,) = problems
    assert problem.line == 2
    assert problem.code == "pack_character"
    entry_name = "\ufffdq-bad" if field == "id" else "q-bad"  # shown, never the character
    assert problem.params == {"entry": entry_name, "field": field, "char": f"{ord(char):04X}"}
    assert problem.reason.startswith(f"entry {entry_name!r}: {field} contains U+")


def test_a_lone_surrogate_in_the_text_itself_is_a_pack_error() -> None:
    """A JSON body's "\\ud800" gives the server a text that is no UTF-8 at all: refused with
    its line, before anything hashes or stores it."""
    text = json.dumps(entry()) + "\n" + json.dumps(entry(id="q2"))[:-1] + ', "x": "\ud800"}'
    with pytest.raises(PackError) as refused:
        library.text_digest(text, "upload")
    assert refused.value.problems[0].line == 2
    assert "UTF-8" in refused.value.problems[0].reason


def test_the_shipped_packs_obey_the_rule() -> None:
    """Every text of the built-in packs passes (they are loaded through the same check)."""
    for language in builtin_languages():
        for question in builtin_questions(language):
            for text in (question.question, question.hint1, question.hint2, question.source):
                assert refused_character(text) is None
