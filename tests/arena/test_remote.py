"""`pokerhall arena ... --server URL` (issue 25 item 4): each game a real table on a server
process (the `served` fixture, tests/serving.py), opened over the HTTP lobby, each seat played
by a bot client in the arena's process; the places read from the finished table's result feed
the same standings as local games. Short games: the mini pack and small stacks."""

from __future__ import annotations

import asyncio
import json
import shlex
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from pokerhall.arena import Server, ServerRefused, remote, run_arena
from pokerhall.arena.play import labels_for, seating
from pokerhall.arena.remote import seat_name
from pokerhall.botclient import BotClient
from pokerhall.cli import app
from pokerhall.engine.events import JSON
from serving import ROOT, SHORT, Served, free_port

CHEAT = Path(__file__).with_name("cheat_bot.py")
QUIZ = [f"-o{key}={json.dumps(value)}" for key, value in SHORT["quizpoker"].items()]
"""Five questions of the mini pack (which the server serves), small stacks."""


def arena(*args: str | Path) -> Result:
    return CliRunner().invoke(app, ["arena", *(str(arg) for arg in args)])


def test_a_remote_arena_prints_the_table_of_its_games(served: Served) -> None:
    result = arena("quizpoker", "casual", "random", "--games", "4", "--server", served.http, *QUIZ)
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert f"QuizPoker (quizpoker): 4 games of 2 seats, tables on {served.http}" in out
    assert "seats rotating, seed 0" in out
    rows = [line for line in result.stdout.splitlines() if "casual" in line or "random" in line]
    assert len(rows) == 2
    for row in rows:
        cells = [cell.strip() for cell in row.strip("│ ").split("│")]
        assert cells[1] == "4"  # games counted: each bot sat in all four
        assert cells[5] == "50.0%"  # the fair share of two bots
    assert " ± " in out


def test_the_seats_rotate_as_in_a_local_arena_and_the_seed_fixes_them(served: Served) -> None:
    """Game k seats bot (s + k) mod B in seat s, as the local arena does: the table's seat
    names say who sat where, and the same seed gives the same seats and bots' seeds."""
    specs = ["casual", "station", "random"]
    labels = labels_for(specs)
    server = Server(served.http, parallel=2)

    def remote(seed: int) -> list[Any]:
        run = run_arena(
            "quizpoker",
            specs,
            players=3,
            options=SHORT["quizpoker"],
            games_count=3,
            seed=seed,
            server=server,
        )
        return run.outcomes

    first, again = remote(7), remote(7)
    assert [o.seating for o in first] == [o.seating for o in again]
    assert [o.seed for o in first] == [o.seed for o in again] == [7, 8, 9]
    assert [o.seating for o in first] == [seating(k, 3, 3) for k in range(3)]
    for outcome in first:
        assert outcome.table is not None
        table = served.table(outcome.table)
        assert table["status"] == "finished"
        names = [seat["name"] for seat in table["seats"]]
        assert names == [seat_name(labels[b], s) for s, b in enumerate(outcome.seating)]
        assert [seat["kind"] for seat in table["seats"]] == ["human"] * 3  # no built-in bots
        assert table["turn_clock"] is None
        assert list(outcome.places) == table["result"]["places"]
        assert list(outcome.winners) == table["result"]["winners"]


def test_a_bad_server_address_fails_clearly() -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"
    result = arena("quizpoker", "casual", "random", "--games", "2", "--server", nowhere, *QUIZ)
    assert result.exit_code == 1
    error = " ".join(result.stderr.split())
    assert error.startswith(f"Error: game 1: cannot reach {nowhere}/api/tables")
    result = arena("quizpoker", "casual", "random", "--server", "ftp://example.org")
    assert result.exit_code == 2
    assert "must be http:// or https://" in result.stderr


def test_a_table_the_server_refuses_names_the_game(served: Served) -> None:
    result = arena(
        "quizpoker", "casual", "random", "--server", served.http, "-o", "questions=no-such-pack"
    )
    assert result.exit_code == 1
    error = " ".join(result.stderr.split())
    assert f"game 1: the server at {served.http} refused the table" in error
    assert "no-such-pack" in error


def test_a_refused_move_stops_the_arena_naming_game_and_seat(served: Served) -> None:
    """The client plays the prompt's default for a refused move (so the table ends); the arena
    then stops, as a local one does for an illegal move, rather than count the defaults."""
    args = ("--games", "2", "--server", served.http, *QUIZ)
    result = arena("quizpoker", "casual", f"{CHEAT}:Cheat", *args)
    assert result.exit_code == 1
    error = " ".join(result.stderr.split())
    assert "game 1, seat 2 (Cheat) at table" in error
    assert 'the server refused its move {"type": "raise", "to": 1}' in error
    result = arena("quizpoker", f"{CHEAT}:Crash", "casual", *args)
    assert result.exit_code == 1
    error = " ".join(result.stderr.split())
    assert "game 1, seat 1 (Crash)" in error
    assert "RuntimeError: no idea what to bet" in error


class CutAtSeat2(BotClient):
    """Seat 2's client plays two moves, then its line is cut for good."""

    made = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        CutAtSeat2.made += 1
        self.cut = CutAtSeat2.made % 2 == 0

    async def run(self) -> JSON:
        if not self.cut:
            return await super().run()
        playing = asyncio.create_task(super().run())
        while len(self.stats.moves) < 2 and not playing.done():
            await asyncio.sleep(0.01)
        playing.cancel()
        raise ConnectionError("the line is cut")


def test_a_client_that_stops_stops_the_arena_and_its_table_goes_on_without_it(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The failing seat is named; the arena gives up its seats (`leave`), so the table is not
    left waiting: QuizPoker's bots take them over and finish the game."""
    monkeypatch.setattr(remote, "BotClient", CutAtSeat2)
    with pytest.raises(ServerRefused) as stopped:
        run_arena(
            "quizpoker",
            ["casual", "random"],
            players=2,
            options=SHORT["quizpoker"],
            games_count=2,
            seed=0,
            server=Server(served.http),
        )
    message = str(stopped.value)
    assert message.startswith("game 1, seat 2 (random): its bot client stopped: ")
    assert "ConnectionError: the line is cut" in message
    tables = [t for t in served.tables() if t["name"] == "Arena game 1"]
    deadline = time.monotonic() + 20
    while served.table(tables[0]["id"])["status"] != "finished":
        assert time.monotonic() < deadline, "the table was left waiting for the arena's seats"
        time.sleep(0.1)


def test_server_flags_need_a_server() -> None:
    result = arena("quizpoker", "casual", "random", "--parallel", "2")
    assert result.exit_code == 2
    assert "--server URL" in result.stderr
    result = arena("quizpoker", "casual", "random", "--server", "x:1", "--workers", "2")
    assert result.exit_code == 2
    assert "--parallel" in result.stderr


def test_the_docs_example_runs(served: Served) -> None:
    """docs/arena.md's command for a server, on the test server, with fewer games."""
    doc = (ROOT / "docs" / "arena.md").read_text(encoding="utf-8")
    commands = [line for line in doc.splitlines() if line.startswith("pokerhall arena")]
    command = next(line for line in commands if "--server" in line)
    words = shlex.split(command)[2:]
    words = [served.http if w == "http://127.0.0.1:8000" else w for w in words]
    words[words.index("--games") + 1] = "2"
    result = arena(*words)
    assert result.exit_code == 0, result.output
    assert "2 games of 2 seats" in result.stdout
