"""Engine speed: 6-player no-limit hands per second of QuizPoker, OpenSpiel and PokerKit.

All three play hands (blinds 50/100, stacks 20 000) through their public Python APIs with the same
random policy, which asks each engine for its legal moves at every decision, so that query is part
of the engine's time: uniform over the kinds legal now (fold only when facing a bet, check/call,
bet/raise with an amount uniform in the legal range, all-in only where a raise is legal).
OpenSpiel is `universal_poker` with `bettingAbstraction=fullgame` (every raise size an action;
`fcpa` is shown for information); PokerKit automates everything but the betting. A QuizPoker hand
is one question round (six random guesses, then betting); the game restarts after any elimination
so that every hand is six-handed, and the set-up is counted in our time. See bench/README.md.
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
from functools import partial
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pokerhall import games
from pokerhall.games.quizpoker import QuizPoker

SEATS = 6
STACK = 20_000
SMALL_BLIND = 50
BIG_BLIND = 100
REPO = Path(__file__).resolve().parent.parent
MINI_PACK = REPO / "tests" / "fixtures" / "mini.en.jsonl"
TARGET_VS_OPENSPIEL = 2.0
TARGET_VS_POKERKIT = 10.0
RESTARTS = ("elimination", "game-over")

T = TypeVar("T")
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
    """Standard no-limit raises and one blind level for the whole game, as in the others."""
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
        someone_out = self.restart == "elimination" and state.players_left() < SEATS
        if state.over or someone_out:
            self.state = self.new_game()
        return decisions

    @staticmethod
    def choose(prompt: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        if prompt["type"] == "guess":
            return {"type": "guess", "value": str(rng.randint(0, 200))}
        moves = {move["type"]: move for move in prompt["moves"]}
        check = "check" in moves
        aggressive = moves.get("bet") or moves.get("raise")
        kind = pick_kind(rng, facing_bet=not check, can_raise=aggressive is not None)
        if kind == FOLD:
            return {"type": "fold"}
        if kind == CHECK_CALL:
            return {"type": "check" if check else "call"}
        if aggressive is not None and kind == BET_RAISE:
            window = aggressive["params"]["to"]
            return {"type": aggressive["type"], "to": rng.randint(window["min"], window["max"])}
        return {"type": "all_in"}

    def recorded_prompts(self, hands: int) -> list[list[dict[int, dict[str, Any]]]]:
        """What `pending()` asked during `hands` hands of play, hand by hand."""
        recorded = []
        for _ in range(hands):
            state, asked = self.state, []
            number = state.hands_played
            while state.hands_played == number and not state.over:
                pending = dict(state.pending())
                asked.append(pending)
                for seat, prompt in pending.items():
                    state.act(seat, self.choose(prompt, self.rng))
            if state.over or state.players_left() < SEATS:
                self.state = self.new_game()
            recorded.append(asked)
        return recorded

    def mid_hand(self) -> QuizPoker:
        """A fresh game played to the second betting round, for the memory figure."""
        state = self.new_game()
        while state.hand.street < 1 and not state.over:
            for seat, prompt in state.pending().items():
                move = self.choose(prompt, self.rng)
                if move["type"] in ("fold", "all_in", "bet", "raise"):
                    checks = any(m["type"] == "check" for m in prompt["moves"])
                    move = {"type": "check" if checks else "call"}
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
            automations=tuple(Automation),  # dealing, posting, collecting, showdown, chip moving
            ante_trimming_status=True,
            raw_antes=0,
            raw_blinds_or_straddles=(SMALL_BLIND, BIG_BLIND),
            min_bet=BIG_BLIND,
            raw_starting_stacks=(STACK,) * SEATS,
            player_count=SEATS,
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


@dataclass(slots=True)
class Row:
    """One engine's line of the table: hands and time summed over its slices."""

    engine: str
    target: float | None = None
    """The speed-up pokerhall must reach over this engine, if it is a reference."""
    hands: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    """Process CPU time in the same spans; well below `seconds` means the machine was busy."""

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds

    @property
    def hands_per_cpu_second(self) -> float:
        return self.hands / self.cpu_seconds


def warm_up(player: HandPlayer, seconds: float) -> None:
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        player.play_hand()


def run_slice(row: Row, player: HandPlayer, *, seconds: float, hands: int) -> None:
    """Play `hands` hands, or if that is 0 until `seconds` have passed, and add them to `row`."""
    played = decisions = 0
    cpu_start = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while (played < hands) if hands else (time.perf_counter() < deadline):
        decisions += player.play_hand()
        played += 1
    row.seconds += time.perf_counter() - start
    row.cpu_seconds += time.process_time() - cpu_start
    row.hands += played
    row.decisions += decisions


def measure_interleaved(engines: list[tuple[Row, HandPlayer]], args: argparse.Namespace) -> None:
    """Give every engine its budget in `args.rounds` slices taken in turn, so a change in the
    machine's background load hits all engines alike rather than whichever ran at the time."""
    rounds = max(1, args.rounds)
    for index in range(rounds):
        hands = args.hands // rounds + (index < args.hands % rounds) if args.hands else 0
        for row, player in engines:
            run_slice(row, player, seconds=args.seconds / rounds, hands=hands)


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


def policy_seconds_per_hand(seed: int, questions: str, hands: int = 3_000) -> float:
    """Our random policy alone: its choices over recorded prompts, with no engine at all.

    This is a floor under our time per hand that no engine speed-up can remove, so it shows what
    any target leaves for the engine itself. The fastest of three passes is taken, as a floor.
    """
    player = PokerhallHands(seed, questions)
    recorded = player.recorded_prompts(hands)
    choose, rng = player.choose, random.Random(seed)
    passes = []
    for _ in range(3):
        start = time.perf_counter()
        for asked in recorded:
            for pending in asked:
                for prompt in pending.values():
                    choose(prompt, rng)
        passes.append(time.perf_counter() - start)
    return min(passes) / hands


def print_budget(ours: Row, others: list[Row], policy_seconds: float) -> None:
    """What each target leaves per decision once the policy's own share is taken off."""
    decisions = ours.decisions / ours.hands
    print(
        f"\nour random policy alone (no engine): {policy_seconds * 1e6:.1f} us per hand; "
        f"pokerhall now: {1e6 / ours.hands_per_second:.1f} us per hand, {decisions:.1f} decisions"
    )
    for m in others:
        if m.target is None:
            continue
        hand_budget = 1 / (m.hands_per_second * m.target)
        engine_budget = (hand_budget - policy_seconds) / decisions
        print(
            f"  {m.target:g}x {m.engine}: {hand_budget * 1e6:.1f} us per hand, which leaves the "
            f"engine {engine_budget * 1e6:.2f} us per decision (pending + act)"
        )


def print_table(ours: Row, ours_net: Row, others: list[Row]) -> None:
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
        cpu = ours.hands_per_cpu_second / m.hands_per_cpu_second
        line = (
            f"pokerhall / {m.engine:<22} {ratio:>7.2f}x   excl. set-up {net:>6.2f}x"
            f"   by CPU time {cpu:>6.2f}x"
        )
        if m.target is None:
            print(f"{line}   no target, for information")
        else:
            verdict = "PASS" if ratio >= m.target else "MISS"
            print(f"{line}   target >= {m.target:g}x  {verdict}")


def if_installed(make: Callable[[], T]) -> T | None:
    """`make()`, or None with a note when the engine it needs is not installed."""
    try:
        return make()
    except ImportError as exc:
        print(f"{exc.name} is not installed (pip install -e '.[bench]'); skipped")
        return None


def run_benchmark(args: argparse.Namespace) -> None:
    questions = str(MINI_PACK) if args.questions == "mini" else args.questions
    budget = f"{args.hands} hands" if args.hands else f"{args.seconds:g} s"
    print(
        f"{SEATS} players, blinds {SMALL_BLIND}/{BIG_BLIND}, stacks {STACK}, seed {args.seed}; "
        f"{budget} per engine in {args.rounds} interleaved slices after a {args.warmup:g} s "
        f"warm-up\npokerhall: questions {questions}; a new game after each {args.restart}"
    )
    ours_player = PokerhallHands(args.seed, questions, args.restart)
    ours = Row("pokerhall quizpoker")
    engines: list[tuple[Row, HandPlayer]] = [(ours, ours_player)]
    for abstraction in args.openspiel:
        target = TARGET_VS_OPENSPIEL if abstraction == "fullgame" else None
        spiel = if_installed(partial(OpenSpielHands, args.seed, abstraction))
        engines += [(Row(f"openspiel ({abstraction})", target), spiel)] if spiel else []
    kit = if_installed(partial(PokerKitHands, args.seed))
    engines += [(Row("pokerkit", TARGET_VS_POKERKIT), kit)] if kit else []
    for _, player in engines:
        warm_up(player, args.warmup)
    ours_player.reset_counters()
    measure_interleaved(engines, args)
    setup = ours_player.setup_seconds
    print(
        f"pokerhall: {ours_player.games_started} games started during the measured hands, "
        f"{setup:.2f} s of game set-up (counted in its time)\n"
    )
    net = Row("pokerhall, excl. game set-up", None, ours.hands, ours.decisions)
    net.seconds = ours.seconds - setup
    net.cpu_seconds = ours.cpu_seconds * (1 - setup / ours.seconds)
    print_table(ours, net, [row for row, _ in engines[1:]])
    print_budget(
        ours, [row for row, _ in engines[1:]], policy_seconds_per_hand(args.seed, questions)
    )
    ours_bytes = traced_bytes(lambda: PokerhallHands(args.seed, questions).mid_hand())
    line = f"\none state mid-hand (tracemalloc): pokerhall {ours_bytes / 1024:.1f} KiB"
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
        "--questions",
        default="builtin",
        help='"builtin" (the shipped packs), "mini" or a pack path',
    )
    parser.add_argument(
        "--openspiel",
        nargs="*",
        default=["fullgame", "fcpa"],
        help="universal_poker betting abstractions to run; the target uses fullgame",
    )
    restart = "new QuizPoker game after an elimination (six-handed) or at game over (cheaper)"
    parser.add_argument("--restart", choices=RESTARTS, default=RESTARTS[0], help=restart)
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
