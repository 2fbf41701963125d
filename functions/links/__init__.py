"""The link functions: one module per route, over service/links.py (wiring in routes.py)."""
