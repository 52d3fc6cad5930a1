"""The effect of every rule option: a small function per effect, which the state machine (game.state)
and every vectorised engine (bidding, play, decide, strategy, the studies) call, so no other module
reads an option that changes what players may do or what a hand scores.  The game's end
(:func:`game_winner`) and the scoring are here too.  No I/O in this module.
"""

from __future__ import annotations

import numpy as np

from ..core.bits import JOKER
from ..core.errors import RulesError
from ..core.seats import DEALER, next_active, out_mask, partners_of
from .options import FARMER_CARDS, _NINES_TENS, Rules, game_name, table_of


# --- the effect of every rule option ----------------------------------------------------------
# The state machine (game.state) and every vectorised engine (bidding, play, decide, strategy,
# variants) call these functions; no other module reads a rule option that changes what players
# may do or what a hand scores.  ``seat`` and ``maker`` may be ints or numpy arrays; the dealer is
# ``DEALER`` (seat 3) unless given.

def may_pass(rules: Rules, seat, round_: int, dealer: int = DEALER):
    """Whether ``seat`` may pass in bidding round ``round_`` (stick the dealer: not the dealer in round two)."""
    return ~((np.asarray(seat) == dealer) & (round_ == 2) & rules.stick_the_dealer)


def may_call_no_trump(rules: Rules, round_: int) -> bool:
    """Whether no trump may be called in bidding round ``round_`` (``no_trump``: in round two only)."""
    return bool(rules.no_trump) and round_ == 2


def why_no_no_trump(rules: Rules, round_: int) -> str | None:
    """Why no trump may not be called in round ``round_`` (``None`` if it may)."""
    if not rules.no_trump:
        return "no trump may not be called (the no_trump option is off)"
    if round_ != 2:
        return "no trump may be called in round two only"
    return None


def order_must_go_alone(rules: Rules, seat, dealer: int = DEALER):
    """Whether ``seat`` accepting the upcard in round one must play alone (Canadian loner, the
    British "I refuse": the dealer's partner accepts only alone; in six-handed euchre either of
    the dealer's two partners)."""
    seat = np.asarray(seat)
    return rules.seating.same_side(seat, dealer) & (seat != dealer) & rules.canadian_loner


def may_take_up(rules: Rules, seat, hands, suit: int, dealer: int = DEALER):
    """Whether ``seat`` holding ``hands`` (an int mask or a uint64 array) may accept ``suit`` (the
    upcard's) in round one (dealer needs a trump: the dealer must hold a card of that suit by its
    face, or the Joker)."""
    suit_bits = np.uint64((0xFF << (8 * suit)) | (1 << JOKER))
    holds = (np.asarray(hands, dtype=np.uint64) & suit_bits) != 0
    return (np.asarray(seat) != dealer) | holds | (not rules.dealer_needs_trump)


def dealer_picks_up(rules: Rules, maker, alone, dealer: int = DEALER):
    """Whether the dealer takes up the upcard when ``maker`` accepts it in round one (``alone`` says
    whether the maker goes alone with the call): not when the dealer sits out behind a partner who
    went alone with the call (in six-handed euchre, either of the dealer's two partners).  (Alone
    declared later, before the lead, comes after the pick-up.)"""
    with_call = np.asarray(alone, dtype=bool) & may_call_alone(rules, maker, 1, dealer)
    maker = np.asarray(maker)
    partner = ((maker & 1) == (dealer & 1)) & (maker != dealer)
    return ~(partner & with_call)


def banned_discard(rules: Rules, upcard: int) -> int:
    """The card the dealer may not discard after taking up ``upcard`` (the upcard itself when
    dealer_may_discard_upcard is off), or -1."""
    return -1 if rules.dealer_may_discard_upcard else int(upcard)


def may_discard(rules: Rules, card: int, upcard: int) -> bool:
    """Whether the dealer may discard ``card`` after taking up ``upcard``."""
    return int(card) != banned_discard(rules, upcard)


def joker_up_names_trump(rules: Rules) -> bool:
    """Whether a Joker turned up starts a hand in which the dealer names a suit before looking
    (``joker_upcard`` "blind" or "almonte"); otherwise the hand is thrown in (the project's convention)."""
    return rules.joker_upcard != "throw_in"


def joker_up_makes_trump(rules: Rules) -> bool:
    """With a Joker turned up, whether the dealer's blind naming makes trump at once (British "blind":
    the dealer's side are makers) rather than starting round one on that suit ("almonte")."""
    return rules.joker_upcard == "blind"


def joker_up_offers_named_suit(rules: Rules) -> bool:
    """With a Joker turned up, whether the dealer's blind naming starts round one on the named suit
    (Almonte) rather than making trump at once or throwing the hand in."""
    return joker_up_names_trump(rules) and not joker_up_makes_trump(rules)


def lone_defence_possible(rules: Rules) -> bool:
    """Whether a defender may ever go alone under these rules (a table with partners, ``defend_alone``)."""
    return rules.seating.partnerships and rules.defend_alone


def hand_point_limit(rules: Rules) -> float:
    """The most points one hand of the four-handed game can give a side: 4 (a lone march), or a lone
    defender's euchre where the rules score it higher."""
    return float(max(4, rules.lone_defender_points))


def alone_with_the_call(rules: Rules) -> bool:
    """Whether going alone is declared with the call (North American) rather than after trump is
    made and before the lead, by any player (British ``alone_declared="before_lead"``)."""
    return rules.alone_declared == "with_call"


def why_no_alone(rules: Rules) -> str | None:
    """Why nobody may go alone in this game (two-handed, three-handed), or None in the four-handed game."""
    if rules.seating.partnerships:
        return None
    why = _NO_PARTNER.get(rules.seating.label, f"nobody goes alone in {game_name(rules)}: nobody has a partner")
    return why + f" (players {rules.players})"


#: why nobody goes alone at each table without partners
_NO_PARTNER = {"two-handed": "nobody goes alone in two-handed euchre: there is no partner to sit out",
               "cutthroat": "nobody goes alone in three-handed cutthroat: every player already plays alone"}


def may_call_alone(rules: Rules, seat, round_: int, dealer: int = DEALER):
    """Whether ``seat`` may say "alone" with its call in round ``round_``: always when alone is
    declared with the call; under "before_lead" only the Canadian loner's order, which is alone;
    never in the two- and three-handed games."""
    if not rules.seating.partnerships:
        return np.zeros(np.shape(seat), dtype=bool) if np.ndim(seat) else np.False_
    if alone_with_the_call(rules):
        return np.ones(np.shape(seat), dtype=bool) if np.ndim(seat) else np.True_
    return (round_ == 1) & order_must_go_alone(rules, seat, dealer)


def why_no_alone_before_lead(rules: Rules, seat: int, maker: int, passed_in_round: bool) -> str | None:
    """Why ``seat`` may not declare alone after trump is made (British timing), or None when it may.
    Defenders go through :func:`why_no_defend_alone`."""
    if alone_with_the_call(rules):
        return "going alone is declared with the call under these rules (alone_declared is with_call)"
    if (seat & 1) != (maker & 1):
        return f"seat {seat} defends: a defender goes alone by defending alone"
    if passed_in_round and rules.passer_may_not_go_alone:
        return f"seat {seat} passed in the round in which trump was made (passer_may_not_go_alone)"
    return None


def railroad_on(rules: Rules) -> bool:
    """Whether a lone player's partner passes the loner a card (railroad)."""
    return rules.railroad


def may_go_alone(rules: Rules, passed_in_round):
    """Whether a player may go alone, given whether it passed in the round in which trump was made
    (passer_may_not_go_alone)."""
    return ~(np.asarray(passed_in_round, dtype=bool) & rules.passer_may_not_go_alone)


def may_defend_alone(rules: Rules, seat, maker, maker_alone, passed_in_round=False):
    """Whether defender ``seat`` may go alone against ``maker``: defend_alone is on, the seat is
    on the other side, the maker is alone when defend_alone_only_against_loner is on, and
    passer_may_not_go_alone does not forbid it."""
    seat, maker = np.asarray(seat), np.asarray(maker)
    ok = ((seat & 1) != (maker & 1)) & (maker >= 0) & rules.defend_alone
    if rules.defend_alone_only_against_loner:
        ok = ok & np.asarray(maker_alone, dtype=bool)
    return ok & may_go_alone(rules, passed_in_round)


def why_no_defend_alone(rules: Rules, seat: int, maker: int, maker_alone: bool,
                        passed_in_round: bool) -> str | None:
    """Why defender ``seat`` may not go alone against ``maker`` (the words of :func:`may_defend_alone`),
    or None when it may."""
    if not rules.defend_alone:
        return "defending alone is not allowed under these rules (defend_alone is off)"
    if (seat & 1) == (maker & 1):
        return f"seat {seat} is on the making side"
    if rules.defend_alone_only_against_loner and not maker_alone:
        return ("a defender may go alone only against a lone maker, and the maker is not alone "
                "(defend_alone_only_against_loner)")
    if passed_in_round and rules.passer_may_not_go_alone:
        return f"seat {seat} passed in the round in which trump was made (passer_may_not_go_alone)"
    return None


def farmer_cards(rules: Rules, hand: int) -> int:
    """The cards of ``hand`` a farmer's hand may give up (its nines and tens), or 0 when the rules
    have no farmer's hand."""
    return int(hand) & _NINES_TENS if rules.farmers_hand else 0


def may_farm(rules: Rules, hand: int) -> bool:
    """Whether ``hand`` is a farmer's hand the rules let exchange: at least three nines and tens."""
    return farmer_cards(rules, hand).bit_count() >= FARMER_CARDS


def sitting_out(maker_alone: int | None = None, defender_alone: int | None = None, players: int = 4) -> int:
    """Bitmask of the seats sitting out: the partners of each lone player (one in the four-handed
    game, two in six-handed)."""
    return out_mask(*(p for loner in (maker_alone, defender_alone) if loner is not None
                      for p in partners_of(loner, players)))


def loner_asks_partner(rules: Rules) -> bool:
    """Whether a lone player may ask one partner for a card, the partner's choice, and then
    discards one (six-handed euchre: a side of three)."""
    return rules.seating.side_size > 2


def first_leader(rules: Rules, dealer: int, maker_alone: int | None = None,
                 defender_alone: int | None = None) -> int:
    """Seat that leads the first trick, given who (if anyone) is alone.

    Normally eldest leads, or the next seat in play when eldest sits out.  Under
    ``lead_after_alone="left_of_loner"`` the seat on the lone player's left leads, a lone
    defender's as well as a lone maker's; with two lone players the defender leads.
    """
    players = rules.players
    out = out_mask(*(p for loner in (maker_alone, defender_alone) if loner is not None
                     for p in rules.seating.partners(loner)))
    if not rules.seating.partnerships:
        return next_active(dealer, 0, players)  # eldest; the non-dealer in two-handed
    if rules.lead_after_alone == "left_of_loner":
        if maker_alone is not None and defender_alone is not None:
            return defender_alone
        loner = maker_alone if maker_alone is not None else defender_alone
        if loner is not None:
            return next_active(loner, out, players)
    return next_active(dealer, out, players)


def side_of_seat(rules: Rules, seat: int) -> int:
    """The scoring side of ``seat``: seats 0 and 2 are side 0, 1 and 3 side 1 (four-handed and
    two-handed, where the side is the seat; in six-handed the seats alternate, 0, 2 and 4 against
    1, 3 and 5); in three-handed cutthroat every seat is its own side."""
    return rules.seating.side_of(seat)


def side_count(rules: Rules) -> int:
    """Number of scoring sides: 3 in cutthroat, else 2."""
    return rules.seating.sides


def game_winner(rules: Rules, score) -> int | None:
    """The side that has won with ``score`` (``game_to`` reached ahead of every other side; a
    two-point lead with ``win_by_two``).  In cutthroat two players level on ``game_to`` or more
    play on (the project's convention: the texts say game to 10 each)."""
    for side, mine in enumerate(score):
        theirs = max(v for k, v in enumerate(score) if k != side)
        if mine >= rules.game_to and mine > theirs and (not rules.win_by_two or mine - theirs >= 2):
            return side
    return None


def renege_points(rules: Rules, offender_side: int, someone_alone: bool) -> list[int]:
    """Points per side when ``offender_side`` reneged: every other side scores
    :func:`renege_penalty` (in cutthroat both opponents: the project's convention), the offenders 0."""
    pen = renege_penalty(rules, someone_alone)
    return [0 if side == offender_side else pen for side in range(side_count(rules))]


def points_by_side(rules: Rules, maker_side: int, tricks: list[int], maker_alone: bool,
                   defender_alone: bool = False) -> list[int]:
    """Points of every side for one played hand, from the tricks of every side.

    Two sides: :func:`hand_points` to the makers and to the other side.  More (cutthroat): the maker
    scores :func:`hand_points`; when euchred, the defender with the most tricks scores the euchre, and
    defenders level on the most tricks share it (1 each of cutthroat's 2).
    """
    mk, df = hand_points(rules, tricks[maker_side], maker_alone, defender_alone)
    out = [0] * side_count(rules)
    out[maker_side] = mk
    if df:
        others = [s for s in range(len(out)) if s != maker_side]
        most = max(tricks[s] for s in others)
        best = [s for s in others if tricks[s] == most]
        for s in best:
            out[s] = df // len(best)
    return out


def renege_penalty(rules: Rules, someone_alone: bool) -> int:
    """Points the offenders' opponents score for a renege: 2, or 4 when someone is alone.

    The rule texts score a renege this way (a lone maker or a lone defender counts as alone);
    the project's convention is that the penalty replaces the hand's score.  ``rules`` has no
    renege option yet; it is taken so that one can be added without changing the callers.
    """
    return 4 if someone_alone else 2


def hand_points(rules: Rules, maker_tricks: int, maker_alone: bool,
                defender_alone: bool = False) -> tuple[int, int]:
    """Points ``(makers, defenders)`` for one hand from the makers' trick count."""
    n = rules.hand_size
    if not 0 <= maker_tricks <= n:
        raise RulesError(f"maker tricks {maker_tricks!r} outside 0..{n}")
    mp, dp = hand_points_array(rules, maker_tricks, maker_alone, defender_alone)
    return int(mp), int(dp)


def hand_points_array(rules: Rules, maker_tricks, maker_alone, defender_alone):
    """Vectorised :func:`hand_points`: (maker points, defender points).

    Makers: 1 for a majority of the tricks, 2 for all (4 alone).  Defenders: 2 for a euchre,
    ``lone_defender_points`` when a lone defender euchres the makers (only when the makers take
    no trick under ``lone_defender_needs_all_tricks``), 4 with ``super_euchre`` for no trick.
    Each table's numbers are its :class:`Scoring` (:data:`TABLES`).  Two-handed: nobody is alone.
    Cutthroat (seven tricks): the maker scores 1 for 4 or 5 tricks, 2 for 6 and 4 for all 7; a euchre
    gives the two defenders 2 between them (see :func:`points_by_side` for who gets them).
    Six-handed: a march or a euchre scores 3, a lone march 6 (1 for 3 or 4 tricks, as everywhere), a
    lone defender's euchre ``lone_defender_points`` (at least the plain 3).
    """
    n, sc = rules.hand_size, table_of(rules).scoring
    t = np.asarray(maker_tricks)
    maker = np.where(t >= rules.tricks_to_make, 1, 0)
    if sc.march_but_one:
        maker = np.where(t == n - 1, sc.march_but_one, maker)
    maker = np.where(t == n, np.where(maker_alone, sc.lone_march, sc.march), maker)
    defp = np.where(t >= rules.tricks_to_make, 0, sc.euchre)
    if rules.seating.partnerships:
        defp = _lone_defender(rules, t, defender_alone, defp)
    if rules.super_euchre:
        defp = np.where(t == 0, np.maximum(defp, 4), defp)
    return maker, defp


def hand_point_values(rules: Rules) -> tuple[int, ...]:
    """Every number of points one side can score in one hand under ``rules``, smallest first (the
    values :func:`hand_points_array` gives, 0 left out): 1, 2, 4 as a rule; 1, 3, 6 six-handed; a
    lone defender's ``lone_defender_points`` (at least the plain euchre's 2, six-handed 3) and, with
    ``super_euchre``, the 4 of a march against the makers, when a defender may go alone."""
    sc = table_of(rules).scoring
    values = {1, sc.march, sc.lone_march, sc.euchre} | ({sc.march_but_one} if sc.march_but_one else set())
    if lone_defence_possible(rules):
        lone = max(sc.euchre, rules.lone_defender_points)
        values.add(lone)
        if rules.super_euchre:
            values.add(max(4, lone))
    return tuple(sorted(values))


def _lone_defender(rules: Rules, t, defender_alone, defp):
    """The defenders' points ``defp`` with a lone defender's euchre scoring ``lone_defender_points``
    (never less than the plain euchre: in six-handed euchre that is 3)."""
    lone_bonus = (t < rules.tricks_to_make) & np.asarray(defender_alone, dtype=bool)
    if rules.lone_defender_needs_all_tricks:
        lone_bonus &= t == 0
    return np.where(lone_bonus, np.maximum(defp, rules.lone_defender_points), defp)


__all__ = [
    "may_pass", "may_call_no_trump", "why_no_no_trump", "order_must_go_alone", "may_take_up", "dealer_picks_up",
    "banned_discard", "may_discard", "joker_up_names_trump", "joker_up_makes_trump", "joker_up_offers_named_suit",
    "lone_defence_possible", "hand_point_limit", "alone_with_the_call", "why_no_alone", "may_call_alone",
    "why_no_alone_before_lead", "railroad_on", "may_go_alone", "may_defend_alone", "why_no_defend_alone",
    "farmer_cards", "may_farm", "sitting_out", "loner_asks_partner", "first_leader", "side_of_seat", "side_count",
    "game_winner", "renege_points", "points_by_side", "renege_penalty", "hand_points", "hand_points_array",
    "hand_point_values",
]
