r"""A QuizPoker bot for `pokerhall bot` (docs/botclient.md): it guesses a round number and bets
only as far as a cheap call.

    pokerhall bot http://127.0.0.1:8000 --table TABLE_ID \
        --module examples/quizpoker_bot.py:QuizBot

Guessing: a year for "which year" questions (the question's `as_of` year), else 100. Betting:
check when it may, call what costs at most a tenth of its stack, else fold.
"""

from pokerhall.botclient import RemoteBot


class QuizBot(RemoteBot):
    def choose(self, view, prompt):
        moves = {move["type"]: move for move in prompt["moves"]}
        if prompt["type"] == "guess":
            question = view["hand"]["question"]
            year = "year" in question["text"].lower()
            return {"type": "guess", "value": question["as_of"][:4] if year else "100"}
        if "check" in moves:
            return {"type": "check"}
        stack = view["players"][view["seat"]]["stack"]
        if "call" in moves and moves["call"].get("amount", 0) <= stack // 10:
            return {"type": "call"}
        return prompt["default"]  # fold (or, after a duell hand, muck)
