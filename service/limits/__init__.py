"""Limits against abuse on the routes that create, and their refusals."""
