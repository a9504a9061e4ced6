"""The web server: HTTP lobby, one WebSocket per client, table runtimes, persistence.

Nothing below this package (engine, table, content, games) knows it exists.
"""
