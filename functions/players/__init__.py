"""The players' API functions: one module per route, over service/players/service.py (wiring in routes.py)."""
