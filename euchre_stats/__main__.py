"""``python -m euchre_stats``: the same as the ``euchre-stats`` command."""

from euchre_stats.cli.main import main

if __name__ == "__main__":
    main()
