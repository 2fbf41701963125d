"""Lobbies: games with open seats, and their refusals."""
