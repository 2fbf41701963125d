"""Players: accounts, keys, profiles, e-mail confirmation, and their refusals."""
