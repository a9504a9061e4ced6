"""The director of a round-robin or Swiss tournament: whole games per round, any game (T12-T16).

A round's games are handed out together (`next_games`); once every one is reported the next
round is paired from the standings. A game scores each player one point per opponent it placed
above and half a point per opponent it tied with (T12), so a heads-up win is 1, a draw 1/2,
and a game of four gives its winner 3."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from pokerhall.engine.events import JSON
from pokerhall.engine.rng import derive_seed, make_rng
from pokerhall.tournaments.config import TournamentConfig, default_rounds
from pokerhall.tournaments.errors import TournamentError
from pokerhall.tournaments.pairing import Met, byes, circle, group, table_sizes
from pokerhall.tournaments.places import places_by_key
from pokerhall.tournaments.prizes import prize_points
from pokerhall.tournaments.registration import (
    check_name,
    check_new,
    check_start,
    check_unregister,
)
from pokerhall.tournaments.spec import GameSpec

REGISTERING, RUNNING, FINISHED = "registering", "running", "finished"


def game_points(places: list[int]) -> list[float]:
    """T12: per seat, the opponents it placed above plus half those it tied with."""
    return [
        sum(1.0 if other > mine else 0.5 if other == mine else 0.0 for other in places) - 0.5
        for mine in places
    ]


class RoundsDirector:
    def __init__(self, config: TournamentConfig) -> None:
        self.config = config
        self.status = REGISTERING
        self.registered: list[str] = []
        self.order: list[str] = []
        """T1: the seeded draw, which breaks the last ties of the pairing order."""
        self.round = 0
        self.total_rounds = 0
        self.running: dict[str, GameSpec] = {}
        self.games: list[JSON] = []
        """Every game reported: {"id", "round", "players", "places", "points"}."""
        self.byes: list[JSON] = []
        """{"round", "player", "points"} per bye (T15)."""
        self.places: dict[str, int] = {}
        self.prizes: dict[str, int] = {}

    # --- registration ------------------------------------------------------------------------

    def registration_open(self) -> bool:
        return self.status == REGISTERING

    def register(self, name: str) -> None:
        if self.status != REGISTERING:
            raise TournamentError(
                "registration_closed", "registration is closed: the tournament has started"
            )
        self.registered.append(check_new(name, self.registered, self.config.capacity))

    def unregister(self, name: str) -> None:
        self.registered.remove(check_unregister(name, self.registered, self.status != REGISTERING))

    def start(self) -> None:
        check_start(self.status != REGISTERING, len(self.registered), self.config.min_players)
        self.order = list(self.registered)
        make_rng(derive_seed(self.config.seed, "draw")).shuffle(self.order)
        self.total_rounds = default_rounds(self.config, len(self.order))
        self.status = RUNNING

    # --- rounds ------------------------------------------------------------------------------

    def next_games(self) -> list[GameSpec]:
        """Every game of the next round, once the last round is all reported."""
        if self.status != RUNNING or self.running:
            return []
        self.round += 1
        tables, sitting_out = self._pair()
        bye_points = (self.config.table_size - 1) / 2
        for name in sitting_out:
            self.byes.append({"round": self.round, "player": name, "points": bye_points})
        specs = []
        for index, players in enumerate(tables):
            game_id = f"r{self.round}-g{index + 1}"
            seed = derive_seed(self.config.seed, game_id)
            seated = list(players)
            make_rng(seed).shuffle(seated)  # T16: seats drawn per game
            spec = GameSpec(
                game_id,
                index + 1,
                self.config.game,
                tuple(seated),
                self.config.game_options(),
                seed,
            )
            self.running[game_id] = spec
            specs.append(spec)
        return specs

    def _pair(self) -> tuple[list[list[str]], list[str]]:
        info = self.config.info()
        if self.config.format == "round_robin" and self.config.table_size == 2:
            return circle(self.order, self.round - 1)  # T13
        if self.config.format == "swiss":
            order = self.ranking()  # T14: by the standings so far
        else:
            shift = (self.round - 1) % len(self.order)
            order = self.order[shift:] + self.order[:shift]  # T13: groups of three or more
        sizes, count = table_sizes(len(order), self.config.table_size, info.min_players)
        had = Counter(str(b["player"]) for b in self.byes)
        out = byes(order, count, had)
        playing = [name for name in order if name not in out]
        return group(playing, sizes, self._met()), out

    def _met(self) -> Met:
        met: Met = Counter()
        for game in self.games:
            players = game["players"]
            for a in players:
                for b in players:
                    if a < b:
                        met[frozenset((a, b))] += 1
        return met

    def report(self, game_id: str, result: Mapping[str, Any]) -> None:
        """A game's result (the game's `result`): its `places`, one per seat."""
        spec = self.running.get(game_id)
        if spec is None:
            raise TournamentError(
                "unknown_game", f"no game {game_id!r} is in play", {"game": str(game_id)}
            )
        places = result.get("places") if isinstance(result, Mapping) else None
        n = len(spec.players)
        if (
            not isinstance(places, list)
            or len(places) != n
            or any(isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= n for p in places)
            or 1 not in places
        ):
            raise TournamentError(
                "bad_result",
                f"game {game_id}'s result must give every seat's place, 1 to {n}",
                {"game": game_id},
            )
        del self.running[game_id]
        self.games.append(
            {
                "id": game_id,
                "round": self.round,
                "players": list(spec.players),
                "places": list(places),
                "points": game_points(list(places)),
            }
        )
        if not self.running and self.round >= self.total_rounds:
            self._finish()

    # --- standings (T12) ---------------------------------------------------------------------

    def points(self) -> dict[str, float]:
        total = dict.fromkeys(self.registered, 0.0)
        for game in self.games:
            for name, got in zip(game["players"], game["points"], strict=True):
                total[name] += got
        for bye in self.byes:
            total[str(bye["player"])] += float(bye["points"])
        return total

    def tie_breaks(self) -> dict[str, tuple[float, float, float]]:
        """T12: points, then Buchholz (the points of every opponent met, once per game), then
        Sonneborn-Berger (an opponent's points for each one beaten, half for each tied)."""
        points = self.points()
        buchholz = dict.fromkeys(self.registered, 0.0)
        berger = dict.fromkeys(self.registered, 0.0)
        for game in self.games:
            seats = list(zip(game["players"], game["places"], strict=True))
            for name, place in seats:
                for other, other_place in seats:
                    if other == name:
                        continue
                    buchholz[name] += points[other]
                    if place < other_place:
                        berger[name] += points[other]
                    elif place == other_place:
                        berger[name] += points[other] / 2
        return {n: (points[n], buchholz[n], berger[n]) for n in self.registered}

    def ranking(self) -> list[str]:
        """Best first; the draw order breaks what the tie-breaks leave equal."""
        keys = self.tie_breaks()
        order = self.order or self.registered
        return sorted(order, key=lambda n: (tuple(-k for k in keys[n]), order.index(n)))

    def _finish(self) -> None:
        keys = self.tie_breaks()
        order = self.ranking()
        self.places = places_by_key(order, keys)  # T12: equal on all three share a place
        self.prizes = prize_points(self.places, order, self.config.points_per_entry)
        self.status = FINISHED

    def standings(self) -> list[JSON]:
        keys = self.tie_breaks()
        played = Counter(n for game in self.games for n in game["players"])
        return [
            {
                "player": name,
                "points": keys[name][0],
                "buchholz": keys[name][1],
                "sonneborn_berger": keys[name][2],
                "games": played[name],
                "place": self.places.get(name),
                "prize": self.prizes.get(name, 0),
            }
            for name in self.ranking()
        ]

    def summary(self) -> JSON:
        return {
            "format": self.config.format,
            "game": self.config.game,
            "name": self.config.name,
            "status": self.status,
            "registered": len(self.registered),
            "round": self.round,
            "rounds": self.total_rounds,
            "registration_open": self.registration_open(),
            "games": [spec.to_json() for spec in self.running.values()],
        }

    # --- persistence -------------------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "kind": "rounds",
            "config": self.config.to_json(),
            "status": self.status,
            "registered": list(self.registered),
            "order": list(self.order),
            "round": self.round,
            "total_rounds": self.total_rounds,
            "running": [spec.to_json() for spec in self.running.values()],
            "games": list(self.games),
            "byes": list(self.byes),
            "places": dict(self.places),
            "prizes": dict(self.prizes),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> RoundsDirector:
        director = RoundsDirector(TournamentConfig.from_json(data["config"]))
        director.status = str(data["status"])
        director.registered = [check_name(n) for n in data["registered"]]
        director.order = [str(n) for n in data["order"]]
        director.round = int(data["round"])
        director.total_rounds = int(data["total_rounds"])
        director.running = {s["id"]: GameSpec.from_json(s) for s in data["running"]}
        director.games = list(data["games"])
        director.byes = list(data["byes"])
        director.places = {str(k): int(v) for k, v in data["places"].items()}
        director.prizes = {str(k): int(v) for k, v in data["prizes"].items()}
        return director
