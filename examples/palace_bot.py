r"""A Palace Poker bot for `pokerhall bot` (docs/botclient.md): it stays when it may and
otherwise battles the first seat it may, for the least bet; in a battle it calls.

    pokerhall bot http://127.0.0.1:8000 --table TABLE_ID \
        --module examples/palace_bot.py:PalaceBot

Extra soldiers (after a buy or a won battle) go the default way: the lowest down to five.
"""

from pokerhall.botclient import RemoteBot


class PalaceBot(RemoteBot):
    def choose(self, view, prompt):
        moves = {move["type"]: move for move in prompt["moves"]}
        if prompt["type"] == "turn":
            if "stay" in moves:
                return {"type": "stay"}
            if "battle" in moves:
                params = moves["battle"]["params"]
                target = params["target"]["choices"][0]
                return {"type": "battle", "target": target, "bet": params["bet"]["min"]}
        if prompt["type"] == "battle" and "call" in moves:
            return {"type": "call"}
        return prompt["default"]
