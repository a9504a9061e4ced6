"""The question packs shipped in src/pokerhall/content/packs (Q1, DU10).

These check the data, not the code: every shipped question must load, the languages must agree
on the facts, and there must be enough (and varied enough) questions for real games.
"""

from __future__ import annotations

import re
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest

from pokerhall.content.packs import builtin_languages, builtin_questions, validate_pack_file
from pokerhall.content.questions import Question
from pokerhall.engine.messages import format_number

LANGUAGES = ("en", "de")
MIN_QUESTIONS = 1000
MIN_HANDWRITTEN = 300
HANDWRITTEN_TOPICS = {"history", "sport", "culture", "science", "geography"}


def _shipped_files() -> list[Path]:
    folder = Path(str(resources.files("pokerhall.content") / "packs"))
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []


def test_english_german_czech_and_greek_packs_are_shipped() -> None:
    assert {*LANGUAGES, "cs", "el"} <= set(builtin_languages())


@pytest.mark.parametrize("path", _shipped_files(), ids=lambda path: path.name)
def test_shipped_pack_has_no_problems(path: Path) -> None:
    """Each file on its own obeys every pack rule (answers exact per Q1, dated per DU10)."""
    problems = validate_pack_file(path)
    assert problems == [], "\n".join(str(problem) for problem in problems[:20])


@pytest.mark.parametrize("language", LANGUAGES)
def test_enough_questions(language: str) -> None:
    """Merging the files of a language works (no duplicate ids) and gives plenty to play with."""
    questions = builtin_questions(language)
    assert len(questions) >= MIN_QUESTIONS
    assert all(question.language == language for question in questions)


def _facts(question: Question) -> tuple[object, ...]:
    return question.answer, question.hint1_range, question.hint2_range


def test_languages_agree_on_ids_answers_and_ranges() -> None:
    """A question is the same question in every language: a game's outcome must not depend on
    the language it is played in."""
    english = {question.id: _facts(question) for question in builtin_questions("en")}
    german = {question.id: _facts(question) for question in builtin_questions("de")}
    assert sorted(english.keys() - german.keys()) == [], "only in English"
    assert sorted(german.keys() - english.keys()) == [], "only in German"
    differing = sorted(ident for ident in english if english[ident] != german[ident])
    assert differing == [], "answers or ranges differ"


def test_handwritten_questions_cover_the_main_topics() -> None:
    """Generated questions lean to numbers from data sets; hand-written ones bring variety.
    (German has the same ids, checked above; topics are compared on the English names.)"""
    handwritten = [q for q in builtin_questions("en") if q.id.startswith(("hw-", "est-"))]
    assert len(handwritten) >= MIN_HANDWRITTEN
    topics = {question.topic for question in handwritten}
    assert topics >= HANDWRITTEN_TOPICS, f"missing topics: {HANDWRITTEN_TOPICS - topics}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_shipped_question_has_both_hint_ranges(language: str) -> None:
    """Bots and the hint checks need the ranges, so the shipped packs always carry them."""
    missing = [
        q.id for q in builtin_questions(language) if q.hint1_range is None or q.hint2_range is None
    ]
    assert missing == []


ALL_LANGUAGES = ("en", "de", "cs", "el")
SEPARATORS = {"en": (",", "."), "de": (".", ","), "cs": ("\u00a0", ","), "el": (".", ",")}
"""(group, decimal) marks the shipped packs write numbers with, per language."""
_WRITTEN_NUMBER = re.compile(r"-?\d(?:[\d\u00a0.,]*\d)?")


def _handwritten(language: str) -> list[Question]:
    return [q for q in builtin_questions(language) if q.id.startswith("hw-")]


def _written_numbers(text: str, language: str) -> list[Decimal]:
    group, decimal = SEPARATORS[language]
    return [
        Decimal(token.replace(group, "").replace(decimal, "."))
        for token in _WRITTEN_NUMBER.findall(text)
    ]


def test_handwritten_core_is_shipped_in_every_language() -> None:
    """The hand-written questions are the same cards in English, German, Czech and Greek, so a
    Czech or Greek table draws from the whole core, not only from generated questions."""
    english = {q.id for q in _handwritten("en")}
    for language in ALL_LANGUAGES[1:]:
        assert {q.id for q in _handwritten(language)} == english, language


@pytest.mark.parametrize("language", ALL_LANGUAGES)
def test_q1_handwritten_hints_end_with_their_ranges(language: str) -> None:
    """Q1: a hint is read out as text while bots and checks use its range; a translated hint
    whose closing "between X and Y" differs from the range would tell players something else."""
    bad = []
    for q in _handwritten(language):
        for text, bounds in ((q.hint1, q.hint1_range), (q.hint2, q.hint2_range)):
            if bounds is None or _written_numbers(text, language)[-2:] != list(bounds):
                bad.append(q.id)
    assert bad == []


@pytest.mark.parametrize("language", ["cs", "el"])
def test_czech_and_greek_handwritten_numbers_are_written_like_their_other_packs(
    language: str,
) -> None:
    """As the generated and estimates packs (and `format_number` for these languages) write
    them: a decimal comma, and groups of three digits only from five digits on (1100, 10 000)."""
    bad = []
    for q in _handwritten(language):
        for text in (q.question, q.hint1, q.hint2):
            for token in _WRITTEN_NUMBER.findall(text):
                value = _written_numbers(token, language)[0]
                if format_number(value, language, min_grouping=5) != token:
                    bad.append((q.id, token))
    assert bad == []
