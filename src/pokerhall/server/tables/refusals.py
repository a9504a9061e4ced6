"""The hall's refusals: the functions that make each refusal used in more than one place, as
`LobbyError`s (`wire/refusal.py`: an HTTP status, a code for clients, an English reason).

These refusals are made afresh at every raise, never kept in a module: a raised exception
keeps the traceback it went through, so one shared instance would grow by the frames of every
raise and keep their locals (tokens, names) alive.
"""

from __future__ import annotations

from collections.abc import Iterable

from pokerhall.engine import InvalidOptions, UnknownGame
from pokerhall.server.wire import names
from pokerhall.server.wire.refusal import LobbyError


def options_refused(exc: InvalidOptions | UnknownGame, game: str) -> LobbyError:
    """A 422 for options (or a game) that cannot make a game, with the problem's code: a
    game's own check across options has none, and is sent as `invalid_options` with its
    English text as `detail`."""
    if isinstance(exc, UnknownGame):
        return LobbyError(422, str(exc), "unknown_game", {"game": game})
    if exc.code is None:
        return LobbyError(422, str(exc), "invalid_options", {"detail": str(exc)})
    return LobbyError(422, str(exc), exc.code, exc.params)


def reserved() -> LobbyError:
    """A seat named for an account (`SeatRow.player_id`): only that player takes it (made
    afresh at every raise, as every refusal here)."""
    return LobbyError(
        409,
        "this table's seats are kept for the players drawn to it; join through its league",
        "seat_reserved",
    )


def seat_taken() -> LobbyError:
    """Two joins raced for one seat and the database refused the second (its primary key)."""
    return LobbyError(
        409, "someone took this seat at the same moment; please try again", "seat_taken"
    )


def code_required() -> LobbyError:
    """A private table's seats go only to people with its link or code."""
    return LobbyError(
        403, "this table is private: join through its link or with its code", "code_required"
    )


def seats_held_refusal() -> LobbyError:
    """A rematch holds its seats for the old table's players (`server/tables/rematch.py`)."""
    return LobbyError(
        409,
        "this table keeps its seats for the players of the last game for a few minutes",
        "seats_held",
    )


def presence_unknown() -> LobbyError:
    """Several processes: some process that may hold the player's connection could not be
    asked."""
    return LobbyError(
        503,
        "whether this player is here cannot be told now (another server process did not answer);"
        " try again in a moment",
        "presence_unknown",
    )


def creator_starts() -> LobbyError:
    """Start now fills the empty seats with bots: the creator's choice, not any seated
    player's."""
    return LobbyError(
        403,
        "only the table's creator can start it early; it starts by itself when the last seat is"
        " taken",
        "creator_starts",
    )


def name_taken(name: str) -> LobbyError:
    """Another seat at the table has this name (as `name_key` compares names)."""
    return LobbyError(
        409, f"the name {name!r} is taken at this table", "name_taken_here", {"name": name}
    )


def person_name(name: str, taken: Iterable[str] = ()) -> str:
    """The name a person takes (`names.person_name`: NFKC, one script, not a bot's), refused
    with its reason's code when it cannot be one, or when it looks like one of `taken` (409
    `name_looks_taken`, with the name it looks like)."""
    try:
        name = names.person_name(name)
    except names.NameRefused as exc:
        raise LobbyError(422, exc.reason, exc.code, exc.params) from None
    like = names.look_alike(name, taken)
    if like is not None:
        raise LobbyError(
            409,
            f"the name {name!r} looks like {like!r}, which is taken; choose another",
            "name_looks_taken",
            {"name": name, "like": like},
        )
    return name


def already_started() -> LobbyError:
    """The table is no longer open: its seats are settled."""
    return LobbyError(409, "this table has already started", "already_started")


def table_full() -> LobbyError:
    return LobbyError(409, "this table is full", "table_full")


class OwnedElsewhere(LobbyError):
    """Another server process runs this table (it holds the table's lease)."""

    def __init__(self) -> None:
        super().__init__(409, "this table has already started", "already_started")
