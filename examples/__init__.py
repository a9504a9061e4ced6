"""Examples of pokerhall's extension points (`arena_bot.py`: a bot of your own for the arena)."""
