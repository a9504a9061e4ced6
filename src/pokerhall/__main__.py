"""`python -m pokerhall` runs the `pokerhall` command."""

from pokerhall.cli import app

app(prog_name="pokerhall")
