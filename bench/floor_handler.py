"""The floor of a command function's cold start (bench/cold_start_bench.py): only what any such function loads.

A powertools HTTP resolver with validation, a pydantic body and response model, boto3 and a DynamoDB client:
our command handlers add the rules, the pipeline and the store to this, and the benchmark says at what cost.
No `from __future__ import annotations`: powertools reads the route's types from its annotations.
"""

import gc

gc.disable()  # until the end of init, as our functions' package does (functions/__init__.py)

from typing import Annotated, Any  # noqa: E402 (each import after the collector is off, as in our functions)

import boto3  # noqa: E402
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver  # noqa: E402
from aws_lambda_powertools.event_handler.openapi.params import Body  # noqa: E402
from pydantic import BaseModel, ConfigDict, Field  # noqa: E402

app = APIGatewayHttpResolver(enable_validation=True)
dynamodb = boto3.client("dynamodb")


class CommandBody(BaseModel):
    model_config = ConfigDict(extra="allow")

    type: str = ""
    command_id: str = Field(min_length=1, max_length=64)
    expected_version: int | None = Field(default=None, ge=1)


class Reply(BaseModel):
    game_id: str
    version: int
    command_version: int


@app.post("/games/<game_id>/buy")
def buy(game_id: str, body: Annotated[CommandBody, Body()]) -> Reply:
    version = (body.expected_version or 0) + 1
    return Reply(game_id=game_id, version=version, command_version=version)


def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    return app.resolve(event, context)


# The end of init, as our handlers end theirs (functions/container.initialized): what the import built is frozen
# out of later garbage collections. The floor gets every trick our functions use, so the ratio is ours alone.
gc.freeze()
gc.enable()
