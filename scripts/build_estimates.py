"""Write the hand-written estimation packs (`estimates.{en,de,cs,el}.jsonl`) from
`scripts/estimates.py`: the same questions, answers and hint ranges in every language, the hint
texts written from the ranges. Run with `python scripts/build_estimates.py` (no extra packages).
"""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from estimates import DIFFICULTY, ESTIMATES, UNITS

from pokerhall.content.packs import write_pack
from pokerhall.content.questions import Question

PACK_DIR = Path(__file__).resolve().parents[1] / "src" / "pokerhall" / "content" / "packs"
LANGUAGES = ("en", "de", "cs", "el")
AS_OF = "2026-12-01"
"""The day these facts were checked against their sources."""
LICENCE = "Fact (not copyrightable); question text written for pokerhall, MIT"
HINT = {
    "en": "It is between {lo} and {hi}{unit}.",
    "de": "Die Antwort liegt zwischen {lo} und {hi}{unit}.",
    "cs": "Odpověď leží mezi {lo} a {hi}{unit}.",
    "el": "Η απάντηση είναι μεταξύ {lo} και {hi}{unit}.",
}
POINT = {"en": ".", "de": ",", "cs": ",", "el": ","}


def number(text: str, lang: str) -> str:
    return text.replace(".", POINT[lang])


RANGE_CASE = {
    "de": {"Tage": "Tagen", "Punkte": "Punkten", "Milliarden Jahre": "Milliarden Jahren"},
    "cs": {
        "dní": "dny", "hodin": "hodinami", "sekund": "sekundami", "minut": "minutami",
        "stupňů": "stupni", "bodů": "body", "centů": "centy", "miliard let": "miliardami let",
        "bilionů km": "biliony km",
    },
    "el": {
        "ημέρες": "ημερών", "ώρες": "ωρών", "δευτερόλεπτα": "δευτερολέπτων", "λεπτά": "λεπτών",
        "μοίρες": "μοιρών", "πόντοι": "πόντων", "δισεκατομμύρια έτη": "δισεκατομμυρίων ετών",
        "τρισεκατομμύρια km": "τρισεκατομμυρίων km",
    },
}  # fmt: skip
"""A unit after "zwischen ... und" (dative), "mezi ... a" (instrumental), "μεταξύ ... και"
(genitive): "μεταξύ 1000 και 2000 λεπτών", not "λεπτά"."""


def hint(bounds: tuple[str, str], unit: str, lang: str) -> str:
    lo, hi = (number(value, lang) for value in bounds)
    unit = RANGE_CASE.get(lang, {}).get(unit, unit)
    return HINT[lang].format(lo=lo, hi=hi, unit=f" {unit}" if unit else "")


def questions(lang: str) -> list[Question]:
    index = LANGUAGES.index(lang)
    found = []
    for ident, topic, answer, first, second, unit_key, *texts, source in ESTIMATES:
        unit = UNITS[unit_key][index]
        found.append(
            Question(
                id=ident,
                language=lang,
                topic=topic,
                question=texts[index],
                hint1=hint(first, unit, lang),
                hint2=hint(second, unit, lang),
                answer=Decimal(answer),
                unit=unit,
                source=source,
                licence=LICENCE,
                as_of=__import__("datetime").date.fromisoformat(AS_OF),
                hint1_range=(Decimal(first[0]), Decimal(first[1])),
                hint2_range=(Decimal(second[0]), Decimal(second[1])),
                difficulty=DIFFICULTY.get(ident, 1),
            )
        )
    return found


def main() -> int:
    for lang in LANGUAGES:
        chosen = questions(lang)
        write_pack(chosen, PACK_DIR / f"estimates.{lang}.jsonl", explicit_difficulty=True)
        print(f"wrote {len(chosen)} questions to estimates.{lang}.jsonl")
    return 0


if __name__ == "__main__":
    sys.exit(main())
