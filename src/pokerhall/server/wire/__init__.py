"""What crosses the network: the WebSocket, one client's connection, the messages,
read-only push sockets, rate limits and the refusals a client may repeat."""
