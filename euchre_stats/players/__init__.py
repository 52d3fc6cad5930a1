"""Players: one seat's view of a hand, the interface every player answers, the shipped players, and
hands and duplicate matches played through the state machine (``docs/players.md``).

    >>> from euchre_stats.players import load_player
    >>> load_player("realistic:worlds=48").worlds
    48
"""

from .base import METHODS, BasePlayer, Player
from .load import load_player
from .shipped import CheatPlayer, InferencePlayer, ModelPlayer, RandomPlayer
from .view import SeatView, seat_view

__all__ = ["SeatView", "seat_view", "Player", "BasePlayer", "METHODS", "RandomPlayer", "ModelPlayer", "InferencePlayer",
           "CheatPlayer", "load_player"]
