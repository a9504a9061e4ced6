"""A whole tournament played in-process by the games' own bots (tests, benchmarks, demos).

Each `GameSpec` is started through the engine's registry and played to its end by bots asked
through `engine.bots.bot_move`, as the server asks them; the result goes back to the director.
Tables are played one hand at a time in table order, so a run is a function of the config."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pokerhall import games
from pokerhall.engine.bots import bot_move
from pokerhall.engine.events import JSON
from pokerhall.engine.rng import derive_seed
from pokerhall.tournaments.director import Director, new_director
from pokerhall.tournaments.spec import GameSpec

MAX_GAMES = 100_000
"""A tournament that has not ended after this many games is stuck: a bug, never a long game."""


def play_game(spec: GameSpec, bots: Mapping[str, str] | None = None) -> JSON:
    """Play one game of a tournament with bots (a player's kind from `bots`, else the game's
    default bot) and return its result."""
    info = games.info(spec.game)
    game = games.create(spec.game, list(spec.players), spec.options, spec.seed)
    players = {
        seat: games.make_bot(
            spec.game,
            (bots or {}).get(name, info.default_bot),
            derive_seed(spec.seed, f"bot:{seat}"),
        )
        for seat, name in enumerate(spec.players)
    }
    while not game.over:
        seat, prompt = min(game.pending().items())
        game.act(seat, bot_move(players[seat], game, seat, prompt))
    result = game.result
    assert result is not None
    return result


def play_tournament(
    director: Director,
    bots: Mapping[str, str] | None = None,
    on_report: Callable[[Director, GameSpec, JSON], None] = lambda d, s, r: None,
) -> int:
    """Play a started tournament to its end; returns the number of games played. `on_report`
    sees the director after each result (property tests check invariants there)."""
    played = 0
    while director.status == "running":
        specs = director.next_games()
        if not specs:
            raise RuntimeError("the tournament is running but has no game to play")
        for spec in specs:
            result = play_game(spec, bots)
            director.report(spec.id, result)
            on_report(director, spec, result)
            played += 1
            if played > MAX_GAMES:
                raise RuntimeError(f"no end after {MAX_GAMES} games")
    return played


def fill(director: Director, count: int, prefix: str = "Bot") -> list[str]:
    """Register `count` players named `<prefix> 001` ...; returns their names."""
    names = [f"{prefix} {index + 1:03d}" for index in range(count)]
    for name in names:
        director.register(name)
    return names


def run(
    config: Mapping[str, Any], entrants: int, bots: Mapping[str, str] | None = None
) -> Director:
    """A tournament from `config`, filled with `entrants` bots, started and played out."""
    director = new_director(config)
    fill(director, entrants)
    if director.status == "registering":
        director.start()
    play_tournament(director, bots)
    return director
