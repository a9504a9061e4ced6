"""Registration shared by every format (T7): names, capacity, unregistering before the start.

A name is the key of a player in the tournament (the server passes its account or guest
name); refusals are `TournamentError`s and change nothing."""

from __future__ import annotations

from pokerhall.tournaments.errors import TournamentError

MAX_NAME = 64


def check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise TournamentError(
            "bad_player_name",
            f"a player's name must be text of 1 to {MAX_NAME} characters",
            {"max": MAX_NAME},
        )
    return name


def check_new(name: object, registered: list[str], capacity: int) -> str:
    """The name, if it may register now (open registration is the caller's check)."""
    checked = check_name(name)
    if checked in registered:
        raise TournamentError(
            "already_registered", f"{checked} is already registered", {"player": checked}
        )
    if len(registered) >= capacity:
        raise TournamentError(
            "tournament_full",
            f"the tournament is full ({capacity} players)",
            {"capacity": capacity},
        )
    return checked


def check_unregister(name: object, registered: list[str], started: bool) -> str:
    checked = check_name(name)
    if started:
        raise TournamentError(
            "tournament_started",
            "the tournament has started: a player can no longer unregister",
        )
    if checked not in registered:
        raise TournamentError("not_registered", f"{checked} is not registered", {"player": checked})
    return checked


def check_start(started: bool, count: int, min_players: int) -> None:
    """Refuse a start twice, or with fewer players than the tournament needs (T1)."""
    if started:
        raise TournamentError("tournament_started", "the tournament has already started")
    if count < min_players:
        raise TournamentError(
            "too_few_players",
            f"the tournament needs at least {min_players} players to start, {count} registered",
            {"min": min_players, "count": count},
        )
