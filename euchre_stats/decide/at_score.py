"""Questions asked at a game score (``--score US-THEM``): each option valued by the chance of winning
the game, from the equity table of the table's rules and play model."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ..bidding.model import BiddingModel, default_population
from ..core.errors import DecisionInputError
from ..rules import Rules


@dataclass(frozen=True)
class GameState:
    """The score when a question is asked, for answers by the chance of winning the game."""

    rules: Rules
    us: int
    them: int
    we_deal: bool
    outcomes: object  # equity.HandOutcomes: the chances of one hand's results

    def win_chance(self, value: np.ndarray) -> np.ndarray:
        """Per sample (our points minus theirs in this hand): P(we win the game) after it."""
        from .equity import hand_win_probability

        return hand_win_probability(self.rules, self.outcomes, self.us, self.them, self.we_deal, value)

    def to_dict(self) -> dict:
        from .equity import win_probability

        return {"score": f"{self.us}-{self.them}", "we_deal": self.we_deal, "game_to": self.rules.game_to,
                "win_by_two": self.rules.win_by_two,
                "p_win_now": win_probability(self.rules, self.outcomes, self.us, self.them, self.we_deal),
                "hand_outcomes": self.outcomes.to_dict()}


def game_state(rules: Rules, score, asker: int, model: str, bidding: BiddingModel | None) -> GameState | None:
    """The :class:`GameState` of ``score`` (``"US-THEM"`` or a pair) for ``asker``, or None without one.

    The hand outcome chances come from 4,000 self-play deals (seed 0) under the same rules, play
    model and bidding model (the default population without one), computed once per process."""
    if score is None:
        return None
    from .equity import parse_score, win_probability

    us, them = parse_score(score) if isinstance(score, str) else (int(score[0]), int(score[1]))
    g = GameState(rules, us, them, (asker & 1) == 1,
                  game_outcomes(rules, model, bidding or default_population(rules)[1]))
    if max(us, them) >= rules.game_to:
        raise DecisionInputError(f"score {us}-{them}: the game to {rules.game_to} is already over")
    win_probability(rules, g.outcomes, us, them, g.we_deal)
    return g


def game_inputs(inputs: dict, game: GameState | None) -> None:
    """The score and the chance of winning from it, among a decision's inputs."""
    if game is not None:
        inputs["score"] = f"{game.us}-{game.them}"
        inputs["game"] = game.to_dict()


@functools.lru_cache(maxsize=16)
def game_outcomes(rules: Rules, model: str, bidding: BiddingModel):
    from .equity import simulate_outcomes

    return simulate_outcomes(rules, 4000, seed=0, model=model, bidding=bidding)
