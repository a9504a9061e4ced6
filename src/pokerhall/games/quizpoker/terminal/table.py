"""Drawing a QuizPoker table for one seat in the terminal, from that seat's `view` only.

Everything shown comes from `state.view(seat)`, the same data a browser client gets, so the
terminal cannot show a secret the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pokerhall.engine.events import JSON
from pokerhall.games.quizpoker.history import chips


def render_table(view: JSON, labels: Mapping[int, str] | None = None) -> RenderableType:
    """The question with what has been revealed, the players, and the pots.

    `labels` adds a note per seat (e.g. the bot kind) after the name.
    """
    hand: JSON = view["hand"]
    names = [player["name"] for player in view["players"]]
    split = any(player["all_in"] for player in view["players"])
    return Group(
        question_panel(hand),
        players_table(view, labels or {}),
        Text(pots_line(hand, names, side_pots=split)),
    )


def question_panel(hand: JSON) -> Panel:
    question = hand["question"]
    body = Text()
    body.append(question["text"], style="bold")
    if question.get("unit"):
        body.append(f"  (answer in {question['unit']})")
    for number, hint in enumerate(hand["hints"], start=1):
        body.append(f"\nHint {number}: ", style="cyan")
        body.append(hint)
    if hand.get("answer") is not None:
        body.append("\nAnswer: ", style="yellow")
        body.append(f"{hand['answer']} {question.get('unit') or ''}".rstrip(), style="bold")
    card = hand.get("card")
    if card:  # DU2: the game master holds the card
        body.append(
            f"\nYour card: hint 1: {card['hint1']} | hint 2: {card['hint2']} | "
            f"answer: {card['answer']}",
            style="dim",
        )
    blinds = hand["blinds"]
    topic = f" · {question['topic']}" if question.get("topic") else ""
    title = f"Hand {hand['number']}{topic} · blinds {chips(blinds['small'])}/{chips(blinds['big'])}"
    as_of = f"facts as of {question['as_of']}" if question.get("as_of") else None  # DU10
    return Panel(body, title=title, title_align="left", subtitle=as_of, subtitle_align="right")


def roles(hand: JSON, seat: int) -> str:
    """Button or game master, and blind markers, as in a card room: D, GM, SB, BB."""
    marks = []
    if hand.get("game_master") == seat:
        marks.append("GM")
    elif hand.get("button") == seat:
        marks.append("D")
    if hand.get("small_blind") == seat:
        marks.append("SB")
    if hand.get("big_blind") == seat:
        marks.append("BB")
    return " ".join(marks)


def status(player: JSON) -> str:
    if not player["in_game"]:
        return "out"
    if not player["in_hand"]:
        return "sits out"
    if player["folded"]:
        return "folded"
    if player["all_in"]:
        return "all-in"
    return ""


def guess_cell(view: JSON, player: JSON) -> str:
    if player.get("guess") is not None:
        return str(player["guess"])
    if player.get("guess_hidden"):
        return "face down"
    you: dict[str, Any] = view.get("you") or {}
    if player["seat"] == view.get("seat") and you.get("guess") is not None:
        return f"{you['guess']} (yours)"
    return ""


def players_table(view: JSON, labels: Mapping[int, str]) -> Table:
    hand: JSON = view["hand"]
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
        pointer = "▶" if hand.get("to_act") == seat else ""
        name = player["name"] + (" (you)" if seat == view.get("seat") else "")
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


def pots_line(hand: JSON, names: Sequence[str], *, side_pots: bool) -> str:
    """The total, and once someone is all-in each pot with the players who can win it (Q9).

    Without an all-in player the layers only reflect bets not yet called, which would read as
    side pots that do not exist; so does a layer only one player can win (a bet nobody has
    called yet, which comes back if nobody does).
    """
    pots = [pot for pot in hand.get("pots") or [] if len(pot["eligible"]) > 1]
    line = f"Pot {chips(hand['pot'])}"
    if side_pots and len(pots) > 1:
        parts = []
        for index, pot in enumerate(pots):
            label = "main" if index == 0 else f"side {index}"
            who = ", ".join(names[seat] for seat in pot["eligible"])
            parts.append(f"{label} {chips(pot['amount'])} ({who})")
        line += " — " + " · ".join(parts)
    if hand.get("current_bet"):
        line += f"   (bet to match this round: {chips(hand['current_bet'])})"
    return line
