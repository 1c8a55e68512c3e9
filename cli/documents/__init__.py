"""Documents: Jinja templates filled with the data the rules give them, producing layout markup."""
