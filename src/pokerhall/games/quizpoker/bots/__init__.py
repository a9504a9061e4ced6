"""QuizPoker bots: `RandomBot` (any legal move, for tests), `HeuristicBot` (judges a guess
written from the wording alone by the hints) and the levelled bots that play like people,
`NoviceBot`, `CasualBot` and `ExpertBot` (`people`, knowing answers through `knowledge`).

All are built from a seed, `Bot(seed)`, and see only their own seat's view and prompt; the
levelled bots also take the game master's briefing (`engine.bots.bot_move`).
"""

from pokerhall.games.quizpoker.bots.heuristic import HeuristicBot
from pokerhall.games.quizpoker.bots.people import CasualBot, ExpertBot, LevelBot, NoviceBot
from pokerhall.games.quizpoker.bots.random_bot import RandomBot

__all__ = ["CasualBot", "ExpertBot", "HeuristicBot", "LevelBot", "NoviceBot", "RandomBot"]
