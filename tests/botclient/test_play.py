"""The bot client against a real server process: whole short games of every game, a dropped
line it comes back from, a slow bot the turn clock overrules, moves the server refuses."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from pokerhall.botclient import (
    BotClient,
    BotRefused,
    RemoteBot,
    level_bot,
    load_bot,
    lobby,
    play,
    take_seat,
)
from pokerhall.botclient.client import BY_BOT, FAILED, LATE, REFUSED
from pokerhall.engine.events import JSON
from server.tcp_proxy import TcpProxy
from serving import ROOT, Served

pytestmark = pytest.mark.anyio
GAME_TIMEOUT = 60.0
EXAMPLES = {
    "quizpoker": "quizpoker_bot.py:QuizBot",
    "palace": "palace_bot.py:PalaceBot",
    "detective": "detective_bot.py:DetectiveBot",
    "wordpoker": "wordpoker_bot.py:WordBot",
}
PLAYERS = {"quizpoker": 2, "palace": 3, "detective": 3, "wordpoker": 2}


class Watching(RemoteBot):
    """Plays the wrapped bot and keeps what the client told it."""

    def __init__(self, inner: Any) -> None:
        super().__init__(seed=1)
        self.inner = inner
        self.events: list[JSON] = []
        self.results: list[JSON] = []
        self.refused: list[JSON] = []

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        move: JSON = self.inner.choose(view, prompt)
        return move

    def on_event(self, event: JSON) -> None:
        self.events.append(event)

    def on_result(self, result: JSON) -> None:
        self.results.append(result)

    def on_refused(self, move: JSON, error: JSON) -> None:
        self.refused.append(error)


async def seated_client(served: Served, table: JSON, bot: Any, **options: Any) -> BotClient:
    seat = await take_seat(served.http, table["id"], type(bot).__name__)
    return BotClient(bot, lobby.socket_url(served.http, table["id"]), seat.token, **options)


def rounds(bot: Watching) -> list[int]:
    return [e["round"] for e in bot.events if e["type"] == "round_started"]


@pytest.mark.parametrize("game", sorted(EXAMPLES))
async def test_example_bot_plays_a_whole_game(served: Served, game: str) -> None:
    """Each game's example bot plays a short game to its end against the built-in bots, with
    no move refused and none left to the client's defaults."""
    table = served.open_table(game, seats=PLAYERS[game])
    bot = Watching(load_bot(str(ROOT / "examples" / EXAMPLES[game]), seed=3))
    client = await seated_client(served, table, bot)
    async with asyncio.timeout(GAME_TIMEOUT):
        result = await client.run()
    assert set(result) >= {"winners", "standings", "places", "scores", "unit"}
    assert bot.results == [result]
    assert served.table(table["id"])["status"] == "finished"
    assert client.stats.moves
    assert client.stats.defaults() == []
    assert client.stats.refused == []
    assert client.stats.connections == 1
    assert bot.events[-1]["type"] == "game_over"
    assert rounds(bot) == sorted(set(rounds(bot)))  # every hand told once


async def test_a_built_in_level_plays_at_a_private_table(served: Served) -> None:
    """`--level` bots are the engine's own; a private table is joined with its code."""
    table = served.open_table("detective", seats=3, private=True)
    bot = level_bot("detective", "expert", seed=5)
    async with asyncio.timeout(GAME_TIMEOUT):
        result = await play(served.http, table["id"], bot, name="Sherlock", code=table["join_code"])
    assert result["rounds"] == 6
    names = [s["name"] for s in served.table(table["id"], table["join_code"])["seats"]]
    assert "Sherlock" in names


async def test_a_dropped_line_is_reconnected_and_the_game_finished(served: Served) -> None:
    """The line is cut mid-game (every connection dropped, new ones refused for a moment): the
    client reconnects with its token, goes on where the table is, and tells the bot no event
    twice. A hand the others played out while the line was down (the server keeps only the
    current hand at a table without a result pause) is not told: the hands told only rise."""
    proxy = await TcpProxy("127.0.0.1", int(served.http.rsplit(":", 1)[1])).start()
    via = f"http://127.0.0.1:{proxy.port}"
    try:
        options = {"hands_per_session": 8}  # long enough that the cut comes mid-game: in 3
        # hands a bot that folds early can finish before its third move (seen once in CI load)
        table = served.open_table("palace", seats=2, bot_delay=0.05, options=options)
        bot = Watching(load_bot(str(ROOT / "examples" / EXAMPLES["palace"]), seed=3))
        seat = await take_seat(via, table["id"], "Cut")
        client = BotClient(bot, lobby.socket_url(via, table["id"]), seat.token, backoff=0.2)
        async with asyncio.timeout(GAME_TIMEOUT):
            running = asyncio.create_task(client.run())
            while len(client.stats.moves) < 3 and not running.done():
                await asyncio.sleep(0.01)
            assert not running.done(), "the game ended before the line could be cut"
            proxy.disconnect()
            await asyncio.sleep(0.5)
            proxy.reconnect()
            result = await running
    finally:
        await proxy.close()
    assert client.stats.connections >= 2
    assert bot.results == [result]
    told = rounds(bot)
    assert told == sorted(set(told))
    assert told[:2] == [1, 2]
    assert [e["type"] for e in bot.events].count("game_over") == 1
    assert client.stats.refused == []


class Slow(RemoteBot):
    """Thinks longer than the turn clock allows on its first prompt, then plays at once."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seed=2)
        self.seconds = seconds
        self.asked = 0

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        self.asked += 1
        if self.asked == 1:
            time.sleep(self.seconds)
        move: JSON = prompt["default"]
        return move


async def test_a_slow_bot_is_overruled_before_the_turn_clock(served: Served) -> None:
    """A bot still thinking when the turn clock nearly runs out gets the prompt's default move
    sent for it by the client, in time: the clock never moves for the seat (it never shows
    `away`, which is what a move by the clock shows)."""
    table = served.open_table("quizpoker", turn_clock=3.0)
    bot = Slow(seconds=2.6)
    client = await seated_client(served, table, bot, margin=1.0)
    started = time.monotonic()
    async with asyncio.timeout(GAME_TIMEOUT):
        await client.run()
    first = client.stats.moves[0]
    assert first.why == LATE
    assert first.move == {"type": "fold"}
    assert client.seat is not None
    assert all(seats[client.seat] != "away" for seats in client.stats.presence)
    assert time.monotonic() - started < GAME_TIMEOUT


async def test_think_limit_without_a_clock(served: Served) -> None:
    """`think` bounds a bot at a table without a turn clock too."""
    table = served.open_table("wordpoker", options={"deals": 1, "lexicon": "mini"})
    client = await seated_client(served, table, Slow(seconds=1.0), think=0.2)
    async with asyncio.timeout(GAME_TIMEOUT):
        await client.run()
    assert client.stats.moves[0].why == LATE


class Unruly(RemoteBot):
    """Answers with a move the rules refuse, a move with a fraction, nothing that is a move,
    or an exception, in turn."""

    def __init__(self) -> None:
        super().__init__(seed=4)
        self.asked = 0
        self.refused: list[JSON] = []

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        self.asked += 1
        kind = self.asked % 4
        if kind == 1:
            return {"type": "battle", "target": 99, "bet": -1}
        if kind == 2:
            return {"type": "raise", "by": 2.5}
        if kind == 3:
            return "stay"  # type: ignore[return-value]
        raise ValueError("the bot's own bug")

    def on_refused(self, move: JSON, error: JSON) -> None:
        self.refused.append(error)


async def test_refused_and_broken_moves_fall_back_to_the_default(served: Served) -> None:
    """A refused move is reported to the bot and answered once with the prompt's default; a
    bot that raises or answers nonsense gets the default too; the game still ends."""
    table = served.open_table("quizpoker", seats=3)
    bot = Unruly()
    client = await seated_client(served, table, bot)
    async with asyncio.timeout(GAME_TIMEOUT):
        await client.run()
    whys = [m.why for m in client.stats.moves]
    assert BY_BOT in whys
    assert REFUSED in whys
    assert FAILED in whys
    assert len(bot.refused) == whys.count(REFUSED) == len(client.stats.refused)
    assert {e["code"] for e in bot.refused} <= {"illegal_move", "bad_message"}
    assert bot.asked >= 4
    assert len(client.stats.moves) <= 2 * bot.asked  # one default at most per answer


async def test_a_bad_token_is_refused_without_retrying(served: Served) -> None:
    table = served.open_table("palace", seats=2)
    with pytest.raises(BotRefused) as refused:
        async with asyncio.timeout(GAME_TIMEOUT):
            await play(served.http, table["id"], RemoteBot(), token="not-a-token")
    assert refused.value.code == "unauthorized"


async def test_a_finished_game_gives_its_result_again(served: Served) -> None:
    """Coming back with the token after the end: the result, without a move."""
    table = served.open_table("wordpoker", options={"deals": 1, "lexicon": "mini"})
    seat = await take_seat(served.http, table["id"], "Twice")
    url = lobby.socket_url(served.http, table["id"])
    async with asyncio.timeout(GAME_TIMEOUT):
        first = await BotClient(RemoteBot(seed=1), url, seat.token).run()
        again = BotClient(RemoteBot(seed=1), url, seat.token)
        assert await again.run() == first
    assert again.stats.moves == []


def test_socket_url() -> None:
    assert lobby.socket_url("http://h:1/", "ab") == "ws://h:1/ws/tables/ab"
    assert lobby.socket_url("https://h", "ab") == "wss://h/ws/tables/ab"
    assert lobby.socket_url("localhost:8000", "x") == "ws://localhost:8000/ws/tables/x"
    with pytest.raises(ValueError, match="http"):
        lobby.base_url("ftp://h")
