"""Players: one seat's view of a hand, the interface every player answers, the shipped players, and
hands and duplicate matches played through the state machine (``docs/players.md``)."""
