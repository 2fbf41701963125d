"""Lambda handlers of the HTTP API and the stream notifier: thin, over service.pipeline.

One module per function (see template.yaml): create_game, get_game, get_events, not_found ($default),
notifier, and commands/<type> for each player command (commands/pass_turn serves POST .../pass).
Shared: http (resolver, entry point, access to a game), routes and command_route (the routes), models
(request and response bodies), errors (the one error mapping), runtime (clients built once per cold
start), observability (Logger, Metrics, Tracer). `python -m functions.openapi > openapi.json` writes
the API document.
"""
