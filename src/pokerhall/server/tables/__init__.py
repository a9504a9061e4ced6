"""The tables: the hall of tables and seats, and at each table its runtime (move queue,
clock, presence), chat, creator's controls, rematch, history and replay."""
