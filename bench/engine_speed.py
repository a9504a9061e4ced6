"""Engine speed: 6-player hands per second of QuizPoker against OpenSpiel and PokerKit.

Every engine plays no-limit hands (blinds 50/100, stacks 20 000) with the same random policy, driven
from Python through its public API, and the legal-move query of each engine is part of its time:

* pokerhall: `games.create("quizpoker", 6, ...)`; one hand is one question round. Each seat
  guesses a random number, then bets by `state.pending()` prompts and `state.act()` moves.
* OpenSpiel: `universal_poker` through pyspiel, full no-limit (`bettingAbstraction=fullgame`,
  every raise size is an action); chance nodes (cards) are sampled from `chance_outcomes()`.
  A second row, `fcpa` (fold, call, pot raise, all-in only), is shown for information.
* PokerKit: `NoLimitTexasHoldem.create_state(...)` with every automation on, so only the betting
  is done by hand.

The policy: uniform over the action kinds that are legal now — fold (only when facing a bet:
OpenSpiel and PokerKit refuse a fold that could check, so ours does not offer one either),
check/call, bet/raise (amount uniform in the legal range), all-in (only where a raise is legal).

QuizPoker stacks carry over between hands, so the game is restarted (and the new game's set-up
counted in our time) as soon as a player is eliminated; every measured hand is six-handed, as in
the other engines, which start each hand fresh.

Run `python bench/engine_speed.py --help` for the options; `--profile` shows where our time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from pokerhall import games
from pokerhall.games.quizpoker import QuizPoker

SEATS = 6
STACK = 20_000
SMALL_BLIND = 50
BIG_BLIND = 100
REPO = Path(__file__).resolve().parent.parent
MINI_PACK = REPO / "tests" / "fixtures" / "mini.en.jsonl"
TARGET_VS_OPENSPIEL = 2.0
TARGET_VS_POKERKIT = 100.0

FOLD, CHECK_CALL, BET_RAISE, ALL_IN = "fold", "check/call", "bet/raise", "all-in"


def pick_kind(rng: random.Random, *, facing_bet: bool, can_raise: bool) -> str:
    """The shared random policy: uniform over the action kinds legal right now."""
    kinds = [FOLD, CHECK_CALL] if facing_bet else [CHECK_CALL]
    if can_raise:
        kinds += [BET_RAISE, ALL_IN]
    return rng.choice(kinds)


class HandPlayer(Protocol):
    """Plays one complete hand per call and says how many decisions it made."""

    def play_hand(self) -> int: ...


# --- pokerhall -----------------------------------------------------------------------------------


def quizpoker_options(questions: str) -> dict[str, Any]:
    return {
        "min_raise": "standard",
        "starting_stack": STACK,
        "small_blinds": [SMALL_BLIND],
        "blind_factor": 1.0,
        "hands_per_level": 1_000_000,
        "questions": questions,
    }


class PokerhallHands:
    def __init__(self, seed: int, questions: str, restart: str = "elimination") -> None:
        self.rng = random.Random(seed)
        self.options = quizpoker_options(questions)
        self.restart = restart
        self.games_started = 0
        self.setup_seconds = 0.0
        """Time spent in `games.create`, so the table can show the per-hand cost without it."""
        self.state = self.new_game()

    def new_game(self) -> QuizPoker:
        start = time.perf_counter()
        state = games.create("quizpoker", SEATS, self.options, seed=self.rng.randrange(2**32))
        self.setup_seconds += time.perf_counter() - start
        self.games_started += 1
        assert isinstance(state, QuizPoker)
        return state

    def reset_counters(self) -> None:
        self.games_started = 0
        self.setup_seconds = 0.0

    def play_hand(self) -> int:
        state, rng = self.state, self.rng
        number = state.hands_played
        decisions = 0
        while state.hands_played == number and not state.over:
            for seat, prompt in state.pending().items():
                state.act(seat, self.choose(prompt, rng))
                decisions += 1
        someone_out = self.restart == "elimination" and not all(map(state.in_game, range(SEATS)))
        if state.over or someone_out:
            self.state = self.new_game()
        return decisions

    @staticmethod
    def choose(prompt: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        if prompt["type"] == "guess":
            return {"type": "guess", "value": str(rng.randint(0, 200))}
        legal = prompt["legal"]
        aggressive = legal["bet"] or legal["raise"]
        kind = pick_kind(rng, facing_bet=not legal["check"], can_raise=aggressive is not None)
        if kind == FOLD:
            return {"type": "fold"}
        if kind == CHECK_CALL:
            return {"type": "check" if legal["check"] else "call"}
        if kind == BET_RAISE:
            to = rng.randint(aggressive["min_to"], aggressive["max_to"])
            return {"type": "bet" if legal["bet"] else "raise", "to": to}
        return {"type": "all_in"}

    def mid_hand(self) -> QuizPoker:
        """A fresh game played to the second betting round, for the memory figure."""
        state = self.new_game()
        while state.hand.street < 1 and not state.over:
            for seat, prompt in state.pending().items():
                move = self.choose(prompt, self.rng)
                if move["type"] in ("fold", "all_in", "bet", "raise"):
                    move = {"type": "check" if prompt["legal"]["check"] else "call"}
                state.act(seat, move)
        return state


# --- OpenSpiel -----------------------------------------------------------------------------------


def openspiel_parameters(abstraction: str) -> dict[str, Any]:
    return {
        "numPlayers": SEATS,
        "betting": "nolimit",
        "bettingAbstraction": abstraction,
        "numRounds": 4,
        "blind": " ".join([str(SMALL_BLIND), str(BIG_BLIND)] + ["0"] * (SEATS - 2)),
        "firstPlayer": "3 1 1 1",
        "numSuits": 4,
        "numRanks": 13,
        "numHoleCards": 2,
        "numBoardCards": "0 3 1 1",
        "stack": " ".join([str(STACK)] * SEATS),
    }


class OpenSpielHands:
    """Actions: 0 fold, 1 check/call; in `fullgame` every n >= 2 is "raise to n" and the largest
    legal one is all-in; in `fcpa` 2 is a pot-sized raise and 3 all-in."""

    def __init__(self, seed: int, abstraction: str) -> None:
        import pyspiel

        self.rng = random.Random(seed)
        self.game = pyspiel.load_game("universal_poker", openspiel_parameters(abstraction))

    def play_hand(self) -> int:
        rng = self.rng
        state = self.game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                # Cards are dealt uniformly from the remaining deck, so a uniform pick is exact.
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            legal = state.legal_actions()
            facing_bet = legal[0] == 0
            first_raise = 2 if facing_bet else 1
            can_raise = len(legal) > first_raise
            kind = pick_kind(rng, facing_bet=facing_bet, can_raise=can_raise)
            if kind == FOLD:
                action = 0
            elif kind == CHECK_CALL:
                action = 1
            elif kind == ALL_IN:
                action = legal[-1]
            else:  # uniform over the raise sizes, all-in included as in the other engines
                action = legal[rng.randrange(first_raise, len(legal))]
            state.apply_action(action)
            decisions += 1
        return decisions


# --- PokerKit ------------------------------------------------------------------------------------


class PokerKitHands:
    def __init__(self, seed: int) -> None:
        from pokerkit import Automation, NoLimitTexasHoldem

        self.rng = random.Random(seed)
        random.seed(seed)  # PokerKit shuffles its deck with the global generator
        self.create_state: Callable[[], Any] = lambda: NoLimitTexasHoldem.create_state(
            tuple(Automation),  # all of dealing, posting, showdown and chip moving
            True,
            0,
            (SMALL_BLIND, BIG_BLIND),
            BIG_BLIND,
            (STACK,) * SEATS,
            SEATS,
        )

    def play_hand(self) -> int:
        rng = self.rng
        state = self.create_state()
        decisions = 0
        while state.status:
            can_raise = state.can_complete_bet_or_raise_to()
            kind = pick_kind(rng, facing_bet=state.can_fold(), can_raise=can_raise)
            if kind == FOLD:
                state.fold()
            elif kind == CHECK_CALL:
                state.check_or_call()
            elif kind == BET_RAISE:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(rng.randint(low, high))
            else:
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            decisions += 1
        return decisions

    def mid_hand(self) -> Any:
        state = self.create_state()
        while state.street_index is not None and state.street_index < 1 and state.status:
            state.check_or_call()
        return state


# --- measuring -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Measurement:
    engine: str
    hands: int
    decisions: int
    seconds: float
    cpu_seconds: float
    """Process CPU time in the same spans; well below `seconds` means the machine was busy."""
    target: float | None = None
    """The speed-up pokerhall must reach over this engine, if it is a reference."""

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds


def warm_up(player: HandPlayer, seconds: float) -> None:
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        player.play_hand()


@dataclass(slots=True)
class Contender:
    """An engine under measurement, with the hands and time summed over its slices."""

    engine: str
    player: HandPlayer
    target: float | None = None
    hands: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    def run_slice(self, *, seconds: float, hands: int) -> None:
        """Play `hands` hands, or if that is 0 until `seconds` have passed."""
        played = decisions = 0
        cpu_start = time.process_time()
        start = time.perf_counter()
        deadline = start + seconds
        while (played < hands) if hands else (time.perf_counter() < deadline):
            decisions += self.player.play_hand()
            played += 1
        self.seconds += time.perf_counter() - start
        self.cpu_seconds += time.process_time() - cpu_start
        self.hands += played
        self.decisions += decisions

    def result(self) -> Measurement:
        return Measurement(
            self.engine, self.hands, self.decisions, self.seconds, self.cpu_seconds, self.target
        )


def measure_interleaved(contenders: list[Contender], args: argparse.Namespace) -> None:
    """Give every engine its budget in `args.rounds` slices taken in turn, so a change in the
    machine's background load hits all engines alike rather than whichever ran at the time."""
    rounds = max(1, args.rounds)
    for index in range(rounds):
        hands = args.hands // rounds + (index < args.hands % rounds) if args.hands else 0
        for contender in contenders:
            contender.run_slice(seconds=args.seconds / rounds, hands=hands)


def traced_bytes(build: Callable[[], object]) -> int:
    """Python heap bytes still held by what `build` returns (C++ memory is invisible here)."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = build()
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del kept
    return after - before


def print_table(ours: Measurement, ours_net: Measurement, others: list[Measurement]) -> None:
    print(
        f"{'engine':<30} {'hands':>7} {'seconds':>8} {'hands/s':>9} {'decisions/hand':>15}"
        f" {'cpu/wall':>9}"
    )
    for m in [ours, ours_net, *others]:
        print(
            f"{m.engine:<30} {m.hands:>7} {m.seconds:>8.2f} {m.hands_per_second:>9.1f}"
            f" {m.decisions / max(m.hands, 1):>15.1f} {m.cpu_seconds / m.seconds:>9.0%}"
        )
    print()
    for m in others:
        ratio = ours.hands_per_second / m.hands_per_second
        net = ours_net.hands_per_second / m.hands_per_second
        line = f"pokerhall / {m.engine:<22} {ratio:>8.2f}x  (excl. set-up {net:.2f}x)"
        if m.target is None:
            print(f"{line}   no target, for information")
        else:
            verdict = "PASS" if ratio >= m.target else "MISS"
            print(f"{line}   target >= {m.target:g}x  {verdict}")


def run_benchmark(args: argparse.Namespace) -> None:
    questions = str(MINI_PACK) if args.questions == "mini" else args.questions
    budget = f"{args.hands} hands" if args.hands else f"{args.seconds:g} s"
    print(
        f"{SEATS} players, blinds {SMALL_BLIND}/{BIG_BLIND}, stacks {STACK}, seed {args.seed}; "
        f"{budget} per engine in {args.rounds} interleaved slices after a {args.warmup:g} s "
        "warm-up"
    )
    print(f"pokerhall: questions {questions}; a new game after each {args.restart}")
    ours_player = PokerhallHands(args.seed, questions, args.restart)
    ours = Contender("pokerhall quizpoker", ours_player)
    contenders = [ours]
    try:
        for abstraction in args.openspiel:
            target = TARGET_VS_OPENSPIEL if abstraction == "fullgame" else None
            spiel = OpenSpielHands(args.seed, abstraction)
            contenders.append(Contender(f"openspiel ({abstraction})", spiel, target))
    except ImportError:
        print("OpenSpiel is not installed (pip install -e '.[bench]'); skipped")
    kit: PokerKitHands | None = None
    try:
        kit = PokerKitHands(args.seed)
        contenders.append(Contender("pokerkit", kit, TARGET_VS_POKERKIT))
    except ImportError:
        print("PokerKit is not installed (pip install -e '.[bench]'); skipped")
    for contender in contenders:
        warm_up(contender.player, args.warmup)
    ours_player.reset_counters()
    measure_interleaved(contenders, args)
    print(
        f"pokerhall: {ours_player.games_started} games started during the measured hands, "
        f"{ours_player.setup_seconds:.2f} s of game set-up (counted in its time)"
    )
    print()
    net = Measurement(
        "pokerhall, excl. game set-up",
        ours.hands,
        ours.decisions,
        ours.seconds - ours_player.setup_seconds,
        ours.cpu_seconds * (1 - ours_player.setup_seconds / ours.seconds),
    )
    print_table(ours.result(), net, [c.result() for c in contenders[1:]])
    print()
    ours_bytes = traced_bytes(lambda: PokerhallHands(args.seed, questions).mid_hand())
    line = f"one state mid-hand (tracemalloc): pokerhall {ours_bytes / 1024:.1f} KiB"
    if kit is not None:
        line += f", pokerkit {traced_bytes(kit.mid_hand) / 1024:.1f} KiB"
    print(f"{line}, openspiel n/a (C++ heap)")


def run_profile(args: argparse.Namespace) -> None:
    questions = str(MINI_PACK) if args.questions == "mini" else args.questions
    player = PokerhallHands(args.seed, questions, args.restart)
    hands = args.hands or 2_000
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(hands):
        player.play_hand()
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(args.top)
    stats.sort_stats("cumulative").print_stats(args.top)
    print(f"profile of {hands} pokerhall hands (random play)")
    print(out.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per engine")
    parser.add_argument("--hands", type=int, default=0, help="fixed hand count instead of time")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved slices per engine")
    parser.add_argument("--warmup", type=float, default=0.5, help="warm-up seconds per engine")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--questions", default="mini", help='"mini" (the test pack), "builtin" or a pack path'
    )
    parser.add_argument(
        "--openspiel",
        nargs="*",
        default=["fullgame", "fcpa"],
        help="universal_poker betting abstractions to run; the target uses fullgame",
    )
    parser.add_argument(
        "--restart",
        choices=["elimination", "game-over"],
        default="elimination",
        help="start a new QuizPoker game after any elimination (all hands six-handed) or only "
        "when the game is over (later hands have fewer players, so are cheaper)",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile pokerhall instead")
    parser.add_argument("--top", type=int, default=30, help="profile rows to print")
    args = parser.parse_args(argv)
    if args.profile:
        run_profile(args)
    else:
        run_benchmark(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
