"""Shipped question texts a reviewer read, per language: a fixed sample of the generated
templates and estimation hints, compared with text checked by hand (issue 23, "every language
correct": no "im Jahr 1970 65 Jahre", "Jak starý je vesmír", μεταξύ with the genitive)."""

from __future__ import annotations

import pytest

from pokerhall.content.packs import builtin_questions

CHECKED = {
    ("de", "aged65-deu-1970", "question"): "Welcher Anteil der Menschen in Deutschland war 1970 "
    "laut UN mindestens 65 Jahre alt? Auf eine Nachkommastelle gerundet.",
    ("cs", "aged65-deu-1970", "question"): "Německo: jaký podíl lidí zde byl podle OSN v roce 1970 "
    "ve věku 65 let a více? Zaokrouhleno na jedno desetinné místo.",
    ("el", "dist-athens-gr-riyadh-sa", "question"): "Πόση είναι η απόσταση σε ευθεία γραμμή "
    "(ορθοδρομική απόσταση) μεταξύ της Αθήνας (Ελλάδα) και του Ριάντ (Σαουδική Αραβία); "
    "Στρογγυλοποιημένο στη δεκάδα.",
    ("cs", "dist-athens-gr-riyadh-sa", "question"): "Jak daleko jsou od sebe vzdušnou čarou (po "
    "hlavní kružnici) Athény (Řecko) a Rijád (Saúdská Arábie)? Zaokrouhleno na desítky.",
    ("en", "dist-athens-gr-riyadh-sa", "question"): "How far apart are Athens (Greece) and Riyadh "
    "(Saudi Arabia) as the crow flies (great-circle distance)? Rounded to the nearest ten.",
    ("de", "dist-athens-gr-riyadh-sa", "question"): "Wie weit sind Athen (Griechenland) und Riad "
    "(Saudi-Arabien) Luftlinie (Großkreisentfernung) voneinander entfernt? Auf volle Zehner "
    "gerundet.",
    ("el", "pop-deu-2020", "hint1"): "Η απάντηση είναι μεταξύ 40 και 140 εκατομμυρίων.",
    ("cs", "life-deu-1970", "hint1"): "Odpověď leží mezi 55 a 75 lety.",
    ("cs", "est-universe-age", "question"): "Jak starý je vesmír podle mise Planck, zaokrouhleno "
    "na jedno desetinné místo?",
    ("cs", "est-universe-age", "hint1"): "Odpověď leží mezi 5 a 20 miliardami let.",
    ("cs", "est-quarter-cents", "question"): "Jakou hodnotu má americká mince quarter?",
    ("el", "est-football-minutes", "hint1"): "Η απάντηση είναι μεταξύ 60 και 130 λεπτών.",
    ("el", "est-universe-age", "hint1"): "Η απάντηση είναι μεταξύ 5 και 20 δισεκατομμυρίων ετών.",
    ("de", "est-universe-age", "hint1"): "Die Antwort liegt zwischen 5 und 20 Milliarden Jahren.",
    ("cs", "est-rugby-try", "question"): "Kolik bodů se v rugby union získá za try (položení míče "
    "v brankovém území)?",
    ("de", "est-decathlon-events", "question"): "Aus wie vielen Disziplinen besteht der "
    "zweitägige olympische Mehrkampf der Männer in der Leichtathletik?",
    ("el", "element-boil-fe", "question"): "Ποιο είναι το σημείο βρασμού του στοιχείου σίδηρος σε "
    "κανονική πίεση; Στρογγυλοποιημένο σε ακέραιο.",
    ("en", "life-deu-1970", "question"): "According to Gapminder, what was the life expectancy at "
    "birth in Germany in 1970? Rounded to one decimal place.",
}


@pytest.mark.parametrize(("language", "ident", "field"), sorted(CHECKED))
def test_a_sampled_text_reads_as_checked_by_hand(language: str, ident: str, field: str) -> None:
    question = {q.id: q for q in builtin_questions(language)}[ident]
    assert getattr(question, field) == CHECKED[(language, ident, field)]


def test_no_greek_distance_puts_a_nominative_city_after_metaxy() -> None:
    """Every Greek distance question names both cities with a genitive article."""
    bad = [
        q.id
        for q in builtin_questions("el")
        if q.template == "dist"
        and not q.question.split("μεταξύ ", 1)[1].startswith(("της ", "του "))
    ]
    assert bad == []
