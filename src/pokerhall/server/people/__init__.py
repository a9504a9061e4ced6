"""People: accounts with a name and a secret, names compared as people see them, and
secret hashing off the event loop."""
