"""The director of a sit-and-go or multi-table tournament of a game of hands (T1-T11).

Every hand is one game started from its table's state (`GameSpec`); the director hands out the
next hand of every table that is between hands (`next_games`) and takes each result back
(`report`). Between a table's hands, and only then, it changes that table: places for the
players out (T5), the level clock (T9), breaking the table (T4), and balancing, which takes
players only from tables between hands (T3). So tables play at their own pace, no hand is ever
interrupted, and the server needs no lock across tables: a table's own report is all it waits on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerhall.engine.errors import InvalidOptions
from pokerhall.engine.events import JSON
from pokerhall.engine.rng import derive_seed, make_rng
from pokerhall.tournaments.config import TournamentConfig
from pokerhall.tournaments.errors import TournamentError
from pokerhall.tournaments.places import bust_places
from pokerhall.tournaments.prizes import prize_points
from pokerhall.tournaments.registration import (
    check_name,
    check_new,
    check_start,
    check_unregister,
)
from pokerhall.tournaments.seating import Table, draw, smallest
from pokerhall.tournaments.spec import GameSpec

REGISTERING, RUNNING, FINISHED = "registering", "running", "finished"


class PokerDirector:
    def __init__(self, config: TournamentConfig) -> None:
        self.config = config
        self.status = REGISTERING
        self.registered: list[str] = []
        self.stacks: dict[str, int] = {}
        self.places: dict[str, int] = {}
        self.out: list[dict[str, int]] = []
        """T5: the players out in each hand, in order, with the chips they started it with."""
        self.prizes: dict[str, int] = {}
        self.tables: list[Table] = []
        self.clock = 0
        """T9: the most hands any one table has finished; the level is clock // hands_per_level."""
        self.hands_dealt = 0
        self.running: dict[str, GameSpec] = {}
        self.final_table: int | None = None
        self.log: list[JSON] = []
        """What happened, for the lobby: starts, levels, players out, moves, breaks, the end."""

    # --- registration (T7) -------------------------------------------------------------------

    @property
    def level(self) -> int:
        """The current level, from 0 (the lobby shows it from 1)."""
        return self.clock // self.config.hands_per_level

    def registration_open(self) -> bool:
        if self.status == REGISTERING:
            return True
        late = self.config.late_registration_level
        return self.status == RUNNING and self.level + 1 <= late

    def register(self, name: str) -> None:
        if not self.registration_open():
            self._refuse_closed()
        checked = check_new(name, self.registered, self.config.capacity)
        self.registered.append(checked)
        self.stacks[checked] = self.config.starting_stack
        if self.status == RUNNING:
            self._seat_late(checked)
            self._place_out()
            self._balance()
        elif self.config.format == "sit_and_go" and len(self.registered) == self.config.capacity:
            self.start()

    def _refuse_closed(self) -> None:
        if self.status == RUNNING and self.config.late_registration_level:
            late = self.config.late_registration_level
            raise TournamentError(
                "late_registration_closed",
                f"late registration closed at the end of level {late};"
                f" the tournament is at level {self.level + 1}",
                {"level": late, "current": self.level + 1},
            )
        raise TournamentError(
            "registration_closed",
            "registration is closed: the tournament has started"
            if self.status == RUNNING
            else "registration is closed: the tournament is over",
        )

    def unregister(self, name: str) -> None:
        checked = check_unregister(name, self.registered, self.status != REGISTERING)
        self.registered.remove(checked)
        del self.stacks[checked]

    def start(self) -> None:
        """T1: the seeded draw seats everyone; a multi-table tournament starts when the server's
        clock says so, a sit-and-go as its table fills."""
        check_start(self.status != REGISTERING, len(self.registered), self.config.min_players)
        rng = make_rng(derive_seed(self.config.seed, "draw"))
        self.tables = draw(self.registered, self.config.table_size, rng)
        self.status = RUNNING
        self.log.append({"type": "started", "players": len(self.registered)})
        self._check_final_table()

    def _seat_late(self, name: str) -> None:
        """T7: a late player sits at the table with the fewest players (the lowest number among
        equals), in its lowest empty seat; with every seat taken a new table opens, which
        balancing then fills."""
        table = smallest(self._open_tables())
        if table is None:
            table = Table(len(self.tables) + 1, [None] * self.config.table_size)
            self.tables.append(table)
            self.final_table = None
        seat = table.empty_seat()
        assert seat is not None
        table.seats[seat] = name
        self.log.append({"type": "late", "player": name, "table": table.number, "seat": seat})

    # --- hands -------------------------------------------------------------------------------

    def next_games(self) -> list[GameSpec]:
        """The next hand of every table between hands that has two players or more, after
        balancing (T3). Each table is then in play until its hand is reported."""
        if self.status != RUNNING:
            return []
        self._balance()
        specs = []
        for table in self._open_tables():
            if table.playing is None and table.size >= 2:
                specs.append(self._deal(table))
        return specs

    def _deal(self, table: Table) -> GameSpec:
        state = self.config.table_state()
        self.hands_dealt += 1
        table.button = table.next_button()  # T2
        players = table.players()
        button_index = [s for s in range(len(table.seats)) if table.seats[s] is not None].index(
            table.button
        )
        options: dict[str, Any] = {
            **self.config.game_options(),
            **state.stakes(self.config.stake(self.level)),
            state.stacks: [self.stacks[name] for name in players],
            state.button: button_index,
            state.hands: 1,
        }
        if state.history is not None and table.carried is not None:
            options[state.history] = table.carried  # T17
        game_id = f"t{table.number}-h{self.hands_dealt}"
        spec = GameSpec(
            game_id,
            table.number,
            self.config.game,
            tuple(players),
            options,
            derive_seed(self.config.seed, game_id),
        )
        table.playing = game_id
        self.running[game_id] = spec
        return spec

    def report(self, game_id: str, result: Mapping[str, Any]) -> None:
        """A hand's result (the game's `result`): its `scores` are every seat's stack. A result
        whose chips differ from the hand's is refused and changes nothing."""
        spec = self.running.get(game_id)
        if spec is None:
            raise TournamentError(
                "unknown_game", f"no hand {game_id!r} is in play", {"game": str(game_id)}
            )
        stacks = self._checked_scores(spec, result)
        carried = self._checked_history(spec, result)
        del self.running[game_id]
        table = self.tables[spec.table - 1]
        table.playing = None
        if carried is not None:
            table.carried = carried
        table.history.append(game_id)
        started = dict(
            zip(spec.players, spec.options[self.config.table_state().stacks], strict=True)
        )
        for name, stack in zip(spec.players, stacks, strict=True):
            self.stacks[name] = stack
        out = {name: started[name] for name in spec.players if self.stacks[name] == 0}
        if out:
            self._out(out, table, game_id)
        table.hands += 1
        level = self.level
        self.clock = max(self.clock, table.hands)
        if self.level != level:
            self.log.append({"type": "level", "level": self.level + 1, "stake": self._stake()})
        if len(self.alive()) == 1:
            self._finish()
            return
        self._break_if_short(table)
        self._balance()
        self._check_final_table()

    def _stake(self) -> int:
        return self.config.stake(self.level)

    def _checked_scores(self, spec: GameSpec, result: Mapping[str, Any]) -> list[int]:
        scores = result.get("scores") if isinstance(result, Mapping) else None
        chips = sum(spec.options[self.config.table_state().stacks])
        if (
            not isinstance(scores, list)
            or len(scores) != len(spec.players)
            or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores)
            or sum(scores) != chips
        ):
            raise TournamentError(
                "bad_result",
                f"hand {spec.id}'s result must give every seat's stack, {chips} chips in all",
                {"game": spec.id, "chips": chips},
            )
        return list(scores)

    def _checked_history(self, spec: GameSpec, result: Mapping[str, Any]) -> Any:
        """T17: what the hand hands on to the table's next, checked as the game checks that
        option (None for a game that carries nothing)."""
        name = self.config.table_state().history
        if name is None:
            return None
        (option,) = [o for o in self.config.info().options if o.name == name]
        try:
            return option.check(result[name])
        except (KeyError, InvalidOptions):
            raise TournamentError(
                "bad_result",
                f"hand {spec.id}'s result must give {name!r} for the table's next hand",
                {"game": spec.id, "option": name},
            ) from None

    def _out(self, started: dict[str, int], table: Table, game_id: str) -> None:
        """T5: places for the players out in this hand; they leave their seats."""
        self.out.append(started)
        self._place_out()
        for name in started:
            table.seats[table.seat_of(name)] = None
            place = self.places[name]
            self.log.append({"type": "out", "player": name, "place": place, "hand": game_id})

    def _place_out(self) -> None:
        """T5, T7: the places of everyone out, counted from the players still in: the last out
        place just below them. A late player therefore moves everyone already out one place
        down (they went out before that player came in)."""
        out = {name for group in self.out for name in group}
        above = len([name for name in self.registered if name not in out])
        for group in reversed(self.out):
            self.places.update(bust_places(group, above + len(group)))
            above += len(group)

    def alive(self) -> list[str]:
        out = {name for group in self.out for name in group}
        return [name for name in self.registered if name not in out]

    # --- tables (T3, T4, T6) -----------------------------------------------------------------

    def _open_tables(self) -> list[Table]:
        return [t for t in self.tables if not t.broken]

    def _break_if_short(self, table: Table) -> None:
        """T4: when the players left fit in one table fewer, the table whose hand just ended
        breaks; its players, in seat order from the button's left, each go to the table with
        the fewest players."""
        tables = self._open_tables()
        if len(tables) < 2 or len(self.alive()) > (len(tables) - 1) * self.config.table_size:
            return
        movers = [table.seats[s] for s in table.occupied_after(table.button)]
        table.broken = True
        table.seats = [None] * len(table.seats)
        self.log.append({"type": "broken", "table": table.number})
        for name in movers:
            assert name is not None
            self._seat_at(name, table.number)

    def _seat_at(self, name: str, source: int) -> None:
        target = smallest(self._open_tables())
        assert target is not None, "the players left fit in the tables left"
        seat = target.empty_seat()
        assert seat is not None
        target.seats[seat] = name
        self.log.append(
            {"type": "moved", "player": name, "from": source, "to": target.number, "seat": seat}
        )

    def _balance(self) -> None:
        """T3: while a table between hands has two players more than the smallest table, the
        player due to post its big blind next moves to the smallest table. A table in play waits
        for the end of its hand (its report balances again)."""
        while True:
            tables = self._open_tables()
            fewest = min(t.size for t in tables)
            idle = [t for t in tables if t.playing is None and t.size > fewest + 1]
            if not idle:
                return
            source = max(idle, key=lambda t: (t.size, -t.number))
            name = source.due_big_blind()
            source.seats[source.seat_of(name)] = None
            self._seat_at(name, source.number)

    def _check_final_table(self) -> None:
        """T6: the last table left with two players or more is the final table."""
        tables = self._open_tables()
        if self.final_table is None and len(tables) == 1 and self.status == RUNNING:
            self.final_table = tables[0].number
            self.log.append({"type": "final_table", "table": tables[0].number})

    def _finish(self) -> None:
        (winner,) = self.alive()
        self.places[winner] = 1
        for table in self._open_tables():
            table.seats = [None] * len(table.seats)
        order = sorted(self.registered, key=lambda n: (self.places[n], self.registered.index(n)))
        self.prizes = prize_points(self.places, order, self.config.points_per_entry)
        self.status = FINISHED
        self.log.append({"type": "finished", "winner": winner})

    # --- the lobby ---------------------------------------------------------------------------

    def standings(self) -> list[JSON]:
        """Every player, best first: those still in by chips, then those out by place."""
        where: dict[str, tuple[int, int]] = {}
        for open_table in self._open_tables():
            for seat_number, seated in enumerate(open_table.seats):
                if seated is not None:
                    where[seated] = (open_table.number, seat_number)

        def key(name: str) -> tuple[int, int, int]:
            place = self.places.get(name)
            if place is not None and self.status == FINISHED:
                return (place, 0, self.registered.index(name))
            if place is not None:
                return (1, place, self.registered.index(name))
            return (0, -self.stacks[name], self.registered.index(name))

        out = []
        for name in sorted(self.registered, key=key):
            at = where.get(name)
            out.append(
                {
                    "player": name,
                    "stack": self.stacks[name],
                    "table": None if at is None else at[0],
                    "seat": None if at is None else at[1],
                    "place": self.places.get(name),
                    "prize": self.prizes.get(name, 0),
                }
            )
        return out

    def summary(self) -> JSON:
        return {
            "format": self.config.format,
            "game": self.config.game,
            "name": self.config.name,
            "status": self.status,
            "registered": len(self.registered),
            "left": len(self.alive()) if self.status != REGISTERING else len(self.registered),
            "level": self.level + 1,
            "stake": self._stake(),
            "hands_to_next_level": self.config.hands_per_level
            - self.clock % self.config.hands_per_level,
            "registration_open": self.registration_open(),
            "late_registration_level": self.config.late_registration_level,
            "tables": [t.to_json() for t in self._open_tables()],
            "final_table": self.final_table,
        }

    # --- persistence -------------------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "kind": "poker",
            "config": self.config.to_json(),
            "status": self.status,
            "registered": list(self.registered),
            "stacks": dict(self.stacks),
            "places": dict(self.places),
            "out": [dict(group) for group in self.out],
            "prizes": dict(self.prizes),
            "tables": [t.to_json() for t in self.tables],
            "clock": self.clock,
            "hands_dealt": self.hands_dealt,
            "running": [spec.to_json() for spec in self.running.values()],
            "final_table": self.final_table,
            "log": list(self.log),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> PokerDirector:
        director = PokerDirector(TournamentConfig.from_json(data["config"]))
        director.status = str(data["status"])
        director.registered = [check_name(n) for n in data["registered"]]
        director.stacks = {str(k): int(v) for k, v in data["stacks"].items()}
        director.places = {str(k): int(v) for k, v in data["places"].items()}
        director.out = [{str(k): int(v) for k, v in g.items()} for g in data["out"]]
        director.prizes = {str(k): int(v) for k, v in data["prizes"].items()}
        director.tables = [Table.from_json(t) for t in data["tables"]]
        director.clock = int(data["clock"])
        director.hands_dealt = int(data["hands_dealt"])
        director.running = {s["id"]: GameSpec.from_json(s) for s in data["running"]}
        director.final_table = data["final_table"]
        director.log = list(data["log"])
        return director
