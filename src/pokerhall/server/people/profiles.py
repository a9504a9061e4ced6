"""An account's public profile (`GET /api/players/{name}`): the games it played, per game its
results and statistics, and the finished tables whose hand history the viewer may read.

An account's seats are those it sat at signed in (`SeatRow.account_id`) and those kept for it
(a league's drawing, a bot account's invitation: `SeatRow.player_id`). Only finished tables
count: a running table's result is not known, and its history would tell its hands while they
are played. A public table's history anybody may read, so it is listed to anybody; a private
table (`TableRow.private`) is listed only to an account that sat there, the profile's owner
among them; to anyone else it counts in the statistics (as a number) and nothing more."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from sqlalchemy import or_, select

from pokerhall.server.people.account_messages import GameStats, PlayedTable, Profile
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import PlayerRow, SeatRow, TableRow
from pokerhall.server.wire.names import name_key
from pokerhall.server.wire.refusal import LobbyError

LISTED = 100
"""Tables listed, the newest first; the statistics count all of them."""


def unknown_player(name: str) -> LobbyError:
    return LobbyError(404, f"there is no player named {name!r}", "unknown_player", {"name": name})


def profile_link(name: str) -> str:
    """The profile page of the account called `name`."""
    return f"/profile.html?name={quote(name, safe='')}"


@dataclass(frozen=True)
class Played:
    """One finished table the account sat at, and its seat there."""

    table: TableRow
    seat: int
    name: str


async def find(db: Database, name: str) -> PlayerRow:
    async with db.sessions() as session:
        row = await session.scalar(select(PlayerRow).where(PlayerRow.name_key == name_key(name)))
    if row is None:
        raise unknown_player(name)
    return row


async def played(db: Database, player_id: str) -> list[Played]:
    """The account's finished tables, the newest first."""
    query = (
        select(TableRow, SeatRow.seat, SeatRow.name)
        .join(SeatRow, SeatRow.table_id == TableRow.id)
        .where(
            or_(SeatRow.account_id == player_id, SeatRow.player_id == player_id),
            TableRow.status == "finished",
        )
        .order_by(TableRow.created_at.desc(), TableRow.id)
    )
    async with db.sessions() as session:
        rows = (await session.execute(query)).all()
    return [Played(table, seat, name) for table, seat, name in rows]


async def tables_sat_at(db: Database, player_id: str, table_ids: Iterable[str]) -> set[str]:
    """Which of these tables the account (the viewer) sat at."""
    wanted = list(table_ids)
    if not wanted:
        return set()
    query = select(SeatRow.table_id).where(
        SeatRow.table_id.in_(wanted),
        or_(SeatRow.account_id == player_id, SeatRow.player_id == player_id),
    )
    async with db.sessions() as session:
        return set((await session.scalars(query)).all())


async def profile(db: Database, name: str, viewer: PlayerRow | None) -> Profile:
    player = await find(db, name)
    games = await played(db, player.id)
    private = [g.table.id for g in games if g.table.private]
    seen = set() if viewer is None else await tables_sat_at(db, viewer.id, private)
    visible = [g for g in games if not g.table.private or g.table.id in seen]
    return Profile(
        name=player.name,
        bot_account=player.kind == "bot",
        since=_aware(player.created_at).date().isoformat(),
        played=len(games),
        games=statistics(games),
        tables=[played_table(g) for g in visible[:LISTED]],
        not_listed=len(games) - min(len(visible), LISTED),
    )


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _place(result: dict[str, Any] | None, seat: int) -> int | None:
    places: Sequence[Any] = (result or {}).get("places") or ()
    return int(places[seat]) if seat < len(places) else None


def _score(result: dict[str, Any] | None, seat: int) -> float | None:
    scores: Sequence[Any] = (result or {}).get("scores") or ()
    return float(scores[seat]) if seat < len(scores) else None


def statistics(games: Iterable[Played]) -> list[GameStats]:
    """Per game: tables played, won (first place, shared or not), the places taken."""
    by_game: dict[str, list[Played]] = defaultdict(list)
    for game in games:
        by_game[game.table.game].append(game)
    out = []
    for name in sorted(by_game):
        places = [p for g in by_game[name] if (p := _place(g.table.result, g.seat)) is not None]
        counted: dict[str, int] = defaultdict(int)
        for place in places:
            counted[str(place)] += 1
        out.append(
            GameStats(
                game=name,
                played=len(by_game[name]),
                won=sum(place == 1 for place in places),
                places=dict(sorted(counted.items(), key=lambda item: int(item[0]))),
                mean_place=round(sum(places) / len(places), 2) if places else None,
            )
        )
    return out


def played_table(game: Played) -> PlayedTable:
    table = game.table
    result = table.result or {}
    return PlayedTable(
        table=table.id,
        name=table.name,
        game=table.game,
        ruleset=table.options.get("ruleset"),
        private=table.private,
        date=_aware(table.created_at).date().isoformat(),
        seat=game.seat,
        seat_name=game.name,
        seats=table.num_seats,
        place=_place(table.result, game.seat),
        score=_score(table.result, game.seat),
        unit=result.get("unit"),
        history=f"/history.html?id={quote(table.id, safe='')}",
    )
