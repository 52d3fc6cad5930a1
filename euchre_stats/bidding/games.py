"""The bidder of the two-, three- and six-handed games: the point-count bidder, its thresholds tuned by self-play.

The tuned bidding model (:mod:`.model`) is four-handed (its thresholds are per seat of four, its
count knows a partner).  The smaller games are bid by the state machine's point-count bidder
(:class:`~euchre_stats.game.policies.PointCountPolicy`: a fixed point count against thresholds
scaled by the hand size), with three thresholds fitted here for each game: ``order_opponent``
(a seat before the dealer ordering the upcard up), ``take_up`` (the dealer picking it up) and
``call`` (naming a suit in round two), and in six-handed ``assist`` (the dealer's two partners
ordering it up).  :func:`game_bidder` gives the shipped ones
(``euchre_stats/data/game_bidders.json``; the point-count bidder's own when a game has none).

:func:`tune_game_bidder` fits them the way :mod:`.tuning` fits the four-handed model: for each
decision point (a seat in a round) it deals hands until the auction under the current thresholds
reaches that seat still open, plays accepting and passing (the rest of the auction under the
current thresholds) with the play model (realistic by default), and keeps, per threshold, the cut
of the count that maximises the deciding seat's gain over every deal of its points, taking the
most conservative cut within one standard error of the best (:func:`.tuning._best_cut`).  The
values are those of the questions (:mod:`euchre_stats.decide.tables` conventions): two-handed,
points minus the opponent's; cutthroat, points minus the mean of the other two.  Deterministic
for a seed.  No I/O here except :func:`load_game_bidders`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..core.errors import BiddingModelError
from ..core.seating import SEATINGS
from ..game.policies import THRESHOLDS, PointCountPolicy, best_discard, policy_card_points, policy_hand_points
from ..game.state import OVER, PLAY, ROUND_ONE, HandState
from ..cardplay.contracts import game_maker_tricks, six_maker_tricks
from ..rules import Rules, hand_points_array
from ..sampling.seeds import chunk_rng
from .tuning import BOOTSTRAP, _best_cut

#: the thresholds fitted for the smaller games (the others keep the point-count bidder's values)
GAME_KINDS = ("order_opponent", "take_up", "call")
#: the player counts with a fitted bidder here
BIDDER_GAMES = (2, 3, 6)
#: games whose bidder is fitted on a deck of its own ("players/deck"): six-handed euchre's doubled
#: 25-card pack (the other games' fits serve every deck they are dealt from)
DECK_BIDDERS = ("6/50",)


def game_kinds(players: int) -> tuple[str, ...]:
    """The thresholds fitted for the ``players`` game: :data:`GAME_KINDS`, and in six-handed euchre
    ``assist`` too (the dealer's two partners ordering the card into their side's hand)."""
    return GAME_KINDS + ("assist",) if SEATINGS[players].partnerships else GAME_KINDS
#: the shipped thresholds, per player count
DATA = Path(__file__).parents[1] / "data" / "game_bidders.json"
#: candidate deals dealt per deal that reaches a decision point, at most
MAX_DEAL_FACTOR = 50


@lru_cache(maxsize=4)
def load_game_bidders(path: str | None = None) -> dict:
    """The shipped (or ``path``'s) thresholds: ``{"2": {"thresholds": {...}, "fit": {...}}, ...}``."""
    p = Path(path) if path else DATA
    if not p.exists():
        return {}
    try:
        d = json.loads(p.read_text())
    except (OSError, ValueError) as exc:
        raise BiddingModelError(f"cannot read the smaller games' bidders {str(p)!r}: {exc}") from None
    for k, v in d.items():
        if k not in {str(n) for n in BIDDER_GAMES} | set(DECK_BIDDERS):
            raise BiddingModelError(f"{str(p)!r}: entry {k!r} is not a game with a fitted bidder")
        bad = [n for n in v.get("thresholds", {}) if n not in game_kinds(int(k.split("/")[0]))]
        if bad:
            raise BiddingModelError(f"{str(p)!r}: entry {k!r} is not a smaller game's thresholds ({bad})")
    return d


def _bidder_key(players: int, deck: str | None) -> str:
    """The shipped bidders' entry of a game: ``"6/50"`` for the doubled pack, else ``"6"``..."""
    key = f"{players}/{deck}"
    return key if key in DECK_BIDDERS else str(players)


def load_bidder_file(source, players: int, deck: str | None = None) -> dict:
    """The thresholds of a bidder for the ``players`` game: the path of a ``tune --players`` file
    (``{"players": 2, "thresholds": {...}}``) or such a dict, or a dict of thresholds alone; every
    field checked (an error names the file and the field).  Returns the full thresholds."""
    name = repr(str(source)) if not isinstance(source, dict) else "the bidder given"
    d = source
    if not isinstance(source, dict):
        try:
            d = json.loads(Path(source).read_text())
        except FileNotFoundError:
            raise BiddingModelError(f"file not found: {str(source)!r}") from None
        except IsADirectoryError:
            raise BiddingModelError(f"{str(source)!r} is a directory, not a bidder file") from None
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise BiddingModelError(f"{name} is not a bidder file (JSON from `euchre-stats tune --players`): "
                                    f"{exc}") from None
    if not isinstance(d, dict):
        raise BiddingModelError(f"{name} must be a JSON object, got {type(d).__name__}")
    if "thresholds" in d or "players" in d:
        if d.get("players") != players:
            raise BiddingModelError(f"{name} is the bidder of players {d.get('players')!r}, not of the "
                                    f"{players}-player game (from `euchre-stats tune --players`)")
        if deck is not None and "deck" in d and _bidder_key(players, d["deck"]) != _bidder_key(players, deck):
            raise BiddingModelError(f"{name} was fitted on the {d['deck']}-card deck, not the {deck}-card one "
                                    "(the doubled pack's bidder is fitted on its own)")
        d = d.get("thresholds")
        if not isinstance(d, dict):
            raise BiddingModelError(f"{name}: 'thresholds' must be an object of {', '.join(game_kinds(players))}")
    kinds = game_kinds(players)
    bad = [k for k in d if k not in kinds]
    if bad:
        raise BiddingModelError(f"{name}: unknown threshold {bad[0]!r} (expected {', '.join(kinds)}); "
                                "a four-handed bidding model does not apply to the smaller games")
    for k, v in d.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v < 100:
            raise BiddingModelError(f"{name}: threshold {k!r} must be a number in 0..100, got {v!r}")
    return {**THRESHOLDS, **{k: float(v) for k, v in d.items()}}


def game_thresholds(players: int, deck: str | None = None) -> dict:
    """The thresholds (five-card scale) the bidder of the ``players`` game uses (six-handed with
    ``deck`` "50": those fitted on the doubled pack, when shipped)."""
    shipped = load_game_bidders()
    entry = shipped.get(_bidder_key(players, deck)) or shipped.get(str(players), {})
    return {**THRESHOLDS, **entry.get("thresholds", {})}


def game_bidder(players: int, deck: str | None = None) -> PointCountPolicy:
    """The point-count bidder with the ``players`` game's shipped thresholds (of ``deck``'s fit, if any)."""
    return PointCountPolicy(thresholds=game_thresholds(players, deck))


def seat_value(rules: Rules, seat: int, maker, tricks, alone=False, defender_alone=-1) -> np.ndarray:
    """One seat's value of hands won by ``maker`` (-1: thrown in) with ``tricks`` (``alone``: the
    maker went alone, ``defender_alone``: a lone defender's seat or -1; six-handed only): two-handed
    its points minus the opponent's; cutthroat its points minus the mean of the other two players'
    (a euchre's 2 points split evenly between the defenders, who play as a coalition); six-handed
    its side's points minus the other side's."""
    maker = np.asarray(maker)
    hs = rules.hand_size
    live = maker >= 0
    t = np.where(live, tricks, hs)
    mp, dp = (a.astype(np.float64) for a in hand_points_array(rules, t, alone, np.asarray(defender_alone) >= 0))
    if rules.players == 6:
        ours = live & ((maker & 1) == (seat & 1))
        return np.where(live, np.where(ours, mp - dp, dp - mp), 0.0)
    ours = live & (maker == seat)
    if rules.players == 2:
        v = np.where(ours, mp - dp, dp - mp)
    else:
        v = np.where(ours, mp - dp / 2, dp / 4 - mp / 2)
    return np.where(live, v, 0.0)


def decision_count(state: HandState, kind: str) -> float:
    """The point-count bidder's count behind the decision of ``state.to_act`` (five-card scale, so it
    compares with a threshold as stored): ``order_opponent``, ``assist``, ``take_up`` or ``call``."""
    hand = state.hands[state.to_act]
    scale = state.rules.hand_size / 5
    if kind == "call":
        legal = [a for a in state.legal_actions() if a != "pass" and not a.endswith("alone")]
        return max(policy_hand_points(hand, "cdhs".index(a)) for a in legal) / scale
    suit, up = state.round_one_suit, state.upcard
    if kind == "take_up":
        with_up = hand | (1 << up)
        return policy_hand_points(with_up & ~(1 << best_discard(with_up, suit)), suit) / scale
    sign = 1 if kind == "assist" else -1  # the upcard goes to the dealer: a partner's or an opponent's
    return (policy_hand_points(hand, suit) + sign * policy_card_points(up, suit) / 2) / scale


def finish_auction(state: HandState, policy) -> HandState:
    """``state`` with every decision up to the first lead (or the throw-in) made by ``policy``."""
    while state.phase not in (PLAY, OVER):
        state.apply(policy(state))
    return state


def contract_of(s: HandState):
    """A finished auction as a row for :func:`play_contracts`: ``(hands, trump, maker, upcard the
    dealer holds or -1, seats sitting out as a bitmask, the dealer's discard or -1, the makers' lone
    player's seat or -1, the lone defender's seat or -1)``, maker -1 when the hand was thrown in."""
    dealer = s.rules.players - 1
    if s.phase == OVER:
        return 0, 0, -1, -1, 0, -1, -1, -1
    # the upcard the dealer holds in play (a dealer sitting out behind a partner alone before the lead,
    # British timing, holds it out of play)
    up = s.upcard if s.active[dealer] and (s.hands[dealer] >> s.upcard) & 1 else -1
    return (s.hands, s.trump, s.maker_seat, up, sum(1 << x for x, a in enumerate(s.active) if not a),
            -1 if s.discard is None else s.discard, -1 if s.alone is None else s.alone,
            -1 if s.defender_alone is None else s.defender_alone)


def play_contracts(rules: Rules, rows: list, model: str, seed: int,
                   workers) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Maker, maker's tricks, whether the maker went alone and the lone defender's seat or -1
    (six-handed) of each contract row (:func:`contract_of`), played together."""
    n = len(rows)
    maker = np.array([r[2] for r in rows], dtype=np.int64)
    out = np.array([r[4] for r in rows], dtype=np.int64)
    loner = np.array([r[6] for r in rows], dtype=np.int64).reshape(n)
    lone_def = np.array([r[7] for r in rows], dtype=np.int64).reshape(n)
    tricks = np.zeros(n, dtype=np.int64)
    live = np.flatnonzero(maker >= 0)
    if live.size:
        hands = np.array([rows[i][0] for i in live], dtype=np.uint64).reshape(live.size, rules.players)
        trump = np.array([rows[i][1] for i in live], dtype=np.int64)
        up = np.array([rows[i][3] for i in live], dtype=np.int64)
        disc = np.array([rows[i][5] for i in live], dtype=np.int64)
        if rules.players == 6:
            tricks[live] = six_maker_tricks(rules, hands, trump, maker[live], out[live], model=model, seed=seed,
                                            up_known=up, threads=workers, discard=disc, maker_alone=loner[live],
                                            defender_alone=lone_def[live])
        else:
            tricks[live] = game_maker_tricks(rules, hands, trump, maker[live], threads=workers, model=model,
                                             seed=seed, up_known=up, discard=disc)
    return maker, tricks, (maker >= 0) & (loner >= 0), np.where(maker >= 0, lone_def, -1)


def _points(players: int) -> list[tuple[int, int, str]]:
    """The decision points (round, seat, kind) of a game, dealer last (six-handed: the dealer's
    partners, seats 1 and 3, assist)."""
    dealer = players - 1

    def kind(s: int) -> str:
        if s == dealer:
            return "take_up"
        return "assist" if SEATINGS[players].same_side(s, dealer) else "order_opponent"

    return [(1, s, kind(s)) for s in range(players)] + [(2, s, "call") for s in range(players)]


def _reach(rules: Rules, policy, rnd: int, seat: int, n: int, rng) -> tuple[list[HandState], int]:
    """``n`` random deals on which the auction under ``policy`` reaches ``seat`` in round ``rnd``
    still open; the states there, and the number of deals dealt."""
    out: list[HandState] = []
    dealt = 0
    before = seat if rnd == 1 else rules.players + seat
    while len(out) < n and dealt < MAX_DEAL_FACTOR * n:
        dealt += 1
        s = HandState.deal(rules, rules.players - 1, rng)
        ok = s.phase == ROUND_ONE
        for _ in range(before):
            if not ok:
                break
            ok = policy(s) == "pass"
            if ok:
                s.apply("pass")
        if ok and "pass" in s.legal_actions():  # a stuck dealer has no choice to tune
            out.append(s)
    return out, dealt


@dataclass(frozen=True)
class GameTuneResult:
    """The fitted thresholds (five-card scale) and the fit report."""

    players: int
    thresholds: dict
    fit: dict
    deck: str | None = None

    def to_dict(self) -> dict:
        out = {"players": self.players, "thresholds": self.thresholds, "fit": self.fit}
        if self.players == 6:  # six-handed is fitted per pack: the 33-card deck or the doubled one
            out["deck"] = self.deck
        return out


def tune_game_bidder(rules: Rules, deals: int = 4000, seed: int = 0, sweeps: int = 2, model: str = "pimc",
                     workers: int | None = None, progress=None) -> GameTuneResult:
    """Fit ``order_opponent``, ``take_up`` and ``call`` (six-handed: ``assist`` too) of the
    ``rules.players`` game (2, 3 or 6) by self-play, ``deals`` deals per decision point (see the
    module docstring)."""
    rules = Rules.from_json(rules)
    if rules.players not in BIDDER_GAMES:
        raise BiddingModelError(f"players {rules.players!r}: the point-count bidder is fitted for 2, 3 or 6 players")
    if rules.no_trump:
        raise BiddingModelError("no_trump: the smaller games' bidder is fitted without no-trump calls (its "
                                "call_no_trump threshold is the point-count bidder's)")
    kinds = game_kinds(rules.players)
    thr = {k: THRESHOLDS[k] for k in kinds}
    points = _points(rules.players)
    se: dict = {}
    reached: dict = {}
    step, steps = 0, sweeps * len(kinds)
    if progress is not None and steps:
        progress(0, steps)  # drawn at once: a kind of decision takes seconds
    for sweep in range(sweeps):
        for kind in kinds:
            policy = PointCountPolicy(thresholds=thr)
            strength, gain = [], []
            for rnd, seat, k in points:
                if k != kind:
                    continue
                rng = chunk_rng(seed, rules.players, sweep, rnd, seat)
                states, dealt = _reach(rules, policy, rnd, seat, deals, rng)
                reached[f"{'round one' if rnd == 1 else 'round two'} {seat}"] = {"deals": len(states),
                                                                                  "dealt": dealt}
                if not states:
                    continue
                accept, refuse = [], []
                for s in states:
                    strength.append(decision_count(s, kind))
                    a = s.copy()
                    act = "order"
                    if kind == "call":
                        legal = [x for x in a.legal_actions() if x != "pass" and not x.endswith("alone")]
                        act = max(legal, key=lambda x: policy_hand_points(a.hands[seat], "cdhs".index(x)))
                    a.apply(act)
                    accept.append(contract_of(finish_auction(a, policy)))
                    b = s.copy()
                    b.apply("pass")
                    refuse.append(contract_of(finish_auction(b, policy)))
                play_seed = int(rng.integers(0, 2**62))
                gain.append(seat_value(rules, seat, *play_contracts(rules, accept, model, play_seed, workers))
                            - seat_value(rules, seat, *play_contracts(rules, refuse, model, play_seed, workers)))
            if not gain:
                continue
            st, g = np.asarray(strength), np.concatenate(gain)
            w = np.ones(len(g))
            cut, _ = _best_cut(st, g, w, thr[kind])
            thr[kind] = round(float(cut), 3)
            if sweep == sweeps - 1:
                brng = np.random.default_rng(chunk_rng(seed, 77, rules.players).integers(2**62))
                reps = []
                for _ in range(BOOTSTRAP):
                    cnt = np.bincount(brng.integers(0, len(g), len(g)), minlength=len(g)).astype(float)
                    reps.append(_best_cut(st, g, cnt, thr[kind])[0])
                se[kind] = round(float(np.std(reps, ddof=1)), 3)
            step += 1
            if progress is not None:
                progress(step, steps)
    fit = {"play_model": model, "deals_per_point": deals, "sweeps": sweeps, "seed": seed,
           "rules": rules.describe(), "standard_errors": se, "reached": reached, "bootstrap": BOOTSTRAP}
    return GameTuneResult(rules.players, thr, fit, rules.deck)


__all__ = ["GAME_KINDS", "BIDDER_GAMES", "DECK_BIDDERS", "game_kinds", "GameTuneResult", "contract_of",
           "decision_count",
           "finish_auction", "game_bidder", "game_thresholds", "load_bidder_file", "load_game_bidders",
           "play_contracts", "seat_value", "tune_game_bidder"]
