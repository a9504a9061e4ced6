"""Detective Poker's terminal module (`GameInfo.terminal`): the table for one seat, short bet
commands and event styles for `pokerhall play`, `simulate` and `replay`. It matches the CLI's
`TerminalGame` protocol structurally and never imports `pokerhall.cli`.

Everything drawn comes from the seat's own view, so the terminal cannot show a secret (X10):
your own forehead card is a "?" until the hand is scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pokerhall.cards import Card
from pokerhall.cards.spoken import face
from pokerhall.engine.errors import InputProblem
from pokerhall.engine.events import JSON, ROUND_STARTED, Event
from pokerhall.engine.protocol import Game
from pokerhall.games.detective.actions import BLUFF, CLOCKWISE, DECOY, NO_CARD, PLUS_ONE
from pokerhall.games.detective.events import detective_event
from pokerhall.games.detective.ranking import STREETS

HELP_TEXT = """\
Every turn is one bet: b BOARD CHIPS [CARD]
  BOARD  the seat number (the # column) or name of the player whose board you bet on
         (your own allowed): the one you think has the best hand right now
  CHIPS  1 to 3, keeping one chip for each betting round still to come
  CARD   an action card to place face down under the bet, or nothing:
         +1 (p)  a right bet scores one point more (expert mode: a wrong one loses one)
         cw      Clockwise: the bet counts for the player left of the board's owner
         bl      Bluff: the bet is right if the board's owner has the worst hand
         no      None: no effect (a decoy)
The table: * marks you, (D) the dealer; a bet reads 2→#1 (2 chips on seat 1's board),
with its card if you may see it, else ▪ for a card face down.
Examples: b 2 3 +1 (3 chips on seat 2 with +1), b 0 1 (1 chip on seat 0, no card),
          2 1 bl (the b may be left out). Your own forehead card shows as ?."""

CARD_WORDS = {
    PLUS_ONE: PLUS_ONE,
    "p": PLUS_ONE,
    "plus": PLUS_ONE,
    "plus1": PLUS_ONE,
    CLOCKWISE: CLOCKWISE,
    "cw": CLOCKWISE,
    BLUFF: BLUFF,
    "bl": BLUFF,
    DECOY: DECOY,
    "no": DECOY,
    "decoy": DECOY,
    "-": NO_CARD,
}
CARD_LABELS = {PLUS_ONE: "+1", CLOCKWISE: "Clockwise", BLUFF: "Bluff", DECOY: "None"}
SHORT_LABELS = {PLUS_ONE: "+1", CLOCKWISE: "cw", BLUFF: "bl", DECOY: "no"}
EVENT_STYLES = {
    ROUND_STARTED: "bold",
    "street_started": "cyan",
    "cards_revealed": "yellow",
    "street_scored": "green",
    "hand_scored": "bold green",
    "game_over": "bold green",
}


def card(text: str | None) -> str:
    """A playing card for the table: "Q♠" (`cards.spoken.face`); "?" for one the seat may not
    see; a text that is no card as it is."""
    if not text:
        return "?"
    try:
        return face(Card(text))
    except ValueError:
        return text


def cards(texts: Sequence[str]) -> str:
    return " ".join(card(t) for t in texts) or "—"


# --- the table --------------------------------------------------------------------------------


def render_table(view: JSON, labels: Mapping[int, str]) -> RenderableType:
    hand: JSON = view["hand"]
    title = (
        f"Hand {hand['number']} of {view['hands']} · round {hand['game_round']} of "
        f"{view['rounds']} · {view['players'][hand['dealer']]['name']} deals"
        + (" · expert mode" if view.get("expert") else "")
    )
    street = hand["street"] or "scored"
    body = Text()
    body.append(f"{street.capitalize()}  ", style="bold")
    body.append(f"board {cards(hand['community'])}")
    if hand["discarded"]:
        body.append(f"  (replaced: {cards(hand['discarded'])})", style="dim")
    parts: list[RenderableType] = [Panel(body, title=title, title_align="left")]
    parts.append(players_table(view, labels))
    you = view.get("you")
    if you is not None:
        held = ", ".join(CARD_LABELS.get(c, c) for c in you["action_cards"]) or "none"
        parts.append(
            Text(
                f"You: private card {card(you['private'])}, forehead ?, "
                f"{you['chips_left']} chips left, action cards: {held}"
            )
        )
    last = view.get("last_hand")
    if last is not None and hand["number"] > last["number"]:
        names = [p["name"] for p in view["players"]]
        scored = ", ".join(f"{names[s]} {p}" for s, p in enumerate(last["points"]))
        parts.append(Text(f"Last hand: {scored}", style="dim"))
    return Group(*parts)


def players_table(view: JSON, labels: Mapping[int, str]) -> Table:
    hand: JSON = view["hand"]
    table = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("", "#", "Player", "Points", "Private", "Forehead", "Chips", "Cards"):
        table.add_column(column, justify="right" if column in ("#", "Points", "Chips") else "left")
    for street in STREETS:
        table.add_column(street[:4].capitalize(), justify="left", no_wrap=True)
    for player in view["players"]:
        seat = player["seat"]
        name = player["name"] + (" *" if seat == view.get("seat") else "")
        if seat in labels:
            name += f" [{labels[seat]}]"
        if player["dealer"]:
            name += " (D)"
        row = [
            "▶" if hand["to_act"] == seat else "",
            str(seat),
            name,
            str(player["points"]),
            card(player["private"]) if player["private"] else "",
            card(player["forehead"]),
            str(player["chips_left"]),
            str(player["action_cards_left"]),
        ]
        for street in STREETS:
            row.append(bet_cell(view, seat, street))
        table.add_row(*row)
    return table


def bet_cell(view: JSON, seat: int, street: str) -> str:
    """The bet `seat` made in `street`: "2→#1" (2 chips on seat 1's board) and its card, or
    "▪" for a card face down."""
    for bet in view["hand"]["bets"]:
        if bet["seat"] == seat and bet["street"] == street:
            placed = ""
            if bet["card"]:
                placed = " " + SHORT_LABELS.get(bet["card"], bet["card"])
            elif bet["face_down"]:
                placed = " ▪"
            return f"{bet['chips']}→#{bet['board']}{placed}"
    return ""


# --- commands ------------------------------------------------------------------------------------


def parse_bet_command(text: str, prompt: JSON, names: Sequence[str] = ()) -> JSON:
    """`b 2 3 +1`, `b 2 3`, `2 3 bl`: a bet on a board (seat number or name) with chips and an
    optional action card. Only the words are checked here; the game checks the rules."""
    words = text.split()
    if words[:1] and words[0].lower() in ("b", "bet"):
        words = words[1:]
    if len(words) not in (2, 3):
        raise InputProblem("type b BOARD CHIPS [CARD], e.g. b 2 3 +1 (? for help)")
    board = _board(words[0], prompt, names)
    if not words[1].isdigit():
        raise InputProblem(f"{words[1]!r} is not a number of chips")
    move: JSON = {"type": "bet", "board": board, "chips": int(words[1]), "card": NO_CARD}
    if len(words) == 3:
        word = words[2].lower()
        if word not in CARD_WORDS:
            raise InputProblem(f"{words[2]!r} is not an action card: +1, cw, bl or no")
        move["card"] = CARD_WORDS[word]
    return move


def _board(word: str, prompt: JSON, names: Sequence[str]) -> int:
    if word.isdigit():
        return int(word)
    lowered = [name.lower() for name in names]
    if word.lower() in lowered:
        return lowered.index(word.lower())
    seats = prompt["moves"][0]["params"]["board"]["choices"]
    raise InputProblem(f"{word!r} is not a seat; boards are {', '.join(map(str, seats))}")


def menu(prompt: JSON) -> str:
    params = prompt["moves"][0]["params"]
    chips = params["chips"]
    span = str(chips["min"]) if chips["min"] == chips["max"] else f"{chips['min']}–{chips['max']}"
    held = [CARD_LABELS.get(c, c) for c in params["card"]["choices"] if c]
    return (
        f"{prompt['street'].capitalize()}: bet {span} chips on a board "
        f"({prompt['chips_left']} left); action cards: {', '.join(held) or 'none'}"
    )


# --- standings and simulate -------------------------------------------------------------


def standings_table(game: Game[Any], labels: Mapping[int, str]) -> Table:
    result = game.result
    view = game.view(None)
    points = [p["points"] for p in view["players"]]
    title = "Final standings" if result is not None else "Standings so far"
    table = Table(title=title, title_justify="left")
    for column in ("#", "Player", "Points", "Action cards left"):
        table.add_column(column, justify="left" if column == "Player" else "right")
    order = result["standings"] if result else view["standings"]
    for rank, seat in enumerate(order, start=1):
        place = result["places"][seat] if result else rank
        left = str(result["action_cards_left"][seat]) if result else ""
        name = game.players[seat] + (f" ({labels[seat]})" if seat in labels else "")
        table.add_row(str(place), name, str(points[seat]), left)
    return table


def hand_facts(events: Sequence[Event]) -> tuple[set[int], dict[str, float]]:
    """The seats that scored most in a hand, the points scored per seat and the share of bets
    that were right."""
    winners: set[int] = set()
    facts: dict[str, float] = {}
    right = total = 0
    for event in events:
        payload = detective_event(event)
        if payload["type"] == "street_scored":
            for bet in payload["bets"]:
                total += 1
                right += bet["correct"]
        elif payload["type"] == "hand_scored":
            points = payload["points"]
            winners = {s for s, p in enumerate(points) if p == max(points)}
            facts["points_per_seat"] = sum(points) / len(points)
    if total:
        facts["right_bet_rate"] = right / total
    return winners, facts


class DetectiveTerminal:
    flags: Mapping[str, str] = {}
    help_text = HELP_TEXT
    table_shows: frozenset[str] = frozenset()

    def __init__(self) -> None:
        self._names: list[str] = []

    def flag_value(self, option: str, text: str) -> Any:
        return text

    def render(self, view: JSON, labels: Mapping[int, str]) -> RenderableType:
        self._names = [p["name"] for p in view["players"]]
        return render_table(view, labels)

    def ask(self, prompt: JSON) -> tuple[str, RenderableType | None]:
        return "Your bet (b BOARD CHIPS [CARD]): ", Text(menu(prompt))

    def parse(self, text: str, prompt: JSON) -> JSON | str:
        try:
            return parse_bet_command(text, prompt, self._names)
        except InputProblem as exc:
            return exc.reason

    def event_style(self, event: Event) -> str:
        return EVENT_STYLES.get(event.type, "")

    def notice(self, event: Event, seat: int) -> str | None:
        return None

    def standings(self, game: Game[Any], labels: Mapping[int, str]) -> RenderableType:
        return standings_table(game, labels)

    def round_facts(self, events: Sequence[Event]) -> tuple[set[int], Mapping[str, float]]:
        return hand_facts(events)


TERMINAL = DetectiveTerminal()

__all__ = ["TERMINAL", "DetectiveTerminal", "parse_bet_command"]
