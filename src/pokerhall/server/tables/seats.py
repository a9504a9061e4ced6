"""The seats of the hall's tables: taking one (`join`, or a league player's `claim`), giving
one up (`leave`), and starting a table, early with bots or a league table by its organiser.
All changes to one table's seats go through that table's lock, and the database's constraints
hold where the lock does not reach (another process), so two people can never take the same
seat."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from pokerhall.engine import registry
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import PlayerRow, SeatRow, TableRow
from pokerhall.server.tables import invited
from pokerhall.server.tables.book import TableBook, seats_held
from pokerhall.server.tables.creator import code_matches, is_creator
from pokerhall.server.tables.news import News
from pokerhall.server.tables.opening import bot_name
from pokerhall.server.tables.presence import Presence
from pokerhall.server.tables.refusals import (
    already_started,
    code_required,
    creator_starts,
    name_taken,
    person_name,
    reserved,
    seat_taken,
    seats_held_refusal,
    table_full,
)
from pokerhall.server.tables.running import Running
from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.tables.tokens import new_token, token_hash
from pokerhall.server.wire.names import name_key
from pokerhall.server.wire.refusal import LobbyError


class Seats:
    def __init__(
        self, db: Database, book: TableBook, news: News, presence: Presence, running: Running
    ) -> None:
        self._db = db
        self._book = book
        self._news = news
        self._presence = presence
        self._running = running

    async def join(
        self,
        table_id: str,
        name: str,
        code: str | None = None,
        creator: str | None = None,
        account: PlayerRow | None = None,
    ) -> tuple[int, str]:
        """Take a free seat. A private table needs its join code; a rematch refuses others
        while it holds its seats for the old table's players (`server/tables/rematch.py`). With the
        creator token, the seat becomes the creator's (`server/tables/creator.py`). A signed-in
        player's seat is their account's (`SeatRow.account_id`) and takes its name; a guest's
        takes the name given."""
        if account is not None:
            name = account.name
        async with await self._book.lock(table_id):
            table, rows = await self._book.table_with_seats(table_id)
            if table.status != "open":
                raise already_started()
            if not code_matches(table, code):
                raise code_required()
            if seats_held(table):
                raise seats_held_refusal()
            seats = {s.seat: s for s in rows}
            if any(invited.league_seat(s) for s in seats.values()):
                raise reserved()
            name = person_name(name, (s.name for s in seats.values()))
            if any(name_key(s.name) == name_key(name) for s in seats.values()):
                raise name_taken(name)
            free = [i for i in range(table.num_seats) if i not in seats]
            if not free:
                raise table_full()
            token = new_token()
            row = SeatRow(
                table_id=table_id,
                seat=free[0],
                name=name,
                kind="human",
                token_hash=token_hash(token),
                left=False,
                account_id=None if account is None else account.id,
            )
            try:
                await self._db.add_seat(row)
            except IntegrityError:  # another process took the seat or the name meanwhile
                names = {name_key(s.name) for s in await self._db.seats(table_id)}
                raise name_taken(name) if name_key(name) in names else seat_taken() from None
            self._presence.absence.seen(table_id, free[0])  # its grace runs till they connect
            if is_creator(table, creator):
                await self._db.set_creator(table_id, token_hash(token))
                table.creator_hash = token_hash(token)  # the start below reads it
            rows = sorted([*rows, row], key=lambda s: s.seat)  # in seat order, as read
            if len(free) == 1 and not invited.awaiting(rows):
                await self._running.start(table, rows)
            else:  # not full, or an invited bot account is still to come
                await self._news.announce(table_id, await self._book.info_of(table, rows))
        return free[0], token

    async def leave(self, table_id: str, token: str) -> None:
        """Give up a seat: before the start it is freed, during the game it is left to a bot
        (or the clock). Once the game is over the seats are part of its published result, so
        leaving is refused (checked in memory too: the last move may not have reached the
        table's status yet) rather than rewriting a finished table."""
        async with await self._book.lock(table_id):
            table = await self._book.table(table_id)
            seat = await self._book.authenticate(table_id, token)
            runtime = await self._running.claim_locked(table)
            if table.status == "finished" or (runtime is not None and runtime.state.over):
                raise LobbyError(
                    409, "the game is over: there is no seat left to leave", "nothing_to_leave"
                )
            row = next(s for s in await self._db.seats(table_id) if s.seat == seat)
            if table.status == "open" and invited.league_seat(row):
                row.token_hash = None  # still the drawn player's, who may claim it again
                await self._db.put_seat(row)
                await self._news.announce(table_id)
                return
            if table.status == "open":
                await self._db.remove_seat(table_id, seat)
                if row.token_hash is not None and row.token_hash == table.creator_hash:
                    await self._db.set_creator(table_id, None)  # gone: anyone seated may start
                self._presence.free_seat(table_id, seat)  # for the next player, not a socket
                await self._news.announce(table_id)
                return
            await self.seat_left(table, row, runtime)

    async def seat_left(self, table: TableRow, row: SeatRow, runtime: TableRuntime | None) -> None:
        """A player gone from a running table (they left, or the creator removed them while
        absent): a bot takes the seat, or it resigns, on whichever process runs the table.
        The caller holds the table's lock."""
        row.left, row.token_hash = True, None  # the token no longer holds the seat
        info = registry.info(table.game)
        takeover = table.bot_takeover and info.on_leave == "bot"
        if takeover:  # the table is running: open and finished returned
            row.kind, row.bot_kind = "bot", info.default_bot
        await self._db.put_seat(row)
        bot_kind = info.default_bot if takeover else None
        await self._running.seat_gone(table.id, row.seat, bot_kind, here=runtime is not None)
        await self._news.announce(table.id)

    async def start(self, table_id: str, token: str) -> None:
        """Start early: the empty seats are given to bots. Only the creator may (seated or
        not); another player at the table is refused (`creator_starts`), nothing changed. A
        table whose creator gave their seat up before the start has none: any player may."""
        async with await self._book.lock(table_id):
            table = await self._book.table(table_id)
            if not is_creator(table, token):  # the creator may start without a seat
                await self._book.authenticate(table_id, token)  # a stranger: bad_token
                if table.creator_hash is not None:  # none: the creator gave their seat up
                    raise creator_starts()
            if table.status != "open":
                raise already_started()
            rows = await self._db.seats(table_id)
            if any(invited.league_seat(s) for s in rows):
                raise LobbyError(
                    409,
                    "a league table starts when its players are in, or by its organiser",
                    "organiser_starts",
                )
            for row in filter(invited.pending, rows):  # the invitation lapses: a bot plays
                await self._db.remove_seat(table_id, row.seat)
            rows = [s for s in rows if not invited.pending(s)]
            seats = {s.seat for s in rows}
            taken = {name_key(s.name) for s in rows}
            kind = next(
                (s.bot_kind for s in rows if s.kind == "bot" and s.bot_kind),
                registry.info(table.game).default_bot,
            )  # the kind the table was opened with, else the game's
            for i in range(table.num_seats):
                if i not in seats:
                    name = bot_name(i, taken)
                    taken.add(name_key(name))
                    await self._db.put_seat(
                        SeatRow(
                            table_id=table_id,
                            seat=i,
                            name=name,
                            kind="bot",
                            bot_kind=kind,
                            left=False,
                        )
                    )
            await self._running.start(table)

    # --- reserved seats (leagues) -------------------------------------------------------------

    async def claim(self, table_id: str, player_id: str) -> tuple[int, str]:
        """The seat kept for this account, with a new seat token (a player who lost theirs
        claims it again). The table starts when every seat is claimed. Refused, changing
        nothing, when the account was not drawn to this table."""
        async with await self._book.lock(table_id):
            table = await self._book.table(table_id)
            rows = await self._db.seats(table_id)
            row = next((s for s in rows if s.player_id == player_id), None)
            if row is None:
                raise LobbyError(
                    403, "you were not drawn to this table; see the drawing for yours", "not_drawn"
                )
            if table.status == "finished" or row.left:
                raise LobbyError(409, "your game at this table is over", "game_over")
            token = new_token()
            row.token_hash = token_hash(token)
            await self._db.put_seat(row)
            claimed = all(s.token_hash is not None or s.seat == row.seat for s in rows)
            if table.status == "open" and claimed:
                await self._running.start(table)
            else:
                await self._news.announce(table_id)
        return row.seat, token

    async def start_reserved(self, table_id: str) -> None:
        """Start a reserved table now: a seat nobody claimed is a player who did not turn up,
        and resigns at once through the same seam as a player who leaves (W12 for Slovní
        poker: the antes of the deals not played are deducted), unless they were excused
        ahead of time (`controls.excuse`): their seat stays kept for them, and the clock
        moves for them until they come."""
        async with await self._book.lock(table_id):
            table = await self._book.table(table_id)
            if table.status != "open":
                raise already_started()
            seats = await self._db.seats(table_id)
            absent = [s for s in seats if s.token_hash is None and not s.excused]
            for row in absent:
                row.left = True
                await self._db.put_seat(row)
            runtime = await self._running.start(table)
            for row in absent:
                await runtime.resign(row.seat)
            if absent:
                await self._news.announce(table_id)

    # --- runtimes ----------------------------------------------------------------------------
