"""What crosses the network: one client's connection, the messages (with the name and chat
text rules they are read by), read-only push sockets, rate limits, and refusals as a client is
told them (`LobbyError`, and those a client may repeat)."""
