"""Palace bots, weakest first: `random` (any legal move), `cautious` and `sampler` (chances from
sampling the cards their seat cannot see; see `levels`). Each is built from a seed, `Bot(seed)`,
and sees only its own seat's view and prompt. `bench/ladder.py` measures how much each beats
the one below, how the default beats the simple habits of `arena/exploiters/palace.py` (maniac,
calling station, rock, min-raiser, always- and never-attacking), and what a decision costs."""

from collections.abc import Mapping

from pokerhall.engine.catalog import BotFactory
from pokerhall.games.palace.bots.levels import CautiousBot, SamplerBot
from pokerhall.games.palace.bots.random_bot import RandomBot

BOTS: Mapping[str, BotFactory] = {
    "random": RandomBot,
    "cautious": CautiousBot,
    "sampler": SamplerBot,
}
"""By level, weakest first."""
DEFAULT_BOT = "sampler"
"""The strongest whose decisions stay within 50 ms (bench/ladder.py, bench/README.md)."""

__all__ = ["BOTS", "DEFAULT_BOT", "CautiousBot", "RandomBot", "SamplerBot"]
