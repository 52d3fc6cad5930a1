"""The phases of a hand of the state machine and the words for them, and the card tables its steps read.

A phase names what the hand waits for (a bid, a discard, a card...); every action the state
machine takes is read in one of them (:mod:`.state`).  Constants only: no rules and no I/O here.
"""

from __future__ import annotations

from ..core.trump import EFF_SUIT, POWER_ALL, SUIT_MASK

FARMER = "farmer"
ROUND_ONE = "round_one"
DISCARD = "discard"
ROUND_TWO = "round_two"
NAME_TRUMP = "name_trump"
ALONE = "alone"
DEFEND = "defend"
RAILROAD = "railroad"
EXCHANGE = "exchange"
ASK = "ask"
GIVE = "give"
TAKE = "take"
PLAY = "play"
OVER = "over"
PHASES = (FARMER, ROUND_ONE, NAME_TRUMP, ROUND_TWO, DISCARD, ALONE, DEFEND, RAILROAD, EXCHANGE, ASK, GIVE, TAKE, PLAY,
          OVER)
#: phases whose action is a card of the hand of the seat to act
CARD_PHASES = (PLAY, DISCARD, RAILROAD, EXCHANGE, GIVE, TAKE)
BIDDING_PHASES = (ROUND_ONE, NAME_TRUMP, ROUND_TWO)

SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")

_VERB = {FARMER: "exchange", ROUND_ONE: "bid",
         ROUND_TWO: "bid", NAME_TRUMP: "bid", DISCARD: "discard", ALONE: "declare",
         DEFEND: "defend", RAILROAD: "pass", EXCHANGE: "exchange", ASK: "ask", GIVE: "give", TAKE: "discard",
         PLAY: "play", OVER: "play"}
_PHASE_TEXT = {FARMER: "a farmer's hand may be exchanged with the kitty",
               ROUND_ONE: "round one of the bidding", ROUND_TWO: "round two of the bidding",
               NAME_TRUMP: "the dealer names trump (Joker turned up)",
               DISCARD: "the dealer must discard", ALONE: "the makers may declare alone",
               DEFEND: "defending alone is being offered",
               RAILROAD: "the loner's partner passes the loner a card (railroad)",
               EXCHANGE: "the loner discards a card to take the passed one, or declines it (railroad)",
               ASK: "the loner may ask one partner for a card (six-handed)",
               GIVE: "the asked partner gives the loner a card (six-handed)",
               TAKE: "the loner, holding six cards, discards one (six-handed)",
               PLAY: "the play", OVER: "the hand is over"}

# Plain-list copies of the tables: list indexing is several times faster than numpy scalars.
# (trump 4 is no trump: every suit plain)
_EFF = [[int(x) for x in EFF_SUIT[t]] for t in range(5)]
_POW = [[int(x) for x in POWER_ALL[t]] for t in range(5)]  # every pack's cards (twins: later wins)
_SMASK = [[int(SUIT_MASK[t, s]) for s in range(4)] for t in range(5)]
