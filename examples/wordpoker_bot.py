r"""A Slovní poker bot for `pokerhall bot` (docs/botclient.md): it never raises, matches what
costs little, and lays the first word of a short list its letters allow.

    pokerhall bot http://127.0.0.1:8000 --table TABLE_ID \
        --module examples/wordpoker_bot.py:WordBot

A word is laid from the consonant cards in hand and the vowel dice on the table (W9); the game
works out which it takes. A word the game refuses (a letter missing after all) is answered by
the client with the prompt's default, no word.
"""

from collections import Counter

from pokerhall.botclient import RemoteBot

WORDS = ["kost", "most", "nos", "les", "pes", "sad", "vak", "dub", "kos", "lev", "tak", "ne"]


class WordBot(RemoteBot):
    def choose(self, view, prompt):
        if prompt["type"] == "declare":
            return {"type": "stay"}
        if prompt["type"] == "respond":
            cheap = prompt["cost"] <= 5
            return {"type": "call", "exchange": []} if cheap else {"type": "pass"}
        letters = Counter(card["letter"].lower() for card in view["you"]["hand"])
        letters.update(die.lower() for die in view["deal"]["dice"])
        for word in WORDS:
            if not Counter(word) - letters:
                return {"type": "word", "word": word}
        return {"type": "no_word"}
