"""Lambda handlers of the HTTP API and the stream notifier: thin, over the application service (service/).

One module per function (see template.yaml): create_game, get_game, get_events, not_found ($default),
notifier, and commands/<type> for each player command (commands/pass_turn serves POST .../pass).
Shared: api/ (the HTTP wiring: edge, bodies, models, routes), errors (the one error mapping), container
(this Lambda container's services, built once per cold start, and the invocation's clock), observability
(Logger, Metrics; traces are Lambda's active tracing). `python -m functions.openapi > openapi.json` writes the
API document.
"""
