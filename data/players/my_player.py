"""A player of my own (docs/players.md): it bids by the rule of thumb and plays its lowest card."""

from euchre_stats.players import BasePlayer


class LowCard(BasePlayer):
    name = "low-card"

    def play(self, view):
        # the lowest legal card: a plain card before a trump, then the lowest power
        return min(view.legal_card_list, key=lambda c: (view.suit_of(c) == view.trump, view.power(c)))
