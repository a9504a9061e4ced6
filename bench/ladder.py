"""The bot ladder of every game (issue 22, "bots that hold up"): each game's bot levels against
each other and the default bot and every level above it against every exploiter, heads-up and
at a full table, then four default bots at a table for its length in hands.

Games and tables (`TABLES`): QuizPoker under the `quizpoker` ruleset (2 and 6 seats) and the
`duell` (3, its least, and 6), Palace (2 and 4), Slovní poker (2 and 5) and Detective (3 and 4,
its only sizes). The exploiters are one-trick bots of the benchmarks and the arena only
(`pokerhall.arena.exploiters`, a module per game), never offered in the lobby.

Pairings (first kind vs second kind):

* level against level: each level against the one below it (`Table.levels`, weakest first).
  The two kinds alternate round the table and the pattern turns one seat each game, so each
  kind sits everywhere;
* bot against exploiter: one exploiter, the rest of the table the bot, the exploiter's seat
  turning each game.

A game is the game's own whole match (QuizPoker until one player has every chip, at most
`--max-hands`, when the biggest stack wins; Palace a session of `PALACE_SESSION` hands; Slovní
poker its ten deals; Detective its two rounds). The first kind scores its share of the game's
winners (1, 0, or its part of a tie). Printed per pairing: that win rate with its 95 % Wilson
interval, the **fair share** (the first kind's mean share of the seats) and **pass** when the
whole interval lies above the fair share. Every pairing is required.

Per game and kind, out of the hands (QuizPoker hands, Palace hands, Slovní deals) it was dealt
into in all pairings (bench/README.md defines them): its **fold rate**, **call-down rate**,
**bluff rate** and **showdown win rate**, and the CPU time of its moves (mean, p99, worst; the
budget is 50 ms). Then `--tables` tables of four default bots per game (the game's default
options) played to the end: the median game length in hands with its quartiles.

Exit status: 0 when every pairing passes and every p99 is within budget, 1 otherwise, and 2 at
once when a bot's move is refused by the game, naming the game, seed, seat, bot and move.

    python bench/ladder.py [--games 1000] [--tables N] [--workers 2] [--only quizpoker duell]
        [--match TEXT] [--max-hands 300] [--lexicon system|mini]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerhall import games
from pokerhall.arena.exploiters import EXPLOITERS, make_bot
from pokerhall.engine.bots import bot_move
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import JSON, ROUND_STARTED
from pokerhall.engine.protocol import Game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.lexicon_choice import pick_lexicon
from bench.stats import wilson

BUDGET_MS = 50.0
MAX_WORKERS = 2
"""The machine's two cores are shared: never more processes than this."""
PALACE_SESSION = 4
"""Hands per Palace game in the pairings: short sessions are independent samples."""
CPU_BIN_MS = 0.05
"""Move times are kept as a histogram of this resolution (millions of moves fit in memory)."""


@dataclass(frozen=True, slots=True)
class Table:
    """One game (and ruleset) of the ladder."""

    name: str
    game: str
    options: Mapping[str, object]
    """The game's options for every game of the ladder (questions, lexicon)."""
    seats: tuple[int, int]
    """Heads-up (or the least) and a full table."""
    levels: tuple[str, ...]
    """The registered bots, weakest first."""
    default: str

    @property
    def strong(self) -> tuple[str, ...]:
        """The default bot and every level above it: the bots the exploiters must not beat."""
        return self.levels[self.levels.index(self.default) :]

    def pairing_options(self, second: str) -> dict[str, object]:
        """The options of a pairing's games: Palace plays short sessions, and against the
        maniac, who raises the pot, no-limit (at a limit table it would be `minraise`)."""
        options = dict(self.options)
        if self.game == "palace":
            options["hands_per_session"] = PALACE_SESSION
            options["betting"] = "no_limit" if second == "maniac" else "limit"
        return options


QUIZ_LEVELS = ("random", "heuristic", "novice", "casual", "expert")
TABLES: dict[str, Table] = {
    "quizpoker": Table(
        "quizpoker",
        "quizpoker",
        {"ruleset": "quizpoker", "questions": "builtin", "language": "en"},
        (2, 6),
        QUIZ_LEVELS,
        "casual",
    ),
    "duell": Table(
        "duell",
        "quizpoker",
        {"ruleset": "duell", "questions": "builtin", "language": "de"},
        (3, 6),
        QUIZ_LEVELS,
        "casual",
    ),
    "palace": Table("palace", "palace", {}, (2, 4), ("random", "cautious", "sampler"), "sampler"),
    "wordpoker": Table(
        "wordpoker", "wordpoker", {}, (2, 5), ("random", "matcher", "sampler"), "sampler"
    ),
    "wordpoker-values": Table(
        "wordpoker-values",
        "wordpoker",
        {"scoring": "values"},
        (2, 5),
        ("random", "matcher", "sampler"),
        "sampler",
    ),
    "detective": Table(
        "detective", "detective", {}, (3, 4), ("random", "sampler", "expert"), "expert"
    ),
    "detective-expert": Table(
        "detective-expert",
        "detective",
        {"ruleset": "expert"},
        (3, 4),
        ("random", "sampler", "expert"),
        "expert",
    ),
}


@dataclass(frozen=True, slots=True)
class Pairing:
    table: str
    first: str
    second: str
    players: int
    against_exploiter: bool

    @property
    def label(self) -> str:
        return f"{self.table:<9} {self.players}p {self.first:>8} vs {self.second:<10}"

    def seating(self, index: int) -> tuple[str, ...]:
        n = self.players
        if self.against_exploiter:
            return tuple(self.second if s == index % n else self.first for s in range(n))
        return tuple(self.first if (s + index) % 2 == 0 else self.second for s in range(n))

    def fair(self, games_played: int) -> float:
        shares = [self.seating(i).count(self.first) / self.players for i in range(games_played)]
        return statistics.fmean(shares) if shares else 0.0


def pairings(chosen: list[str]) -> list[Pairing]:
    out: list[Pairing] = []
    for name in chosen:
        table = TABLES[name]
        for players in table.seats:
            for low, high in zip(table.levels, table.levels[1:], strict=False):
                out.append(Pairing(name, high, low, players, False))
            for bot in table.strong:
                for exploiter in EXPLOITERS[table.game]:
                    out.append(Pairing(name, bot, exploiter, players, True))
    return out


# --- what a bot does, hand by hand -----------------------------------------------------------


@dataclass
class Habits:
    """One kind's hands: dealt in, folded, called down, bet or raised, shown down, won there."""

    hands: int = 0
    folds: int = 0
    call_downs: int = 0
    aggressive: int = 0
    aggressive_shown: int = 0
    aggressive_lost: int = 0
    showdowns: int = 0
    showdown_wins: int = 0

    def add(self, other: Habits) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class MoveTimes:
    """CPU milliseconds of one kind's moves: a count, sum, worst and a histogram for p99."""

    moves: int = 0
    total: float = 0.0
    worst: float = 0.0
    bins: Counter[int] = field(default_factory=Counter)

    def record(self, ms: float) -> None:
        self.moves += 1
        self.total += ms
        self.worst = max(self.worst, ms)
        self.bins[int(ms / CPU_BIN_MS)] += 1

    def add(self, other: MoveTimes) -> None:
        self.moves += other.moves
        self.total += other.total
        self.worst = max(self.worst, other.worst)
        self.bins.update(other.bins)

    def quantile(self, q: float) -> float:
        """The upper edge of the bin holding the q-quantile."""
        wanted, seen = q * self.moves, 0
        for index in sorted(self.bins):
            seen += self.bins[index]
            if seen >= wanted:
                return min((index + 1) * CPU_BIN_MS, self.worst)
        return self.worst


def move_kind(game: str, prompt: JSON, move: JSON) -> str | None:
    """ "fold", "call" (paying to stay in) or "raise" (a bet or raise), or None for any other
    move (a guess, a check, a stay, an exchange; Detective has no betting of this kind)."""
    kind = move.get("type")
    if game == "quizpoker" and prompt.get("type") == "bet":
        return {"fold": "fold", "call": "call", "bet": "raise", "raise": "raise"}.get(
            str(kind), "raise" if kind == "all_in" else None
        )
    if game == "palace":
        return {"fold": "fold", "call": "call", "battle": "raise", "raise": "raise"}.get(str(kind))
    if game == "wordpoker":
        if kind == "raise":
            return "raise"
        if int(prompt.get("cost") or 0) > 0:
            return {"pass": "fold", "call": "call"}.get(str(kind))
    return None


class HandWatcher:
    """Each seat's habits, from its moves and the public events of the hands (what a spectator
    sees, the moves as the table sees them)."""

    def __init__(self, game: str, kinds: tuple[str, ...]) -> None:
        self.game = game
        self.kinds = kinds
        self.habits = {kind: Habits() for kind in set(kinds)}
        self.hands = 0
        self._open(())

    def _open(self, playing: tuple[int, ...]) -> None:
        self.playing = playing
        self.moves: dict[int, set[str]] = {seat: set() for seat in playing}
        self.shown: set[int] = set()
        """Seats that showed their holding against another's this hand."""
        self.winners: set[int] = set()

    def _close(self) -> None:
        for seat in self.playing:
            habits = self.habits[self.kinds[seat]]
            moves = self.moves[seat]
            habits.hands += 1
            habits.folds += "fold" in moves
            habits.aggressive += "raise" in moves
            if seat in self.shown:
                won = seat in self.winners
                habits.showdowns += 1
                habits.showdown_wins += won
                habits.call_downs += "call" in moves and "raise" not in moves
                if "raise" in moves:
                    habits.aggressive_shown += 1
                    habits.aggressive_lost += not won

    def move(self, seat: int, prompt: JSON, move: JSON) -> None:
        kind = move_kind(self.game, prompt, move)
        if kind is not None and seat in self.moves:
            self.moves[seat].add(kind)

    def see(self, event_type: str, data: Mapping[str, Any]) -> None:
        if event_type == ROUND_STARTED:
            self._close()
            self.hands += 1
            seats = data.get("playing") or data.get("seats") or range(len(self.kinds))
            self._open(tuple(int(seat) for seat in seats))
        elif event_type == "showdown" and self.game == "quizpoker":
            self.shown |= {int(seat) for seat in data["order"]}
        elif event_type == "showdown" and self.game == "palace":
            self.shown |= {int(hand["seat"]) for hand in data["hands"]}
        elif event_type == "pot_awarded" and self.shown:
            if self.game == "quizpoker" or data.get("why") == "showdown":
                self.winners |= {int(seat) for seat in data["shares"]}
        elif event_type == "battle_won" and data.get("how") != "fold":
            # a called Palace battle is a showdown of its two fighters (P10); its last counts
            winner, loser = int(data["winner"]), int(data["loser"])
            self.shown |= {winner, loser}
            self.winners.add(winner)
            self.winners.discard(loser)
        elif event_type == "battle_tied":
            self.shown |= {int(seat) for seat in data["seats"]}
            self.winners -= {int(seat) for seat in data["seats"]}
        elif event_type == "deal_result" and not data.get("uncontested"):
            self.shown |= {int(word["seat"]) for word in data["words"]}
            self.winners |= {int(seat) for seat in data["winners"]}

    def finish(self) -> dict[str, Habits]:
        self._close()
        self._open(())
        return self.habits


# --- one game --------------------------------------------------------------------------------


class IllegalBotMove(Exception):
    """A bot's move the game refused: a bug, reported at once rather than skewing figures."""


@dataclass
class Outcome:
    winners: list[str]
    """The kinds of the winning seats (several on a tie or a shared victory)."""
    hands: int
    capped: bool
    habits: dict[str, Habits]
    cpu: dict[str, MoveTimes]


Job = tuple[str, tuple[str, ...], int, int, tuple[tuple[str, object], ...]]
"""(table name, kinds by seat, seed, hand cap, options)."""


def play(job: Job) -> Outcome:
    name, kinds, seed, max_hands, options = job
    table = TABLES[name]
    state: Game[Any] = games.create(table.game, len(kinds), dict(options), seed=seed)
    bots = {seat: make_bot(table.game, kind, seed * 31 + seat) for seat, kind in enumerate(kinds)}
    watcher = HandWatcher(table.game, kinds)
    cpu = {kind: MoveTimes() for kind in kinds}
    for event in state.events:
        if event.is_public:
            watcher.see(event.type, event.data)
    capped = False
    while not state.over:
        if watcher.hands > max_hands:
            capped = True
            break
        seat, prompt = next(iter(state.pending().items()))
        started = time.thread_time()  # the view too: a host builds it for the bot's move
        move = bot_move(bots[seat], state, seat, prompt)
        cpu[kinds[seat]].record((time.thread_time() - started) * 1e3)
        watcher.move(seat, prompt, move)
        try:
            events = state.act(seat, move)
        except IllegalMove as exc:
            raise IllegalBotMove(
                f"{name} seed {seed}: seat {seat} ({kinds[seat]}) played {move} to "
                f"{prompt.get('type')} prompt: {exc}"
            ) from exc
        for event in events:
            if event.is_public:
                watcher.see(event.type, event.data)
    hands = min(watcher.hands, max_hands)
    return Outcome([kinds[s] for s in winners(state)], hands, capped, watcher.finish(), cpu)


def winners(state: Game[Any]) -> list[int]:
    """The game's winners, or at the hand cap the biggest stacks."""
    if state.result is not None:
        return [int(seat) for seat in state.result["winners"]]
    stacks = [int(player["stack"]) for player in state.view(None)["players"]]
    return [seat for seat, chips in enumerate(stacks) if chips == max(stacks)]


def share(outcome: Outcome, kind: str) -> float:
    """The kind's share of the game's winners (a tie's part; 0 when nobody won)."""
    if not outcome.winners:
        return 0.0
    return outcome.winners.count(kind) / len(outcome.winners)


def run(jobs: list[Job], workers: int) -> list[Outcome]:
    if workers <= 1:
        return [play(job) for job in jobs]
    with multiprocessing.Pool(workers) as pool:
        results: Iterator[Outcome] = pool.imap(play, jobs, chunksize=4)
        return list(results)


# --- the report ------------------------------------------------------------------------------


def percent(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "–"


NO_BETTING = frozenset({"detective"})
"""Games whose bets are no poker bets (Detective's chips go on boards, nobody folds, calls or
shows down): their behaviour columns are left empty."""


def habits_lines(table: str, habits: Mapping[str, Habits]) -> list[str]:
    lines = [
        f"  {table}: {'kind':<10}{'hands':>9}{'fold':>8}{'call-down':>11}{'bluff':>8}"
        f"{'showdown win':>14}"
    ]
    betting = TABLES[table].game not in NO_BETTING
    for kind, h in sorted(habits.items()):
        rates = [
            percent(h.folds, h.hands),
            percent(h.call_downs, h.hands),
            percent(h.aggressive_lost, h.aggressive_shown),
            percent(h.showdown_wins, h.showdowns),
        ]
        fold, call_down, bluff, shown = rates if betting else ["–"] * 4
        lines.append(
            f"  {'':<{len(table) + 1}} {kind:<10}{h.hands:>9}{fold:>8}{call_down:>11}"
            f"{bluff:>8}{shown:>14}"
        )
    return lines


def game_lengths(
    name: str, tables: int, max_hands: int, lexicon: str, workers: int
) -> tuple[str, float]:
    """Four default bots at the game's default options, played to the end."""
    table = TABLES[name]
    options = tuple(sorted({**table.options, **lexicon_option(table, lexicon)}.items()))
    base = zlib.crc32(f"length {name}".encode())
    jobs: list[Job] = [
        (name, (table.default,) * 4, base + i, max_hands, options) for i in range(tables)
    ]
    outcomes = run(jobs, workers)
    lengths = [o.hands for o in outcomes]
    median = statistics.median(lengths)
    q1, _, q3 = (
        statistics.quantiles(lengths, n=4, method="inclusive")
        if len(lengths) > 1
        else (median,) * 3
    )
    capped = sum(o.capped for o in outcomes)
    text = (
        f"  {name:<10} four {table.default} bots: median {median:g} hands (quartiles "
        f"{q1:g}–{q3:g}, fewest {min(lengths)}, most {max(lengths)}, {capped} capped at "
        f"{max_hands}) over {len(lengths)} tables"
    )
    return text, median


def lexicon_option(table: Table, lexicon: str) -> dict[str, object]:
    return {"lexicon": lexicon} if table.game == "wordpoker" else {}


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (1000)")
    parser.add_argument("--tables", type=int, default=None, help="four-bot tables (--games)")
    parser.add_argument("--max-hands", type=int, default=300, help="hand cap per game (300)")
    parser.add_argument("--workers", type=int, default=MAX_WORKERS, help="processes (at most 2)")
    parser.add_argument("--only", nargs="+", choices=list(TABLES), default=list(TABLES))
    parser.add_argument("--match", default="", help="only pairings whose label holds this")
    parser.add_argument("--lexicon", choices=("system", "mini"), default="system")
    args = parser.parse_args(argv)
    workers = max(1, min(args.workers, MAX_WORKERS))
    tables = args.games if args.tables is None else args.tables
    lexicon = pick_lexicon(args.lexicon, out)
    out(
        f"bot ladder: {args.games} games per pairing, {tables} four-bot tables per game, hand cap "
        f"{args.max_hands}, {workers} worker(s), Slovní lexicon {lexicon}"
    )
    habits: dict[str, dict[str, Habits]] = {}
    cpu: dict[str, dict[str, MoveTimes]] = {}
    failed: list[str] = []
    for pairing in pairings(args.only):
        if args.match not in pairing.label:
            continue
        table = TABLES[pairing.table]
        options = {**table.pairing_options(pairing.second), **lexicon_option(table, lexicon)}
        base = zlib.crc32(pairing.label.encode()) * 10_000
        jobs: list[Job] = [
            (pairing.table, pairing.seating(i), base + i, args.max_hands, tuple(options.items()))
            for i in range(args.games)
        ]
        started = time.perf_counter()
        try:
            outcomes = run(jobs, workers)
        except IllegalBotMove as exc:
            out(f"ILLEGAL MOVE: {exc}")
            return 2
        wins = sum(share(o, pairing.first) for o in outcomes)
        n = len(outcomes)
        low, high = wilson(round(wins), n)
        fair = pairing.fair(n)
        passes = low > fair
        if not passes:
            failed.append(pairing.label.strip())
        for outcome in outcomes:
            for kind, counts in outcome.habits.items():
                habits.setdefault(pairing.table, {}).setdefault(kind, Habits()).add(counts)
            for kind, times in outcome.cpu.items():
                cpu.setdefault(pairing.table, {}).setdefault(kind, MoveTimes()).add(times)
        out(
            f"  {pairing.label} {pairing.first} wins {wins:g}/{n} = {wins / max(n, 1):6.1%}  "
            f"95% CI [{low:.1%}, {high:.1%}]  fair {fair:.1%}  {'pass' if passes else 'FAIL'}"
            f"  (median {statistics.median(o.hands for o in outcomes) if n else 0:g} hands, "
            f"{time.perf_counter() - started:.0f} s)"
        )
    out("\nbehaviour per kind, out of the hands it was dealt into (bench/README.md)")
    for name, by_kind in habits.items():
        out("\n".join(habits_lines(name, by_kind)))
    if tables > 0:  # `--tables 0` skips the game lengths (nothing to take a median of)
        out("\ngame length, four default bots at the game's default options")
    for name in args.only if tables > 0 else []:
        try:
            text, _ = game_lengths(name, tables, args.max_hands, lexicon, workers)
        except IllegalBotMove as exc:
            out(f"ILLEGAL MOVE: {exc}")
            return 2
        out(text)
    out("\nCPU time per move (ms): game, kind, moves, mean, p99, worst")
    slow: list[str] = []
    for name, times_by_kind in cpu.items():
        for kind, times in sorted(times_by_kind.items()):
            p99 = times.quantile(0.99)
            if p99 >= BUDGET_MS:
                slow.append(f"{name} {kind}")
            mean = times.total / max(times.moves, 1)
            out(
                f"  {name:<10}{kind:<11}{times.moves:>10}{mean:>9.3f}{p99:>9.2f}{times.worst:>9.1f}"
            )
    out("every pairing passes: " + ("yes" if not failed else "NO: " + "; ".join(failed)))
    out(f"CPU p99 under {BUDGET_MS:g} ms: " + ("yes" if not slow else "NO: " + "; ".join(slow)))
    return 0 if not failed and not slow else 1


if __name__ == "__main__":
    sys.exit(main())
