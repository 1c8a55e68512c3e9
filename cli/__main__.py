"""Let `python -m cli` run the same entry point as the `pnpkit` script."""

from cli.main import main

main()
