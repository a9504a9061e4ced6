"""QuizPoker bots: always legal (Q2, Q4, DU2, DU6), never touching their view, reading hint texts
in English and German, and the heuristic bot beating the random one."""

from __future__ import annotations

import ast
import copy
import math
import random
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.content.packs import builtin_questions
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.protocol import Game
from pokerhall.games.quizpoker.bots import HeuristicBot, RandomBot
from pokerhall.games.quizpoker.bots.equity import Knowledge, win_chance
from pokerhall.games.quizpoker.bots.guessing import format_guess, heuristic_guess
from pokerhall.games.quizpoker.bots.legal import snap
from pokerhall.games.quizpoker.bots.numbers import (
    Span,
    detect_language,
    hint_span,
    parse_numbers,
    unit_scale,
)
from pokerhall.games.quizpoker.guesses import parse_guess

from .driver import check_around, guess_all

FIXTURE = str(Path(__file__).resolve().parents[2] / "fixtures" / "mini.en.jsonl")
PACK = {"questions": "mini.en", "language": "en"}
BOTS_DIR = (
    Path(__file__).resolve().parents[3] / "src" / "pokerhall" / "games" / "quizpoker" / "bots"
)
ALL_KINDS = {"guess", "fold", "check", "call", "bet", "raise", "all_in", "show", "muck"}

Bot = HeuristicBot | RandomBot


def make_bots(mix: str, players: int, seed: int) -> dict[int, Bot]:
    """Bots for every seat: all of one `mix` ("random", "heuristic"), or "mixed" (heuristic bots
    in the even seats)."""
    bots: dict[int, Bot] = {}
    for seat in range(players):
        heuristic = mix == "heuristic" or (mix == "mixed" and seat % 2 == 0)
        bots[seat] = HeuristicBot(seed * 31 + seat) if heuristic else RandomBot(seed * 31 + seat)
    return bots


def drive(
    game: Game[Any], bots: dict[int, Bot], *, max_hands: int = 60, check_untouched: bool = False
) -> Counter[str]:
    """Let the bots play; every move must be legal (an IllegalMove fails the test, naming the
    prompt). Returns how often each move type was played."""
    played: Counter[str] = Counter()
    while not game.over and game.view(None)["hands_played"] < max_hands:
        pending = game.pending()
        assert pending, "a running game always asks someone"
        seat = min(pending)
        prompt, view = pending[seat], game.view(seat)
        before = copy.deepcopy((view, prompt)) if check_untouched else None
        move = bots[seat].choose(view, prompt)
        if before is not None:
            assert (view, prompt) == before, "a bot changed the view or prompt it was given"
        try:
            game.act(seat, move)
        except IllegalMove as exc:
            pytest.fail(
                f"seat {seat} ({type(bots[seat]).__name__}) played {move} to {prompt}: {exc}"
            )
        played[move["type"]] += 1
    return played


TABLES = [
    ("quizpoker", 2, {}),
    ("quizpoker", 3, {"min_raise": "standard"}),
    ("quizpoker", 6, {"chip_unit": 5, "starting_stack": 500}),
    ("duell", 3, {}),
    ("duell", 4, {"software_game_master": True}),
    ("duell", 6, {}),
]


@pytest.mark.parametrize("mix", ["random", "heuristic", "mixed"])
@pytest.mark.parametrize(("ruleset", "players", "extra"), TABLES)
def test_bots_only_make_legal_moves(
    ruleset: str, players: int, extra: dict[str, Any], mix: str
) -> None:
    """Q2/Q4/DU2/DU6: whatever a bot is asked (guess, bet, show a folded guess), the game accepts
    its answer; driven through many seeded games of both rulesets and several table sizes."""
    played: Counter[str] = Counter()
    for seed in range(6):
        game = games.create(ruleset, players, {**PACK, **extra}, seed=seed)
        played += drive(game, make_bots(mix, players, seed), max_hands=20)
    assert played["guess"] > 0
    assert played["check"] + played["call"] > 0


@pytest.mark.parametrize("language", ["en", "de", "cs", "el"])
def test_bots_play_the_builtin_packs(language: str) -> None:
    """The shipped questions and hints in every language, as the bots meet them in real games."""
    for seed in range(3):
        for ruleset, players in (("quizpoker", 2), ("duell", 3)):
            options = {"questions": "builtin", "language": language}
            game = games.create(ruleset, players, options, seed=seed)
            drive(game, make_bots("mixed", players, seed), max_hands=30)


def test_random_bot_tries_every_kind_of_move() -> None:
    """The random bot is also our fuzzer: across games it plays every move the rules have (Q4,
    DU6), so the legality test above covers them all."""
    played: Counter[str] = Counter()
    for seed in range(12):
        for ruleset, players in (("quizpoker", 3), ("duell", 4)):
            game = games.create(ruleset, players, PACK, seed=seed)
            played += drive(game, make_bots("random", players, seed))
    assert set(played) == ALL_KINDS


def test_bots_do_not_change_the_view_or_prompt() -> None:
    """A bot gets the same view object a server would send; it must only read it."""
    for seed in range(4):
        for ruleset, players in (("quizpoker", 3), ("duell", 3)):
            game = games.create(ruleset, players, PACK, seed=seed)
            drive(game, make_bots("mixed", players, seed), max_hands=20, check_untouched=True)


def test_bots_never_import_the_game_state() -> None:
    """A bot's only window on a game is the view and prompt it is handed (and its briefing):
    no bot module imports the game's state, hand, deck, guesses or views. It names the view's
    shape through `view_types`."""
    allowed = {"bots", "view_types"}
    for path in BOTS_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            for module in modules:
                parts = module.split(".")
                if parts[:3] == ["pokerhall", "games", "quizpoker"]:
                    assert len(parts) > 3, f"{path.name} imports {module}"
                    assert parts[3] in allowed, f"{path.name} imports {module}"


def test_bots_are_reproducible_from_their_seed() -> None:
    """Same seeds, same moves: a simulated match with bots replays exactly."""
    records = []
    for _ in range(2):
        game = games.create("quizpoker", 3, PACK, seed=5)
        drive(game, make_bots("mixed", 3, seed=5), max_hands=30)
        records.append(game.record().moves)
    assert records[0] == records[1]


@pytest.mark.parametrize("bot", [HeuristicBot(1), RandomBot(1)], ids=["heuristic", "random"])
@pytest.mark.parametrize(
    "prompt",
    [
        {"type": "something new"},
        {"type": "bet", "moves": [{"type": "fold", "params": {}}, {"type": "check", "params": {}}]},
        {"type": "bet", "moves": [{"type": "call", "params": {}, "amount": 10}]},
        {"type": "show_folded", "moves": [{"type": "show", "params": {}}]},
    ],
)
def test_bots_answer_odd_prompts_without_crashing(bot: Bot, prompt: dict[str, Any]) -> None:
    move = bot.choose({}, prompt)
    assert isinstance(move, dict)
    assert isinstance(move["type"], str)


# --- reading hints ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Between 50 and 100.", ["50", "100"]),
        ("Between 1,000 and 2,500.5", ["1000", "2500.5"]),
        ("Between 1,000,000.25 and 3", ["1000000.25", "3"]),
        ("Zwischen 1.000 und 2.500,5", ["1000", "2500.5"]),
        ("Zwischen 1.000.000,25 und 3", ["1000000.25", "3"]),
        ("Zwischen 3,14 und 3,5", ["3.14", "3.5"]),
        ("Between 3.14159 and 4", ["3.14159", "4"]),
        ("Zwischen 10 000 und 20\u202f000", ["10000", "20000"]),
        ("Between -400 and 0.", ["-400", "0"]),
        ("Zwischen \u2212300 und \u2212250", ["-300", "-250"]),
        ("minus 5 to 3", ["-5", "3"]),
        ("60–100", ["60", "100"]),
        ("60-100", ["60", "100"]),
    ],
)
def test_hint_numbers_in_english_and_german_writing(text: str, numbers: list[str]) -> None:
    assert parse_numbers(text) == [Decimal(n) for n in numbers]


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Between 20 and 100 million.", [20e6, 100e6]),
        ("Zwischen 20 und 100 Millionen.", [20e6, 100e6]),
        ("Zwischen 3,5 und 4,25 Mio.", [3.5e6, 4.25e6]),
        ("Between 1.5 and 2 billion", [1.5e9, 2e9]),
        ("Zwischen 1,5 und 2 Milliarden", [1.5e9, 2e9]),
        ("Zwischen 1 und 2 Billionen", [1e12, 2e12]),  # German Billion = 10^12
        ("Between 500 thousand and 2 million", [5e5, 2e6]),
        ("Zwischen 5 und 20 Tausend", [5e3, 20e3]),
        ("Between 20 and 100 km", [20, 100]),
    ],
)
def test_hint_numbers_with_magnitude_words(text: str, numbers: list[float]) -> None:
    assert [float(n) for n in parse_numbers(text)] == numbers


def test_the_language_decides_a_lone_separator() -> None:
    """A German reader takes "1.500" for 1500 and an English one for 1.5; "1,500" the other way."""
    assert parse_numbers("1.500", "de") == [Decimal(1500)]
    assert parse_numbers("1.500", "en") == [Decimal("1.5")]
    assert parse_numbers("1,500", "en") == [Decimal(1500)]
    assert parse_numbers("1,500", "de") == [Decimal("1.5")]
    assert detect_language("Zwischen 1.500 und 2.000 Metern") == "de"
    assert detect_language("Between 1.500 and 2.000 metres") == "en"


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Odpověď leží mezi 4 000 a 14\u00a0000 km.", [4000, 14000]),
        ("Odpověď leží mezi 10,2 a 11,2 sekundami.", [10.2, 11.2]),
        ("Odpověď leží mezi 1,500 a 2 tisíci.", [1.5e3, 2e3]),  # Czech groups with spaces only
        ("Odpověď leží mezi 20 a 100 miliony.", [20e6, 100e6]),
        ("Odpověď leží mezi 1 a 2 miliardami.", [1e9, 2e9]),
        ("Η απάντηση είναι μεταξύ 6.500 και 9.000 km.", [6500, 9000]),
        ("Η απάντηση είναι μεταξύ 10,7 και 10,95 δευτερολέπτων.", [10.7, 10.95]),
        ("Η απάντηση είναι μεταξύ \u221210 και 40 μοιρών.", [-10, 40]),
        ("Η απάντηση είναι μεταξύ 60 και 160 εκατομμυρίων.", [60e6, 160e6]),
        ("Το 44 π.Χ.", [-44]),
        ("Roku 44 př. n. l.", [-44]),
    ],
)
def test_hint_numbers_in_czech_and_greek_writing(text: str, numbers: list[float]) -> None:
    assert [float(n) for n in parse_numbers(text)] == numbers


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Odpověď leží mezi 4 000 a 14 000 km.", "cs"),
        ("Η απάντηση είναι μεταξύ 0 και 10.000 km.", "el"),
        ("Zwischen 1.500 und 2.000 Metern", "de"),
        ("Between 1.500 and 2.000 metres", "en"),
    ],
)
def test_the_writing_is_read_in_its_language(text: str, language: str) -> None:
    assert detect_language(text) == language


@pytest.mark.parametrize(
    ("hint", "unit", "span"),
    [
        ("Odpověď leží mezi 0 a 20 miliony.", "milionů lidí", Span(0, 20)),
        ("Η απάντηση είναι μεταξύ 60 και 160 εκατομμυρίων.", "εκατομμύρια άνθρωποι", Span(60, 160)),
        ("Více než 2 000.", "", Span(2000, math.inf)),
        ("Nezávislý od roku 2011. Zemí je 40 až 80.", "", Span(40, 80)),
        (
            "Mezi Švýcarskem a Itálií, zdolán v roce 1865. Je vysoký 3500 až 5000 metrů.",
            "",
            Span(3500, 5000),
        ),
        ("Το 1990. Είναι από 40 έως 80.", "", Span(40, 80)),
        ("Λιγότερα από 5.000.", "", Span(-math.inf, 5000)),
    ],
)
def test_czech_and_greek_hint_spans(hint: str, unit: str, span: Span) -> None:
    assert hint_span(hint, unit=unit) == span


@pytest.mark.parametrize(
    ("hint", "unit", "question", "span"),
    [
        ("Between 60 and 100 million.", "million", "", Span(60, 100)),
        ("Between 60 and 100 million.", "", "How many people, in millions?", Span(60, 100)),
        ("Zwischen 60 und 100 Millionen.", "Mio. Einwohner", "", Span(60, 100)),
        ("Between 60 and 100 million.", "", "How many people live in Germany?", Span(60e6, 100e6)),
        ("In 2015: between 78 and 84.", "", "", Span(78, 84)),
        ("Between 100 and 50.", "", "", Span(50, 100)),
        ("More than 200.", "", "", Span(200, math.inf)),
        ("Weniger als 5 Milliarden.", "", "", Span(-math.inf, 5e9)),
        ("About 80.", "", "", Span(64, 96)),
    ],
)
def test_hint_span_in_the_answers_unit(hint: str, unit: str, question: str, span: Span) -> None:
    assert hint_span(hint, unit=unit, question=question) == span


def test_hint_without_numbers_says_nothing() -> None:
    assert hint_span("It is an island nation.") is None
    assert unit_scale("km²") == 1


def test_every_builtin_hint_names_its_range_in_text() -> None:
    """The shipped packs state each hint range in the hint text, which is all bots can see; the
    parser must read it back (up to the rounding of the written numbers)."""
    checked = 0
    for language in ("en", "de", "cs", "el"):
        try:
            questions = builtin_questions(language)
        except ValueError:
            continue
        for q in questions:
            for text, bounds in ((q.hint1, q.hint1_range), (q.hint2, q.hint2_range)):
                if bounds is None:
                    continue
                span = hint_span(text, unit=q.unit, question=q.question)
                assert span is not None, (q.id, text)
                lo, hi = float(bounds[0]), float(bounds[1])
                assert span.lo == pytest.approx(lo, rel=0.02, abs=0.01), (q.id, text, bounds)
                assert span.hi == pytest.approx(hi, rel=0.02, abs=0.01), (q.id, text, bounds)
                checked += 1
    if not checked:
        pytest.skip("no built-in question packs shipped yet")


# --- guesses and judgement ---------------------------------------------------------------------


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_formatted_guesses_are_always_accepted(value: float) -> None:
    """Q1: a guess is plain decimal text of at most 32 characters, whatever the bot computed."""
    parse_guess(format_guess(value))


def test_heuristic_guesses_a_plausible_year_for_a_year_question() -> None:
    rng = random.Random(1)
    guess = heuristic_guess("In which year was the first Tour de France held?", "", rng)
    assert 1700 < guess < 2030
    assert 15 < heuristic_guess("What percentage of Earth is water?", "%", rng) < 95


def test_win_chance_follows_the_distance_to_the_hinted_range() -> None:
    hints = Knowledge([Span(50, 100), Span(60, 75)])
    inside = win_chance(68, hints, opponents=1)
    edge = win_chance(100, hints, opponents=1)
    far = win_chance(1000, hints, opponents=1)
    assert inside is not None
    assert edge is not None
    assert far is not None
    assert inside > 0.6 > edge > far
    assert far < 0.01
    assert win_chance(68, Knowledge([]), opponents=1) is None
    exact = win_chance(69, Knowledge([Span(50, 100)], answer=69), opponents=3)
    assert exact == 1.0
    more = win_chance(68, hints, opponents=3)
    assert more is not None
    assert more < inside


def test_snap_keeps_bets_on_the_chip_unit() -> None:
    assert snap(730, 100, 10_000, 50) == 700
    assert snap(20, 100, 10_000, 50) == 100
    assert snap(20, 120, 10_000, 50) == 150  # a minimum off the unit rounds up
    assert snap(9_990, 100, 9_980, 50) == 9_980  # all-in needs no rounding


def _to_round_four(guesses: dict[int, str]) -> Game[Any]:
    """A heads-up quizpoker hand on the piano-keys question (88), checked down to round 4."""
    for seed in range(50):
        game = games.create("quizpoker", 2, PACK, seed=seed)
        if game.view(0)["hand"]["question"]["id"] == "t-keys":
            break
    guess_all(game, guesses)
    for _ in range(3):
        check_around(game)
    assert game.view(0)["hand"]["answer"] == "88"
    return game


@pytest.mark.parametrize(("guess", "expected"), [("88", "call"), ("5000", "fold")])
def test_heuristic_calls_an_all_in_only_when_its_guess_is_good(guess: str, expected: str) -> None:
    """Q3: after the answer is revealed the bot knows its distance; it calls a shove with the
    exact answer and lets a hopeless guess go."""
    game = _to_round_four({0: guess, 1: "80"})
    pending = game.pending()
    (seat,) = pending
    if seat == 0:  # let the other seat shove first
        game.act(0, {"type": "check"})
    game.act(1, {"type": "all_in"})
    move = HeuristicBot(3).choose(game.view(0), game.pending()[0])
    assert move["type"] == expected


def test_heuristic_never_folds_when_it_can_check() -> None:
    game = _to_round_four({0: "5000", 1: "80"})
    if 1 in game.pending():
        game.act(1, {"type": "check"})
    move = HeuristicBot(3).choose(game.view(0), game.pending()[0])
    assert move["type"] == "check"


def test_heuristic_beats_random_more_often_than_not() -> None:
    """A quick, fixed-seed version of bench/ladder.py's heuristic vs random: heads-up quizpoker."""
    wins = 0
    for seed in range(60):
        hero = seed % 2
        game = games.create("quizpoker", 2, PACK, seed=1000 + seed)
        bots: dict[int, Bot] = {hero: HeuristicBot(seed), 1 - hero: RandomBot(seed)}
        drive(game, bots, max_hands=100)
        stacks = [p["stack"] for p in game.view(None)["players"]]
        wins += stacks[hero] > stacks[1 - hero]
    assert wins > 36  # 60%; it wins 52 of these 60
