"""Watching a finished hand again (`GET /api/tables/{id}/hands/{hand}/replay`,
`server/tables/replay.py`), for every registered game and ruleset (from the registry, no game
named):

- every frame a seat (or a spectator) is given is what the table's runtime sent that audience
  live, message by message: the same view and the same events, no frame for a move it was not
  told of (a secret guess, Q2), the last frame the end of the hand without the next hand's view;
- no frame holds a text the game says that audience may not know at that moment
  (`GameTesting.secrets`: other seats' cards and guesses, Palace's conceded palaces P13,
  Detective's forehead cards for spectators X10, QuizPoker's unread answer DU2);
- a replay of a hand never dealt or not finished, of another seat's view, with a token that
  holds no seat, or of a table not started is refused with its code, and changes nothing."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import update

from pokerhall import games
from pokerhall.engine import prompts, registry
from pokerhall.engine.catalog import GameInfo, Ruleset
from pokerhall.server.store.models import TableRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.replay import HandReplays, replay_hand
from pokerhall.server.wire.chat_text import CHAT_BURST, CHAT_RATE
from pokerhall.server.wire.connection import RateLimiter
from pokerhall.server.wire.messages import CreateTable

from .halls import bearer, hall_at, http_on, play_randomly

pytestmark = pytest.mark.anyio
CASES = [(info, ruleset) for info in registry.infos() for ruleset in info.rulesets]
MOST_PLAYERS = 4
NAMES = ["Anna", "Boris", "Cyril", "Dana"]
"""Players' names, none of which is a card or letter of any game."""
SEARCHED_DIGITS = 6
"""A secret that is a shorter number (a QuizPoker answer of 32, 1948) is not looked for as
text: the table's own numbers (stacks, blinds, its orbit, a guess's allowed length) are such
numbers too. Its secrecy rests on each frame being what was sent live, compared in full."""


class RecordingPeer:
    """A connection of the table's runtime that keeps what it is sent (the runtime's `Peer`),
    each message with the texts its audience may not know at the moment it was sent."""

    def __init__(self, seat: int | None, secrets: Callable[[int | None], Iterable[str]]) -> None:
        self.seat = seat
        self.closed = False
        self.chat_limit = RateLimiter(CHAT_RATE, CHAT_BURST)
        self.presence: dict[str, Any] | None = None
        self.secrets_now = secrets
        self.sent: list[tuple[dict[str, Any], set[str]]] = []

    def send(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] in ("state", "update"):
            self.sent.append((message, {s for s in self.secrets_now(self.seat) if s}))

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = True

    async def wait_closed(self) -> None:
        return None


def _round_start(events: list[dict[str, Any]], number: int) -> int | None:
    return next(
        (i for i, e in enumerate(events) if e["type"] == "round_started" and e["round"] == number),
        None,
    )


def live_frames(
    sent: list[tuple[dict[str, Any], set[str]]], hand: int
) -> list[tuple[dict[str, Any], set[str] | None]]:
    """Hand `hand` as the audience was sent it: the message that dealt it (from the deal's
    event on), every message after, and of the one that dealt the next hand only the events
    before that deal, over the view the audience already had (no secrets to check then: its
    view was checked with its own message). Each with the secrets of its moment."""
    frames: list[tuple[dict[str, Any], set[str] | None]] = []
    for message, secrets in sent:
        events = message["events"]
        if not frames:
            start = _round_start(events, hand)
            if start is not None:
                frames.append(({"view": message["view"], "events": events[start:]}, secrets))
            continue
        ended = _round_start(events, hand + 1)
        if ended is not None:
            if events[:ended]:
                frames.append(({"view": frames[-1][0]["view"], "events": events[:ended]}, None))
            return frames
        frames.append(({"view": message["view"], "events": events}, secrets))
    return frames


def without_forms(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames without the seat's own prompt: its limits are numbers of the form ("a guess
    of up to 32 digits"), not of the deal, and a text search would take them for an answer
    of 32 (the prompt is compared with the live one in full anyway)."""
    out = []
    for frame in frames:
        view = dict(frame["view"])
        if isinstance(view.get("you"), dict):
            view["you"] = {k: v for k, v in view["you"].items() if k != "prompt"}
        out.append({**frame, "view": view})
    return out


def assert_no_secret(
    game: str, who: int | None, frames: list[dict[str, Any]], secrets: set[str]
) -> None:
    told = json.dumps(without_forms(frames), ensure_ascii=False)
    for secret in secrets:
        if secret.isdigit() and len(secret) < SEARCHED_DIGITS:
            continue
        pattern = rf"(?<![0-9A-Za-z.]){re.escape(secret)}(?![0-9A-Za-z.])"
        found = re.search(pattern, told)
        assert found is None, (
            f"{game}: {who} replayed the secret {secret!r} in "
            f"{told[max(0, found.start() - 200) : found.end() + 50]}"
        )


async def seated_table(
    hall: Hall, info: GameInfo, ruleset: Ruleset, players: int, seed: int
) -> tuple[str, list[str]]:
    """A started table of people only (no bot moves before the test listens), no clock,
    dealt from `seed` (so hypothesis can play a failing example again)."""
    opened = await hall.opening.open_table(
        CreateTable(
            game=info.name,
            options={**info.testing.options, "ruleset": ruleset.name},
            seats=players,
            turn_clock=None,
        )
    )
    table_id = opened.info.id
    async with hall.db.sessions.begin() as session:
        await session.execute(update(TableRow).where(TableRow.id == table_id).values(seed=seed))
    tokens = [(await hall.seats.join(table_id, NAMES[i]))[1] for i in range(players)]
    return table_id, tokens


@st.composite
def plays(draw: st.DrawFn) -> tuple[GameInfo, Ruleset, int, int, int]:
    info, ruleset = draw(st.sampled_from(CASES))
    players = draw(st.integers(ruleset.min_players, min(ruleset.max_players, MOST_PLAYERS)))
    return info, ruleset, players, draw(st.integers(1, 10_000)), draw(st.integers(5, 120))


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(play=plays())
async def test_every_frame_is_what_that_seat_was_sent_live_and_tells_no_secret(
    sqlite_url: str, play: tuple[GameInfo, Ruleset, int, int, int]
) -> None:
    info, ruleset, players, seed, moves = play
    secrets_of = info.testing.secrets
    assert secrets_of is not None, f"{info.name} declares no secrets to test"
    async with hall_at(sqlite_url) as hall, http_on(hall, sqlite_url) as http:
        table_id, tokens = await seated_table(hall, info, ruleset, players, seed)
        runtime = hall.runtimes[table_id]
        peers = {
            seat: RecordingPeer(seat, lambda reader: secrets_of(runtime.state, reader))
            for seat in [None, *range(players)]
        }
        for peer in peers.values():
            runtime.attach(peer)
        await play_randomly(hall, table_id, seed=seed, moves=moves)
        state = games.replay(await hall.book.record(table_id))
        dealt = max(e.data["round"] for e in state.events if e.type == "round_started")
        finished = dealt if state.over else dealt - 1
        for seat, peer in peers.items():
            headers = {} if seat is None else bearer(tokens[seat])
            for hand in range(1, finished + 1):
                answer = await http.get(
                    f"/api/tables/{table_id}/hands/{hand}/replay", headers=headers
                )
                assert answer.status_code == 200, answer.text
                body = answer.json()
                assert (body["hand"], body["seat"], body["game"]) == (hand, seat, info.name)
                expected = live_frames(peer.sent, hand)
                assert body["frames"] == [frame for frame, _ in expected], (seat, hand)
                for at, (_frame, secrets) in enumerate(expected):
                    if secrets:
                        assert_no_secret(info.name, seat, body["frames"][: at + 1], secrets)
            if not state.over:
                running = await http.get(
                    f"/api/tables/{table_id}/hands/{dealt}/replay", headers=headers
                )
                assert (running.status_code, running.json()["code"]) == (409, "hand_not_finished")


async def refusals(http: httpx.AsyncClient, table_id: str, tokens: list[str]) -> list[Any]:
    """Every refused replay of the table, as (status, code) pairs."""
    path = f"/api/tables/{table_id}/hands"
    asks: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
        (f"{path}/1/replay", {}, {}),  # running: hand 1 not finished
        (f"{path}/999/replay", {}, {}),  # never dealt
        (f"{path}/999/replay", bearer(tokens[0]), {}),
        (f"{path}/1/replay", bearer(tokens[0]), {"seat": 1}),  # another seat's view
        (f"{path}/1/replay", {}, {"seat": 0}),  # a seat's view without its token
        (f"{path}/1/replay", bearer("x" * 40), {}),  # a token that holds no seat
        ("/api/tables/nope/hands/1/replay", {}, {}),
    ]
    out = []
    for url, headers, params in asks:
        answer = await http.get(url, headers=headers, params=params)
        out.append((answer.status_code, answer.json().get("code")))
    zero = await http.get(f"{path}/0/replay")
    out.append((zero.status_code, None))
    return out


async def test_refused_replays_say_why_and_change_nothing(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(sqlite_url) as hall, http_on(hall, sqlite_url) as http:
        opened = await hall.opening.open_table(CreateTable(options=quick_options, seats=2))
        table_id = opened.info.id
        first = (await hall.seats.join(table_id, "Anna"))[1]
        early = await http.get(f"/api/tables/{table_id}/hands/1/replay", headers=bearer(first))
        assert (early.status_code, early.json()["code"]) == (409, "not_started")
        tokens = [first, (await hall.seats.join(table_id, "Boris"))[1]]
        record = await hall.book.record(table_id)
        info = (await hall.book.info(table_id)).model_dump()
        assert await refusals(http, table_id, tokens) == [
            (409, "hand_not_finished"),
            (404, "unknown_hand"),
            (404, "unknown_hand"),
            (403, "not_your_seat"),
            (403, "not_your_seat"),
            (401, "bad_token"),
            (404, "unknown_table"),
            (422, None),
        ]
        assert await hall.book.record(table_id) == record
        assert (await hall.book.info(table_id)).model_dump() == info
        own = await http.get(
            f"/api/tables/{table_id}/hands/999/replay",
            headers=bearer(tokens[1]),
            params={"seat": 1},
        )
        assert own.json()["params"] == {"hand": 999}


def hands_dealt(state: Any) -> int:
    return max(int(e.data["round"]) for e in state.events if e.type == "round_started")


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(1, 10_000),
    guesses=st.lists(st.integers(10**8, 10**9 - 1), min_size=60, max_size=60, unique=True),
)
def test_quizpoker_replays_show_a_seat_its_own_guesses_and_no_unshown_other(
    new_game: Callable[..., Any], seed: int, guesses: list[int]
) -> None:
    """Q2, QP3: each seat's replay of a hand holds its own guess and, of the others', only
    those shown at its showdown; a spectator's only the shown ones."""
    game = new_game(3, seed=seed, starting_stack=100, small_blinds=[20])
    written: dict[tuple[int, int], str] = {}
    values = iter(guesses)
    rng = random.Random(seed)
    while not game.over:
        hand = hands_dealt(game)
        pending = game.pending()
        seat = rng.choice(sorted(pending))
        move = prompts.random_move(pending[seat], rng)
        if move["type"] == "guess":
            move["value"] = written[(hand, seat)] = str(next(values))
        elif move["type"] == "fold" and rng.random() < 0.8:
            move = prompts.random_move(pending[seat], rng)  # fewer folds: more showdowns
        game.act(seat, {**move, "prompt_id": pending[seat]["prompt_id"]})
    shown = {
        (hand, e.data["seat"])
        for hand, e in rounds_of(game.events)
        if e.type == "guess_shown" and e.is_public
    }
    record = game.record()
    for seat in [None, 0, 1, 2]:
        for hand in range(1, hands_dealt(game) + 1):
            told = json.dumps(replay_hand(record, seat, hand).to_json(), ensure_ascii=False)
            for (at, owner), value in written.items():
                if at != hand:
                    continue
                found = re.search(rf"(?<![0-9]){value}(?![0-9])", told) is not None
                if owner == seat:
                    assert found, (seat, at, value)
                elif (at, owner) not in shown:
                    assert not found, f"seat {seat} replayed {owner}'s guess {value} of hand {at}"


def rounds_of(events: list[Any]) -> list[tuple[int, Any]]:
    """Each event with the number of the round it belongs to."""
    out, hand = [], 0
    for event in events:
        if event.type == "round_started":
            hand = event.data["round"]
        out.append((hand, event))
    return out


def test_p13_a_replay_never_shows_a_conceding_callers_palace() -> None:
    """docs/rules/palace.md P13: a caller who loses a called battle concedes, and nobody else
    sees its palace then or later: no other seat's or spectator's replay of that hand names
    one of its cards until the discard pile is reshuffled into a new stock."""
    checked = 0
    for seed in range(1, 6):
        game: Any = games.create("palace", ["Ann", "Bob", "Cy"], {"hands_per_session": 3}, seed)
        rng = random.Random(seed)
        conceded: list[tuple[int, int, set[str]]] = []
        called_in: dict[int, set[int]] = {}
        while not game.over:
            pending = game.pending()
            seat = rng.choice(sorted(pending))
            move = prompts.random_move(pending[seat], rng)
            if pending[seat]["type"] == "battle":
                move = {"type": "call"}
            hand = game.hand
            for event in game.act(seat, move):
                if event.type == "battle_won" and event.data["how"] != "fold":
                    loser = event.data["loser"]
                    earlier = called_in.setdefault(hand.number, set())
                    if event.data["how"] == "conceded" and loser not in earlier:
                        palace = {str(c) for c in hand.camps[loser].palace} - {
                            str(c) for c in hand.public
                        }
                        conceded.append((hand.number, loser, palace))
                    earlier |= {event.data["winner"], loser}
        record = game.record()
        for number, loser, palace in conceded:
            for seat in (None, 0, 1, 2):
                if seat == loser:
                    continue
                told: set[str] = set()
                for frame in replay_hand(record, seat, number).frames:
                    text = json.dumps(frame)
                    if "stock_reshuffled" in {e["type"] for e in frame["events"]}:
                        break  # the palace's cards may be dealt again from the new stock
                    told |= set(re.findall(r'"([2-9TJQKA][shdc])"', text))
                assert not told & palace, (seed, number, seat, sorted(told & palace))
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("info", [pytest.param(info, id=info.name) for info in registry.infos()])
def test_a_kept_game_replays_later_hands_as_a_fresh_replay_does(info: GameInfo) -> None:
    """`HandReplays` goes on from where the table's last replay stopped (a later hand), or
    starts again (an earlier one, another table's record); either way the same frames."""
    players = info.rulesets[0].min_players + 1
    game = games.create(info.name, players, dict(info.testing.options), seed=11)
    rng = random.Random(11)
    while not game.over and len(game.moves) < 400:
        pending = game.pending()
        seat = rng.choice(sorted(pending))
        game.act(seat, prompts.random_move(pending[seat], rng))
    record = game.record()
    finished = hands_dealt(game) if game.over else hands_dealt(game) - 1
    assert finished >= 2, finished
    kept = HandReplays(size=0)  # no finished hand kept: every answer is replayed
    order = [*range(1, finished + 1), 1, finished, *range(finished, 0, -1)]
    for number, hand in enumerate(order):
        who: int | None = None if number % 3 == 0 else number % players
        assert kept.get("t", record, who, hand) == replay_hand(record, who, hand), (who, hand)
