"""pokerhall: a home for poker-variant party games."""

__version__ = "0.1.0"
