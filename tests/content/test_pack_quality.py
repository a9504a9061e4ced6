"""What a player sees of a shipped question must not give its answer away, and must read well.

Issue 13: a film of 1998 "as of 1998-12-31" told its answer; "in millions ... Answer in million
people" stated the unit twice. These checks run over every shipped question in every language
(rules Q1 and DU10 of docs/rules/quizpoker.md: an exact answer, and the date its fact holds for).
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from decimal import Decimal, InvalidOperation

import pytest

from pokerhall.content import quality
from pokerhall.content.packs import builtin_languages, builtin_questions
from pokerhall.content.questions import YEAR_LIKE, Question

LANGUAGES = ("en", "de", "cs", "el")
MIN_QUESTIONS = {"en": 5000, "de": 5000, "cs": 2000, "el": 2000}
MIN_TOPICS = 10

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
ANSWER_IN = {
    "en": re.compile(r"\b(answer|reply|give it) in\b|\bin (millions|thousands|per ?cent)\b", re.I),
    "de": re.compile(r"\bAntwort in\b|\bin (Millionen|Tausend|Prozent)\b", re.I),
    "cs": re.compile(r"\bodpověď (uveďte )?v\b|\bv (milionech|tisících|procentech)\b", re.I),
    "el": re.compile(r"απάντηση σε|σε (εκατομμύρια|χιλιάδες|ποσοστό)", re.I),
}
"""How a question says its unit a second time, in each language."""


def _all(language: str) -> tuple[Question, ...]:
    return builtin_questions(language)


def _numbers(text: str) -> list[Decimal]:
    """The quantities written in a text; '3.0.2' is a version and '2024-07-11' a date, no
    quantity, so tokens with two separators are left out."""
    found = []
    for token in _NUMBER.findall(text):
        if len(re.findall(r"[.,]", token)) > 1:
            continue
        try:
            found.append(Decimal(token.replace(",", ".")))
        except InvalidOperation:  # pragma: no cover - the pattern only matches digits
            continue
    return found


_YEAR_WORD = re.compile(r"\b(year|Jahr|rok|roce|roku)\b|έτος|χρονιά", re.I)
_YEAR_UNITS = {"", "year", "Jahr", "rok", "έτος"}


def _asks_for_a_year(question: Question) -> bool:
    low, high = YEAR_LIKE
    whole = question.answer == question.answer.to_integral()
    return (
        whole
        and low <= question.answer <= high
        and question.unit in _YEAR_UNITS
        and bool(_YEAR_WORD.search(question.question))
    )


def _visible(question: Question) -> str:
    """What a player sees before the first hint: the as-of date counts by its year (its month
    and day are no quantity anyone asks for)."""
    parts = (question.question, question.unit, question.topic, question.source)
    return " ".join((*parts, str(question.as_of.year)))


def test_every_language_the_interface_offers_has_a_pack() -> None:
    assert set(builtin_languages()) == set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_enough_questions_on_enough_topics(language: str) -> None:
    questions = _all(language)
    assert len(questions) >= MIN_QUESTIONS[language]
    topics = Counter(question.topic for question in questions)
    assert len(topics) >= MIN_TOPICS, topics


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_question_names_its_source_licence_and_a_past_as_of_date(language: str) -> None:
    """DU10: the date a fact was checked or published; it cannot be after today."""
    today = datetime.date.today()
    bad = [
        q.id
        for q in _all(language)
        if not q.source.strip() or not q.licence.strip() or q.as_of > today
    ]
    assert bad == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_as_of_is_not_derived_from_the_answer(language: str) -> None:
    """A year answer must not be the as-of year (the 113 films "as of <release>-12-31")."""
    bad = [q.id for q in _all(language) if q.as_of.year == q.answer]
    assert bad == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_visible_text_does_not_reveal_the_answer(language: str) -> None:
    """Question, unit, topic, source and as-of are seen before any hint: none holds the answer
    as a number of its own."""
    bad = []
    for q in _all(language):
        if q.answer in _numbers(_visible(q)):
            bad.append(q.id)
    assert bad == [], bad[:20]


@pytest.mark.parametrize("language", LANGUAGES)
def test_visible_text_does_not_bound_a_year_beyond_the_first_hint(language: str) -> None:
    """A year in the visible text that falls inside hint 1's range tells more than hint 1
    (a film "as of 1998-12-31" was released in 1998 or before)."""
    bad = []
    for q in _all(language):
        if not _asks_for_a_year(q) or q.hint1_range is None:
            continue
        low, high = q.hint1_range
        if any(low < number < high for number in _numbers(_visible(q))):
            bad.append(q.id)
    assert bad == [], bad[:20]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_unit_is_stated_once(language: str) -> None:
    """The unit is shown beside the answer field; the question does not say it again."""
    bad = []
    for q in _all(language):
        symbol = q.unit if q.unit and not q.unit.replace(" ", "").isalpha() else ""
        said = q.unit and re.search(rf"\bin {re.escape(q.unit)}\b", q.question, re.I)
        if ANSWER_IN[language].search(q.question) or (symbol and symbol in q.question) or said:
            bad.append(q.id)
    assert bad == [], bad[:20]


def test_czech_and_greek_agree_with_english_on_shared_questions() -> None:
    """Every Czech or Greek question is an English one too, with the same answer and hints."""
    english = {q.id: (q.answer, q.hint1_range, q.hint2_range) for q in _all("en")}
    for language in ("cs", "el"):
        differing = [
            q.id
            for q in _all(language)
            if english.get(q.id) != (q.answer, q.hint1_range, q.hint2_range)
        ]
        assert differing == [], language


NATURAL_ZERO = {
    "pop", "dist", "area", "aged65", "under15", "life", "unemployment", "penguin",
    "element-number", "element-weight", "element-density", "element-crust", "element-seawater",
}  # fmt: skip
"""Templates of positive quantities counted from a true 0 (not latitudes, nor degrees Celsius)."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_hints_of_generated_quantities_help(language: str) -> None:
    """Hint 1 of a positive quantity spans at most a factor of 10 and starts at 0 only near 0,
    hint 2 narrows it to at most 4/5, no distance beyond half the Earth's circumference
    (`content/quality.py`, the check `questions validate` and uploads apply)."""
    broken = []
    for q in _all(language):
        if q.template not in NATURAL_ZERO or q.hint1_range is None or q.hint2_range is None:
            continue
        problem = quality.hint_problem(q)
        if problem:
            broken.append(f"{q.template} {q.id}: {problem}")
        lo, hi = q.hint1_range
        if q.answer > 0 and lo > 0:
            assert hi <= quality.MAX_FACTOR * lo, q.id
        if q.template == "dist":
            assert hi <= 20037, q.id
    assert not broken, broken[:5]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_question_says_its_answer_in_digits_or_words(language: str) -> None:
    """Rule 6 of issue 23: no Zehnkampf, desetiboj, δέκαθλο, dodecahedron or "(an octet)"."""
    bad = [q.id for q in _all(language) if quality.says_answer(q.question, q.answer, language)]
    assert bad == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_hint_states_the_answer_of_a_question_the_same_game_may_deal(language: str) -> None:
    """All of a language's shipped files together, as a game deals them ("water freezes at 32
    degrees" in the boiling question's hint answered `est-water-freezing-f`)."""
    found = quality.hints_stating_answers(_all(language))
    assert [(q.id, reason) for q, reason in found] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_shipped_question_passes_the_check_new_packs_must_pass(language: str) -> None:
    """`check_quality`, the one check of `questions validate` and uploads, holds for every shipped
    question (hints that help, as-of dates that are the fact's own, no answer in the question)."""
    bad = []
    for q in _all(language):
        try:
            quality.check_quality(q)
        except ValueError as exc:
            bad.append(f"{q.id}: {exc}")
    assert bad == [], bad[:5]
