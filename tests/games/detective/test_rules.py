"""Detective Poker rules by id (docs/rules/detective.md, X1-X10), one or more tests each."""

from __future__ import annotations

import pytest

from pokerhall import games
from pokerhall.cards import Card, Deck, parse_cards
from pokerhall.engine.errors import IllegalMove, InvalidOptions
from pokerhall.engine.events import ROUND_STARTED, Event
from pokerhall.games.detective.actions import ACTION_CARDS, BLUFF, CLOCKWISE, DECOY, PLUS_ONE
from pokerhall.games.detective.hand import CHIPS, Hand
from pokerhall.games.detective.moves import parse_bet
from pokerhall.games.detective.state import Detective

from .helpers import bet, new_hand, own_bets, play_bets

# Seats 0-2: private cards, forehead cards; board. Preflop seat 1 (K K) is best, seat 2 (7 2)
# worst; on the river seat 0 makes a flush in spades and seat 1 stays on a pair of kings.
PRIVATE = "As Kh 7d"
FOREHEAD = "Qs Kd 2c"
BOARD = "9s 5s 3h Jc 4s"


def scores_of(events: list[Event]) -> list[int]:
    return list(next(e for e in events if e.type == "hand_scored").data["points"])


# --- X1 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 5])
def test_x1_three_or_four_players(count: int) -> None:
    """X1: a table is 3 or 4 players."""
    with pytest.raises(InvalidOptions, match="3 to 4 players"):
        games.create("detective", count)


@pytest.mark.parametrize("count", [3, 4])
def test_x1_two_rounds_of_as_many_hands_as_players_and_the_dealer_moves(count: int) -> None:
    """X1: two rounds of `count` hands; the dealer moves one seat clockwise every hand."""
    game = games.create("detective", count, seed=4)
    while not game.over:
        seat = next(iter(game.pending()))
        game.act(seat, game.default_move(seat))
    starts = [e.data for e in game.events if e.type == ROUND_STARTED]
    assert [s["round"] for s in starts] == list(range(1, 2 * count + 1))
    assert [s["game_round"] for s in starts] == [1] * count + [2] * count
    assert [s["hand_in_round"] for s in starts] == list(range(1, count + 1)) * 2
    assert [s["dealer"] for s in starts] == [h % count for h in range(2 * count)]
    assert game.result is not None
    assert game.result["rounds"] == 2 * count


# --- X2 --------------------------------------------------------------------------------------


def test_x2_each_seat_is_told_its_private_card_and_the_others_foreheads() -> None:
    """X2: two cards each, dealt from the dealer's left: one private, one on the forehead."""
    hand, events = new_hand(PRIVATE, FOREHEAD, BOARD, dealer=1)
    dealt = {next(iter(e.to)): e.data for e in events if e.type == "cards_dealt"}
    assert dealt[0] == {"seat": 0, "private": "As", "foreheads": {"1": "Kd", "2": "2c"}}
    assert dealt[1]["foreheads"] == {"0": "Qs", "2": "2c"}
    assert all(e.to == frozenset({e.data["seat"]}) for e in events if e.type == "cards_dealt")
    assert [c.text for c in hand.private] == PRIVATE.split()


# --- X3 --------------------------------------------------------------------------------------


def test_x3_chips_and_action_cards_come_back_every_hand() -> None:
    """X3: 7 chips and +1, Clockwise, Bluff, None at the start of every hand; nothing carries."""
    game = games.create("detective", 3, seed=2)
    first = game.hand
    assert first.chips == [CHIPS] * 3 == [7] * 3
    assert first.cards == [list(ACTION_CARDS)] * 3
    while game.hand is first:
        seat = next(iter(game.pending()))
        card = game.hand.cards[seat][0]
        game.act(seat, {"type": "bet", "board": 0, "chips": 1, "card": card})
    assert first.cards == [[]] * 3
    assert first.chips == [3] * 3
    assert game.hand.chips == [7] * 3
    assert game.hand.cards == [[PLUS_ONE, CLOCKWISE, BLUFF, DECOY]] * 3


# --- X4 --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "dealer", "openers"),
    [(4, 0, [1, 2, 3, 0]), (4, 2, [3, 0, 1, 2]), (3, 0, [1, 2, 0, 1]), (3, 2, [0, 1, 2, 0])],
)
def test_x4_the_first_bettor_moves_one_seat_each_betting_round(
    count: int, dealer: int, openers: list[int]
) -> None:
    """X4: preflop opened by the player left of the dealer, the flop by the second, the turn
    by the third, the river by the fourth (with 3 players: the dealer, then left of it); then
    clockwise, each player betting exactly once."""
    cards = "As Kh 7d 8c"[: 3 * count - 1]
    heads = "Qs Kd 2c 3c"[: 3 * count - 1]
    hand, events = new_hand(cards, heads, BOARD, dealer=dealer)
    order = []
    while hand.phase == "betting":
        order.append(hand.to_act)
        events += bet(hand, 0)
    assert order == [(o + k) % count for o in openers for k in range(count)]
    streets = [e.data for e in events if e.type == "street_started"]
    assert [s["first"] for s in streets] == openers
    assert [len(s["community"]) for s in streets] == [0, 3, 4, 5]
    assert streets[3]["community"] == BOARD.split()


def test_x4_a_card_is_burned_before_each_street() -> None:
    """X4: burn one, deal three; burn, one; burn, one."""
    hand, _ = new_hand(PRIVATE, FOREHEAD, BOARD)
    own_bets(hand)
    assert len(hand.burned) == 3
    assert not set(hand.burned) & {*hand.community, *hand.private, *hand.forehead}


# --- X5 --------------------------------------------------------------------------------------


def test_x5_a_bet_is_one_to_three_chips_keeping_one_for_each_round_to_come() -> None:
    """X5: 1-3 chips; at least one in every round, so only one 3-chip bet in a hand."""
    hand, _ = new_hand(PRIVATE, FOREHEAD, BOARD)
    seat = hand.to_act
    assert seat == 1
    for chips in (0, 4, True, "2", 1.0):
        with pytest.raises(IllegalMove, match="bet 1 to 3 chips"):
            parse_bet(hand, seat, {"type": "bet", "board": 0, "chips": chips})
    play_bets(hand, [(0, 3, ""), (0, 1, ""), (0, 1, "")])  # seat 1 bets 3, leaving 4
    assert hand.max_chips(1) == 2  # 4 left, one each for turn and river
    play_bets(hand, [(0, 1, ""), (0, 2, "")])  # flop: seats 2, 0; seat 1 bets last
    with pytest.raises(IllegalMove, match=r"bet 1 to 2 chips, not 3 \(you must keep a chip"):
        parse_bet(hand, 1, {"type": "bet", "board": 0, "chips": 3})
    bet(hand, 0, 2)  # seat 1: 2 left for turn and river
    assert hand.chips[1] == 2
    assert hand.max_chips(1) == 1


def test_x5_the_chips_are_public_and_the_action_card_face_down() -> None:
    """X5: chips on a board are public, action cards hidden until scoring."""
    hand, _ = new_hand(PRIVATE, FOREHEAD, BOARD)
    events = bet(hand, 2, 2, BLUFF)
    public = [e for e in events if e.is_public]
    assert [e.data for e in public] == [
        {
            "seat": 1,
            "street": "preflop",
            "board": 2,
            "chips": 2,
            "face_down": True,
            "chips_left": 5,
            "cards_left": 3,
        }
    ]
    assert BLUFF not in str([e.to_json() for e in public])
    private = [e for e in events if not e.is_public]
    assert [(e.to, e.data["card"]) for e in private] == [(frozenset({1}), BLUFF)]


def test_x5_a_board_must_be_a_seat() -> None:
    """X5: a bet goes on a player's board (one's own allowed)."""
    hand, _ = new_hand(PRIVATE, FOREHEAD, BOARD)
    for board in (3, -1, "1", None, True):
        with pytest.raises(IllegalMove, match="board must be the seat"):
            parse_bet(hand, 1, {"type": "bet", "board": board, "chips": 1})
    bet(hand, 1)  # one's own board


# --- X6 --------------------------------------------------------------------------------------


def scored_preflop(bets: list[tuple[int, int, str]], *, expert: bool = False) -> list[int]:
    """Points of a hand whose preflop bets are `bets` (seats 1, 2, 0) and later bets score
    nothing: everybody bets on seat 2's 7-2, which is never the best hand after the flop."""
    hand, _ = new_hand(PRIVATE, FOREHEAD, BOARD, expert=expert)
    play_bets(hand, bets)
    events: list[Event] = []
    while hand.phase == "betting":
        events += bet(hand, 2)
    return scores_of(events)


def test_x6_plus_one_adds_a_point_to_a_right_bet() -> None:
    """X6 +1: preflop seat 1 (KK) is best; 2 chips with +1 on it score 3."""
    assert scored_preflop([(1, 2, PLUS_ONE), (1, 2, ""), (0, 1, PLUS_ONE)]) == [0, 3, 2]


def test_x6_clockwise_counts_for_the_next_player() -> None:
    """X6 Clockwise: a bet on seat 0's board counts for seat 1 (clockwise-next)."""
    assert scored_preflop([(0, 2, CLOCKWISE), (1, 1, CLOCKWISE), (2, 1, CLOCKWISE)]) == [0, 2, 0]


def test_x6_bluff_is_right_on_the_worst_hand() -> None:
    """X6 Bluff: seat 2 (7 2) has the worst preflop hand."""
    assert scored_preflop([(2, 3, BLUFF), (1, 1, BLUFF), (2, 1, "")]) == [0, 3, 0]


def test_x6_none_is_a_decoy() -> None:
    """X6 None: no effect; the bet scores as without a card."""
    assert scored_preflop([(1, 2, DECOY), (0, 1, DECOY), (1, 1, DECOY)]) == [1, 2, 0]


def test_x6_each_action_card_at_most_once_a_hand() -> None:
    """X6 [ours]: a card played is gone for the rest of the hand."""
    hand, _ = new_hand(PRIVATE, FOREHEAD, BOARD)
    play_bets(hand, [(1, 1, PLUS_ONE), (1, 1, ""), (1, 1, "")])
    play_bets(hand, [(1, 1, ""), (1, 1, "")])
    with pytest.raises(IllegalMove, match=r"card must be an action card still in your hand"):
        parse_bet(hand, 1, {"type": "bet", "board": 1, "chips": 1, "card": PLUS_ONE})
    with pytest.raises(IllegalMove, match="card must be"):
        parse_bet(hand, 1, {"type": "bet", "board": 1, "chips": 1, "card": "joker"})


# --- X7 --------------------------------------------------------------------------------------


def test_x7_preflop_pair_beats_high_card_then_ranks() -> None:
    """X7 [ours]: preflop the two hole cards alone; a pair beats any high card."""
    hand, _ = new_hand("As 3c 7d", "Ks 3d 8c", BOARD)
    own_bets(hand)
    preflop = hand.results[0]
    assert preflop.best == {1}  # 3 3 beats A K
    assert preflop.worst == {2}  # 8 7
    assert preflop.categories == ("high card", "pair", "high card")


def test_x7_each_round_is_judged_with_the_cards_then_out() -> None:
    """X7: flop/turn/river by the best five of the cards out in that round."""
    hand, _ = new_hand(PRIVATE, FOREHEAD, BOARD)
    own_bets(hand)
    best = [sorted(r.best) for r in hand.results]
    assert best == [[1], [1], [1], [0]]  # KK until the river makes seat 0's spade flush
    assert hand.results[3].categories[0] == "flush"


def test_x7_the_turn_and_the_river_are_judged_with_their_own_card_out() -> None:
    """X7 [ours]: the original's turn and river paragraphs say "the best hand on the flop"; we
    judge the turn's bets with the turn out (here the 4s gives seat 0 its flush at the turn)."""
    hand, _ = new_hand(PRIVATE, FOREHEAD, "9s 5s 3h 4s Jc")
    bets = [(1, 1, ""), (1, 1, ""), (1, 1, "")]  # preflop, all on seat 1's kings
    bets += [(1, 1, ""), (1, 1, ""), (1, 1, "")]  # the flop, the same
    bets += [(0, 1, ""), (0, 1, ""), (0, 1, "")]  # the turn, all on seat 0
    bets += [(0, 1, ""), (0, 1, ""), (0, 1, "")]  # the river, the same
    play_bets(hand, bets)
    assert [sorted(r.best) for r in hand.results] == [[1], [1], [0], [0]]
    assert [[s.correct for s in r.bets] for r in hand.results] == [[True] * 3] * 4
    assert hand.points == [4, 4, 4]


def test_x7_tied_players_all_count() -> None:
    """X7: ties all count as best (and as worst for Bluff)."""
    hand, _ = new_hand("As Ah 7d", "Kd Kc 2c", BOARD)  # AK and AK preflop
    play_bets(hand, [(0, 1, ""), (1, 1, ""), (0, 1, "")])
    own_bets(hand)
    assert hand.results[0].best == {0, 1}
    assert [b.correct for b in hand.results[0].bets] == [True, True, True]
    hand, _ = new_hand("As 7h 7d", "Kd 2c 2d", BOARD)  # 7 2 twice at the bottom
    play_bets(hand, [(2, 1, BLUFF), (1, 1, BLUFF), (0, 1, "")])
    own_bets(hand)
    assert hand.results[0].worst == {1, 2}
    assert [b.points for b in hand.results[0].bets] == [1, 1, 1]


def test_x7_scoring_reveals_everything() -> None:
    """X7: after the river all cards and action cards are shown."""
    hand, _ = new_hand(PRIVATE, FOREHEAD, BOARD)
    play_bets(hand, [(0, 1, BLUFF), (0, 1, ""), (0, 1, PLUS_ONE)])
    events = own_bets(hand)
    shown = next(e for e in events if e.type == "cards_revealed")
    assert shown.is_public
    assert shown.data["hands"][0] == {"seat": 0, "private": "As", "forehead": "Qs"}
    assert shown.data["cards"] == [
        {"seat": 1, "street": "preflop", "card": BLUFF},
        {"seat": 0, "street": "preflop", "card": PLUS_ONE},
    ]


# --- X8 --------------------------------------------------------------------------------------


def finished_game(points: list[int]) -> Detective:
    game = games.create("detective", len(points), seed=9)
    assert isinstance(game, Detective)
    game.points = points
    return game


def test_x8_most_points_then_most_action_cards_left_then_shared() -> None:
    """X8: most points wins; a tie goes to more action cards left in the final hand [ours];
    still tied, the place is shared."""
    game = finished_game([10, 12, 12, 3])
    assert game.places([4, 1, 3, 4]) == [3, 2, 1, 4]
    assert game.places([4, 2, 2, 0]) == [3, 1, 1, 4]


def test_x8_a_shared_victory_in_the_result_shape() -> None:
    """X8: several winners, unit "points"; everyone bets one chip on their own board (no card),
    so the points come from their own hands and ties are frequent."""
    for seed in range(40):
        game = games.create("detective", 3, seed=seed)
        while not game.over:
            seat = next(iter(game.pending()))
            game.act(seat, game.default_move(seat))
        result = game.result
        assert result is not None
        assert result["unit"] == "points"
        assert result["scores"] == [p["points"] for p in game.view(None)["players"]]
        assert result["action_cards_left"] == [4, 4, 4]
        if len(result["winners"]) > 1:
            assert result["shared"] is True
            assert all(result["places"][w] == 1 for w in result["winners"])
            return
    pytest.fail("no shared victory in 40 games")


# --- X9 --------------------------------------------------------------------------------------


def test_x9_expert_mode_a_wrong_plus_one_loses_a_point() -> None:
    """X9: a wrong +1 bet loses one point in expert mode, nothing otherwise."""
    bets = [(0, 3, PLUS_ONE), (1, 1, PLUS_ONE), (1, 1, "")]
    assert scored_preflop(bets) == [1, 0, 2]
    assert scored_preflop(bets, expert=True) == [1, -1, 2]


def test_x9_expert_mode_replaces_board_cards_that_pair_the_board() -> None:
    """X9: a community card of a rank already on the board is discarded (face up) and
    replaced, as often as needed: no pair on the board, so no full house nor quads."""
    # after the hole cards: burn, flop 9s 9d* 5s 3h, burn, turn 5c* Jc, burn, river 4d
    hole = parse_cards("Kh 7d As Kd 2c Qs")  # dealer 0: seats 1, 2, 0 get private, then heads
    cards = parse_cards("2h 9s 9d 5s 3h 2d 5c Jc 2s 4d")
    hand = Hand(number=1, dealer=0, num_seats=3, deck=Deck([*hole, *cards]), expert=True)
    events = hand.start() + own_bets(hand)
    assert [c.text for c in hand.private] == ["As", "Kh", "7d"]
    assert [c.text for c in hand.community] == ["9s", "5s", "3h", "Jc", "4d"]
    assert [c.text for c in hand.discarded] == ["9d", "5c"]
    streets = [e.data for e in events if e.type == "street_started"]
    assert [s["discarded"] for s in streets] == [[], ["9d"], ["5c"], []]
    assert len({c.rank for c in hand.community}) == 5
    plain, _ = new_hand(PRIVATE, FOREHEAD, "9s 9d 5s 3h 5c")  # not in expert mode
    own_bets(plain)
    assert [c.text for c in plain.community] == ["9s", "9d", "5s", "3h", "5c"]


# --- X10 -------------------------------------------------------------------------------------


def test_x10_a_seat_sees_its_private_card_and_the_others_foreheads_only() -> None:
    """X10: never its own forehead card, the others' private cards, or their face-down cards."""
    game = games.create("detective", 3, seed=1)
    seat = next(iter(game.pending()))
    game.act(seat, {"type": "bet", "board": 0, "chips": 1, "card": BLUFF})
    hand = game.hand
    for viewer in range(3):
        view = game.view(viewer)
        for player in view["players"]:
            other = player["seat"]
            assert player["private"] == (hand.private[other].text if other == viewer else None)
            assert player["forehead"] == (None if other == viewer else hand.forehead[other].text)
        assert view["you"]["forehead"] is None
        cards = [b["card"] for b in view["hand"]["bets"]]
        assert cards == [BLUFF if viewer == seat else None]
        assert view["hand"]["bets"][0]["face_down"] is True


@pytest.mark.parametrize("option", [None, "public", "foreheads"])
def test_x10_spectators_see_no_forehead_card_while_the_hand_is_played(option: str | None) -> None:
    """X10 [ours]: a spectator (any connection without a seat token, perhaps a seated player in
    a second tab) sees the public table only: no private card and no forehead card until the
    hand is scored, whatever the table's options, the retired `spectators_see` included."""
    options = {} if option is None else {"spectators_see": option}
    game = games.create("detective", 4, options, seed=1)
    view = game.view(None)
    assert all(p["private"] is None for p in view["players"])
    assert [p["forehead"] for p in view["players"]] == [None] * 4
    assert "you" not in view
    assert "spectators_see" not in view


def test_x10_the_retired_spectators_see_option_loads_and_changes_nothing() -> None:
    """X10: a table made while `spectators_see` existed still loads, and plays exactly as one
    without it; a value it never took is refused as an unknown option."""
    plain = games.create("detective", 3, seed=7)
    old = games.create("detective", 3, {"spectators_see": "foreheads"}, seed=7)
    assert old.options == plain.options
    for _ in range(5):
        seat = next(iter(plain.pending()))
        move = {"type": "bet", "board": (seat + 1) % 3, "chips": 1, "card": ""}
        assert old.act(seat, move) == plain.act(seat, move)
        assert old.view(None) == plain.view(None)
    with pytest.raises(InvalidOptions, match="unknown option 'spectators_see'"):
        games.create("detective", 3, {"spectators_see": "everything"}, seed=7)


def test_x10_all_is_shown_once_the_hand_is_scored() -> None:
    """X10/X7: after scoring the summary holds every card and action card."""
    game = games.create("detective", 3, seed=1)
    first = game.hand
    while game.hand is first:
        seat = next(iter(game.pending()))
        game.act(
            seat,
            {
                "type": "bet",
                "board": seat,
                "chips": 1,
                "card": PLUS_ONE if first.street == 0 else "",
            },
        )
    last = game.view(2)["last_hand"]
    assert last["cards"][2] == {
        "seat": 2,
        "private": first.private[2].text,
        "forehead": first.forehead[2].text,
    }
    assert [b["card"] for b in last["scoring"][0]["bets"]] == [PLUS_ONE] * 3
    assert Card(last["community"][0]) in first.community
