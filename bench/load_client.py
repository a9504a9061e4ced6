"""The client side of the server load benchmark: tables of bot clients over real WebSockets.

Every seat of every table is a "human" seat held by a client in this process, so every move
crosses the network: the client reads its prompt from the view it was sent, chooses a move with
a simple fast policy, and sends it carrying the prompt's prompt id.

A move counts as acknowledged when its mover receives the first update in which the prompt it
answered is gone or has a new prompt id. (The view's prompt id alone is not enough: a secret
guess leaves it unchanged, Q2.) The policy never folds while guessing, so no other seat's move can
change a seat's prompt while its own move is on the way, and the first such update is the one
caused by that move. Latency runs from sending the move to receiving that update.

Play starts once every table is open. When a table's game ends its clients leave and a new table
is opened in its place, so the load stays constant for the whole run. `Stats` collects what the
clients measure and `Result` is one run's figures, which bench/server_load.py prints.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

REPO = Path(__file__).resolve().parent.parent
PACKS = REPO / "tests" / "fixtures"
"""Served with `serve --packs`: tables name a pack by its id, never by a path on the server."""
MINI_PACK = "mini.en"
RATE_LIMIT_PAUSE = 0.06
"""The server allows a connection 20 messages a second; a refused move is sent again after this."""
CLOSE_TIMEOUT = 2.0


def table_options() -> dict[str, Any]:
    """Short but real games: small stacks and fast-rising blinds end a game in ~100 moves."""
    return {
        "starting_stack": 100,
        "small_blinds": [5],
        "blind_factor": 2.0,
        "hands_per_level": 3,
        "min_raise": "standard",
        "questions": MINI_PACK if (PACKS / f"{MINI_PACK}.jsonl").is_file() else "builtin",
    }


@dataclass
class Stats:
    """What all clients measured; moves and latencies count only while `measuring`."""

    measuring: bool = False
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    reasons: dict[str, str] = field(default_factory=dict)
    """The first reason the server gave for each error code."""
    games_finished: int = 0
    tables_opened: int = 0
    tables_opened_measuring: int = 0
    """Tables opened while `measuring`: their set-up is in the measured server CPU."""
    messages_received: int = 0
    chars_received: int = 0
    """The server's messages and their characters while `measuring` (bench/server_floor.py
    sends updates of the same size)."""

    def acknowledged(self, seconds: float) -> None:
        if self.measuring:
            self.moves += 1
            self.latencies.append(seconds)


def choose(rng: random.Random, prompt: dict[str, Any]) -> dict[str, Any]:
    """Guess a number, then mostly check or call; now and then bet, raise or fold. Read from the
    one prompt shape (`engine/prompts.py`): the listed moves and their parameters."""
    prompt_id = prompt["prompt_id"]
    legal = {spec["type"]: spec["params"] for spec in prompt["moves"]}
    if prompt["type"] == "guess":
        return {"type": "guess", "value": str(rng.randint(0, 200)), "prompt_id": prompt_id}
    if prompt["type"] != "bet":
        return {**prompt["default"], "prompt_id": prompt_id}
    roll = rng.random()
    if "check" in legal:
        if roll < 0.15 and "bet" in legal:
            return {"type": "bet", "to": legal["bet"]["to"]["min"], "prompt_id": prompt_id}
        return {"type": "check", "prompt_id": prompt_id}
    if roll < 0.2 or "call" not in legal:
        return {"type": "fold", "prompt_id": prompt_id}
    if roll < 0.3 and "raise" in legal:
        return {"type": "raise", "to": legal["raise"]["to"]["min"], "prompt_id": prompt_id}
    return {"type": "call", "prompt_id": prompt_id}


@dataclass(frozen=True)
class Think:
    """A player's thinking time per move: none (flat out), a random time with this mean
    (exponential, `--think`), or uniform between two bounds (`--think-between 2 5`, the
    human-like pace of the 1,000-table goal)."""

    mean: float = 0.0
    between: tuple[float, float] | None = None

    def __bool__(self) -> bool:
        return self.between is not None or self.mean > 0

    def draw(self, rng: random.Random) -> float:
        if self.between is not None:
            return rng.uniform(*self.between)
        return rng.expovariate(1.0 / self.mean) if self.mean > 0 else 0.0

    def label(self) -> str:
        if self.between is not None:
            return f"{self.between[0]:g}-{self.between[1]:g} s per move (uniform)"
        return f"{self.mean:g} s per move (mean)" if self.mean > 0 else "none (flat out)"


class SeatClient:
    """One seat's WebSocket: answers every prompt of its seat until the game is over."""

    def __init__(
        self, ws: ClientConnection, rng: random.Random, stats: Stats, think: Think
    ) -> None:
        self.ws = ws
        self.rng = rng
        self.stats = stats
        self.think = think
        self.sent_at: float | None = None
        """When the move now on its way was sent; None when none is."""
        self.sent_for: int | None = None
        """The prompt id of the prompt that move answers."""
        self.move: dict[str, Any] | None = None

    async def play(self) -> None:
        """Until the game is over; a connection the server ends sooner is counted as an error."""
        async for text in self.ws:
            if self.stats.measuring:
                self.stats.messages_received += 1
                self.stats.chars_received += len(text)
            message = json.loads(text)
            kind = message["type"]
            if kind in ("state", "update"):
                if await self._on_view(message["view"]):
                    return
            elif kind == "error":
                self.stats.reasons.setdefault(message["code"], message.get("reason", ""))
                await self._on_error(message["code"])
        self.stats.errors["closed_by_server"] += 1

    async def _on_view(self, view: dict[str, Any]) -> bool:
        """Acknowledge, then answer a new prompt; True once the game is over."""
        you = view.get("you") or {}
        prompt = you.get("prompt")
        if self.sent_at is not None:
            if prompt is not None and prompt["prompt_id"] == self.sent_for:
                return False  # somebody else's secret guess; ours is still on its way
            self.stats.acknowledged(time.perf_counter() - self.sent_at)
            self.sent_at = None
        if view["over"]:
            return True
        if prompt is not None:
            self.move = choose(self.rng, prompt)
            if self.think:  # messages wait in the socket meanwhile, as for a person
                await asyncio.sleep(self.think.draw(self.rng))
            await self._send(self.move)
        return False

    async def _send(self, move: dict[str, Any]) -> None:
        self.sent_at = time.perf_counter()
        self.sent_for = move["prompt_id"]
        await self.ws.send(json.dumps({"v": 1, "type": "move", "move": move}))

    async def _on_error(self, code: str) -> None:
        self.stats.errors[code] += 1
        if code == "rate_limited" and self.move is not None and self.sent_at is not None:
            await asyncio.sleep(RATE_LIMIT_PAUSE)
            await self.ws.send(json.dumps({"v": 1, "type": "move", "move": self.move}))
        else:  # the move was refused: forget it and ask for the current state
            self.sent_at = None
            await self.ws.send(json.dumps({"v": 1, "type": "sync"}))


@dataclass
class Load:
    """Where the server is and how each table is played."""

    http: httpx.AsyncClient
    ws_base: str
    stats: Stats
    seats: int = 3
    think: Think = field(default_factory=Think)
    setup: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(32))
    """Bounds how many tables are being opened at once (the server's accept backlog)."""
    go: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once every table is open: play starts together, so opening is not slowed by it."""


async def open_table(load: Load, slot: int, game: int) -> tuple[str, list[str]]:
    """Create a table with no bots and no turn clock; take every seat. Returns the tokens."""
    body = {
        "game": "quizpoker",
        "name": f"load {slot}.{game}",
        "options": table_options(),
        "seats": load.seats,
        "bots": 0,
        "turn_clock": None,
        "bot_takeover": False,
    }
    response = await load.http.post("/api/tables", json=body)
    response.raise_for_status()
    table_id: str = response.json()["id"]
    tokens = []
    for seat in range(load.seats):
        joined = await load.http.post(f"/api/tables/{table_id}/seats", json={"name": f"p{seat}"})
        joined.raise_for_status()
        tokens.append(joined.json()["token"])
    return table_id, tokens


async def greet(load: Load, table_id: str, token: str) -> ClientConnection:
    ws = await connect(
        f"{load.ws_base}/ws/tables/{table_id}",
        ping_interval=None,
        open_timeout=30,
        close_timeout=CLOSE_TIMEOUT,
        max_size=2**20,
    )
    await ws.send(json.dumps({"v": 1, "type": "hello", "token": token}))
    return ws


async def play_table(load: Load, slot: int) -> None:
    """Keep one table busy: play a game, and when it ends open the next one."""
    for game in range(1_000_000):
        sockets: list[ClientConnection] = []
        try:
            async with load.setup:
                table_id, tokens = await open_table(load, slot, game)
                opened = await asyncio.gather(
                    *(greet(load, table_id, t) for t in tokens), return_exceptions=True
                )
                sockets = [ws for ws in opened if isinstance(ws, ClientConnection)]
                for failure in opened:
                    if isinstance(failure, BaseException):
                        raise failure
            load.stats.tables_opened += 1
            if load.stats.measuring:
                load.stats.tables_opened_measuring += 1
            await load.go.wait()
            rngs = [random.Random(slot * 1_000_003 + game * 101 + s) for s in range(load.seats)]
            clients = [
                SeatClient(ws, r, load.stats, load.think)
                for ws, r in zip(sockets, rngs, strict=True)
            ]
            await asyncio.gather(*(c.play() for c in clients))
            load.stats.games_finished += 1
        except (OSError, httpx.HTTPError, WebSocketException) as exc:
            load.stats.errors[type(exc).__name__] += 1
            await asyncio.sleep(0.5)  # the report shows it; the table slot tries again
        finally:
            await close_all(sockets)


async def close_all(sockets: list[ClientConnection]) -> None:
    for ws in sockets:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(CLOSE_TIMEOUT):
                await ws.close()


@dataclass
class Result:
    tables: int
    clients: int
    think: Think
    setup_seconds: float
    seconds: float
    moves: int
    latencies_ms: list[float]
    server_cpu: float
    server_cpu_wait: float
    """Percent of the time the server's threads were ready to run but waited for the core (for
    each other, or for other processes on a busy machine)."""
    client_cpu: float
    server_rss_mb: tuple[float, float]
    """The server's memory at the start and the end of the measurement."""
    load_average: float
    games_finished: int
    tables_opened: int
    errors: dict[str, int]
    reasons: dict[str, str]
    window: tuple[float, float] = (0.0, 0.0)
    """The measured time as wall-clock times, to pick the server's pauses inside it."""
    gc_pauses: list[tuple[int, float]] = field(default_factory=list)
    """The server's garbage collections while measuring: (generation, milliseconds)."""
    memory: list[tuple[float, float]] = field(default_factory=list)
    """With `--memory-every`: the server's RSS while measuring, (seconds in, MB)."""
    messages_received: int = 0
    chars_received: int = 0
    tables_opened_measuring: int = 0
    """Of `tables_opened`, those opened in the measured window (`Stats`)."""
    setup_ms_per_table: float = 0.0
    """Server CPU to open a table (create, three joins, three WebSockets greeted), measured
    while the first tables open: a game's set-up, spread over its moves under load."""

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def server_ms_per_move(self) -> float:
        """Server CPU per acknowledged move: steadier than the rates on a busy machine."""
        return 10 * self.server_cpu * self.seconds / self.moves if self.moves else float("nan")

    def percentile(self, p: float) -> float:
        """Nearest rank; NaN without samples."""
        if not self.latencies_ms:
            return float("nan")
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": self.tables,
            "clients": self.clients,
            "think_seconds": (list(self.think.between) if self.think.between else self.think.mean),
            "setup_seconds": round(self.setup_seconds, 2),
            "setup_server_cpu_ms_per_table": round(self.setup_ms_per_table, 2),
            "seconds": round(self.seconds, 2),
            "moves": self.moves,
            "moves_per_second": round(self.moves_per_second, 1),
            "latency_ms": {f"p{p}": round(self.percentile(p), 2) for p in (50, 90, 99)}
            | {"max": round(max(self.latencies_ms, default=float("nan")), 2)},
            "server_cpu_percent": round(self.server_cpu, 1),
            "server_cpu_ms_per_move": round(self.server_ms_per_move, 3),
            "server_cpu_wait_percent": round(self.server_cpu_wait, 1),
            "client_cpu_percent": round(self.client_cpu, 1),
            "server_rss_mb": [round(m, 1) for m in self.server_rss_mb],
            "load_average": round(self.load_average, 2),
            "games_finished": self.games_finished,
            "tables_opened": self.tables_opened,
            "errors": self.errors,
            "error_reasons": self.reasons,
            "gc_pauses": len(self.gc_pauses),
            "gc_full_collections": sum(1 for gen, _ in self.gc_pauses if gen == 2),
            "gc_pause_max_ms": round(max((ms for _, ms in self.gc_pauses), default=0.0), 2),
            "gc_pause_total_ms": round(sum(ms for _, ms in self.gc_pauses), 2),
        }
