"""The framework's floor: server_load's client load against a server that only moves messages.

Issue 14 asks for saturated throughput at 100 tables of three times the baseline's, i.e. about
0.33 ms of server CPU per move. This script measures what the stack pokerhall stands on (uvicorn,
websockets, Starlette/FastAPI, pydantic, and SQLAlchemy/aiosqlite for the commit) costs per move
when it does nothing else, with the same clients as `server_load.py` in the same session:

- `pokerhall`: `python -m pokerhall serve`, exactly as server_load.py runs it;
- `floor + commit`: a minimal FastAPI app (`serve` below) on the same uvicorn settings. Each
  table is a counter passing the turn round its three seats; a move is read from the seat's
  WebSocket, checked by the same `parse_client_message` (JSON decoding, nesting and exact-number
  checks, the same pydantic `MoveMessage`), committed by the same `Database.append_move` group
  commit into the same SQLite schema, and then each of the three seats is sent an update of
  the size pokerhall's updates had in its run (a `json.dumps` of a small dict padded to that
  length with one string);
- `floor, no commit`: the same without the database.

No game, no views, no events, no outbox tasks, no presence, no rate limiting, no clock: what
remains is the cost any server on this stack pays per move. The ratio pokerhall / floor says how
much of pokerhall's CPU per move is ours; the floor alone says whether issue 14's 3x target
(GOAL_SPEEDUP in server_load.py) is within reach of this stack at all.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.load_client import Result
from bench.server_load import (
    BASELINE_MS_PER_MOVE,
    GOAL_SPEEDUP,
    ServerProcess,
    measure,
    raise_fd_limit,
    run,
    split_cpus,
)

SCRIPT = Path(__file__).resolve()
MOVES_PER_GAME = 100
"""A floor table's game ends after this many moves (server_load's games take about as many),
so tables are replaced at about pokerhall's rate."""


class FloorProcess(ServerProcess):
    """This script's `serve` in place of `python -m pokerhall serve`."""

    def __init__(
        self, workdir: Path, db_path: Path, cpus: set[int] | None, commit: bool, chars: int
    ) -> None:
        super().__init__(workdir, db_path, cpus, profile=False)
        self.gc_path = None
        self.commit = commit
        self.chars = chars

    def start(self) -> None:
        import subprocess

        command = [sys.executable, str(SCRIPT), "serve", "--port", str(self.port)]
        command += ["--db", f"sqlite:///{self.db_path}", "--update-chars", str(self.chars)]
        command += [] if self.commit else ["--no-commit"]
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(
                command,
                cwd=self.workdir,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=self._in_child,
            )


# --- the minimal server (runs in the subprocess) ---------------------------------------------


def serve(port: int, db_url: str, commit: bool, update_chars: int) -> None:
    """The minimal app (FastAPI is imported at the top: its routes' annotations must resolve)."""
    import uuid
    from collections.abc import AsyncIterator
    from contextlib import asynccontextmanager

    import uvicorn

    from pokerhall.server import collector
    from pokerhall.server.store.db import Database
    from pokerhall.server.store.models import SeatRow, TableRow
    from pokerhall.server.wire.messages import (
        WS_MAX_FRAME_BYTES,
        Hello,
        MoveMessage,
        parse_client_message,
        server_message,
    )

    pad = "x" * max(0, update_chars - len(update_text(0, None, False, "")))

    class Table:
        def __init__(self, table_id: str, seats: int) -> None:
            self.id = table_id
            self.tokens = [f"{table_id}-seat-{s}" for s in range(seats)]
            self.sockets: list[WebSocket | None] = [None] * seats
            self.turn = 0
            self.moves = 0

        def update(self, seat: int, kind: str = "update") -> str:
            prompt = self.moves + 1 if seat == self.turn else None
            return update_text(prompt, seat, self.moves >= MOVES_PER_GAME, pad, kind)

        async def play(self, seat: int, move: dict[str, Any]) -> None:
            if commit:
                await db.append_move(self.id, self.moves + 1, seat, move)
            self.moves += 1
            self.turn = (self.turn + 1) % len(self.sockets)
            for s, ws in enumerate(self.sockets):
                if ws is not None:
                    with contextlib.suppress(WebSocketDisconnect, RuntimeError):  # it left
                        await ws.send_text(self.update(s))

    tables: dict[str, Table] = {}
    db = Database(db_url)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await db.migrate()
        collector.settle_after_start_up()  # as `pokerhall serve` does
        yield
        await db.close()

    app = FastAPI(lifespan=lifespan)

    @app.get("/api/games")
    async def games() -> list[str]:
        return ["floor"]

    @app.post("/api/tables")
    async def create(body: dict[str, Any]) -> dict[str, str]:
        table = Table(uuid.uuid4().hex, int(body["seats"]))
        tables[table.id] = table
        row = TableRow(
            id=table.id,
            name=str(body["name"]),
            game="floor",
            options={},
            num_seats=len(table.tokens),
            seed=0,
            status="playing",
        )
        await db.add_table(row, [])
        return {"id": table.id}

    @app.post("/api/tables/{table_id}/seats")
    async def join(table_id: str, body: dict[str, Any]) -> dict[str, str]:
        table = tables[table_id]
        seat = sum(1 for t in table.tokens if t.endswith("taken"))
        token, table.tokens[seat] = table.tokens[seat], table.tokens[seat] + "-taken"
        await db.put_seat(
            SeatRow(table_id=table_id, seat=seat, name=str(body["name"]), kind="human")
        )
        return {"token": token + "-taken"}

    @app.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        table = tables[table_id]
        try:
            hello = parse_client_message(await ws.receive_text())
            assert isinstance(hello, Hello)
            seat = table.tokens.index(str(hello.token))
            table.sockets[seat] = ws
            await ws.send_text(server_message("welcome", seat=seat, table={"id": table_id}))
            await ws.send_text(table.update(seat, "state"))
            while True:
                message = parse_client_message(await ws.receive_text())
                if (
                    isinstance(message, MoveMessage)
                    and seat == table.turn
                    and message.move.get("prompt_id") == table.moves + 1
                    and table.moves < MOVES_PER_GAME
                ):
                    await table.play(seat, message.move)
        except WebSocketDisconnect:
            if ws in table.sockets:
                table.sockets[table.sockets.index(ws)] = None
            if not any(table.sockets):
                tables.pop(table_id, None)

    uvicorn.run(
        app,
        host="127.0.0.1",
        port=port,
        ws_max_size=WS_MAX_FRAME_BYTES,
        ws_per_message_deflate=False,
        log_level="warning",
    )


def update_text(
    prompt_id: int | None, seat: int | None, over: bool, pad: str, kind: str = "update"
) -> str:
    """An update with what bench/load_client.py reads (the seat's prompt, `over`) and `pad`."""
    from pokerhall.server.wire.messages import server_message

    prompt = None
    if prompt_id is not None:
        check = {"type": "check"}
        moves = [{"type": "check", "params": {}}]
        prompt = {"type": "bet", "prompt_id": prompt_id, "moves": moves, "default": check}
    view = {"seat": seat, "over": over, "you": {"prompt": prompt}, "pad": pad}
    return server_message(kind, events=[], view=view, clock=None)


# --- the game's own work, in this process ------------------------------------------------------


def game_work(moves: int, seed: int = 1) -> dict[str, float]:
    """Microseconds per move of what pokerhall adds to the floor before any server code: the
    game's check and act, the three seats' views and their encoding as updates, with the same
    games (table_options) and the same policy (`choose`) as the load, without a network."""
    import random
    import time

    from bench.load_client import choose, table_options
    from pokerhall import games
    from pokerhall.server.wire.messages import server_message

    options = table_options() | {"questions": "builtin"}  # the packs are the server's, not here
    rng = random.Random(seed)
    spent = {"check + act": 0.0, "3 views": 0.0, "3 encodes": 0.0}
    played = 0
    while played < moves:
        state = games.create("quizpoker", 3, options, seed=rng.randrange(2**32))
        while not state.over and played < moves:
            seat, prompt = next(iter(state.pending().items()))
            move = choose(rng, prompt)
            t0 = time.perf_counter()
            state.act(seat, state.check(seat, move))
            t1 = time.perf_counter()
            views = [state.view(s) for s in range(3)]
            t2 = time.perf_counter()
            for view in views:
                server_message("update", events=[], view=view, clock=None)
            t3 = time.perf_counter()
            spent["check + act"] += t1 - t0
            spent["3 views"] += t2 - t1
            spent["3 encodes"] += t3 - t2
            played += 1
    return {name: 1e6 * seconds / played for name, seconds in spent.items()}


# --- the comparison --------------------------------------------------------------------------


def one_run(args: argparse.Namespace, name: str, chars: int = 0) -> Result:
    """One measured run of pokerhall (`name` "pokerhall") or of the floor server."""
    server_cpus, own_cpus = split_cpus()
    workdir = Path(tempfile.mkdtemp(prefix="pokerhall-floor-"))
    db_path = workdir / "load.sqlite3"
    server = (
        ServerProcess(workdir, db_path, server_cpus, profile=False)
        if name == "pokerhall"
        else FloorProcess(workdir, db_path, server_cpus, name == "floor + commit", chars)
    )
    try:
        if own_cpus is not None:
            os.sched_setaffinity(0, own_cpus)
        server.start()
        result = run(measure(args, server))
        if problems := server.problems():
            print(f"  {name}: server log: " + " | ".join(problems[-3:]))
        return result
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def at_game_length(r: Result, moves_a_game: int = MOVES_PER_GAME) -> float:
    """Server CPU per move as if each game lasted `moves_a_game` moves (the issue's condition):
    the measured CPU less the set-ups of the tables opened in the window, plus one table's
    set-up spread over a game's moves.

    Whether games end inside the window moves the plain figure more than any change to the
    code: on a busy machine 100 tables play too slowly for a game to end in a minute, so no
    set-up is counted, and on a quiet one a wave of games ends at once. A game's finish
    (its status, ratings and league look-ups) is still counted as it happened in the window."""
    if not r.moves:
        return float("nan")
    moving = r.server_ms_per_move * r.moves - r.setup_ms_per_table * r.tables_opened_measuring
    return moving / r.moves + r.setup_ms_per_table / moves_a_game


def line(name: str, r: Result) -> str:
    p99 = r.percentile(99)
    return (
        f"  {name:<17} {r.moves_per_second:7,.0f} moves/s  {r.server_ms_per_move:6.3f} ms CPU/move"
        f" ({at_game_length(r):.3f} at {MOVES_PER_GAME} a game)"
        f"  set-up {r.setup_ms_per_table:4.1f} ms CPU a table"
        f"  server CPU {r.server_cpu:3.0f} %  wait {r.server_cpu_wait:3.0f} %"
        f"  load {r.client_cpu:3.0f} %  p99 {p99:6.1f} ms  errors {sum(r.errors.values())}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command")
    inner = sub.add_parser("serve", help="the minimal server (started by this script)")
    inner.add_argument("--port", type=int, required=True)
    inner.add_argument("--db", required=True)
    inner.add_argument("--update-chars", type=int, default=3_000)
    inner.add_argument("--no-commit", action="store_true")
    parser.add_argument("--tables", type=int, default=100, help="tables kept busy (default 100)")
    parser.add_argument("--seconds", type=float, default=15.0, help="per run (default 15)")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured start (default 2)")
    parser.add_argument("--rounds", type=int, default=1, help="alternated rounds (default 1)")
    parser.add_argument(
        "--game-moves", type=int, default=5_000, help="moves of the in-process game work"
    )
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.port, args.db, not args.no_commit, args.update_chars)
        return 0
    # what server_load.measure reads besides: flat out, three seats, no soak
    args.seats, args.think, args.think_between, args.memory_every, args.moves = (
        3,
        0.0,
        None,
        0,
        10**9,
    )
    raise_fd_limit(4 * args.tables * args.seats + 256)

    runs: dict[str, list[Result]] = {"pokerhall": [], "floor + commit": [], "floor, no commit": []}
    print(
        f"{args.tables} tables x 3 seats flat out, {args.seconds:g} s per run, server on one core"
    )
    for round_ in range(args.rounds):
        print(f"round {round_ + 1}")
        ours = one_run(args, "pokerhall")
        runs["pokerhall"].append(ours)
        print(line("pokerhall", ours))
        chars = round(ours.chars_received / ours.messages_received)
        per_move = ours.messages_received / ours.moves
        per_game = ours.moves / max(1, ours.games_finished)
        print(
            f"  {'':<17} {chars:,} characters per message, {per_move:.2f} messages per move, "
            f"{per_game:.0f} moves per game, {ours.setup_ms_per_table:.1f} ms CPU a table set-up"
        )
        for name in ("floor + commit", "floor, no commit"):
            result = one_run(args, name, chars)
            runs[name].append(result)
            print(line(name, result))

    def mean_ms(name: str) -> float:
        results = runs[name]
        return sum(r.server_ms_per_move for r in results) / len(results)

    ours_ms, floor_ms, bare_ms = (mean_ms(name) for name in runs)
    ratios = [
        at_game_length(ours) / at_game_length(floor)
        for ours, floor in zip(runs["pokerhall"], runs["floor + commit"], strict=True)
    ]
    goal_ms = BASELINE_MS_PER_MOVE / GOAL_SPEEDUP
    print(f"mean server CPU per move over {args.rounds} round(s):")
    print(f"  pokerhall         {ours_ms:.3f} ms")
    print(f"  floor + commit    {floor_ms:.3f} ms  (pokerhall / floor {ours_ms / floor_ms:.2f}x)")
    print(
        f"  at {MOVES_PER_GAME} moves a game, pokerhall / floor + commit per round: "
        + ", ".join(f"{ratio:.2f}x" for ratio in ratios)
        + f" (mean {sum(ratios) / len(ratios):.2f}x)"
    )
    print(
        f"  floor, no commit  {bare_ms:.3f} ms  (of which the commit {floor_ms - bare_ms:.3f} ms)"
    )
    print(
        f"  ours              {ours_ms - floor_ms:.3f} ms "
        f"({100 * (ours_ms - floor_ms) / ours_ms:.0f} % of pokerhall's): game, views, JSON, "
        "outboxes, presence, limits"
    )
    work = game_work(args.game_moves)
    work_ms = sum(work.values()) / 1000
    shown = ", ".join(f"{name} {us:.0f} us" for name, us in work.items())
    print(f"  game work         {work_ms:.3f} ms in this process ({shown})")
    least = floor_ms + work_ms
    verdict = "within reach" if least <= goal_ms else "out of reach"
    print(
        f"goal        {GOAL_SPEEDUP:g}x the baseline: <= {goal_ms:.2f} ms per move; the floor with "
        f"its commit plus the game's own work takes {least:.2f} ms before any server code of "
        f"ours: {verdict} on this stack"
    )
    print(json.dumps({n: [round(r.server_ms_per_move, 3) for r in rs] for n, rs in runs.items()}))
    print(json.dumps({n: [round(at_game_length(r), 3) for r in rs] for n, rs in runs.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
