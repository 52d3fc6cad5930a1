"""SeatView: what one seat knows, at every table size, and nothing it cannot see."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from euchre_stats.core.errors import DecisionInputError
from euchre_stats.game.policies import RandomPolicy
from euchre_stats.game.state import BIDDING_PHASES, OVER, PLAY, HandState
from euchre_stats.players.view import VIEW_FIELDS, SeatView, seat_view
from euchre_stats.rules import Rules, for_players

TABLES = {2: for_players(Rules(), 2), 3: for_players(Rules(), 3), 4: Rules(), 6: for_players(Rules(), 6),
          "6/50": Rules(players=6, deck="50"), "british": Rules.from_json("british"),
          "canadian": Rules.from_json("canadian"),
          "exchanges": Rules(farmers_hand=True, railroad=True, defend_alone=True, no_trump=True)}


def _states(rules: Rules, seed: int, hands: int = 6):
    """Every state met while random players play ``hands`` deals (copies, in order)."""
    rng = np.random.default_rng(seed)
    policy = RandomPolicy(rng, pass_probability=0.7)
    for i in range(hands):
        state = HandState.deal(rules, i % rules.players, rng)
        while True:
            yield state.copy()
            if state.phase == OVER:
                break
            state.apply(policy(state))


def _hide(state: HandState, seat: int, rng) -> HandState:
    """The same hand with the cards ``seat`` cannot see redealt: the other seats' unplayed cards and the
    undealt ones shuffled among those seats and the kitty (each keeping its size)."""
    other = state.copy()
    seats = [s for s in range(state.players) if s != seat]
    pool = 0
    for s in seats:
        pool |= state.hands[s]
    known = state.hands[seat] | sum(1 << c for c in state.plays) | (1 << state.upcard)
    if state.discard is not None:
        known |= 1 << state.discard
    kitty = state.rules.deck_obj.mask & ~known & ~pool & ~sum(state.hands)
    cards = [c for c in range(64) if ((pool | kitty) >> c) & 1]
    # the upcard in the dealer's hand (taken up in everyone's sight) stays where it is
    keep = {s: state.hands[s] & ((1 << state.upcard) if s == state.dealer else 0) for s in seats}
    cards = [c for c in cards if not any((keep[s] >> c) & 1 for s in seats)]
    rng.shuffle(cards)
    for s in seats:
        need = state.hands[s].bit_count() - keep[s].bit_count()
        other.hands[s] = keep[s] | sum(1 << c for c in cards[:need])
        cards = cards[need:]
    other.dealt = tuple(other.hands[s] if s != seat else d for s, d in enumerate(state.dealt))
    return other


@pytest.mark.parametrize("table", list(TABLES))
def test_two_deals_differing_only_in_hidden_cards_give_equal_views(table):
    """At every decision of random hands, for every seat: redealing what that seat cannot see leaves
    its view unchanged, while its own hand is exactly what the state holds."""
    rules = TABLES[table]
    rng = np.random.default_rng(5)
    checked = differ = 0
    for state in _states(rules, seed=11, hands=4):
        for seat in range(state.players):
            view = seat_view(state, seat, seed=3)
            assert view.hand == state.hands[seat]
            assert view.hand_sizes == tuple(h.bit_count() for h in state.hands)
            if state.phase != OVER:
                hidden = _hide(state, seat, rng)
                differ += hidden.hands != state.hands
                assert seat_view(hidden, seat, seed=3) == view
                checked += 1
    assert checked > 50 and differ > checked // 2


def test_the_view_holds_no_other_hand_and_no_state():
    """By construction: no field names the others' cards, the view has slots (nothing can be added)
    and no field refers back to a HandState."""
    assert not {"hands", "dealt", "kitty", "state"} & set(VIEW_FIELDS)
    state = next(s for s in _states(Rules(), seed=2) if s.phase == PLAY and s.plays)
    view = seat_view(state)
    assert not hasattr(view, "__dict__")
    with pytest.raises((AttributeError, TypeError, dataclasses.FrozenInstanceError)):
        view.hands = state.hands

    def walk(x):
        assert not isinstance(x, HandState)
        if isinstance(x, (tuple, list)):
            for y in x:
                walk(y)

    for name in VIEW_FIELDS:
        walk(getattr(view, name))
    others = {state.hands[s] for s in range(4) if s != view.seat and state.hands[s]}
    assert not others & {getattr(view, n) for n in VIEW_FIELDS if isinstance(getattr(view, n), int)}


def test_bids_name_their_seats_and_the_discard_only_the_dealer():
    rng = np.random.default_rng(3)
    policy = RandomPolicy(rng, pass_probability=0.8)
    seen_discard = False
    for i in range(60):
        state = HandState.deal(Rules(), i % 4, rng)
        who = []
        while state.phase != OVER:
            if state.phase in BIDDING_PHASES:
                who.append(state.to_act)
            state.apply(policy(state))
            for seat in range(4):
                view = seat_view(state, seat)
                assert [s for s, _ in view.bids] == who
                assert [b for _, b in view.bids] == state.bids
                if state.discard is not None:
                    seen_discard = True
                    assert view.discard == (state.discard if seat == state.dealer else None)
                    assert bool((view.known_gone >> state.discard) & 1) == (seat == state.dealer)
    assert seen_discard


def test_plays_trick_and_leader():
    state = next(s for s in _states(Rules(), seed=4)
                 if s.phase == PLAY and len(s.plays) > 4 and len(s.current_trick) == 2)
    view = seat_view(state)
    assert view.plays == tuple(zip(state.play_seats, state.plays))
    assert view.trick == tuple(state.current_trick)
    assert view.trick_leader == state.current_trick[0][0]
    assert view.legal_cards == state.legal_cards() and view.legal == tuple(state.legal_actions())
    other = seat_view(state, (state.to_act + 1) % 4)
    assert other.legal == () and other.legal_cards == 0


def test_every_table_size_has_its_seat_words():
    for table in (2, 3, 4, 6):
        state = HandState.deal(TABLES[table], 0, np.random.default_rng(1))
        words = [seat_view(state, s).seat_word for s in range(state.players)]
        assert words[0] == "dealer" and words[1] == "eldest" and len(set(words)) == state.players
        assert isinstance(seat_view(state), SeatView)


def test_a_bad_seat_is_refused():
    state = HandState.deal(Rules(), 0, np.random.default_rng(1))
    with pytest.raises(DecisionInputError, match="seat 4"):
        seat_view(state, 4)
