"""GET /games/{game_id}/proof: a finished game's proof (functions/api/proof_routes.py, docs/fairness.md)."""

from functions.api.endpoints import get_proof_endpoint

app, lambda_handler = get_proof_endpoint()
