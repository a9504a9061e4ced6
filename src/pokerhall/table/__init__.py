"""Shared poker machinery: seats, stacks, pots and side pots, no-limit betting rounds, two-seat
exchanges (fixed-limit or no-limit), blinds, and `match.Match`, the base of a game of many hands."""

from pokerhall.table.betting import BetAction, BetOutcome, BettingRound, LegalActions
from pokerhall.table.blinds import BlindLevel, BlindSchedule
from pokerhall.table.exchange import Exchange, FixedLimit, NoLimit, Structure
from pokerhall.table.ledger import Ledger
from pokerhall.table.minraise import MIN_RAISE_RULES, MinRaiseRule, RaiseContext
from pokerhall.table.pots import OddChips, Pot, build_pots, split, uncalled

__all__ = [
    "MIN_RAISE_RULES",
    "BetAction",
    "BetOutcome",
    "BettingRound",
    "BlindLevel",
    "BlindSchedule",
    "Exchange",
    "FixedLimit",
    "Ledger",
    "LegalActions",
    "MinRaiseRule",
    "NoLimit",
    "OddChips",
    "Pot",
    "RaiseContext",
    "Structure",
    "build_pots",
    "split",
    "uncalled",
]
