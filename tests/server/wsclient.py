"""A small async WebSocket client that speaks the table protocol, for tests.

It keeps every message it receives, raw and decoded and in order, so a test can check afterwards
what a seat was told and when (the secrecy checks in `secrecy.py` read this log). Every receive has
a timeout, so a server that stops talking fails the test quickly.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

RECV_TIMEOUT = 10.0
Message = dict[str, Any]
Strategy = Callable[[Message, Message], Message]
"""(view, prompt) -> move, without the prompt_id (the client adds it)."""


@dataclass
class TableClient:
    ws: ClientConnection
    seat: int | None = None
    texts: list[str] = field(default_factory=list)
    """Every text message received, as sent by the server."""
    messages: list[Message] = field(default_factory=list)
    view: Message | None = None
    """The latest view from a state or update message."""
    answered: int | None = None
    """The prompt_id of the last prompt this client answered."""

    @classmethod
    async def connect(
        cls,
        url: str,
        token: str | None = None,
        *,
        hello: bool = True,
        headers: dict[str, str] | None = None,
    ) -> TableClient:
        """`headers`: sent with the handshake (a browser's session cookie)."""
        opening = connect(url, open_timeout=RECV_TIMEOUT, additional_headers=headers)
        ws = await asyncio.wait_for(opening, RECV_TIMEOUT)
        client = cls(ws)
        if hello:
            await client.send({"v": 1, "type": "hello", "token": token})
            welcome = await client.expect("welcome")
            client.seat = welcome["seat"]
        return client

    async def close(self) -> None:
        await asyncio.wait_for(self.ws.close(), RECV_TIMEOUT)

    # --- sending -----------------------------------------------------------------------------

    async def send(self, message: Message) -> None:
        await self.ws.send(json.dumps(message))

    async def send_raw(self, data: str | bytes) -> None:
        await self.ws.send(data)

    async def move(self, move: Message, *, prompt_id: int | None = None) -> None:
        """Send a move for the current prompt (its prompt_id unless one is given)."""
        if prompt_id is None:
            prompt_id = self.prompt_id()
        await self.send({"v": 1, "type": "move", "move": {**move, "prompt_id": prompt_id}})

    # --- receiving ---------------------------------------------------------------------------

    async def recv(self, timeout: float = RECV_TIMEOUT) -> Message:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(text, str), f"the server sent a binary frame: {text!r}"
        message: Message = json.loads(text)
        assert message.get("v") == 1, message
        self.texts.append(text)
        self.messages.append(message)
        if "view" in message:
            self.view = message["view"]
        return message

    async def expect(
        self, wanted: str | Callable[[Message], bool], timeout: float = RECV_TIMEOUT
    ) -> Message:
        """Receive until a message of type `wanted` (or one `wanted(message)` accepts)."""

        def matches(message: Message) -> bool:
            return message["type"] == wanted if isinstance(wanted, str) else wanted(message)

        async with asyncio.timeout(timeout):
            while not matches(message := await self.recv()):
                pass
        return message

    async def next_error(self, timeout: float = RECV_TIMEOUT) -> Message:
        return await self.expect("error", timeout)

    async def roundtrip(self) -> list[Message]:
        """Ping and wait for the pong: returns what arrived before it (the connection works)."""
        before = len(self.messages)
        await self.send({"v": 1, "type": "ping"})
        await self.expect("pong")
        return self.messages[before:-1]

    async def sync(self) -> Message:
        await self.send({"v": 1, "type": "sync"})
        return await self.expect("state")

    # --- the game ----------------------------------------------------------------------------

    def prompt(self) -> Message | None:
        if self.view is None or "you" not in self.view:
            return None
        prompt: Message | None = self.view["you"]["prompt"]
        return prompt

    def prompt_id(self) -> int:
        prompt = self.prompt()
        assert prompt is not None, "no prompt for this seat"
        prompt_id: int = prompt["prompt_id"]
        return prompt_id

    def events(self, kind: str | None = None) -> list[Message]:
        """Every event received so far (in state snapshots and updates), in order."""
        out = []
        for message in self.messages:
            for event in message.get("events", []):
                if kind is None or event["type"] == kind:
                    out.append(event)
        return out

    @property
    def game_over(self) -> bool:
        return bool(self.view and self.view["over"])

    async def answer(self, strategy: Strategy) -> bool:
        """Answer the current prompt if it is new; True when a move was sent."""
        prompt = self.prompt()
        if prompt is None or prompt["prompt_id"] == self.answered or self.view is None:
            return False
        self.answered = prompt["prompt_id"]
        await self.move(strategy(self.view, prompt), prompt_id=prompt["prompt_id"])
        return True

    async def play(
        self,
        strategy: Strategy,
        *,
        until: Callable[[TableClient], bool] = lambda c: c.game_over,
        timeout: float = 60.0,
    ) -> None:
        """Answer every prompt with `strategy` until `until(self)` (by default: game over)."""
        async with asyncio.timeout(timeout):
            await self.answer(strategy)
            while not until(self):
                await self.recv()
                await self.answer(strategy)

    def errors(self) -> list[Message]:
        return [m for m in self.messages if m["type"] == "error"]


def unexpected_errors(client: TableClient) -> list[Message]:
    """Errors other than a stale move (another seat's public move can overtake ours, Q2)."""
    return [
        e
        for e in client.errors()
        if not (e["code"] == "illegal_move" and "was made for prompt" in e["reason"])
    ]


def plain_strategy(seat: int, *, show: bool = True) -> Strategy:
    """Short games with recognisable secrets: a guess no other data contains
    (100000 x (seat + 1) + hand), check in the first two rounds, then all in."""

    def choose(view: Message, prompt: Message) -> Message:
        if prompt["type"] == "guess":
            return {"type": "guess", "value": str(secret_guess(seat, view["hand"]["number"]))}
        if prompt["type"] == "show_folded":
            return {"type": "show" if show else "muck"}
        if can_check(prompt) and prompt["round"] <= 2:
            return {"type": "check"}
        return {"type": "all_in"}

    return choose


def secret_guess(seat: int, hand: int) -> int:
    return 100_000 * (seat + 1) + hand


def passive_strategy(view: Message, prompt: Message) -> Message:
    """Guess, then check or call: long hands, no all-ins (for tests that stop mid-hand)."""
    if prompt["type"] == "guess":
        return {"type": "guess", "value": str(secret_guess(view["seat"], view["hand"]["number"]))}
    if prompt["type"] == "show_folded":
        return {"type": "muck"}
    return {"type": "check"} if can_check(prompt) else {"type": "call"}


def can_check(prompt: Message) -> bool:
    return any(move["type"] == "check" for move in prompt["moves"])
