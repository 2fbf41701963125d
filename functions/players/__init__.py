"""The players' API functions: one module per route, over service/players.py (wiring in routes.py)."""
