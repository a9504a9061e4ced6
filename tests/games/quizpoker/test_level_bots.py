"""QuizPoker's levelled bots (novice, casual, expert): they know answers only through their
declared noise model, never see other seats' guesses (Q2) or hints before they are read out
(Q3), guess plausibly, and bet by their chance of winning, sized to the pot."""

from __future__ import annotations

import dataclasses
import json
import math
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.content.packs import builtin_questions
from pokerhall.engine import registry
from pokerhall.engine.bots import BriefedBot, RandomBot, bot_move
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.protocol import Game
from pokerhall.games.quizpoker.bots import CasualBot, ExpertBot, HeuristicBot, LevelBot, NoviceBot
from pokerhall.games.quizpoker.bots.knowledge import (
    LATITUDE,
    LEVELS,
    LIFE_EXPECTANCY,
    QUANTITY,
    YEAR,
    Knowledge,
    kind_of,
    learn,
)
from pokerhall.games.quizpoker.bots.legal import legal_of
from pokerhall.games.quizpoker.bots.people import SMALL_POT, STYLES
from pokerhall.games.quizpoker.guesses import parse_guess

from .driver import GameFactory, check_around, guess_all, legal, play, to_act

LEVEL_BOTS: dict[str, type[LevelBot]] = {
    "novice": NoviceBot,
    "casual": CasualBot,
    "expert": ExpertBot,
}


def test_levels_are_registered_with_casual_the_default() -> None:
    info = registry.info("quizpoker")
    assert {"random", "heuristic", "novice", "casual", "expert"} <= set(info.bots)
    assert info.default_bot == "casual"
    assert info.bot_levels == {"novice": 1, "casual": 2, "expert": 3}
    assert info.to_json()["bot_levels"] == {"novice": 1, "casual": 2, "expert": 3}
    for kind, bot_class in LEVEL_BOTS.items():
        assert isinstance(games.make_bot("quizpoker", kind, 1), bot_class)
        assert isinstance(bot_class(1), BriefedBot)


def test_a_bot_is_briefed_with_the_answer_only_never_a_hint(new_game: GameFactory) -> None:
    """Q3: the briefing carries the card's answer and the public question, not the hints."""
    game = new_game(3, "4321", hint1="Between 4000 and 5000.", hint2="Between 4300 and 4400.")
    briefing = game.bot_briefing(0)
    assert briefing is not None
    assert briefing["answer"] == "4321"
    text = json.dumps(briefing)
    for hint_word in ("4000", "4400", "Between"):
        assert hint_word not in text
    with pytest.raises(IllegalMove):
        game.bot_briefing(7)


def test_a_game_master_and_other_games_brief_nobody(new_game: GameFactory) -> None:
    """DU2: the game master sits the hand out, so no bot plays it from that seat."""
    duell = new_game(3, ruleset="duell")
    master = duell.view(None)["hand"]["game_master"]
    assert duell.bot_briefing(master) is None
    palace = games.create("palace", 2, {}, seed=1)
    assert palace.bot_briefing(0) is None


def test_bot_move_briefs_only_bots_that_take_briefings(new_game: GameFactory) -> None:
    game = new_game(2, "100")
    bot = CasualBot(5)
    assert bot.knowledge is None
    move = bot_move(bot, game, 0, game.pending()[0])
    assert move["type"] == "guess"
    assert bot.knowledge is not None
    assert bot.knowledge.question == "q-fixed"
    plain = RandomBot(5)  # takes no briefing: asked with its view alone
    assert bot_move(plain, game, 1, game.pending()[1])["type"] in ("guess", "fold")


# --- secrecy -------------------------------------------------------------------------------------


def _bot_decisions(game: Game[Any], bot: LevelBot, others: dict[int, str]) -> list[dict[str, Any]]:
    """Seat 0 is `bot`; the other seats write `others` and then check or call to the end of the
    hand. Returns the bot's moves in this hand."""
    decisions: list[dict[str, Any]] = []
    first = game.view(None)["hands_played"]
    while game.view(None)["hands_played"] == first and game.pending():
        pending = game.pending()
        if 0 in pending:
            move = bot_move(bot, game, 0, pending[0])
            decisions.append(move)
            game.act(0, move)
            continue
        seat, prompt = min(pending.items())
        if prompt["type"] == "guess":
            game.act(seat, {"type": "guess", "value": others[seat]})
        elif prompt["type"] == "bet":
            moves = legal_of(prompt)
            game.act(seat, {"type": "check" if moves["check"] else "call"})
        else:
            game.act(seat, {"type": "muck"})
    return decisions


@settings(max_examples=40)
@given(
    st.sampled_from(["novice", "casual", "expert"]),
    st.lists(st.decimals(-1e6, 1e7, places=2, allow_nan=False), min_size=2, max_size=2),
    st.integers(0, 10_000),
)
def test_decisions_do_not_depend_on_other_seats_guesses(
    level: str, guesses: list[Decimal], seed: int
) -> None:
    """Q2: whatever the other seats wrote, a bot plays its hand the same way until the showdown
    shows a guess."""
    options = {"questions": "mini.en", "language": "en"}
    runs = []
    for others in ({1: "1", 2: "2"}, {1: str(guesses[0]), 2: str(guesses[1])}):
        game = games.create("quizpoker", 3, options, seed=seed)
        runs.append(_bot_decisions(game, LEVEL_BOTS[level](seed), others))
    assert runs[0] == runs[1]


def test_hints_count_only_once_read_out(new_game: GameFactory) -> None:
    """Q3: before hint 1 is read out the bot guesses and judges its chance the same whatever the
    hint says; once it is out, a hint that rules its guess out makes it fold to a bet."""
    chances: list[list[float]] = []
    moves: list[dict[str, Any]] = []
    for hint in ("Between 50 and 200.", "Between 100000 and 200000."):
        game = new_game(2, "100", seed=4, hint1=hint, hint2="Between 90 and 110.")
        bot = CasualBot(11)
        guess = bot_move(bot, game, 0, game.pending()[0])
        game.act(0, guess)
        game.act(1, {"type": "guess", "value": "100"})
        seen = [bot.chance(game.view(0))]
        check_around(game)  # round 1 over: hint 1 is read out
        assert game.view(0)["hand"]["hints"] == [hint]
        seen.append(bot.chance(game.view(0)))
        chances.append(seen)
        seat = game.view(None)["hand"]["to_act"]
        if seat == 0:
            game.act(0, {"type": "check"})
        play(game, (1, "bet", 100))
        moves.append(bot_move(bot, game, 0, game.pending()[0]))
    assert chances[0][0] == chances[1][0]
    assert chances[0][1] > 0.2
    assert chances[1][1] < 0.05
    assert moves[1] == {"type": "fold"}


def test_knowledge_is_seeded_per_bot_and_question() -> None:
    def known(seed: int, ident: str = "q") -> Knowledge:
        return learn(
            question_id=ident,
            hand=1,
            question="How many inhabitants does the town have?",
            unit="inhabitants",
            as_of=2020,
            answer="120000",
            difficulty=3,
            level="casual",
            seed=seed,
        )

    assert known(1) == known(1)
    assert {known(seed).guess() for seed in range(20)} != {known(1).guess()}
    assert known(1, "q") != known(1, "r")


# --- plausible guesses -----------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de", "cs", "el"])
def test_guesses_are_plausible_for_every_built_in_question(language: str) -> None:
    """Every level's guess is a legal guess (Q1) in the answer's decimals, within the question's
    plausible range; casual and expert guesses mostly fall within hint 1, though written before
    it (Q2, Q3)."""
    questions = builtin_questions(language)
    within = dict.fromkeys(LEVELS, 0)
    for q in questions:
        decimals = max(0, -int(q.answer.as_tuple().exponent))
        for level in LEVELS:
            for seed in (1, 2):
                kn = learn(
                    question_id=q.id,
                    hand=1,
                    question=q.question,
                    unit=q.unit,
                    as_of=q.as_of.year,
                    answer=str(q.answer),
                    difficulty=q.difficulty,
                    level=level,
                    seed=seed,
                )
                guess = parse_guess(kn.guess())
                assert max(0, -int(guess.as_tuple().exponent)) <= decimals, (q.id, guess)
                assert kn.low <= float(guess) <= kn.high, (q.id, level, guess)
                if kn.kind == LIFE_EXPECTANCY:
                    assert 20 <= guess <= 90
                if kn.kind == YEAR:
                    assert abs(guess - q.answer) <= 300, (q.id, level, guess)
                assert q.hint1_range is not None
                lo, hi = q.hint1_range
                within[level] += lo <= guess <= hi
    share = {level: within[level] / (2 * len(questions)) for level in LEVELS}
    assert share["expert"] >= 0.95, share
    assert share["casual"] >= 0.85, share
    assert share["novice"] >= 0.5, share
    assert share["novice"] < share["casual"] < share["expert"]


@pytest.mark.parametrize(
    ("question", "unit", "answer", "low", "high"),
    [
        ("What was the life expectancy at birth in Chad in 2013?", "years", "51.2", 20, 90),
        ("Wie hoch war die Lebenserwartung in Japan?", "Jahre", "83.6", 20, 90),
        ("On which latitude does Oslo lie?", "degrees", "60", -90, 90),
        ("What percentage of people were aged 65 or over?", "%", "19.2", 0, 100),
        ("In which year did the battle take place?", "", "1066", -3000, 2100),
        ("What is absolute zero in degrees Celsius?", "°C", "-273.15", -273.15, math.inf),
    ],
)
def test_the_plausible_range_comes_from_unit_and_wording(
    question: str, unit: str, answer: str, low: float, high: float
) -> None:
    kind = kind_of(question, unit, 1 if Decimal(answer) > 0 else -1)
    assert (kind.low, kind.high) == (low, high)
    for level in LEVELS:
        for seed in range(30):
            kn = learn(
                question_id="x",
                hand=1,
                question=question,
                unit=unit,
                as_of=2020,
                answer=answer,
                difficulty=3,
                level=level,
                seed=seed,
            )
            assert low <= float(kn.guess()) <= high


# --- betting -------------------------------------------------------------------------------------


def _to_round_four(game: Game[Any], bot_guess: str) -> None:
    """Seat 0 writes `bot_guess`, seat 1 the answer; everyone checks until the answer is out."""
    guess_all(game, {0: bot_guess, 1: "100"})
    for _ in range(3):
        check_around(game)
    assert game.view(0)["hand"]["answer"] == "100"


@pytest.mark.parametrize("level", LEVELS)
def test_a_hopeless_guess_folds_to_a_bet(new_game: GameFactory, level: str) -> None:
    game = new_game(2, "100", seed=2)
    bot = LEVEL_BOTS[level](3)
    bot.brief(game.bot_briefing(0) or {})
    _to_round_four(game, "5000")
    if game.view(None)["hand"]["to_act"] == 0:
        game.act(0, {"type": "check"})
    play(game, (1, "bet", 40))
    assert bot_move(bot, game, 0, game.pending()[0]) == {"type": "fold"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_closest_guess_bets_for_value_sized_to_the_pot(
    new_game: GameFactory, level: str
) -> None:
    game = new_game(2, "100", seed=2)
    bot = LEVEL_BOTS[level](3)
    _to_round_four(game, "100")
    if game.view(None)["hand"]["to_act"] == 1:
        game.act(1, {"type": "check"})
    prompt = game.pending()[0]
    move = bot_move(bot, game, 0, prompt)
    assert move["type"] == "bet"
    assert 20 <= move["to"] <= prompt["pot"]


def test_never_all_in_into_a_small_pot_without_a_strong_guess() -> None:
    """Over many seeded games against random bots (which shove a lot), a levelled bot moves its
    whole stack in only when its guess is strong or the pot is already large."""
    shoves = 0
    for seed in range(30):
        game = games.create("quizpoker", 3, {"questions": "mini.en"}, seed=seed)
        bots: dict[int, Any] = {0: CasualBot(seed), 1: RandomBot(seed), 2: ExpertBot(seed)}
        while not game.over and game.view(None)["hands_played"] < 15:
            seat, prompt = min(game.pending().items())
            move = bot_move(bots[seat], game, seat, prompt)
            if isinstance(bots[seat], LevelBot) and prompt["type"] == "bet":
                moves = legal_of(prompt)
                window = moves["bet"] or moves["raise"]
                top = window["max_to"] if window else moves["all_in"]
                if move["type"] == "all_in" or (top is not None and move.get("to") == top):
                    shoves += 1
                    view = game.view(seat)
                    me = view["players"][seat]
                    chips = me["stack"] + me["bet"]
                    opponents = sum(
                        p["in_hand"] and not p["folded"]
                        for p in view["players"]
                        if p["seat"] != seat
                    )
                    fair = 1 / (opponents + 1)
                    strength = (bots[seat].chance(view, field=False) - fair) / (1 - fair)
                    style = STYLES[bots[seat].level]
                    assert strength >= style.commit or prompt["pot"] >= SMALL_POT * chips, (
                        seed,
                        move,
                        prompt,
                    )
                elif move["type"] in ("bet", "raise"):
                    call = moves["call"] or 0
                    assert move["to"] <= prompt["current_bet"] + prompt["pot"] + call
            game.act(seat, move)
    assert shoves > 0  # the check above was reached


def test_round_one_never_moves_a_deep_stack_in() -> None:
    """With only the blinds in the pot and nothing known but its own guess, no level shoves."""
    for level, bot_class in LEVEL_BOTS.items():
        for seed in range(60):
            game = games.create("quizpoker", 2, {"questions": "mini.en"}, seed=seed)
            bot = bot_class(seed)
            guess_all(game, {0: bot_move(bot, game, 0, game.pending()[0])["value"], 1: "1"})
            seat, prompt = next(iter(game.pending().items()))
            if seat != 0:
                game.act(seat, {"type": "call"})
                seat, prompt = next(iter(game.pending().items()))
            move = bot_move(bot, game, 0, prompt)
            assert move["type"] != "all_in", (level, seed)
            assert move.get("to", 0) <= 3 * prompt["pot"], (level, seed, move)


def test_casual_beats_the_heuristic_bot_heads_up() -> None:
    """A small, seeded version of a bench/ladder.py pairing (which plays 1,000 games)."""
    wins = 0
    for seed in range(30):
        game = games.create("quizpoker", 2, {"questions": "mini.en"}, seed=seed)
        casual = seed % 2
        bots: dict[int, Any] = {casual: CasualBot(seed), 1 - casual: HeuristicBot(seed)}
        while not game.over and game.view(None)["hands_played"] < 200:
            seat, prompt = min(game.pending().items())
            game.act(seat, bot_move(bots[seat], game, seat, prompt))
        stacks = [p["stack"] for p in game.view(None)["players"]]
        wins += stacks[casual] > stacks[1 - casual]
    assert wins >= 20


def test_a_level_is_given_only_to_a_bot_kind_the_game_has() -> None:
    info = registry.info("quizpoker")
    with pytest.raises(ValueError, match="level"):
        dataclasses.replace(info, bot_levels={"genius": 4})


@pytest.mark.parametrize(
    ("question", "unit", "kind"),
    [
        ("V kterém roce byl objeven prvek kyslík?", "", YEAR),
        ("Ποιο έτος ανακαλύφθηκε το στοιχείο οξυγόνο;", "", YEAR),
        ("Accra (Ghana): na jaké zeměpisné šířce leží toto město?", "stupňů", LATITUDE),
        ("Άκρα (Γκάνα): σε ποιο γεωγραφικό πλάτος βρίσκεται η πόλη;", "μοίρες", LATITUDE),
        ("Jaká zde byla v roce 1970 naděje dožití při narození?", "let", LIFE_EXPECTANCY),
        ("Ποιο ήταν το προσδόκιμο ζωής κατά τη γέννηση το 1970;", "έτη", LIFE_EXPECTANCY),
        ("Kolik let trvala stoletá válka?", "", QUANTITY),
    ],
)
def test_the_kind_of_a_czech_or_greek_question(question: str, unit: str, kind: object) -> None:
    """The plausible range comes from the wording in every pack language, not only en and de."""
    assert kind_of(question, unit, 1) == kind


def _small_bet_decision(
    new_game: GameFactory, level: str, players: int, seed: int, street: int
) -> dict[str, Any] | None:
    """Seat 0 (a `level` bot) writes its own guess, the others guesses far off; in round 1 the
    first seat asked raises to 60 and everyone calls, then everyone checks until round `street`,
    where the first other seat asked bets 30 (under a third of the pot). The bot's answer to
    that bet, or None when its guess is not strong (off by more than its own width over the
    number of opponents) or the bot was asked first in that round and so faced no bet."""
    game = new_game(
        players, "100", seed=seed, hint1="Between 40 and 250.", hint2="Between 80 and 130."
    )
    bot = LEVEL_BOTS[level](seed)
    bot.brief(game.bot_briefing(0) or {})
    own = bot_move(bot, game, 0, game.pending()[0])["value"]
    assert bot.knowledge is not None
    if abs(math.log(float(own) / 100)) > bot.knowledge.width / (players - 1):
        return None
    guess_all(game, {seat: own if seat == 0 else str(7 * seat + 200) for seat in range(players)})
    for round_number in range(1, street + 1):
        opened = False
        while game.view(None)["hand"]["round"] == round_number:
            seat, prompt = next(iter(game.pending().items()))
            moves = legal_of(prompt)
            if round_number == street and not opened:
                if seat == 0:
                    return None
                opened = True
                game.act(seat, {"type": "bet", "to": 30})
                move = bot_move(bot, game, 0, game.pending()[0]) if to_act(game) == 0 else None
                while move is None:  # the others call first
                    game.act(to_act(game), {"type": "call"})
                    if to_act(game) == 0:
                        move = bot_move(bot, game, 0, game.pending()[0])
                pot, call = game.pending()[0]["pot"], legal(game)["call"]
                assert 3 * call <= pot - call
                return move
            if round_number == 1 and not opened:
                opened = True
                game.act(seat, {"type": "raise", "to": 60})
                continue
            game.act(seat, {"type": "check" if moves["check"] else "call"})
    return None


@pytest.mark.parametrize("level", ["casual", "expert"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_strong_guess_never_folds_to_a_small_bet(
    new_game: GameFactory, level: str, players: int
) -> None:
    """The default level and the one above it, holding the best guess at the table and one
    within its own width of the answer over the number of opponents (inside both hints), call
    or raise a bet under a third of the pot in every later round, heads-up and four-handed: the
    price is too good to give up a strong guess (issue 22)."""
    answered = 0
    for seed in range(12):
        for street in (2, 3, 4):
            move = _small_bet_decision(new_game, level, players, seed, street)
            if move is not None:
                answered += 1
                assert move["type"] != "fold", (level, players, seed, street)
    assert answered >= 4
