"""People: accounts with a name and a secret, and secret hashing off the event loop (names
compared as people see them are the wire's, `wire/names.py`)."""
