"""The click front end (installed as ``euchre_stats.cli``): thin commands over the library."""
