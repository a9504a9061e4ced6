"""Palace bots (`games/palace/bots/`): they make only legal moves, decide from their own seat's
view alone (P13), and read that view the way the rules say (P5, P9, P10).

Speed is not tested here: `bench/ladder.py` measures decisions (and their 50 ms budget) and
how much each level beats the one below (its smoke test: tests/games/test_ladder.py).
"""

from __future__ import annotations

import ast
import copy
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall.cards import Card, Deck, parse_cards
from pokerhall.engine.bots import Bot
from pokerhall.games.palace import INFO, hand_secrets
from pokerhall.games.palace.battle import Camp
from pokerhall.games.palace.bots import BOTS, DEFAULT_BOT, CautiousBot, SamplerBot
from pokerhall.games.palace.bots.knowledge import Memory, Table, read
from pokerhall.games.palace.bots.levels import (
    Branch,
    battle_branches,
    belief,
    best_five,
    betting_range,
    dead_soldiers,
    lead,
    survival,
    worth,
)
from pokerhall.games.palace.bots.odds import Chances, chances, scenarios
from pokerhall.games.palace.bots.reads import Habit
from pokerhall.games.palace.state import Palace

from .helpers import new, rig

BOTS_DIR = Path(__file__).resolve().parents[3] / "src" / "pokerhall" / "games" / "palace" / "bots"


def test_the_levels_are_registered_with_the_strongest_as_default() -> None:
    assert list(INFO.bots) == ["random", "cautious", "sampler"]
    assert INFO.default_bot == DEFAULT_BOT == "sampler"


def play(game: Palace, bots: dict[int, Bot], rng: random.Random, *, max_moves: int) -> int:
    """Bots play `game`; every move must be one its prompt lists and the game accepts."""
    moves = 0
    while not game.over and moves < max_moves:
        seat, asked = next(iter(game.pending().items()))
        move = bots[seat].choose(game.view(seat), asked)
        assert move["type"] in {spec["type"] for spec in asked["moves"]}, (asked, move)
        game.act(seat, move)  # IllegalMove fails the test
        moves += 1
    return moves


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    limit=st.booleans(),
    forced=st.booleans(),
    stack=st.sampled_from([15, 60, 300]),
    kinds=st.lists(st.sampled_from(sorted(BOTS)), min_size=10, max_size=10),
)
def test_p9_p10_every_bot_only_makes_legal_moves(
    players: int, seed: int, limit: bool, forced: bool, stack: int, kinds: list[str]
) -> None:
    """Mixed tables of every level, short stacks (all-ins, P9) and both betting kinds (P10)."""
    game = new(
        players,
        seed=seed,
        starting_stack=stack,
        betting="limit" if limit else "no_limit",
        forced_battle=forced,
        hands_per_session=2,
    )
    bots = {s: BOTS[kinds[s]](seed + s) for s in range(players)}
    assert play(game, bots, random.Random(seed), max_moves=300) > 0


@pytest.mark.parametrize("kind", ["cautious", "sampler"])
def test_each_level_plays_whole_sessions_legally(kind: str) -> None:
    for seed in range(4):
        game = new(3, seed=seed, starting_stack=100, hands_per_session=4)
        bots: dict[int, Bot] = {s: BOTS[kind](seed * 10 + s) for s in range(3)}
        play(game, bots, random.Random(seed), max_moves=10_000)
        assert game.over


# --- secrecy: a bot's decision is a function of its own view ---------------------------------


def reshuffle_secrets(game: Palace, seat: int, rng: random.Random) -> Palace:
    """A copy of `game` in which the cards `seat` may not know (P13: other palaces it has not
    seen, the stock, the discard pile) have changed places among themselves."""
    twin = copy.deepcopy(game)
    hand = twin.hand
    secret = {Card(text) for text in hand_secrets(hand, seat)}
    live = [s for s in hand.order if hand.ledger.live(s) and s != seat]
    slots: list[tuple[str, int, int]] = []
    for other in live:
        slots += [
            ("palace", other, i) for i, c in enumerate(hand.camps[other].palace) if c in secret
        ]
    stock = list(hand.stock)
    slots += [("stock", 0, i) for i, c in enumerate(stock) if c in secret]
    slots += [("discard", 0, i) for i, c in enumerate(hand.discards) if c in secret]
    palaces = {other: list(hand.camps[other].palace) for other in live}

    def at(slot: tuple[str, int, int]) -> Card:
        where, other, i = slot
        return (
            palaces[other][i]
            if where == "palace"
            else (stock if where == "stock" else hand.discards)[i]
        )

    cards = [at(slot) for slot in slots]
    rng.shuffle(cards)
    for (where, other, i), card in zip(slots, cards, strict=True):
        if where == "palace":
            palaces[other][i] = card
        elif where == "stock":
            stock[i] = card
        else:
            hand.discards[i] = card
    for other in live:
        hand.camps[other].palace = tuple(palaces[other])
    hand.stock = Deck(stock)
    twin._version += 1
    return twin


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    kind=st.sampled_from(["cautious", "sampler"]),
    stop=st.integers(0, 40),
)
def test_p13_a_bots_decision_is_the_same_whatever_the_cards_it_cannot_see(
    players: int, seed: int, kind: str, stop: int
) -> None:
    """Bots play a while; then the seat to move gets the same view from a game whose hidden cards
    differ, and a copy of the bot (same seed, same memory) decides the same."""
    rng = random.Random(seed)
    game = new(players, seed=seed % 1000, starting_stack=200)
    bots = {s: BOTS[kind](seed + s) for s in range(players)}
    play(game, bots, rng, max_moves=stop)
    if game.over:
        return
    seat, asked = next(iter(game.pending().items()))
    twin = reshuffle_secrets(game, seat, rng)
    assert twin.view(seat) == game.view(seat)
    assert twin.pending()[seat] == asked
    other = copy.deepcopy(bots[seat])
    assert other.choose(twin.view(seat), twin.pending()[seat]) == bots[seat].choose(
        game.view(seat), asked
    )


def test_p13_the_reshuffle_really_changes_what_the_bot_cannot_see() -> None:
    """The property above is not empty: the twin's other palaces and stock differ."""
    game = new(4, seed=3)
    twin = reshuffle_secrets(game, 0, random.Random(1))
    assert twin.view(0) == game.view(0)
    theirs = [game.hand.camps[s].palace for s in (1, 2, 3)]
    assert [twin.hand.camps[s].palace for s in (1, 2, 3)] != theirs
    assert set(twin.hand.camps[0].palace) == set(game.hand.camps[0].palace)


def test_p13_the_bots_never_import_the_game_state() -> None:
    """The bots' only window on a game is the view and prompt they are handed: no bot module
    imports the game's state, hand, deal, moves or views (only the rules in `battle`)."""
    banned = {"state", "hand", "deal", "moves", "views"}
    for path in BOTS_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if parts[:3] == ["pokerhall", "games", "palace"] and len(parts) > 3:
                    assert parts[3] not in banned, f"{path.name} imports {node.module}"


# --- reading the view ------------------------------------------------------------------------


def test_p5_p13_the_pool_leaves_out_every_card_the_seat_has_seen() -> None:
    game = new(3, seed=5)
    seat = game.hand.turn
    others = [s for s in game.hand.order if s != seat]
    rig(
        game,
        {
            seat: ("Ah", "Kh Qh Jh", "2c 3c"),
            others[0]: ("As", "Ks Qs Js", "4d"),
            others[1]: ("Ad", "Kd Qd Jd", ""),
        },
    )
    memory = Memory()
    table = read(game.view(seat), memory)
    assert set(table.pool).isdisjoint(parse_cards("Ah Kh Qh Jh 2c 3c As 4d Ad"))
    assert set(parse_cards("Ks Qs Js Kd Qd Jd")) <= set(table.pool)  # their palaces are unseen
    assert len(table.pool) == 52 - 9
    assert table.unknown() == others
    # a soldier seen once and then discarded stays out of the pool (it is in no palace)
    game.hand.camps[seat].soldiers.remove(Card("2c"))
    game._version += 1
    assert Card("2c") not in read(game.view(seat), memory).pool
    assert Card("2c") in read(game.view(seat), Memory()).pool


def test_p5_p8_when_every_card_outside_the_palaces_was_seen_no_draw_is_sampled() -> None:
    """A big table buys its stock up and then its reshuffled discards (P8), all seen: the pool
    then holds the unseen palaces (P5) and nothing more, so a buy's card cannot be sampled from
    it. The sampler deals the palaces alone instead of failing (it did at 7+ seats)."""
    game = new(3, seed=5)
    seat = game.hand.turn
    table = read(game.view(seat), Memory())
    palaces = 3 * len(table.unknown())
    table.pool = table.pool[:palaces]
    deals = scenarios(table, random.Random(1), 4, draw=True)
    assert all(deal.draw is None for deal in deals)
    for deal in deals:
        sampled = [card for other in table.unknown() for card in deal.camps[other].palace]
        assert len(sampled) == palaces
        assert set(sampled) == set(table.pool)
    table.pool = [*table.pool, Card("2c")]  # one card more: it is the buy's, whichever it is
    for deal in scenarios(table, random.Random(1), 4, draw=True):
        palace_cards = {card for other in table.unknown() for card in deal.camps[other].palace}
        assert deal.draw is not None
        assert palace_cards | {deal.draw} == set(table.pool)


def test_p10_both_levels_battle_the_opponent_they_can_beat() -> None:
    """Against spades (every card of ours but the banner is a spade, and P10 takes them away) we
    have nothing; against clubs we hold a straight, and that opponent loses its hearts, which
    would win it the showdown: the bots battle the clubs. (Buying is priced out, so battling is
    plainly the best move.)"""
    for bot in (CautiousBot(1), SamplerBot(1)):
        game = new(3, seed=2, buy_price=10**6)
        seat = game.hand.turn
        weak_side, strong_side = (s for s in game.hand.order if s != seat)
        rig(
            game,
            {
                seat: ("Ah", "Ks Qs Js", "Ts"),
                weak_side: ("2s", "8d 8c 9d", ""),
                strong_side: ("2c", "3d 4d 7c", "Kh Qh Jh Th 9h"),
            },
        )
        move = bot.choose(game.view(seat), game.pending()[seat])
        assert move == {"type": "battle", "target": strong_side, "bet": 20}, bot


def test_p10_the_sampler_folds_a_hopeless_battle_and_calls_a_sure_one() -> None:
    game = new(2, seed=4)
    attacker = game.hand.turn
    defender = 1 - attacker
    rig(game, {attacker: ("Ah", "Ad Ac As", "Kh"), defender: ("2c", "3d 4h 7s", "")})
    game.act(attacker, {"type": "battle", "target": defender, "bet": 20})
    assert SamplerBot(1).choose(game.view(defender), game.pending()[defender]) == {"type": "fold"}

    game = new(2, seed=4)
    rig(game, {attacker: ("2c", "3d 4h 7s", "8h"), defender: ("Ah", "Ad Ac As", "")})
    game.act(attacker, {"type": "battle", "target": defender, "bet": 20})
    move = SamplerBot(1).choose(game.view(defender), game.pending()[defender])
    assert move["type"] in ("call", "raise")


def test_p10_dead_soldiers_are_those_that_improve_no_hand_that_counts() -> None:
    """A soldier that no battle hand (without an opponent's suit) and no showdown hand uses,
    and not of our own suit, only raises the bet (P9)."""
    game = new(2, seed=1)
    seat = game.hand.turn
    rig(game, {seat: ("Ah", "Ad Ac As", "Kh Kd 2c 3s"), 1 - seat: ("9c", "5d 6d 7d", "")})
    table = read(game.view(seat), Memory())
    # without clubs (the opponent's suit) the hand is aces full of kings, so both kings count;
    # at the showdown four aces play a king; 2c and 3s count nowhere
    assert dead_soldiers(table, table.me) == list(parse_cards("2c 3s"))
    # against diamonds: Ad and Kd do not count in battle, where aces and Kh 3s play (so 3s
    # counts), and at the showdown Kh is the kicker; Kd is dead (and Kh, of our own suit, the
    # P10 tie-break, would stay anyway)
    rig(game, {seat: ("Ah", "Ad Ac As", "Kh Kd 2c 3s"), 1 - seat: ("9d", "5c 6c 7c", "")})
    table = read(game.view(seat), Memory())
    assert dead_soldiers(table, table.me) == list(parse_cards("2c Kd"))


def test_p7_the_best_five_of_too_many_soldiers_keep_the_made_hand() -> None:
    game = new(2, seed=1)
    seat = game.hand.turn
    rig(game, {seat: ("Ah", "2d 3c 4s", ""), 1 - seat: ("9c", "5d 6d 7d", "")})
    table = read(game.view(seat), Memory())
    soldiers = list(parse_cards("Kh Kd Ks Qh Qd 5c 7s"))
    keep = best_five(table, Camp(table.me.banner, table.me.palace, soldiers))
    assert set(keep) == set(parse_cards("Kh Kd Ks Qh Qd"))  # a full house


def test_p10_the_sampler_prices_a_battle_with_the_defenders_own_call() -> None:
    """P10: the defender calls for its own (soldiers + 1) small bets, whatever the bet; the
    value of attacking a defender without soldiers counts its 10, not the attacker's 30."""
    game = new(3, seed=1)
    seat = game.hand.turn
    others = [s for s in game.hand.order if s != seat]
    rig(
        game,
        {
            seat: ("Ah", "Kh Qh 2d", "5c 6c"),
            others[0]: ("As", "Ks Qs 3d", ""),
            others[1]: ("Ad", "Kd Qd 4d", ""),
        },
    )
    table = read(game.view(seat), Memory())
    sure = Chances({others[0]: 1.0, others[1]: 1.0}, 0.0)
    pot = table.pot
    branches = battle_branches(table, 2, sure, others[0], pot)
    assert branches is not None
    assert sum(b.chance * b.mine for b in branches) == pot + 30 + 10 - 30


def test_p10_p16_the_cautious_bot_stops_raising_where_limit_play_has_no_cap() -> None:
    """P16: no raise cap by default; the cautious bot, sure of its hand, raises early in a
    battle but calls once it has seen four raises, so two such bots do not raise each other
    all-in."""
    game = new(2, seed=4, starting_stack=10_000)
    attacker = game.hand.turn
    defender = 1 - attacker
    rig(game, {attacker: ("2c", "3d 4h 7s", "8h"), defender: ("Ah", "Ad Ac As", "")})
    game.act(attacker, {"type": "battle", "target": defender, "bet": 20})
    bot = CautiousBot(1)
    assert bot.choose(game.view(defender), game.pending()[defender])["type"] == "raise"
    for seat in (defender, attacker, defender, attacker):
        game.act(seat, {"type": "raise", "by": 20})
    prompt = game.pending()[defender]
    assert "raise" in {m["type"] for m in prompt["moves"]}  # no cap: the rules would allow it
    assert bot.choose(game.view(defender), prompt) == {"type": "call"}


# --- reading opponents (bots/reads.py) and strong hands ----------------------------------------


def test_p10_no_level_folds_a_strong_battle_hand_to_a_small_bet() -> None:
    """Defending a flush (hearts, the attacker's clubs leave it whole) against the least
    attack, 20 into a pot of antes: the strongest levels call or raise, whatever the shading of
    a bet into them."""
    for bot in (CautiousBot(3), SamplerBot(3)):
        game = new(3, seed=6)
        attacker = game.hand.turn
        defender, third = (s for s in game.hand.order if s != attacker)
        rig(
            game,
            {
                attacker: ("2c", "9s 5d 7c", "3c"),
                defender: ("Ah", "Kh 9h 4h", "2h"),
                third: ("Qd", "8d 6s 4s", ""),
            },
        )
        game.act(attacker, {"type": "battle", "target": defender, "bet": 20})
        move = bot.choose(game.view(defender), game.pending()[defender])
        assert move["type"] in ("call", "raise"), bot


def test_p10_an_opponent_who_bets_every_time_is_not_believed() -> None:
    """`Reads`: an opponent raises every bet of ours, a dozen times, so its bets stop
    shading our chance (`belief` 0); a fresh opponent's are believed fully."""
    game = new(2, seed=4, starting_stack=10_000)
    attacker = game.hand.turn
    defender = 1 - attacker
    rig(game, {attacker: ("2c", "3d 4h 7s", "8h"), defender: ("Kh", "Kd Qc Qs", "")})
    bot = SamplerBot(1)
    assert belief(bot._reads.rate(defender)) == 1.0
    game.act(attacker, {"type": "battle", "target": defender, "bet": 20})
    for _ in range(12):
        game.act(defender, {"type": "raise", "by": 20})  # the maniac raises every time
        prompt = game.pending()[attacker]
        bot.choose(game.view(attacker), prompt)
        if "raise" in {m["type"] for m in prompt["moves"]}:
            bot._reads.bet(game.view(attacker), prompt, {"type": "raise", "by": 20})
            game.act(attacker, {"type": "raise", "by": 20})
    assert bot._reads.rate(defender) > 0.8
    assert belief(bot._reads.rate(defender)) == 0.0


def test_p10_asked_twice_for_one_attack_the_bot_counts_it_once() -> None:
    """`Reads`: the same prompt read again (a client asked anew) is no second bet into us."""
    game = new(2, seed=4)
    attacker = game.hand.turn
    defender = 1 - attacker
    rig(game, {attacker: ("2c", "3d 4h 7s", "8h"), defender: ("Kh", "Kd Qc Qs", "")})
    game.act(attacker, {"type": "battle", "target": defender, "bet": 20})
    bot = SamplerBot(1)
    bot.choose(game.view(defender), game.pending()[defender])
    once = bot._reads.habit(attacker).bets
    bot.choose(game.view(defender), game.pending()[defender])
    assert once == bot._reads.habit(attacker).bets == 1


# --- the sums the sampler's choices rest on (levels.py) ---------------------------------------


def _table(players: int = 3, **options: object) -> Table:
    """A real seat's picture (seat 0, the first hand of a fresh game)."""
    game = new(players, seed=9, **options)
    return read(game.view(0), Memory())


def test_p10_after_a_battle_the_rest_of_the_table_is_still_to_beat() -> None:
    """`survival`: beating the only other fighter wins the hand; with two more left at even
    chances, a third of the time; against one more, the chance against it."""
    heads_up = _table(2)
    (only,) = heads_up.opponents
    assert survival(heads_up, None, only) == 1.0
    table = _table(4)
    beaten, *rest = table.opponents
    assert survival(table, None, beaten) == pytest.approx(1 / 3)
    assert survival(table, dict.fromkeys(rest, 0.5), beaten) == pytest.approx(1 / 3)
    three = _table(3)
    beaten, other = three.opponents
    assert survival(three, {other: 0.8}, beaten) == pytest.approx(0.8)
    assert survival(three, {other: 0.0}, beaten) == 0.0


def test_p16_on_the_last_hand_of_a_session_only_finishing_first_counts() -> None:
    """`worth` with a set number of hands: on the last one, a sure fold that keeps a lead is
    worth more than a likely win of a bigger pot, and behind, only a win will do; with no set end
    it is expected chips, where the likely win is better."""
    table = replace(_table(2), hands_left=0, stack=600, rivals={1: 400})
    fold = [Branch(1.0, 0, 0, 60)]
    likely = [Branch(0.8, 300), Branch(0.2, -300, 0, 360)]
    assert worth(table, fold, 1) == 1.0  # 600 against 400 + 60 stays ahead
    assert worth(table, likely, 1) == pytest.approx(0.8)  # losing 300 puts us behind
    behind = replace(table, stack=300, rivals={1: 500})
    assert worth(behind, fold, 1) == 0.0
    assert worth(behind, likely, 1) == pytest.approx(0.8)
    endless = replace(table, hands_left=None)
    assert worth(endless, likely) > worth(endless, fold)


def test_p16_a_lead_counts_less_the_more_hands_are_left_to_undo_it() -> None:
    table = replace(_table(2), stack=420, rivals={1: 400})
    keep = [Branch(1.0, 0)]
    soon, late = replace(table, hands_left=1), replace(table, hands_left=40)
    assert 0.5 < worth(late, keep, 1) < worth(soon, keep, 1) < 1.0
    assert lead(0, 10.0) == 0.5


def test_p10_a_weak_battle_pays_when_the_target_folds_often() -> None:
    """Fold equity in `battle_branches`: the same weak hand's attack is worth more against a
    target that folds half its battles than against one that always calls, and a target with no
    chips left cannot fold."""
    game = new(2, seed=4)
    attacker = game.hand.turn
    defender = 1 - attacker
    rig(game, {attacker: ("2c", "3d 4h 7s", ""), defender: ("Kh", "Kd Qc Qs", "")})
    table = read(game.view(attacker), Memory())
    deals = scenarios(table, random.Random(1), 50, draw=False)
    now = chances(table, table.me, deals, [defender])
    assert now.battle[defender] < 0.5
    calls = battle_branches(table, 0, now, defender, table.pot, folds=0.0)
    folds = battle_branches(table, 0, now, defender, table.pot, folds=0.5)
    assert calls is not None
    assert folds is not None
    assert sum(b.chance for b in folds) == pytest.approx(1.0)
    assert worth(table, folds, defender) > worth(table, calls, defender)
    broke = replace(table, opponents={defender: replace(table.opponents[defender], stack=0)})
    no_chips = battle_branches(broke, 0, now, defender, table.pot, folds=0.5)
    assert no_chips == battle_branches(broke, 0, now, defender, table.pot, folds=0.0)


def test_p10_a_bet_into_us_narrows_the_range_only_from_a_careful_bettor() -> None:
    """`betting_range`: a defender facing an attack from one who attacks a third of the time
    puts it in its best third; from one who attacks every time, anywhere."""
    careful = Habit(attack_chances=30, attacks=10)
    maniac = Habit(attack_chances=30, attacks=30)
    prompt = {"raises": 0, "role": "defender"}
    assert betting_range(prompt, careful) == pytest.approx(careful.attack_rate())
    assert betting_range(prompt, careful) < 0.5
    assert betting_range(prompt, maniac) > 0.8
    assert belief(maniac.attack_rate()) == 0.0
