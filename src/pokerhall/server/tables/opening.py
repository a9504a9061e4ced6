"""Opening tables: a table asked for in the lobby (its creator token and, when private, its
join code told only to whoever asked), and a league's table with its seats kept for the
players drawn to it."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokerhall import games
from pokerhall.engine import InvalidOptions, UnknownGame, registry
from pokerhall.engine.catalog import GameInfo
from pokerhall.engine.rng import new_seed
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import SeatRow, TableRow
from pokerhall.server.tables.book import TableBook, table_info
from pokerhall.server.tables.news import News
from pokerhall.server.tables.refusals import options_refused
from pokerhall.server.tables.tokens import new_token, token_hash
from pokerhall.server.wire.messages import CreateTable, TableInfo
from pokerhall.server.wire.names import name_key
from pokerhall.server.wire.refusal import LobbyError


@dataclass(frozen=True)
class OpenedTable:
    info: TableInfo
    creator_token: str
    join_code: str | None


class Opening:
    def __init__(self, db: Database, book: TableBook, news: News) -> None:
        self._db = db
        self._book = book
        self._news = news

    async def create_table(self, request: CreateTable) -> TableInfo:
        """`open_table`, for a caller who needs only the table."""
        return (await self.open_table(request)).info

    async def open_table(self, request: CreateTable) -> OpenedTable:
        """A new table, with its creator token (`server/tables/creator.py`) and, when private, its
        join code: both told only to whoever asked for the table."""
        if request.bots >= request.seats:
            raise LobbyError(
                422, "too many bots: leave at least one seat for a player", "too_many_bots"
            )
        names = [f"Seat {i + 1}" for i in range(request.seats)]
        try:
            info = registry.info(request.game)
            kind = bot_kind(info, request.bot_kind)
            check_players(info, request.game, request.options, request.seats)
            trial = games.create(request.game, names, request.options, seed=0)
        except (InvalidOptions, UnknownGame) as exc:
            raise options_refused(exc, request.game) from None
        creator_token = (
            new_token()
        )  # told to whoever asked for the table (server/tables/creator.py)
        table = TableRow(
            id=secrets.token_hex(8),
            name=request.name or f"{info.title} table",
            game=trial.name,
            options=trial.options_json,
            num_seats=request.seats,
            seed=new_seed(),
            status="open",
            turn_clock=request.turn_clock,
            bot_delay=request.bot_delay,
            result_pause=request.result_pause,
            bot_takeover=request.bot_takeover and info.on_leave == "bot",  # else it resigns
            content=trial.content(),
            private=request.private,
            creator_hash=token_hash(creator_token),
        )
        bots = [
            SeatRow(
                table_id=table.id,
                seat=i,
                name=f"Bot {i + 1}",
                kind="bot",
                bot_kind=kind,
                left=False,
            )
            for i in range(request.seats - request.bots, request.seats)
        ]
        await self._book.add_table(table, bots)
        self._news.lobby_changed()
        # a new open table: its info is its rows as stored (`TableBook.info` reads the same)
        return OpenedTable(table_info(table, bots), creator_token, table.join_code)

    async def create_reserved_table(
        self,
        *,
        game: str,
        options: dict[str, Any],
        name: str,
        turn_clock: float | None,
        players: Sequence[tuple[str, str]],
    ) -> str:
        """A table whose seats are kept for the given accounts, (id, name) in seat order; it
        starts once each has claimed their seat (`claim`) or when `start_reserved` says so. No
        bots, and a player who leaves is not replaced: each seat is one account's game."""
        names = [player_name for _id, player_name in players]
        trial = games.create(game, names, options, seed=0)
        table = TableRow(
            id=secrets.token_hex(8),
            name=name,
            game=trial.name,
            options=trial.options_json,
            num_seats=len(players),
            seed=new_seed(),
            status="open",
            turn_clock=turn_clock,
            bot_delay=0.0,
            bot_takeover=False,
            content=trial.content(),
        )
        seats = [
            SeatRow(
                table_id=table.id,
                seat=i,
                name=player_name,
                kind="human",
                left=False,
                player_id=player_id,
            )
            for i, (player_id, player_name) in enumerate(players)
        ]
        await self._db.add_table(table, seats)
        self._news.lobby_changed()
        return table.id


def bot_kind(info: GameInfo, asked: str | None) -> str:
    """The table's bot kind: the one asked for, else the game's default bot."""
    if asked is None:
        return info.default_bot
    if asked not in info.bots:
        raise registry.unknown_bot(info.name, asked, info.bots)
    return asked


def check_players(info: GameInfo, name: str, options: dict[str, Any], seats: int) -> None:
    """The seat count against the chosen ruleset's player range (its name may come from an
    alias the table was opened with), before any game is made to try the options."""
    raw = {"ruleset": info.aliases[name], **options} if name in info.aliases else options
    ruleset = info.ruleset(raw.get("ruleset", info.rulesets[0].name))
    info.check_players(ruleset, seats)


def bot_name(seat: int, taken: set[str]) -> str:
    """`Bot 3` for seat 2, or `Bot 3 (2)` if a player took that name: names must differ."""
    name, copy = f"Bot {seat + 1}", 1
    while name_key(name) in taken:
        copy += 1
        name = f"Bot {seat + 1} ({copy})"
    return name
