r"""A Detective Poker bot for `pokerhall bot` (docs/botclient.md): one chip, every round, on
the board of the player whose forehead card it sees highest, without an action card.

    pokerhall bot http://127.0.0.1:8000 --table TABLE_ID \
        --module examples/detective_bot.py:DetectiveBot

It cannot see its own forehead card, so it never bets on itself.
"""

from pokerhall.botclient import RemoteBot

RANKS = "23456789TJQKA"


class DetectiveBot(RemoteBot):
    def choose(self, view, prompt):
        boards = prompt["moves"][0]["params"]["board"]["choices"]
        seen = [
            (RANKS.index(player["forehead"][0]), player["seat"])
            for player in view["players"]
            if player["forehead"] and player["seat"] in boards
        ]
        if not seen:
            return prompt["default"]
        return {"type": "bet", "board": max(seen)[1], "chips": 1, "card": ""}
