"""Drawing a QuizPoker table for one seat in the terminal, from that seat's `view` only.

Everything shown comes from `state.view(seat)`, the same data a browser client gets, so the
terminal cannot show a secret the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pokerhall.games.quizpoker.history import chips
from pokerhall.games.quizpoker.view_types import HandView, PlayerView, QuizPokerView


def render_table(view: QuizPokerView, labels: Mapping[int, str] | None = None) -> RenderableType:
    """The question with what has been revealed, the players, and the pots.

    `labels` adds a note per seat (e.g. the bot kind) after the name.
    """
    hand = view["hand"]
    names = [player["name"] for player in view["players"]]
    split = any(player["all_in"] for player in view["players"])
    return Group(
        question_panel(hand),
        players_table(view, labels or {}),
        Text(pots_line(hand, names, side_pots=split)),
    )


def question_panel(hand: HandView) -> Panel:
    question = hand["question"]
    body = Text()
    body.append(question["text"], style="bold")
    if question["unit"]:
        body.append(f"  (answer in {question['unit']})")
    for number, hint in enumerate(hand["hints"], start=1):
        body.append(f"\nHint {number}: ", style="cyan")
        body.append(hint)
    if hand["answer"] is not None:
        body.append("\nAnswer: ", style="yellow")
        body.append(f"{hand['answer']} {question['unit']}".rstrip(), style="bold")
    card = hand.get("card")
    if card is not None:  # DU2: the game master holds the card
        body.append(
            f"\nYour card: hint 1: {card['hint1']} | hint 2: {card['hint2']} | "
            f"answer: {card['answer']}",
            style="dim",
        )
    blinds = hand["blinds"]
    topic = f" · {question['topic']}" if question["topic"] else ""
    title = f"Hand {hand['number']}{topic} · blinds {chips(blinds['small'])}/{chips(blinds['big'])}"
    as_of = f"facts as of {question['as_of']}" if question["as_of"] else None  # DU10
    return Panel(body, title=title, title_align="left", subtitle=as_of, subtitle_align="right")


def roles(hand: HandView, seat: int) -> str:
    """Button or game master, and blind markers, as in a card room: D, GM, SB, BB."""
    marks = []
    if hand["game_master"] == seat:
        marks.append("GM")
    elif hand["button"] == seat:
        marks.append("D")
    if hand["small_blind"] == seat:
        marks.append("SB")
    if hand["big_blind"] == seat:
        marks.append("BB")
    return " ".join(marks)


def status(player: PlayerView) -> str:
    if not player["in_game"]:
        return "out"
    if not player["in_hand"]:
        return "sits out"
    if player["folded"]:
        return "folded"
    if player["all_in"]:
        return "all-in"
    return ""


def guess_cell(view: QuizPokerView, player: PlayerView) -> str:
    if player["guess"] is not None:
        return player["guess"]
    if player["guess_hidden"]:
        return "face down"
    you = view.get("you")
    if player["seat"] == view["seat"] and you is not None and you["guess"] is not None:
        return f"{you['guess']} (yours)"
    return ""


def players_table(view: QuizPokerView, labels: Mapping[int, str]) -> Table:
    hand = view["hand"]
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("", header_style="")  # ▶ marks the seat to act
    table.add_column("Player")
    table.add_column("Stack", justify="right")
    table.add_column("Bet", justify="right")
    table.add_column("Position", justify="left")
    table.add_column("Status")
    table.add_column("Guess")
    for player in view["players"]:
        seat = player["seat"]
        pointer = "▶" if hand["to_act"] == seat else ""
        name = player["name"] + (" (you)" if seat == view["seat"] else "")
        if seat in labels:
            name += f" [{labels[seat]}]"
        bet = chips(player["bet"]) if player["bet"] else ""
        table.add_row(
            pointer,
            Text(name),
            chips(player["stack"]),
            bet,
            roles(hand, seat),
            status(player),
            guess_cell(view, player),
        )
    return table


def pots_line(hand: HandView, names: Sequence[str], *, side_pots: bool) -> str:
    """The total, and once someone is all-in each pot with the players who can win it (Q9).

    Without an all-in player the layers only reflect bets not yet called, which would read as
    side pots that do not exist; so does a layer only one player can win (a bet nobody has
    called yet, which comes back if nobody does).
    """
    pots = [pot for pot in hand["pots"] if len(pot["eligible"]) > 1]
    line = f"Pot {chips(hand['pot'])}"
    if side_pots and len(pots) > 1:
        parts = []
        for index, pot in enumerate(pots):
            label = "main" if index == 0 else f"side {index}"
            who = ", ".join(names[seat] for seat in pot["eligible"])
            parts.append(f"{label} {chips(pot['amount'])} ({who})")
        line += " — " + " · ".join(parts)
    if hand["current_bet"]:
        line += f"   (bet to match this round: {chips(hand['current_bet'])})"
    return line
