"""QuizPoker: Hold'em betting on secret numeric guesses, rulesets `quizpoker` and `duell`."""

from pokerhall.engine import registry
from pokerhall.games.quizpoker.bots import HeuristicBot, RandomBot
from pokerhall.games.quizpoker.options import RULESETS, QuizPokerOptions, parse_options
from pokerhall.games.quizpoker.state import QuizPoker

registry.register(
    "quizpoker",
    QuizPoker,
    aliases={"duell": {"ruleset": "duell"}},
    bots={"random": RandomBot, "heuristic": HeuristicBot},
)

__all__ = ["RULESETS", "QuizPoker", "QuizPokerOptions", "parse_options"]
