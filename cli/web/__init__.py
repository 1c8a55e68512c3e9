"""The web page of `pnpkit serve`: one floor above cli/commands (it may import them; nothing imports it)."""
