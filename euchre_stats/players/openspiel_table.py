"""Duplicate matches played on OpenSpiel's euchre engine, with OpenSpiel's own bots at the table.

A spec ``openspiel:random`` (OpenSpiel's uniform random bot) or ``openspiel:ismcts:N`` (OpenSpiel's
information-set MCTS, ``pyspiel.ISMCTSBot``: N simulations, random rollouts, the most visited
move) names an OpenSpiel bot.  When one sits, :func:`openspiel_match` plays each deal on OpenSpiel's
engine: the deal of the project's match (``HandState.deal`` of the deal's seed, as
:func:`~euchre_stats.players.table.play_match` deals it) is set as OpenSpiel's chance outcomes
(the dealer, the twenty cards in OpenSpiel's dealing order, the upcard), at two tables with the sides
swapped.  The project's players sit through the bridge (:func:`~euchre_stats.players.openspiel.bridge_bot`),
and every action of every bot is checked against OpenSpiel's legal actions before it is applied.

Every hand is then replayed through the project's state machine (:func:`replay`): both engines
must score it alike, and the replay gives the hand record ``euchre-stats review`` reads.  OpenSpiel
never asks the maker's partner whether it goes alone; the replay answers ``pass`` for it.  No I/O.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core.errors import PlayerMoveError, PlayerSpecError
from ..core.stats import mean
from ..game.records import record_from_state
from ..game.state import ALONE, DEFEND, DISCARD, OVER, PLAY, ROUND_ONE, ROUND_TWO, HandState
from ..rules import Rules
from .openspiel import (FROM_OPENSPIEL, GO_ALONE, PASS, SUIT0, TO_OPENSPIEL, WITH_PARTNER, bridge_bot, load_game,
                        openspiel_rules)
from .table import MAX_HANDS, PlayResult, deal_seed, seat_seeds

#: most simulations an ISMCTS spec may ask for
MAX_SIMULATIONS = 1_000_000
#: ISMCTS's exploration constant (OpenSpiel's examples use 2)
UCT_C = 2.0


@dataclass(frozen=True)
class OpenSpielBotSpec:
    """An OpenSpiel bot named by a spec: ``kind`` ``"random"`` or ``"ismcts"`` (with ``simulations``)."""

    spec: str
    kind: str
    simulations: int = 0

    @property
    def name(self) -> str:
        return self.spec

    def make(self, game, seat: int, seed: int):
        """The ``pyspiel.Bot`` for ``seat`` of ``game``, seeded ``seed``."""
        from .openspiel import pyspiel

        ps = pyspiel()
        seed = int(seed) % (2**31 - 1)
        if self.kind == "random":
            return ps.make_uniform_random_bot(seat, seed)
        if self.kind in ("ismcts-fair", "ismcts-py"):
            return FairISMCTS(game, self.simulations, seed, fair=self.kind == "ismcts-fair")
        evaluator = ps.RandomRolloutEvaluator(1, seed)
        return ps.ISMCTSBot(seed, evaluator, UCT_C, self.simulations, -1,
                            ps.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)


def _fair_setup(state, seat: int, rules: Rules) -> tuple:
    """What :func:`fair_world` needs of ``state`` for ``seat``: the public actions and what the seat knows."""
    from .openspiel import seat_information, view_from_information

    public = list(state.history())[22:]  # after the dealer, the twenty cards and the upcard
    k = 0
    while k < len(public) and public[k] == PASS and k < 8:
        k += 1
    called = k < len(public) and SUIT0 <= public[k] < SUIT0 + 4
    disc_at = k + 1 if called and k < 4 and len(public) > k + 1 else None
    first_play = (disc_at + 1 if disc_at is not None else k + 1)
    while first_play < len(public) and public[first_play] in (GO_ALONE, WITH_PARTNER):
        first_play += 1
    v = view_from_information(*seat_information(state, seat), seat, rules)
    dealer, up = v.dealer, v.upcard
    own_discard = FROM_OPENSPIEL[public[disc_at]] if disc_at is not None and seat == dealer else None
    played = {s: {c for p, c in v.plays if p == s} for s in range(4)}
    own = v.hand | sum(1 << c for c in played[seat])
    if own_discard is not None:
        own |= 1 << own_discard
    if seat == dealer and v.upcard_taken:
        own &= ~(1 << up)
    known = {s: {c for c in played[s] if not (s == dealer and v.upcard_taken and c == up)}
             for s in range(4) if s != seat}
    pool = [c for c in FROM_OPENSPIEL if not (own >> c) & 1 and c != up and all(c not in kn for kn in known.values())]
    return public, disc_at, first_play, dealer, up, played, own, known, pool


def fair_world(state, seat: int, rules: Rules, rng: np.random.Generator, tries: int = 500, setup=None):
    """A world for ``seat``'s search drawn from what the seat knows: the cards it has not seen (the
    buried ones and, for another seat, the dealer's discard among them) dealt at random to the other
    seats' unknown places, every public action then replayed (a world where a card play is illegal,
    a void broken, is drawn again).  OpenSpiel's own ``ResampleFromInfostate`` only permutes the cards
    the other seats really hold, so its worlds know which cards are buried.  Reads the state's action
    history (its public actions; a hidden discard is drawn anew) and the seat's information state.
    Returns None when ``tries`` draws fail."""
    public, disc_at, first_play, dealer, up, played, own, known, pool = setup or _fair_setup(state, seat, rules)
    game = state.get_game()
    for _ in range(tries):
        order = [pool[i] for i in rng.permutation(len(pool))]
        hands = [0, 0, 0, 0]
        hands[seat] = own
        for s2, kn in known.items():
            take, order = order[:5 - len(kn)], order[5 - len(kn):]
            hands[s2] = sum(1 << c for c in kn | set(take))
        world = game.new_initial_state()
        deal = HandState.__new__(HandState)  # only what chance_actions reads
        deal.dealer, deal.hands, deal.upcard = dealer, hands, up
        for a in chance_actions(deal):
            world.apply_action(a)
        ok = True
        for i, a in enumerate(public):
            if i == disc_at and seat != dealer:
                spare = [c for c in range(32) if (hands[dealer] >> c) & 1 and c not in played[dealer]]
                a = TO_OPENSPIEL[spare[int(rng.integers(len(spare)))]]
            elif i >= first_play and a not in world.legal_actions():  # (bids and alone are legal in any world)
                ok = False
                break
            world.apply_action(a)
        if ok:
            return world
    return None


class FairISMCTS:
    """OpenSpiel's Python ``ISMCTSBot`` searching worlds from :func:`fair_world` (``openspiel:ismcts-fair:N``);
    with ``fair=False`` its own resampler's worlds (``openspiel:ismcts-py:N``, the control)."""

    def __init__(self, game, simulations: int, seed: int, fair: bool = True):
        from open_spiel.python.algorithms import ismcts, mcts

        from .openspiel import rules_of_game

        self.rules = rules_of_game(game)
        self.rng = np.random.default_rng(seed)
        rs = np.random.RandomState(seed)
        self.bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), UCT_C, simulations, random_state=rs)
        if fair:
            self.bot.set_resampler(self._resample)
        self.fallbacks = 0
        self._key, self._setup = None, None

    def _resample(self, state, seat):
        key = (seat, state.information_state_string(seat), len(state.history()))
        if self._key != key:  # one search asks for many worlds of the same state
            self._key, self._setup = key, _fair_setup(state, seat, self.rules)
        w = fair_world(state, seat, self.rules, self.rng, setup=self._setup)
        if w is None:  # (not seen yet) OpenSpiel's own resampler
            self.fallbacks += 1
            from .openspiel import pyspiel

            return state.resample_from_infostate(seat, pyspiel().UniformProbabilitySampler(0., 1.))
        return w

    def step(self, state):
        return self.bot.step(state)


def is_openspiel_spec(spec) -> bool:
    """Whether ``spec`` names an OpenSpiel bot (``openspiel:...``)."""
    return isinstance(spec, OpenSpielBotSpec) or (isinstance(spec, str) and spec.strip().startswith("openspiel:"))


def parse_openspiel_spec(spec) -> OpenSpielBotSpec:
    """``openspiel:random`` or ``openspiel:ismcts:N`` as an :class:`OpenSpielBotSpec` (``PlayerSpecError``
    naming the spec otherwise)."""
    if isinstance(spec, OpenSpielBotSpec):
        return spec
    text = str(spec).strip()
    parts = text.split(":")
    if parts[:2] == ["openspiel", "random"] and len(parts) == 2:
        return OpenSpielBotSpec(text, "random")
    if parts[:2] in (["openspiel", "ismcts"], ["openspiel", "ismcts-fair"], ["openspiel", "ismcts-py"]) \
            and len(parts) == 3:
        try:
            n = int(parts[2])
        except ValueError:
            n = -1
        if not 1 <= n <= MAX_SIMULATIONS:
            raise PlayerSpecError(f"player {text!r}: simulations must be a whole number 1..{MAX_SIMULATIONS}, "
                                  f"got {parts[2]!r}")
        return OpenSpielBotSpec(text, parts[1], n)
    raise PlayerSpecError(f"unknown OpenSpiel bot {text!r}: expected openspiel:random, openspiel:ismcts:N, "
                          "openspiel:ismcts-fair:N or openspiel:ismcts-py:N")


def chance_actions(deal: HandState) -> list[int]:
    """OpenSpiel's chance outcomes for the project's deal: the dealer, then the twenty cards in
    OpenSpiel's dealing order (the k-th to seat ``(dealer + k) % 4``), then the upcard."""
    hands = [sorted(TO_OPENSPIEL[c] for c in range(32) if (int(h) >> c) & 1) for h in deal.hands]
    out = [deal.dealer]
    taken = [0, 0, 0, 0]
    for k in range(20):
        s = (deal.dealer + k) % 4
        out.append(hands[s][taken[s]])
        taken[s] += 1
    out.append(TO_OPENSPIEL[int(deal.upcard)])
    return out


def replay(deal: HandState, actions: list[tuple[int, int]]) -> HandState:
    """The OpenSpiel hand ``actions`` (``(seat, action)`` after the deal) played through the project's
    state machine from ``deal`` (whose rules are :func:`openspiel_rules`); the maker's partner, whom
    OpenSpiel never asks, answers ``pass`` to going alone.  Raises if the engines disagree on a move."""
    state = deal.copy()
    for seat, a in actions:
        while state.phase == ALONE and state.to_act != state.maker_seat:
            state.apply("pass")
        if state.to_act != seat:
            raise PlayerMoveError(f"the engines disagree: OpenSpiel asks seat {seat}, euchre-stats seat "
                                  f"{state.to_act} ({state.phase})")
        if state.phase in (ROUND_ONE, ROUND_TWO):
            move = "pass" if a == PASS else ("order" if state.phase == ROUND_ONE else "cdhs"[a - SUIT0])
        elif state.phase == ALONE:
            move = "alone" if a == GO_ALONE else "pass"
        elif state.phase == DEFEND:
            move = "defend alone" if a == GO_ALONE else "pass"
        elif state.phase in (DISCARD, PLAY):
            move = FROM_OPENSPIEL[a]
        else:
            raise PlayerMoveError(f"the engines disagree: euchre-stats asks {state.phase}, OpenSpiel seat {seat}")
        state.apply(move)
    while state.phase == ALONE and state.to_act != state.maker_seat:
        state.apply("pass")
    return state


def _seat(game, who, seat: int, seed: int, name: str):
    if isinstance(who, OpenSpielBotSpec):
        return who.make(game, seat, seed)
    return bridge_bot(game, who, seat, seed=seed, name=name)


def play_openspiel_hand(game, deal: HandState, seated: list, names: list[str], *, seed: int,
                        timings: dict | None = None, sides: list | None = None):
    """Play ``deal`` on OpenSpiel's engine with ``seated[seat]`` (an :class:`OpenSpielBotSpec` or a
    project player) in each seat.  Returns ``(OpenSpiel's final state, the (seat, action) list)``.
    ``timings[side] = [seconds, decisions, CPU seconds]`` accumulates each side's decision time (``sides[seat]``)."""
    seeds = seat_seeds(seed, 4)
    bots = [_seat(game, seated[s], s, seeds[s], names[s]) for s in range(4)]
    state = game.new_initial_state()
    for a in chance_actions(deal):
        state.apply_action(a)
    actions = []
    while not state.is_terminal():
        s = state.current_player()
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            a = int(bots[s].step(state))
        except PlayerMoveError:
            raise
        except Exception as exc:  # OpenSpiel's own bot failed (a SpielError): one line naming it and the deal
            raise PlayerMoveError(f"player {names[s]!r} (seat {s}) failed on OpenSpiel's engine (deal seed {seed}): "
                                  f"{type(exc).__name__}: {' '.join(str(exc).split())}") from None
        if timings is not None:
            slot = timings.setdefault(sides[s], [0.0, 0, 0.0])
            slot[0] += time.perf_counter() - t0
            slot[1] += 1
            slot[2] += time.process_time() - c0
        legal = state.legal_actions()
        if a not in legal:
            raise PlayerMoveError(f"player {names[s]!r} (seat {s}) made an illegal move {state.action_to_string(s, a)} "
                                  f"on OpenSpiel's engine (deal seed {seed})")
        actions.append((s, a))
        state.apply_action(a)
    return state, actions


def openspiel_match(a, b, *, hands: int, seed: int, rules: Rules,
                    progress: Callable[[int], None] | None = None, timings: dict | None = None,
                    first: int = 0) -> PlayResult:
    """Duplicate deals between ``a`` and ``b`` on OpenSpiel's euchre (see the module).

    ``a`` and ``b`` are player specs or objects, OpenSpiel bot specs among them (``openspiel:random``,
    ``openspiel:ismcts:N``).  ``rules`` must map onto OpenSpiel's game (:func:`openspiel_rules`; the
    result carries the rules played).  ``timings``, when given a dict, receives ``{"a": [seconds,
    decisions, CPU seconds], "b": [...]}``.  Deal ``i`` is the deal of :func:`~euchre_stats.players.table.play_match`;
    the deals played are ``first .. first + hands - 1``.
    """
    if isinstance(hands, bool) or not isinstance(hands, (int, np.integer)) or not 1 <= hands <= MAX_HANDS:
        raise PlayerSpecError(f"hands must be a whole number 1..{MAX_HANDS}, got {hands!r}")
    r, game, seats_of, names = openspiel_seats(a, b, rules)
    a_seats = [[0, 2], [1, 3]]
    diffs, records = [], []
    for i in range(int(first), int(first) + hands):
        ds = deal_seed(seed, i)
        deal = HandState.deal(r, i % 4, np.random.default_rng(ds))
        net = 0.0
        for t in (0, 1):
            side_of = [0 if (s & 1) == t else 1 for s in range(4)]  # 0: A's, 1: B's
            seated = [seats_of[side_of[s]] for s in range(4)]
            who = [names[side_of[s]] for s in range(4)]
            ours = play_openspiel_checked(game, deal, seated, who, seed=ds, timings=timings,
                                          sides=["a" if x == 0 else "b" for x in side_of],
                                          what=f"deal {i} (deal seed {ds}), table {t + 1}")
            net += ours.points[t] - ours.points[1 - t]
            rec = record_from_state(ours)
            rec["comment"] = (f"euchre-stats match on OpenSpiel's engine: deal {i} (deal seed {ds}), table {t + 1}: "
                              f"A {names[0]} on seats {a_seats[t]}, B {names[1]} on seats {a_seats[1 - t]}; "
                              "OpenSpiel never asks the maker's partner to go alone (recorded as a pass)")
            records.append(rec)
        diffs.append(net / 2)
        if progress is not None:
            progress(1)
    est = mean(np.array(diffs, dtype=np.float64))
    return PlayResult(names[0], names[1], hands, seed, r, diffs, est, a_seats, records, engine="openspiel")


def play_openspiel_checked(game, deal: HandState, seated: list, names: list[str], *, seed: int, what: str,
                           timings: dict | None = None, sides: list | None = None) -> HandState:
    """:func:`play_openspiel_hand`, then the hand replayed through the project's state machine
    (:func:`replay`), whose finished state is returned; both engines must score it alike (``what``
    names the hand in the error if they do not)."""
    final, actions = play_openspiel_hand(game, deal, seated, names, seed=seed, timings=timings, sides=sides)
    returns = final.returns()
    ours = replay(deal, actions)
    if ours.phase != OVER or any(ours.points[t] - ours.points[1 - t] != returns[t] for t in (0, 1)):
        raise PlayerMoveError(f"the engines disagree on the score of {what}: OpenSpiel {returns}, "
                              f"euchre-stats {ours.points}")
    return ours


def openspiel_seats(a, b, rules: Rules) -> tuple:
    """``(rules, game, [A, B], [A's name, B's name])`` of a match on OpenSpiel's engine: the rules as
    OpenSpiel plays them, its game, and each side as an :class:`OpenSpielBotSpec` or a project player
    (refused in one line: a player that sees every card; ISMCTS with a lone defender)."""
    from .load import load_player

    r = openspiel_rules(rules)
    seats_of, names = [], []
    for who in (a, b):
        if is_openspiel_spec(who):
            spec = parse_openspiel_spec(who)
            seats_of.append(spec)
            names.append(spec.name)
        else:
            obj = load_player(who)
            if getattr(obj, "sees_all", False):
                raise PlayerSpecError(f"player {who!r} sees every card: it cannot sit at OpenSpiel's table")
            seats_of.append(obj)
            names.append(who if isinstance(who, str) else str(getattr(obj, "name", type(obj).__name__)))
    if r.defend_alone and any(isinstance(x, OpenSpielBotSpec) and x.kind.startswith("ismcts") for x in seats_of):
        raise PlayerSpecError("OpenSpiel's ISMCTS cannot play its euchre with allow_lone_defender (defend_alone): "
                              "its resampler fails with 'Invalid GoAlone action', in OpenSpiel's own self-play too; "
                              "play it with defend_alone off")
    return r, load_game(r), seats_of, names


__all__ = ["OpenSpielBotSpec", "is_openspiel_spec", "parse_openspiel_spec", "chance_actions", "replay",
           "play_openspiel_hand", "play_openspiel_checked", "openspiel_seats", "openspiel_match", "MAX_SIMULATIONS"]
