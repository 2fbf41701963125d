"""A game's clock schedule fired (EventBridge Scheduler, input `{"game_id": ...}`): tick it now, move its
schedule (functions/clock_runs.py). An event without a game is logged and dropped, never retried."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.clock_runs import game_of, tick_game
from functions.observability import logger, metrics
from service.clock import now_epoch


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
@container.bounded
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    game_id = game_of(event)
    if game_id is None:
        logger.warning("clock tick without a game id: dropped")
        return {"skipped": "bad_event"}
    return asdict(tick_game(game_id, now_epoch()))


container.initialized()
