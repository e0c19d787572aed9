"""``python -m cardgames``: the command line (see :mod:`cardgames.cli`)."""

if __name__ == "__main__":
    import sys

    from cardgames.cli import main

    sys.exit(main())
