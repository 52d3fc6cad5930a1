"""Every error the library raises: one base, one class per kind of failure.

All are :class:`ValueError` subclasses under :class:`EuchreStatsError`, so a caller
(the command line above all) can catch every bad input with one ``except`` and show
its message, which always quotes the offending input.  Nothing else lives here.
"""

from __future__ import annotations


class EuchreStatsError(ValueError):
    """Base of every error euchre-stats raises for input it cannot use."""


# --- cards, decks, rules ------------------------------------------------------------------------
class InvalidCardError(EuchreStatsError):
    """A card token that does not name a card (or not one in the chosen deck)."""


class DuplicateCardError(InvalidCardError):
    """The same card appears twice where every card must be distinct."""


class HandSizeError(EuchreStatsError):
    """A hand with the wrong number of cards."""


class UnknownDeckError(EuchreStatsError):
    """A deck name that is not one of the variants."""


class RulesError(EuchreStatsError):
    """Inconsistent or unknown rule options."""


# --- deals and play -----------------------------------------------------------------------------
class InconsistentDealError(EuchreStatsError):
    """Cards or knowledge that no deal can produce: a card twice, wrong hand lengths, a seat out
    holding cards, a void contradicted by a held card..."""


class SolveInputError(EuchreStatsError):
    """Solver arguments of the wrong shape or range (a trump that is not a suit, a seat outside 0..3...)."""


class RealisticInputError(SolveInputError):
    """Arguments of the realistic play model that do not describe a hand in play."""


class IllegalActionError(EuchreStatsError):
    """An action that the rules do not allow now.  ``seat``, ``action`` and ``reason`` are kept."""

    def __init__(self, seat: int | None, action, reason: str, verb: str = "play"):
        self.seat = seat
        self.action = action
        self.reason = reason
        who = "" if seat is None else f"seat {seat} "
        super().__init__(f"{who}cannot {verb} {action!r}: {reason}")


class RecordError(EuchreStatsError):
    """A hand record that is malformed, inconsistent, incomplete or contains an illegal action."""


class BiddingModelError(EuchreStatsError):
    """A bidding model file or object that is not a bidding model."""


class PlayModelError(EuchreStatsError):
    """An unknown play model."""


# --- players -----------------------------------------------------------------------------------
class PlayerSpecError(EuchreStatsError):
    """A player spec (``realistic``, ``points:worlds=48``, ``module:attr``...) that names no player."""


class PlayerMoveError(EuchreStatsError):
    """A player that failed at the table: an illegal move, or an error raised by its own code.
    The message names the player's spec, the move and the deal's seed."""


# --- questions and reports ----------------------------------------------------------------------
class DecisionInputError(EuchreStatsError):
    """A decision question that cannot be asked as given."""


class JSONInputError(EuchreStatsError):
    """JSON that cannot be read: malformed, too large or nested too deeply."""


class SeatError(DecisionInputError):
    """A seat name or number that is not a seat."""


class OddsInputError(EuchreStatsError):
    """A question the odds cannot answer as asked (a hand size that does not fit, a Joker upcard...)."""


class VariantsInputError(EuchreStatsError):
    """A variants question that cannot be run as given."""


class ClassInputError(EuchreStatsError):
    """A hand / upcard pair that cannot be put into a class."""


class TableSpecError(EuchreStatsError):
    """Table settings that cannot be run (a bad seat, round, sample count...)."""


class TableRunError(EuchreStatsError):
    """A run directory that cannot be used with these settings."""


class ClusterError(EuchreStatsError):
    """The cluster cannot be used: dask missing, or the scheduler address unreachable."""


class LimitError(EuchreStatsError):
    """A size (sampled deals, threads, sweeps...) beyond its documented bound (``core/limits.py``)."""


class OutputError(EuchreStatsError):
    """An output file that cannot be written (a full disk, a missing folder, no permission...)."""


class FormatError(EuchreStatsError):
    """An output form (``--format``), chart file type or chart panel that is not one of those offered."""


class AdviceError(EuchreStatsError):
    """A question advise cannot answer (bad table file...)."""


class ArgumentTypeError(EuchreStatsError):
    """A public function given a value of the wrong kind (``None``, a number or a flag where cards,
    a deck, a bidding model or a run directory are expected), naming the argument."""


__all__ = [name for name in dir() if name.endswith("Error")]
