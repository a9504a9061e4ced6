"""QuizPoker bots: `RandomBot` (any legal move) and `HeuristicBot` (judges its guess by the hints).

Both are built from a seed, `Bot(seed)`, and see only their own seat's view and prompt.
"""

from pokerhall.games.quizpoker.bots.heuristic import HeuristicBot
from pokerhall.games.quizpoker.bots.random_bot import RandomBot

__all__ = ["HeuristicBot", "RandomBot"]
