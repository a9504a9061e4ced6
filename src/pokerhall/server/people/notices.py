"""E-mail notices of turn-based play (issue 26, item 4; docs/privacy.md, docs/deploy.md).

An account may give an e-mail address and choose its notices (`NoticeSettingsRow`): none, a
mail each time a turn-based table's prompt comes to its seat (`turn`), or one mail a day
listing the tables waiting on it (`digest`). The address is the owner's alone: no answer to
anyone else, no view, no log line names it.

How a turn notice is sent, without the table ever waiting for it:
- The turn clock tells the hall's turn listeners the seats it has just given a deadline
  (`News.asked`, on the table's task): a new prompt waits on each. `asked` only takes note: at a
  turn-based table (a clock of an hour or more) it copies what the mail will say (the round's
  events the seat may see, the prompt, the deadline) and queues it. Everything else happens in
  this module's own task: reading the seat and the account's settings, whether a connection
  plays the seat, the mail, the SMTP exchange (in a thread, `mail.py`).
- One mail per prompt: a row of `notices_sent` (table, seat, prompt id) is inserted before the
  mail goes; its primary key refuses a second one, whichever process tells it and however often
  (a restart gives a waiting seat its clock again). A crash between the insert and the send
  loses that mail rather than sending it twice.
- Not while the person is at the table: when a connection plays the seat as the mail task
  comes to the prompt (a moment after it came), no mail is sent for it (the browser's own turn
  notice is theirs); a person who then leaves without moving is told by the next prompt, or by
  the digest.
- A bounce (a 5xx answer at RCPT or DATA) marks the address (`bounced_at`): nothing more is sent
  to it until the person sets an address again. Other failures are logged and not retried.

The digest: from `MailSettings.digest_hour` (UTC) each day, every account that chose it and has
tables waiting on it gets one mail listing them (`my_tables.py`); the day is claimed in the
database first, so of several processes one sends it. Every mail carries the account's
one-click unsubscribe link (RFC 8058 headers and a line in the body)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError

from pokerhall.engine.messages import LANGUAGES
from pokerhall.server.people import my_tables
from pokerhall.server.people.mail import Delivery, Mailer, MailSettings
from pokerhall.server.people.notice_text import (
    DigestItem,
    Recipient,
    TurnFacts,
    digest_mail,
    turn_mail,
)
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import NoticeSentRow, NoticeSettingsRow, PlayerRow, SeatRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.tables.tokens import new_token
from pokerhall.server.wire.messages import is_turn_based
from pokerhall.server.wire.refusal import LobbyError

log = logging.getLogger("pokerhall.server")

MODES = ("none", "turn", "digest")
QUEUE_SIZE = 1000
"""Turn notices waiting for the mail task; past it a notice is dropped (and logged), so a mail
server that has stopped answering cannot grow the server's memory without end."""
DIGEST_CHECK_SECONDS = 600.0
"""How often the digest task looks for accounts whose digest of the day is due."""
UNSUBSCRIBE_PATH = "/api/notices/unsubscribe"
_ADDRESS = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")


def bad_email() -> LobbyError:
    return LobbyError(422, "that is not an e-mail address such as name@example.org", "bad_email")


def email_required() -> LobbyError:
    return LobbyError(422, "notices need an e-mail address: give one first", "email_required")


def checked_email(address: str) -> str:
    """An address as stored: trimmed, one ASCII `local@domain` (no spaces, no line breaks that
    could add a header, at most 254 characters, RFC 5321's limit)."""
    address = address.strip()
    if len(address) > 254 or not _ADDRESS.fullmatch(address):
        raise bad_email()
    return address


@dataclass(frozen=True)
class NoticeChoice:
    """An account's settings as its owner sees them (`GET /api/account/notices`)."""

    email: str | None
    mode: str
    lang: str
    bounced: bool


def _choice(row: NoticeSettingsRow | None) -> NoticeChoice:
    if row is None:
        return NoticeChoice(email=None, mode="none", lang="en", bounced=False)
    return NoticeChoice(
        email=row.email, mode=row.mode, lang=row.lang, bounced=row.bounced_at is not None
    )


async def settings_of(db: Database, player_id: str) -> NoticeChoice:
    async with db.sessions() as session:
        return _choice(await session.get(NoticeSettingsRow, player_id))


async def choose(
    db: Database, player_id: str, *, email: str | None, mode: str, lang: str
) -> NoticeChoice:
    """Set the account's address and notices. Giving an address (the same one too) lifts a
    bounce mark: the person says it works again. Refused, changing nothing: a malformed
    address, notices without an address."""
    address = None if email is None or not email.strip() else checked_email(email)
    if mode != "none" and address is None:
        raise email_required()
    async with db.sessions.begin() as session:
        row = await session.get(NoticeSettingsRow, player_id)
        if row is None:
            row = NoticeSettingsRow(player_id=player_id, unsubscribe_token=new_token())
            session.add(row)
        row.email, row.mode, row.lang = address, mode, lang
        row.bounced_at = None
        row.updated_at = datetime.now(UTC)
        return _choice(row)


async def unsubscribe(db: Database, token: str) -> str | None:
    """Turn off every notice of the account whose link this is; its language, or None for a
    token that is nobody's (nothing changes)."""
    async with db.sessions.begin() as session:
        row = await session.scalar(
            select(NoticeSettingsRow).where(NoticeSettingsRow.unsubscribe_token == token)
        )
        if row is None:
            return None
        row.mode = "none"
        row.updated_at = datetime.now(UTC)
        return row.lang


async def language_of(db: Database, token: str) -> str | None:
    async with db.sessions() as session:
        row = await session.scalar(
            select(NoticeSettingsRow).where(NoticeSettingsRow.unsubscribe_token == token)
        )
    return None if row is None else row.lang


class Notices:
    """The mail task of one process: turn notices queued by `asked`, and the daily digests."""

    def __init__(
        self,
        hall: Hall,
        settings: MailSettings,
        *,
        mailer: Mailer | None = None,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.hall = hall
        self.settings = settings
        self.mailer = mailer if mailer is not None else Mailer(settings)
        self._now = now
        self._queue: asyncio.Queue[TurnFacts] = asyncio.Queue(QUEUE_SIZE)
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        """Listen to the hall's turns and run the mail tasks; with no SMTP server, nothing."""
        if not self.settings.enabled:
            return
        self.hall.news.turn_listeners.append(self.asked)
        self._tasks = [
            asyncio.create_task(self._work(), name="notices"),
            asyncio.create_task(self._digests(), name="digests"),
        ]

    async def close(self) -> None:
        if self.asked in self.hall.news.turn_listeners:
            self.hall.news.turn_listeners.remove(self.asked)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []

    @property
    def loop(self) -> asyncio.AbstractEventLoop | None:
        """The event loop the mail tasks run on (None before `start`): a caller on another
        thread waits for `drained` there."""
        return self._tasks[0].get_loop() if self._tasks else None

    async def drained(self) -> None:
        """Wait until every queued turn notice has been dealt with (sent, skipped, failed)."""
        await self._queue.join()

    # --- turn notices --------------------------------------------------------------------------

    def asked(self, table_id: str, runtime: TableRuntime, seats: list[int]) -> None:
        """On the table's task: note what each seat's mail will say, queue it, return."""
        if not is_turn_based(runtime.control.turn_clock):
            return
        state = runtime.state
        pending = state.pending()
        for seat in seats:
            if seat not in pending:
                continue
            facts = TurnFacts(
                table_id=table_id,
                game=state.name,
                seat=seat,
                prompt_id=state.prompt_id,
                players=list(state.players),
                lines=[m for e in state.events if e.visible_to(seat) if (m := state.describe(e))],
                prompt=pending[seat],
                deadline=runtime.clock.deadline_wall(seat),
            )
            try:
                self._queue.put_nowait(facts)
            except asyncio.QueueFull:
                log.warning(
                    "table %s seat %d: too many notices waiting, one dropped", table_id, seat
                )

    async def _work(self) -> None:
        while True:
            facts = await self._queue.get()
            try:
                await self._turn(facts)
            except Exception as exc:  # the address may be in a driver's text: the class only
                log.error(
                    "table %s seat %d: the turn notice failed: %s",
                    facts.table_id,
                    facts.seat,
                    type(exc).__name__,
                )
            finally:
                self._queue.task_done()

    def _connected(self, facts: TurnFacts) -> bool:
        """Whether a connection plays the seat now (wherever the client is: the runtime has
        every client of its table, other processes' ones too). Asked here, not when the prompt
        came: a table that starts hands its waiting room's connections over just after."""
        runtime = self.hall.runtimes.get(facts.table_id)
        return runtime is not None and any(c.seat == facts.seat for c in runtime.connections)

    async def _turn(self, facts: TurnFacts) -> None:
        if self._connected(facts):
            return
        db = self.hall.db
        async with db.sessions() as session:
            seat = await session.get(SeatRow, (facts.table_id, facts.seat))
            account = None if seat is None or seat.bot_account else seat.person
            if account is None:
                return
            row = await session.get(NoticeSettingsRow, account)
            player = await session.get(PlayerRow, account)
        if row is None or row.mode != "turn" or row.email is None or row.bounced_at is not None:
            return
        if player is None:
            return
        try:
            async with db.sessions.begin() as session:
                session.add(
                    NoticeSentRow(
                        table_id=facts.table_id, seat=facts.seat, prompt_id=facts.prompt_id
                    )
                )
        except IntegrityError:
            return  # told already, here or by another process
        table = await self.hall.book.table(facts.table_id)
        message = turn_mail(
            facts,
            table.name,
            self._recipient(player.name, row),
            sender=self.settings.sender,
            table_link=self.settings.link(f"/table.html?id={facts.table_id}"),
        )
        what = f"table {facts.table_id} seat {facts.seat}"
        await self._deliver(message, what, account, row.email)

    def _recipient(self, name: str, row: NoticeSettingsRow) -> Recipient:
        assert row.email is not None
        link = self.settings.link(f"{UNSUBSCRIBE_PATH}?token={row.unsubscribe_token}")
        lang = row.lang if row.lang in LANGUAGES else "en"
        return Recipient(name=name, email=row.email, lang=lang, unsubscribe=link)

    async def _deliver(self, message: Any, what: str, account: str, address: str) -> None:
        if await self.mailer.send(message, what) is Delivery.BOUNCED:
            async with self.hall.db.sessions.begin() as session:
                # only the address that bounced: one set meanwhile is a new start
                await session.execute(
                    update(NoticeSettingsRow)
                    .where(
                        NoticeSettingsRow.player_id == account,
                        NoticeSettingsRow.email == address,
                    )
                    .values(bounced_at=datetime.now(UTC))
                )

    # --- the daily digest ----------------------------------------------------------------------

    async def _digests(self) -> None:
        while True:
            now = self._now()
            if now.hour >= self.settings.digest_hour:
                try:
                    await self.send_digests(now)
                except Exception as exc:
                    log.error("the daily digests failed: %s", type(exc).__name__)
            await asyncio.sleep(DIGEST_CHECK_SECONDS)

    async def send_digests(self, now: datetime) -> int:
        """Send the day's digest to every account due one with tables waiting on it; returns
        how many were sent. An account whose digest of `now`'s day went out already (from any
        process) is skipped."""
        day = now.astimezone(UTC).date().isoformat()
        db = self.hall.db
        query = (
            select(NoticeSettingsRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == NoticeSettingsRow.player_id)
            .where(
                NoticeSettingsRow.mode == "digest",
                NoticeSettingsRow.email.is_not(None),
                NoticeSettingsRow.bounced_at.is_(None),
                or_(NoticeSettingsRow.digest_day.is_(None), NoticeSettingsRow.digest_day != day),
            )
        )
        async with db.sessions() as session:
            due = (await session.execute(query)).all()
        sent = 0
        for row, name in due:
            waiting = [
                t for t in await my_tables.my_tables(self.hall, row.player_id) if t.your_turn
            ]
            if not waiting or not await self._claim_day(row.player_id, day):
                continue
            items = [
                DigestItem(t.name, t.game, t.deadline, self.settings.link(t.url)) for t in waiting
            ]
            message = digest_mail(items, self._recipient(name, row), sender=self.settings.sender)
            assert row.email is not None
            await self._deliver(message, f"the digest of {day}", row.player_id, row.email)
            sent += 1
        return sent

    async def _claim_day(self, player_id: str, day: str) -> bool:
        """Mark the account's digest of `day` as sent; False when some process did first."""
        async with self.hall.db.sessions.begin() as session:
            claimed = await session.execute(
                update(NoticeSettingsRow)
                .where(
                    NoticeSettingsRow.player_id == player_id,
                    or_(
                        NoticeSettingsRow.digest_day.is_(None),
                        NoticeSettingsRow.digest_day != day,
                    ),
                )
                .values(digest_day=day)
            )
        return bool(getattr(claimed, "rowcount", 0))
