"""The tables: the hall of tables and seats, and at each table its runtime (move queue,
clock, presence), chat, creator's controls, rematch, history and replay; the table's WebSocket
(`socket.py`) and the HTTP routes' plumbing (`http.py`) with the table's own routes."""
