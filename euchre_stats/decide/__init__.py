"""The questions players ask of one hand: order up, round-two calls, the discard, the lead.

May import every layer below (core, rules, solver, sampling, play, bidding).  Prints nothing.
"""

# Constants the command line shows in its options live here, so that defining those options (every
# ``--help``) does not import the modules that use them.

#: how ``order``/``call`` value passing (``--pass-model``; :mod:`.questions`)
PASS_MODELS = ("hand", "zero", "dd")
#: the most double-dummy control deals of a ``match`` (``--control-deals``; :mod:`.match`)
MAX_CONTROL_DEALS = 10_000_000
