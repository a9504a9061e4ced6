"""Write the hand-written packs `handwritten-a.{en,de,cs,el}.jsonl` (history, geography, nature,
space, food) from the cards in `scripts/handwritten_a/<topic>.txt`.

A card is a header line and one line per language, cards separated by a blank line:

    hw-id | answer | hint1 lo hi | hint2 lo hi | unit | difficulty | source [| as_of]
    en: question | clue of hint 1 | clue of hint 2
    de: ...
    cs: ...
    el: ...

The unit is a key of `UNITS` (`-` for none); the optional as-of date is the day a record was
set. The clues are written by hand in each language; the closing range sentence of each hint is
written from its range here, the language's way (`1,500` / `1.500` / `1500`, `10 000`), so a
hint's text and its machine-readable range cannot differ. Run with
`python scripts/build_handwritten_a.py` (no extra packages).
"""

from __future__ import annotations

import datetime
import sys
from decimal import Decimal
from pathlib import Path

from pokerhall.content.packs import write_pack
from pokerhall.content.questions import Question
from pokerhall.engine.messages import format_number

ROOT = Path(__file__).resolve().parents[1]
CARDS = Path(__file__).resolve().parent / "handwritten_a"
PACK_DIR = ROOT / "src" / "pokerhall" / "content" / "packs"
LANGUAGES = ("en", "de", "cs", "el")
TOPICS = ("history", "geography", "nature", "space", "food")
AS_OF = datetime.date(2026, 12, 2)
"""The day these facts were checked against their sources; a card on a record measured on a
day gives that day as its own as-of date instead."""
LICENCE = "Fact (not copyrightable); question text written for pokerhall, MIT"

UNITS: dict[str, tuple[str, ...]] = {
    # key: en, de (shown), de after "zwischen ... und" (dative), cs (genitive plural, also
    # after "od ... do"), el (shown), el after "από ... έως" (accusative) if it differs
    "year": ("year", "Jahr", "", "rok", "έτος"),
    "years": ("years", "Jahre", "Jahren", "let", "χρόνια"),
    "months": ("months", "Monate", "Monaten", "měsíců", "μήνες"),
    "days": ("days", "Tage", "Tagen", "dní", "ημέρες"),
    "hours": ("hours", "Stunden", "Stunden", "hodin", "ώρες"),
    "minutes": ("minutes", "Minuten", "Minuten", "minut", "λεπτά"),
    "metres": ("metres", "Meter", "Metern", "metrů", "μέτρα"),
    "km": ("km", "km", "km", "km", "km"),
    "km²": ("km²", "km²", "km²", "km²", "km²"),
    "km/h": ("km/h", "km/h", "km/h", "km/h", "km/h"),
    "km/s": ("km/s", "km/s", "km/s", "km/s", "km/s"),
    "m/s²": ("m/s²", "m/s²", "m/s²", "m/s²", "m/s²"),
    "mm": ("mm", "mm", "mm", "mm", "mm"),
    "ml": ("ml", "ml", "ml", "ml", "ml"),
    "litres": ("litres", "Liter", "Litern", "litrů", "λίτρα"),
    "g": ("g", "g", "g", "g", "g"),
    "°C": ("°C", "°C", "°C", "°C", "°C"),
    "K": ("K", "K", "K", "K", "K"),
    "degrees": ("degrees", "Grad", "Grad", "stupňů", "μοίρες"),
    "%": ("%", "%", "%", "%", "%"),
    "kcal": ("kcal", "kcal", "kcal", "kcal", "kcal"),
    "kJ": ("kJ", "kJ", "kJ", "kJ", "kJ"),
    "g/cm³": ("g/cm³", "g/cm³", "g/cm³", "g/cm³", "g/cm³"),
    "AU": ("AU", "AE", "AE", "AU", "AU"),
    "countries": ("countries", "Staaten", "Staaten", "zemí", "χώρες"),
    "wives": ("wives", "Ehefrauen", "Ehefrauen", "manželek", "σύζυγοι", "συζύγους"),
    "clauses": ("clauses", "Artikel", "Artikeln", "článků", "άρθρα"),
    "amendments": ("amendments", "Zusatzartikel", "Zusatzartikeln", "dodatků", "τροπολογίες"),
    "colonies": ("colonies", "Kolonien", "Kolonien", "kolonií", "αποικίες"),
    "passengers": ("passengers", "Passagiere", "Passagieren", "cestujících", "επιβάτες"),
    "languages": ("languages", "Sprachen", "Sprachen", "jazyků", "γλώσσες"),
    "islands": ("islands", "Inseln", "Inseln", "ostrovů", "νησιά"),
    "boroughs": ("boroughs", "Bezirke", "Bezirken", "obvodů", "δήμοι", "δήμους"),
    "provinces": ("provinces", "Provinzen", "Provinzen", "provincií", "επαρχίες"),
    "departments": ("departments", "Départements", "Départements", "departementů", "διαμερίσματα"),
    "counties": ("counties", "Grafschaften", "Grafschaften", "hrabství", "κομητείες"),
    "hu-counties": ("counties", "Komitate", "Komitaten", "žup", "νομοί", "νομούς"),
    "voivodeships": ("voivodeships", "Woiwodschaften", "Woiwodschaften", "vojvodství", "βοεβοδάτα"),
    "regions": ("regions", "Regionen", "Regionen", "regionů", "περιφέρειες"),
    "sk-regions": ("regions", "Regionen", "Regionen", "krajů", "περιφέρειες"),
    "states": ("states", "Bundesstaaten", "Bundesstaaten", "států", "πολιτείες"),
    "emirates": ("emirates", "Emirate", "Emiraten", "emirátů", "εμιράτα"),
    "territories": ("territories", "Territorien", "Territorien", "teritorií", "επικράτειες"),
    "lakes": ("lakes", "Seen", "Seen", "jezer", "λίμνες"),
    "legs": ("legs", "Beine", "Beinen", "noh", "πόδια"),
    "chromosomes": ("chromosomes", "Chromosomen", "Chromosomen", "chromozomů", "χρωμοσώματα"),
    "teeth": ("teeth", "Zähne", "Zähnen", "zubů", "δόντια"),
    "toes": ("toes", "Zehen", "Zehen", "prstů", "δάχτυλα"),
    "wings": ("wings", "Flügel", "Flügeln", "křídel", "φτερά"),
    "chambers": ("chambers", "Kammern", "Kammern", "oddílů", "κοιλότητες"),
    "parts": ("parts", "Abschnitte", "Abschnitten", "částí", "τμήματα"),
    "species": ("species", "Arten", "Arten", "druhů", "είδη"),
    "leaves": ("leaves", "Blätter", "Blättern", "listů", "φύλλα"),
    "arms": ("arms", "Arme", "Armen", "ramen", "ακτίνες"),
    "limbs": ("limbs", "Arme", "Armen", "ramen", "πλοκάμια"),
    "groups": ("groups", "Gruppen", "Gruppen", "skupin", "ομάδες"),
    "categories": ("categories", "Kategorien", "Kategorien", "kategorií", "κατηγορίες"),
    "landings": ("landings", "Landungen", "Landungen", "přistání", "προσεδαφίσεις"),
    "orbiters": ("orbiters", "Raumfähren", "Raumfähren", "raketoplánů", "διαστημικά λεωφορεία"),
    "missions": ("missions", "Missionen", "Missionen", "misí", "αποστολές"),
    "astronauts": ("astronauts", "Astronauten", "Astronauten", "astronautů", "αστροναύτες"),
    "people": ("people", "Menschen", "Menschen", "lidí", "άνθρωποι", "ανθρώπους"),
    "objects": ("objects", "Objekte", "Objekten", "objektů", "αντικείμενα"),
    "stars": ("stars", "Sterne", "Sternen", "hvězd", "αστέρια"),
    "flights": ("flights", "Flüge", "Flügen", "letů", "πτήσεις"),
    "agencies": ("agencies", "Agenturen", "Agenturen", "agentur", "οργανισμοί", "οργανισμούς"),
    "constellations": (
        "constellations",
        "Sternbilder",
        "Sternbildern",
        "souhvězdí",
        "αστερισμοί",
        "αστερισμούς",
    ),
    "dwarf-planets": (
        "dwarf planets",
        "Zwergplaneten",
        "Zwergplaneten",
        "trpasličích planet",
        "πλανήτες νάνοι",
        "πλανήτες νάνους",
    ),
    "moons": ("moons", "Monde", "Monden", "měsíců", "δορυφόροι", "δορυφόρους"),
    "planets": ("planets", "Planeten", "Planeten", "planet", "πλανήτες"),
    "points": ("points", "Punkte", "Punkten", "bodů", "σημεία"),
    "launches": ("launches", "Starts", "Starts", "startů", "εκτοξεύσεις"),
    "earth-masses": ("Earth masses", "Erdmassen", "Erdmassen", "hmotností Země", "μάζες της Γης"),
    "solar-masses": (
        "solar masses",
        "Sonnenmassen",
        "Sonnenmassen",
        "hmotností Slunce",
        "ηλιακές μάζες",
    ),
    "bottles": ("bottles", "Flaschen", "Flaschen", "lahví", "μπουκάλια"),
    "teaspoons": ("teaspoons", "Teelöffel", "Teelöffeln", "čajových lžiček", "κουταλάκια"),
    "ingredients": ("ingredients", "Zutaten", "Zutaten", "přísad", "υλικά"),
    "botanicals": (
        "herbs and plants",
        "Kräuter und Pflanzen",
        "Kräutern und Pflanzen",
        "bylin a rostlin",
        "βότανα και φυτά",
    ),
    "stigmas": ("stigmas", "Narben", "Narben", "blizen", "στίγματα"),
    "seeds": ("seeds", "Samen", "Samen", "semen", "σπόροι", "σπόρους"),
    "tastes": ("tastes", "Geschmacksrichtungen", "Geschmacksrichtungen", "chutí", "γεύσεις"),
    "atoms": ("atoms", "Atome", "Atomen", "atomů", "άτομα"),
    "million-shu": (
        "million Scoville units",
        "Millionen Scoville-Einheiten",
        "Millionen Scoville-Einheiten",
        "milionů Scovilleových jednotek",
        "εκατομμύρια μονάδες Scoville",
    ),
    "": ("", "", "", "", ""),
}
"""Every unit a card may name, in each language's form."""

POINT = {"en": ".", "de": ",", "cs": ",", "el": ","}
BC = {"en": "BC", "de": "v. Chr.", "cs": "př. n. l.", "el": "π.Χ."}
BC_NOTE = {
    "en": " Give years BC as negative numbers (for example, 200 BC = -200).",
    "de": " Jahre v. Chr. bitte als negative Zahl angeben (zum Beispiel 200 v. Chr. = -200).",
    "cs": " Roky před naším letopočtem zadejte jako záporná čísla"
    " (například 200 př. n. l. = -200).",
    "el": " Δώστε τα έτη π.Χ. ως αρνητικούς αριθμούς (για παράδειγμα, 200 π.Χ. = -200).",
}


def number(value: Decimal, lang: str) -> str:
    """English and German group from four digits (`1,500`, `1.500`), Czech and Greek from five
    (`1500`, `10 000`, `10.000`), as the other packs of each language do."""
    if lang in ("cs", "el"):
        return format_number(value, lang, min_grouping=5)
    text = f"{value:,f}"
    if lang == "de":
        text = text.replace(",", "_").replace(".", ",").replace("_", ".")
    return text


def range_sentence(bounds: tuple[Decimal, Decimal], unit: str, lang: str) -> str:
    lo, hi = bounds
    if unit == "year":
        if hi < 0:
            a, b = f"{-lo} {BC[lang]}", f"{-hi} {BC[lang]}"
            return {
                "en": f"The year lies between {a} and {b} ({lo} to {hi}).",
                "de": f"Das Jahr liegt zwischen {a} und {b} ({lo} bis {hi}).",
                "cs": f"Rok leží mezi {a} a {b} ({lo} až {hi}).",
                "el": f"Η χρονιά είναι μεταξύ {a} και {b} ({lo} έως {hi}).",
            }[lang]
        assert lo > 0, "a year range that crosses 0"
        return {
            "en": f"The year lies between {lo} and {hi}.",
            "de": f"Das Jahr liegt zwischen {lo} und {hi}.",
            "cs": f"Rok leží mezi {lo} a {hi}.",
            "el": f"Η χρονιά είναι μεταξύ {lo} και {hi}.",
        }[lang]
    en, _, de_dat, cs, el, *el_acc = UNITS[unit]
    a, b = (number(v, lang) for v in bounds)
    tail = {"en": en, "de": de_dat, "cs": cs, "el": (el_acc or [el])[0]}[lang]
    tail = f" {tail}" if tail else ""
    return {
        "en": f"It is between {a} and {b}{tail}.",
        "de": f"Die Antwort liegt zwischen {a} und {b}{tail}.",
        "cs": f"Odpověď je od {a} do {b}{tail}.",
        "el": f"Η απάντηση είναι από {a} έως {b}{tail}.",
    }[lang]


def shown_unit(unit: str, lang: str) -> str:
    en, de, _, cs, el, *_ = UNITS[unit]
    return (
        {"en": en, "de": de, "cs": cs, "el": el}[lang]
        if unit != "year"
        else {"en": "year", "de": "Jahr", "cs": "rok", "el": "έτος"}[lang]
    )


def pair(text: str) -> tuple[Decimal, Decimal]:
    lo, hi = text.split()
    return Decimal(lo), Decimal(hi)


def cards(topic: str) -> list[Question]:
    found: list[Question] = []
    blocks = [b for b in (CARDS / f"{topic}.txt").read_text("utf-8").split("\n\n") if b.strip()]
    for block in blocks:
        lines = [line for line in block.strip().splitlines() if not line.startswith("#")]
        if not lines:
            continue
        head = [part.strip() for part in lines[0].split(" | ")]
        assert len(head) in (7, 8), lines[0]
        ident, answer, first, second, unit, difficulty, source, *dated = head
        as_of = datetime.date.fromisoformat(dated[0]) if dated else AS_OF
        unit = "" if unit == "-" else unit  # a count without a unit word
        texts = {}
        for line in lines[1:]:
            lang, rest = line.split(": ", 1)
            parts = [part.strip() for part in rest.split(" | ")]
            assert len(parts) == 3, line
            texts[lang] = parts
        assert tuple(texts) == LANGUAGES, (ident, tuple(texts))
        assert unit in UNITS, (ident, unit)
        value = Decimal(answer)
        r1, r2 = pair(first), pair(second)
        for lang in LANGUAGES:
            question, clue1, clue2 = texts[lang]
            if unit == "year" and value < 0:
                question += BC_NOTE[lang]
            found.append(
                Question(
                    id=ident,
                    language=lang,
                    topic=topic,
                    question=question,
                    hint1=f"{clue1} {range_sentence(r1, unit, lang)}",
                    hint2=f"{clue2} {range_sentence(r2, unit, lang)}",
                    answer=value,
                    unit=shown_unit(unit, lang),
                    source=source,
                    licence=LICENCE,
                    as_of=as_of,
                    hint1_range=r1,
                    hint2_range=r2,
                    difficulty=int(difficulty),
                )
            )
    return found


def main() -> int:
    every = [q for topic in TOPICS if (CARDS / f"{topic}.txt").exists() for q in cards(topic)]
    for lang in LANGUAGES:
        chosen = [q for q in every if q.language == lang]
        write_pack(chosen, PACK_DIR / f"handwritten-a.{lang}.jsonl", explicit_difficulty=True)
    print(len(every) // len(LANGUAGES), "questions in each of", ", ".join(LANGUAGES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
