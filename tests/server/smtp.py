"""A real SMTP server for the notices' tests: aiosmtpd's `Controller` on a free 127.0.0.1 port,
in its own thread. Each message it accepts is parsed and handed to the test's event loop
(`Mailbox.next`, which waits on it with a timeout); the addresses in `refused` are answered 550
at RCPT, as a server answers a mailbox that does not exist."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from pokerhall.server.people.mail import MailSettings

WAIT = 10.0
PUBLIC_URL = "https://hall.example"


class Mailbox:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._mails: asyncio.Queue[EmailMessage] = asyncio.Queue()
        self.refused: set[str] = set()
        self.attempts: list[str] = []
        """Every RCPT address asked for, refused or not (told from the server's thread)."""
        self.settings = MailSettings()

    # aiosmtpd's handler hooks, run on the server's own thread and loop
    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        self.attempts.append(address)
        if address in self.refused:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self._loop.call_soon_threadsafe(self._mails.put_nowait, parsed)
        return "250 accepted"

    async def next(self) -> EmailMessage:
        """The next message accepted (fails after `WAIT` seconds without one)."""
        return await asyncio.wait_for(self._mails.get(), WAIT)

    def empty(self) -> bool:
        return self._mails.empty()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def smtp_server() -> Iterator[Mailbox]:
    """A running SMTP server and the settings that send to it (no TLS: it is this machine)."""
    box = Mailbox(asyncio.get_running_loop())
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    box.settings = MailSettings(
        host="127.0.0.1",
        port=port,
        security="none",
        sender="pokerhall <notices@hall.example>",
        public_url=PUBLIC_URL,
        timeout=WAIT,
    )
    try:
        yield box
    finally:
        controller.stop()
