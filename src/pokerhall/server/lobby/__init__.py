"""The HTTP lobby: games, tables and seats, the live list of tables, and content uploads."""
