"""The players shipped with euchre-stats.

* :class:`RandomPlayer` (``random``): every answer uniform over the legal ones, seeded: a floor.
* :class:`ModelPlayer` (``realistic-v1``, ``shipped``, ``dd-tuned``, ``points`` or a model file): bids by
  a bidding model (:class:`~euchre_stats.bidding.model.BiddingModel`; hard decisions, or soft ones
  drawn from the view's seed for a model with a ``play_temperature`` such as ``shipped-soft``) and
  plays every card realistically (:func:`~euchre_stats.players.cardplay.realistic_card`, ``worlds``
  per card).  In the two-, three- and six-handed games it bids with that game's fitted
  point-count bidder (:func:`~euchre_stats.bidding.games.game_bidder`): the bidding models are
  four-handed.  Exchanges (a farmer's hand, railroad, six-handed's ask) follow the rule of thumb.
* :class:`InferencePlayer` (``realistic-v2``): bids as ``realistic-v1``, and plays realistically on worlds
  weighted by what the auction revealed (:mod:`~euchre_stats.players.reading`).  ``realistic-v1`` is
  the ``realistic`` of before 2026-12-04, under a name that will keep meaning the uniform-world player.
* :class:`FallbackInferencePlayer` (``realistic-v6``, ``realistic`` and ``realistic-v5``): ``realistic-v4``'s card
  play bidding by the feature bidder ``shipped-v4`` (v5: ``shipped-v3``) and reading the auction under it, by
  the shipped count where the feature bidder refuses the rules (no trump).
* :class:`CheatPlayer` (``cheat``): **reference only** -- it sees every card.  It bids as
  ``realistic-v1`` and plays the double-dummy card, from the whole hand state handed to it as
  ``play(view, full=state)`` (``sees_all``).  It measures what perfect information is worth, and is
  no fair opponent.

No I/O here but reading a model file.
"""

from __future__ import annotations

import numpy as np

from ..bidding.model import policy_model
from ..core.cards import card_name, trump_letter
from ..core.errors import BiddingModelError, PlayerMoveError, PlayerSpecError
from ..core.ties import ORDERS
from ..game.state import PHASES, HandState
from ..cardplay.realistic import DEFAULT_WORLDS
from ..rules import Rules, alone_with_the_call, banned_discard, dealer_picks_up
from .base import BasePlayer, point_count_answer
from .cardplay import double_dummy_card, realistic_card
from .fusion import fused_card
from .defence import ALL as DEFENCE_BITS
from .defence import defended_card
from .reading import DEFAULT_POOL, MAX_POOL, inferred_card
from .reading_play import PLAY_KINDS
from .view import SeatView

#: most worlds a player may sample per card
MAX_WORLDS = 10_000
#: the widest margin of the vote against strategy fusion (eighths of a point a world: ``realistic-v2:fusion=K``)
MAX_FUSION = 64


def _rng(view: SeatView, *salt: int) -> np.random.Generator:
    """The random numbers of one decision: from the view's seed, the decision's place in the hand
    and ``salt`` (the same at both tables of a duplicate deal while the hand goes alike)."""
    return np.random.default_rng([view.seed, len(view.bids), len(view.plays), PHASES.index(view.phase), *salt])


class RandomPlayer(BasePlayer):
    """Uniformly random legal answers (``seed`` varies them; the view's seed keeps duplicate tables in step)."""

    def __init__(self, seed: int = 0):
        self.seed = int(seed)
        self.name = "random" if not seed else f"random:seed={seed}"

    def _any(self, view: SeatView):
        legal = view.legal
        return legal[int(_rng(view, self.seed).integers(len(legal)))]

    def round_one(self, view):
        return self._any(view)

    def name_trump(self, view):
        return self._any(view)

    def round_two(self, view):
        return self._any(view)

    def alone(self, view):
        return self._any(view) == "alone"

    def defend_alone(self, view):
        return self._any(view) == "defend alone"

    def discard(self, view):
        return self._any(view)

    def exchange(self, view):
        return self._any(view)

    def play(self, view):
        return self._any(view)


class ModelPlayer(BasePlayer):
    """Bids by a bidding model, plays realistically (see the module docstring).

    Parameters
    ----------
    policy : str or BiddingModel
        ``"shipped"`` (what ``realistic`` bids with), ``"dd-tuned"``, ``"points"`` or a model file's path.
    worlds : int
        Worlds sampled per card (the realistic model's default 24).
    name : str, optional
        How records and errors name the player (default: the policy's name).
    """

    def __init__(self, policy="shipped", worlds: int = DEFAULT_WORLDS, name: str | None = None):
        if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or not 1 <= worlds <= MAX_WORLDS:
            raise PlayerSpecError(f"worlds must be a whole number 1..{MAX_WORLDS}, got {worlds!r}")
        self.policy, self.model = policy_model(policy)
        self.worlds = int(worlds)
        self.name = name or self.policy
        self._bidders: dict = {}

    def prepare(self, rules: Rules) -> None:
        """Refuse a table this player cannot bid at: a bidding model other than the shipped one seats
        four players (the other games bid with their own fitted bidder)."""
        if not rules.seating.vectorised and self.policy != "shipped":
            raise PlayerSpecError(f"player {self.name!r}: the bidding model {self.policy!r} is four-handed; "
                                  f"a {rules.players}-player table bids with 'realistic'")
        if rules.seating.vectorised:
            try:
                self.model.check_rules(rules)   # (the feature bidder: North American timing, no no-trump)
            except BiddingModelError as exc:
                raise PlayerSpecError(f"player {self.name!r}: {exc}") from None

    # --- the smaller games: their fitted point-count bidder ---------------------------------------
    def _game_answer(self, view: SeatView):
        from ..bidding.games import game_bidder

        key = (view.players, view.rules.deck)
        if key not in self._bidders:
            self._bidders[key] = game_bidder(view.players, view.rules.deck)
        return point_count_answer(view, self._bidders[key])

    def _rel(self, view: SeatView) -> int:
        return (view.seat - view.dealer - 1) % 4

    def round_one(self, view: SeatView) -> str:
        if not view.rules.seating.vectorised:
            return self._game_answer(view)
        m, rel, legal = self.model, self._rel(view), view.legal
        if "order" not in legal and "order alone" not in legal:
            return "pass"
        h = np.array([view.hand], dtype=np.uint64)
        s = m.round_one_strength(h, rel, view.upcard, view.round_one_suit)[0]
        # the dealer's partner going alone: the dealer sits out and the upcard joins nobody
        joins = rel != 1 or bool(dealer_picks_up(view.rules, 1, True))
        sa = s if joins else m.round_one_strength(h, rel, view.upcard, view.round_one_suit, upcard_joins=False)[0]
        pa = float(m.p_act(sa, m.order_alone[rel]))
        p = float(m.p_act(s, m.order[rel])) if "order" in legal else pa
        u = _rng(view).random(2)
        if u[0] >= p:
            return "pass"
        if "order" not in legal or ("order alone" in legal and u[1] < pa):
            return "order alone"
        return "order"

    def name_trump(self, view: SeatView) -> str:
        """Over a Joker upcard the dealer names a suit before looking (every suit alike): at random."""
        if not view.rules.seating.vectorised:
            return self._game_answer(view)
        calls = [a for a in view.legal if not a.endswith("alone")]
        return calls[int(_rng(view).integers(len(calls)))]

    def round_two(self, view: SeatView) -> str:
        if not view.rules.seating.vectorised:
            return self._game_answer(view)
        m, rel, legal = self.model, self._rel(view), view.legal
        calls = [a for a in legal if a != "pass"]
        if not calls:
            return "pass"
        best, suit, thr = m.round_two_call(np.array([view.hand], dtype=np.uint64), view.round_one_suit, rel,
                                           "n" in legal, upcard=view.upcard,
                                           order=ORDERS[int(_rng(view, 25).integers(24))])
        count, letter = float(best[0]), trump_letter(int(suit[0]))
        if letter not in legal:  # (never: the model names a legal suit) the rule of thumb decides
            return point_count_answer(view)
        u = _rng(view).random(2)
        if u[0] >= float(m.p_act(count, thr[0])) and "pass" in legal:
            return "pass"
        if letter + " alone" in legal and u[1] < float(m.p_act(count, m.call_alone[rel])):
            return letter + " alone"
        return letter

    def alone(self, view: SeatView) -> bool:
        if not view.rules.seating.vectorised:
            return self._game_answer(view)
        m, rel = self.model, self._rel(view)
        s = float(m.later_alone_strength(np.array([view.hand], dtype=np.uint64), rel, view.trump, view.made_in == 1,
                                         view.upcard, view.round_one_suit)[0])
        thr = m.order_alone[rel] if view.made_in == 1 else m.call_alone[rel]
        return bool(_rng(view).random() < float(m.p_act(s, thr)))

    def defend_alone(self, view: SeatView) -> bool:
        if not view.rules.seating.vectorised:
            return self._game_answer(view)
        m = self.model
        s = float(m.strength(np.array([view.hand], dtype=np.uint64), view.trump)[0])
        return bool(_rng(view).random() < float(m.p_act(s, m.defend_alone)))

    def discard(self, view: SeatView):
        if not view.rules.seating.vectorised:
            return self._game_answer(view)
        order = ORDERS[int(_rng(view, 24).integers(24))]  # tied suits in a random order, never by name
        card = int(self.model.discard_card(np.array([view.hand], dtype=np.uint64), view.trump,
                                           banned_discard(view.rules, view.upcard), order)[0])
        return card if (view.legal_cards >> card) & 1 else point_count_answer(view)

    def play(self, view: SeatView) -> int:
        return realistic_card(view, worlds=self.worlds)


class InferencePlayer(ModelPlayer):
    """``realistic-v2``: bids as :class:`ModelPlayer`; plays realistically on worlds weighted by the
    auction under its own bidding model (:func:`~euchre_stats.players.reading.inferred_card`).

    ``pool`` candidate deals are drawn per card before weighting (more while their effective number
    is below ``worlds``).  ``log`` collects ``(effective candidates, candidates drawn)`` per decision
    read from the auction (a diagnostic; cleared by nobody but the caller).  ``fusion`` ``K`` > 0 plays
    by the vote against strategy fusion (:func:`~euchre_stats.players.fusion.fused_card`, margin ``K``
    eighths of a point a world); 0 (the default) plays as before.  ``play`` 1 or 2 weights the worlds by
    the cards the other seats chose too (:mod:`~euchre_stats.players.reading_play`; 0 off).  ``defend``
    (option bits, 0 off) defends as :mod:`~euchre_stats.players.defence` says; the cards its options do
    not choose are chosen as the other options say.
    """

    def __init__(self, policy="shipped", worlds: int = DEFAULT_WORLDS, name: str | None = None,
                 pool: int = DEFAULT_POOL, fusion: int = 0, play: int = 0, defend: int = 0):
        super().__init__(policy, worlds=worlds, name=name)
        if isinstance(pool, bool) or not isinstance(pool, (int, np.integer)) or not 1 <= pool <= MAX_POOL:
            raise PlayerSpecError(f"pool must be a whole number 1..{MAX_POOL}, got {pool!r}")
        if isinstance(fusion, bool) or not isinstance(fusion, (int, np.integer)) or not 0 <= fusion <= MAX_FUSION:
            raise PlayerSpecError(f"fusion must be a whole number 0..{MAX_FUSION}, got {fusion!r}")
        if isinstance(play, bool) or not isinstance(play, (int, np.integer)) or int(play) not in PLAY_KINDS:
            raise PlayerSpecError(f"play must be one of {', '.join(map(str, PLAY_KINDS))}, got {play!r}")
        if isinstance(defend, bool) or not isinstance(defend, (int, np.integer)) or defend & ~DEFENCE_BITS:
            raise PlayerSpecError(f"defend must be a whole number 0..{DEFENCE_BITS} (option bits), got {defend!r}")
        self.pool = int(pool)
        self.fusion = int(fusion)
        self.play_kind = int(play)
        self.defend = int(defend)
        self.log: list = []

    def play(self, view: SeatView) -> int:
        if self.defend:
            return defended_card(view, self.model, self.defend, worlds=self.worlds, pool=self.pool, log=self.log,
                                 otherwise=self._card)
        return self._card(view)

    def _card(self, view: SeatView) -> int:
        if self.fusion:
            return fused_card(view, self.model, margin=self.fusion, worlds=self.worlds, pool=self.pool, log=self.log,
                              play=self.play_kind)
        return inferred_card(view, self.model, worlds=self.worlds, pool=self.pool, log=self.log,
                             play=self.play_kind)


class FallbackInferencePlayer(InferencePlayer):
    """``realistic-v6`` (and ``realistic-v5``): an :class:`InferencePlayer` bidding by a model that refuses some
    rules (the feature bidder ``shipped-v4``, ``shipped-v3`` for v5: no trump), which at such
    a table bids and reads the auction by ``fallback`` (the shipped count) instead.  Tables that are not
    four-handed bid with their game's fitted bidder, as every :class:`ModelPlayer` does.  ``british`` False
    (``realistic-v5``, as it was made) falls back under British timing too.  ``bidding`` names
    the model the last table seated it with, ``fallback_reason`` says why when it is the fallback (else
    None)."""

    def __init__(self, policy="shipped-v4", fallback="shipped", british: bool = True, **kw):
        super().__init__(policy, **kw)
        self.british = bool(british)
        self.primary = self.model
        self.fallback_policy, self.fallback_model = policy_model(fallback)
        self.bidding, self.fallback_reason = self.policy, None
        self._rules = None

    def _use(self, rules: Rules) -> None:
        if rules is self._rules:
            return
        self._rules = rules
        self.model, self.bidding, self.fallback_reason = self.primary, self.policy, None
        if not rules.seating.vectorised:
            return
        try:
            self.primary.check_rules(rules)
            if not self.british and not alone_with_the_call(rules):
                raise BiddingModelError("British timing")
        except BiddingModelError:
            self.model, self.bidding = self.fallback_model, self.fallback_policy
            self.fallback_reason = (f"{self.policy} bids only without no trump"
                                    f"{'' if self.british else ' and with alone declared with the call'}: "
                                    f"bidding with {self.fallback_policy}")

    def prepare(self, rules: Rules) -> None:
        """Any table: the fallback's where the model refuses the rules (the class docstring)."""
        self._use(rules)

    def round_one(self, view):
        self._use(view.rules)
        return super().round_one(view)

    def name_trump(self, view):
        self._use(view.rules)
        return super().name_trump(view)

    def round_two(self, view):
        self._use(view.rules)
        return super().round_two(view)

    def alone(self, view):
        self._use(view.rules)
        return super().alone(view)

    def defend_alone(self, view):
        self._use(view.rules)
        return super().defend_alone(view)

    def discard(self, view):
        self._use(view.rules)
        return super().discard(view)

    def play(self, view):
        self._use(view.rules)
        return super().play(view)


class CheatPlayer(ModelPlayer):
    """REFERENCE ONLY: sees every card.  Bids as ``realistic-v1``; plays the double-dummy card from the whole
    state, handed over as ``play(view, full=state)`` because ``sees_all`` is set."""

    sees_all = True

    def __init__(self, worlds: int = DEFAULT_WORLDS):
        super().__init__("shipped", worlds=worlds, name="cheat")

    def play(self, view: SeatView, full: HandState | None = None) -> int:
        if full is None:
            raise PlayerMoveError("player 'cheat' sees every card: it must be given the hand state (full=)")
        return double_dummy_card(full)


def card_text(card) -> str:
    """A card answer as text (records and errors)."""
    return card_name(card) if isinstance(card, (int, np.integer)) and not isinstance(card, bool) else str(card)


__all__ = ["RandomPlayer", "ModelPlayer", "InferencePlayer", "FallbackInferencePlayer", "CheatPlayer", "MAX_WORLDS",
           "card_text"]
