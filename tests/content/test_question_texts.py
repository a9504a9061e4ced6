"""Shipped question texts a reviewer read, per language: a fixed sample of the generated
templates and estimation hints, compared with text checked by hand (issue 23, "every language
correct": no "im Jahr 1970 65 Jahre", "Jak starý je vesmír", μεταξύ with the genitive).

`REVIEWED` holds two questions of every generator template in every language that has it
(question and hint 1), read for grammar and wording: Greek genitives after μεταξύ and in the
hint units (ωρών, παιδιών ανά γυναίκα), Czech instrumentals after mezi (hodinami, dětmi,
sňatky), German cases (Kindern je Frau, an der Bevölkerung in Nigeria). A new template, or a
changed text, fails here until a reviewer has read it and added or updated its two entries."""

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


REVIEWED: dict[tuple[str, str], tuple[str, str]] = {
    ("en", "pop-deu-1970"): (
        (
            "According to the UN, how many people lived in Germany in 1970? Rounded to one "
            "decimal place."
        ),
        "It is between 60 and 160 million.",
    ),
    ("en", "pop-world-2020"): (
        (
            "According to the UN, how many people lived in the world in 2020? Rounded to one "
            "decimal place."
        ),
        "It is between 2,500 and 15,000 million.",
    ),
    ("en", "aged65-jpn-2020"): (
        (
            "According to the UN, what share of the people in Japan were aged 65 or over in "
            "2020? Rounded to one decimal place."
        ),
        "It is between 20 and 70 per cent.",
    ),
    ("en", "aged65-bra-1970"): (
        (
            "According to the UN, what share of the people in Brazil were aged 65 or over in "
            "1970? Rounded to one decimal place."
        ),
        "It is between 1 and 6 per cent.",
    ),
    ("en", "under15-nga-2020"): (
        (
            "According to the UN, what share of the people in Nigeria were children under 15 "
            "in 2020? Rounded to one decimal place."
        ),
        "It is between 30 and 80 per cent.",
    ),
    ("en", "under15-ita-1970"): (
        (
            "According to the UN, what share of the people in Italy were children under 15 in "
            "1970? Rounded to one decimal place."
        ),
        "It is between 10 and 60 per cent.",
    ),
    ("en", "life-deu-1970"): (
        (
            "According to Gapminder, what was the life expectancy at birth in Germany in "
            "1970? Rounded to one decimal place."
        ),
        "It is between 55 and 75 years.",
    ),
    ("en", "life-ind-2013"): (
        (
            "According to Gapminder, what was the life expectancy at birth in India in 2013? "
            "Rounded to one decimal place."
        ),
        "It is between 50 and 100 years.",
    ),
    ("en", "fertility-deu-1970"): (
        (
            "According to Gapminder, how many children did a woman in Germany have on average "
            "(total fertility rate) in 1970? Rounded to one decimal place."
        ),
        "It is between 0.5 and 2.5 children per woman.",
    ),
    ("en", "fertility-ind-2013"): (
        (
            "According to Gapminder, how many children did a woman in India have on average "
            "(total fertility rate) in 2013? Rounded to one decimal place."
        ),
        "It is between 2 and 4 children per woman.",
    ),
    ("en", "marriage-usa-1950"): (
        (
            "According to the CDC, what was the marriage rate in the United States in 1950? "
            "Rounded to one decimal place."
        ),
        "It is between 8 and 18 marriages per 1,000 people.",
    ),
    ("en", "marriage-usa-2010"): (
        (
            "According to the CDC, what was the marriage rate in the United States in 2010? "
            "Rounded to one decimal place."
        ),
        "It is between 2.5 and 15 marriages per 1,000 people.",
    ),
    ("en", "divorce-usa-1980"): (
        (
            "According to the CDC, what was the divorce rate in the United States in 1980? "
            "Rounded to one decimal place."
        ),
        "It is between 2 and 15 divorces per 1,000 people.",
    ),
    ("en", "divorce-usa-1900"): (
        (
            "According to the CDC, what was the divorce rate in the United States in 1900? "
            "Rounded to one decimal place."
        ),
        "It is between 0 and 10 divorces per 1,000 people.",
    ),
    ("en", "unemployment-usa-1982"): (
        (
            "What was the unemployment rate in the United States in 1982 (annual average)? "
            "Rounded to one decimal place."
        ),
        "It is between 6 and 16 per cent.",
    ),
    ("en", "unemployment-usa-2009"): (
        (
            "What was the unemployment rate in the United States in 2009 (annual average)? "
            "Rounded to one decimal place."
        ),
        "It is between 2 and 12 per cent.",
    ),
    ("en", "stock-aapl-2008"): (
        (
            "What did one Apple share cost at the close of the last trading day of 2008, not "
            "adjusted for later stock splits? Rounded to a whole number."
        ),
        "It is between 60 and 160 US dollars.",
    ),
    ("en", "stock-msft-2001"): (
        (
            "What did one Microsoft share cost at the close of the last trading day of 2001, "
            "not adjusted for later stock splits? Rounded to a whole number."
        ),
        "It is between 30 and 80 US dollars.",
    ),
    ("en", "area-fra"): (
        (
            "According to GeoNames, how large is the area of France? Rounded to the nearest "
            "thousand."
        ),
        "It is between 200,000 and 1,200,000 km².",
    ),
    ("en", "area-usa"): (
        (
            "According to GeoNames, how large is the area of the United States? Rounded to "
            "the nearest thousand."
        ),
        "It is between 4,000,000 and 14,000,000 km².",
    ),
    ("en", "lat-prague-cz"): (
        (
            "At what latitude does Prague (Czechia) lie? Rounded to a whole number. Latitudes "
            "south of the equator are negative."
        ),
        "It is between 20 and 70 degrees.",
    ),
    ("en", "lat-sydney-au"): (
        (
            "At what latitude does Sydney (Australia) lie? Rounded to a whole number. "
            "Latitudes south of the equator are negative."
        ),
        "It is between −55 and −30 degrees.",
    ),
    ("en", "lon-prague-cz"): (
        (
            "At what longitude does Prague (Czechia) lie? Rounded to a whole number. "
            "Longitudes west of Greenwich are negative."
        ),
        "It is between 10 and 60 degrees.",
    ),
    ("en", "lon-los-angeles-us"): (
        (
            "At what longitude does Los Angeles (United States) lie? Rounded to a whole "
            "number. Longitudes west of Greenwich are negative."
        ),
        "It is between −180 and −80 degrees.",
    ),
    ("en", "daylight-december-oslo-no"): (
        (
            "How long was the day in Oslo (Norway) on 21 December 2025, from sunrise to "
            "sunset? Rounded to one decimal place."
        ),
        "It is between 2 and 12 hours.",
    ),
    ("en", "daylight-june-sydney-au"): (
        (
            "How long was the day in Sydney (Australia) on 21 June 2025, from sunrise to "
            "sunset? Rounded to one decimal place."
        ),
        "It is between 2 and 12 hours.",
    ),
    ("en", "utc-tokyo-jp"): (
        (
            "By how many hours were clocks in Tokyo (Japan) ahead of UTC in January 2026? If "
            "they were behind, the answer is negative."
        ),
        "It is between 5 and 10 hours.",
    ),
    ("en", "utc-los-angeles-us"): (
        (
            "By how many hours were clocks in Los Angeles (United States) ahead of UTC in "
            "January 2026? If they were behind, the answer is negative."
        ),
        "It is between −12 and −2 hours.",
    ),
    ("en", "dist-athens-gr-riyadh-sa"): (
        (
            "How far apart are Athens (Greece) and Riyadh (Saudi Arabia) as the crow flies "
            "(great-circle distance)? Rounded to the nearest ten."
        ),
        "It is between 1,000 and 3,000 km.",
    ),
    ("en", "dist-berlin-de-tokyo-jp"): (
        (
            "How far apart are Berlin (Germany) and Tokyo (Japan) as the crow flies "
            "(great-circle distance)? Rounded to the nearest ten."
        ),
        "It is between 2,000 and 12,000 km.",
    ),
    ("en", "airport-den"): (
        (
            "How high above sea level is Denver International Airport (DEN, Denver)? Rounded "
            "to a whole number."
        ),
        "It is between 1,000 and 3,500 m.",
    ),
    ("en", "airport-ord"): (
        (
            "How high above sea level is Chicago O'Hare International Airport (ORD, Chicago)? "
            "Rounded to a whole number."
        ),
        "It is between 50 and 250 m.",
    ),
    ("en", "element-number-fe"): (
        "What is the atomic number of iron (symbol Fe)?",
        "It is between 15 and 40.",
    ),
    ("en", "element-number-w"): (
        "What is the atomic number of tungsten (symbol W)?",
        "It is between 50 and 100.",
    ),
    ("en", "element-weight-c"): (
        "What is the standard atomic weight of carbon? Rounded to a whole number.",
        "It is between 6 and 40.",
    ),
    ("en", "element-weight-au"): (
        "What is the standard atomic weight of gold? Rounded to a whole number.",
        "It is between 180 and 280.",
    ),
    ("en", "element-boil-fe"): (
        "At what temperature does iron boil at standard pressure? Rounded to a whole number.",
        "It is between 1,500 and 3,500 °C.",
    ),
    ("en", "element-boil-hg"): (
        "At what temperature does mercury boil at standard pressure? Rounded to a whole number.",
        "It is between 100 and 600 °C.",
    ),
    ("en", "element-melt-fe"): (
        "At what temperature does iron melt at standard pressure? Rounded to a whole number.",
        "It is between 500 and 2,500 °C.",
    ),
    ("en", "element-melt-ga"): (
        "At what temperature does gallium melt at standard pressure? Rounded to a whole number.",
        "It is between −100 and 100 °C.",
    ),
    ("en", "element-density-au"): (
        "What is the density of gold near room temperature? Rounded to one decimal place.",
        "It is between 15 and 40 g/cm³.",
    ),
    ("en", "element-density-li"): (
        "What is the density of lithium near room temperature? Rounded to one decimal place.",
        "It is between 0 and 5 g/cm³.",
    ),
    ("en", "element-discovery-o"): (
        "In which year was oxygen discovered, according to the mendeleev element data?",
        "It is between 1700 and 1800.",
    ),
    ("en", "element-discovery-he"): (
        "In which year was helium discovered, according to the mendeleev element data?",
        "It is between 1820 and 1920.",
    ),
    ("en", "element-crust-si"): (
        "What share of the Earth's crust (by mass) is silicon? Rounded to two decimal places.",
        "It is between 15 and 100 per cent.",
    ),
    ("en", "element-crust-fe"): (
        "What share of the Earth's crust (by mass) is iron? Rounded to two decimal places.",
        "It is between 4 and 9 per cent.",
    ),
    ("en", "element-seawater-na"): (
        "How much sodium does seawater contain on average, per litre? Rounded to a whole number.",
        "It is between 8,000 and 18,000 mg/L.",
    ),
    ("en", "element-seawater-mg"): (
        (
            "How much magnesium does seawater contain on average, per litre? Rounded to a "
            "whole number."
        ),
        "It is between 500 and 2,500 mg/L.",
    ),
    ("en", "sprint-100m-men-1936"): (
        (
            "In what time did Jesse Owens (United States) win the men's 100 m at the 1936 "
            "Olympic Games?"
        ),
        "It is between 10.2 and 11.2 seconds.",
    ),
    ("en", "sprint-100m-men-2008"): (
        "In what time did Usain Bolt (Jamaica) win the men's 100 m at the 2008 Olympic Games?",
        "It is between 9 and 10 seconds.",
    ),
    ("en", "film-year-casablanca"): (
        "In which year was the film “Casablanca”, directed by Michael Curtiz, released?",
        "It is between 1920 and 1945.",
    ),
    ("en", "film-year-the-godfather"): (
        "In which year was the film “The Godfather”, directed by Francis Ford Coppola, released?",
        "It is between 1965 and 1990.",
    ),
    ("en", "penguin-mass-adelie"): (
        (
            "What was the average body mass of the Adélie penguins measured near Palmer "
            "Station, Antarctica, in 2007–2009? Rounded to the nearest ten."
        ),
        "It is between 3,000 and 5,000 g.",
    ),
    ("en", "penguin-bill-gentoo"): (
        (
            "What was the average bill length of the gentoo penguins measured near Palmer "
            "Station, Antarctica, in 2007–2009? Rounded to one decimal place."
        ),
        "It is between 40 and 60 mm.",
    ),
    ("de", "pop-deu-1970"): (
        (
            "Wie viele Menschen lebten laut UN im Jahr 1970 in Deutschland? Auf eine "
            "Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 60 und 160 Millionen.",
    ),
    ("de", "pop-world-2020"): (
        (
            "Wie viele Menschen lebten laut UN im Jahr 2020 auf der Welt? Auf eine "
            "Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 2.500 und 15.000 Millionen.",
    ),
    ("de", "aged65-jpn-2020"): (
        (
            "Welcher Anteil der Menschen in Japan war 2020 laut UN mindestens 65 Jahre alt? "
            "Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 20 und 70 Prozent.",
    ),
    ("de", "aged65-bra-1970"): (
        (
            "Welcher Anteil der Menschen in Brasilien war 1970 laut UN mindestens 65 Jahre "
            "alt? Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 1 und 6 Prozent.",
    ),
    ("de", "under15-nga-2020"): (
        (
            "Wie hoch war laut UN im Jahr 2020 der Anteil der Kinder unter 15 Jahren an der "
            "Bevölkerung in Nigeria? Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 30 und 80 Prozent.",
    ),
    ("de", "under15-ita-1970"): (
        (
            "Wie hoch war laut UN im Jahr 1970 der Anteil der Kinder unter 15 Jahren an der "
            "Bevölkerung in Italien? Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 10 und 60 Prozent.",
    ),
    ("de", "life-deu-1970"): (
        (
            "Wie hoch war laut Gapminder die Lebenserwartung bei Geburt in Deutschland im "
            "Jahr 1970? Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 55 und 75 Jahren.",
    ),
    ("de", "life-ind-2013"): (
        (
            "Wie hoch war laut Gapminder die Lebenserwartung bei Geburt in Indien im Jahr "
            "2013? Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 50 und 100 Jahren.",
    ),
    ("de", "fertility-deu-1970"): (
        (
            "Wie viele Kinder bekam laut Gapminder eine Frau in Deutschland im Jahr 1970 "
            "durchschnittlich (zusammengefasste Geburtenziffer)? Auf eine Nachkommastelle "
            "gerundet."
        ),
        "Die Antwort liegt zwischen 0,5 und 2,5 Kindern je Frau.",
    ),
    ("de", "fertility-ind-2013"): (
        (
            "Wie viele Kinder bekam laut Gapminder eine Frau in Indien im Jahr 2013 "
            "durchschnittlich (zusammengefasste Geburtenziffer)? Auf eine Nachkommastelle "
            "gerundet."
        ),
        "Die Antwort liegt zwischen 2 und 4 Kindern je Frau.",
    ),
    ("de", "marriage-usa-1950"): (
        (
            "Wie hoch war laut CDC die Heiratsrate in den USA im Jahr 1950? Auf eine "
            "Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 8 und 18 Eheschließungen je 1.000 Einwohner.",
    ),
    ("de", "marriage-usa-2010"): (
        (
            "Wie hoch war laut CDC die Heiratsrate in den USA im Jahr 2010? Auf eine "
            "Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 2,5 und 15 Eheschließungen je 1.000 Einwohner.",
    ),
    ("de", "divorce-usa-1980"): (
        (
            "Wie hoch war laut CDC die Scheidungsrate in den USA im Jahr 1980? Auf eine "
            "Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 2 und 15 Scheidungen je 1.000 Einwohner.",
    ),
    ("de", "divorce-usa-1900"): (
        (
            "Wie hoch war laut CDC die Scheidungsrate in den USA im Jahr 1900? Auf eine "
            "Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 0 und 10 Scheidungen je 1.000 Einwohner.",
    ),
    ("de", "unemployment-usa-1982"): (
        (
            "Wie hoch war die Arbeitslosenquote in den USA im Jahr 1982 (Jahresdurchschnitt)? "
            "Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 6 und 16 Prozent.",
    ),
    ("de", "unemployment-usa-2009"): (
        (
            "Wie hoch war die Arbeitslosenquote in den USA im Jahr 2009 (Jahresdurchschnitt)? "
            "Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 2 und 12 Prozent.",
    ),
    ("de", "stock-aapl-2008"): (
        (
            "Was kostete eine Apple-Aktie bei Handelsschluss am letzten Handelstag des Jahres "
            "2008, nicht um spätere Aktiensplits bereinigt? Auf eine ganze Zahl gerundet."
        ),
        "Die Antwort liegt zwischen 60 und 160 US-Dollar.",
    ),
    ("de", "stock-msft-2001"): (
        (
            "Was kostete eine Microsoft-Aktie bei Handelsschluss am letzten Handelstag des "
            "Jahres 2001, nicht um spätere Aktiensplits bereinigt? Auf eine ganze Zahl "
            "gerundet."
        ),
        "Die Antwort liegt zwischen 30 und 80 US-Dollar.",
    ),
    ("de", "area-fra"): (
        "Wie groß ist laut GeoNames die Fläche von Frankreich? Auf volle Tausend gerundet.",
        "Die Antwort liegt zwischen 200.000 und 1.200.000 km².",
    ),
    ("de", "area-usa"): (
        (
            "Wie groß ist laut GeoNames die Fläche von den Vereinigten Staaten? Auf volle "
            "Tausend gerundet."
        ),
        "Die Antwort liegt zwischen 4.000.000 und 14.000.000 km².",
    ),
    ("de", "lat-prague-cz"): (
        (
            "Auf welchem Breitengrad liegt Prag (Tschechien)? Auf eine ganze Zahl gerundet. "
            "Südliche Breiten sind negativ."
        ),
        "Die Antwort liegt zwischen 20 und 70 Grad.",
    ),
    ("de", "lat-sydney-au"): (
        (
            "Auf welchem Breitengrad liegt Sydney (Australien)? Auf eine ganze Zahl gerundet. "
            "Südliche Breiten sind negativ."
        ),
        "Die Antwort liegt zwischen −55 und −30 Grad.",
    ),
    ("de", "lon-prague-cz"): (
        (
            "Auf welchem Längengrad liegt Prag (Tschechien)? Auf eine ganze Zahl gerundet. "
            "Westliche Längen sind negativ."
        ),
        "Die Antwort liegt zwischen 10 und 60 Grad.",
    ),
    ("de", "lon-los-angeles-us"): (
        (
            "Auf welchem Längengrad liegt Los Angeles (Vereinigte Staaten)? Auf eine ganze "
            "Zahl gerundet. Westliche Längen sind negativ."
        ),
        "Die Antwort liegt zwischen −180 und −80 Grad.",
    ),
    ("de", "daylight-december-oslo-no"): (
        (
            "Wie lang war der Tag in Oslo (Norwegen) am 21. Dezember 2025, von Sonnenaufgang "
            "bis Sonnenuntergang? Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 2 und 12 Stunden.",
    ),
    ("de", "daylight-june-sydney-au"): (
        (
            "Wie lang war der Tag in Sydney (Australien) am 21. Juni 2025, von Sonnenaufgang "
            "bis Sonnenuntergang? Auf eine Nachkommastelle gerundet."
        ),
        "Die Antwort liegt zwischen 2 und 12 Stunden.",
    ),
    ("de", "utc-tokyo-jp"): (
        (
            "Um wie viele Stunden gingen die Uhren in Tokio (Japan) im Januar 2026 gegenüber "
            "UTC vor? Gingen sie nach, ist die Antwort negativ."
        ),
        "Die Antwort liegt zwischen 5 und 10 Stunden.",
    ),
    ("de", "utc-los-angeles-us"): (
        (
            "Um wie viele Stunden gingen die Uhren in Los Angeles (Vereinigte Staaten) im "
            "Januar 2026 gegenüber UTC vor? Gingen sie nach, ist die Antwort negativ."
        ),
        "Die Antwort liegt zwischen −12 und −2 Stunden.",
    ),
    ("de", "dist-athens-gr-riyadh-sa"): (
        (
            "Wie weit sind Athen (Griechenland) und Riad (Saudi-Arabien) Luftlinie "
            "(Großkreisentfernung) voneinander entfernt? Auf volle Zehner gerundet."
        ),
        "Die Antwort liegt zwischen 1.000 und 3.000 km.",
    ),
    ("de", "dist-berlin-de-tokyo-jp"): (
        (
            "Wie weit sind Berlin (Deutschland) und Tokio (Japan) Luftlinie "
            "(Großkreisentfernung) voneinander entfernt? Auf volle Zehner gerundet."
        ),
        "Die Antwort liegt zwischen 2.000 und 12.000 km.",
    ),
    ("de", "airport-den"): (
        (
            "Auf welcher Höhe über dem Meeresspiegel liegt der Flughafen Denver International "
            "Airport (DEN, Denver)? Auf eine ganze Zahl gerundet."
        ),
        "Die Antwort liegt zwischen 1.000 und 3.500 m.",
    ),
    ("de", "airport-ord"): (
        (
            "Auf welcher Höhe über dem Meeresspiegel liegt der Flughafen Chicago O'Hare "
            "International Airport (ORD, Chicago)? Auf eine ganze Zahl gerundet."
        ),
        "Die Antwort liegt zwischen 50 und 250 m.",
    ),
    ("de", "element-number-fe"): (
        "Welche Ordnungszahl hat Eisen (Symbol Fe)?",
        "Die Antwort liegt zwischen 15 und 40.",
    ),
    ("de", "element-number-w"): (
        "Welche Ordnungszahl hat Wolfram (Symbol W)?",
        "Die Antwort liegt zwischen 50 und 100.",
    ),
    ("de", "element-weight-c"): (
        "Wie groß ist die Standard-Atommasse von Kohlenstoff? Auf eine ganze Zahl gerundet.",
        "Die Antwort liegt zwischen 6 und 40.",
    ),
    ("de", "element-weight-au"): (
        "Wie groß ist die Standard-Atommasse von Gold? Auf eine ganze Zahl gerundet.",
        "Die Antwort liegt zwischen 180 und 280.",
    ),
    ("de", "element-boil-fe"): (
        "Bei welcher Temperatur siedet Eisen unter Normaldruck? Auf eine ganze Zahl gerundet.",
        "Die Antwort liegt zwischen 1.500 und 3.500 °C.",
    ),
    ("de", "element-boil-hg"): (
        (
            "Bei welcher Temperatur siedet Quecksilber unter Normaldruck? Auf eine ganze Zahl "
            "gerundet."
        ),
        "Die Antwort liegt zwischen 100 und 600 °C.",
    ),
    ("de", "element-melt-fe"): (
        "Bei welcher Temperatur schmilzt Eisen unter Normaldruck? Auf eine ganze Zahl gerundet.",
        "Die Antwort liegt zwischen 500 und 2.500 °C.",
    ),
    ("de", "element-melt-ga"): (
        (
            "Bei welcher Temperatur schmilzt Gallium unter Normaldruck? Auf eine ganze Zahl "
            "gerundet."
        ),
        "Die Antwort liegt zwischen −100 und 100 °C.",
    ),
    ("de", "element-density-au"): (
        "Wie hoch ist die Dichte von Gold bei Raumtemperatur? Auf eine Nachkommastelle gerundet.",
        "Die Antwort liegt zwischen 15 und 40 g/cm³.",
    ),
    ("de", "element-density-li"): (
        (
            "Wie hoch ist die Dichte von Lithium bei Raumtemperatur? Auf eine Nachkommastelle "
            "gerundet."
        ),
        "Die Antwort liegt zwischen 0 und 5 g/cm³.",
    ),
    ("de", "element-discovery-o"): (
        "In welchem Jahr wurde Sauerstoff entdeckt (laut den Elementdaten von mendeleev)?",
        "Die Antwort liegt zwischen 1700 und 1800.",
    ),
    ("de", "element-discovery-he"): (
        "In welchem Jahr wurde Helium entdeckt (laut den Elementdaten von mendeleev)?",
        "Die Antwort liegt zwischen 1820 und 1920.",
    ),
    ("de", "element-crust-si"): (
        "Welchen Massenanteil hat Silicium an der Erdkruste? Auf zwei Nachkommastellen gerundet.",
        "Die Antwort liegt zwischen 15 und 100 Prozent.",
    ),
    ("de", "element-crust-fe"): (
        "Welchen Massenanteil hat Eisen an der Erdkruste? Auf zwei Nachkommastellen gerundet.",
        "Die Antwort liegt zwischen 4 und 9 Prozent.",
    ),
    ("de", "element-seawater-na"): (
        (
            "Wie viel Natrium enthält Meerwasser im Durchschnitt pro Liter? Auf eine ganze "
            "Zahl gerundet."
        ),
        "Die Antwort liegt zwischen 8.000 und 18.000 mg/l.",
    ),
    ("de", "element-seawater-mg"): (
        (
            "Wie viel Magnesium enthält Meerwasser im Durchschnitt pro Liter? Auf eine ganze "
            "Zahl gerundet."
        ),
        "Die Antwort liegt zwischen 500 und 2.500 mg/l.",
    ),
    ("de", "sprint-100m-men-1936"): (
        (
            "In welcher Zeit gewann Jesse Owens (USA) bei den Olympischen Spielen 1936 den "
            "100-m-Lauf der Männer?"
        ),
        "Die Antwort liegt zwischen 10,2 und 11,2 Sekunden.",
    ),
    ("de", "sprint-100m-men-2008"): (
        (
            "In welcher Zeit gewann Usain Bolt (Jamaika) bei den Olympischen Spielen 2008 den "
            "100-m-Lauf der Männer?"
        ),
        "Die Antwort liegt zwischen 9 und 10 Sekunden.",
    ),
    ("de", "film-year-casablanca"): (
        "In welchem Jahr erschien der Film „Casablanca“ von Michael Curtiz?",
        "Die Antwort liegt zwischen 1920 und 1945.",
    ),
    ("de", "film-year-the-godfather"): (
        (
            "In welchem Jahr erschien der Film „Der Pate“ (Originaltitel „The Godfather“) von "
            "Francis Ford Coppola?"
        ),
        "Die Antwort liegt zwischen 1965 und 1990.",
    ),
    ("de", "penguin-mass-adelie"): (
        (
            "Wie groß war die durchschnittliche Körpermasse der 2007–2009 bei der "
            "Palmer-Station (Antarktis) vermessenen Adeliepinguine? Auf volle Zehner "
            "gerundet."
        ),
        "Die Antwort liegt zwischen 3.000 und 5.000 g.",
    ),
    ("de", "penguin-bill-gentoo"): (
        (
            "Wie groß war die durchschnittliche Schnabellänge der 2007–2009 bei der "
            "Palmer-Station (Antarktis) vermessenen Eselspinguine? Auf eine Nachkommastelle "
            "gerundet."
        ),
        "Die Antwort liegt zwischen 40 und 60 mm.",
    ),
    ("cs", "pop-deu-1970"): (
        (
            "Německo: kolik lidí zde podle OSN žilo v roce 1970? Zaokrouhleno na jedno "
            "desetinné místo."
        ),
        "Odpověď leží mezi 60 a 160 miliony.",
    ),
    ("cs", "pop-world-2020"): (
        "Kolik lidí podle OSN žilo v roce 2020 na světě? Zaokrouhleno na jedno desetinné místo.",
        "Odpověď leží mezi 2 500 a 15 000 miliony.",
    ),
    ("cs", "aged65-jpn-2020"): (
        (
            "Japonsko: jaký podíl lidí zde byl podle OSN v roce 2020 ve věku 65 let a více? "
            "Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 20 a 70 procenty.",
    ),
    ("cs", "aged65-bra-1970"): (
        (
            "Brazílie: jaký podíl lidí zde byl podle OSN v roce 1970 ve věku 65 let a více? "
            "Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 1 a 6 procenty.",
    ),
    ("cs", "under15-nga-2020"): (
        (
            "Nigérie: jaký podíl lidí zde tvořily podle OSN v roce 2020 děti mladší 15 let? "
            "Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 30 a 80 procenty.",
    ),
    ("cs", "under15-ita-1970"): (
        (
            "Itálie: jaký podíl lidí zde tvořily podle OSN v roce 1970 děti mladší 15 let? "
            "Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 10 a 60 procenty.",
    ),
    ("cs", "life-deu-1970"): (
        (
            "Německo: jaká zde byla podle Gapminderu v roce 1970 naděje dožití při narození? "
            "Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 55 a 75 lety.",
    ),
    ("cs", "life-ind-2013"): (
        (
            "Indie: jaká zde byla podle Gapminderu v roce 2013 naděje dožití při narození? "
            "Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 50 a 100 lety.",
    ),
    ("cs", "fertility-deu-1970"): (
        (
            "Německo: kolik dětí zde měla podle Gapminderu v roce 1970 žena v průměru (úhrnná "
            "plodnost)? Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 0,5 a 2,5 dětmi na ženu.",
    ),
    ("cs", "fertility-ind-2013"): (
        (
            "Indie: kolik dětí zde měla podle Gapminderu v roce 2013 žena v průměru (úhrnná "
            "plodnost)? Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 2 a 4 dětmi na ženu.",
    ),
    ("cs", "marriage-usa-1950"): (
        (
            "Jaká byla podle CDC sňatečnost v USA v roce 1950? Zaokrouhleno na jedno "
            "desetinné místo."
        ),
        "Odpověď leží mezi 8 a 18 sňatky na 1000 obyvatel.",
    ),
    ("cs", "marriage-usa-2010"): (
        (
            "Jaká byla podle CDC sňatečnost v USA v roce 2010? Zaokrouhleno na jedno "
            "desetinné místo."
        ),
        "Odpověď leží mezi 2,5 a 15 sňatky na 1000 obyvatel.",
    ),
    ("cs", "divorce-usa-1980"): (
        (
            "Jaká byla podle CDC rozvodovost v USA v roce 1980? Zaokrouhleno na jedno "
            "desetinné místo."
        ),
        "Odpověď leží mezi 2 a 15 rozvody na 1000 obyvatel.",
    ),
    ("cs", "divorce-usa-1900"): (
        (
            "Jaká byla podle CDC rozvodovost v USA v roce 1900? Zaokrouhleno na jedno "
            "desetinné místo."
        ),
        "Odpověď leží mezi 0 a 10 rozvody na 1000 obyvatel.",
    ),
    ("cs", "unemployment-usa-1982"): (
        (
            "Jaká byla míra nezaměstnanosti v USA v roce 1982 (roční průměr)? Zaokrouhleno na "
            "jedno desetinné místo."
        ),
        "Odpověď leží mezi 6 a 16 procenty.",
    ),
    ("cs", "unemployment-usa-2009"): (
        (
            "Jaká byla míra nezaměstnanosti v USA v roce 2009 (roční průměr)? Zaokrouhleno na "
            "jedno desetinné místo."
        ),
        "Odpověď leží mezi 2 a 12 procenty.",
    ),
    ("cs", "stock-aapl-2008"): (
        (
            "Jaká byla závěrečná cena jedné akcie společnosti Apple v poslední obchodní den "
            "roku 2008, bez očištění o pozdější štěpení akcií? Zaokrouhleno na celé číslo."
        ),
        "Odpověď leží mezi 60 a 160 americkými dolary.",
    ),
    ("cs", "stock-msft-2001"): (
        (
            "Jaká byla závěrečná cena jedné akcie společnosti Microsoft v poslední obchodní "
            "den roku 2001, bez očištění o pozdější štěpení akcií? Zaokrouhleno na celé "
            "číslo."
        ),
        "Odpověď leží mezi 30 a 80 americkými dolary.",
    ),
    ("cs", "area-fra"): (
        "Francie: jakou rozlohu má tato země podle GeoNames? Zaokrouhleno na tisíce.",
        "Odpověď leží mezi 200 000 a 1 200 000 km².",
    ),
    ("cs", "area-usa"): (
        "Spojené státy: jakou rozlohu má tato země podle GeoNames? Zaokrouhleno na tisíce.",
        "Odpověď leží mezi 4 000 000 a 14 000 000 km².",
    ),
    ("cs", "lat-prague-cz"): (
        (
            "Praha (Česko): na jaké zeměpisné šířce leží toto město? Zaokrouhleno na celé "
            "číslo. Jižní šířky jsou záporné."
        ),
        "Odpověď leží mezi 20 a 70 stupni.",
    ),
    ("cs", "lat-sydney-au"): (
        (
            "Sydney (Austrálie): na jaké zeměpisné šířce leží toto město? Zaokrouhleno na "
            "celé číslo. Jižní šířky jsou záporné."
        ),
        "Odpověď leží mezi −55 a −30 stupni.",
    ),
    ("cs", "lon-prague-cz"): (
        (
            "Praha (Česko): na jaké zeměpisné délce leží toto město? Zaokrouhleno na celé "
            "číslo. Západní délky jsou záporné."
        ),
        "Odpověď leží mezi 10 a 60 stupni.",
    ),
    ("cs", "lon-los-angeles-us"): (
        (
            "Los Angeles (Spojené státy): na jaké zeměpisné délce leží toto město? "
            "Zaokrouhleno na celé číslo. Západní délky jsou záporné."
        ),
        "Odpověď leží mezi −180 a −80 stupni.",
    ),
    ("cs", "daylight-december-oslo-no"): (
        (
            "Oslo (Norsko): jak dlouhý zde byl den 21. prosince 2025, od východu do západu "
            "slunce? Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 2 a 12 hodinami.",
    ),
    ("cs", "daylight-june-sydney-au"): (
        (
            "Sydney (Austrálie): jak dlouhý zde byl den 21. června 2025, od východu do západu "
            "slunce? Zaokrouhleno na jedno desetinné místo."
        ),
        "Odpověď leží mezi 2 a 12 hodinami.",
    ),
    ("cs", "utc-tokyo-jp"): (
        (
            "Tokio (Japonsko): o kolik hodin šly zdejší hodiny v lednu 2026 napřed oproti "
            "UTC? Pokud šly pozadu, je odpověď záporná."
        ),
        "Odpověď leží mezi 5 a 10 hodinami.",
    ),
    ("cs", "utc-los-angeles-us"): (
        (
            "Los Angeles (Spojené státy): o kolik hodin šly zdejší hodiny v lednu 2026 napřed "
            "oproti UTC? Pokud šly pozadu, je odpověď záporná."
        ),
        "Odpověď leží mezi −12 a −2 hodinami.",
    ),
    ("cs", "dist-athens-gr-riyadh-sa"): (
        (
            "Jak daleko jsou od sebe vzdušnou čarou (po hlavní kružnici) Athény (Řecko) a "
            "Rijád (Saúdská Arábie)? Zaokrouhleno na desítky."
        ),
        "Odpověď leží mezi 1 000 a 3 000 km.",
    ),
    ("cs", "dist-berlin-de-tokyo-jp"): (
        (
            "Jak daleko jsou od sebe vzdušnou čarou (po hlavní kružnici) Berlín (Německo) a "
            "Tokio (Japonsko)? Zaokrouhleno na desítky."
        ),
        "Odpověď leží mezi 2 000 a 12 000 km.",
    ),
    ("cs", "airport-den"): (
        (
            "V jaké nadmořské výšce leží letiště Denver International Airport (DEN, Denver)? "
            "Zaokrouhleno na celé číslo."
        ),
        "Odpověď leží mezi 1 000 a 3 500 m.",
    ),
    ("cs", "airport-ord"): (
        (
            "V jaké nadmořské výšce leží letiště Chicago O'Hare International Airport (ORD, "
            "Chicago)? Zaokrouhleno na celé číslo."
        ),
        "Odpověď leží mezi 50 a 250 m.",
    ),
    ("cs", "element-number-fe"): (
        "Jaké je protonové číslo prvku železo (značka Fe)?",
        "Odpověď leží mezi 15 a 40.",
    ),
    ("cs", "element-number-w"): (
        "Jaké je protonové číslo prvku wolfram (značka W)?",
        "Odpověď leží mezi 50 a 100.",
    ),
    ("cs", "element-weight-c"): (
        "Jaká je standardní relativní atomová hmotnost prvku uhlík? Zaokrouhleno na celé číslo.",
        "Odpověď leží mezi 6 a 40.",
    ),
    ("cs", "element-weight-au"): (
        "Jaká je standardní relativní atomová hmotnost prvku zlato? Zaokrouhleno na celé číslo.",
        "Odpověď leží mezi 180 a 280.",
    ),
    ("cs", "element-boil-fe"): (
        "Jaká je teplota varu prvku železo za normálního tlaku? Zaokrouhleno na celé číslo.",
        "Odpověď leží mezi 1 500 a 3 500 °C.",
    ),
    ("cs", "element-boil-hg"): (
        "Jaká je teplota varu prvku rtuť za normálního tlaku? Zaokrouhleno na celé číslo.",
        "Odpověď leží mezi 100 a 600 °C.",
    ),
    ("cs", "element-melt-fe"): (
        "Jaká je teplota tání prvku železo za normálního tlaku? Zaokrouhleno na celé číslo.",
        "Odpověď leží mezi 500 a 2 500 °C.",
    ),
    ("cs", "element-melt-ga"): (
        "Jaká je teplota tání prvku gallium za normálního tlaku? Zaokrouhleno na celé číslo.",
        "Odpověď leží mezi −100 a 100 °C.",
    ),
    ("cs", "element-density-au"): (
        (
            "Jaká je hustota prvku zlato při pokojové teplotě? Zaokrouhleno na jedno "
            "desetinné místo."
        ),
        "Odpověď leží mezi 15 a 40 g/cm³.",
    ),
    ("cs", "element-density-li"): (
        (
            "Jaká je hustota prvku lithium při pokojové teplotě? Zaokrouhleno na jedno "
            "desetinné místo."
        ),
        "Odpověď leží mezi 0 a 5 g/cm³.",
    ),
    ("cs", "element-discovery-o"): (
        "Ve kterém roce byl objeven prvek kyslík (podle dat o prvcích z balíčku mendeleev)?",
        "Odpověď leží mezi 1700 a 1800.",
    ),
    ("cs", "element-discovery-he"): (
        "Ve kterém roce byl objeven prvek helium (podle dat o prvcích z balíčku mendeleev)?",
        "Odpověď leží mezi 1820 a 1920.",
    ),
    ("cs", "element-crust-si"): (
        (
            "Jaký hmotnostní podíl zemské kůry tvoří prvek křemík? Zaokrouhleno na dvě "
            "desetinná místa."
        ),
        "Odpověď leží mezi 15 a 100 procenty.",
    ),
    ("cs", "element-crust-fe"): (
        (
            "Jaký hmotnostní podíl zemské kůry tvoří prvek železo? Zaokrouhleno na dvě "
            "desetinná místa."
        ),
        "Odpověď leží mezi 4 a 9 procenty.",
    ),
    ("cs", "element-seawater-na"): (
        "Kolik prvku sodík obsahuje mořská voda v průměru na litr? Zaokrouhleno na celé číslo.",
        "Odpověď leží mezi 8 000 a 18 000 mg/l.",
    ),
    ("cs", "element-seawater-mg"): (
        "Kolik prvku hořčík obsahuje mořská voda v průměru na litr? Zaokrouhleno na celé číslo.",
        "Odpověď leží mezi 500 a 2 500 mg/l.",
    ),
    ("cs", "sprint-100m-men-1936"): (
        (
            "V jakém čase vyhrál Jesse Owens (USA) běh mužů na 100 m na olympijských hrách v "
            "roce 1936?"
        ),
        "Odpověď leží mezi 10,2 a 11,2 sekundami.",
    ),
    ("cs", "sprint-100m-men-2008"): (
        (
            "V jakém čase vyhrál Usain Bolt (Jamajka) běh mužů na 100 m na olympijských hrách "
            "v roce 2008?"
        ),
        "Odpověď leží mezi 9 a 10 sekundami.",
    ),
    ("el", "pop-deu-1970"): (
        (
            "Γερμανία: πόσοι άνθρωποι ζούσαν εκεί το 1970 σύμφωνα με τον ΟΗΕ; "
            "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 60 και 160 εκατομμυρίων.",
    ),
    ("el", "pop-world-2020"): (
        (
            "Πόσοι άνθρωποι ζούσαν στον κόσμο το 2020 σύμφωνα με τον ΟΗΕ; Στρογγυλοποιημένο "
            "σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 2.500 και 15.000 εκατομμυρίων.",
    ),
    ("el", "aged65-jpn-2020"): (
        (
            "Ιαπωνία: τι ποσοστό των κατοίκων ήταν 65 ετών και άνω το 2020 σύμφωνα με τον "
            "ΟΗΕ; Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 20 και 70 τοις εκατό.",
    ),
    ("el", "aged65-bra-1970"): (
        (
            "Βραζιλία: τι ποσοστό των κατοίκων ήταν 65 ετών και άνω το 1970 σύμφωνα με τον "
            "ΟΗΕ; Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 1 και 6 τοις εκατό.",
    ),
    ("el", "under15-nga-2020"): (
        (
            "Νιγηρία: τι ποσοστό των κατοίκων ήταν παιδιά κάτω των 15 ετών το 2020 σύμφωνα με "
            "τον ΟΗΕ; Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 30 και 80 τοις εκατό.",
    ),
    ("el", "under15-ita-1970"): (
        (
            "Ιταλία: τι ποσοστό των κατοίκων ήταν παιδιά κάτω των 15 ετών το 1970 σύμφωνα με "
            "τον ΟΗΕ; Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 10 και 60 τοις εκατό.",
    ),
    ("el", "life-deu-1970"): (
        (
            "Γερμανία: ποιο ήταν το προσδόκιμο ζωής κατά τη γέννηση το 1970 σύμφωνα με το "
            "Gapminder; Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 55 και 75 ετών.",
    ),
    ("el", "life-ind-2013"): (
        (
            "Ινδία: ποιο ήταν το προσδόκιμο ζωής κατά τη γέννηση το 2013 σύμφωνα με το "
            "Gapminder; Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 50 και 100 ετών.",
    ),
    ("el", "fertility-deu-1970"): (
        (
            "Γερμανία: πόσα παιδιά έκανε κατά μέσο όρο μια γυναίκα εκεί το 1970 (συνολικός "
            "δείκτης γονιμότητας) σύμφωνα με το Gapminder; Στρογγυλοποιημένο σε ένα δεκαδικό "
            "ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 0,5 και 2,5 παιδιών ανά γυναίκα.",
    ),
    ("el", "fertility-ind-2013"): (
        (
            "Ινδία: πόσα παιδιά έκανε κατά μέσο όρο μια γυναίκα εκεί το 2013 (συνολικός "
            "δείκτης γονιμότητας) σύμφωνα με το Gapminder; Στρογγυλοποιημένο σε ένα δεκαδικό "
            "ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 2 και 4 παιδιών ανά γυναίκα.",
    ),
    ("el", "marriage-usa-1950"): (
        (
            "Ποιος ήταν ο δείκτης γαμηλιότητας στις ΗΠΑ το 1950 σύμφωνα με το CDC; "
            "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 8 και 18 γάμων ανά 1.000 κατοίκους.",
    ),
    ("el", "marriage-usa-2010"): (
        (
            "Ποιος ήταν ο δείκτης γαμηλιότητας στις ΗΠΑ το 2010 σύμφωνα με το CDC; "
            "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 2,5 και 15 γάμων ανά 1.000 κατοίκους.",
    ),
    ("el", "divorce-usa-1980"): (
        (
            "Ποιος ήταν ο δείκτης διαζυγίων στις ΗΠΑ το 1980 σύμφωνα με το CDC; "
            "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 2 και 15 διαζυγίων ανά 1.000 κατοίκους.",
    ),
    ("el", "divorce-usa-1900"): (
        (
            "Ποιος ήταν ο δείκτης διαζυγίων στις ΗΠΑ το 1900 σύμφωνα με το CDC; "
            "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 0 και 10 διαζυγίων ανά 1.000 κατοίκους.",
    ),
    ("el", "unemployment-usa-1982"): (
        (
            "Ποιο ήταν το ποσοστό ανεργίας στις ΗΠΑ το 1982 (ετήσιος μέσος όρος); "
            "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 6 και 16 τοις εκατό.",
    ),
    ("el", "unemployment-usa-2009"): (
        (
            "Ποιο ήταν το ποσοστό ανεργίας στις ΗΠΑ το 2009 (ετήσιος μέσος όρος); "
            "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 2 και 12 τοις εκατό.",
    ),
    ("el", "stock-aapl-2008"): (
        (
            "Πόσο κόστιζε μία μετοχή της Apple στο κλείσιμο της τελευταίας ημέρας "
            "διαπραγμάτευσης του 2008, χωρίς προσαρμογή για μεταγενέστερες διασπάσεις "
            "μετοχών; Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 60 και 160 δολαρίων ΗΠΑ.",
    ),
    ("el", "stock-msft-2001"): (
        (
            "Πόσο κόστιζε μία μετοχή της Microsoft στο κλείσιμο της τελευταίας ημέρας "
            "διαπραγμάτευσης του 2001, χωρίς προσαρμογή για μεταγενέστερες διασπάσεις "
            "μετοχών; Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 30 και 80 δολαρίων ΗΠΑ.",
    ),
    ("el", "area-fra"): (
        (
            "Γαλλία: πόση είναι η έκταση της χώρας σύμφωνα με το GeoNames; Στρογγυλοποιημένο "
            "στη χιλιάδα."
        ),
        "Η απάντηση είναι μεταξύ 200.000 και 1.200.000 km².",
    ),
    ("el", "area-usa"): (
        (
            "Ηνωμένες Πολιτείες: πόση είναι η έκταση της χώρας σύμφωνα με το GeoNames; "
            "Στρογγυλοποιημένο στη χιλιάδα."
        ),
        "Η απάντηση είναι μεταξύ 4.000.000 και 14.000.000 km².",
    ),
    ("el", "lat-prague-cz"): (
        (
            "Πράγα (Τσεχία): σε ποιο γεωγραφικό πλάτος βρίσκεται η πόλη; Στρογγυλοποιημένο σε "
            "ακέραιο. Τα νότια πλάτη είναι αρνητικά."
        ),
        "Η απάντηση είναι μεταξύ 20 και 70 μοιρών.",
    ),
    ("el", "lat-sydney-au"): (
        (
            "Σίδνεϊ (Αυστραλία): σε ποιο γεωγραφικό πλάτος βρίσκεται η πόλη; "
            "Στρογγυλοποιημένο σε ακέραιο. Τα νότια πλάτη είναι αρνητικά."
        ),
        "Η απάντηση είναι μεταξύ −55 και −30 μοιρών.",
    ),
    ("el", "lon-prague-cz"): (
        (
            "Πράγα (Τσεχία): σε ποιο γεωγραφικό μήκος βρίσκεται η πόλη; Στρογγυλοποιημένο σε "
            "ακέραιο. Τα δυτικά μήκη είναι αρνητικά."
        ),
        "Η απάντηση είναι μεταξύ 10 και 60 μοιρών.",
    ),
    ("el", "lon-los-angeles-us"): (
        (
            "Λος Άντζελες (Ηνωμένες Πολιτείες): σε ποιο γεωγραφικό μήκος βρίσκεται η πόλη; "
            "Στρογγυλοποιημένο σε ακέραιο. Τα δυτικά μήκη είναι αρνητικά."
        ),
        "Η απάντηση είναι μεταξύ −180 και −80 μοιρών.",
    ),
    ("el", "daylight-december-oslo-no"): (
        (
            "Όσλο (Νορβηγία): πόσο κράτησε η μέρα εκεί στις 21 Δεκεμβρίου 2025, από την "
            "ανατολή ως τη δύση του ήλιου; Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 2 και 12 ωρών.",
    ),
    ("el", "daylight-june-sydney-au"): (
        (
            "Σίδνεϊ (Αυστραλία): πόσο κράτησε η μέρα εκεί στις 21 Ιουνίου 2025, από την "
            "ανατολή ως τη δύση του ήλιου; Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 2 και 12 ωρών.",
    ),
    ("el", "utc-tokyo-jp"): (
        (
            "Τόκιο (Ιαπωνία): πόσες ώρες μπροστά από την ώρα UTC ήταν τα ρολόγια εκεί τον "
            "Ιανουάριο του 2026; Αν ήταν πίσω, η απάντηση είναι αρνητική."
        ),
        "Η απάντηση είναι μεταξύ 5 και 10 ωρών.",
    ),
    ("el", "utc-los-angeles-us"): (
        (
            "Λος Άντζελες (Ηνωμένες Πολιτείες): πόσες ώρες μπροστά από την ώρα UTC ήταν τα "
            "ρολόγια εκεί τον Ιανουάριο του 2026; Αν ήταν πίσω, η απάντηση είναι αρνητική."
        ),
        "Η απάντηση είναι μεταξύ −12 και −2 ωρών.",
    ),
    ("el", "dist-athens-gr-riyadh-sa"): (
        (
            "Πόση είναι η απόσταση σε ευθεία γραμμή (ορθοδρομική απόσταση) μεταξύ της Αθήνας "
            "(Ελλάδα) και του Ριάντ (Σαουδική Αραβία); Στρογγυλοποιημένο στη δεκάδα."
        ),
        "Η απάντηση είναι μεταξύ 1.000 και 3.000 km.",
    ),
    ("el", "dist-berlin-de-tokyo-jp"): (
        (
            "Πόση είναι η απόσταση σε ευθεία γραμμή (ορθοδρομική απόσταση) μεταξύ του "
            "Βερολίνου (Γερμανία) και του Τόκιο (Ιαπωνία); Στρογγυλοποιημένο στη δεκάδα."
        ),
        "Η απάντηση είναι μεταξύ 2.000 και 12.000 km.",
    ),
    ("el", "airport-den"): (
        (
            "Σε ποιο υψόμετρο βρίσκεται το αεροδρόμιο Denver International Airport (DEN, "
            "Denver); Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 1.000 και 3.500 m.",
    ),
    ("el", "airport-ord"): (
        (
            "Σε ποιο υψόμετρο βρίσκεται το αεροδρόμιο Chicago O'Hare International Airport "
            "(ORD, Chicago); Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 50 και 250 m.",
    ),
    ("el", "element-number-fe"): (
        "Ποιος είναι ο ατομικός αριθμός του στοιχείου σίδηρος (σύμβολο Fe);",
        "Η απάντηση είναι μεταξύ 15 και 40.",
    ),
    ("el", "element-number-w"): (
        "Ποιος είναι ο ατομικός αριθμός του στοιχείου βολφράμιο (σύμβολο W);",
        "Η απάντηση είναι μεταξύ 50 και 100.",
    ),
    ("el", "element-weight-c"): (
        (
            "Ποιο είναι το πρότυπο ατομικό βάρος του στοιχείου άνθρακας; Στρογγυλοποιημένο σε "
            "ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 6 και 40.",
    ),
    ("el", "element-weight-au"): (
        "Ποιο είναι το πρότυπο ατομικό βάρος του στοιχείου χρυσός; Στρογγυλοποιημένο σε ακέραιο.",
        "Η απάντηση είναι μεταξύ 180 και 280.",
    ),
    ("el", "element-boil-fe"): (
        (
            "Ποιο είναι το σημείο βρασμού του στοιχείου σίδηρος σε κανονική πίεση; "
            "Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 1.500 και 3.500 °C.",
    ),
    ("el", "element-boil-hg"): (
        (
            "Ποιο είναι το σημείο βρασμού του στοιχείου υδράργυρος σε κανονική πίεση; "
            "Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 100 και 600 °C.",
    ),
    ("el", "element-melt-fe"): (
        (
            "Ποιο είναι το σημείο τήξης του στοιχείου σίδηρος σε κανονική πίεση; "
            "Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 500 και 2.500 °C.",
    ),
    ("el", "element-melt-ga"): (
        (
            "Ποιο είναι το σημείο τήξης του στοιχείου γάλλιο σε κανονική πίεση; "
            "Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ −100 και 100 °C.",
    ),
    ("el", "element-density-au"): (
        (
            "Ποια είναι η πυκνότητα του στοιχείου χρυσός σε θερμοκρασία δωματίου; "
            "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 15 και 40 g/cm³.",
    ),
    ("el", "element-density-li"): (
        (
            "Ποια είναι η πυκνότητα του στοιχείου λίθιο σε θερμοκρασία δωματίου; "
            "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο."
        ),
        "Η απάντηση είναι μεταξύ 0 και 5 g/cm³.",
    ),
    ("el", "element-discovery-o"): (
        (
            "Σε ποιο έτος ανακαλύφθηκε το στοιχείο οξυγόνο (σύμφωνα με τα δεδομένα του "
            "πακέτου mendeleev);"
        ),
        "Η απάντηση είναι μεταξύ 1700 και 1800.",
    ),
    ("el", "element-discovery-he"): (
        (
            "Σε ποιο έτος ανακαλύφθηκε το στοιχείο ήλιο (σύμφωνα με τα δεδομένα του πακέτου "
            "mendeleev);"
        ),
        "Η απάντηση είναι μεταξύ 1820 και 1920.",
    ),
    ("el", "element-crust-si"): (
        (
            "Τι ποσοστό του φλοιού της Γης (κατά μάζα) αποτελεί το στοιχείο πυρίτιο; "
            "Στρογγυλοποιημένο σε δύο δεκαδικά ψηφία."
        ),
        "Η απάντηση είναι μεταξύ 15 και 100 τοις εκατό.",
    ),
    ("el", "element-crust-fe"): (
        (
            "Τι ποσοστό του φλοιού της Γης (κατά μάζα) αποτελεί το στοιχείο σίδηρος; "
            "Στρογγυλοποιημένο σε δύο δεκαδικά ψηφία."
        ),
        "Η απάντηση είναι μεταξύ 4 και 9 τοις εκατό.",
    ),
    ("el", "element-seawater-na"): (
        (
            "Πόσο νάτριο περιέχει κατά μέσο όρο το θαλασσινό νερό ανά λίτρο; "
            "Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 8.000 και 18.000 mg/l.",
    ),
    ("el", "element-seawater-mg"): (
        (
            "Πόσο μαγνήσιο περιέχει κατά μέσο όρο το θαλασσινό νερό ανά λίτρο; "
            "Στρογγυλοποιημένο σε ακέραιο."
        ),
        "Η απάντηση είναι μεταξύ 500 και 2.500 mg/l.",
    ),
    ("el", "sprint-100m-men-1936"): (
        (
            "Σε πόσο χρόνο κέρδισε ο Jesse Owens (ΗΠΑ) τα 100 μ. ανδρών στους Ολυμπιακούς "
            "Αγώνες του 1936;"
        ),
        "Η απάντηση είναι μεταξύ 10,2 και 11,2 δευτερολέπτων.",
    ),
    ("el", "sprint-100m-men-2008"): (
        (
            "Σε πόσο χρόνο κέρδισε ο Usain Bolt (Τζαμάικα) τα 100 μ. ανδρών στους Ολυμπιακούς "
            "Αγώνες του 2008;"
        ),
        "Η απάντηση είναι μεταξύ 9 και 10 δευτερολέπτων.",
    ),
}
"""(language, id): (question, hint 1), as a reviewer read and corrected them."""
SAMPLES_PER_TEMPLATE = 2


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


@pytest.mark.parametrize(("language", "ident"), sorted(REVIEWED))
def test_a_reviewed_template_text_reads_as_checked_by_hand(language: str, ident: str) -> None:
    question = {q.id: q for q in builtin_questions(language)}[ident]
    assert (question.question, question.hint1) == REVIEWED[(language, ident)]


@pytest.mark.parametrize("language", ["en", "de", "cs", "el"])
def test_every_template_of_every_language_has_two_reviewed_texts(language: str) -> None:
    """A template the generator renders in a language is read there at least twice."""
    templates = {q.template for q in builtin_questions(language) if q.template is not None}
    reviewed = {q.id: q.template for q in builtin_questions(language)}
    counts = {
        template: sum(
            1 for lang, ident in REVIEWED if lang == language and reviewed.get(ident) == template
        )
        for template in templates
    }
    short = sorted(t for t, n in counts.items() if n < SAMPLES_PER_TEMPLATE)
    assert short == []
