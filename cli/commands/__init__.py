"""Typer commands: each parses its options, calls the core, and reports what it wrote."""
