"""The processes' messages to each other over Redis pub/sub.

Each process listens on its own channel (`<prefix>:proc:<id>`: client messages for the tables it
runs, and what their owners send its clients) and on the hall's (`<prefix>:hall`: a table was
claimed, its seats changed, the lobby changed, a table started or finished). Everything a
process publishes goes out through one connection in the order it was published (one writer
task, pipelined), so a connection's snapshot always reaches it before the updates that follow
it.

Pub/sub delivers at most once: a message published while Redis or a listener is away is lost.
Nothing depends on it being kept: a move that never reached its table was never acknowledged,
and a client that missed updates is disconnected and resyncs when it reconnects. While Redis is
unreachable the process says so (`available`, `/api/health`, the log) and keeps retrying.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis
from redis.exceptions import RedisError

from pokerhall.server.cluster.timing import DEFAULT, Timing

log = logging.getLogger("pokerhall.cluster")
Message = dict[str, Any]
Receiver = Callable[[Message], Awaitable[None]]
AvailabilityListener = Callable[[bool], None]


class Bus:
    def __init__(
        self,
        url: str,
        prefix: str,
        process_id: str,
        receive: Receiver,
        timing: Timing = DEFAULT,
    ) -> None:
        self.timing = timing
        self.client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=None)
        self.prefix = prefix
        self.process_id = process_id
        self.hall_channel = f"{prefix}:hall"
        self.own_channel = self.channel(process_id)
        self._receive = receive
        self.available = False
        self.on_availability: list[AvailabilityListener] = []
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._asking: dict[str, asyncio.Queue[Message]] = {}
        """The questions this process waits on answers to (`ask`), by question id."""
        self._tasks: list[asyncio.Task[None]] = []

    def channel(self, process_id: str) -> str:
        return f"{self.prefix}:proc:{process_id}"

    def alive_key(self, process_id: str) -> str:
        return f"{self.prefix}:alive:{process_id}"

    def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._listen(), name="bus-listen"),
            asyncio.create_task(self._write(), name="bus-write"),
        ]

    async def close(self) -> None:
        """Stop, after a short wait for what is queued (the tables' goodbyes to their clients
        elsewhere, which then reconnect at once)."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.timing.closing):
                while self.available and not self._outbox.empty():
                    await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.client.aclose()

    def publish(self, channel: str, message: Message) -> None:
        """Queue a message; dropped while Redis is unreachable (see the module's docstring)."""
        if self.available:
            self._outbox.put_nowait((channel, json.dumps(message, separators=(",", ":"))))

    def to_process(self, process_id: str, message: Message) -> None:
        self.publish(self.channel(process_id), message)

    def to_hall(self, message: Message) -> None:
        self.publish(self.hall_channel, {**message, "from": self.process_id})

    async def ask(self, question: Message, timeout: float) -> list[Message] | None:
        """Ask every other process (on the hall's channel) and wait for each one's answer
        (`answer`). Published at once rather than queued, for Redis to say how many processes
        heard it. None when Redis is unreachable or not every process answered in time: then
        the asker cannot know, and refuses rather than guesses."""
        if not self.available:
            return None
        question_id = secrets.token_hex(8)
        answers: asyncio.Queue[Message] = asyncio.Queue()
        self._asking[question_id] = answers
        text = json.dumps(
            {**question, "r": question_id, "o": self.process_id, "from": self.process_id},
            separators=(",", ":"),
        )
        try:
            heard = int(await self.client.publish(self.hall_channel, text))
            if heard < 1:  # not even this process listens: its subscription is gone
                return None
            got: list[Message] = []
            async with asyncio.timeout(timeout):
                while len(got) < heard - 1:  # this process hears its own question too
                    got.append(await answers.get())
            return got
        except (TimeoutError, RedisError, OSError):
            return None
        finally:
            del self._asking[question_id]

    def answer(self, question: Message, answer: Message) -> None:
        """Answer another process's `ask`, naming this process."""
        reply = {**answer, "k": "answer", "r": question["r"], "from": self.process_id}
        self.to_process(question["o"], reply)

    async def heartbeat(self) -> None:
        """Say this process is alive (its peers drop its clients when it stops saying so)."""
        if self.available:
            try:
                await self._say_alive()
            except (RedisError, OSError) as exc:
                self._lost(exc)

    async def _say_alive(self) -> None:
        await self.client.set(self.alive_key(self.process_id), 1, px=int(self.timing.alive * 1000))

    async def alive(self, process_ids: list[str]) -> set[str]:
        """Which of these processes said they are alive lately; all of them while Redis is
        unreachable, since then nothing can be known about them."""
        if not process_ids or not self.available:
            return set(process_ids)
        try:
            found = await self.client.mget([self.alive_key(p) for p in process_ids])
        except (RedisError, OSError) as exc:
            self._lost(exc)
            return set(process_ids)
        return {p for p, value in zip(process_ids, found, strict=True) if value is not None}

    def _set_available(self, available: bool) -> None:
        if available == self.available:
            return
        self.available = available
        if available:
            log.warning("scale-out available: Redis answers on %s", self.own_channel)
        for listener in self.on_availability:
            listener(available)

    def _lost(self, exc: BaseException) -> None:
        """A command failed: what waits to be published is dropped. Whether Redis is
        available is the listener's to say (its connection fails too when Redis is down, and
        it alone notices when Redis is back)."""
        log.warning("Redis failed a command: %s", exc)
        while not self._outbox.empty():
            self._outbox.get_nowait()

    async def _listen(self) -> None:
        warned = False
        while True:
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.own_channel, self.hall_channel)
                await self._say_alive()  # before any peer can attach a client of ours
                self._set_available(True)
                warned = False
                async for raw in pubsub.listen():
                    if raw.get("type") == "message":
                        await self._dispatch(raw["data"])
            except (RedisError, OSError) as exc:
                if not warned:
                    log.error(
                        "scale-out unavailable: cannot reach Redis (%s); serving this"
                        " process's own tables only until it is back",
                        exc,
                    )
                    warned = True
                self._set_available(False)
                self._lost(exc)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(self.timing.redis_retry)

    async def _dispatch(self, data: bytes | str) -> None:
        try:
            message = json.loads(data)
            if message.get("from") == self.process_id:
                return  # the hall's channel echoes this process's own news
            if message.get("k") == "answer":
                if (answers := self._asking.get(message.get("r", ""))) is not None:
                    answers.put_nowait(message)
                return
            await self._receive(message)
        except Exception:  # one bad message must not stop the listener
            log.exception("cluster message failed: %.200r", data)

    async def _write(self) -> None:
        while True:
            channel, text = await self._outbox.get()
            batch = [(channel, text)]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            try:
                async with self.client.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except (RedisError, OSError) as exc:
                self._lost(exc)
