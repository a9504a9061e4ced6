"""How a Palace Poker hand and session end (docs/rules/palace.md P14, P15, P2, P3, P16): the last
player standing, the forced battle of the last two, banners of one suit splitting, the quiet orbit
and its showdown; sessions of several hands, players leaving, resigning, the result."""

from __future__ import annotations

from typing import Any

from pokerhall.engine.results import RESULT_KEYS

from .helpers import act, moves_of, new, rig, types


def game3(camps: dict[int, tuple[str, str, str]], **options: Any) -> Any:
    game = new(3, seed=1, **options)
    assert game.hand.order == [2, 0, 1]
    rig(game, camps)
    return game


PLAIN = {2: ("Ah", "Kh Qh 2d", ""), 0: ("As", "Ks Qs 3d", "4c"), 1: ("Ad", "Kd Qd 4d", "")}


def awards(events: list[Any]) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.type == "pot_awarded"]


def test_p14_the_last_player_standing_wins_the_pot_unseen() -> None:
    game = game3(PLAIN)
    act(game, 2, {"type": "fold"})
    events = act(game, 0, {"type": "fold"})
    assert awards(events) == [{"amount": 15, "shares": {"1": 15}, "why": "last"}]
    assert not any(e.type == "showdown" for e in events)
    assert game.hand.number == 2
    assert game.stacks[1] == 495 + 15 - 5  # less the next hand's ante


def test_p14_two_players_left_must_battle_buy_or_fold() -> None:
    game = game3(PLAIN)
    act(game, 2, {"type": "fold"})
    assert set(moves_of(game, 0)) == {"buy", "battle", "fold"}  # no stay, no discard
    prompt = game.pending()[0]
    assert prompt["forced"] is True
    assert prompt["default"] == {"type": "fold"}


def test_p14_two_players_left_may_buy_before_they_battle() -> None:
    """P14 (seed: "Εάν έχουν απομείνει δύο παίκτες πρέπει να δώσουν μάχη για να αναδειχθεί ο
    νικητής": two left must battle to decide the winner, not at once): a buy is allowed, and
    after it the other player too must battle, buy or fold."""
    game = game3(PLAIN)
    act(game, 2, {"type": "fold"})
    act(game, 0, {"type": "buy"})
    act(game, 0, {"type": "keep"})
    assert set(moves_of(game, 1)) == {"buy", "battle", "fold"}


def test_p15_stay_stay_fold_leaving_two_ends_the_hand_in_a_showdown() -> None:
    """P15 (seed: "Εάν οι παίκτες μείνουν, απορρίψουν και μετά πάσο, όλα στη σειρά, τότε το
    χέρι τελείωσε"): the orbit of quiet turns is complete when the last of it folds, so the
    hand is over and the two left show down; the two-player battle (P14) is for a hand that
    goes on."""
    game = game3(PLAIN)
    act(game, 2, {"type": "stay"})
    act(game, 0, {"type": "stay"})
    events = act(game, 1, {"type": "fold"})
    assert types(events)[:3] == ["folded", "showdown", "pot_awarded"]
    assert [h["seat"] for h in events[1].data["hands"]] == [2, 0]


def test_p14_p16_without_the_forced_battle_two_players_may_stay() -> None:
    game = game3(PLAIN, forced_battle=False)
    act(game, 2, {"type": "fold"})
    assert {"stay", "discard"} <= set(moves_of(game, 0))


def test_p14_players_left_whose_banners_share_a_suit_split_the_pot() -> None:
    game = game3({2: ("Ah", "2c 3c 4c", ""), 0: ("Kh", "5c 6c 7c", ""), 1: ("As", "8c 9c Tc", "")})
    act(game, 2, {"type": "battle", "target": 1, "bet": 10})
    act(game, 1, {"type": "fold"})
    events = act(game, 2, {"type": "keep"})
    assert types(events)[:3] == ["soldiers_let_go", "same_suit", "pot_awarded"]
    assert events[2].data["shares"] == {"2": 13, "0": 12}  # the odd chip from the dealer's left
    assert events[2].data["why"] == "same_suit"


def test_p15_a_quiet_orbit_ends_in_a_showdown_of_all_cards() -> None:
    """Seat 0's spades count at the showdown though seat 2's banner is a spade ([ours]: no
    banner-suit exclusion at the showdown)."""
    camps = {2: ("Ah", "Kh 2d 7c", ""), 0: ("Ac", "Ks Qs Js", "Ts 9s"), 1: ("Ad", "Kd Qd 4d", "")}
    camps[2] = ("As", "Kh 2d 7c", "")
    game = game3(camps)
    act(game, 2, {"type": "stay"})
    act(game, 0, {"type": "discard", "cards": ["9s"]})  # a discard is quiet too
    events = act(game, 1, {"type": "stay"})
    showdown = next(e for e in events if e.type == "showdown")
    assert showdown.is_public
    assert [h["seat"] for h in showdown.data["hands"]] == [2, 0, 1]
    categories = {h["seat"]: h["category"] for h in showdown.data["hands"]}
    assert categories[0] == "straight"  # Ks Qs Js Ts with the Ace of clubs
    assert awards(events)[0]["shares"] == {"0": 25}
    assert awards(events)[0]["why"] == "showdown"


def test_p15_a_buy_or_a_battle_starts_the_orbit_again() -> None:
    game = game3(PLAIN)
    act(game, 2, {"type": "stay"})
    act(game, 0, {"type": "buy"})
    act(game, 0, {"type": "keep"})
    act(game, 1, {"type": "stay"})
    events = act(game, 2, {"type": "stay"})
    assert not any(e.type == "showdown" for e in events)  # seat 0 has not stayed since
    events = act(game, 0, {"type": "stay"})
    assert any(e.type == "showdown" for e in events)


def test_p15_equal_showdown_hands_split_the_pot() -> None:
    camps = {2: ("Ah", "Kh Qh Jh", ""), 0: ("As", "Ks Qs Js", ""), 1: ("2d", "3c 4d 5c", "")}
    game = game3(camps)
    for seat in (2, 0):
        act(game, seat, {"type": "stay"})
    events = act(game, 1, {"type": "stay"})
    assert awards(events)[0]["shares"] == {"2": 8, "0": 7}


def test_p2_p16_a_session_plays_its_hands_and_the_result_ranks_by_chips() -> None:
    game = new(3, seed=5, hands_per_session=2)
    while not game.over:
        seat = next(iter(game.pending()))
        act(game, seat, game.default_move(seat))  # everyone stays: a showdown each hand
    result = game.result
    assert set(RESULT_KEYS) <= set(result)
    assert result["rounds"] == 2
    assert result["unit"] == "chips"
    assert sum(result["scores"]) == 3 * 500
    best = max(result["scores"])
    assert result["winners"] == [s for s in range(3) if result["scores"][s] == best]
    rounds = [e.data["round"] for e in game.events if e.type == "round_started"]
    assert rounds == [1, 2]


def test_p16_players_without_chips_leave_and_the_last_one_wins_the_session() -> None:
    game = new(2, seed=1, starting_stack=12, small_bet=10, big_bet=20)
    first, second = game.hand.order
    rig(game, {first: ("Ah", "Kh Qh Jh", "Th"), second: ("As", "2c 3d 4c", "")})
    act(game, first, {"type": "battle", "target": second, "bet": 7})  # all-in for less
    act(game, second, {"type": "call"})
    events = act(game, first, {"type": "keep"})
    assert any(e.type == "eliminated" and e.data["seat"] == second for e in events)
    assert game.over
    assert game.result["winners"] == [first]
    assert game.result["scores"][first] == 24
    assert game.view(None)["players"][second]["in_game"] is False


def test_resign_folds_the_seat_and_it_leaves_when_the_hand_ends() -> None:
    game = new(3, seed=1, hands_per_session=3, forced_battle=False)
    events = game.act(2, {"type": "resign"})
    assert [e.type for e in events][:2] == ["resigned", "folded"]  # the engine folds it
    assert game.pending()[0]["default"] == {"type": "stay"}
    while game.hand.number == 1:
        seat = next(iter(game.pending()))
        act(game, seat, game.default_move(seat))
    left = next(e for e in game.events if e.type == "left")
    assert left.data["seat"] == 2
    assert 2 not in game.hand.order
    while not game.over:
        seat = next(iter(game.pending()))
        act(game, seat, game.default_move(seat))
    assert game.result["places"][2] == 3  # behind everyone still in


def test_resign_of_every_seat_still_ends_the_game() -> None:
    game = new(4, seed=2)
    for seat in range(4):
        if not game.over:
            game.act(seat, {"type": "resign"})
    assert game.over
    assert game.result["rounds"] == 1
