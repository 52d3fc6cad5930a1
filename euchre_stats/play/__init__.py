"""Play models that play whole hands card by card (the compiled realistic model lives here)."""
