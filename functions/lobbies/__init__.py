"""The lobbies' Lambda entry points: one module per route (functions/lobbies/routes.py has the routes)."""
