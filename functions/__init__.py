"""Lambda handlers of the HTTP API and the stream notifier: thin, over the application service (service/).

One module per function (see template.yaml): create_game, get_game, get_events, not_found ($default),
notifier, and commands/<type> for each player command (commands/pass_turn serves POST .../pass).
Shared: api/ (the HTTP wiring: edge, bodies, models, routes), errors (the one error mapping), container
(this Lambda container's services, built once per cold start, and the invocation's clock), observability
(Logger, Metrics; traces are Lambda's active tracing). `python -m functions.openapi > openapi.json` writes the
API document.
"""

import gc
import os

# A Lambda container imports its handler once, and what that import builds (modules, classes, models, routes) lives
# as long as the container: a collection during it frees nothing and walks everything built so far, again and
# again (a fifth of our code's import). So none runs until the handler module's last line, container.initialized,
# freezes what was built and collects again from there. Only in Lambda: a test process keeps its collector.
if os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
    gc.disable()
